"""One player's chips or points, explained: every movement with its event and rule.

A disputed number is settled by its history, not by a second opinion. The
effects of a replay carry every transfer with its rule ID, so a player's figure
is their start plus the transfers that paid them minus those they paid (the
game contract tests hold every game to exactly that). :func:`account` lists
them, a transfer of 0 too (a tie split to nothing: the player's share, though
it moves nothing); :func:`movers` names the events that moved a figure between
two readings, which is what a ``check`` that disagrees asks for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from cardcore.effects import Effect
from cardcore.exact import Number

if TYPE_CHECKING:
    from cardcore.protocol import Outcome
    from cardcore.replay.steps import Step
    from cardcore.replay.transcript import Transcript

__all__ = ["Account", "Entry", "Replayed", "account", "figures", "movers", "opening"]

Amount = Number
"""Chips or points that moved (an exact split's may be a fraction)."""


@attrs.frozen(kw_only=True)
class Entry:
    """One transfer to or from the player: ``amount`` is what they gained (< 0: lost)."""

    index: int
    """The event that caused it (its pointer is ``/events/<index>``)."""
    amount: Amount
    rule: str
    other: str
    """Who paid them, or whom they paid (a player, ``pot`` or ``bank``)."""
    text: str
    """The effect's sentence."""
    incoming: bool
    """They were paid (by ``other``); else they paid (``other``). An amount of 0
    (a share of nothing, an ante of 0) has no sign to say it."""


@attrs.frozen(kw_only=True)
class Account:
    """A player's figure from the start to the end of the replay."""

    player: str
    unit: str
    """``chips`` or ``points``."""
    start: Amount
    entries: tuple[Entry, ...]
    final: Amount
    """The figure the rules give at the end (before the event a rule problem stopped at)."""

    @property
    def total(self) -> Amount:
        """The start plus every entry: equal to ``final``, or cardcore has a bug."""
        return self.start + sum((entry.amount for entry in self.entries), start=0)


class Replayed(Protocol):
    """What :func:`account` reads of a replay: a :class:`cardcore.replay.runner.Report`,
    named by its shape because the runner imports this module (no import circle)."""

    @property
    def transcript(self) -> Transcript | None: ...
    @property
    def outcome(self) -> Outcome | None: ...
    @property
    def steps(self) -> tuple[Step, ...]: ...


def _entries(index: int, effects: Iterable[Effect], player: str) -> Iterable[Entry]:
    """Every transfer to or from ``player``, of 0 too: a share of nothing or a
    payment of nothing is where a player looks for what became of their tie or
    their ante, though it moves nothing."""
    for effect in effects:
        for transfer in effect.transfers:
            if transfer.payer == transfer.receiver:
                continue
            if transfer.receiver == player:
                yield Entry(index=index, amount=transfer.amount, rule=transfer.rule,
                            other=transfer.payer, text=effect.text, incoming=True)
            elif transfer.payer == player:
                yield Entry(index=index, amount=-transfer.amount, rule=transfer.rule,
                            other=transfer.receiver, text=effect.text, incoming=False)


def figures(outcome: Any) -> tuple[str, Mapping[str, Amount]]:
    """The unit (``chips`` or ``points``) and each player's figure in an outcome."""
    if outcome.chips is not None:
        return "chips", outcome.chips
    return "points", outcome.scores or {}


def opening(transcript: Transcript) -> Outcome:
    """The standings before the first event: where every account starts."""
    rules = transcript.rules
    return rules.outcome(rules.start(transcript.players, transcript.options,
                                     ages=transcript.ages))


def account(report: Replayed, player: str) -> Account:
    """``player``'s account in a report replayed with ``steps`` (a readable one)."""
    transcript = report.transcript
    assert transcript is not None and report.outcome is not None
    unit, start = figures(opening(transcript))
    _, final = figures(report.outcome)
    entries = tuple(entry for step in report.steps
                    for entry in _entries(step.index, step.effects, player))
    return Account(player=player, unit=unit, start=start[player], entries=entries,
                   final=final[player])


def movers(steps: Iterable[tuple[int, Sequence[Effect]]]
           ) -> dict[str, list[tuple[int, Amount, tuple[str, ...]]]]:
    """For each player, the events that moved their figure (by transfers that did
    not cancel out within the event), in order: each event's index, what it moved
    the figure by and the rules of the transfers that moved it, from each
    event's index and effects. One pass over the record, so that every mismatch
    of a record can look its movers up (:func:`bisect.bisect`) instead of
    walking the record again; the amounts and rules say which move to doubt."""
    moved: dict[str, list[tuple[int, Amount, tuple[str, ...]]]] = {}
    for index, effects in steps:
        net: dict[str, Amount] = {}
        rules: dict[str, list[str]] = {}
        for effect in effects:
            for transfer in effect.transfers:
                if transfer.amount == 0 or transfer.payer == transfer.receiver:
                    continue
                for player, amount in ((transfer.receiver, transfer.amount),
                                       (transfer.payer, -transfer.amount)):
                    net[player] = net.get(player, 0) + amount
                    cited = rules.setdefault(player, [])
                    if transfer.rule not in cited:
                        cited.append(transfer.rule)
        for player, total in net.items():
            if total:
                moved.setdefault(player, []).append((index, total, tuple(rules[player])))
    return moved
