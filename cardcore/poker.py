"""Poker hand ranking for Saint Poker (SP-2.4) and Auction (AU-5).

A hand's value is a :class:`HandRank`: the category, then the *rank signature*
(the ranks that make the category), then the kickers. All three live in one
plain tuple of ints, so comparing two hands is one tuple comparison and a
missing kicker (a partial Auction hand, AU-5.1) loses to any kicker for free:
a tuple that is a prefix of another is the smaller one.

:func:`best_hand` never enumerates 5-card subsets. It counts the cards once
into bitmasks of ranks seen at least 1, 2, 3 and 4 times plus packed suit
counts, and reads the answer off those; a flush is looked at card by card only
when some suit has five cards. Lookup tables indexed by a rank bitmask (top
five ranks; straight top, with and without the wheel; 16,384 entries each)
are built on first use, in a few tens of milliseconds, so importing stays cheap.

Jokers (rank 15, no suit) are taken as they come: they group only with jokers
(AU-2.5), never make a straight or a flush. ``usable_only`` drops them and
second identical copies, as Auction scoring requires (AU-5.1).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from cardcore.cards import JOKER_RANK, RANK_NAMES, SUITS, Card

__all__ = ["Category", "HandRank", "best_five", "best_hand", "rank_hand", "usable_cards"]


class Category(IntEnum):
    """Hand categories, weakest first, so that the value is the order (SP-2.4).

    >>> Category.FULL_HOUSE > Category.FLUSH, str(Category.FOUR_OF_A_KIND)
    (True, 'four of a kind')
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The name a card player uses (``"one pair"``, ``"straight flush"``)."""
        return "one pair" if self is Category.PAIR else self.name.lower().replace("_", " ")

    def __str__(self) -> str:
        return self.label


# Per category, the cards each signature rank stands for; its length is the
# signature's (AU-2.7 ruling: a flush names all five ranks, a straight its top).
_SIGNATURE: Final[dict[int, tuple[int, ...]]] = {
    0: (1,),
    1: (2,),
    2: (2, 2),
    3: (3,),
    4: (5,),
    5: (1, 1, 1, 1, 1),
    6: (3, 2),
    7: (4,),
    8: (5,),
}
_PLURALS: Final = {
    2: "twos",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "eights",
    9: "nines",
    10: "tens",
    11: "jacks",
    12: "queens",
    13: "kings",
    14: "aces",
    15: "jokers",
}


class HandRank:
    """The value of a hand: compares, hashes and prints like a card player reads it.

    ``key`` is ``(category, *signature, *kickers)``; all ordering is that tuple's
    ordering. Suits are not part of it, so they never count.

    >>> HandRank(Category.FULL_HOUSE, (13, 5)) > HandRank(Category.FLUSH, (14, 11, 8, 6, 2))
    True
    >>> print(HandRank(Category.TWO_PAIR, (14, 9), (4,)))
    two pair, aces and nines, kicker 4
    >>> HandRank(Category.PAIR, (13,), (12, 7)) < HandRank(Category.PAIR, (13,), (12, 7, 2))
    True
    >>> HandRank(Category.STRAIGHT, (5,)).key
    (4, 5)
    """

    __slots__ = ("key",)
    key: tuple[int, ...]

    def __init__(self, category: int, ranks: Iterable[int], kickers: Iterable[int] = ()) -> None:
        category = Category(category)
        ranks, kickers = tuple(ranks), tuple(kickers)
        counts = _SIGNATURE[category]
        if len(ranks) != len(counts) or len(kickers) > 5 - sum(counts):
            message = (
                f"a {category} takes {len(counts)} signature rank(s) and at most "
                f"{5 - sum(counts)} kicker(s), not {ranks} and {kickers}"
            )
            raise ValueError(message)
        if not all(2 <= rank <= JOKER_RANK for rank in ranks + kickers):
            raise ValueError(f"ranks are 2 to {JOKER_RANK}: {ranks} {kickers}")
        _set_key(self, (int(category), *ranks, *kickers))

    @property
    def category(self) -> Category:
        return Category(self.key[0])

    @property
    def ranks(self) -> tuple[int, ...]:
        """The rank signature: what a ranked Auction bid names (AU-2.7)."""
        return self.key[1 : 1 + len(_SIGNATURE[self.key[0]])]

    @property
    def kickers(self) -> tuple[int, ...]:
        return self.key[1 + len(_SIGNATURE[self.key[0]]) :]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"HandRank is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"HandRank is immutable (cannot delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandRank):
            return self.key == other.key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: object) -> bool:
        if isinstance(other, HandRank):
            return self.key < other.key
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, HandRank):
            return self.key <= other.key
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, HandRank):
            return self.key > other.key
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, HandRank):
            return self.key >= other.key
        return NotImplemented

    def __reduce__(self) -> tuple[object, tuple[int, tuple[int, ...], tuple[int, ...]]]:
        # The frozen __setattr__ defeats the default slot-state pickling.
        return HandRank, (self.key[0], self.ranks, self.kickers)

    def __repr__(self) -> str:
        tail = f", {self.kickers}" if self.kickers else ""
        return f"HandRank(Category.{self.category.name}, {self.ranks}{tail})"

    def __str__(self) -> str:
        # Read straight off the key: every shown hand is printed (SP-2.4), and the
        # category/ranks/kickers properties (an enum call, two slices) cost more
        # than the words themselves.
        key = self.key
        category = key[0]
        top = key[1]
        if category == _HIGH_CARD:
            return "high card " + ", ".join([RANK_NAMES[rank] for rank in key[1:]])
        if category == _FLUSH:
            return "flush, " + ", ".join([RANK_NAMES[rank] for rank in key[1:]])
        if category in (_STRAIGHT, _STRAIGHT_FLUSH):
            return f"{_LABELS[category]}, {RANK_NAMES[top]} high"
        if category == _FULL_HOUSE:
            return f"full house, {_PLURALS[top]} over {_PLURALS[key[2]]}"
        if category == _TWO_PAIR:
            text = f"two pair, {_PLURALS[top]} and {_PLURALS[key[2]]}"
            kickers = key[3:]
        else:  # one pair, three or four of a kind: one signature rank
            text = (f"pair of {_PLURALS[top]}" if category == _PAIR
                    else f"{_LABELS[category]}, {_PLURALS[top]}")
            kickers = key[2:]
        if not kickers:
            return text
        names = ", ".join([RANK_NAMES[rank] for rank in kickers])
        return f"{text}, kicker{'s' if len(kickers) > 1 else ''} {names}"


_LABELS: Final = tuple(category.label for category in Category)
"""Category labels by value, for :meth:`HandRank.__str__`."""
# Category values as plain ints: reading ``Category.PAIR`` goes through the enum
# metaclass (about 0.3 us in Python 3.11), comparing two ints does not.
_HIGH_CARD, _PAIR, _TWO_PAIR, _STRAIGHT, _FLUSH, _FULL_HOUSE, _STRAIGHT_FLUSH = (
    int(category) for category in (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR,
                                   Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE,
                                   Category.STRAIGHT_FLUSH))


_set_key: Final = vars(HandRank)["key"].__set__  # the slot, past the frozen __setattr__
_new: Final = object.__new__  # with _set_key: the hot path, past the validating __init__


# Suit counts packed in 16-bit fields that start at 2**15 - 5, so "some suit has
# five cards" is one AND with the fields' top bits.
_SUIT_ONE: Final = {suit: 1 << 16 * i for i, suit in enumerate(SUITS)} | {"": 0}
_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(SUITS)}
_SUIT_START: Final = sum(((1 << 15) - 5) << 16 * i for i in range(4))
_FIVE_OF_A_SUIT: Final = sum(1 << (16 * i + 15) for i in range(4))


@functools.cache
def _tables() -> tuple[list[tuple[int, ...]], tuple[list[tuple[int, ...] | None], ...]]:
    """Keys per rank bitmask ``m >> 2`` (bit i = rank i + 2), built once on first use.

    ``highs[i]`` is the high-card key ``(0, top five ranks)``; its tail also
    serves for pairs and kickers. ``straights[wheel][i]`` is ``(4, top)`` or None.
    """
    size = 1 << (JOKER_RANK - 1)
    highs: list[tuple[int, ...]] = [(0,)] * size
    for index in range(1, size):
        high = index.bit_length() - 1
        highs[index] = (0, high + 2, *highs[index ^ (1 << high)][1:5])
    straights: tuple[list[tuple[int, ...] | None], ...] = ([None] * size, [None] * size)
    half = size // 2  # the top index bit is the joker's, which makes no straight
    for wheel, table in enumerate(straights):
        for index in range(half):
            mask = index << 2
            if wheel and mask & (1 << 14):
                mask |= 1 << 1  # the ace also plays as 1
            runs = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4
            if runs:
                table[index] = (4, runs.bit_length() + 3)
        table[half:] = table[:half]
    return highs, straights


def _key(cards: Sequence[Card], wheel: bool) -> tuple[int, ...]:
    m1 = m2 = m3 = m4 = m5 = 0  # bit r set: rank r seen at least 1, 2, 3, 4, 5 times
    suits = _SUIT_START
    suit_one = _SUIT_ONE
    for card in cards:
        bit = 1 << card.rank
        if not m1 & bit:
            m1 |= bit
        elif not m2 & bit:
            m2 |= bit
        elif not m3 & bit:
            m3 |= bit
        elif not m4 & bit:
            m4 |= bit
        else:  # only a double deck without usable_only gets here
            m5 |= bit
        suits += suit_one[card.suit]
    highs, straights = _tables()
    straight = straights[1 if wheel else 0]
    key: tuple[int, ...] | None = straight[m1 >> 2]
    if m3:  # with 8+ cards a full house or four of a kind can beat a straight
        if m4:
            quads = highs[m4 >> 2][1]
            kicker = highs[(m1 ^ (1 << quads)) >> 2][1:2]
            if m5 >> quads & 1 and (not kicker or kicker[0] < quads):
                kicker = (quads,)  # no five of a kind: the fifth card is the kicker
            key = (7, quads, *kicker)
        else:
            trips = highs[m3 >> 2][1]
            pair = highs[(m2 ^ (1 << trips)) >> 2][1:2]
            if pair:
                key = (6, trips, *pair)
            elif key is None:
                key = (3, trips, *highs[(m1 ^ m3) >> 2][1:3])
    elif key is None:
        if not m2:
            key = highs[m1 >> 2]
        else:
            # The commonest hands: tuple + slice is faster than unpacking (RUF005).
            pairs = highs[m2 >> 2]
            if len(pairs) == 2:
                key = (1, pairs[1]) + highs[(m1 ^ m2) >> 2][1:4]  # noqa: RUF005
            else:
                high, low = pairs[1], pairs[2]
                kicker = highs[(m1 ^ (1 << high) ^ (1 << low)) >> 2][1:2]
                key = (2, high, low) + kicker  # noqa: RUF005
    if suits & _FIVE_OF_A_SUIT:
        return max(key, _flush_key(cards, suits, highs, straight))
    return key


def _flush_key(
    cards: Sequence[Card],
    suits: int,
    highs: list[tuple[int, ...]],
    straights: list[tuple[int, ...] | None],
) -> tuple[int, ...]:
    # Apart from the joker groups, the only place where suits matter.
    best: tuple[int, ...] = ()
    for index, suit in enumerate(SUITS):
        if suits >> (16 * index + 15) & 1:
            ranks = [card.rank for card in cards if card.suit == suit]
            mask = 0
            for rank in ranks:
                mask |= 1 << rank
            straight = straights[mask >> 2]
            flush: tuple[int, ...]
            if straight is not None:
                flush = (8, straight[1])
            elif mask.bit_count() == len(ranks):
                flush = (5, *highs[mask >> 2][1:])
            else:  # two identical cards from a double deck both count here
                flush = (5, *sorted(ranks, reverse=True)[:5])
            best = max(best, flush)
    return best


def usable_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards that count for Auction scoring: no jokers, one copy of each card (AU-5.1).

    >>> from cardcore.cards import parse_card
    >>> usable_cards(parse_card(c) for c in "AS JK KD AS 2C".split())
    (Card('AS'), Card('KD'), Card('2C'))
    """
    seen = 0
    usable = []
    for card in cards:
        if card.rank == JOKER_RANK:
            continue
        bit = 1 << (4 * card.rank + _SUIT_INDEX[card.suit])
        if not seen & bit:
            seen |= bit
            usable.append(card)
    return tuple(usable)


