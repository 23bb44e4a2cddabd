"""Abbott's Auction for a program that plays it (:mod:`cardcore.play`): whose
step it is, the events a seat may take, the dealer's chance events, and the
loop's convention for asking the seats.

A seat may bid whatever its hand can form that beats the standing bid (or
equals it, with priority): every kind, kind-only and ranked, single cards with
a suit where a suit may be named (AU-2.1 to AU-2.9, AU-7.2, AU-7.4). It may
declare the end once the pile holds 8 cards (AU-4.3). It may win: the standing
bidder with the cards of the standing bid, anyone with the cards of any bid
while no bid is recorded, in every order they can be laid (AU-3.2); the
stock cards that make up a short pile are the dealer's (``from_stock``,
AU-3.1). Its shown cards are its whole hand or any five of it (AU-5.1), a set:
listed once, low first. Chance's are the deal (AU-1) and the flips (AU-3.3).

Bids are named one way each (the rank signature in its canonical order, ranks
in card notation): the rules read other spellings of the same bid (``"k"``,
two pair's ranks low first) as the same bid.
"""

from __future__ import annotations

import bisect
import functools
import math
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations, product
from typing import Any, Final

from cardcore.cards import JOKER_RANK, SUITS, Card, rank_name
from cardcore.eventfields import unchecked
from cardcore.frozen import FrozenMap
from cardcore.games.auction.bids import (
    GROUPS,
    SIZE,
    Bid,
    kind_name,
    straight_tops,
    straights_held,
)
from cardcore.games.auction.events import BidEvent, Deal, Declare, Flip, Show, Win
from cardcore.games.auction.forms import made_bid
from cardcore.games.auction.rules import drawn_from_stock
from cardcore.games.auction.state import (
    DECLARE_PILE,
    HAND_SIZE,
    AuctionState,
    Phase,
    deck_for,
    hand,
)
from cardcore.play.listing import (
    Listing,
    Segment,
    given,
    listed,
    nth_combination,
    nth_permutation,
)
from cardcore.play.policies import PASS, Offer
from cardcore.play.seam import GamePlay, TrueDeck
from cardcore.play.steps import CHANCE, OVER, Whose
from cardcore.poker import Category
from cardcore.protocol import Event

__all__ = ["ALL_BIDS", "PLAY", "Bidding", "bid_event", "formations"]

_ACE: Final = 14
_RANKS: Final = tuple(range(2, _ACE + 1))
_JOKER: Final = Card(JOKER_RANK, "")
_ORDER: Final = operator.attrgetter("_order")
_SUIT: Final = operator.attrgetter("suit")

_bid, _deal, _declare = unchecked(BidEvent), unchecked(Deal), unchecked(Declare)
_flip, _show, _win = unchecked(Flip), unchecked(Show), unchecked(Win)
"""The events this module makes, made without the field checks (its values are
read off a state, right and frozen: cardcore.eventfields.unchecked)."""


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


# -- what a hand can form -------------------------------------------------------------


def _by_rank(cards: Sequence[Card]) -> tuple[dict[int, list[Card]], int]:
    """The distinct suited cards by rank (identical copies count once, AU-2.6) and
    the number of jokers, of ``cards`` low first (as :func:`_hand` gives them:
    every win asks this of a new hand, and sorting it again was a third of
    this)."""
    count = len(cards)
    suited = count
    while suited and cards[suited - 1] is _JOKER:  # the jokers come last
        suited -= 1
    by_rank: dict[int, list[Card]] = {}
    previous = None
    for card in cards[:suited] if suited < count else cards:
        if card is not previous:  # identical copies are next to each other
            rank = card.rank
            held = by_rank.get(rank)
            if held is None:
                by_rank[rank] = [card]
            else:
                held.append(card)
            previous = card
    return by_rank, count - suited


_ORDERS: Final = tuple(math.factorial(count) for count in range(6))
"""How many orders a set of 0 to 5 different cards may be laid in."""

