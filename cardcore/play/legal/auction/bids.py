"""The bids of Abbott's Auction a hand can form, numbered for a program that
plays it (:mod:`cardcore.play.legal.auction`): every bid there is, weakest
first (:data:`ALL_BIDS`, the action catalogue's bids), and a hand's bids as
places in it, so that those beating a standing bid are a cut of a sorted list
(AU-2.1 to AU-2.9, AU-7.2, AU-7.4).

Bids are named one way each (the rank signature in its canonical order, ranks
in card notation): the rules read other spellings of the same bid (``"k"``,
two pair's ranks low first) as the same bid.
"""

from __future__ import annotations

import bisect
import functools
from itertools import combinations
from typing import Final

from cardcore.cards import JOKER_RANK, SUITS, Card, rank_name
from cardcore.eventfields import unchecked
from cardcore.games.auction.bids import GROUPS, Bid, kind_name, straights_held
from cardcore.games.auction.events import BidEvent
from cardcore.poker import Category

__all__ = ["ALL_BIDS", "bid_event"]

_ACE: Final = 14
_RANKS: Final = tuple(range(2, _ACE + 1))

_bid: Final = unchecked(BidEvent)
"""Bid events made without the field checks (their values are a bid of
:data:`ALL_BIDS` and a player's name: cardcore.eventfields.unchecked)."""


