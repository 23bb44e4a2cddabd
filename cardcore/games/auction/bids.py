"""Bids (AU-2): the value a bid names, its order, its priority, and how a
``bid`` event names one.

A bid is a kind and, where it names them, ranks: a :class:`Bid`. Its kinds are
the poker categories in the same order (AU-2.2 lists them as SP-2.4 does, two
pair below three of a kind), so a bid kind *is* a
:class:`~cardcore.poker.Category`, and the ranks a bid names are the rank
signature :class:`~cardcore.poker.HandRank` computes for the cards (AU-2.7).
That lets a win's cards be checked against the standing bid by ranking them
(:mod:`cardcore.games.auction.forms`) instead of by a second description of
each kind.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Collection, Sequence
from typing import Final

import attrs

from cardcore.cards import JOKER_RANK, SUITS, CardNotationError, parse_rank, rank_name, suit_letter
from cardcore.errors import PathPart, RuleViolation
from cardcore.poker import Category, HandRank
from cardcore.quoting import quoted
from cardcore.standings import plural
from cardcore.table import likely

__all__ = ["GROUPS", "JOKER_KINDS", "KINDS", "SIZE", "Bid", "kind_name", "kind_words", "named_bid",
           "set_off", "spelled_bid", "straight_tops", "straights_held"]

KINDS: Final = {
    "single": Category.HIGH_CARD,
    "pair": Category.PAIR,
    "two_pair": Category.TWO_PAIR,
    "three": Category.THREE_OF_A_KIND,
    "straight": Category.STRAIGHT,
    "flush": Category.FLUSH,
    "full_house": Category.FULL_HOUSE,
    "four": Category.FOUR_OF_A_KIND,
    "straight_flush": Category.STRAIGHT_FLUSH,
}
"""Bid kinds by their transcript names, weakest first (AU-2.2)."""
_NAMES: Final = {kind: name for name, kind in KINDS.items()}
_LONG_NAMES: Final = ({kind.name.lower(): name for name, kind in KINDS.items()}
                      | {kind.label: name for name, kind in KINDS.items()})
"""Each kind's transcript name by the poker category's full names (``three_of_a_kind``,
``high card``, ``one pair``): what a mistyped kind written in full is told it means."""

SIZE: Final = {
    Category.HIGH_CARD: 1, Category.PAIR: 2, Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3, Category.STRAIGHT: 5, Category.FLUSH: 5,
    Category.FULL_HOUSE: 5, Category.FOUR_OF_A_KIND: 4, Category.STRAIGHT_FLUSH: 5,
}
"""How many cards a bid of each kind has (AU-2.2)."""

GROUPS: Final = frozenset({Category.HIGH_CARD, Category.PAIR, Category.THREE_OF_A_KIND,
                           Category.FOUR_OF_A_KIND})
"""Kinds named by one rank, always (AU-2.7); the others may name the kind alone."""
JOKER_KINDS: Final = frozenset({Category.HIGH_CARD, Category.PAIR, Category.THREE_OF_A_KIND,
                                Category.FOUR_OF_A_KIND})
"""The only kinds jokers may form, and only of jokers (AU-2.5): a single joker
(the highest single card), or a pair, three or four of jokers."""
JOKER_WORDS: Final = ("jokers are not wild: a joker alone is a single card, and jokers "
                      "together form only a pair, three or four of jokers")
"""What AU-2.5 allows, as the messages of its problems say it."""

_SIGNATURE: Final = {Category.TWO_PAIR: 2, Category.STRAIGHT: 1, Category.FLUSH: 5,
                     Category.FULL_HOUSE: 2, Category.STRAIGHT_FLUSH: 1}
"""Ranks in a full rank signature of the kinds that may name the kind alone (AU-7.4)."""
_SIGNATURE_WORDS: Final = {
    Category.TWO_PAIR: "the higher pair's rank, then the lower pair's",
    Category.STRAIGHT: "its top card",
    Category.FLUSH: "all five ranks from the top",
    Category.FULL_HOUSE: "the triple's rank, then the pair's",
    Category.STRAIGHT_FLUSH: "its top card",
}
_ACE: Final = 14
_WHEEL_TOP: Final = 5


def kind_name(kind: Category) -> str:
    """The transcript name of a bid kind.

    >>> kind_name(Category.FULL_HOUSE), kind_name(Category.HIGH_CARD)
    ('full_house', 'single')
    """
    return _NAMES[kind]


def kind_words(kind: Category) -> str:
    """A bid kind as a player says it.

    >>> kind_words(Category.HIGH_CARD), kind_words(Category.TWO_PAIR)
    ('single card', 'two pair')
    """
    return "single card" if kind is Category.HIGH_CARD else kind.label


@attrs.frozen
class Bid:
    """What a bid names: a kind, the rank signature (empty: the kind alone) and,
    for a single card, maybe a suit (AU-2.7).

    Bids compare by :attr:`key` (AU-2.8): the kind first, then the kind alone
    below any ranked bid of it, then the signature, then for a single card the
    rank alone below any suit, clubs < diamonds < hearts < spades.

    >>> pair_k = Bid(Category.PAIR, (13,))
    >>> pair_k.key > Bid(Category.PAIR, (12,)).key > Bid(Category.HIGH_CARD, (14,), "S").key
    True
    >>> Bid(Category.TWO_PAIR).key < Bid(Category.TWO_PAIR, (3, 2)).key < Bid(Category.THREE_OF_A_KIND, (2,)).key
    True
    >>> q, qc, qs = Bid(Category.HIGH_CARD, (12,)), Bid(Category.HIGH_CARD, (12,), "C"), Bid(Category.HIGH_CARD, (12,), "S")
    >>> q.key < qc.key < qs.key < Bid(Category.HIGH_CARD, (13,)).key
    True
    >>> print(q, qs, Bid(Category.FLUSH), Bid(Category.FULL_HOUSE, (13, 5)), sep="; ")
    single Q; single QS; flush (the kind alone); full house, kings over fives
    """

    kind: Category
    ranks: tuple[int, ...] = ()
    suit: str | None = None

    @property
    def key(self) -> tuple[int, ...]:
        """The order of bids (AU-2.8): a greater key beats a smaller one."""
        suit = 0 if self.suit is None else SUITS.index(self.suit) + 1
        return (int(self.kind), 1 if self.ranks else 0, *self.ranks, suit)

    @property
    def priority(self) -> tuple[int, ...]:
        """What the first bidder holds priority for (AU-2.9): a single card's or a
        group's rank with its kind, else the kind in any form.

        >>> Bid(Category.HIGH_CARD, (12,), "H").priority == Bid(Category.HIGH_CARD, (12,)).priority
        True
        >>> Bid(Category.STRAIGHT).priority == Bid(Category.STRAIGHT, (9,)).priority
        True
        """
        if self.kind in GROUPS:
            return (int(self.kind), *self.ranks)
        return (int(self.kind),)

    @property
    def size(self) -> int:
        """The cards a bid of this kind has (AU-2.2)."""
        return SIZE[self.kind]

    def __str__(self) -> str:
        return _words(self.kind, self.ranks, self.suit)


def set_off(bid: Bid) -> str:
    """A bid's words where the sentence goes on after them: a name that holds a
    comma ("straight, 9 high") is set off by a second one, so that the sentence
    does not read "straight, 9 high only equals".

    >>> set_off(Bid(Category.STRAIGHT, (9,))), set_off(Bid(Category.PAIR, (13,)))
    ('straight, 9 high,', 'pair of kings')
    """
    words = str(bid)
    return f"{words}," if "," in words else words


@functools.lru_cache(maxsize=4096, typed=True)
def _words(kind: Category, ranks: tuple[int, ...], suit: str | None) -> str:
    """A bid as :class:`Bid` prints it. Cached: a ranked bid's words are a
    :class:`HandRank`'s, which takes building and checking one; every bid is
    printed for its own effect and again for its win's, and the same bids recur
    (the bids :func:`named_bid` can name are a few thousand). ``typed``: a kind
    given as a plain int prints otherwise than its Category."""
    if not ranks:
        return f"{kind} (the kind alone)"
    if kind is Category.HIGH_CARD:
        return f"single {rank_name(ranks[0])}{suit or ''}"
    return str(HandRank(kind, ranks))


def _straights_by_top(wheel: bool) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Per straight there is (with the wheel or not): its top, its ranks as bits
    of a mask, and its ranks top first."""
    low = _WHEEL_TOP if wheel else _WHEEL_TOP + 1
    found = []
    for top in range(low, _ACE + 1):
        ranks = tuple(_ACE if rank == 1 else rank for rank in range(top, top - 5, -1))
        found.append((top, sum(1 << rank for rank in ranks), ranks))
    return tuple(found)