_Choices = tuple[tuple[Sequence[Card], int], ...]
_Run = tuple[int, int, _Choices, tuple[int, ...]]
"""A run of a win's ways to lay cards, every set in it of one shape: how many
ways it holds, how many orders each of its sets is laid in, the choices whose
product makes its sets (from each list of cards so many, in the order of
itertools.product over itertools.combinations: a two pair is its high pair
and its low pair), and the places in that product of the sets left out, low
first (a straight of one suit, listed among the flushes). A win is worked out
as runs, not sets: a random player's win lays one way of a hand it has not
asked about before, and a hand of fifteen cards forms hundreds of sets, each
laid up to 120 ways; so the ways are counted by combinatorics, and only the
way drawn is built (:func:`_way`)."""


def _run(choices: _Choices, orders: int, skipped: tuple[int, ...] = ()) -> _Run:
    """The run of the sets ``choices`` make, laid ``orders`` ways each, less those
    at the places ``skipped``."""
    sets = 1
    for held, size in choices:
        sets *= math.comb(len(held), size)
    return (sets - len(skipped)) * orders, orders, choices, skipped


def _way(run: _Run, index: int) -> tuple[Card, ...]:
    """The ``index``-th way to lay a run's cards: its sets in the order of the
    product, each laid in every order (:func:`itertools.permutations`'s) before
    the next set."""
    _, orders, choices, skipped = run
    chosen, order = divmod(index, orders)
    for place in skipped:  # low first: each one at or before the set moves it on
        if place <= chosen:
            chosen += 1
    if len(choices) == 1:  # a group, a flush: one choice
        held, size = choices[0]
        cards = nth_combination(held, size, chosen)
    else:
        cards = ()
        for held, size in reversed(choices):  # the last choice varies fastest
            chosen, which = divmod(chosen, math.comb(len(held), size))
            cards = nth_combination(held, size, which) + cards
    return nth_permutation(cards, order) if orders > 1 else cards


def _nth_way(runs: Iterable[_Run], index: int) -> tuple[Card, ...]:
    """The ``index``-th way to lay the cards of ``runs``, one run after another."""
    for run in runs:
        ways = run[0]
        if index < ways:
            return _way(run, index)
        index -= ways
    raise IndexError("no such way to lay cards")


def _group(held: Sequence[Card], size: int) -> _Run:
    """The sets of ``size`` of ``held`` (cards of one rank), laid every way."""
    return _run(((held, size),), _ORDERS[size])


def _groups(held: Sequence[Card]) -> list[_Run]:
    """The groups of every size of ``held`` (cards of one rank), small first: a win
    without a bid lays any of them."""
    return [_group(held, size) for size in range(1, len(held) + 1)]


_GROUP_WAYS: Final = tuple(sum(math.perm(count, size) for size in range(1, count + 1))
                           for count in range(len(SUITS) + 1))
"""How many ways :func:`_groups` of 0 to 4 cards holds (each set of ``size``
laid ``size!`` ways): the groups of a hand without a bid are counted rank by
rank from this, not run by run."""


def _grouped(by_rank: dict[int, list[Card]], index: int) -> tuple[Card, ...]:
    """The ``index``-th way to lay a group of any rank (the first ways of a win
    without a bid): the rank found by counting, then only its groups made."""
    group_ways = _GROUP_WAYS
    for held in by_rank.values():
        count = len(held)
        if index < group_ways[count]:
            for size in range(1, count + 1):
                ways = math.perm(count, size)  # the ways of _group(held, size)
                if index < ways:
                    return _way(_group(held, size), index)
                index -= ways
        index -= group_ways[count]
    raise IndexError("no such group")


@functools.cache
def _shape_ways(shape: tuple[int, ...]) -> tuple[int, int, int]:
    """The ways to lay the groups, the two pairs and the full houses of a hand
    that holds ``shape[i]`` cards of each of its ranks (in any order): a set of
    ``n`` cards laid ``n!`` ways. Cached: they depend on the shape alone, and
    a hand's shape is one of a few thousand."""
    pairs = [math.comb(held, 2) for held in shape]
    paired = sum(pairs)
    two_pairs = (paired * paired - sum(pair * pair for pair in pairs)) // 2
    full_houses = sum(math.comb(held, 3) * (paired - pair)
                      for held, pair in zip(shape, pairs, strict=True))
    return (sum(_GROUP_WAYS[held] for held in shape), two_pairs * _ORDERS[4],
            full_houses * _ORDERS[5])


