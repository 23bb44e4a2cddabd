"""A game being played: a whole game with one policy per seat (:func:`play`), or
one step at a time (:class:`Match`), for programs that drive it themselves.
Both step through the loop's :func:`~cardcore.play.loop.next_event`, which
asks the policies and the dealer; a match adds what a program that drives it
needs: each seat's view, a step that the rules may refuse and that leaves the
match as it was, the parts of a step taken together given one at a time, and
a saved game played on (:meth:`Match.resume`).

What a program gives is checked where it gives it (:func:`play`, :class:`Match`
and its methods: the policies, the seed, a seat, an event's chance fields, a
part).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, Literal, overload

from cardcore.effects import Effect
from cardcore.errors import CardcoreError, RuleViolation
from cardcore.game import GameRules
from cardcore.gamelog import GameLog
from cardcore.hiding import seen_by
from cardcore.play.answers import (
    Answers,
    by_seat,
    not_own_part,
    noted,
    one_name,
    own_part,
    players_of,
    refuse_dealers_fields,
    whose_policy,
)
from cardcore.play.dealer import Dealer, Tentative, stock_difference, stock_of
from cardcore.play.errors import DealerError, PolicyError, RefusedAnswer, ResumeError
from cardcore.play.listing import Listing
from cardcore.play.loop import next_event
from cardcore.play.policies import Asking, FirstSeat, Offer, Policy
from cardcore.play.registry import game_play
from cardcore.play.seam import TrueDeck
from cardcore.play.steps import Whose, check_seat, seats
from cardcore.play.views import View, Views, information_string
from cardcore.protocol import Event, Ruling, S, Setup
from cardcore.quoting import python_quoted, visible
from cardcore.standings import plural
from cardcore.table import names as seat_names
from cardcore.zones import STOCK

if TYPE_CHECKING:  # for the overloads only
    from cardcore.games.auction.state import AuctionState
    from cardcore.games.goblin.state import GoblinState
    from cardcore.games.orc.state import OrcState
    from cardcore.games.saint.state import SaintState

__all__ = ["Match", "Policies", "play"]

Policies = Sequence[Policy] | Mapping[str, Policy]
"""One policy a seat: in seat order, or by player's name."""


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

    A step taken together is taken part by part: :meth:`append` holds a seat's
    part until every seat of the step has given its own, then appends the one
    event they make; until then :meth:`whose` names the seats still to give
    theirs, and :meth:`step` asks only those.

    >>> for seat in match.whose().seats:
    ...     _ = match.append(match.legal(seat)[0])
    ...     print(match.whose().seats, len(match.log))
    (1, 2) 1
    (2,) 1
    (0, 1, 2) 2

    A match starts a new game; :meth:`resume` plays on a saved one.
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
        self._parts: dict[int, Event] = {}
        """The parts given so far of the step taken together now, by seat."""

    @classmethod
    def resume(cls, log: GameLog[S], *, seed: int | Dealer = 0) -> Match[S]:
        """A match that plays on the game of ``log`` (a transcript saved with
        :func:`cardcore.save_log` and read back with :func:`cardcore.load_log`):
        it appends to ``log`` itself, and each seat's view holds the events so far
        as that seat saw them.

        A transcript keeps the events, not the order of the stock, so the dealer
        is given the cards the stock holds (every card of the deck the state knows
        nowhere else) shuffled with ``seed``: fair, as nobody saw that order. A
        :class:`~cardcore.play.Dealer` given instead is taken as it is, as the true
        deck: its stock must hold the game's stock cards, in any order (none before
        the first deal), and the game goes on as the match that saved it would
        have (the dealer of that match, or a :meth:`~cardcore.play.Dealer.copy`).

        Auction's asking convention is told the saved events as if this match had
        asked for them; no transcript keeps a pass, so none is counted, and the
        seat after the last bidder is asked first.

        ResumeError for a game that is over (``log.outcome`` has its result), and
        for a record that leaves a card outside the stock unknown (written "?", or
        left out): only a game whose every such card is known can be played on, as
        a game the library played and saved is (its transcript holds the true
        events). SetupError for a seed that is no whole number of 0 or more.

        >>> from cardcore import GameLog
        >>> from cardcore.games.goblin import Deal
        >>> log = GameLog("goblin-poker", ["Aki", "Ben"])
        >>> _ = log.append(Deal(hands={"Aki": [5, 8, 6, 4, 7, 6], "Ben": [4, 9, 1, 9, 7, 8]}))
        >>> match = Match.resume(log, seed=3)
        >>> match.whose(), len(match.dealer.stock), match.log is log
        (Whose(chance=False, seats=(0, 1), together=True), 43, True)
        """
        if not isinstance(log, GameLog):
            raise ResumeError(f"Match.resume plays on a GameLog (cardcore.load_log reads one "
                              f"from a file), not {python_quoted(log)}")
        state = log.state
        if game_play(log.rules).whose(state).over:
            raise ResumeError(f"the game is over after its {len(log)} events: there is nothing "
                              "to play on (log.outcome has its result); Match.resume plays on "
                              "a game that is not over")
        zones = state.account.zones
        hidden = [f"{plural(held.unknown, 'card')} of {visible(zone)}"
                  for zone, held in zones.items() if zone != STOCK and held.unknown]
        if hidden:
            raise ResumeError(f"the record leaves {', '.join(hidden)} unknown: Match.resume "
                              "plays on a game whose every card outside the stock is known, as "
                              "in a game the library played and saved (its true events); a "
                              'record with cards written "?" or left out can be replayed and '
                              "validated, not played on")
        stock = stock_of(state)
        if not isinstance(seed, Dealer):
            dealer = Dealer(seed)
            dealer.stock = dealer.shuffled(stock)
        elif (seed.stock or state.account.known_totals) and Counter(seed.stock) != Counter(stock):
            raise ResumeError(f"the dealer given holds {stock_difference(seed.stock, stock)}: "
                              "a Dealer given to Match.resume holds the game's true stock (the "
                              "cards nobody has seen, in any order), as the dealer of the "
                              "match that saved it does; give a seed to have them shuffled")
        else:  # its stock is the game's, or nothing is dealt yet (the deal shuffles the deck)
            dealer = seed
        # a match of the log's table, then playing on the log itself (its own new one dropped)
        match = cls(log.rules, log.players, log.options, seed=dealer, ages=log.ages)
        match.log = log
        match._seen.extend(log.events)
        match._ask_as_played()
        return match

    def _ask_as_played(self) -> None:
        """Tell the asking convention the log's events as the loop would have, had
        this match played them (a resumed match): each event of one seat's own
        where a seat is asked, after asking. Passes are the loop's, in no
        transcript: none is told."""
        asking = self.asking
        if isinstance(asking, FirstSeat):  # it remembers nothing
            return
        part, players, events = self.part, self.log.players, self.log.events
        for state, event in zip(self.log.states[:-1], events, strict=True):
            whose = part.whose(state)
            actor = getattr(event, event.ACTOR) if event.ACTOR else None
            if whose.chance or whose.together or not whose.seats or actor not in players:
                continue
            asking.ask(state, whose, partial(part.legal, state))
            asking.answered(state, players.index(actor), event)

    @property
    def state(self) -> S:
        """The true state (every card the dealer dealt is known here)."""
        return self.log.state

    def whose(self) -> Whose:
        """Who takes the next step; in a step taken together, the seats whose part
        is still to come (:meth:`append` holds the parts given)."""
        whose = self.part.whose(self.log.state)
        held = self._parts
        if held:
            return seats(tuple(seat for seat in whose.seats if seat not in held), True)
        return whose

    def legal(self, seat: int) -> Listing:
        """Every event ``seat`` may take now: a :class:`~cardcore.play.listing.Listing`
        always, an empty one when the seat has no step (or has given its part of
        the step taken together now). SeatError for a seat that is none of the
        table's (a whole number from 0 to players - 1)."""
        seat = check_seat(seat, self.log.players)
        if seat in self._parts:
            return Listing(())
        return self.part.legal(self.log.state, seat)

    def append(self, event: Event) -> tuple[Effect, ...]:
        """Complete ``event``'s chance fields with the dealer and append it (a program
        that drives the game itself; a chance event is the dealer's to write).
        Returns the effects the event caused.

        The chance fields are the dealer's (the card Orc Poker's draw turns up,
        the stock cards of Auction's short pile): an event with one filled in is
        refused before the rules see it (DealerError, naming the field; give it
        ``None``), for the rules would judge it against the true deck.

        In a step taken together (``whose().together``) of several seats, an
        event naming one player in its tables (``{"Aki": 4}``) is that seat's
        part: it is held, and ``()`` returned, until every seat of the step has
        given its own; then the parts make one event (the game's ``merge``, in
        seat order), which is completed and appended. A part is judged when it
        is given, with the parts held and the first offer of each seat still to
        come: PolicyError for a part that is not the seat's own (of a kind not
        offered, naming another player) or a second part of a seat,
        RuleViolation for one the rules refuse. A part held is not taken back,
        as a card laid face down is not. While no part is held, an event naming
        every seat of the step is appended at once, as any event.

        An event the rules refuse leaves the match as it was, the parts held
        before it included: try again. The refusal of a seat's own act or part
        is worded as the rules judge it on that seat's view, so that it names no
        card the seat cannot see (not "it is known to be in Ben's hand")."""
        state = self.log.state
        part = self.part
        refuse_dealers_fields(part.dealt, event)
        whose = part.whose(state)
        if whose.together and len(whose.seats) > 1:
            name = one_name(event) if isinstance(event, Event) else None
            if name is not None and name in state.players:
                seat = state.players.index(name)
                self._check_part(seat, event, state, whose,
                                 lambda: f"{name}'s part {information_string(event)} cannot be "
                                         "taken")
                return self._give({seat: event}, state, whose)
            if self._parts:
                held = seat_names(state.players, sorted(self._parts))
                waiting = seat_names(state.players, self.whose().seats)
                raise PolicyError(f"{held} gave a part of this step: it is taken part by part "
                                  f"now, and {waiting} still give theirs, each an event naming "
                                  "only its own player (one of match.legal(seat))")
        try:
            return self._appended(lambda dealer: part.complete(state, event, dealer))
        except RuleViolation as error:
            refused = error
        # worded out of the except clause: the true refusal is no context of the seat's
        raise self._as_seen(refused, event, self._actor_seat(event)) from None

    def _check_part(self, seat: int, answer: object, state: S, whose: Whose,
                    asked: Callable[[], str], offers: Listing | None = None,
                    policy: tuple[int, str] | None = None) -> Event:
        """``answer``, if it can be ``seat``'s part of the step taken together now
        (``whose``): a part of a seat of the step that has given none yet, its
        own (an event of a kind offered, naming no other player). PolicyError
        otherwise (``asked()`` says who answered what, for the message),
        DealerError for a chance field filled in. ``offers``: the seat's, where
        the caller has them already (a policy was just given them); ``policy``:
        the seat and player whose policy answered, where one did."""
        players = state.players
        name = players[seat]
        if seat not in whose.seats:
            raise PolicyError(f"{name} has no part in this step: "
                              f"{seat_names(players, whose.seats)} take it")
        if seat in self._parts:
            waiting = seat_names(players, [s for s in whose.seats if s not in self._parts])
            raise PolicyError(f"{name} gave a part of this step already: a part is held as "
                              f"given (a card laid face down) until {waiting} give theirs")
        if offers is None:
            offers = self.part.legal(state, seat)
        if not isinstance(answer, Event) or not own_part(answer, name, offers):
            raise not_own_part(asked(), name, offers)
        refuse_dealers_fields(self.part.dealt, answer, policy)
        return answer

    def _give(self, given: Mapping[int, Event], state: S, whose: Whose) -> tuple[Effect, ...]:
        """Hold the parts ``given`` (checked: :meth:`_check_part`) with those held;
        once every seat of the step has given its own, append the event they make
        and hold none. The effects of that event, or ``()`` while parts are still
        to come. A refused part or event leaves the parts held as they were.

        A part to be held is judged first, in an event of the parts held and the
        first offer of each seat still to come (the dealer left as it was): so
        the parts held always make an event the rules take, whoever gives the
        last part, and a refusal is the part's own. A refusal is worded from
        the view of the seat whose part it is (:meth:`_as_seen`)."""
        parts = {**self._parts, **given}
        part = self.part
        events = [parts[seat] if seat in parts else part.legal(state, seat)[0]
                  for seat in whose.seats]
        merged = part.merge(events)
        to_come = len(parts) < len(whose.seats)
        before = len(self.log)
        try:
            if to_come:
                self.rules.apply(state, self._completed(merged))
                self._parts = parts
                return ()
            return self._appended(lambda dealer: part.complete(state, merged, dealer))
        except RuleViolation as error:
            refused = error
        finally:
            if len(self.log) != before:  # taken (an interrupt may come once the log took it)
                self._parts = {}
        # worded out of the except clause: the true refusal is no context of the seat's
        raise self._as_seen(refused, merged, self._part_seat(refused, merged, given)) from None

    def _completed(self, event: Event) -> Event:
        """``event`` with its chance fields filled in as the dealer would fill them
        now, the dealer left as it was (an event tried, not taken)."""
        dealer = Tentative(self.dealer)
        try:
            return self.part.complete(self.log.state, event, dealer)
        finally:
            dealer.undo()

    def _actor_seat(self, event: Event) -> int | None:
        """The seat whose act ``event`` is (None: nobody's, or not a player's)."""
        field = event.ACTOR if isinstance(event, Event) else None
        actor = getattr(event, field, None) if field else None
        players = self.log.players
        return players.index(actor) if actor in players else None

    def _answering_seat(self, event: Event, error: RuleViolation) -> int | None:
        """The seat whose policy answered ``event``, which the rules refused: a
        ruling's is the seat asked for it (its player is the table's pick), a
        step taken together's the seat whose part the refusal points at, any
        other event's its actor's."""
        if type(event) is Ruling:
            whose = self.whose()
            return whose.seats[0] if whose.seats else None
        seat = self._actor_seat(event)
        return seat if seat is not None else self._part_seat(error, event, {})

    def _part_seat(self, error: RuleViolation, event: Event, given: Mapping[int, Event]
                   ) -> int | None:
        """The seat whose part of ``event`` (merged) the rules refused: the one part
        just given, else the player the refusal points at (``("cards", "Aki")``)."""
        if len(given) == 1:
            return next(iter(given))
        path = error.path
        players = self.log.players
        if len(path) > 1 and path[0] in event.NAMED and path[1] in players:
            return players.index(str(path[1]))
        return None

    def _as_seen(self, error: RuleViolation, event: Event, seat: int | None) -> RuleViolation:
        """``error``, the rules' refusal of ``event`` (as given, its chance fields
        not filled in), as they word it judging the event on ``seat``'s view: the
        true state knows every card, and its refusal may say where a card is that
        the seat cannot see ("7 is known to be in Ben's hand"); the seat's names
        only what it may know. ``error`` itself for no seat (an event of nobody's
        given whole), and when the view takes the event (what is wrong is
        nothing the seat could see)."""
        if seat is None:
            return error
        view = self.views[seat]
        player = view.player
        unseen = tuple(self.part.dealt.get(type(event), ()))
        try:
            view.rules.apply(view.state, seen_by(self._completed(event), player, unseen))
        except RuleViolation as own:
            # the others' parts and the dealer's cards are unknown to the seat, so the
            # rules may refuse them as unknown ("must be named, not '?'"): not its fault
            kept = [problem for problem in own.problems
                    if not _elsewhere(problem.path, event, player, unseen)]
            if kept:
                return RuleViolation.several(kept)
        except CardcoreError:  # the view cannot judge it
            pass
        # the seat sees nothing wrong: the true refusal is about cards it cannot see,
        # which it must not name
        return RuleViolation(error.rule, f"the rules refuse {player}'s {event.TYPE} here for "
                                         f"cards {player} cannot see")

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
        3.11+). A policy's answer the rules refuse raises
        :class:`~cardcore.play.errors.RefusedAnswer` (a RuleViolation that names
        the seat whose policy answered it) and leaves the match as it was (the
        log, the dealer, the convention asking the seats): the step can be tried
        again.

        Answers are checked as :meth:`append` checks an event: one with a chance
        field filled in is refused (DealerError), and the refusal of a seat's
        act is worded from its view. In a step taken together only the seats
        still to give their part are asked (:meth:`whose`: those whose part
        :meth:`append` does not hold), and every answer must be the seat's own
        part (PolicyError naming the seat otherwise); their parts and those
        held make the event. The rules' refusal of it is worded from the view of
        the seat whose part it points at, and leaves the parts held before the
        step as they were: none of the step's answers is held."""
        seats = by_seat(policies, self.log.players)
        if self.part.whose(self.log.lend()).together:
            return self._step_together(seats)
        dealer = Tentative(self.dealer)
        asking = self.asking
        told = None if isinstance(asking, FirstSeat) else _Told(asking)
        answers = Answers()
        before = len(self.log)
        try:
            going = self._step([answers.of(policy) for policy in seats], dealer,
                               asking if told is None else told)
        except BaseException as error:
            if len(self.log) == before:
                dealer.undo()
            elif told is not None:  # an interrupt once the log took the event
                told.tell()
            answer = answers.answer
            if not isinstance(error, RuleViolation) or answer is None:
                raise
            refused = error
        else:
            if told is not None:
                told.tell()
            return going
        # worded out of the except clause: the true refusal is no context of the seat's
        seen = self._as_seen(refused, answer, self._actor_seat(answer))
        seat = self._answering_seat(answer, refused)
        if seat is None:
            raise seen from None
        raise RefusedAnswer(seen, seat, self.log.players[seat]) from None

    def _step_together(self, policies: Sequence[Policy]) -> bool:
        """A step taken together: ask each seat still to give its part, check each
        answer as a part, and give them all at once (:meth:`_give`)."""
        state = self.log.state
        whose = self.part.whose(state)
        legal = self.part.legal
        given: dict[int, Event] = {}
        for seat in self.whose().seats:
            offers = legal(state, seat)
            try:
                answer = policies[seat](self.views[seat], offers)
            except Exception as error:  # the policy's own: it goes on, saying whose it is
                noted(error, seat, state.players[seat], self.views)
                raise
            given[seat] = self._check_part(
                seat, answer, state, whose,
                partial("{} answered {!r}".format, whose_policy(seat, state.players[seat]),
                        answer), offers, (seat, state.players[seat]))
        self._give(given, state, whose)  # every seat's part: taken, or none held
        return True

    def _step(self, policies: Sequence[Policy], dealer: TrueDeck, asking: Asking) -> bool:
        """One step, nothing checked and nothing to take back: :func:`play`'s loop,
        which checked its policies once and has no use for a refused event's match."""
        # decided on the log's working state: nothing of it is kept past the step
        # (cardcore.play.seam.GamePlay), and the log freezes a state only when read
        event = next_event(self.part, self.log.lend(), dealer, asking, policies, self._views)
        if event is None:
            return False
        if isinstance(event, Event):
            try:
                self.log.append(event)
            except RuleViolation as error:  # a policy's answer: say whose
                seat = self._answering_seat(event, error)
                if seat is None:
                    raise
                raise RefusedAnswer(error, seat, self.log.players[seat]) from None
            self._seen.append(event)
        return True


