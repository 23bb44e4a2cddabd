"""The ways an Abbott's Auction hand can win, for a program that plays it
(:mod:`cardcore.play.legal.auction`): every set of cards that forms a bid,
laid in every order (AU-3.2), counted by combinatorics and built only for the
way a policy draws.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import combinations, product
from typing import Final

from cardcore.cards import CARD_ORDER, JOKER, JOKER_RANK, SUITS, Card
from cardcore.games.auction.bids import GROUPS, SIZE, Bid, straight_tops
from cardcore.play.listing import nth_combination, nth_permutation
from cardcore.poker import Category

__all__ = ["formations"]

_SUIT: Final = operator.attrgetter("suit")


def _by_rank(cards: Sequence[Card]) -> tuple[dict[int, list[Card]], int]:
    """The distinct suited cards by rank (identical copies count once, AU-2.6) and
    the number of jokers, of ``cards`` low first (as :func:`_hand` gives them:
    every win asks this of a new hand, and sorting it again was a third of
    this)."""
    count = len(cards)
    suited = count
    while suited and cards[suited - 1] is JOKER:  # the jokers come last
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


_JOKER_SETS: Final = tuple((JOKER,) * size for size in range(5))
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
    cards = sorted(cards, key=CARD_ORDER)
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

