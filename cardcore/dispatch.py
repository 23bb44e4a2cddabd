"""The one dispatch: the common checks, in the order RULES.md gives, for every game.

Before a game's handler sees an event, the kernel checks what every game
shares, and reports every common rule the event breaks (RULES.md, common
rules), first to last:

1. C-6: the game is over (a ``check`` is exempt and passes through);
2. C-8: a ``ruling`` where no table choice is due, or naming a player who is
   not admissible;
3. C-4: this kind of event cannot come now;
4. C-7: a named player who is not at the table, or no longer in the game or
   round;
5. C-5: the wrong player for this step (or, in a table choice, one who is not
   admissible); the first act of an admissible player settles the choice;
6. C-1, C-2, C-3: card accounting, in the game's ``cards`` stage;
7. the game's own rule, in its ``play`` stage.

Each stage needs the ones before it to make sense, so a stage that fails ends
the checking after the stages that still can be judged: after C-6 nothing is
(no step remains to be the wrong kind or player of); after C-4 only the names
(C-7); a name not at the table stops the C-5 and card checks of that name,
since there is no such player to compare or hold cards. When any common rule
is broken, the game's own rule is not judged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from cardcore.effects import Effect
from cardcore.errors import NotAnEventError, NotAStateError, PathPart, RuleViolation
from cardcore.evolve import with_value
from cardcore.moves import Moves
from cardcore.protocol import Check, Event, Handler, Ruling, S, Transition, Turn
from cardcore.quoting import names as listed
from cardcore.quoting import quoted, with_article
from cardcore.table import names, needless_ruling, no_such_player
from cardcore.working import WORKING, freeze, public_class, thaw
from cardcore.zones import Draft

__all__ = ["REPORT_ORDER", "DispatchedRules", "Route", "apply", "refuse_foreign_event",
           "refuse_foreign_state", "step"]

Route = tuple[str, "str | None", tuple[str, ...], Callable[[Any, Any, Any], Any],
              "Callable[[Any, Any, Moves[Any]], None] | None"]
"""An event class's ``TYPE``, ``ACTOR`` and ``NAMED`` and its handler's ``play`` and
``cards``, in one tuple per class (``GameRules.routes``): the hot path reads one
mapping and unpacks, instead of five attribute lookups through the event's class."""

REPORT_ORDER: Final = {rule: rank for rank, rule in enumerate(
    ("C-6", "C-8", "C-4", "C-7", "C-5", "C-1", "C-2", "C-3"))}
"""The order common problems are reported in (RULES.md, common rules)."""

_LAST: Final = len(REPORT_ORDER)

_DRAFT: Final[type[Any]] = Draft
"""The class of a working state's card account (compared with ``type(...) is``)."""


class DispatchedRules(Protocol[S]):
    """What the dispatch reads of a game's rules: :class:`cardcore.game.GameRules`,
    named here by its shape, because ``game`` imports this module (no circle)."""

    @property
    def title(self) -> str: ...
    @property
    def event_types(self) -> Mapping[str, type[Event]]: ...
    @property
    def handlers(self) -> Mapping[type[Event], Handler[S]]: ...
    @property
    def routes(self) -> Mapping[type[Event], Route]: ...
    @property
    def state_type(self) -> type[Any] | None: ...
    @property
    def turn(self) -> Callable[[S], Turn]: ...
    @property
    def seated(self) -> Callable[[S], Sequence[bool]]: ...
    @property
    def absent(self) -> Callable[[S, int], str]: ...
    @property
    def choose(self) -> Callable[[S, int], Transition[S]]: ...
    def describe(self, state: S) -> str: ...
    def doing(self, event: Event) -> str: ...
    def wrong_actor(self, state: S, event: Event, seat: int, turn: Turn) -> RuleViolation: ...
    def refuse_choice(self, state: S, name: str, seat: int | None, turn: Turn
                      ) -> RuleViolation: ...


def _raise(problems: list[RuleViolation]) -> None:
    problems.sort(key=lambda v: REPORT_ORDER.get(v.rule, _LAST))
    raise RuleViolation.several(problems)


def _not_an_event(rules: DispatchedRules[S], event: object) -> NotAnEventError:
    """What a program applied instead of one of the game's events, and which are."""
    if isinstance(event, type):
        shown = f"the class {event.__module__}.{event.__qualname__} (an event is an instance of one)"
    elif hasattr(event, "TYPE"):
        shown = f"{type(event).__module__}.{type(event).__qualname__}"
    else:
        text = repr(event)  # a program's value, in Python's words
        shown = f"{text if len(text) <= 60 else text[:40] + '...'} ({with_article(type(event).__name__)})"
    kinds = ", ".join(cls.__name__ for cls in rules.event_types.values())
    return NotAnEventError(f"{shown} is not an event of {rules.title}: its events are {kinds} "
                           "(the classes of rules.event_types)")


