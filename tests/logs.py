"""Playing events into a GameLog in tests, shared by the per-game rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import pytest

from cardcore.errors import RuleViolation
from cardcore.game import GameRules
from cardcore.gamelog import GameLog
from cardcore.protocol import Event

S = TypeVar("S")


def play_log(rules: GameRules[S], events: Sequence[Event], players: Sequence[str],
             options: Any = None) -> GameLog[S]:
    """A log with every event appended (each must be legal)."""
    log = GameLog(rules, players, options)
    for event in events:
        log.append(event)
    return log


def refusal(rules: GameRules[Any], events: Sequence[Event], players: Sequence[str],
            options: Any = None) -> RuleViolation:
    """The violation the last event raises; the log must stay as it was."""
    *before, last = events
    log = play_log(rules, before, players, options)
    with pytest.raises(RuleViolation) as caught:
        log.append(last)
    assert len(log) == len(before), "a refused event must not enter the log"
    return caught.value


class Table(Generic[S]):
    """One game at a table of default players, for a game's rule tests: play a log,
    or expect its last event to be refused (players and options may be changed)."""

    def __init__(self, rules: GameRules[S], players: Sequence[str]) -> None:
        self.rules = rules
        self.players = tuple(players)

    def play(self, events: Sequence[Event], players: Sequence[str] | None = None,
             options: Any = None) -> GameLog[S]:
        return play_log(self.rules, events, players or self.players, options)

    def violation(self, events: Sequence[Event], players: Sequence[str] | None = None,
                  options: Any = None) -> RuleViolation:
        return refusal(self.rules, events, players or self.players, options)


def chips(log: GameLog[Any]) -> dict[str, int]:
    """The derived chips per player."""
    return dict(log.outcome.chips or {})
