"""The game loop: a whole game with one policy per seat (:func:`play`), or one
step at a time (:class:`Match`), for programs that drive it themselves.

Each step is chance's, one seat's, or several seats' together (:class:`Whose`):
the dealer writes a chance step; a seat's policy is given its own view and its
offers; in a step taken together every seat's policy gives its part, and the
parts make one event. The dealer then fills in the event's chance fields and
the log applies it, so a played game is legal by construction, and its saved
transcript validates like any other.

What a program gives is checked where it gives it (:func:`play`, :class:`Match`
and its methods: the policies, the seed, a seat); :func:`next_event`, which
every step of every game goes through, checks none of it again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, Literal, overload

from cardcore.effects import Effect
from cardcore.game import GameRules
from cardcore.gamelog import GameLog
from cardcore.play.dealer import Dealer, Tentative
from cardcore.play.errors import DealerError, PolicyError
from cardcore.play.listing import Listing
from cardcore.play.policies import Asking, FirstSeat, Offer, Pass, Policy, offered_kinds
from cardcore.play.registry import game_play
from cardcore.play.seam import GamePlay, TrueDeck
from cardcore.play.steps import Whose, check_seat
from cardcore.play.views import View, Views
from cardcore.protocol import Event, Ruling, S, Setup
from cardcore.quoting import names, quoted

if TYPE_CHECKING:  # for the overloads only
    from cardcore.games.auction.state import AuctionState
    from cardcore.games.goblin.state import GoblinState
    from cardcore.games.orc.state import OrcState
    from cardcore.games.saint.state import SaintState

__all__ = ["Match", "PolicyError", "next_event", "play"]

Policies = Sequence[Policy] | Mapping[str, Policy]
"""One policy a seat: in seat order, or by player's name."""


def _names(count: int) -> tuple[str, ...]:
    return tuple(f"P{seat + 1}" for seat in range(count))


def _by_seat(policies: object, players: Sequence[str]) -> list[Policy]:
    """``policies`` in seat order, one callable for each of ``players``: given in
    seat order, or by every player's name. PolicyError otherwise, at once: a
    missing or wrong policy would fail inside the loop when its seat's turn came."""
    if isinstance(policies, Mapping):
        missing = [name for name in players if name not in policies]
        strangers = [name for name in policies if name not in players]
        if missing or strangers:
            wrong = "; ".join(
                words for words in (missing and f"none for {names(missing)}",
                                    strangers and f"one for {names(strangers)}, who does not play")
                if words)
            raise PolicyError(f"policies by name give {wrong}: {_one_a_seat(players)}")
        seats = [policies[name] for name in players]
    elif isinstance(policies, Sequence) and not isinstance(policies, str):
        if len(policies) != len(players):
            given = f"{len(policies)} {'policy' if len(policies) == 1 else 'policies'}"
            raise PolicyError(f"{given} for {len(players)} seats: {_one_a_seat(players)}")
        seats = list(policies)
    else:
        raise PolicyError(f"the policies are {quoted(policies)}: {_one_a_seat(players)}")
    for seat, policy in enumerate(seats):
        if not callable(policy) or isinstance(policy, type):
            raise PolicyError(f"the policy of seat {seat} ({names([players[seat]])}) is "
                              f"{_not_a_policy(policy)}: a policy is called with the seat's "
                              "view and offers, and answers with one of the offers")
    return seats


def _not_a_policy(given: object) -> str:
    """What a policy given is instead of one, in words: a class is a policy's maker
    (called with the view and offers, it would make an object where an offer is
    due, or fail on the view as a seed, inside the loop), anything else is no
    callable."""
    if isinstance(given, type):
        return (f"the class {given.__qualname__}, a policy's maker, not a policy (give "
                f"{given.__qualname__}(), one made for the seat)")
    return f"{quoted(given)}, not a callable"


def _one_a_seat(players: Sequence[str]) -> str:
    """What policies are, in words, for a table of ``players`` (only for a message:
    every game checks its policies)."""
    return (f"the policies are one callable a seat ({len(players)}: {names(players)}), "
            "in a sequence in seat order or a mapping of every player's name to one")


class _Told:
    """A match's asking convention for one step the rules may yet refuse: it asks
    as the convention does, and tells it what the seat answered only once the log
    has taken the event (:meth:`tell`), so that a refused answer leaves it as it
    was (Auction's convention would have moved on to the next seat)."""

    __slots__ = ("answers", "asking")

    def __init__(self, asking: Asking) -> None:
        self.asking = asking
        self.answers: list[tuple[Any, int, Offer]] = []

    def ask(self, state: Any, whose: Whose, legal: Callable[[int], Listing]
            ) -> tuple[int, Listing]:
        return self.asking.ask(state, whose, legal)

    def answered(self, state: Any, seat: int, offer: Offer) -> None:
        self.answers.append((state, seat, offer))

    def tell(self) -> None:
        """Tell the convention the answers of the step, now taken."""
        for state, seat, offer in self.answers:
            self.asking.answered(state, seat, offer)