def _every_bid() -> tuple[Bid, ...]:
    """Every bid there is, one naming each, weakest first (AU-2.2, AU-2.7, AU-2.8)."""
    found: list[Bid] = []
    for rank in _RANKS:
        found.append(Bid(Category.HIGH_CARD, (rank,)))
        found += [Bid(Category.HIGH_CARD, (rank,), suit) for suit in SUITS]
    found.append(Bid(Category.HIGH_CARD, (JOKER_RANK,)))
    for kind in (Category.PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        found += [Bid(kind, (rank,)) for rank in (*_RANKS, JOKER_RANK)]
    found.append(Bid(Category.TWO_PAIR))
    found += [Bid(Category.TWO_PAIR, (high, low)) for high in _RANKS for low in _RANKS
              if high > low]
    for kind in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        found.append(Bid(kind))
        found += [Bid(kind, (top,)) for top in range(5, _ACE + 1)]
    found.append(Bid(Category.FLUSH))
    found += [Bid(Category.FLUSH, tuple(sorted(five, reverse=True)))
              for five in combinations(_RANKS, 5)]
    found.append(Bid(Category.FULL_HOUSE))
    found += [Bid(Category.FULL_HOUSE, (three, two)) for three in _RANKS for two in _RANKS
              if three != two]
    return tuple(sorted(found, key=lambda bid: bid.key))


ALL_BIDS: Final = _every_bid()
"""Every bid, weakest first (the action catalogue's bids)."""


def bid_event(name: str, bid: Bid) -> BidEvent:
    """The ``bid`` event by which ``name`` bids ``bid`` (its one naming).

    >>> bid_event("Aki", Bid(Category.FULL_HOUSE, (13, 5)))
    BidEvent(note=None, player='Aki', kind='full_house', rank=None, ranks=('K', '5'), suit=None)
    """
    if bid.kind in GROUPS:
        return _bid(player=name, kind=kind_name(bid.kind), rank=rank_name(bid.ranks[0]),
                    suit=bid.suit)
    ranks = tuple(rank_name(rank) for rank in bid.ranks) or None
    return _bid(player=name, kind=kind_name(bid.kind), ranks=ranks)


_INDEX: Final = {(int(bid.kind), bid.ranks, bid.suit): number
                 for number, bid in enumerate(ALL_BIDS)}
"""A bid's place in :data:`ALL_BIDS`, by its kind, ranks and suit: places
compare as the bids do (AU-2.8), so a hand's bids are kept as sorted numbers."""

_SINGLE, _PAIR, _TWO, _THREE, _STRAIGHT, _FLUSH, _FULL, _FOUR, _SF = range(9)


_SUIT_BITS: Final = {suit: 1 << place for place, suit in enumerate(SUITS)}
"""Each suit as a bit of a rank's suits held."""


def _rank_places(rank: int, suits: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The places of the groups a rank held in ``suits`` (bits of :data:`_SUIT_BITS`)
    forms (its single, pair, three, four as far as it goes), of its suited
    singles, and how many suits that is."""
    held = [suit for suit in SUITS if suits & _SUIT_BITS[suit]]
    groups = [_INDEX[kind, (rank,), None] for kind in (_SINGLE, _PAIR, _THREE, _FOUR)]
    return (tuple(groups[:len(held)]), tuple(_INDEX[_SINGLE, (rank,), suit] for suit in held),
            len(held))


_BY_RANK: Final = {rank: [_rank_places(rank, suits) for suits in range(1 << len(SUITS))]
                   for rank in _RANKS}
"""Per rank, by the suits it is held in as bits (0 unused), the places of its
groups and of its suited singles and their number: one look-up a rank held,
not one a bid."""

_JOKERS: Final = tuple(_INDEX[kind, (JOKER_RANK,), None] for kind in (_SINGLE, _PAIR, _THREE,
                                                                        _FOUR))
"""The places of one to four jokers' groups."""
_TWO_PAIRS: Final = {(high, low): _INDEX[_TWO, (high, low), None]
                     for high in _RANKS for low in _RANKS if high > low}
_FULL_HOUSES: Final = {(three, two): _INDEX[_FULL, (three, two), None]
                       for three in _RANKS for two in _RANKS if three != two}
_KIND_ONLY: Final = {kind: _INDEX[kind, (), None] for kind in (_TWO, _STRAIGHT, _FLUSH, _FULL, _SF)}
"""The places of the bids that name a kind alone."""
_TOPS: Final = {kind: {top: _INDEX[kind, (top,), None] for top in range(5, _ACE + 1)}
                for kind in (_STRAIGHT, _SF)}
_FLUSHES: Final = {key[1]: place for key, place in _INDEX.items() if key[0] == _FLUSH and key[1]}
"""The places of the straights and straight flushes by their tops, and of the
flushes by their ranks (high first): one look-up, no key made."""


@functools.lru_cache(maxsize=64)
def _biddable(cards: tuple[Card, ...], wheel: bool
              ) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """The bids a hand can form, as places in :data:`ALL_BIDS` low first, with
    the suited single bids apart by rank (a suit is named only over a single of
    its rank, AU-7.2). Cached for the hands asked lately: a hand changes only when
    it wins, and is asked again and again until then. Lately only: a game deals
    new hands all the time, and a cache of thousands of hands (with their sets
    of cards to lay) slowed a whole self-play by a fifth, in memory and in the
    collector's walks, for hits that come from the same hand. Nearly every hand
    asked is one not asked before (a winner's new hand), so it is built in two
    short passes: the cards, each setting its suit's bit in its rank's suits
    held and its rank's bit in its suit's ranks held (identical copies count
    once, AU-2.6, as a bit set twice), then the ranks, each rank's bids looked
    up by its suits held; straights and flushes are tests on those bits."""
    suits_of = [0] * (JOKER_RANK + 1)  # per rank, its suits held as bits
    ranks_of = dict.fromkeys(SUITS, 0)  # per suit, its ranks held as bits
    suit_bits = _SUIT_BITS
    jokers = 0  # counted here: a card's == is a Python call, so cards.count(joker) is not cheap
    for card in cards:
        rank, suit = card.rank, card.suit
        if suit:
            suits_of[rank] |= suit_bits[suit]
            ranks_of[suit] |= 1 << rank
        else:
            jokers += 1
    found: list[int] = []
    suited: dict[int, tuple[int, ...]] = {}
    pairs: list[int] = []
    threes: list[int] = []
    held = 0
    by_rank = _BY_RANK
    for rank in _RANKS:
        suits = suits_of[rank]
        if suits:
            held |= 1 << rank
            groups, suited[rank], count = by_rank[rank][suits]
            found += groups
            if count >= 2:
                pairs.append(rank)
                if count >= 3:
                    threes.append(rank)
    if jokers:
        found += _JOKERS[:jokers]
    if len(pairs) >= 2:
        pairs.reverse()  # high first
        two_pairs = _TWO_PAIRS
        found.append(_KIND_ONLY[_TWO])
        found += [two_pairs[high, low] for i, high in enumerate(pairs) for low in pairs[i + 1:]]
        if threes:
            full_houses = _FULL_HOUSES
            found.append(_KIND_ONLY[_FULL])
            found += [full_houses[three, low] for three in threes
                      for low in pairs if low != three]
    tops = straights_held(held, wheel)
    if tops:
        places = _TOPS[_STRAIGHT]
        found.append(_KIND_ONLY[_STRAIGHT])
        found += [places[top] for top, _ in tops]
    flushes: list[int] = []
    straight_flushes: set[int] = set()
    for ranks in ranks_of.values():
        if ranks.bit_count() >= 5:  # most hands hold no five of a suit
            high_first = [rank for rank in reversed(_RANKS) if ranks >> rank & 1]
            flushes += map(_FLUSHES.__getitem__, combinations(high_first, 5))
            places = _TOPS[_SF]
            straight_flushes.update(places[top] for top, _ in straights_held(ranks, wheel))
    if flushes:
        found.append(_KIND_ONLY[_FLUSH])
        found += flushes
        if straight_flushes:
            found.append(_KIND_ONLY[_SF])
            found += straight_flushes
    found.sort()
    return found, suited


def _bids(standing: Bid | None, holder: int | None, wheel: bool, seat: int,
          cards: tuple[Card, ...]) -> list[int]:
    """The bids ``seat`` may make over ``standing``, as places in :data:`ALL_BIDS`:
    those it can form that beat it, and the standing bid itself from the seat
    with priority for it (``holder``, AU-2.9)."""
    bids, suited = _biddable(cards, wheel)
    if standing is None:
        return bids
    place = _INDEX[int(standing.kind), standing.ranks, standing.suit]
    cut = bisect.bisect_right(bids, place)
    above = bids[cut:]
    held = cut > 0 and bids[cut - 1] == place
    if standing.kind is Category.HIGH_CARD:
        same = suited.get(standing.ranks[0], ())
        held = held or place in same
        above = [number for number in same if number > place] + above
    if held and holder == seat:
        above.insert(0, place)
    return above

