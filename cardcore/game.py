"""What a game module exports as its ``RULES``: its parts, and the kernel's
functions over them (start, apply, expected).

A game supplies its options, how it starts from a
:class:`~cardcore.protocol.Setup`, what it allows now (:class:`Turn`) and in
words, who is still in, its handler per event class, how a table choice is
settled and its outcome. The kernel supplies the rest: checking the setup,
the order of the common checks (:mod:`cardcore.dispatch`), the words of "what
may come next" and the reduction of a log (:mod:`cardcore.reduction`). No game
copies another's control flow. What a program needs to play a game (its legal
events, chance, seat views, a loop and the simulation: random players in that
loop) is the play layer's, :mod:`cardcore.play`, which stands above the games.

A game declares all of it in one place, its package's ``RULES = GameRules(...)``,
naming each part and keying each handler by its event class (as python-chess
lists its variants in one table, and OpenSpiel registers a game's functions):
nothing is found by name, so a misspelled part is an error where it is written,
and a handler that cannot be one is refused when the game is built
(:class:`~cardcore.errors.GameDefinitionError`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic

import attrs

from cardcore import dispatch
from cardcore.errors import GameDefinitionError, RuleViolation, SetupError
from cardcore.options import game_options
from cardcore.protocol import (
    Check,
    Event,
    Handler,
    Outcome,
    Ruling,
    S,
    Setup,
    Transition,
    Turn,
    check_players,
)
from cardcore.standings import standing
from cardcore.table import inadmissible, wrong_player

if TYPE_CHECKING:
    from cardcore.expected import Expected

__all__ = ["GameRules"]

EVERYONES: tuple[type[Event], ...] = (Check, Ruling)
"""The events of every game, handled by the kernel itself."""


def _everyone(state: S) -> tuple[bool, ...]:
    return (True,) * len(state.players)


def _never_absent(state: S, seat: int) -> str:  # pragma: no cover - everyone plays
    return "is not in the game"


def _no_choice(state: S, seat: int) -> Transition[S]:  # pragma: no cover
    raise AssertionError("this game has no table choices")


def _checked_handlers(handlers: Mapping[type[Event], Handler[S]]
                      ) -> Mapping[type[Event], Handler[S]]:
    """The handlers as declared, or GameDefinitionError for one that cannot be."""
    if not isinstance(handlers, Mapping) or not handlers:
        raise GameDefinitionError(f"a game's handlers are a mapping of its event classes to "
                                  f"Handler(play, cards), not {handlers!r}")
    kinds: dict[str, type[Event]] = {cls.TYPE: cls for cls in EVERYONES}
    for cls, handler in handlers.items():
        if not (isinstance(cls, type) and issubclass(cls, Event)):
            raise GameDefinitionError(f"a handler is keyed by an event class, not {cls!r}")
        if cls in EVERYONES:
            raise GameDefinitionError(f"{cls.__name__} is every game's event, handled by "
                                      "the kernel: a game has no handler for it")
        if not isinstance(cls.TYPE, str) or not cls.TYPE:
            raise GameDefinitionError(f"{cls.__qualname__} has no TYPE (its name in a transcript)")
        if cls.TYPE in kinds:
            raise GameDefinitionError(f"{cls.__qualname__} and {kinds[cls.TYPE].__qualname__} "
                                      f"are both {cls.TYPE!r} events: a kind has one class")
        kinds[cls.TYPE] = cls
        if not isinstance(handler, Handler) or not callable(handler.play) or not (
                handler.cards is None or callable(handler.cards)):
            raise GameDefinitionError(f"the handler of {cls.__qualname__} is "
                                      f"Handler(play, cards), not {handler!r}")
    return dict(handlers)


def _returned(begin: Callable[..., Any]) -> type[Any] | None:
    """The class ``begin`` is annotated to return, if it names one.

    Only the return annotation is evaluated, in ``begin``'s module, as
    :func:`typing.get_type_hints` evaluates it: that function would evaluate
    every annotation of ``begin`` (its setup's too), at every start-up."""
    returned = getattr(begin, "__annotations__", {}).get("return")
    if isinstance(returned, str):
        unwrapped = begin
        while hasattr(unwrapped, "__wrapped__"):  # a decorated begin: its own code's module
            unwrapped = unwrapped.__wrapped__
        try:
            returned = eval(returned, getattr(unwrapped, "__globals__", {}))
        except (NameError, TypeError):
            return None
    return returned if isinstance(returned, type) else None


def _rules_in(module: str) -> GameRules[Any]:
    """The ``RULES`` of a game's module: how a game's rules come back from a pickle."""
    import importlib

    rules: GameRules[Any] = importlib.import_module(module).RULES
    return rules


def _rebuilt_rules(cls: type[GameRules[Any]], fields: dict[str, Any]) -> GameRules[Any]:
    return cls(**fields)


@attrs.frozen(kw_only=True)
class GameRules(Generic[S]):
    """A game: its facts and its pure functions, plus the kernel's over them.

    Every part is named in the declaration; ``handlers`` maps each of the game's
    event classes to its :class:`~cardcore.protocol.Handler` (the game's events
    are its keys, in order). Refused when built (GameDefinitionError): a key that
    is not an event class, ``Check`` or ``Ruling`` (the kernel's), two classes of
    one ``TYPE``, a handler that is not one, a verb for an event the game does
    not have, a player range that is not one.
    """

    name: str
    """The transcript name (``goblin-poker``)."""
    title: str
    min_players: int
    max_players: int
    options_type: type[Any]
    """The game's options class (an attrs class; a mapping of its names is also taken)."""
    handlers: Mapping[type[Event], Handler[S]] = attrs.field(converter=_checked_handlers)
    """Per event class of the game, its rules (``check`` and ``ruling`` are the kernel's)."""
    begin: Callable[[Setup], S]
    """The state before the first event."""
    turn: Callable[[S], Turn]
    """What the rules allow now (cheap; see :class:`Turn`)."""
    words: Callable[[S], str]
    """What may come next while the game is on, in words (built only for messages
    and ``expected``); :meth:`describe` adds the end."""
    where: Callable[[S], str]
    """Where the game stands while it is on, for grouping a replay ("game 2,
    round 3"); :meth:`position` adds the end."""
    ended: Callable[[S], str]
    """Why the game is over, in words (once ``turn`` allows nothing)."""
    outcome: Callable[[S], Outcome] = standing
    """The derived standing (default: :func:`cardcore.standings.standing` reads it)."""
    seated: Callable[[S], Sequence[bool]] = _everyone
    """Per seat: may be named by the next event (not out of the game or round)."""
    absent: Callable[[S, int], str] = _never_absent
    """Why a seat that is not seated is out, in words (C-7 messages)."""
    choose: Callable[[S, int], Transition[S]] = _no_choice
    """Settle a pending table choice for a seat (a ruling, or that seat's act)."""
    whole: str = "game"
    """What a transcript records, in words: a Goblin Poker record is a session."""
    verbs: Mapping[type[Event], str] = attrs.field(factory=dict)
    """Event class -> the words for doing it ("give up"), for messages."""
    wrong_actor_words: Callable[[S, Event, int, Turn], str] | None = None
    """A game's own C-5 words (default: whose turn it is, from ``expected``)."""
    choice_refusal: Callable[[S, str, int | None, Turn], str] | None = None
    """A game's own C-8 words for a ruling naming someone outside the choice."""

    # -- the kernel's functions -------------------------------------------------

    event_classes: tuple[type[Event], ...] = attrs.field(init=False)
    """The game's own event classes, as declared (``check`` and ``ruling`` are everyone's)."""
    event_types: Mapping[str, type[Event]] = attrs.field(init=False)
    """Every event kind a transcript of this game may hold (its own, check, ruling)."""
    _verbs: Mapping[str, str] = attrs.field(init=False, repr=False, eq=False)
    routes: Mapping[type[Event], dispatch.Route] = attrs.field(init=False, repr=False, eq=False)
    """Per event class, what the dispatch's hot path reads of it and its handler,
    read once here (:data:`cardcore.dispatch.Route`)."""
    state_type: type[Any] | None = attrs.field(init=False, repr=False, eq=False)
    """The class of the game's states (``begin``'s return annotation): a state of
    another class is refused before any rule reads it (None: not annotated)."""

    def __attrs_post_init__(self) -> None:
        if not (isinstance(self.min_players, int) and isinstance(self.max_players, int)
                and 1 <= self.min_players <= self.max_players):
            raise GameDefinitionError(f"{self.title} is for {self.min_players} to "
                                      f"{self.max_players} players: not a range of players")
        unknown = [cls for cls in self.verbs if cls not in self.handlers]
        if unknown:
            raise GameDefinitionError(f"{self.title} has a verb for {unknown[0]!r}, which is "
                                      "not one of its events (the keys of its handlers)")
        own = tuple(self.handlers)
        object.__setattr__(self, "event_classes", own)
        object.__setattr__(self, "event_types",
                           {cls.TYPE: cls for cls in (*own, *EVERYONES)})
        object.__setattr__(self, "_verbs", {cls.TYPE: verb for cls, verb in self.verbs.items()})
        object.__setattr__(self, "routes", {
            cls: (cls.TYPE, cls.ACTOR, cls.NAMED, handler.play, handler.cards)
            for cls, handler in self.handlers.items()})
        object.__setattr__(self, "state_type", _returned(self.begin))

    def __reduce__(self) -> tuple[Any, ...]:
        """A game's ``RULES`` pickles as a reference to the module that holds it
        and comes back as that module's own rules (a game's functions are code,
        not data), as pickle refers to a class or a function; rules held by no
        module pickle field by field."""
        for name, module in list(sys.modules.items()):
            if getattr(module, "RULES", None) is self:
                return _rules_in, (name,)
        fields = {field.name: getattr(self, field.name)
                  for field in attrs.fields(type(self)) if field.init}
        return _rebuilt_rules, (type(self), fields)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameRules[S]:
        return self  # immutable, and its functions are shared code

    def setup(self, players: Sequence[str], options: Any = None,
              ages: Mapping[str, int] | None = None) -> Setup:
        """Check who plays, the options and the ages; SetupError says what is wrong."""
        seated = check_players(players, self.min_players, self.max_players, self.title)
        chosen = game_options(options, self.options_type, self.title)
        if ages is not None and not isinstance(ages, Mapping):
            raise SetupError(f"ages are given by name, like {{'Aki': 31}}, not {ages!r}", ("ages",))
        given = dict(ages or {})
        for name, age in given.items():
            if name not in seated:
                message = f"{name!r} has an age but does not sit at this table ({', '.join(seated)})"
                raise SetupError(message, ("ages", name))
            if not isinstance(age, int) or isinstance(age, bool) or age < 0:
                raise SetupError(f"{name}'s age must be a whole number of 0 or more, not {age!r}",
                                 ("ages", name))
        return Setup(players=seated, options=chosen,
                     ages=tuple(given.get(name) for name in seated))

    def start(self, players: Sequence[str] | Setup, options: Any = None, *,
              ages: Mapping[str, int] | None = None) -> S:
        """The state before the first event, from a Setup or its parts."""
        setup = players if isinstance(players, Setup) else self.setup(players, options, ages)
        return self.begin(setup)

    if TYPE_CHECKING:
        def apply(self, state: S, event: Event) -> Transition[S]:
            """The next state and the effects of ``event``, or a RuleViolation
            carrying every problem it has (:mod:`cardcore.dispatch`)."""
    else:
        apply = dispatch.apply
        """:func:`cardcore.dispatch.apply` itself, so that the replay calls one
        function per event, not two (typed as above: a method of the rules)."""

    def expected(self, state: S) -> Expected:
        """What may come next, in names and words (NotAStateError for a state of
        another game, as :meth:`apply` refuses it)."""
        from cardcore.expected import Expected  # for words and programs only

        dispatch.refuse_foreign_state(self, state, working=True)
        turn = self.turn(state)
        players = state.players
        kinds = turn.kinds | {"ruling"} if turn.choice else turn.kinds
        seats = turn.choice or turn.actors
        return Expected(kinds=frozenset(kinds), players=tuple(players[s] for s in seats),
                        choice=bool(turn.choice), text=self.describe(state), rule=turn.rule)

    def describe(self, state: S) -> str:
        """What may come next, in words; once nothing may, why the game is over
        (NotAStateError for a state of another game)."""
        dispatch.refuse_foreign_state(self, state, working=True)
        if self.turn(state).kinds:
            return self.words(state)
        return f"the {self.whole} is over: {self.ended(state)}"

    def position(self, state: S) -> str:
        """Where the game stands, for grouping a replay (NotAStateError for a state
        of another game)."""
        dispatch.refuse_foreign_state(self, state, working=True)
        if self.turn(state).kinds:
            return self.where(state)
        return f"after the {self.whole}"

    def doing(self, event: Event) -> str:
        """The words for doing ``event`` ("give up"), for messages."""
        return self._verbs.get(event.TYPE, event.TYPE)

    def wrong_actor(self, state: S, event: Event, seat: int, turn: Turn) -> RuleViolation:
        """C-5 for the player of ``event`` at ``seat``, whose step it is not."""
        field = event.ACTOR or "player"
        if self.wrong_actor_words is not None:
            return RuleViolation("C-5", self.wrong_actor_words(state, event, seat, turn),
                                 (field,))
        players = state.players
        return wrong_player(players[seat], self.doing(event), self.expected(state), players)

    def refuse_choice(self, state: S, name: str, seat: int | None, turn: Turn) -> RuleViolation:
        """C-8 for a ruling that names someone the table choice does not admit."""
        if self.choice_refusal is not None:
            return RuleViolation("C-8", self.choice_refusal(state, name, seat, turn), ("player",))
        players = state.players
        return inadmissible(name, players, turn.choice, turn.rule)