_STRAIGHTS: Final = {wheel: _straights_by_top(wheel) for wheel in (False, True)}


def straight_tops(ranks: Collection[int], wheel: bool) -> list[tuple[int, tuple[int, ...]]]:
    """Every straight among ``ranks``: its top card (its rank signature, AU-2.7)
    and its ranks, top first; the wheel A-2-3-4-5 has 5 on top (AU-7.3).
    (The ranks held as bits of one number, each straight is one test: a hand's
    bids and a win's sets ask this for every hand.)

    >>> [top for top, _ in straight_tops({14, 2, 3, 4, 5, 6}, True)]
    [5, 6]
    >>> [top for top, _ in straight_tops({14, 2, 3, 4, 5, 6}, False)]
    [6]
    """
    held = 0
    for rank in ranks:
        held |= 1 << rank
    return straights_held(held, wheel)


def straights_held(held: int, wheel: bool) -> list[tuple[int, tuple[int, ...]]]:
    """:func:`straight_tops` of the ranks held as bits of ``held`` (rank ``r`` is
    ``1 << r``), for a caller that has them so already.

    >>> [top for top, _ in straights_held(0b1111110, False)]
    [6]
    """
    return [(top, wanted) for top, bits, wanted in _STRAIGHTS[wheel] if held & bits == bits]


