"""The append-only game log: the library's face for digital play.

A log is also a file, but files are the replay layer's concern: the kernel
imports nothing above it (docs/architecture.md, "Layers"), so saving a log and
loading one are :func:`cardcore.replay.store.save_log` and
:func:`~cardcore.replay.store.load_log` (also ``cardcore.save_log`` and
``cardcore.load_log``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, overload

import attrs

from cardcore.effects import Effect
from cardcore.expected import Expected
from cardcore.game import GameRules
from cardcore.protocol import Event, Outcome, S

if TYPE_CHECKING:  # for the overloads only: the kernel never imports a game
    from cardcore.games.auction.state import AuctionState
    from cardcore.games.goblin.state import GoblinState
    from cardcore.games.orc.state import OrcState
    from cardcore.games.saint.state import SaintState

__all__ = ["GameLog"]


def _copied(value: Any) -> Any:
    """``value`` with every dict and list in it copied (the same types, so the copy
    is equal to it)."""
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


def _kept(event: Event) -> Event:
    """The event as a log keeps it: the same values, its dicts and lists its own."""
    changes = {}
    for field in getattr(type(event), "__attrs_attrs__", ()):  # not an event: apply says so
        value = getattr(event, field.name)
        if type(value) in (dict, list):
            changes[field.name] = _copied(value)
    return attrs.evolve(event, **changes) if changes else event


class GameLog(Generic[S]):
    """Events appended one by one, each validated by applying it.

    History is never rewritten: an event that breaks a rule raises
    :class:`~cardcore.errors.RuleViolation` and leaves the log as it was.

    >>> from cardcore.games.goblin import RULES, Deal, Reveal
    >>> log = GameLog(RULES, ["Aki", "Ben"])
    >>> print(log.append(Deal())[0])
    Aki pays the ante of 1 (GP-1.1)
    >>> log.expected.text
    'every player reveals the first card of their stack'
    """

    if TYPE_CHECKING:  # a log of a game named by its transcript name is of that game's state
        @overload
        def __init__(self: GameLog[AuctionState], rules: Literal["auction"],
                     players: Sequence[str], options: Any = None, *,
                     ages: Mapping[str, int] | None = None,
                     meta: Mapping[str, Any] | None = None) -> None: ...

        @overload
        def __init__(self: GameLog[GoblinState], rules: Literal["goblin-poker"],
                     players: Sequence[str], options: Any = None, *,
                     ages: Mapping[str, int] | None = None,
                     meta: Mapping[str, Any] | None = None) -> None: ...

        @overload
        def __init__(self: GameLog[OrcState], rules: Literal["orc-poker"],
                     players: Sequence[str], options: Any = None, *,
                     ages: Mapping[str, int] | None = None,
                     meta: Mapping[str, Any] | None = None) -> None: ...

        @overload
        def __init__(self: GameLog[SaintState], rules: Literal["saint-poker"],
                     players: Sequence[str], options: Any = None, *,
                     ages: Mapping[str, int] | None = None,
                     meta: Mapping[str, Any] | None = None) -> None: ...

        @overload
        def __init__(self, rules: GameRules[S], players: Sequence[str], options: Any = None,
                     *, ages: Mapping[str, int] | None = None,
                     meta: Mapping[str, Any] | None = None) -> None: ...

        @overload
        def __init__(self: GameLog[Any], rules: str, players: Sequence[str],
                     options: Any = None, *, ages: Mapping[str, int] | None = None,
                     meta: Mapping[str, Any] | None = None) -> None: ...

    def __init__(
        self,
        rules: GameRules[S] | str,
        players: Sequence[str],
        options: Any = None,
        *,
        ages: Mapping[str, int] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        """``rules`` is a game's rules or its transcript name (``"goblin-poker"``);
        ``ages`` (player -> age) matter only where a rule uses them (SP-2.6);
        ``meta`` is kept with the log and saved with it, never interpreted."""
        if isinstance(rules, str):
            from cardcore.registry import get_game

            rules = get_game(rules)
        self.rules: GameRules[S] = rules
        setup = rules.setup(players, options, ages)
        self.players: tuple[str, ...] = setup.players
        self.options: Any = setup.options
        """The game's options object (the defaults where none were given)."""
        self.ages: dict[str, int] | None = None if ages is None else dict(ages)
        if meta is not None and not isinstance(meta, Mapping):  # dict("x") would fail in words
            from cardcore.errors import CardcoreError  # of its own (a ValueError, a TypeError)
            from cardcore.quoting import quoted

            raise CardcoreError(f"meta is a free-form object (a mapping of names to JSON "
                                f"values), not {quoted(meta)}")
        self.meta: dict[str, Any] | None = None if meta is None else dict(meta)
        self._states: list[S] = [rules.start(setup)]
        self._events: list[Event] = []
        self._effects: list[tuple[Effect, ...]] = []

    def append(self, event: Event) -> tuple[Effect, ...]:
        """Apply ``event``; keep it and return its effects if the rules allow it.

        The log keeps its own copy of the event's tables and lists: a dict the
        event was built from and that the program changes afterwards does not
        rewrite the log's history (nor a state built from it)."""
        event = _kept(event)
        state, effects = self.rules.apply(self._states[-1], event)
        self._states.append(state)
        self._events.append(event)
        self._effects.append(effects)
        return effects

    @property
    def state(self) -> S:
        """The state after the last event (the start state before any)."""
        return self._states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event appended, in order (the log's own copies)."""
        return tuple(self._events)

    @property
    def states(self) -> tuple[S, ...]:
        """The start state and the state after every event."""
        return tuple(self._states)

    @property
    def effects(self) -> tuple[tuple[Effect, ...], ...]:
        """Per event, the effects it caused."""
        return tuple(self._effects)

    @property
    def expected(self) -> Expected:
        """What may come next, in names and words."""
        return self.rules.expected(self.state)

    @property
    def outcome(self) -> Outcome:
        """The standing now: chips or scores, and the winners once complete."""
        return self.rules.outcome(self.state)

    def __len__(self) -> int:
        return len(self._events)