class Match(Generic[S]):
    """One game being played: its log, its dealer, each seat's view.

    >>> match = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=2)
    >>> match.whose().chance
    True
    >>> _ = match.deal()
    >>> match.whose()
    Whose(chance=False, seats=(0, 1, 2), together=True)

    An event the rules refuse (appended, or a policy's answer in :meth:`step`)
    leaves the match as it was, the dealer's stock and random numbers included:
    it can be tried again, and the game goes on as if it had never been tried.
    """

    if TYPE_CHECKING:  # a match of a game named by its transcript name is of that game's state
        @overload
        def __init__(self: Match[AuctionState], game: Literal["auction"],
                     players: Sequence[str], options: Any = None, *, seed: int | Dealer = 0,
                     ages: Mapping[str, int] | None = None) -> None: ...

        @overload
        def __init__(self: Match[GoblinState], game: Literal["goblin-poker"],
                     players: Sequence[str], options: Any = None, *, seed: int | Dealer = 0,
                     ages: Mapping[str, int] | None = None) -> None: ...

        @overload
        def __init__(self: Match[OrcState], game: Literal["orc-poker"],
                     players: Sequence[str], options: Any = None, *, seed: int | Dealer = 0,
                     ages: Mapping[str, int] | None = None) -> None: ...

        @overload
        def __init__(self: Match[SaintState], game: Literal["saint-poker"],
                     players: Sequence[str], options: Any = None, *, seed: int | Dealer = 0,
                     ages: Mapping[str, int] | None = None) -> None: ...

        @overload
        def __init__(self, game: GameRules[S],
                     players: Sequence[str], options: Any = None, *, seed: int | Dealer = 0,
                     ages: Mapping[str, int] | None = None) -> None: ...

        @overload
        def __init__(self: Match[Any], game: str,
                     players: Sequence[str], options: Any = None, *, seed: int | Dealer = 0,
                     ages: Mapping[str, int] | None = None) -> None: ...

    def __init__(self, game: str | GameRules[S], players: Sequence[str], options: Any = None, *,
                 seed: int | Dealer = 0, ages: Mapping[str, int] | None = None) -> None:
        self.log: GameLog[S] = GameLog(game, players, options, ages=ages)
        """The game so far: every event, true (the dealer's cards included)."""
        rules = self.log.rules
        self.rules: GameRules[S] = rules
        self.part = game_play(rules)
        self.dealer: Dealer = seed if isinstance(seed, Dealer) else Dealer(seed)
        setup = Setup(players=self.log.players, options=self.log.options,
                      ages=tuple((ages or {}).get(name) for name in self.log.players))
        self._seen: list[Event] = []
        self._views = tuple(
            View(rules, setup, seat, self._seen) for seat in range(len(setup.players)))
        # the loop's: it reads a seat's view every step, at a plain tuple's speed
        self.views: Views[S] = Views(self._views)
        """Per seat, what it may know (SeatError for a seat that is none of the table's)."""
        self.asking: Asking = self.part.asking() if self.part.asking is not None else FirstSeat()

    @property
    def state(self) -> S:
        """The true state (every card the dealer dealt is known here)."""
        return self.log.state

    def whose(self) -> Whose:
        """Who takes the next step."""
        return self.part.whose(self.log.state)

    def legal(self, seat: int) -> Listing:
        """Every event ``seat`` may take now: a :class:`~cardcore.play.listing.Listing`
        always, an empty one when the seat has no step. SeatError for a seat that
        is none of the table's (a whole number from 0 to players - 1)."""
        check_seat(seat, self.log.players)
        return self.part.legal(self.log.state, seat)

    def append(self, event: Event) -> tuple[Effect, ...]:
        """Complete ``event``'s chance fields with the dealer and append it (a program
        that drives the game itself; a chance event is the dealer's to write). An
        event the rules refuse leaves the match as it was: try again."""
        state = self.log.state
        part = self.part
        return self._appended(lambda dealer: part.complete(state, event, dealer))

    def deal(self) -> tuple[Effect, ...]:
        """Append the chance event that comes next; DealerError if the next step is
        not chance's."""
        if not self.whose().chance:
            raise DealerError(f"the next step is not chance's: {self.log.expected.text}")
        state = self.log.state
        part = self.part
        return self._appended(
            lambda dealer: part.complete(state, part.chance(state, dealer), dealer))

    def _appended(self, write: Callable[[TrueDeck], Event]) -> tuple[Effect, ...]:
        """Append the event ``write`` makes with the dealer; if anything refuses it,
        the dealer takes back what it gave for it (:class:`Tentative`)."""
        dealer = Tentative(self.dealer)
        before = len(self.log)
        try:
            event = write(dealer)
            effects = self.log.append(event)
        except BaseException:
            if len(self.log) == before:  # (an interrupt may come once the log took it)
                dealer.undo()
            raise
        self._seen.append(event)
        return effects

    def step(self, policies: Policies) -> bool:
        """Play one step with ``policies`` (one per seat: in seat order, or by every
        player's name); False once the game is over. PolicyError for policies that
        are not one callable a seat, or an answer that is not the seat's own (not
        an event, a pass where none is offered, another player's act); an error a
        policy raises itself goes on as it is, with a note of the seat (Python
        3.11+). A policy's answer the rules refuse leaves the match as it was (the
        log, the dealer, the convention asking the seats): the step can be tried
        again."""
        seats = _by_seat(policies, self.log.players)
        dealer = Tentative(self.dealer)
        asking = self.asking
        told = None if isinstance(asking, FirstSeat) else _Told(asking)
        before = len(self.log)
        try:
            going = self._step(seats, dealer, asking if told is None else told)
        except BaseException:
            if len(self.log) == before:
                dealer.undo()
            elif told is not None:  # an interrupt once the log took the event
                told.tell()
            raise
        if told is not None:
            told.tell()
        return going

    def _step(self, policies: Sequence[Policy], dealer: TrueDeck, asking: Asking) -> bool:
        """One step, nothing checked and nothing to take back: :func:`play`'s loop,
        which checked its policies once and has no use for a refused event's match."""
        # decided on the log's working state: nothing of it is kept past the step
        # (cardcore.play.seam.GamePlay), and the log freezes a state only when read
        event = next_event(self.part, self.log.lend(), dealer, asking, policies, self._views)
        if event is None:
            return False
        if isinstance(event, Event):
            self.log.append(event)
            self._seen.append(event)
        return True