_JOKER_SETS: Final = tuple((_JOKER,) * size for size in range(5))
"""A set of 0 to 4 jokers (jokers are identical: such a set is laid one way)."""


def _jokers(size: int) -> _Run:
    """The set of ``size`` jokers, laid one way."""
    return _run(((_JOKER_SETS[size], size),), 1)


_JOKER_RUNS: Final = tuple(tuple(_jokers(size) for size in range(1, held + 1))
                           for held in range(len(SUITS) + 1))
"""The runs of 1 to ``held`` jokers (at most four in a bid), made once: a win
without a bid lays any of them, and most hands hold none."""


def _straight(by_rank: Mapping[int, Sequence[Card]], ranks: Sequence[int]) -> _Choices:
    """The choices of a straight of ``ranks`` (top first): a card of each rank."""
    return tuple((by_rank[rank], 1) for rank in ranks)


def _straights(by_rank: Mapping[int, Sequence[Card]], top: int | None, wheel: bool
               ) -> list[_Run]:
    """The straights among ``by_rank`` (those with ``top`` on top, if given)."""
    return [_run(_straight(by_rank, ranks), 120) for high, ranks in straight_tops(by_rank, wheel)
            if top is None or high == top]


def _bid_runs(by_rank: dict[int, list[Card]], jokers: int, bid: Bid, wheel: bool
              ) -> list[_Run]:
    """The sets that form ``bid`` of a hand's cards (:func:`_by_rank`), as runs
    (:data:`_Run`), in the order :func:`formations` lists them."""
    kind, ranks, suit = bid.kind, bid.ranks, bid.suit
    top = ranks[0] if ranks else None
    if kind in GROUPS:
        size = SIZE[kind]
        if top is None:
            runs = [_group(held, size) for held in by_rank.values()]
        elif suit is not None:  # a single of a suit (AU-7.2)
            runs = [_group([card for card in by_rank.get(top, ()) if card.suit == suit], 1)]
        else:
            runs = [_group(by_rank.get(top, ()), size)]
        if jokers >= size and top in (None, JOKER_RANK) and suit is None:
            runs.append(_jokers(size))
        return runs
    if kind is Category.TWO_PAIR or kind is Category.FULL_HOUSE:
        first, second = (2, 2) if kind is Category.TWO_PAIR else (3, 2)
        if ranks:
            pairs = [ranks]
        else:  # only ranks held often enough: most hands have few pairs
            highs = [rank for rank, held in by_rank.items() if len(held) >= first]
            lows = [rank for rank, held in by_rank.items() if len(held) >= second]
            pairs = [(high, low) for high in highs for low in lows if high != low
                     and (kind is Category.FULL_HOUSE or high > low)]
        return [_run(((by_rank.get(high, ()), first), (by_rank.get(low, ()), second)),
                     _ORDERS[first + second]) for high, low in pairs]
    if kind is Category.STRAIGHT:
        return _straights(by_rank, top, wheel)
    by_suit: dict[str, dict[int, list[Card]]] = {suit: {} for suit in SUITS}
    for held in by_rank.values():
        for card in held:
            by_suit[card.suit][card.rank] = [card]
    runs = []
    for suited in by_suit.values():
        if kind is Category.STRAIGHT_FLUSH:
            runs += _straights(suited, top, wheel)
        elif ranks:
            if all(rank in suited for rank in ranks):
                runs.append(_run(_straight(suited, ranks), 120))
        elif len(suited) >= 5:
            runs.append(_run((([held[0] for held in suited.values()], 5),), 120))
    return runs