def _not_a_state(rules: DispatchedRules[S], state: object) -> NotAStateError:
    """What a program gave instead of one of the game's states."""
    own = f" ({rules.state_type.__name__})" if rules.state_type else ""
    return NotAStateError(f"the state is of class {type(state).__qualname__}; {rules.title}'s "
                          f"rules apply to its own states{own}, as rules.start(players) makes "
                          "and rules.apply returns")


def _c6(rules: DispatchedRules[S], state: S, event: Event) -> RuleViolation:
    message = f"no {event.TYPE} can come after the end: {rules.describe(state)}"
    return RuleViolation("C-6", message)


def _not_at_table(players: tuple[str, ...], name: object, path: tuple[PathPart, ...]
                  ) -> RuleViolation:
    message = (f"there is no player {quoted(name)} at this table (players: {listed(players)})"
               + no_such_player(name, players))
    return RuleViolation("C-7", message, path)


def _names(rules: DispatchedRules[S], state: S, event: Event, turn: Turn, check_step: bool,
           seated: Sequence[bool], problems: list[RuleViolation]) -> tuple[int | None, bool]:
    """C-7 and C-5 for every name the event gives; the actor's seat (None: no
    actor, or not at the table) and whether it is a pending choice's pick."""
    players = state.players
    actor_seat: int | None = None
    chooses = False
    field = event.ACTOR
    if field is not None:
        name = getattr(event, field)
        if name not in players:
            problems.append(_not_at_table(players, name, (field,)))
        else:
            seat = players.index(name)
            actor_seat = seat
            if not seated[seat]:
                message = f"{name} cannot {rules.doing(event)}: {rules.absent(state, seat)}"
                problems.append(RuleViolation("C-7", message, (field,)))
            if check_step:
                if turn.choice and seat in turn.choice:
                    chooses = True
                elif seat not in turn.actors:
                    problems.append(rules.wrong_actor(state, event, seat, turn))
    for key in event.NAMED:
        table = getattr(event, key)
        if not table:
            continue
        for name in table:
            if name not in players:
                problems.append(_not_at_table(players, name, (key, name)))
                continue
            seat = players.index(name)
            if not seated[seat]:
                message = f"{name} cannot {rules.doing(event)}: {rules.absent(state, seat)}"
                problems.append(RuleViolation("C-7", message, (key, name)))
            if check_step and seat not in turn.actors:
                message = (f"{name} has no part in this {event.TYPE}: it is for "
                           f"{names(players, turn.actors)}")
                if turn.rule:
                    message += f" ({turn.rule})"
                problems.append(RuleViolation("C-5", message, (key, name)))
    return actor_seat, chooses


def _ruling(rules: DispatchedRules[S], state: S, event: Ruling, turn: Turn) -> Transition[S]:
    players = state.players
    problems: list[RuleViolation] = []
    name = event.player
    seat = players.index(name) if name in players else None
    if not turn.choice:
        problems.append(needless_ruling(rules.describe(state)))
    elif seat is None or seat not in turn.choice:
        problems.append(rules.refuse_choice(state, name, seat, turn))
    if seat is None:
        problems.append(_not_at_table(players, name, ("player",)))
    if problems:
        _raise(problems)
    assert seat is not None
    after, effects = rules.choose(state, seat)
    return _working(after), effects


def apply(rules: DispatchedRules[S], state: S, event: Event) -> Transition[S]:
    """The next state and the effects of ``event``, or every problem it has.

    One event on a public state: the state is thawed into a working twin
    (:mod:`cardcore.working`), :func:`step` applies the event to it, and the
    result is frozen again; ``state`` itself never changes. A fold of many
    events keeps one working state instead (:class:`cardcore.reduction.Reduction`).
    """
    refuse_foreign_state(rules, state)
    if type(event) is Check:  # a reading changes nothing: the very state comes back
        return state, ()
    after, effects = step(rules, thaw(state), event)
    return freeze(after), effects


def refuse_foreign_state(rules: DispatchedRules[S], state: object, *, working: bool = False
                         ) -> None:
    """NotAStateError for a state that is not one of the game's public states
    (with ``working``, nor the working twin of one, :mod:`cardcore.working`: the
    rules' words, ``describe`` and ``expected``, are read on the fold's working
    state by the dispatch's own messages)."""
    if type(state) is not rules.state_type and rules.state_type is not None and not (
            working and type(state) in WORKING and public_class(type(state)) is rules.state_type):
        raise _not_a_state(rules, state)