def _rule(rule: str, message: str, *path: PathPart) -> RuleViolation:
    return RuleViolation(rule, message, path)


def _ranks(texts: Sequence[str], field: str, single: bool) -> list[int]:
    ranks = []
    for index, text in enumerate(texts):
        try:
            ranks.append(parse_rank(text))
        except CardNotationError as error:
            path: tuple[PathPart, ...] = (field,) if single else (field, index)
            raise _rule("AU-2.7", str(error) + _card_for_rank(text), *path) from None
    return ranks


def _card_for_rank(text: object) -> str:
    """A hint for a card written where a bid names a rank (``"8H"``): the rank
    alone, and a single's suit in a field of its own (AU-7.2)."""
    if not isinstance(text, str) or len(text) < 2:
        return ""
    suit = suit_letter(text[-1])
    if not suit:
        return ""
    try:
        rank = parse_rank(text[:-1])
    except CardNotationError:
        return ""
    return (f" ({text} is a card: a bid names its rank, {rank_name(rank)!r}, and a single "
            f"names a suit in the field suit, {suit!r})")


_EXAMPLE_RANK: Final = 9
"""The rank a message writes in its example of a bid that names one (``"rank": "9"``),
where the bid itself names none to take."""


def _one_rank(kind_text: str, named: list[int], ranks: Sequence[str] | None) -> RuleViolation:
    """AU-2.7: a single card, pair, three or four names one rank, and this bid
    names none or several. A bid with neither ``rank`` nor ``ranks`` is told at
    the event (the key it lacks is no place in the file); an empty or longer
    ``ranks`` at that field. Each says how the rank is written."""
    example = f'"rank": "{rank_name(named[0] if named else _EXAMPLE_RANK)}"'
    if ranks is None:
        return _rule("AU-2.7", f"a {kind_text} bid names its rank, and this one names none: "
                     f"write it, like {example}")
    if not named:
        return _rule("AU-2.7", f"a {kind_text} bid names its rank, and ranks is empty: write "
                     f"it, like {example}", "ranks")
    return _rule("AU-2.7", f"a {kind_text} bid names one rank, not {len(named)}: write it "
                 f"alone, like {example}", "ranks")