def _suited_runs(cards: Sequence[Card], by_rank: dict[int, list[Card]], wheel: bool
                 ) -> list[_Run]:
    """The straights (less those of one suit) and the flushes of a hand (its
    ``cards`` and their :func:`_by_rank`), in the order a win without a bid
    lists them: the straights by their top, low first, then the flushes of
    each suit held five times, in suit order (a straight of one suit among
    them). Most hands hold neither: the suits are counted in C, over the
    cards as held (a suit short of five with the copies is short without)."""
    suits = "".join(map(_SUIT, cards))
    flushes: list[list[Card]] = []
    if max(map(suits.count, SUITS)) >= 5:
        for suit in SUITS:
            suited = [card for held in by_rank.values() for card in held if card.suit == suit]
            if len(suited) >= 5:
                flushes.append(suited)
    tops = straight_tops(by_rank, wheel)
    if not (tops or flushes):
        return []
    runs = []
    for _, ranks in tops:
        choices = _straight(by_rank, ranks)
        runs.append(_run(choices, 120, _one_suit(choices, flushes) if flushes else ()))
    return runs + [_run(((suited, 5),), 120) for suited in flushes]


def _one_suit(choices: _Choices, flushes: list[list[Card]]) -> tuple[int, ...]:
    """The places of a straight's sets of one suit (a straight flush) in the
    product of its ``choices``, low first; ``flushes``: the cards of each suit
    held five times, in suit order (no other suit can make one)."""
    places = []
    for suited in flushes:
        suit = suited[0].suit
        place = 0
        for held, _ in choices:
            suits = [card.suit for card in held]
            if suit not in suits:
                break
            place = place * len(held) + suits.index(suit)
        else:
            places.append(place)
    return tuple(sorted(places))


def _two_pairs(by_rank: dict[int, list[Card]]) -> Iterator[_Run]:
    """The two pairs of a hand, the higher pair first, by the higher rank then
    the lower, low first. Made one by one: the way drawn is built from the
    first run that holds it."""
    multiple = [rank for rank, held in by_rank.items() if len(held) >= 2]  # low first
    for place, high in enumerate(multiple):
        for low in multiple[:place]:
            yield _run(((by_rank[high], 2), (by_rank[low], 2)), _ORDERS[4])


def _full_houses(by_rank: dict[int, list[Card]]) -> Iterator[_Run]:
    """The full houses of a hand, the three first, by its rank then the pair's,
    low first (made one by one, as :func:`_two_pairs`)."""
    multiple = [rank for rank, held in by_rank.items() if len(held) >= 2]  # low first
    for three in multiple:
        if len(by_rank[three]) >= 3:
            for low in multiple:
                if low != three:
                    yield _run(((by_rank[three], 3), (by_rank[low], 2)), _ORDERS[5])


_FULL_RANKS: Final = frozenset({Category.HIGH_CARD, Category.PAIR, Category.THREE_OF_A_KIND,
                                Category.FOUR_OF_A_KIND, Category.TWO_PAIR,
                                Category.FULL_HOUSE, Category.FLUSH})
"""The kinds whose ranked bids name every rank of their cards (a straight
names only its top)."""

_WAYS: Final = operator.itemgetter(0)


def _laid(cards: tuple[Card, ...], bid: Bid | None, wheel: bool
          ) -> tuple[int, Callable[[int], tuple[Card, ...]]]:
    """How many ways there are to lay sets of ``cards`` (low first, as
    :func:`_hand` gives them) that form ``bid`` (None: any bid), and the
    ``index``-th of them, in the order of :func:`formations`, each set laid in
    every order (jokers are identical: a set of jokers is laid one way).

    Not cached: the hand asked is nearly always a new one (a winner's new
    hand). A bid that names every rank of its cards needs only the cards of
    those ranks. Without a bid, the ways are counted section by section: the
    groups, two pairs and full houses from the hand's shape
    (:func:`_shape_ways`), the straights and flushes as runs; the way drawn is
    found in its section, whose runs alone are made."""
    if bid is not None:
        ranks = bid.ranks
        if ranks and bid.kind in _FULL_RANKS:
            cards = tuple([card for card in cards if card.rank in ranks])
        by_rank, jokers = _by_rank(cards)
        runs = _bid_runs(by_rank, jokers, bid, wheel)
        return sum(map(_WAYS, runs)), functools.partial(_nth_way, runs)
    by_rank, jokers = _by_rank(cards)
    jokers = min(jokers, 4)
    grouped, paired, housed = _shape_ways(tuple(sorted(map(len, by_rank.values()))))
    suited = _suited_runs(cards, by_rank, wheel)
    straights = sum(map(_WAYS, suited))

    def way(index: int) -> tuple[Card, ...]:
        if index < grouped:
            return _grouped(by_rank, index)
        index -= grouped
        if index < jokers:
            return _nth_way(_JOKER_RUNS[jokers], index)
        index -= jokers
        if index < paired:
            return _nth_way(_two_pairs(by_rank), index)
        index -= paired
        if index < straights:
            return _nth_way(suited, index)
        return _nth_way(_full_houses(by_rank), index - straights)

    return grouped + jokers + paired + straights + housed, way


