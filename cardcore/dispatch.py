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

from typing import TYPE_CHECKING, Any, Final

from cardcore.errors import NotAnEventError, NotAStateError, PathPart, RuleViolation
from cardcore.evolve import evolve, with_value
from cardcore.moves import Moves
from cardcore.protocol import Event, Step, Turn
from cardcore.table import likely, names, needless_ruling

if TYPE_CHECKING:
    from cardcore.game import GameRules

__all__ = ["REPORT_ORDER", "apply"]

REPORT_ORDER: Final = {rule: rank for rank, rule in enumerate(
    ("C-6", "C-8", "C-4", "C-7", "C-5", "C-1", "C-2", "C-3"))}
"""The order common problems are reported in (RULES.md, common rules)."""

_LAST: Final = len(REPORT_ORDER)


def _raise(problems: list[RuleViolation]) -> None:
    problems.sort(key=lambda v: REPORT_ORDER.get(v.rule, _LAST))
    raise RuleViolation.several(problems)


def _not_an_event(rules: GameRules[Any], event: object) -> NotAnEventError:
    """What a program applied instead of one of the game's events, and which are."""
    if isinstance(event, type):
        shown = f"the class {event.__module__}.{event.__qualname__} (an event is an instance of one)"
    elif hasattr(event, "TYPE"):
        shown = f"{type(event).__module__}.{type(event).__qualname__}"
    else:
        text = repr(event)  # a program's value, in Python's words
        shown = f"{text if len(text) <= 60 else text[:40] + '...'} (a {type(event).__name__})"
    kinds = ", ".join(cls.__name__ for cls in rules.event_types.values())
    return NotAnEventError(f"{shown} is not an event of {rules.title}: its events are {kinds} "
                           "(the classes of rules.event_types)")


def _not_a_state(rules: GameRules[Any], state: object) -> NotAStateError:
    """What a program gave instead of one of the game's states, and whose it is."""
    from cardcore.registry import GAMES

    kind = type(state)
    owner = next((f", a state of {GAMES[name].title}" for name in GAMES
                  if GAMES[name].state_type is kind), "")
    own = f" ({rules.state_type.__name__})" if rules.state_type else ""
    return NotAStateError(f"the state is of class {kind.__qualname__}{owner}; {rules.title}'s "
                          f"rules apply to its own states{own}, as rules.start(players) makes "
                          "and rules.apply returns")


def _c6(rules: GameRules[Any], state: Any, event: Event) -> RuleViolation:
    message = f"no {event.TYPE} can come after the end: {rules.describe(state)}"
    return RuleViolation("C-6", message)


def _not_at_table(players: tuple[str, ...], name: object, path: tuple[PathPart, ...]
                  ) -> RuleViolation:
    message = (f"there is no player {name!r} at this table (players: {', '.join(players)})"
               + likely(name, players))
    return RuleViolation("C-7", message, path)


def _names(rules: GameRules[Any], state: Any, event: Event, turn: Turn, check_step: bool,
           seated: Any, problems: list[RuleViolation]) -> tuple[int | None, bool]:
    """C-7 and C-5 for every name the event gives; the actor's seat (None: no
    actor, or not at the table) and whether it is a pending choice's pick."""
    players: tuple[str, ...] = state.players
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


def _ruling(rules: GameRules[Any], state: Any, event: Any, turn: Turn) -> Step[Any]:
    players: tuple[str, ...] = state.players
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
    return rules.choose(state, seat)


def apply(rules: GameRules[Any], state: Any, event: Event) -> Step[Any]:
    """The next state and the effects of ``event``, or every problem it has.

    The replay's hot path: an event of a kind allowed now, with no table choice
    due, whose player and every player it names are among those the step
    admits, has no common problem to report but those of its cards, so it goes
    straight to the game's stages. Anything else takes the full order of checks
    (:func:`_checked`). This relies on every seat the step admits
    (``Turn.actors``) being in play (seated), which the contract suite checks
    for every game.
    """
    kind = getattr(event, "TYPE", None)
    if rules.event_types.get(kind) is not type(event):  # type: ignore[arg-type]
        raise _not_an_event(rules, event)
    if type(state) is not rules.state_type and rules.state_type is not None:
        raise _not_a_state(rules, state)
    if kind == "check":
        return state, ()
    turn = rules.turn(state)
    if kind not in turn.kinds or turn.choice:
        return _checked(rules, state, event, turn)
    players = state.players
    actors = turn.actors
    field = event.ACTOR
    if field is not None:
        name = getattr(event, field)
        if name not in players or players.index(name) not in actors:
            return _checked(rules, state, event, turn)
    for key in event.NAMED:
        for name in getattr(event, key) or ():
            if name not in players or players.index(name) not in actors:
                return _checked(rules, state, event, turn)
    handler = rules.handlers[kind]
    cards = handler.cards
    if cards is None:
        return handler.play(state, event)
    moves: Moves[Any] = Moves(state.account, state.players)
    cards(state, event, moves)
    if moves.problems:
        _raise(moves.problems)
    if moves.deferred:
        raise moves.deferred[0]
    state = with_value(state, "account", moves.account())
    found = moves.found
    if found is None:
        return handler.play(state, event)
    return handler.play(state, event, found)  # type: ignore[call-arg]


def _checked(rules: GameRules[Any], state: Any, event: Event, turn: Turn) -> Step[Any]:
    """Every check in order, every common problem reported (the module's list)."""
    kind = event.TYPE
    if not turn.kinds:
        raise _c6(rules, state, event)
    if kind == "ruling":
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
    effects: tuple[Any, ...] = ()
    found = None
    handler = rules.handlers[kind]
    if handler.cards is not None and not (event.ACTOR and actor is None):
        moves: Moves[Any] = Moves(state.account, state.players, seated)
        handler.cards(state, event, moves)
        problems += moves.problems
        if problems:
            _raise(problems)
        if moves.deferred:
            raise moves.deferred[0]
        state = evolve(state, account=moves.account())
        found = moves.found
    elif problems:
        _raise(problems)
    if chooses:
        assert actor is not None
        state, effects = rules.choose(state, actor)
    after, caused = (handler.play(state, event) if found is None
                     else handler.play(state, event, found))  # type: ignore[call-arg]
    return after, effects + caused if effects else caused
