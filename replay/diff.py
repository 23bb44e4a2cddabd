"""Semantic diff of two transcripts of one game.

Two players wrote down the same game; where do their records part, and what
does that change in the outcome? Events are compared by meaning: notes are
ignored, and a card one record knows and the other leaves unknown (``"?"`` or
left out) is not a difference, since both can describe the same table; a card
or a bid's rank or suit written another way ("T" for "10") is one value once
loaded (:data:`cardcore.cards.RankText`), so it is no difference either, and
neither is one bid named in two ways the rules read alike (``"rank": "K"`` or
``"ranks": ["K"]``, two pair's ranks in either order): a bid is compared by the
bid it names (:meth:`cardcore.protocol.Event.meant`), while every output quotes
each record's event as it is written. The records are aligned event by event
(:mod:`cardcore.replay.alignment`), so that an event one record lacks is named
as missing and the events after it still match; the first difference is the
*parting*. Both are replayed and the
outcomes compared player by player, with the effects from the parting on that
one side has and the other has not: the ones that explain the difference.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from cardcore.effects import Effect
from cardcore.protocol import Check, Event, Outcome
from cardcore.replay.alignment import DIFFERS, EXTRA, MISSING, Alignment, Gap, align
from cardcore.replay.jsonwrite import json_number, json_text
from cardcore.replay.runner import Report, replay_transcript
from cardcore.replay.transcript import (
    Transcript,
    TranscriptError,
    dump_transcript,
    event_json,
    load_transcript,
)

__all__ = ["Diff", "diff_transcripts", "outcome_values", "renamed", "standing_values",
           "value_differences"]


@attrs.frozen(kw_only=True)
class Diff:
    """What two records of one game disagree on."""

    comparable: bool
    """False when they are not records of one game (game, players or options differ)."""
    reason: str = ""
    parting: int | None = None
    """Index in A of the first event where the records differ (None: no difference);
    before it the records agree event by event, so it is B's index too."""
    alignment: Alignment | None = None
    """Every event one record lacks, has in excess or writes otherwise, in order."""
    left: Report | None = None
    right: Report | None = None
    differences: tuple[tuple[str, Any, Any], ...] = ()
    """(what, left value, right value) for every outcome value that differs."""

    @property
    def same_outcome(self) -> bool:
        return self.comparable and not self.differences

    @property
    def first_in_play(self) -> Gap | None:
        """The first difference that is not of readings alone (a ``check`` one record
        has and the other has not, or two checks written otherwise): where the
        records first disagree about the game itself, which a scoresheet reading
        written by one player only does not show (None: no such difference)."""
        if self.alignment is None:
            return None
        for gap in self.alignment.gaps:
            if not (_is_check(self.left, gap.left, gap.kind in (MISSING, DIFFERS))
                    and _is_check(self.right, gap.right, gap.kind in (EXTRA, DIFFERS))):
                return gap
        return None

    def _after_parting(self, report: Report | None) -> list[tuple[int, Effect]]:
        if report is None or self.parting is None:
            return []
        return [(step.index, effect) for step in report.steps if step.index >= self.parting
                for effect in step.effects if effect.transfers or effect.kind != "ante"]

    def effects_after_parting(self, side: str) -> list[tuple[int, Effect]]:
        """The effects from the parting on that ``side`` has and the other side has not
        (as many times as it has more of them), as (event index, effect)."""
        mine, theirs = (self.left, self.right) if side == "left" else (self.right, self.left)
        others = Counter(effect for _, effect in self._after_parting(theirs))
        differing = []
        for index, effect in self._after_parting(mine):
            if others[effect]:
                others[effect] -= 1
            else:
                differing.append((index, effect))
        return differing


def _is_check(report: Report | None, index: int, involved: bool) -> bool:
    """Whether a side's event in a difference is a reading (True where that side has
    no event in it: an event the other side alone has)."""
    if not involved:
        return True
    events = () if report is None or report.transcript is None else report.transcript.events
    return index < len(events) and type(events[index]) is Check


def _compatible(left: object, right: object) -> bool:
    """Equal, where an unknown card ("?") or a missing optional value matches anything."""
    if left == "?" or right == "?" or left is None or right is None:
        return True
    if isinstance(left, dict) and isinstance(right, dict):
        keys = set(left) | set(right)
        return all(_compatible(left.get(k), right.get(k)) for k in keys)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(
            _compatible(a, b) for a, b in zip(left, right, strict=True))
    return left == right


_MEANT = "(meant)"
"""Where an event's meaning holds what its :attr:`~cardcore.protocol.Event.SPELLED`
fields name (no field of a transcript is written so)."""


def _meaning(event: Event) -> dict[str, Any]:
    """What is compared of an event: its JSON without the note, and the fields that
    one value is spelled in (an Auction bid's) as that value, :meth:`Event.meant`,
    which :func:`_compatible` compares exactly, as it compares any value that is
    no list or mapping: ``"rank": "K"`` and ``"ranks": ["K"]`` are one bid, and a
    bid of the kind alone none that names ranks (a missing rank or suit is no
    unknown value)."""
    data = event_json(event)
    data.pop("note", None)
    if event.SPELLED:
        for field in event.SPELLED:
            data.pop(field, None)
        data[_MEANT] = event.meant()
    return data