def formations(cards: Sequence[Card], bid: Bid | None, wheel: bool) -> list[tuple[Card, ...]]:
    """Every set of ``cards`` that forms ``bid`` (None: any bid, as a win without a
    recorded bid lays), each once, in a fixed order (that of :func:`_laid`):
    without a bid, the groups rank by rank (low first, the singles first), the
    jokers', two pairs, straights, flushes (a straight of one suit among them,
    not among the straights) and full houses.

    >>> from cardcore.cards import parse_card
    >>> held = [parse_card(c) for c in "KS KH KD 5C 5S JK JK AS".split()]
    >>> for cards in formations(held, Bid(Category.FULL_HOUSE), True):
    ...     print(*cards)
    KD KH KS 5C 5S
    >>> len(formations(held, Bid(Category.PAIR, (13,)), True))
    3
    """
    cards = sorted(cards, key=_ORDER)
    by_rank, jokers = _by_rank(cards)
    if bid is None:
        runs = [run for held in by_rank.values() for run in _groups(held)]
        runs += [*_JOKER_RUNS[min(jokers, 4)], *_two_pairs(by_rank),
                 *_suited_runs(cards, by_rank, wheel), *_full_houses(by_rank)]
    else:
        runs = _bid_runs(by_rank, jokers, bid, wheel)
    found: list[tuple[Card, ...]] = []
    for _, _, choices, skipped in runs:
        sets = product(*(combinations(held, size) for held, size in choices))
        found += [sum(chosen, ()) for place, chosen in enumerate(sets) if place not in skipped]
    return found


_INDEX: Final = {(int(bid.kind), bid.ranks, bid.suit): number
                 for number, bid in enumerate(ALL_BIDS)}
"""A bid's place in :data:`ALL_BIDS`, by its kind, ranks and suit: places
compare as the bids do (AU-2.8), so a hand's bids are kept as sorted numbers."""

_SINGLE, _PAIR, _TWO, _THREE, _STRAIGHT, _FLUSH, _FULL, _FOUR, _SF = range(9)


_SUIT_BITS: Final = {suit: 1 << place for place, suit in enumerate(SUITS)} | {"": 0}
"""Each suit as a bit of a rank's suits held (a joker's none)."""


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
    for card in cards:
        rank, suit = card.rank, card.suit
        suits_of[rank] |= suit_bits[suit]
        if suit:
            ranks_of[suit] |= 1 << rank
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
    jokers = cards.count(_JOKER)
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


_HANDS: dict[int, tuple[Mapping[Card, int], tuple[Card, ...]]] = {}
"""Hands sorted lately, by the identity of the zone's table of known cards (a
state shares the tables of the zones an event did not touch, so a hand asked
for again and again is sorted once); the table is kept to check the identity."""


_ZONES: dict[str, str] = {}
"""The zone of each player's hand, by name (named once, not once a step)."""


