"""Cards and their notation.

Two families of cards exist in the four games:

* the **Pairs deck** (Goblin and Orc Poker) whose cards are the integers 1 to 10;
  copies of one number are identical, so a plain ``int`` is the whole card;
* **standard cards** (Saint Poker, Auction): a rank and a suit, plus the joker.

A card that the table could not see is written ``"?"`` in a transcript and is
``None`` in the engine: every card-valued event field is ``card | None``.

The canonical notation (TRANSCRIPT.md, "Cards") is what ``str`` gives; the
parser is lenient in exactly the ways the format allows (``T`` for 10, lower
case, suit symbols) and nothing else.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, NewType, TypeAlias

from cardcore.errors import CardNotationError
from cardcore.quoting import quoted

__all__ = [
    "CARD_ORDER",
    "JOKER",
    "JOKER_RANK",
    "RANK_NAMES",
    "STANDARD_CARDS",
    "SUITS",
    "UNKNOWN",
    "Card",
    "CardNotationError",
    "PairsCard",
    "RankText",
    "SuitText",
    "card_list",
    "parse_card",
    "parse_pairs_card",
    "rank_name",
    "rank_text",
    "suit_letter",
    "suit_text",
]

UNKNOWN: Final = "?"
"""How a transcript writes a card the table could not see."""

PairsCard = NewType("PairsCard", int)
"""A card of the Pairs deck: an integer from 1 to 10."""

PAIRS_LOW: Final = 1
PAIRS_HIGH: Final = 10

SUITS: Final = ("C", "D", "H", "S")
"""Suit letters, weakest first (AU-2.4: clubs < diamonds < hearts < spades)."""

_SUIT_SYMBOLS: Final = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}

JOKER_RANK: Final = 15
"""The joker ranks above the ace (AU-2.4); it has no suit."""

RANK_NAMES: Final = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A", JOKER_RANK: "JK",
}
_RANK_BY_NAME: Final = {name: rank for rank, name in RANK_NAMES.items()} | {"T": 10}


def rank_name(rank: int) -> str:
    """Canonical name of a rank number.

    >>> rank_name(10), rank_name(14), rank_name(15)
    ('10', 'A', 'JK')
    """
    return RANK_NAMES[rank]


def _rank_of(text: object) -> int | None:
    """The rank ``text`` writes, or None: the one reading of a rank alone."""
    return _RANK_BY_NAME.get(text.upper()) if isinstance(text, str) else None


def parse_rank(text: str) -> int:
    """Parse a rank as written in a bid (``"10"``, ``"T"``, ``"q"``, ``"JK"``).

    >>> parse_rank("t"), parse_rank("Q"), parse_rank("JK")
    (10, 12, 15)
    """
    rank = _rank_of(text)
    if rank is None:
        message = f"{quoted(text)} is not a rank: ranks are 2-10, J, Q, K, A (T for 10) and JK"
        raise CardNotationError(message)
    return rank


if TYPE_CHECKING:  # to a program, plain strings: BidEvent(rank="K") type-checks as the docs write it
    RankText: TypeAlias = str
    SuitText: TypeAlias = str
else:  # at run time, the annotations the loaders and the event checks key the spelling on
    RankText = NewType("RankText", str)
    """A rank written alone in card notation (an Auction bid's ``rank`` and ``ranks``):
    a string, read into :func:`rank_text`'s normal form where the event is built or
    loaded, so that a bid written "T" is the bid written "10" to every comparison
    (diff, its alignment, an amendment that changes nothing) and prints as "10".
    What is no rank stays a string as written: the rules that read it refuse it."""

    SuitText = NewType("SuitText", str)
    """A suit written alone (an Auction single card bid's ``suit``): as
    :data:`RankText`, read into :func:`suit_text`'s normal form, its letter."""


def rank_text(text: str) -> str:
    """The canonical name of the rank ``text`` writes (as :func:`parse_rank` reads
    it: either case, ``T`` for 10), or ``text`` itself if it writes none: this is
    a normal form, not a check, and a rank's mistake is the rules' to word (an
    Auction bid cites AU-2.7 at its field, quoting it as written).

    >>> rank_text("t"), rank_text("10"), rank_text("q"), rank_text("jk"), rank_text("11")
    ('10', '10', 'Q', 'JK', '11')
    """
    rank = _rank_of(text)
    return text if rank is None else RANK_NAMES[rank]


def suit_text(text: str) -> str:
    """The letter of the suit ``text`` writes (:func:`suit_letter`), or ``text``
    itself if it writes none (the rules refuse it, quoting it as written).

    >>> suit_text("\u2660"), suit_text("h"), suit_text("X")
    ('S', 'H', 'X')
    """
    return suit_letter(text) or text


class Card:
    """A standard playing card or a joker.

    ``rank`` is 2 to 14 (ace high) or 15 for the joker; ``suit`` is one of
    ``C D H S``, empty for the joker. Cards of two decks that share rank and suit
    are the same value: the deck composition says how many copies exist.

    Every card is interned: ``Card(14, "S")`` is the one ace of spades, so a
    card is equal only to itself and hashes by identity. Card accounting keys
    dictionaries by cards tens of times per event, and a hash written in Python
    (as attrs generates it) was a fifth of the replay of a standard-deck game.

    >>> Card.parse("Th")
    Card('10H')
    >>> str(Card.parse("a♠")), Card.parse("JK").is_joker
    ('AS', True)
    >>> Card(14, "S") is Card.parse("AS"), Card(14, "S") == Card(14, "H")
    (True, False)
    >>> sorted([Card.parse(c) for c in ["AS", "2C", "JK", "2S"]])
    [Card('2C'), Card('2S'), Card('AS'), Card('JK')]
    """

    __slots__ = ("_order", "rank", "suit")

    rank: int
    suit: str
    _order: int

    def __new__(cls, rank: int, suit: str) -> Card:
        exact = type(rank) is int and type(suit) is str  # 14.0 == 14, True == 1
        card = _INTERNED.get((rank, suit)) if exact else None
        if card is None:
            _check_card(rank, suit)
            card = object.__new__(cls)
            order = rank * 5 + (SUITS.index(suit) + 1 if suit in SUITS else 0)
            for name, value in (("rank", rank), ("suit", suit), ("_order", order)):
                object.__setattr__(card, name, value)
            _INTERNED[rank, suit] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse any input form of TRANSCRIPT.md "Cards" (not ``"?"``)."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    def __lt__(self, other: Card) -> bool:
        return self._order < other._order

    def __le__(self, other: Card) -> bool:
        return self._order <= other._order

    def __gt__(self, other: Card) -> bool:
        return self._order > other._order

    def __ge__(self, other: Card) -> bool:
        return self._order >= other._order

    def __str__(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank)) + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_INTERNED: Final[dict[tuple[int, str], Card]] = {}
"""Every card made so far, by (rank, suit)."""


def _check_card(rank: object, suit: object) -> None:
    """A card's rank and suit as :class:`Card` takes them, or CardNotationError.

    >>> Card(1, "S")
    Traceback (most recent call last):
    ...
    cardcore.cards.CardNotationError: Card(1, 'S') is not a card: the rank is a whole number from 2 to 14 (ace) with a suit of 'C', 'D', 'H' or 'S', or 15 with the suit '' for the joker (Card.parse('AS') reads the notation)
    """
    whole = isinstance(rank, int) and not isinstance(rank, bool)
    if whole and ((2 <= rank < JOKER_RANK and suit in SUITS)  # type: ignore[operator]
                  or (rank == JOKER_RANK and suit == "")):
        return
    message = (f"Card({rank!r}, {suit!r}) is not a card: the rank is a whole number from 2 to "
               "14 (ace) with a suit of 'C', 'D', 'H' or 'S', or 15 with the suit '' for the "
               "joker (Card.parse('AS') reads the notation)")
    raise CardNotationError(message)


def _build_card_table() -> dict[str, Card]:
    table: dict[str, Card] = {"JK": Card(JOKER_RANK, "")}
    for rank, name in RANK_NAMES.items():
        if rank == JOKER_RANK:
            continue
        for suit in SUITS:
            table[name + suit] = Card(rank, suit)
    return table


_CARDS: Final = _build_card_table()

JOKER: Final = _CARDS["JK"]
"""The joker: every joker is this one card (cards are interned), so ``card is
JOKER`` tells one apart without ``==``, which is a Python call for a card."""

STANDARD_CARDS: Final = tuple(card for card in _CARDS.values() if card is not JOKER)
"""The 52 cards of a standard deck, each once, in their order (rank, then suit):
what :mod:`cardcore.decks` makes its decks of, without parsing a notation
(156 cards parsed cost some 0.6 million instructions of every start-up)."""

CARD_ORDER: Final = operator.attrgetter("_order")
"""The key that sorts cards in their order (rank, then suit), read in C:
``sorted(cards, key=CARD_ORDER)`` is ``sorted(cards)`` without a Python call
per comparison.

>>> [str(card) for card in sorted([parse_card("AS"), JOKER, parse_card("2H")], key=CARD_ORDER)]
['2H', 'AS', 'JK']
"""


_PRESENTATION: Final = ("\ufe0e", "\ufe0f")
"""The variation selectors a phone writes after a suit symbol ("A♥" + U+FE0F, to
draw it as an emoji): they print as nothing, and the card is the same."""


def card_list(cards: Iterable[object]) -> str:
    """Cards in a message, in the order given: ``KS, KH``; ``no card`` for none.

    >>> card_list([Card(13, "S"), Card(13, "H")]), card_list([])
    ('KS, KH', 'no card')
    """
    return ", ".join(map(str, cards)) or "no card"


def parse_card(text: object) -> Card:
    """Parse a standard card or joker from its transcript notation.

    The result is interned: equal cards parse to the same object.

    >>> parse_card("10h") is parse_card("TH"), parse_card("A\u2665\ufe0f")
    (True, Card('AH'))
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    cardcore.errors.CardNotationError: '1S' is not a card: write rank then suit, like "AS", "10H", "7D", "QC" (ranks 2-10, J, Q, K, A; suits S H D C), or "JK" for a joker where the deck has them
    """
    if isinstance(text, str):
        normal = text.upper()
        if normal and normal[-1] in _SUIT_SYMBOLS:
            normal = normal[:-1] + _SUIT_SYMBOLS[normal[-1]]
        if normal.startswith("T"):
            normal = "10" + normal[1:]
        card = _CARDS.get(normal)
        if card is not None:
            return card
        if text[-1:] in _PRESENTATION:  # a phone's suit: the symbol, then how to draw it
            try:
                return parse_card(text[:-1])
            except CardNotationError:
                pass  # refused as it is written
    message = (
        f"{quoted(text)} is not a card: write rank then suit, like \"AS\", \"10H\", \"7D\", \"QC\" "
        "(ranks 2-10, J, Q, K, A; suits S H D C), or \"JK\" for a joker where the deck has them"
    )
    raise CardNotationError(message + (_card_hint(text) if isinstance(text, str) else ""))


def _card_hint(text: str) -> str:
    """What a card written nearly right needs, as the end of its message (empty
    when it is not near a card): the rank first (``"H10"``, ``"♥10"``), no
    space (``"KD "``, ``"10 H"``), a suit (``"K"``).

    >>> _card_hint("h10"), _card_hint(" KD"), _card_hint("x")
    (' (write the rank first: 10H)', ' (without the space: KD)', '')
    >>> _card_hint("K")
    ' (a card needs a suit: KS, KH, KD or KC)'
    """
    if len(text) > 8:  # no card is written in more; a long text is not read again
        return ""
    plain = "".join(text.split())
    if plain != text and plain:
        try:
            return f" (without the space: {parse_card(plain)})"
        except CardNotationError:
            pass
    plain = "".join(char for char in plain if char not in _PRESENTATION)
    suit = suit_letter(plain[:1])
    rank = _rank_of(plain[1:]) if suit else None
    if rank is not None and rank != JOKER_RANK:
        return f" (write the rank first: {Card(rank, suit)})"
    rank = _rank_of(plain)
    if rank is not None and rank != JOKER_RANK:
        suits = [str(Card(rank, suit)) for suit in reversed(SUITS)]
        return f" (a card needs a suit: {', '.join(suits[:-1])} or {suits[-1]})"
    return ""


def suit_letter(text: object) -> str:
    """The suit ``text`` names, as its letter (S, H, D, C): written in either case
    or as a suit symbol (a phone's too, with its variation selector), as card
    notation takes it (an Auction bid's ``suit`` is read alike); "" if it names none.

    >>> suit_letter("s"), suit_letter("\u2665"), suit_letter("\u2665\ufe0f"), suit_letter("X")
    ('S', 'H', 'H', '')
    >>> suit_letter("SH")
    ''
    """
    if not isinstance(text, str):
        return ""
    if text[-1:] in _PRESENTATION and text[-2:-1] in _SUIT_SYMBOLS:  # a phone's symbol
        text = text[:-1]
    letter = _SUIT_SYMBOLS.get(text) or text.upper()
    return letter if letter in SUITS else ""


def parse_pairs_card(value: object) -> PairsCard:
    """Check a Pairs-deck card: a JSON integer from 1 to 10.

    >>> parse_pairs_card(7)
    7
    >>> parse_pairs_card("8")
    Traceback (most recent call last):
    ...
    cardcore.errors.CardNotationError: '8' is not a Pairs card: Pairs cards are the integers 1 to 10 (write 8, not "8")
    """
    if isinstance(value, int) and not isinstance(value, bool) and PAIRS_LOW <= value <= PAIRS_HIGH:
        return PairsCard(value)
    message = (f"{quoted(value)} is not a Pairs card: Pairs cards are the integers "
               f"{PAIRS_LOW} to {PAIRS_HIGH}")
    if isinstance(value, str):
        message += _string_hint(value)
    elif isinstance(value, float) and value.is_integer() and PAIRS_LOW <= value <= PAIRS_HIGH:
        message += f" (write {int(value)}, not {quoted(value)})"  # 2.0 or 2e0: whole, not int
    raise CardNotationError(message)


def _string_hint(text: str) -> str:
    """How to write a Pairs card given as a string: the same number without the
    quotes when it is a card (``"8"``: write 8), else only that it is a number
    (``"11"`` is no card unquoted either, so it is not offered)."""
    if len(text) <= 3 and text.isascii() and text.isdigit() and (  # never int() of 5000 digits
            PAIRS_LOW <= int(text) <= PAIRS_HIGH):
        return f" (write {int(text)}, not \"{text}\")"
    return " (a number, not a string)"
