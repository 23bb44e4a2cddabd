"""Auction's wins for a program that plays it (cardcore.play.legal.auction.wins): the
ways to win are counted by combinatorics and only the way asked for is built,
so they are held here to the plain construction they replaced: every set of
the hand that forms the bid, made one by one, each laid in every order of
:func:`itertools.permutations` (a set of jokers one way), in the same order."""

from __future__ import annotations

import bisect
import operator
from itertools import combinations, permutations, product, starmap

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from cardcore.cards import JOKER_RANK, SUITS, Card
from cardcore.games.auction.bids import GROUPS, SIZE, Bid, straight_tops
from cardcore.games.auction.forms import made_bid
from cardcore.play.legal.auction import wins
from cardcore.play.legal.auction.bids import ALL_BIDS
from cardcore.play.legal.auction.wins import formations
from cardcore.poker import Category

_JOKER = Card(JOKER_RANK, "")
_ORDER = operator.attrgetter("_order")
_SUIT = operator.attrgetter("suit")

# -- the plain construction (the listing before its ways were counted) ---------------


def _by_rank(cards: list[Card]) -> tuple[dict[int, list[Card]], int]:
    by_rank: dict[int, list[Card]] = {}
    jokers = 0
    for card in dict.fromkeys(sorted(cards, key=_ORDER)):  # identical copies once
        if card.rank == JOKER_RANK:
            continue
        by_rank.setdefault(card.rank, []).append(card)
    jokers = sum(card is _JOKER for card in cards)
    return by_rank, jokers


def _straights(by_rank: dict[int, list[Card]], top: int | None, wheel: bool
               ) -> list[tuple[Card, ...]]:
    found: list[tuple[Card, ...]] = []
    for high, ranks in straight_tops(by_rank, wheel):
        if top is None or high == top:
            found += product(*(by_rank[rank] for rank in ranks))
    return found


def _any_sets(by_rank: dict[int, list[Card]], jokers: int, wheel: bool
              ) -> list[tuple[Card, ...]]:
    found: list[tuple[Card, ...]] = []
    multiple: list[int] = []
    suits: dict[str, list[Card]] = {}
    for rank, held in by_rank.items():
        for size in range(1, len(held) + 1):
            found += combinations(held, size)
        if len(held) >= 2:
            multiple.append(rank)
        for card in held:
            suits.setdefault(card.suit, []).append(card)
    found += [(_JOKER,) * size for size in range(1, min(jokers, 4) + 1)]
    for place, high in enumerate(multiple):
        for low in multiple[:place]:
            found += starmap(operator.add, product(combinations(by_rank[high], 2),
                                                   combinations(by_rank[low], 2)))
    flushes = [suited for suited in suits.values() if len(suited) >= 5]
    for _, ranks in straight_tops(by_rank, wheel):
        straights = product(*[by_rank[rank] for rank in ranks])
        found += [one for one in straights if not flushes or len(set(map(_SUIT, one))) > 1]
    for suit in SUITS:
        if len(suits.get(suit, ())) >= 5:
            found += combinations(suits[suit], 5)
    for three in multiple:
        if len(by_rank[three]) >= 3:
            for low in multiple:
                if low != three:
                    found += starmap(operator.add, product(combinations(by_rank[three], 3),
                                                           combinations(by_rank[low], 2)))
    return found


def plain_sets(cards: list[Card], bid: Bid | None, wheel: bool) -> list[tuple[Card, ...]]:
    """Every set of ``cards`` that forms ``bid``, made one by one (the reference)."""
    by_rank, jokers = _by_rank(cards)
    if bid is None:
        return _any_sets(by_rank, jokers, wheel)
    kind, ranks = bid.kind, bid.ranks
    if kind in GROUPS:
        size, rank = SIZE[kind], (ranks[0] if ranks else None)
        sets: list[tuple[Card, ...]] = []
        for held_rank, held in by_rank.items():
            if rank is None or rank == held_rank:
                sets += combinations(held, size)
        if jokers >= size and rank in (None, JOKER_RANK):
            sets.append((_JOKER,) * size)
        return [one for one in sets if bid.suit is None or one[0].suit == bid.suit]
    found: list[tuple[Card, ...]] = []
    if kind is Category.TWO_PAIR or kind is Category.FULL_HOUSE:
        first, second = (2, 2) if kind is Category.TWO_PAIR else (3, 2)
        pairs = [ranks] if ranks else [
            (high, low) for high in by_rank for low in by_rank if high != low
            and len(by_rank[high]) >= first and len(by_rank[low]) >= second
            and (kind is Category.FULL_HOUSE or high > low)]
        for high, low in pairs:
            found += [a + b for a in combinations(by_rank.get(high, ()), first)
                      for b in combinations(by_rank.get(low, ()), second)]
        return found
    if kind is Category.STRAIGHT:
        return _straights(by_rank, ranks[0] if ranks else None, wheel)
    for suit in SUITS:
        suited = {rank: [card] for rank, held in by_rank.items() for card in held
                  if card.suit == suit}
        if kind is Category.STRAIGHT_FLUSH:
            found += _straights(suited, ranks[0] if ranks else None, wheel)
        elif ranks:
            if all(rank in suited for rank in ranks):
                found.append(tuple(suited[rank][0] for rank in ranks))
        elif len(suited) >= 5:
            found += combinations([held[0] for held in suited.values()], 5)
    return found