def _hand(state: AuctionState, name: str) -> tuple[Card, ...]:
    """The player's hand, low first."""
    zone = _ZONES.get(name)
    if zone is None:
        if len(_ZONES) >= 64:
            _ZONES.clear()
        zone = _ZONES[name] = hand(name)
    known = state.account.zone(zone).known
    kept = _HANDS.get(id(known))
    if kept is not None and kept[0] is known:
        return kept[1]
    cards = tuple(sorted(known, key=_ORDER))  # one copy of each card: nearly every hand
    if len(cards) != sum(known.values()):  # copies of a card (two decks): each one
        cards = tuple(sorted((card for card, count in known.items() for _ in range(count)),
                             key=_ORDER))
    if len(_HANDS) >= 64:
        _HANDS.clear()
    _HANDS[id(known)] = (known, cards)
    return cards


def _shows(name: str, cards: tuple[Card, ...]) -> Segment:
    """Every way to show: the whole hand, then each five of it (AU-5.1), in the
    order of :func:`itertools.combinations`, each set once. A hand without
    identical cards (nearly every hand) has ``comb(n, 5)`` different fives, and
    the i-th is worked out when read; a hand with copies lists its sets."""
    def show(shown: tuple[Card, ...]) -> Show:
        return _show(cards=FrozenMap({name: shown}))

    if len(cards) <= 5:
        return "show", 1, lambda _: show(cards)
    if len(set(cards)) == len(cards):
        return "show", 1 + math.comb(len(cards), 5), lambda index: show(
            nth_combination(cards, 5, index - 1) if index else cards)
    return listed("show", [cards, *dict.fromkeys(combinations(cards, 5))], show)


def whose(state: AuctionState) -> Whose:
    phase = state.phase
    if phase is Phase.AUCTION:
        return _everyone(len(state.players))
    if phase is Phase.SHOW:
        return _together(len(state.players))
    return OVER if phase is Phase.OVER else CHANCE


@functools.cache
def _everyone(count: int) -> Whose:
    return Whose(seats=tuple(range(count)))


@functools.cache
def _together(count: int) -> Whose:
    return Whose(seats=tuple(range(count)), together=True)


def legal(state: AuctionState, seat: int) -> Sequence[Event]:
    if state.phase is Phase.AUCTION:
        return _bidding(state, seat, False, None)
    if state.phase is Phase.SHOW:
        name = state.players[seat]
        return Listing([_shows(name, _hand(state, name))])
    return ()


def _bidding(state: AuctionState, seat: int, wins_only: bool, last: Segment | None
             ) -> Listing:
    """The seat's events in an auction (only its wins, where ``wins_only``), with
    ``last`` at the end (the loop's pass). The bids and the wins are worked out
    only if a policy looks at them (a random player picks a kind first, and most
    of the time not these); they read no state (cardcore.play.seam.GamePlay):
    the values they need are taken now."""
    name = state.players[seat]
    cards = _hand(state, name)
    standing, wheel = state.standing, state.options.wheel
    segments: list[Any] = []
    if not wins_only:
        holder = None if standing is None else state.priority(standing)

        def bids() -> tuple[int, Callable[[int], Event]]:
            numbers = _bids(standing, holder, wheel, seat, cards)
            return len(numbers), lambda index: bid_event(name, ALL_BIDS[numbers[index]])

        segments.append(["bid", None, bids])
    if standing is None or state.bidder == seat:

        def wins() -> tuple[int, Callable[[int], Win]]:  # every way to win (AU-3.2)
            count, way = _laid(cards, standing, wheel)
            return count, lambda index: _win(player=name, cards=way(index))

        segments.append(["win", None, wins])
    if not wins_only and len(state.pile) >= DECLARE_PILE:
        segments.append(("declare", 1, lambda _: _declare(player=name)))
    if last is not None:
        segments.append(last)
    return Listing.kept(segments)


def chance(state: AuctionState, dealer: TrueDeck) -> Event:
    if state.phase is Phase.DEAL:
        hands = dealer.deal(deck_for(len(state.players)), state.players, HAND_SIZE)
        return _deal(hands=hands, starter=dealer.top(1)[0])
    return _flip(card=dealer.draw(state, 1)[0])