def _not_a_top(name: str, ranks: list[int], wheel: bool) -> str:
    """AU-2.7: a straight (or straight flush) bid names the kind alone or its top
    card, and this one names several ranks: said with the rank to write, the
    top of those ranks where they are one straight's (``9 8 7 6 5``: 9).

    >>> _not_a_top("straight", [9, 8, 7, 6, 5], True)
    'a straight bid names the kind alone or its top card, not 5 ranks: for 9, 8, 7, 6, 5, write "rank": "9" (or "ranks": ["9"])'
    """
    run = SIZE[Category.STRAIGHT]
    tops = straight_tops(ranks, wheel) if len(ranks) == len(set(ranks)) == run else []
    top = rank_name(tops[0][0] if tops else _EXAMPLE_RANK)
    said = f"a {name} bid names the kind alone or its top card, not {plural(len(ranks), 'rank')}"
    example = f'"rank": "{top}" (or "ranks": ["{top}"])'
    if tops:
        return f"{said}: for {', '.join(rank_name(rank) for rank in ranks)}, write {example}"
    return f"{said}: write one, like {example}"


def _named_again(ranks: list[int]) -> str:
    """The ranks a signature names more than once, in words.

    >>> _named_again([14, 14, 13, 12, 11]), _named_again([9, 9, 9, 5, 5])
    ('A is named twice', '9 is named 3 times, 5 twice')
    """
    times = [f"{rank_name(rank)} {'twice' if count == 2 else f'{count} times'}"
             for rank, count in Counter(ranks).items() if count > 1]
    times[0] = times[0].replace(" ", " is named ", 1)  # a rank's name has no space
    return ", ".join(times)


def _signature(kind: Category, ranks: list[int], field: str, wheel: bool) -> tuple[int, ...]:
    """Check a full rank signature (AU-2.7, AU-7.3, AU-7.4) in its canonical order."""
    name = kind_name(kind)
    wanted = _SIGNATURE[kind]
    if len(ranks) != wanted and wanted == 1:  # a straight's, whose ranks are its cards'
        raise _rule("AU-2.7", _not_a_top(name, ranks, wheel), field)
    if len(ranks) != wanted:
        message = (f"a {name} bid names the kind alone or its whole rank signature, "
                   f"{_SIGNATURE_WORDS[kind]}, not {plural(len(ranks), 'rank')}")
        raise _rule("AU-2.7", message, field)
    if JOKER_RANK in ranks:
        raise _rule("AU-2.5", f"jokers are part of no {name}: {JOKER_WORDS}", field)
    if kind in (Category.TWO_PAIR, Category.FLUSH):
        if len(set(ranks)) != len(ranks):
            raise _rule("AU-2.7", f"the ranks of a {name} differ from each other: "
                        f"{_named_again(ranks)}", field)
        return tuple(sorted(ranks, reverse=True))
    if kind is Category.FULL_HOUSE:
        if ranks[0] == ranks[1]:
            raise _rule("AU-2.7", "a full house's triple and pair are of different ranks", field)
        return tuple(ranks)
    low = _WHEEL_TOP if wheel else _WHEEL_TOP + 1
    if not low <= ranks[0] <= _ACE:
        wheel_words = " (5 with the wheel)" if wheel else " (the wheel is off)"
        message = (f"no {name} has {rank_name(ranks[0])} on top: the top card is "
                   f"{rank_name(low)} to A{wheel_words}")
        raise _rule("AU-2.7", message, field)
    return tuple(ranks)


def _suit(text: str, rank: int) -> str:
    """AU-2.7, AU-7.2: a suit, and never on a joker, which has none (AU-2.5).
    Whether the standing bid lets a suit be named is :func:`named_bid`'s to ask."""
    if rank == JOKER_RANK:
        raise _rule("AU-2.5", f"a joker has no suit: a single joker bid names the rank JK "
                    f"alone, not {quoted(text)}", "suit")
    suit = suit_letter(text)
    if not suit:
        raise _rule("AU-2.7", f"{quoted(text)} is not a suit: suits are S, H, D and C "
                    "(or their symbols)", "suit")
    return suit