def next_event(part: GamePlay[S], state: S, dealer: TrueDeck, asking: Asking,
               policies: Sequence[Policy], views: Sequence[View[S]] | None
               ) -> Event | Pass | None:
    """The next event of a game, completed by the dealer: chance's, or what the
    policies answer (a part each, merged, in a step taken together); :data:`PASS`
    when the seat asked passed; None once the game is over. ``views`` are what
    the policies are given (None: nothing, for policies that look at none)."""
    whose = part.whose(state)
    if whose.chance:
        return part.chance(state, dealer)
    if not whose.seats:
        return None
    legal = part.legal
    if whose.together:
        parts: list[Event] = []
        players = state.players
        for seat in whose.seats:
            given = legal(state, seat)
            try:
                answer = policies[seat](views[seat] if views else None, given)  # type: ignore[arg-type]
            except Exception as error:  # the policy's own: it goes on, saying whose it is
                _noted(error, seat, players[seat], views)
                raise
            if not isinstance(answer, Event) or not _own_part(answer, players[seat], given):
                raise PolicyError(f"seat {seat}'s policy answered {answer!r}: in this step "
                                  f"every seat gives its own part, one of its offers "
                                  f"({' or '.join(offered_kinds(given)) or 'nothing'} by {players[seat]})")
            parts.append(answer)
        return part.complete(state, part.merge(parts), dealer)
    first = isinstance(asking, FirstSeat)
    if first:
        seat = whose.seats[0]
        offers = legal(state, seat)
    else:
        seat, offers = asking.ask(state, whose, partial(legal, state))  # no frame of its own
    try:
        answer = policies[seat](views[seat] if views else None, offers)  # type: ignore[arg-type]
    except Exception as error:  # the policy's own: it goes on, saying whose it is
        _noted(error, seat, state.players[seat], views)
        raise
    if isinstance(answer, Event):
        field, name = answer.ACTOR, state.players[seat]
        # the rules would blame the player it names, not the policy; read inline, as a
        # call every step costs 1 % of self-play: _other_actor decides the rest
        if field is not None and getattr(answer, field) != name and (
                other := _other_actor(answer, name)) is not None:
            raise PolicyError(f"seat {seat}'s policy answered {answer!r}: an act of "
                              f"{names([other])}'s, where a seat answers for its own player "
                              f"with one of its offers "
                              f"({' or '.join(offered_kinds(offers)) or 'nothing'} by {name})")
        if not first:
            asking.answered(state, seat, answer)
        return part.complete(state, answer, dealer)
    if not isinstance(answer, Pass):
        raise PolicyError(f"seat {seat}'s policy answered {answer!r}, not an event")
    if not offers.holds("pass"):  # PASS offered: no other run worked out
        raise PolicyError(f"seat {seat}'s policy passed where it may not")
    asking.answered(state, seat, answer)
    return answer