def rank_hand(cards: Iterable[Card], *, wheel: bool = True) -> HandRank:
    """Rank a hand of 1 to 5 cards as it stands (all cards play).

    Fewer than 5 cards rank as usual, minus the kickers they lack; straights and
    flushes need all 5 (AU-5.1).

    >>> from cardcore.cards import parse_card
    >>> def rank(text): return rank_hand([parse_card(c) for c in text.split()])
    >>> print(rank("KS KH KD 5C 5S"))
    full house, kings over fives
    >>> wheel = [parse_card(c) for c in "AS 2D 3C 4H 5S".split()]
    >>> print(rank_hand(wheel)); print(rank_hand(wheel, wheel=False))
    straight, 5 high
    high card A, 5, 4, 3, 2
    >>> print(rank("KS KD QH 7C")); rank("KS KD QH 7C") < rank("KH KC QS 7D 2C")
    pair of kings, kickers Q, 7
    True
    """
    cards = tuple(cards)
    if not 1 <= len(cards) <= 5:
        raise ValueError(f"a hand to rank has 1 to 5 cards, not {len(cards)}")
    rank: HandRank = _new(HandRank)
    _set_key(rank, _key(cards, wheel))
    return rank


def best_hand(cards: Iterable[Card], *, wheel: bool = True, usable_only: bool = False) -> HandRank:
    """The best 5-card hand out of any number of cards (SP-2.4, AU-5.1).

    Fewer than 5 cards rank as a partial hand, as :func:`rank_hand` does.
    ``usable_only`` first drops jokers and second identical copies (AU-5.1).

    >>> from cardcore.cards import parse_card
    >>> def best(text, **kw): return best_hand([parse_card(c) for c in text.split()], **kw)
    >>> print(best("7S 8S 9D 2C 2S 10H JC"))
    straight, J high
    >>> print(best("AH 2H 3H 4H 5H 9C 9D 9S 9H"))
    straight flush, 5 high
    >>> print(best("AH AH 2H 3H JK JK", usable_only=True))
    high card A, 3, 2
    """
    if usable_only:
        cards = usable_cards(cards)
    elif not isinstance(cards, (tuple, list)):
        cards = tuple(cards)
    if not cards:
        raise ValueError("no usable cards to make a hand of")
    rank: HandRank = _new(HandRank)
    _set_key(rank, _key(cards, wheel))
    return rank