def named_bid(kind_text: str, rank: str | None, ranks: Sequence[str] | None,
              suit: str | None, standing: Bid | None, wheel: bool) -> Bid:
    """The bid that a ``bid`` event's fields name, or the rule its naming breaks.

    >>> named_bid("pair", "k", None, None, None, True)
    Bid(kind=<Category.PAIR: 1>, ranks=(13,), suit=None)
    >>> named_bid("flush", None, ["9", "K", "2", "5", "T"], None, None, True).ranks
    (13, 10, 9, 5, 2)
    >>> named_bid("flush", None, ["K", "Q"], None, None, True)
    Traceback (most recent call last):
    ...
    cardcore.errors.RuleViolation: a flush bid names the kind alone or its whole rank signature, all five ranks from the top, not 2 ranks (AU-2.7)
    >>> print(named_bid("single", "JK", None, None, None, True))
    single JK
    """
    bid = _read(kind_text, rank, ranks, suit, wheel)
    if bid.suit is not None and (standing is None or standing.kind is not Category.HIGH_CARD
                                 or standing.ranks[0] != bid.ranks[0]):
        named = rank_name(bid.ranks[0])
        message = (f"a single {named} names the rank alone: a suit is named only "
                   f"when the standing bid is a single {named}")
        raise _rule("AU-2.7", message, "suit")
    return bid


def spelled_bid(kind_text: str, rank: str | None, ranks: Sequence[str] | None,
                suit: str | None) -> Bid | None:
    """The bid that a ``bid`` event's fields name, whatever the table, or None
    where the naming itself breaks a rule: one :class:`Bid` for every spelling
    the rules read as one (``"rank": "K"`` or ``"ranks": ["K"]``; a two pair's or
    a flush's ranks in any order), so that two records of one bid can be told
    alike (``diff``). What the table decides is not asked: a suit is read
    whatever the standing bid (:func:`named_bid` asks), and a straight's top as
    the wheel would allow it, since either spelling of one bid is allowed or
    refused alike.

    >>> spelled_bid("two_pair", None, ["5", "K"], None) == spelled_bid("two_pair", None, ["K", "5"], None)
    True
    >>> spelled_bid("pair", "K", None, None) == spelled_bid("pair", None, ["K"], None)
    True
    >>> spelled_bid("full_house", None, ["5", "K"], None) == spelled_bid("full_house", None, ["K", "5"], None)
    False
    >>> print(spelled_bid("pair", "K", ["K"], None))
    None
    """
    try:
        return _read(kind_text, rank, ranks, suit, wheel=True)
    except RuleViolation:
        return None


def _read(kind_text: str, rank: str | None, ranks: Sequence[str] | None,
          suit: str | None, wheel: bool) -> Bid:
    """The bid the fields name (AU-2.7, AU-7.4, and AU-7.3 by ``wheel``), or the
    rule their naming breaks; a suit is taken on any single card but a joker."""
    kind = KINDS.get(kind_text)
    if kind is None:
        message = (f"{kind_text!r} is not a bid kind: the kinds are {', '.join(KINDS)}"
                   + likely(kind_text, tuple(KINDS), _LONG_NAMES))
        raise _rule("AU-2.2", message, "kind")
    if rank is not None and ranks is not None:
        raise _rule("AU-2.7", "a bid names its ranks once: rank for one, or ranks", "ranks")
    field = "rank" if rank is not None else "ranks"
    named = _ranks((rank,) if rank is not None else ranks or (), field, rank is not None)
    if suit is not None and kind is not Category.HIGH_CARD:
        raise _rule("AU-2.7", f"only a single card names a suit, not a {kind_text}", "suit")
    if kind in GROUPS:
        if len(named) != 1:
            raise _one_rank(kind_text, named, ranks)
        return Bid(kind, tuple(named), None if suit is None else _suit(suit, named[0]))
    if not named:
        return Bid(kind)
    return Bid(kind, _signature(kind, named, field, wheel))