def _elsewhere(path: tuple[object, ...], event: Event, player: str,
               unseen: tuple[str, ...]) -> bool:
    """Whether a problem at ``path`` of ``event`` is in what ``player`` cannot see
    of it: another player's entry of a table by player, or a dealer's field."""
    return bool(path) and (path[0] in unseen or (
        len(path) > 1 and path[0] in event.NAMED and path[1] != player))


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
    P1, P2, ...; or a mapping from player names, in its order), the dealer
    seeded by ``seed`` (a whole number of 0 or more: -5 would deal the game of
    5). Returns the log (:func:`cardcore.save_log` writes its transcript).
    PolicyError for policies that are neither a sequence nor a mapping (a
    string, a generator) and for a policy that is not a callable (or is a class,
    a policy's maker), SetupError for a seed that is no whole number of 0 or
    more, before anything is played.

    >>> from cardcore.play import RandomPolicy
    >>> log = play("saint-poker", {"Aki": RandomPolicy(1), "Ben": RandomPolicy(2)}, seed=3,
    ...            options={"rounds": 2})
    >>> log.outcome.complete, len(log)
    (True, 9)
    """
    players = players_of(policies)
    seats = by_seat(policies, players)
    match = Match(game, players, options, seed=seed, ages=ages)
    step, dealer, asking = match._step, match.dealer, match.asking  # checked above: once
    while step(seats, dealer, asking):
        pass
    return match.log
