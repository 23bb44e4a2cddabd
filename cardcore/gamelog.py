"""The append-only game log: the library's face for digital play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from cardcore.effects import Effect
from cardcore.game import GameRules
from cardcore.protocol import Event, Expected, Outcome

__all__ = ["GameLog"]

S = TypeVar("S")


class GameLog(Generic[S]):
    """Events appended one by one, each validated by applying it.

    History is never rewritten: an event that breaks a rule raises
    :class:`~cardcore.errors.RuleViolation` and leaves the log as it was.

    >>> from cardcore.games.goblin import RULES, Deal, Reveal
    >>> log = GameLog(RULES, ["Aki", "Ben"])
    >>> [str(e) for e in log.append(Deal())][:1]
    ['Aki pays the ante of 1 (GP-1.1)']
    >>> log.expected.text
    'every player reveals the first card of their stack'
    """

    def __init__(
        self,
        rules: GameRules[S],
        players: Sequence[str],
        options: Any = None,
        *,
        ages: Mapping[str, int] | None = None,
    ) -> None:
        """``ages`` (player -> age) matter only where a rule uses them (SP-2.6)."""
        self.rules = rules
        self._states: list[S] = [rules.start(players, options, ages=ages)]
        self._events: list[Event] = []
        self._effects: list[tuple[Effect, ...]] = []

    def append(self, event: Event) -> tuple[Effect, ...]:
        """Apply ``event``; keep it and return its effects if the rules allow it."""
        state, effects = self.rules.apply(self._states[-1], event)
        self._states.append(state)
        self._events.append(event)
        self._effects.append(effects)
        return effects

    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def states(self) -> tuple[S, ...]:
        """The start state and the state after every event."""
        return tuple(self._states)

    @property
    def effects(self) -> tuple[tuple[Effect, ...], ...]:
        return tuple(self._effects)

    @property
    def expected(self) -> Expected:
        return self.rules.expected(self.state)

    @property
    def outcome(self) -> Outcome:
        return self.rules.outcome(self.state)

    def __len__(self) -> int:
        return len(self._events)
