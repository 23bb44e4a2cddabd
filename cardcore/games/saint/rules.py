"""Saint Poker rules (RULES.md SP-1 to SP-3): one function per event kind.

Every function takes the state before the event and returns the state after it
with the effects the event caused, or raises :class:`RuleViolation`. The
refill order (SP-2.6) is worked out in :mod:`cardcore.games.saint.refill`.

Card accounting uses these zones: the stock, the future river, the river (the
current river while it is built), each player's hand and shown cards, the pool
(the river and every shown card once the round is scored) and the discard.
Every card of the rivers, of a show and of a take is face up for everyone and
must be named (C-3); hands may stay unknown.

Decisions where RULES.md and TRANSCRIPT.md are silent:

* A ``future`` left out where it is required (before the last round, with 2-4
  players) is C-3 at the event: face-up cards went unrecorded, as with a reveal
  that leaves a player out (docs/rulings.md). A ``future`` of the wrong size is
  SP-1.2 at ``deal`` and SP-2.1 at ``river``; a recorded last-round future must
  have the right size too. ``deal`` always has ``future`` (TRANSCRIPT.md makes
  it required), so with 5 players it is ``[]``; ``river`` may omit it or give ``[]``.
* A player left out of a ``river`` or ``show`` is C-3 at ``cards``; a show of
  other than two cards is SP-2.3. In a list, card accounting (C-1, C-2, C-3)
  is checked before its size, as the common rules come before the game's own.
* Points lost to rounding (SP-2.5) are not awarded to anyone and not carried
  over; a share of 0 makes no transfer.
* A table choice among equal hands (SP-2.6 ruling) is settled by a ``ruling``
  or by the first ``take`` of an admissible player, and holds for both passes.
  It fixes one place at a time: with three or more equal hands a second choice
  may follow. How far partly given ages decide: see :mod:`.refill`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from cardcore.cards import Card
from cardcore.decks import STANDARD_DECK
from cardcore.effects import BANK, Effect, Transfer
from cardcore.errors import RuleViolation
from cardcore.evolve import evolve
from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.options import SaintOptions
from cardcore.games.saint.refill import (
    candidates,
    choice_reason,
    fix_forced,
    groups,
    next_pickers,
    order_text,
    pick_reason,
    refusal,
)
from cardcore.games.saint.state import (
    DISCARD,
    FUTURE,
    HAND_SIZE,
    POOL,
    RIVER,
    STOCK,
    Phase,
    SaintState,
    hand,
    shown,
)
from cardcore.options import game_options
from cardcore.poker import best_hand
from cardcore.protocol import Event, Expected, Outcome, Ruling, SetupError, check_players
from cardcore.standings import point_outcome
from cardcore.table import names, needless_ruling, not_now, over, seat_of
from cardcore.zones import CardAccount

__all__ = ["apply", "expected", "outcome", "position", "start"]

SHOW_SIZE = 2
"""Cards each player shows (SP-2.3)."""
_KIND: Final = {Phase.DEAL: "deal", Phase.RIVER: "river", Phase.SHOW: "show", Phase.REFILL: "take"}
"""The one event kind each phase waits for (besides ``check`` and, in a table
choice, ``ruling``); :func:`expected` says it in words."""
Step = tuple[SaintState, tuple[Effect, ...]]


def start(
    players: Sequence[str],
    options: SaintOptions | None = None,
    *,
    ages: Mapping[str, int] | None = None,
) -> SaintState:
    """The state before the deal; ``ages`` (a transcript's ``ages``) order equal
    hands in the refill (SP-2.6) and may name only some players, or none."""
    options = game_options(options, SaintOptions, "Saint Poker")
    seated = check_players(players, 2, 5, "Saint Poker")
    given = dict(ages or {})
    for name, age in given.items():
        if name not in seated:
            message = f"{name!r} has an age but does not sit at this table ({', '.join(seated)})"
            raise SetupError(message)
        if not isinstance(age, int) or isinstance(age, bool) or age < 0:
            raise SetupError(f"{name}'s age must be a whole number of 0 or more, not {age!r}")
    return SaintState(
        options=options,
        players=seated,
        ages=tuple(given.get(name) for name in seated),
        scores=(0,) * len(seated),
    )


# -- what comes next -------------------------------------------------------------


def _over_why(state: SaintState) -> str:
    return f"round {state.round} was the last and has no refill (SP-2.7)"


def expected(state: SaintState) -> Expected:
    players = state.players
    phase = state.phase
    if phase is Phase.OVER:
        return Expected(kinds=frozenset(), text=f"the game is over: {_over_why(state)}")
    if phase is Phase.DEAL:
        return Expected(
            kinds=frozenset({"deal"}),
            text="the game starts with a deal: 10 cards each and the future river (SP-1)",
        )
    if phase is Phase.RIVER:
        return Expected(
            kinds=frozenset({"river"}),
            text=f"round {state.round + 1} starts with a river: every player adds a card "
            "to the river (SP-2.1, SP-2.2)",
        )
    if phase is Phase.SHOW:
        return Expected(kinds=frozenset({"show"}), players=players,
                        text="every player shows two cards (SP-2.3)")
    seats, choice = next_pickers(state)
    if choice:
        return Expected(
            kinds=frozenset({"take", "ruling"}),
            players=tuple(players[s] for s in seats),
            choice=True,
            text=f"the next pick is a table choice: {choice_reason(state, seats)} (SP-2.6); "
            "a ruling, or the first take by one of them",
        )
    name = players[seats[0]]
    return Expected(
        kinds=frozenset({"take"}),
        players=(name,),
        text=f"{name} takes a card from the pool: {pick_reason(state, seats[0])} (SP-2.6)",
    )


def outcome(state: SaintState) -> Outcome:
    return point_outcome(state.players, state.scores, state.complete)


def position(state: SaintState) -> str:
    phase = state.phase
    if phase is Phase.OVER:
        return "after the game"
    if phase is Phase.DEAL:
        return "setup"
    if phase is Phase.RIVER:
        return f"round {state.round + 1}"
    if phase is Phase.SHOW:
        return f"round {state.round}"
    return f"round {state.round}, refill"


# -- applying events ---------------------------------------------------------------


def apply(state: SaintState, event: Event) -> Step:
    if state.phase is Phase.OVER:
        raise over(event, _over_why(state))
    if isinstance(event, Ruling):
        return _ruling(state, event)
    if _KIND[state.phase] != event.TYPE:
        raise not_now(event, expected(state))
    if isinstance(event, Deal):
        return _deal(state, event)
    if isinstance(event, River):
        return _river(state, event)
    if isinstance(event, Show):
        return _show(state, event)
    if isinstance(event, Take):
        return _take(state, event)
    raise not_now(event, expected(state))


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join(str(card) for card in cards) or "none"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _future(
    state: SaintState, account: CardAccount[Card], cards: Sequence[Card | None], rule: str
) -> CardAccount[Card]:
    """Deal a future river face up from the stock (SP-1.2, SP-2.1)."""
    account = account.move_cards(STOCK, FUTURE, cards, path=("future",))
    for index, card in enumerate(cards):
        if card is None:
            message = "the future river is dealt face up: its cards must be named, not '?'"
            raise RuleViolation("C-3", message, ("future", index))
    size = state.future_size
    if len(cards) != size:
        count = len(state.players)
        message = (
            f"the future river has {_plural(size, 'card')} with {count} players, "
            f"not {len(cards)}"
        )
        raise RuleViolation(rule, message, ("future",))
    return account


def _deal(state: SaintState, event: Deal) -> Step:
    players = state.players
    account = CardAccount.shuffled(STANDARD_DECK, STOCK)
    known = event.hands or {}
    for name, cards in known.items():
        seat_of(players, name, "hands", name)
        account = account.move_cards(STOCK, hand(name), cards, path=("hands", name))
        if len(cards) != HAND_SIZE:
            message = f"{name}'s hand has {len(cards)} cards; each player is dealt {HAND_SIZE}"
            raise RuleViolation("SP-1.1", message, ("hands", name))
    for name in players:
        if name not in known:
            account = account.deal(STOCK, hand(name), HAND_SIZE)
    account = _future(state, account, event.future, "SP-1.2")
    seats = range(len(players))
    future = (f"the future river, face up: {_cards(event.future)}" if event.future
              else f"no future river with {len(players)} players")
    effects = (
        Effect(kind="deal", rule="SP-1.1", players=players,
               text=f"{HAND_SIZE} cards each to {names(players, seats)}"),
        Effect(kind="future", rule="SP-1.2", text=future),
    )
    return evolve(state, phase=Phase.RIVER, account=account), effects


def _river(state: SaintState, event: River) -> Step:
    players = state.players
    number = state.round + 1
    last = number == state.options.rounds
    moved = state.account.zone(FUTURE).known_cards()
    account = state.account.move_all(FUTURE, RIVER)
    size = state.future_size
    if event.future is None:
        if size and not last:
            message = (
                f"the new future river ({_plural(size, 'card')}) is dealt face up and must be "
                "recorded: 'future' may be left out only in the last round (SP-2.1)"
            )
            raise RuleViolation("C-3", message)
    else:
        account = _future(state, account, event.future, "SP-2.1")
    for name, card in event.cards.items():
        seat_of(players, name, "cards", name)
        if card is None:
            message = f"{name}'s river card is face up for everyone and must be named, not '?'"
            raise RuleViolation("C-3", message, ("cards", name))
        try:
            account = account.move(hand(name), RIVER, card, verb="played from")
        except RuleViolation as error:
            raise error.at("cards", name) from None
    missing = [seat for seat, name in enumerate(players) if name not in event.cards]
    if missing:
        message = (
            f"{names(players, missing)} must add a card to the river too: every player "
            "adds one (SP-2.2)"
        )
        raise RuleViolation("C-3", message, ("cards",))
    added = [card for name in players if (card := event.cards[name]) is not None]
    if not size:
        text = f"round {number}: there is no future river with {len(players)} players"
    else:
        text = f"round {number}: the future river {_cards(moved)} moves to the centre"
        if event.future is None:
            text += "; the new future river is not recorded (the last round never uses it)"
        elif last:
            text += f"; the new future river {_cards(event.future)} is never used (last round)"
        else:
            text += f"; the new future river is {_cards(event.future)}"
    effects = (
        Effect(kind="river", rule="SP-2.1", text=text),
        Effect(kind="river_cards", rule="SP-2.2", players=players,
               text=f"the river: {_cards([*moved, *added])}"),
    )
    new = evolve(state, phase=Phase.SHOW, round=number, account=account)
    return new, effects


def _show(state: SaintState, event: Show) -> Step:
    players = state.players
    account = state.account
    named: dict[str, list[Card]] = {}
    for name, cards in event.cards.items():
        seat_of(players, name, "cards", name)
        named[name] = []
        for index, card in enumerate(cards):
            if card is None:
                message = f"{name}'s shown cards are face up for everyone and must be named, not '?'"
                raise RuleViolation("C-3", message, ("cards", name, index))
            named[name].append(card)
        account = account.move_cards(hand(name), shown(name), cards, path=("cards", name),
                                     verb="shown from")
        if len(cards) != SHOW_SIZE:
            message = f"{name} shows {_plural(len(cards), 'card')}: each player shows two"
            raise RuleViolation("SP-2.3", message, ("cards", name))
    missing = [seat for seat, name in enumerate(players) if name not in event.cards]
    if missing:
        message = f"{names(players, missing)} must show two cards too: every player shows (SP-2.3)"
        raise RuleViolation("C-3", message, ("cards",))
    river = account.zone(RIVER).known_cards()
    wheel = state.options.wheel
    hands = tuple(best_hand([*river, *named[name]], wheel=wheel) for name in players)
    effects = [
        Effect(kind="hand", rule="SP-2.4", players=(name,), text=f"{name}: {hands[seat]}")
        for seat, name in enumerate(players)
    ]
    new, scored = _score(evolve(state, account=account, hands=hands))
    effects.append(scored)
    if new.last_round:
        best = max(new.scores)
        winners = [seat for seat, points in enumerate(new.scores) if points == best]
        total = _plural(best, "point")
        text = (f"{players[winners[0]]} wins with {total}" if len(winners) == 1
                else f"{names(players, winners)} share the win with {total} each")
        effects += [
            Effect(kind="last_round", rule="SP-2.7",
                   text=f"round {new.round} was the last: no refill, the game is over"),
            Effect(kind="win", rule="SP-3.1", players=tuple(players[s] for s in winners),
                   text=text),
        ]
        return evolve(new, phase=Phase.OVER), tuple(effects)
    account = new.account.move_all(RIVER, POOL)
    for name in players:
        account = account.move_all(shown(name), POOL)
    new = evolve(new, phase=Phase.REFILL, account=account, picks=0,
                       order=fix_forced((), groups(hands), new.ages))
    effects.append(Effect(kind="refill_order", rule="SP-2.6", players=players,
                          text=order_text(new)))
    return new, tuple(effects)


def _score(state: SaintState) -> tuple[SaintState, Effect]:
    """SP-2.5: the best hand scores r points; equal best hands split r, rounded down."""
    players = state.players
    best = max(state.hands)
    winners = [seat for seat, value in enumerate(state.hands) if value == best]
    points = state.round
    share = points // len(winners)
    scores = list(state.scores)
    for seat in winners:
        scores[seat] += share
    transfers = tuple(
        Transfer(payer=BANK, receiver=players[seat], amount=share, rule="SP-2.5")
        for seat in winners if share
    )
    if len(winners) == 1:
        text = (f"{players[winners[0]]} has the best hand and scores "
                f"{_plural(points, 'point')} in round {points}")
    else:
        rounded = " (rounded down)" if points % len(winners) else ""
        text = (f"{names(players, winners)} tie for the best hand: they split "
                f"{_plural(points, 'point')} of round {points}, {share} each{rounded}")
    effect = Effect(kind="score", rule="SP-2.5", players=tuple(players[s] for s in winners),
                    transfers=transfers, text=text)
    return evolve(state, scores=tuple(scores)), effect


def _choose(state: SaintState, seat: int) -> Step:
    """A table choice settled (SP-2.6 ruling): ``seat`` picks next among equal hands."""
    players = state.players
    ranking = groups(state.hands)
    admissible = candidates(state.order, ranking, state.ages)
    group = next(g for g in ranking if seat in g)
    first = "next" if set(group) & set(state.order) else "first"
    effect = Effect(
        kind="choice", rule="SP-2.6", players=(players[seat],),
        text=f"the table chooses {players[seat]} to pick {first} among "
        f"{names(players, admissible)} (equal hands, {state.hands[seat]})",
    )
    order = fix_forced((*state.order, seat), ranking, state.ages)
    return evolve(state, order=order), (effect,)


def _ruling(state: SaintState, event: Ruling) -> Step:
    seat = seat_of(state.players, event.player, "player")
    seats, choice = next_pickers(state) if state.phase is Phase.REFILL else ((), False)
    if not choice:
        raise needless_ruling(expected(state).text)
    if seat not in seats:
        message = f"{event.player} cannot be chosen to pick next: {refusal(state, seat, seats)} (SP-2.6)"
        raise RuleViolation("C-8", message, ("player",))
    return _choose(state, seat)


def _take(state: SaintState, event: Take) -> Step:
    players = state.players
    seat = seat_of(players, event.player, "player")
    seats, choice = next_pickers(state)
    if seat not in seats:
        if choice:
            message = f"{event.player} cannot take a card now: {refusal(state, seat, seats)} (SP-2.6)"
        else:
            message = (
                f"{event.player} cannot take a card now: it is {players[seats[0]]}'s pick, "
                f"since {pick_reason(state, seats[0])} (SP-2.6)"
            )
        raise RuleViolation("C-5", message, ("player",))
    effects: tuple[Effect, ...] = ()
    if choice:
        state, effects = _choose(state, seat)
    if event.card is None:
        message = "a card taken from the pool is face up for everyone and must be named, not '?'"
        raise RuleViolation("C-3", message, ("card",))
    try:
        account = state.account.move(POOL, hand(event.player), event.card, verb="taken from")
    except RuleViolation as error:
        raise error.at("card") from None
    picks = state.picks + 1
    if picks < 2 * len(players):
        return evolve(state, account=account, picks=picks), effects
    left = account.zone(POOL).known_cards()
    discard = Effect(
        kind="discard", rule="SP-2.6",
        text=f"the {_plural(len(left), 'card')} left in the pool are discarded: {_cards(left)}",
    )
    account = account.move_all(POOL, DISCARD)
    new = evolve(state, phase=Phase.RIVER, account=account, hands=(), order=(), picks=0)
    return new, (*effects, discard)
