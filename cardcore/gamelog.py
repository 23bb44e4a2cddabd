"""The append-only game log: the library's face for digital play.

A log is also a file, but files are the replay layer's concern: the kernel
imports nothing above it (docs/architecture.md, "Layers"), so saving a log and
loading one are :func:`cardcore.replay.store.save_log` and
:func:`~cardcore.replay.store.load_log` (also ``cardcore.save_log`` and
``cardcore.load_log``).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, overload

from cardcore.effects import Effect
from cardcore.errors import CheckMismatch
from cardcore.expected import Expected
from cardcore.frozen import FrozenMap, freeze
from cardcore.game import GameRules
from cardcore.protocol import Check, Event, Outcome, S
from cardcore.readings import disagreements
from cardcore.reduction import Reduction

if TYPE_CHECKING:  # for the overloads only: the kernel never imports a game
    from cardcore.games.auction.state import AuctionState
    from cardcore.games.goblin.state import GoblinState
    from cardcore.games.orc.state import OrcState
    from cardcore.games.saint.state import SaintState

__all__ = ["GameLog"]


class GameLog(Generic[S]):
    """Events appended one by one, each validated by applying it.

    A log is appended to and never rebound: its :attr:`rules`, :attr:`players`,
    :attr:`options`, :attr:`ages` and :attr:`meta` are read-only, as its history
    is (a log of one game given another's rules would judge its own history
    wrongly).

    History is never rewritten: an event that breaks a rule raises
    :class:`~cardcore.errors.RuleViolation` and leaves the log as it was; a
    ``check`` that disagrees with the rules raises
    :class:`~cardcore.errors.CheckMismatch` (as ``validate`` and ``record``
    report it), so a log never holds a history its own file would fail.

    Appending is safe from several threads (a lock: each event is judged
    against the state the one before it left). A log pickles and deep-copies
    with its history; a copy (``copy.copy`` too) appends on its own.

    The log folds its events into a private working state
    (:class:`~cardcore.reduction.Reduction`) and freezes a public state only
    when one is read: :attr:`state` freezes the state after the last event
    (then kept), and :attr:`states` the others, folded again from the last
    state kept before them. Appending costs the fold of the event and no more.

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
        """``rules`` is a game's rules or its name (``"goblin-poker"``, or the start
        of just one: ``"goblin"``, as :func:`~cardcore.registry.get_game` reads it);
        ``players`` are names in seat order, a sequence (a set, whose order is
        Python's, is refused: SetupError);
        ``ages`` (player -> age) matter only where a rule uses them (SP-2.6);
        ``meta`` is kept with the log and saved with it, never interpreted."""
        from cardcore.registry import rules_of  # a transcript name (or a wrong value: its error)

        rules = rules_of(rules)
        self._rules: GameRules[S] = rules
        setup = rules.setup(players, options, ages)
        self._players: tuple[str, ...] = setup.players
        self._options: Any = setup.options
        self._ages: Mapping[str, int] | None = None if ages is None else FrozenMap(ages)
        if meta is not None and not isinstance(meta, Mapping):  # dict("x") would fail in words
            from cardcore.errors import CardcoreError  # of its own (a ValueError, a TypeError)
            from cardcore.quoting import python_quoted

            raise CardcoreError(f"meta is a free-form object (a mapping of names to JSON "
                                f"values), not {python_quoted(meta)}")
        self._meta: Mapping[str, Any] | None = None if meta is None else freeze(meta)
        start = rules.start(setup)
        self._states: list[S | None] = [start]
        """The state after each number of events, where frozen so far (None: not yet)."""
        self._reduction = Reduction(rules, start)
        self._events: list[Event] = []
        self._effects: list[tuple[Effect, ...]] = []
        self._lock = threading.Lock()

    def append(self, event: Event) -> tuple[Effect, ...]:
        """Apply ``event``; keep it and return its effects if the rules allow it.

        An event is immutable all the way down once built (its dicts and lists
        were frozen copies then), so the log keeps the event itself: a dict the
        program built it from and changes afterwards rewrites nothing."""
        with self._lock:
            if type(event) is Check:
                wrong = disagreements(event, self._rules.outcome(self._last()), self._rules.title)
                if wrong:
                    raise CheckMismatch(tuple(wrong))
            effects = self._reduction.apply(event)
            self._states.append(None)
            self._events.append(event)
            self._effects.append(effects)
        return effects

    def lend(self) -> S:
        """The state after the last event as the log's own working state, not a
        frozen copy: it exists for the game loop's speed (each step of
        :mod:`cardcore.play.loop` decides on it without freezing a state per
        event). Everyone else reads :attr:`state`.

        It must only be read, and only now. It is the very state the log
        appends the next event to, so writing to it changes the log: its
        states, outcome and the events it allows from then on. Setting an
        attribute raises ``AttributeError``, but its ``__dict__`` and its card
        account (a :class:`~cardcore.zones.Draft`) are not guarded, for speed.
        And the next event changes it in place: keep nothing that reads it
        later (keep the values read from it, which are immutable)."""
        return self._reduction.lend()

    def _last(self) -> S:
        """The state after the last event, frozen (and kept) if it was not."""
        states = self._states
        state = states[-1]
        if state is None:
            state = states[-1] = self._reduction.state
        return state

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the lock (a lock does not pickle; a copy gets its own),
        with every state frozen."""
        self._every_state()
        state = self.__dict__.copy()
        del state["_lock"]
        del state["_reduction"]  # private and mutable: a copy makes its own
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        for name in ("_states", "_events", "_effects"):  # its own history to append to
            setattr(self, name, list(state[name]))
        self._reduction = Reduction(self._rules, self._last())
        self._lock = threading.Lock()

    @property
    def rules(self) -> GameRules[S]:
        """The game's rules, which judge every event appended."""
        return self._rules

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return self._players

    @property
    def options(self) -> Any:
        """The game's options object (the defaults where none were given)."""
        return self._options

    @property
    def ages(self) -> Mapping[str, int] | None:
        """The ages given (player -> age, read-only), or None where none were."""
        return self._ages

    @property
    def meta(self) -> Mapping[str, Any] | None:
        """The free-form ``meta`` given, frozen as the history is (what ``save_log``
        writes is what was given), or None."""
        return self._meta

    @property
    def state(self) -> S:
        """The state after the last event (the start state before any)."""
        with self._lock:
            return self._last()

    def _every_state(self) -> list[S]:
        """Every state: those not frozen yet are folded again from the last one
        kept before them (the working state is past them)."""
        with self._lock:
            self._last()
            states, events = self._states, self._events
            again: Reduction[S] | None = None
            for index, state in enumerate(states):
                if state is not None:
                    again = None
                    continue
                if again is None:
                    again = Reduction(self._rules, states[index - 1])  # type: ignore[arg-type]
                again.apply(events[index - 1])
                states[index] = again.state
            return states  # type: ignore[return-value]  # no None is left

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event appended, in order (the log's own copies)."""
        return tuple(self._events)

    @property
    def states(self) -> tuple[S, ...]:
        """The start state and the state after every event."""
        return tuple(self._every_state())

    @property
    def effects(self) -> tuple[tuple[Effect, ...], ...]:
        """Per event, the effects it caused."""
        return tuple(self._effects)

    @property
    def expected(self) -> Expected:
        """What may come next, in names and words."""
        return self._rules.expected(self.state)

    @property
    def outcome(self) -> Outcome:
        """The standing now: chips or scores, and the winners once complete."""
        return self._rules.outcome(self.state)

    def __len__(self) -> int:
        return len(self._events)
