"""What a game module exports as its ``RULES``: its parts, and the kernel's
functions over them (start, apply, expected, simulate).

A game supplies its options and events, how it starts from a
:class:`~cardcore.protocol.Setup`, what it allows now (:class:`Turn`) and in
words, who is still in, its handlers per event kind, how a table choice is
settled and its outcome (what a program needs to play it is in
:mod:`cardcore.play`). The kernel supplies the rest: checking the setup, the
order of the common checks (:mod:`cardcore.dispatch`), the words of "what may
come next", the fold and the simulation (random players in the play loop). No
game copies another's control flow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from cardcore import dispatch
from cardcore.effects import Effect
from cardcore.errors import RuleViolation
from cardcore.options import game_options
from cardcore.protocol import (
    Event,
    Handler,
    Outcome,
    Setup,
    SetupError,
    Turn,
    check_players,
)
from cardcore.standings import standing
from cardcore.table import inadmissible, wrong_player

if TYPE_CHECKING:  # only simulating needs random (replaying a record never does)
    import random

    from cardcore.expected import Expected

__all__ = ["GameRules"]

S = TypeVar("S")


def _everyone(state: Any) -> tuple[bool, ...]:
    return (True,) * len(state.players)


def _never_absent(state: Any, seat: int) -> str:  # pragma: no cover - everyone plays
    return "is not in the game"


def _no_choice(state: Any, seat: int) -> tuple[Any, tuple[Effect, ...]]:  # pragma: no cover
    raise AssertionError("this game has no table choices")


@attrs.frozen(kw_only=True)
class GameRules(Generic[S]):
    """A game: its facts and its pure functions, plus the kernel's over them."""

    name: str
    """The transcript name (``goblin-poker``)."""
    title: str
    min_players: int
    max_players: int
    options_type: type[Any]
    events: tuple[type[Event], ...]
    """The game's own event classes (``check`` and ``ruling`` are everyone's)."""
    begin: Callable[[Setup], S]
    """The state before the first event."""
    turn: Callable[[S], Turn]
    """What the rules allow now (cheap; see :class:`Turn`)."""
    words: Callable[[S], str]
    """What may come next while the game is on, in words (built only for messages
    and ``expected``); :meth:`describe` adds the end."""
    handlers: Mapping[str, Handler]
    outcome: Callable[[S], Outcome]
    where: Callable[[S], str]
    """Where the game stands while it is on, for grouping a replay ("game 2,
    round 3"); :meth:`position` adds the end."""
    ended: Callable[[S], str]
    """Why the game is over, in words (once ``turn`` allows nothing)."""
    seated: Callable[[S], Sequence[bool]] = _everyone
    """Per seat: may be named by the next event (not out of the game or round)."""
    absent: Callable[[S, int], str] = _never_absent
    """Why a seat that is not seated is out, in words (C-7 messages)."""
    choose: Callable[[S, int], tuple[S, tuple[Effect, ...]]] = _no_choice
    """Settle a pending table choice for a seat (a ruling, or that seat's act)."""
    whole: str = "game"
    """What a transcript records, in words: a Goblin Poker record is a session."""
    verbs: Mapping[str, str] = attrs.field(factory=dict)
    """Event kind -> the words for doing it ("give up"), for messages."""
    wrong_actor_words: Callable[[S, Event, int, Turn], str] | None = None
    """A game's own C-5 words (default: whose turn it is, from ``expected``)."""
    choice_refusal: Callable[[S, str, int | None, Turn], str] | None = None
    """A game's own C-8 words for a ruling naming someone outside the choice."""

    @classmethod
    def assemble(cls, *, name: str, title: str, players: tuple[int, int],
                 options: type[Any], events: tuple[type[Event], ...],
                 parts: Sequence[ModuleType], verbs: Mapping[str, str] | None = None,
                 whole: str = "game") -> GameRules[S]:
        """A game from the modules that hold its parts, found by name: ``begin``,
        ``turn``, ``words``, ``where``, ``ended`` (required), ``outcome`` (default:
        :func:`cardcore.standings.standing`), ``seated``, ``absent``, ``choose``,
        ``wrong_actor_words``, ``choice_refusal`` (optional), and per event kind ``<kind>`` (its play stage) with an
        optional ``<kind>_cards`` (its cards stage). One convention for every
        game, so that a game's package holds its rules and nothing that wires them."""
        found: dict[str, Any] = {}
        for module in parts:
            found.update({key: value for key, value in vars(module).items()
                          if getattr(value, "__module__", None) == module.__name__})
        handlers = {event.TYPE: Handler(found[event.TYPE], found.get(f"{event.TYPE}_cards"))
                    for event in events}
        optional = {key: found[key] for key in ("seated", "absent", "choose",
                                                "wrong_actor_words", "choice_refusal")
                    if key in found}
        low, high = players
        return cls(name=name, title=title, min_players=low, max_players=high,
                   options_type=options, events=events, handlers=handlers,
                   verbs=dict(verbs or {}), whole=whole,
                   begin=found["begin"], turn=found["turn"], words=found["words"],
                   where=found["where"], ended=found["ended"],
                   outcome=found.get("outcome", standing), **optional)

    # -- the kernel's functions -------------------------------------------------

    event_types: Mapping[str, type[Event]] = attrs.field(init=False)
    """Every event kind a transcript of this game may hold (its own, check, ruling)."""

    def __attrs_post_init__(self) -> None:
        from cardcore.protocol import Check, Ruling

        kinds: tuple[type[Event], ...] = (*self.events, Check, Ruling)
        object.__setattr__(self, "event_types", {cls.TYPE: cls for cls in kinds})

    def setup(self, players: Sequence[str], options: Any = None,
              ages: Mapping[str, int] | None = None) -> Setup:
        """Check who plays, the options and the ages; SetupError says what is wrong."""
        seated = check_players(players, self.min_players, self.max_players, self.title)
        chosen = game_options(options, self.options_type, self.title)
        if ages is not None and not isinstance(ages, Mapping):
            raise SetupError(f"ages are given by name, like {{'Aki': 31}}, not {ages!r}")
        given = dict(ages or {})
        for name, age in given.items():
            if name not in seated:
                message = f"{name!r} has an age but does not sit at this table ({', '.join(seated)})"
                raise SetupError(message)
            if not isinstance(age, int) or isinstance(age, bool) or age < 0:
                raise SetupError(f"{name}'s age must be a whole number of 0 or more, not {age!r}")
        return Setup(players=seated, options=chosen,
                     ages=tuple(given.get(name) for name in seated))

    def start(self, players: Sequence[str] | Setup, options: Any = None, *,
              ages: Mapping[str, int] | None = None) -> S:
        """The state before the first event, from a Setup or its parts."""
        setup = players if isinstance(players, Setup) else self.setup(players, options, ages)
        return self.begin(setup)

    if TYPE_CHECKING:
        def apply(self, state: S, event: Event) -> tuple[S, tuple[Effect, ...]]:
            """The next state and the effects of ``event``, or a RuleViolation
            carrying every problem it has (:mod:`cardcore.dispatch`)."""
    else:
        apply = dispatch.apply
        """:func:`cardcore.dispatch.apply` itself, so that the replay calls one
        function per event, not two (typed as above for the checker)."""

    def expected(self, state: S) -> Expected:
        """What may come next, in names and words."""
        from cardcore.expected import Expected  # for words and programs only

        turn = self.turn(state)
        players: tuple[str, ...] = state.players  # type: ignore[attr-defined]
        kinds = turn.kinds | {"ruling"} if turn.choice else turn.kinds
        seats = turn.choice or turn.actors
        return Expected(kinds=frozenset(kinds), players=tuple(players[s] for s in seats),
                        choice=bool(turn.choice), text=self.describe(state), rule=turn.rule)

    def describe(self, state: S) -> str:
        """What may come next, in words; once nothing may, why the game is over."""
        if self.turn(state).kinds:
            return self.words(state)
        return f"the {self.whole} is over: {self.ended(state)}"

    def position(self, state: S) -> str:
        """Where the game stands, for grouping a replay."""
        if self.turn(state).kinds:
            return self.where(state)
        return f"after the {self.whole}"

    def doing(self, event: Event) -> str:
        return self.verbs.get(event.TYPE, event.TYPE)

    def wrong_actor(self, state: S, event: Event, seat: int, turn: Turn) -> RuleViolation:
        """C-5 for the player of ``event`` at ``seat``, whose step it is not."""
        field = event.ACTOR or "player"
        if self.wrong_actor_words is not None:
            return RuleViolation("C-5", self.wrong_actor_words(state, event, seat, turn),
                                 (field,))
        players: tuple[str, ...] = state.players  # type: ignore[attr-defined]
        return wrong_player(players[seat], self.doing(event), self.expected(state), players)

    def refuse_choice(self, state: S, name: str, seat: int | None, turn: Turn) -> RuleViolation:
        """C-8 for a ruling that names someone the table choice does not admit."""
        if self.choice_refusal is not None:
            return RuleViolation("C-8", self.choice_refusal(state, name, seat, turn), ("player",))
        players: tuple[str, ...] = state.players  # type: ignore[attr-defined]
        return inadmissible(name, players, turn.choice, turn.rule)

    def simulate(self, players: Sequence[str] | Setup, options: Any = None,
                 rng: random.Random | int | None = None, **knobs: Any) -> Iterator[Event]:
        """The events of a full-information game played by random players
        (:mod:`cardcore.simulation`, :mod:`cardcore.play`); ``rng`` is a
        ``random.Random`` or a seed for one (default: seed 0)."""
        import random

        from cardcore.simulation import simulate

        setup = players if isinstance(players, Setup) else self.setup(players, options)
        if rng is None or (isinstance(rng, int) and not isinstance(rng, bool)):
            rng = random.Random(rng or 0)
        elif not isinstance(rng, random.Random):
            raise SetupError(f"rng is a random.Random or a seed (a whole number), not {rng!r}")
        return simulate(self, setup, rng, **knobs)
