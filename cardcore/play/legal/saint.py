"""Saint Poker for a program that plays it (:mod:`cardcore.play`): whose step it
is, the events a seat may take, and the dealer's chance events.

A seat's steps are its card for the river (SP-2.2) and its two cards shown
(SP-2.3), both taken together with the others', and its refill picks (SP-2.6).
The two cards shown are a set, listed once, low first (as Auction's shown cards
are): the rules give them no order (both are valued with the river, SP-2.4, and
both go to the pool, SP-2.6), and a show of the same two in either order leads
to an equal state, so listing both orders would offer one choice twice (and
give a program two action numbers for it: :func:`actions` has one per set, and
:func:`action` keys a show given in either order the same).
At a table choice of the refill order each admissible seat may take a card,
which settles the choice for itself, or make a ruling naming any admissible
player. Chance's are the deal (SP-1) and the new future river (SP-2.1), which
the dealer adds to the players' river cards (and leaves out in the last round,
where it is never used).
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations

from cardcore.cards import CARD_ORDER, Card
from cardcore.decks import STANDARD_DECK
from cardcore.eventfields import unchecked
from cardcore.frozen import FrozenMap
from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.refill import next_pickers
from cardcore.games.saint.state import HAND_SIZE, POOL, Phase, SaintState, hand
from cardcore.play.listing import Listing, Segment, listed, nth_combination
from cardcore.play.seam import GamePlay, TrueDeck
from cardcore.play.steps import CHANCE, OVER, Whose, seats
from cardcore.protocol import Event, Ruling

__all__ = ["PLAY"]

_DECK = tuple(sorted(STANDARD_DECK.counts))



_deal, _river, _show = unchecked(Deal), unchecked(River), unchecked(Show)
_take, _ruling = unchecked(Take), unchecked(Ruling)
"""The events this module makes, made without the field checks (its values are
read off a state, right and frozen: cardcore.eventfields.unchecked)."""


def _cards(state: SaintState, zone: str) -> list[Card]:
    """The known cards of a zone, low first (one deck: no copies)."""
    return sorted(state.account.zone(zone).known, key=CARD_ORDER)


def _pairs(name: str, cards: list[Card]) -> Segment:
    """Every two of ``cards`` (low first) to show: each set once, low card first,
    in the order of :func:`itertools.combinations`; built when read."""
    count = len(cards)

    def build(index: int) -> Show:
        return _show(cards=FrozenMap({name: nth_combination(cards, 2, index)}))

    return "show", count * (count - 1) // 2, build


def whose(state: SaintState) -> Whose:
    phase = state.phase
    if phase is Phase.REFILL:
        return seats(next_pickers(state)[0])
    if phase is Phase.RIVER or phase is Phase.SHOW:
        return seats(tuple(range(len(state.players))), together=True)
    return OVER if phase is Phase.OVER else CHANCE


def legal(state: SaintState, seat: int) -> Listing:
    phase = state.phase
    players = state.players
    name = players[seat]
    if phase is Phase.RIVER:
        return Listing([listed("river", _cards(state, hand(name)),
                               lambda c: _river(cards=FrozenMap({name: c})))])
    if phase is Phase.SHOW:
        return Listing([_pairs(name, _cards(state, hand(name)))])
    if phase is not Phase.REFILL:
        return Listing(())
    seats, choice = next_pickers(state)
    if seat not in seats:
        return Listing(())
    segments = [listed("take", _cards(state, POOL), lambda c: _take(player=name, card=c))]
    if choice:
        segments.append(listed("ruling", [players[s] for s in seats],
                               lambda chosen: _ruling(player=chosen)))
    return Listing(segments)


def chance(state: SaintState, dealer: TrueDeck) -> Event:
    hands = dealer.deal(STANDARD_DECK, state.players, HAND_SIZE)
    return _deal(hands=hands, future=dealer.top(state.future_size))


def complete(state: SaintState, event: Event, dealer: TrueDeck) -> Event:
    """The new future river, dealt face up as the round starts (SP-2.1)."""
    if isinstance(event, River) and event.future is None:
        size = state.future_size
        if size and state.round + 1 < state.options.rounds:
            return _river(cards=event.cards, future=dealer.draw(state, size), note=event.note)
    return event




def actions(players: int) -> tuple[Hashable, ...]:
    """River each card, show each two cards (a set: one action, low card first),
    take each card, a ruling naming each seat."""
    names = [str(card) for card in _DECK]
    return (*(("river", c) for c in names), *(("show", *two) for two in combinations(names, 2)),
            *(("take", c) for c in names), *(("ruling", seat) for seat in range(players)))


def action(state: SaintState, event: Event) -> Hashable:
    if isinstance(event, River):
        return ("river", *map(str, event.cards.values()))
    if isinstance(event, Show):  # the cards low first, in whatever order they are given
        return ("show", *map(str, sorted([card for cards in event.cards.values()
                                          for card in cards], key=CARD_ORDER)))
    if isinstance(event, Take):
        return ("take", str(event.card))
    if isinstance(event, Ruling):
        return ("ruling", state.players.index(event.player))
    return (event.TYPE,)


PLAY: GamePlay[SaintState] = GamePlay(whose=whose, legal=legal, chance=chance, complete=complete,
                                      actions=actions, action=action,
    dealt={River: {"future": "deals the new future river from the stock"}})
