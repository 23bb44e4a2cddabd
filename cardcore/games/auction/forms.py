"""What the cards of a ``win`` form (AU-2.2 to AU-2.7, AU-7.5).

A win lays the cards of the bid. They must form the standing bid when bids
were recorded, or else some bid of their own count. The cards are ranked as a
poker hand (:func:`cardcore.poker.rank_hand`): the category is the bid kind and
the rank signature is what a ranked bid names, so a bid is checked by one
ranking, not by a rule per kind.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Final

from cardcore.cards import JOKER, JOKER_RANK, SUITS, Card, card_list
from cardcore.errors import RuleViolation
from cardcore.games.auction.bids import (
    GROUPS,
    JOKER_KINDS,
    JOKER_WORDS,
    SIZE,
    Bid,
    kind_words,
    straight_tops,
)
from cardcore.poker import Category, HandRank, rank_hand

__all__ = ["fault", "formable", "made_bid", "win_bid"]

_LARGEST = max(SIZE.values())
_CATEGORIES: Final = tuple(Category)
"""Categories by value: ``Category(value)`` is a call through the enum's
metaclass, and every win looks one up."""


def _cards_do(cards: Sequence[Card], one: str, several: str) -> str:
    """The cards, then the verb in the number they take: "KH makes", "KS, KH make".

    >>> from cardcore.cards import parse_card
    >>> _cards_do([parse_card("KH")], "makes", "make"), _cards_do([JOKER, JOKER], "does", "do")
    ('KH makes', 'JK, JK do')
    """
    return f"{card_list(cards)} {one if len(cards) == 1 else several}"


def _as_kind(rank: HandRank, kind: Category, cards: Sequence[Card]) -> tuple[int, ...] | None:
    """The rank signature of ``cards`` read as a bid of ``kind``, None if they are
    none: a straight flush is also a straight and a flush."""
    category = rank.key[0]
    if category == kind:
        return rank.ranks
    if category == Category.STRAIGHT_FLUSH:
        if kind is Category.STRAIGHT:
            return rank.ranks
        if kind is Category.FLUSH:
            return tuple(sorted((card.rank for card in cards), reverse=True))
    return None


def _made(rank: HandRank, cards: Sequence[Card]) -> Bid:
    """The bid that ``cards``, ranked ``rank``, make: a single card names its
    suit, but a joker has none (AU-2.5)."""
    kind = _CATEGORIES[rank.key[0]]
    suit = cards[0].suit if kind is Category.HIGH_CARD and not cards[0].is_joker else None
    return Bid(kind, rank.ranks, suit)


def made_bid(cards: Sequence[Card], wheel: bool) -> Bid:
    """The strongest bid that ``cards`` (a sound bid, :func:`fault`) make.

    >>> from cardcore.cards import parse_card
    >>> print(made_bid([parse_card(c) for c in "9H 5H 8H 6H 7H".split()], True))
    straight flush, 9 high
    >>> print(made_bid([parse_card("QD")], True))
    single QD
    """
    return _made(rank_hand(cards, wheel=wheel), cards)


def fault(cards: Sequence[Card], standing: Bid | None, wheel: bool) -> RuleViolation | None:
    """What is wrong with ``cards`` as the cards of the standing bid (or, with no
    recorded bid, of any bid of their count), pointing at ``cards``; None if
    nothing is (AU-7.5).

    >>> from cardcore.cards import parse_card
    >>> from cardcore.poker import Category
    >>> def check(text, bid=None):
    ...     found = fault([parse_card(c) for c in text.split()], bid, True)
    ...     return found and found.rule
    >>> pair_k = Bid(Category.PAIR, (13,))
    >>> check("KS KH", pair_k), check("KS KH 3C", pair_k), check("KS QH", pair_k)
    (None, 'AU-2.3', 'AU-2.2')
    >>> check("QS QH", pair_k), check("KS JK", pair_k), check("KS KS", pair_k)
    ('AU-2.7', 'AU-2.5', 'AU-2.6')
    >>> check("JK JK"), check("KS KH KD"), check("KS KH 3C"), check("JK"), check("JK 5H")
    (None, None, 'AU-2.2', None, 'AU-2.5')
    >>> check("JK", Bid(Category.HIGH_CARD, (15,))), check("JK", Bid(Category.HIGH_CARD, (14,)))
    (None, 'AU-2.7')
    """
    found = win_bid(cards, standing, wheel)
    return found if isinstance(found, RuleViolation) else None


def win_bid(cards: Sequence[Card], standing: Bid | None, wheel: bool) -> Bid | RuleViolation:
    """The bid the cards of a win settle: the standing bid, which they form, or
    with no recorded bid the one they make (:func:`made_bid`); else what is
    wrong with them, as :func:`fault` says it.

    The checks come in the order of :func:`fault`'s rules (kickers, jokers,
    identical cards, the kind, the named ranks), so that a win breaking several
    cites the first. The cards are looked at once for jokers and copies, and
    ranked once for both the check and the bid the win is worded with.

    >>> from cardcore.cards import parse_card
    >>> print(win_bid([parse_card(c) for c in "KS KH 5D 5S".split()], None, True))
    two pair, kings and fives
    """
    count = len(cards)
    kind = standing.kind if standing is not None else None
    largest = SIZE[kind] if kind is not None else _LARGEST
    if count > largest:
        message = (f"{count} cards are more than {_what(kind)} has ({largest}): cards that "
                   "play no part in the hand (kickers) are never part of a bid")
        return RuleViolation("AU-2.3", message, ("cards",))
    jokers = 0
    distinct = set()
    for card in cards:
        if card.rank == JOKER_RANK:
            jokers += 1
        else:
            distinct.add((card.rank, card.suit))
    if jokers:
        joker_kinds = JOKER_KINDS if kind is None else JOKER_KINDS & {kind}
        if jokers != count or not any(SIZE[k] == count for k in joker_kinds):
            return RuleViolation("AU-2.5", f"{card_list(cards)}: {JOKER_WORDS}", ("cards",))
        if standing is None:
            return made_bid(cards, wheel)
        assert kind is not None
        if standing.ranks and standing.ranks != (JOKER_RANK,):  # jokers are not wild
            found = Bid(kind, (JOKER_RANK,))
            message = (f"{_cards_do(cards, 'makes', 'make')} {found}, not the standing bid, "
                       f"{standing}")
            return RuleViolation("AU-2.7", message, ("cards",))
        return standing
    if len(distinct) != count:
        twice = [card for card, copies in Counter(cards).items() if copies > 1]
        message = (f"{card_list(twice)} twice: two identical cards may not both be used in one "
                   "bid")
        return RuleViolation("AU-2.6", message, ("cards",))
    if count == 0:
        return RuleViolation("AU-2.2", "a win lays the cards of the bid: it names none",
                             ("cards",))
    rank = rank_hand(cards, wheel=wheel)
    if standing is None:
        if SIZE[_CATEGORIES[rank.key[0]]] != count:
            message = (f"{_cards_do(cards, 'forms', 'form')} no bid: {count} cards must be "
                       f"{_count_words(count)}")
            return RuleViolation("AU-2.2", message, ("cards",))
        return _made(rank, cards)
    assert kind is not None
    signature = _as_kind(rank, kind, cards) if count == SIZE[kind] else None
    if signature is None:
        message = (f"{_cards_do(cards, 'does', 'do')} not form {_what(kind)}, the standing "
                   f"bid's kind ({SIZE[kind]} cards)")
        return RuleViolation("AU-2.2", message, ("cards",))
    if (standing.ranks and signature != standing.ranks) or (
            standing.suit is not None and cards[0].suit != standing.suit):
        found = _made(rank, cards) if kind is Category.HIGH_CARD else Bid(kind, signature)
        message = (f"{_cards_do(cards, 'makes', 'make')} {found}, not the standing bid, "
                   f"{standing}")
        return RuleViolation("AU-2.7", message, ("cards",))
    return standing


def _what(kind: Category | None) -> str:
    """The bid the cards are held to, in words: the standing bid's kind, or any."""
    return _a(kind_words(kind)) if kind is not None else "any bid"