def refuse_foreign_event(rules: DispatchedRules[S], event: object) -> None:
    """NotAnEventError for something that is not one of the game's events (its own
    classes, ``check`` and ``ruling``), as :func:`apply` refuses it: for the
    functions that read an event without applying it (the play layer's)."""
    kind = type(event)
    if kind not in rules.routes and kind is not Check and kind is not Ruling:
        raise _not_an_event(rules, event)


def step(rules: DispatchedRules[S], state: S, event: Event) -> Transition[S]:
    """The working state after ``event`` and its effects, or every problem it has:
    the one implementation of the checks, for :func:`apply` and every fold.

    ``state`` is a working state (:mod:`cardcore.working`), changed in place
    by the event's rules; the state returned is it (or, where a game's rule
    built a new public state, a working twin of that). When the event is
    refused, ``state`` may have been changed part way: the caller goes on from
    a state it froze (:class:`cardcore.reduction.Reduction` does).

    The replay's hot path: an event of a kind allowed now, with no table choice
    due, whose player and every player it names are among those the step
    admits, has no common problem to report but those of its cards, so it goes
    straight to the game's stages. Anything else takes the full order of checks
    (:func:`_checked`). This relies on every seat the step admits
    (``Turn.actors``) being in play (seated), which the contract suite checks
    for every game. The handler is found by the event's class, as the game
    lists them: anything else is a ``check``, a ``ruling`` or not the game's.
    """
    route = rules.routes.get(type(event))
    if route is None:
        return _unhandled(rules, state, event)
    kind, field, named, play, cards = route
    turn = rules.turn(state)
    if kind not in turn.kinds or turn.choice:
        return _checked(rules, state, event, turn, rules.handlers[type(event)])
    players = state.players
    actors = turn.actors
    if field is not None:
        name = getattr(event, field)
        if name not in players or players.index(name) not in actors:
            return _checked(rules, state, event, turn, rules.handlers[type(event)])
    for key in named:
        for name in getattr(event, key) or ():
            if name not in players or players.index(name) not in actors:
                return _checked(rules, state, event, turn, rules.handlers[type(event)])
    if cards is None:
        after, effects = play(state, event, None)
    else:
        account: Draft[Any] = state.account  # type: ignore[assignment]  # a working state's
        moves: Moves[Any] = Moves(account, players)
        cards(state, event, moves)
        if moves.problems:
            _raise(moves.problems)
        if moves.deferred:
            raise moves.deferred[0]
        account.adopt(moves)
        after, effects = play(state, event, moves.found)
    if after is state and type(state.account) is _DRAFT:  # the rule changed it in place
        return after, effects
    return _working(after), effects


def _working(state: S) -> S:
    """A game rule's result as the working state the fold goes on with: a new
    public state the rule built is thawed, a frozen account it set is taken
    back into a draft (:mod:`cardcore.working`)."""
    if type(state) not in WORKING:
        return thaw(state)
    account = state.account
    if type(account) is not _DRAFT:
        return with_value(state, "account", Draft(account))
    return state


def _unhandled(rules: DispatchedRules[S], state: S, event: object) -> Transition[S]:
    """Everyone's events (a ``check`` changes nothing; a ``ruling`` settles a
    table choice), or something that is not an event of this game."""
    if type(event) is Check:
        return state, ()
    if type(event) is Ruling:
        return _checked(rules, state, event, rules.turn(state), None)
    raise _not_an_event(rules, event)


def _checked(rules: DispatchedRules[S], state: S, event: Event, turn: Turn,
             handler: Handler[S] | None) -> Transition[S]:
    """Every check in order, every common problem reported (the module's list);
    ``handler`` is None for a ``ruling`` only."""
    kind = event.TYPE
    if not turn.kinds:
        raise _c6(rules, state, event)
    if handler is None:
        assert isinstance(event, Ruling)
        return _ruling(rules, state, event, turn)
    problems: list[RuleViolation] = []
    allowed = kind in turn.kinds
    if not allowed:
        problems.append(RuleViolation("C-4", f"a {kind} cannot come now: "
                                      f"{rules.describe(state)}"))
    seated = rules.seated(state)
    actor, chooses = _names(rules, state, event, turn, allowed, seated, problems)
    if not allowed:
        _raise(problems)
    effects: tuple[Effect, ...] = ()
    found = None
    if handler.cards is not None and not (event.ACTOR and actor is None):
        account: Draft[Any] = state.account  # type: ignore[assignment]  # a working state's
        moves: Moves[Any] = Moves(account, state.players, seated)
        handler.cards(state, event, moves)
        problems += moves.problems
        if problems:
            _raise(problems)
        if moves.deferred:
            raise moves.deferred[0]
        account.adopt(moves)
        found = moves.found
    elif problems:
        _raise(problems)
    if chooses:
        assert actor is not None
        state, effects = rules.choose(state, actor)
    after, caused = handler.play(state, event, found)
    return _working(after), effects + caused if effects else caused
