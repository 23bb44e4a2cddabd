"""Auction's choices for the simulation driver (:mod:`cardcore.simulation`).

The secret is the order of the stock after each deal; every hand is known to
the simulator from the state (hands are recorded in the deal, and so are the
stock cards that make up a short pile), so a bid is always one the bidder's
hand can make and the win lays cards that form it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from cardcore.cards import JOKER_RANK, SUITS, Card, rank_name
from cardcore.games.auction.bids import GROUPS, Bid, kind_name, straight_tops
from cardcore.games.auction.events import BidEvent, Deal, Declare, Flip, Show, Win
from cardcore.games.auction.forms import fault
from cardcore.games.auction.rules import drawn_from_stock
from cardcore.games.auction.state import (
    DECLARE_PILE,
    HAND_SIZE,
    AuctionState,
    Phase,
    deck_for,
    hand,
)
from cardcore.poker import Category, best_five, best_hand
from cardcore.protocol import Event, Turn
from cardcore.simulation import Simulator, known, shuffled_hands

if TYPE_CHECKING:  # the driver hands in the random.Random; validating never loads random
    import random

__all__ = ["SIMULATOR", "offers"]

UNRECORDED_CHANCE: Final = 0.2
"""How often an auction is won without a recorded bid."""
WIN_CHANCE: Final = 0.4
"""After a bid, how often the standing bidder wins at once."""
DECLARE_CHANCE: Final = 0.08
"""How often a player declares when the pile allows it (rarely enough that some
hands run the stock out, AU-4.2)."""
BEST_DECLARES: Final = 0.75
"""How often the declarer is a player with the best hand (else anyone)."""
WHOLE_HAND_CHANCE: Final = 0.5
"""How often a player shows the whole hand rather than five cards."""

Stock = tuple[Card, ...]
Offer = tuple[Bid, tuple[Card, ...]]


@functools.lru_cache(maxsize=1024)
def offers(cards: tuple[Card, ...], wheel: bool) -> tuple[Offer, ...]:
    """The strongest bids a hand (sorted, as :func:`known` gives it) can make,
    each with cards that form it. Cached: a hand changes only when it wins, and
    every player's offers are looked at for every bid.

    >>> from cardcore.cards import parse_card
    >>> hand = tuple(sorted(parse_card(c) for c in "KS KH KD 5C 5S JK JK AS".split()))
    >>> sorted({kind_name(bid.kind) for bid, _ in offers(hand, True)})
    ['full_house', 'pair', 'single', 'three', 'two_pair']
    >>> max((bid for bid, _ in offers(hand, True)), key=lambda bid: bid.key if bid.kind is Category.HIGH_CARD else ()).ranks
    (15,)
    """
    distinct = list(dict.fromkeys(cards))
    jokers = sum(card.is_joker for card in cards)
    by_rank: dict[int, list[Card]] = {}
    for card in distinct:
        if not card.is_joker:
            by_rank.setdefault(card.rank, []).append(card)
    found: list[Offer] = [(Bid(Category.HIGH_CARD, (c.rank,), c.suit), (c,))
                          for c in distinct if not c.is_joker]
    if jokers:  # a single joker, the highest single card (AU-2.5)
        found.append((Bid(Category.HIGH_CARD, (JOKER_RANK,)), (Card(JOKER_RANK, ""),)))
    groups = {2: Category.PAIR, 3: Category.THREE_OF_A_KIND, 4: Category.FOUR_OF_A_KIND}
    for size, kind in groups.items():
        found += [(Bid(kind, (rank,)), tuple(group[:size]))
                  for rank, group in by_rank.items() if len(group) >= size]
        if jokers >= size:
            found.append((Bid(kind, (JOKER_RANK,)), (Card(JOKER_RANK, ""),) * size))
    pairs = sorted((r for r, g in by_rank.items() if len(g) >= 2), reverse=True)
    for i, high in enumerate(pairs):
        for low in pairs[i + 1:]:
            found.append((Bid(Category.TWO_PAIR, (high, low)),
                          (*by_rank[high][:2], *by_rank[low][:2])))
        if len(by_rank[high]) >= 3:
            for low in pairs:
                if low != high:
                    found.append((Bid(Category.FULL_HOUSE, (high, low)),
                                  (*by_rank[high][:3], *by_rank[low][:2])))
    for top, ranks in straight_tops(set(by_rank), wheel):
        found.append((Bid(Category.STRAIGHT, (top,)), tuple(by_rank[r][0] for r in ranks)))
    for suit in SUITS:
        suited = {card.rank: card for card in distinct if card.suit == suit}
        if len(suited) >= 5:
            top5 = sorted(suited, reverse=True)[:5]
            found.append((Bid(Category.FLUSH, tuple(top5)), tuple(suited[r] for r in top5)))
            for top, ranks in straight_tops(set(suited), wheel):
                found.append((Bid(Category.STRAIGHT_FLUSH, (top,)),
                              tuple(suited[r] for r in ranks)))
    return tuple(found)


def _namings(bid: Bid, standing: Bid | None) -> list[Bid]:
    """The ways to name a bid the cards of ``bid`` back (AU-2.7, AU-7.2)."""
    if bid.kind is Category.HIGH_CARD:
        plain = Bid(bid.kind, bid.ranks)
        if bid.suit is not None and standing is not None and standing.kind is bid.kind \
                and standing.ranks == bid.ranks:
            return [plain, bid]
        return [plain]
    if bid.kind in GROUPS:
        return [bid]
    return [Bid(bid.kind), bid]


def _event(name: str, bid: Bid) -> BidEvent:
    texts = [rank_name(rank) for rank in bid.ranks]
    if bid.kind in GROUPS:
        return BidEvent(player=name, kind=kind_name(bid.kind), rank=texts[0], suit=bid.suit)
    return BidEvent(player=name, kind=kind_name(bid.kind), ranks=tuple(texts) or None)


def _bids(state: AuctionState, hands: list[tuple[Offer, ...]]) -> list[tuple[int, Bid]]:
    """Every bid some player can back with cards that beats the standing one."""
    standing = state.standing
    found = []
    for seat, offered in enumerate(hands):
        for bid, _ in offered:
            for named in _namings(bid, standing):
                if standing is None or named.key > standing.key or (
                        named.key == standing.key and state.priority(named) == seat
                        and seat != state.bidder):
                    found.append((seat, named))
    return found


def _win(state: AuctionState, seat: int, cards: tuple[Card, ...], stock: Stock,
         rng: random.Random) -> tuple[Event, Stock]:
    laid = list(cards)
    rng.shuffle(laid)
    drawn = drawn_from_stock(state, len(laid))
    return (Win(player=state.players[seat], cards=tuple(laid), from_stock=stock[:drawn]),
            stock[drawn:])


def _declarer(state: AuctionState, rng: random.Random) -> int:
    if rng.random() >= BEST_DECLARES:
        return rng.randrange(len(state.players))
    wheel = state.options.wheel
    values = [best_hand(known(state, hand(name)), wheel=wheel, usable_only=True)
              for name in state.players]
    return values.index(max(values))


def _auction(state: AuctionState, stock: Stock, rng: random.Random) -> tuple[Event, Stock]:
    players = state.players
    wheel = state.options.wheel
    if len(state.pile) >= DECLARE_PILE and rng.random() < DECLARE_CHANCE:
        return Declare(player=players[_declarer(state, rng)]), stock
    hands = [offers(tuple(known(state, hand(name))), wheel) for name in players]
    standing = state.standing
    if standing is None and rng.random() < UNRECORDED_CHANCE:
        seat = rng.choice([seat for seat, offered in enumerate(hands) if offered])
        return _win(state, seat, rng.choice(hands[seat])[1], stock, rng)
    bids = _bids(state, hands)
    if standing is not None and (not bids or rng.random() < WIN_CHANCE):
        seat = state.bidder
        cards = next(cards for _, cards in hands[seat] if fault(cards, standing, wheel) is None)
        return _win(state, seat, cards, stock, rng)
    seat, bid = rng.choice(bids)
    return _event(players[seat], bid), stock


def _shown(cards: list[Card], wheel: bool, rng: random.Random) -> tuple[Card, ...]:
    if len(cards) <= 5 or rng.random() < WHOLE_HAND_CHANCE:
        return tuple(cards)
    _, five = best_five(cards, wheel=wheel, usable_only=True)
    rest = list(cards)
    for card in five:
        rest.remove(card)
    return (*five, *rest[: 5 - len(five)])


def _next_event(state: AuctionState, turn: Turn, stock: Stock, rng: random.Random
                ) -> tuple[Event, Stock]:
    players = state.players
    phase = state.phase
    if phase is Phase.DEAL:
        hands, rest = shuffled_hands(deck_for(len(players)), players, HAND_SIZE, rng)
        return Deal(hands=hands, starter=rest[0]), tuple(rest[1:])
    if phase is Phase.AUCTION:
        return _auction(state, stock, rng)
    if phase is Phase.FLIP:
        return Flip(card=stock[0]), stock[1:]
    wheel = state.options.wheel
    return Show(cards={name: _shown(known(state, hand(name)), wheel, rng)
                       for name in players}), stock


SIMULATOR: Simulator[AuctionState, Stock] = Simulator(
    next_event=_next_event, start=lambda setup, rng: ())