def _kind(meaning: dict[str, Any]) -> tuple[object, object]:
    """What makes two events of a run of differences the first to pair as one
    event that differs (the rest pair by position)."""
    return meaning.get("type"), meaning.get("player")


def _renamed_value(value: Any, names: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed_value(item, names) for item in value]
    if isinstance(value, dict):
        return {names.get(key, key): (item if key in ("note", "meta") else
                                      _renamed_value(item, names))
                for key, item in value.items()}
    return value


def renamed(transcript: Transcript, names: Mapping[str, str]) -> Transcript:
    """``transcript`` with its players renamed by ``names`` (old name: new name),
    wherever a player is named: the players, each event, check and the result
    (a string that is exactly a player's name, or a key that is one; notes and
    meta are left as they are). ``diff --same`` uses it for one person spelled
    two ways. Raises :class:`TranscriptError` if the renamed record is no
    transcript (two players given one name)."""
    if not names:
        return transcript
    data = dump_transcript(transcript)
    data.pop("expect", None)  # what a fixture expects is not compared
    players = data["players"]
    data = {key: (value if key in ("format", "game", "meta") else _renamed_value(value, names))
            for key, value in data.items()}
    data["players"] = [names.get(name, name) for name in players]
    return load_transcript(data)


def outcome_values(report: Report) -> dict[str, Any]:
    """A report's outcome as comparable values (:func:`standing_values`), ``complete``
    as the report has it: a replay that stopped at a problem is not complete."""
    return standing_values(report.outcome, report.complete)


def standing_values(outcome: Outcome | None, complete: bool | None = None
                    ) -> dict[str, Any]:
    """An outcome as comparable values: ``chips of Aki`` (or ``points of Aki``),
    ``pot``, ``complete`` (``complete``, or else the outcome's own) and
    ``winners``; none for no outcome. The one list of what a comparison of two
    outcomes (two records, two sets of options, a record before and after an
    amendment) names."""
    values: dict[str, Any] = {}
    if outcome is None:
        return values
    for label, table in (("chips", outcome.chips), ("points", outcome.scores)):
        if isinstance(table, Mapping):
            for name, value in table.items():
                values[f"{label} of {name}"] = json_number(value)
    if outcome.pot is not None:
        values["pot"] = outcome.pot
    values["complete"] = outcome.complete if complete is None else complete
    values["winners"] = list(outcome.winners) if outcome.winners is not None else None
    return values


def value_differences(old: Mapping[str, Any], new: Mapping[str, Any]
                      ) -> tuple[tuple[str, Any, Any], ...]:
    """(what, old value, new value) for every value of :func:`standing_values` that
    differs (None where one side has none), in the order the values are named.

    >>> value_differences({"chips of Aki": 9, "pot": 0}, {"chips of Aki": 7, "pot": 0})
    (('chips of Aki', 9, 7),)
    """
    return tuple((key, old.get(key), new.get(key)) for key in dict.fromkeys([*old, *new])
                 if old.get(key) != new.get(key))


def _shown(value: object) -> str:
    """A game, a list of players or options in words: ``Aki, Ben`` not ``('Aki', 'Ben')``."""
    if isinstance(value, tuple):
        return ", ".join(str(item) for item in value)
    if attrs.has(type(value)):
        return json_text(attrs.asdict(value))  # type: ignore[arg-type]
    return str(value)


def diff_transcripts(left: Transcript, right: Transcript,
                     same: Mapping[str, str] | None = None) -> Diff:
    """Compare two transcripts that claim to record the same game; ``same`` maps
    names of A to names of B that spell the same player (B is compared, and
    shown, with A's names)."""
    if same:
        try:
            right = renamed(right, {b: a for a, b in same.items()})
        except TranscriptError as error:
            return Diff(comparable=False, reason="with the names given as the same, B is "
                        f"no transcript: {error.problems[0].message}")
    for what, a, b in (("games", left.game, right.game),
                       ("players", left.players, right.players),
                       ("options", left.options, right.options)):
        if a != b:
            return Diff(comparable=False, reason=f"the {what} differ: {_shown(a)} and {_shown(b)}")
    meanings: dict[int, dict[str, Any]] = {}  # by id: the events live as long as this call

    def meaning(event: Any) -> dict[str, Any]:
        found = meanings.get(id(event))
        if found is None:
            found = meanings[id(event)] = _meaning(event)
        return found

    def agree(a: Any, b: Any) -> bool:
        """One event in both records: equal (the common case, decided without
        writing either as JSON), or compatible in meaning."""
        return bool(a == b) or _compatible(meaning(a), meaning(b))

    alignment = align(left.events, right.events, agree, lambda event: _kind(meaning(event)))
    parting = alignment.gaps[0].left if alignment.gaps else None
    left_report = replay_transcript(left, steps=True)
    right_report = replay_transcript(right, steps=True)
    differences = value_differences(outcome_values(left_report), outcome_values(right_report))
    return Diff(comparable=True, parting=parting, alignment=alignment, left=left_report, right=right_report,
                differences=differences)