def best_five(
    cards: Iterable[Card], *, wheel: bool = True, usable_only: bool = False
) -> tuple[HandRank, tuple[Card, ...]]:
    """The best hand and the (up to) five cards that make it, to show a table why.

    The cards come signature first, then kickers; straights from the top card
    down (the wheel ends with its ace), flushes from the highest card.

    >>> from cardcore.cards import parse_card
    >>> rank, five = best_five([parse_card(c) for c in "2C KS 5D KH 9S 5H KD".split()])
    >>> print(rank); five
    full house, kings over fives
    (Card('KS'), Card('KH'), Card('KD'), Card('5H'), Card('5D'))
    """
    pool = usable_cards(cards) if usable_only else tuple(cards)
    rank = best_hand(pool, wheel=wheel)
    category, ranks = rank.category, rank.ranks
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        wanted = [14 if r == 1 else r for r in range(ranks[0], ranks[0] - 5, -1)]
        for suit in reversed(SUITS) if category is Category.STRAIGHT_FLUSH else (None,):
            five = _take(pool, wanted, suit)
            if five is not None:
                return rank, five
    elif category is Category.FLUSH:
        for suit in reversed(SUITS):
            if _flush_top(pool, suit) == ranks:
                five = _take(pool, list(ranks), suit)
                if five is not None:
                    return rank, five
    else:
        wanted = [r for r, n in zip(ranks, _SIGNATURE[category], strict=True) for _ in range(n)]
        five = _take(pool, wanted + list(rank.kickers), None)
        if five is not None:
            return rank, five
    raise AssertionError(f"no cards found for {rank} in {pool}")  # pragma: no cover


def _flush_top(pool: Sequence[Card], suit: str) -> tuple[int, ...]:
    return tuple(sorted((c.rank for c in pool if c.suit == suit), reverse=True)[:5])


def _take(pool: Sequence[Card], wanted: list[int], suit: str | None) -> tuple[Card, ...] | None:
    # Highest suit first among equal ranks, so the choice is deterministic.
    left = sorted((c for c in pool if suit is None or c.suit == suit), reverse=True)
    taken = []
    for rank in wanted:
        card = next((c for c in left if c.rank == rank), None)
        if card is None:
            return None
        left.remove(card)
        taken.append(card)
    return tuple(taken)