def _a(words: str) -> str:
    """A bid kind's words with the article they take: "a straight", but "one pair"
    and "two pair" as they are (not "a one pair")."""
    return words if words.startswith(("one ", "two ")) else f"a {words}"


def _count_words(count: int) -> str:
    kinds = [_a(kind_words(kind)) for kind, size in SIZE.items() if size == count]
    return kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " or " + kinds[-1]


_SUITED: Final = {(rank, suit): Card(rank, suit) for rank in range(2, 15) for suit in SUITS}
"""Every suited card by (rank, suit): a hand is looked up by its cards (interned,
hashed in C), never by building one per bid."""


def formable(bid: Bid, hand: Mapping[Card, int], wheel: bool) -> bool:
    """Whether some of the cards of ``hand`` (card -> copies, every card of the
    hand known) form ``bid``: AU-7.5 refuses a bid such a hand cannot form, at
    the bid (AU-2.2).

    Identical suited cards count once (AU-2.6) and jokers only as jokers
    (AU-2.5); a straight flush forms a straight and a flush as well. A bid of
    one rank (most bids) is judged by looking its cards up; the others by the
    ranks and suits the hand holds.

    >>> from collections import Counter
    >>> from cardcore.cards import parse_card
    >>> from cardcore.frozen import FrozenMap
    >>> hand = FrozenMap(Counter(parse_card(c) for c in "KS KS QH JH TH 9H 8H JK 2C 3D".split()))
    >>> def can(kind, *ranks, suit=None):
    ...     return formable(Bid(kind, ranks, suit), hand, True)
    >>> can(Category.PAIR, 13), can(Category.HIGH_CARD, 15), can(Category.PAIR, 15)
    (False, True, False)
    >>> can(Category.STRAIGHT_FLUSH, 12), can(Category.FLUSH), can(Category.STRAIGHT, 13)
    (True, True, True)
    >>> can(Category.HIGH_CARD, 13, suit="S"), can(Category.HIGH_CARD, 13, suit="H")
    (True, False)
    """
    kind, ranks = bid.kind, bid.ranks
    if kind in GROUPS:  # one rank, always named (AU-2.7)
        rank = ranks[0]
        if rank == JOKER_RANK:
            return hand.get(JOKER, 0) >= SIZE[kind]
        if bid.suit is not None:
            return hand.get(_SUITED[rank, bid.suit], 0) > 0
        held = sum(1 for suit in SUITS if hand.get(_SUITED[rank, suit], 0) > 0)
        return held >= SIZE[kind]
    copies_of, by_suit = _profile(hand)
    if kind is Category.TWO_PAIR:
        pairs = {rank for rank, count in copies_of.items() if count >= 2}
        return set(ranks) <= pairs if ranks else len(pairs) >= 2
    if kind is Category.FULL_HOUSE:
        triples = [rank for rank, count in copies_of.items() if count >= 3]
        if ranks:
            return ranks[0] in triples and copies_of.get(ranks[1], 0) >= 2
        return any(count >= 2 and rank != triple
                   for triple in triples for rank, count in copies_of.items())
    if kind is Category.STRAIGHT:
        return _has_straight(copies_of.keys(), ranks, wheel)
    if kind is Category.FLUSH:
        return any(set(ranks) <= suited if ranks else len(suited) >= 5
                   for suited in by_suit.values())
    return any(_has_straight(suited, ranks, wheel) for suited in by_suit.values())


@functools.lru_cache(maxsize=256)
def _profile(hand: Mapping[Card, int]) -> tuple[dict[int, int], dict[str, frozenset[int]]]:
    """A hand's distinct suited cards per rank and ranks per suit (jokers and
    second copies left out, AU-2.5, AU-2.6). Cached: a hand changes only when it
    wins, and its player may bid many times before (a frozen hand hashes)."""
    suits: dict[int, set[str]] = {}
    for card, copies in hand.items():
        if copies > 0 and card.rank != JOKER_RANK:
            suits.setdefault(card.rank, set()).add(card.suit)
    by_suit: dict[str, set[int]] = {}
    for rank, of_rank in suits.items():
        for suit in of_rank:
            by_suit.setdefault(suit, set()).add(rank)
    return ({rank: len(of_rank) for rank, of_rank in suits.items()},
            {suit: frozenset(ranks) for suit, ranks in by_suit.items()})


def _has_straight(ranks: Collection[int], signature: tuple[int, ...], wheel: bool) -> bool:
    """Whether ``ranks`` hold a straight, topped by the signature's card if one is named."""
    return any(not signature or top == signature[0] for top, _ in straight_tops(ranks, wheel))
