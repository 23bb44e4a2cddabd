"""Standings over time: every player's chips or points after each event, or after
each round (a hand in Auction).

A dispute is often about *when* a figure went wrong, not only what it is at the
end; the table and the chart of ``replay --table`` and ``cardcore report`` both
read this one list of readings. Each reading is a told step's ``standings`` (the
rules' own outcome after the event, Auction's starter pile with it), so nothing
here adds up transfers a second time.

Rounds are read from the positions the replay groups events by (``round 2,
action phase 1``, ``hand 3, auction 2``, ``game 1, round 4``): the round is the
position up to its ``round N`` or ``hand N``; a position without one (``setup``,
``game 2, preparation``, ``after the game``) is a part of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Literal

import attrs

from cardcore.protocol import Event, Outcome
from cardcore.replay.accounts import Amount, figures, opening

if TYPE_CHECKING:
    from cardcore.replay.runner import Report

__all__ = ["PER", "Reading", "Timeline", "part_of", "timeline"]

Per = Literal["event", "round"]
PER: tuple[Per, ...] = ("event", "round")
"""What a table has a row for: each event, or each round (a hand in Auction)."""

_ROUND = re.compile(r"^(.*?\b(?:round|hand) \d+)")


def part_of(position: str) -> str:
    """The round (or hand) a position belongs to, or the position itself.

    >>> part_of("round 2, action phase 1"), part_of("hand 3, the deal")
    ('round 2', 'hand 3')
    >>> part_of("game 1, round 4"), part_of("game 2, preparation"), part_of("setup")
    ('game 1, round 4', 'game 2, preparation', 'setup')
    """
    found = _ROUND.match(position)
    return found.group(1) if found else position


@attrs.frozen(kw_only=True)
class Reading:
    """The standings at one moment: before the first event, or after one."""

    index: int | None
    """The event just applied (None: the start, before any event)."""
    event: Event | None
    part: str
    """The round or hand the event belongs to (``start`` before any event)."""
    standings: Outcome

    @property
    def figures(self) -> Mapping[str, Amount]:
        """Each player's chips or points."""
        return figures(self.standings)[1]


@attrs.frozen(kw_only=True)
class Timeline:
    """Every reading of one replay, the start first."""

    players: tuple[str, ...]
    unit: str
    """``chips`` or ``points``."""
    readings: tuple[Reading, ...]

    def rows(self, per: Per = "event") -> tuple[Reading, ...]:
        """The start, then a reading after each event, or after the last event of
        each round (a round cut short by a rule problem ends where the replay stopped)."""
        if per == "event":
            return self.readings
        start, *rest = self.readings
        last = [reading for reading, after in zip(rest, [*rest[1:], None], strict=True)
                if after is None or after.part != reading.part]
        return (start, *last)

    def unfinished(self, reading: Reading) -> bool:
        """Whether ``reading`` is the last of a game that did not end there: the
        record stops, or a rule problem stopped the replay, within its round,
        which the last row of :meth:`rows` per round must not call ended."""
        return reading is self.readings[-1] and not reading.standings.complete

    def parts(self) -> Iterator[tuple[int, str]]:
        """(index of its first event, name) of each round or other part, in order:
        where a chart marks a new round."""
        seen = None
        for reading in self.readings[1:]:
            if reading.part != seen and reading.index is not None:
                seen = reading.part
                yield reading.index, reading.part

    def series(self, player: str) -> tuple[Amount, ...]:
        """One player's figure at each reading, the start first."""
        return tuple(reading.figures[player] for reading in self.readings)


def timeline(report: Report) -> Timeline:
    """The readings of a report replayed with ``steps`` (a readable one)."""
    transcript = report.transcript
    assert transcript is not None, "a timeline needs a readable transcript"
    first = opening(transcript)
    unit, _ = figures(first)
    readings = [Reading(index=None, event=None, part="start", standings=first)]
    for step in report.steps:
        assert step.standings is not None, "a timeline needs a replay that kept its steps"
        readings.append(Reading(index=step.index, event=step.event, part=part_of(step.position),
                                standings=step.standings))
    return Timeline(players=transcript.players, unit=unit, readings=tuple(readings))