def complete(state: AuctionState, event: Event, dealer: TrueDeck) -> Event:
    """The stock cards that make up a short pile (AU-3.1), unseen by the others."""
    if isinstance(event, Win) and event.from_stock is None and state.phase is Phase.AUCTION:
        drawn = drawn_from_stock(state, len(event.cards))
        if drawn and not state.last:
            return _win(player=event.player, cards=event.cards,
                        from_stock=dealer.draw(state, drawn), note=event.note)
    return event


def merge(parts: Sequence[Event]) -> Event:
    cards: dict[str, Any] = {}
    for part in parts:
        assert isinstance(part, Show)
        cards.update(part.cards)
    return _show(cards=FrozenMap(cards))


def _bid_key(bid: Bid) -> tuple[Any, ...]:
    return (kind_name(bid.kind), *bid.ranks, bid.suit or "")


def actions(players: int) -> tuple[Hashable, ...]:
    """Every bid, declare, a win by each bid its cards make (the order they are
    laid in is not an action of its own: :meth:`Catalogue.event` gives the first),
    and showing the whole hand, or five cards by the best hand they make."""
    bids = [("bid", *_bid_key(bid)) for bid in ALL_BIDS]
    wins = [("win", *_bid_key(bid)) for bid in ALL_BIDS
            if bid.ranks and (bid.kind is not Category.HIGH_CARD or bid.suit
                              or bid.ranks[0] == JOKER_RANK)]
    return (*bids, ("declare",), *wins, ("show",))


def action(state: AuctionState, event: Event) -> Hashable:
    if isinstance(event, BidEvent):
        from cardcore.games.auction.bids import named_bid

        bid = named_bid(event.kind, event.rank, event.ranks, event.suit, state.standing,
                        state.options.wheel)
        return ("bid", *_bid_key(bid))
    if isinstance(event, Win):
        laid = [card for card in event.cards if card is not None]
        return ("win", *_bid_key(made_bid(laid, state.options.wheel)))
    return (event.TYPE,)


# -- the loop's convention --------------------------------------------------------------


_PASS: Final = given("pass", (PASS,))


class Bidding:
    """How :func:`cardcore.play.play` asks the seats in an auction (a convention
    for programs: the rules have no turn order, and a recorded game keeps none).

    The seats are asked in turn from the dealer's left (the dealer of hand ``h``
    is seat ``h - 1``, counted round the table); a seat that does not bid
    passes (:data:`~cardcore.play.PASS`). When all the others have passed since
    the standing bid, its bidder wins: it is asked for the cards to lay, and
    offered only its wins. When every seat has passed and no bid stands, the
    next seat asked may not pass: it bids, wins without a bid or declares.
    A seat asked may always declare, once the pile allows it.
    """

    def __init__(self) -> None:
        self._auction: tuple[int, int] = (0, 0)
        self._next = 0
        self._passes = 0

    def ask(self, state: AuctionState, whose: Whose,
            legal: Callable[[int], Sequence[Event]]) -> tuple[int, Sequence[Offer]]:
        """The seat asked now and its offers (see the class). They are made here,
        with the pass (or only the wins) in them from the start, not through
        ``legal`` and a second listing: the loop asks at every step."""
        count = len(state.players)
        auction = (state.hand, state.auction)
        if auction != self._auction:
            self._auction, self._next, self._passes = auction, state.hand % count, 0
        if state.standing is not None and self._passes >= count - 1:
            return state.bidder, _bidding(state, state.bidder, True, None)
        seat = self._next
        passing = state.standing is not None or self._passes < count
        return seat, _bidding(state, seat, False, _PASS if passing else None)

    def answered(self, state: AuctionState, seat: int, offer: Offer) -> None:
        """A bid or a pass moves the asking on to the next seat; a bid starts the
        count of passes again."""
        if isinstance(offer, BidEvent) or offer is PASS:
            self._passes = 0 if isinstance(offer, BidEvent) else self._passes + 1
            self._next = (seat + 1) % len(state.players)


PLAY: GamePlay[AuctionState] = GamePlay(whose=whose, legal=legal, chance=chance,
                                        complete=complete, merge=merge, actions=actions,
                                        action=action, asking=Bidding,
    simulated={"declare": 0.1})