def _own_part(answer: Event, name: str, offers: Listing) -> bool:
    """Whether ``answer`` can be the part of ``name``'s seat in a step taken
    together: an event of a kind offered, naming no other player (its actor and
    the keys of its tables by player, ``NAMED``). Checked before the parts are
    put together, where another seat's entry would overwrite that seat's own."""
    # offered: a listing answers by its segments, without working any out
    if not offers.holds(answer.TYPE) or _other_actor(answer, name) is not None:
        return False
    for key in answer.NAMED:  # a table by player: empty, or of this player alone
        table = getattr(answer, key)
        if table and (len(table) != 1 or name not in table):
            return False
    return True


def _other_actor(answer: Event, name: str) -> object:
    """Whose act ``answer`` is when not ``name``'s (its actor, the field ``ACTOR``
    names); None when it is, or is nobody's. A ruling's player is the table's
    pick, not who gives it: any seat asked may name another. Checked on every
    answer (a field read and a comparison), before the rules, which would blame
    the player the event names, not the policy that gave it (:func:`next_event`
    reads the actor inline first, and asks this only of another's)."""
    field = answer.ACTOR
    if field is None or type(answer) is Ruling:
        return None
    actor = getattr(answer, field)
    return None if actor == name else actor


def _noted(error: Exception, seat: int, name: str, views: Sequence[View[Any]] | None) -> None:
    """Say in ``error``'s notes (Python 3.11+; 3.10 has none) that seat ``seat``'s
    policy raised it, and when: it keeps its type for a program that catches it,
    and its traceback, from deep in the loop, says whose code it came from."""
    if sys.version_info >= (3, 11):
        when = ""
        if views:
            count = len(views[seat].events)
            when = f" when asked for the game's event {count} (/events/{count})"
        error.add_note(f"raised by seat {seat}'s policy ({name}){when}")


@overload
def play(game: Literal["auction"], policies: Policies, *, seed: int = 0, options: Any = None,
         ages: Mapping[str, int] | None = None) -> GameLog[AuctionState]: ...


@overload
def play(game: Literal["goblin-poker"], policies: Policies, *, seed: int = 0,
         options: Any = None, ages: Mapping[str, int] | None = None) -> GameLog[GoblinState]: ...


@overload
def play(game: Literal["orc-poker"], policies: Policies, *, seed: int = 0, options: Any = None,
         ages: Mapping[str, int] | None = None) -> GameLog[OrcState]: ...


@overload
def play(game: Literal["saint-poker"], policies: Policies, *, seed: int = 0,
         options: Any = None, ages: Mapping[str, int] | None = None) -> GameLog[SaintState]: ...


@overload
def play(game: GameRules[S], policies: Policies, *, seed: int = 0, options: Any = None,
         ages: Mapping[str, int] | None = None) -> GameLog[S]: ...


@overload
def play(game: str, policies: Policies, *, seed: int = 0, options: Any = None,
         ages: Mapping[str, int] | None = None) -> GameLog[Any]: ...


def play(game: str | GameRules[S], policies: Sequence[Policy] | Mapping[str, Policy], *,
         seed: int = 0, options: Any = None, ages: Mapping[str, int] | None = None
         ) -> GameLog[S]:
    """Play a whole game: one policy per seat (a sequence, the players then named
    P1, P2, ...; or a mapping from player names), the dealer seeded by ``seed``
    (a whole number). Returns the log (:func:`cardcore.save_log` writes its
    transcript). PolicyError for a policy that is not a callable (or is a class,
    a policy's maker), SetupError for a seed that is no whole number, before
    anything is played.

    >>> from cardcore.play import RandomPolicy
    >>> log = play("saint-poker", {"Aki": RandomPolicy(1), "Ben": RandomPolicy(2)}, seed=3,
    ...            options={"rounds": 2})
    >>> log.outcome.complete, len(log)
    (True, 9)
    """
    players = (tuple(policies) if isinstance(policies, Mapping)
               else _names(len(policies)) if isinstance(policies, Sequence) else ())
    seats = _by_seat(policies, players)
    match = Match(game, players, options, seed=seed, ages=ages)
    step, dealer, asking = match._step, match.dealer, match.asking  # checked above: once
    while step(seats, dealer, asking):
        pass
    return match.log
