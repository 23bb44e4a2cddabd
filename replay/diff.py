"""Semantic diff of two transcripts of one game.

Two players wrote down the same game; where do their records part, and what
does that change in the outcome? Events are compared by meaning: notes are
ignored, and a card one record knows and the other leaves unknown (``"?"`` or
left out) is not a difference, since both can describe the same table. The
first event where the records truly differ is the *parting*; both are replayed
and the outcomes compared player by player, with the effects from the parting
on that one side has and the other has not: the ones that explain the difference.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from cardcore.effects import Effect
from cardcore.replay.jsonwrite import json_number, json_text
from cardcore.replay.runner import Report, replay_transcript
from cardcore.replay.transcript import Transcript, event_json

__all__ = ["Diff", "diff_transcripts", "outcome_values"]


@attrs.frozen(kw_only=True)
class Diff:
    """What two records of one game disagree on."""

    comparable: bool
    """False when they are not records of one game (game, players or options differ)."""
    reason: str = ""
    parting: int | None = None
    """Index of the first event where the records differ (None: no difference)."""
    left: Report | None = None
    right: Report | None = None
    differences: tuple[tuple[str, Any, Any], ...] = ()
    """(what, left value, right value) for every outcome value that differs."""

    @property
    def same_outcome(self) -> bool:
        return self.comparable and not self.differences

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


def _meaning(event: Any) -> dict[str, Any]:
    data = event_json(event)
    data.pop("note", None)
    return data


def outcome_values(report: Report) -> dict[str, Any]:
    """The outcome as comparable values: ``chips of Aki``, ``pot``, ``complete``, ``winners``."""
    outcome = report.outcome
    values: dict[str, Any] = {}
    if outcome is None:
        return values
    for label, table in (("chips", outcome.chips), ("points", outcome.scores)):
        if isinstance(table, Mapping):
            for name, value in table.items():
                values[f"{label} of {name}"] = json_number(value)
    if outcome.pot is not None:
        values["pot"] = outcome.pot
    values["complete"] = report.complete
    values["winners"] = list(outcome.winners) if outcome.winners is not None else None
    return values


def _shown(value: object) -> str:
    """A game, a list of players or options in words: ``Aki, Ben`` not ``('Aki', 'Ben')``."""
    if isinstance(value, tuple):
        return ", ".join(str(item) for item in value)
    if attrs.has(type(value)):
        return json_text(attrs.asdict(value))  # type: ignore[arg-type]
    return str(value)


def diff_transcripts(left: Transcript, right: Transcript) -> Diff:
    """Compare two transcripts that claim to record the same game."""
    for what, a, b in (("game", left.game, right.game),
                       ("players", left.players, right.players),
                       ("options", left.options, right.options)):
        if a != b:
            return Diff(comparable=False, reason=f"the {what} differ: {_shown(a)} and {_shown(b)}")
    parting = None
    for index, (a, b) in enumerate(zip(left.events, right.events, strict=False)):
        if not _compatible(_meaning(a), _meaning(b)):
            parting = index
            break
    else:
        if len(left.events) != len(right.events):
            parting = min(len(left.events), len(right.events))
    left_report = replay_transcript(left, steps=True)
    right_report = replay_transcript(right, steps=True)
    a_values, b_values = outcome_values(left_report), outcome_values(right_report)
    differences = tuple(
        (key, a_values.get(key), b_values.get(key))
        for key in dict.fromkeys([*a_values, *b_values])
        if a_values.get(key) != b_values.get(key)
    )
    return Diff(comparable=True, parting=parting, left=left_report, right=right_report,
                differences=differences)