def plain_way(sets: list[tuple[Card, ...]], starts: list[int], index: int) -> tuple[Card, ...]:
    """The ``index``-th way to lay ``sets``: each set's orders from itertools."""
    which = bisect.bisect_right(starts, index) - 1
    laid = sets[which]
    orders = [laid] if laid[0] is _JOKER else list(permutations(laid))
    return orders[index - starts[which]]


def plain_starts(sets: list[tuple[Card, ...]]) -> list[int]:
    """Where each set's ways start; the last number is how many ways there are."""
    starts = [0]
    for laid in sets:
        starts.append(starts[-1] + (1 if laid[0] is _JOKER else len(list(permutations(laid)))))
    return starts


# -- hands and bids ---------------------------------------------------------------------

_DECK = [Card(rank, suit) for rank in range(2, 15) for suit in SUITS]


@st.composite
def hands(draw: st.DrawFn) -> list[Card]:
    """A hand, low first (as the listing is given it): cards of one deck, some
    of them twice (two decks) and up to four jokers."""
    size = draw(st.integers(0, 16))  # every size alike (hypothesis favours small lists)
    cards = draw(st.lists(st.sampled_from(_DECK), unique=True, min_size=size, max_size=size))
    copies = draw(st.lists(st.sampled_from(cards), unique=True, max_size=4)) if cards else []
    jokers = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4]))
    return sorted([*cards, *copies, *[_JOKER] * jokers], key=_ORDER)


@st.composite
def bids(draw: st.DrawFn, cards: list[Card], wheel: bool) -> Bid | None:
    """None, any bid at all (most of them not held), or one the hand forms: a
    set's bid, its kind alone, or a single with its suit."""
    choice = draw(st.sampled_from(["none", "any", "held", "kind", "suit"]))
    if choice == "none":
        return None
    made: dict[Category, list[Bid]] = {}  # the bids held, by kind: a few of the rarer kinds
    for one in plain_sets(cards, None, wheel):
        bid = made_bid(list(one), wheel)
        made.setdefault(bid.kind, []).append(bid)
    if choice == "any" or not made:
        kind = draw(st.sampled_from(sorted({bid.kind for bid in ALL_BIDS})))
        return draw(st.sampled_from([bid for bid in ALL_BIDS if bid.kind is kind]))
    held = draw(st.sampled_from(made[draw(st.sampled_from(sorted(made)))]))
    if choice == "kind":
        return Bid(held.kind)
    if choice == "suit":
        card = draw(st.sampled_from([card for card in cards if card is not _JOKER] or [_JOKER]))
        return Bid(Category.HIGH_CARD, (card.rank,), card.suit or None)
    return held


def _check(cards: list[Card], bid: Bid | None, wheel: bool, indices: list[int]) -> int:
    """Holds the listing's count and ways of a hand to the plain construction's
    (every way when there are few, else each set's first and last and
    ``indices``); the count."""
    sets = plain_sets(cards, bid, wheel)
    starts = plain_starts(sets)
    total, way = wins._laid(tuple(cards), bid, wheel)
    assert formations(cards, bid, wheel) == sets
    assert total == starts[-1]
    if total <= 3000:
        checked = list(range(total))
    else:  # each set's first and last way, and some between
        edges = [*starts[:-1], *(start - 1 for start in starts[1:])]
        checked = sorted({*edges, *(index % total for index in indices)})
    for index in checked:
        assert way(index) == plain_way(sets, starts, index), index
    return total


@settings(max_examples=1000, deadline=None)
@given(data=st.data(), wheel=st.booleans())
def test_every_way_to_win_is_the_plain_constructions(data: st.DataObject, wheel: bool) -> None:
    """For hands with jokers and identical copies, with the wheel or not, with no
    bid or any bid: as many ways as the plain construction has, and each index
    the same cards in the same order."""
    cards = data.draw(hands(), label="cards")
    bid = data.draw(bids(cards, wheel), label="bid")
    indices = data.draw(st.lists(st.integers(0, 10**9), max_size=40), label="indices")
    total = _check(cards, bid, wheel, indices)
    event("no bid" if bid is None else f"a bid {'held' if total else 'not held'}: "
          f"{bid.kind.name.lower()}{' alone' if not bid.ranks else ''}")
    event("jokers" if _JOKER in cards else "no jokers")
    event("copies" if len(set(cards) - {_JOKER}) < len(cards) - cards.count(_JOKER)
          else "no copies")
    event("more than 3000 ways" if total > 3000 else "at most 3000 ways")


@pytest.mark.parametrize("wheel", [False, True])
@pytest.mark.parametrize("bid", [None, Bid(Category.STRAIGHT), Bid(Category.FLUSH),
                                 Bid(Category.STRAIGHT_FLUSH), Bid(Category.FULL_HOUSE),
                                 Bid(Category.TWO_PAIR), Bid(Category.PAIR)])
def test_a_rich_hand_wins_as_the_plain_construction(bid: Bid | None, wheel: bool) -> None:
    """A hand of every kind at once (straights of two suits among the others,
    two flushes, threes, copies and jokers), where random hands seldom go."""
    text = "AS 2S 3S 4S 5S 6S AH 5H 5D 4H 3H 2H KH KD KC 9H 9C JK JK JK AS 5S"
    cards = sorted((Card.parse(card) for card in text.split(" ")), key=_ORDER)
    _check(cards, bid, wheel, list(range(0, 10**7, 9973)))
