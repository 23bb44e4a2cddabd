"""Playing events into a GameLog in tests, shared by the per-game rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

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
