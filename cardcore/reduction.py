"""The one reduction of a log: events applied to a state one by one (replay, tests).

(The kernel's word for it is a reduction, and its function :func:`transitions`;
"fold" is a Goblin Poker action.)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from cardcore.protocol import Event, S, Transition

if TYPE_CHECKING:
    from cardcore.game import GameRules

__all__ = ["transitions"]


def transitions(rules: GameRules[S], state: S, events: Iterable[Event]
                ) -> Iterator[Transition[S]]:
    """The state after each event and the effects it caused, in order.

    A refused event raises its :class:`~cardcore.errors.RuleViolation`; the
    states already yielded stay valid (every state is immutable).
    """
    apply = rules.apply
    for event in events:
        state, effects = apply(state, event)
        yield state, effects
