"""The one fold: events applied to a state one by one (replay, GameLog, tests)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

from cardcore.effects import Effect
from cardcore.protocol import Event

if TYPE_CHECKING:
    from cardcore.game import GameRules

__all__ = ["fold"]

S = TypeVar("S")


def fold(rules: GameRules[S], state: S, events: Iterable[Event]
         ) -> Iterator[tuple[S, tuple[Effect, ...]]]:
    """The state after each event and the effects it caused, in order.

    A refused event raises its :class:`~cardcore.errors.RuleViolation`; the
    states already yielded stay valid (every state is immutable).
    """
    apply = rules.apply
    for event in events:
        state, effects = apply(state, event)
        yield state, effects

