"""Deck compositions: which cards exist and how many copies of each.

The composition bounds card accounting (C-1): a card can be known in at most as
many places as the deck holds copies of it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import Any, Generic, TypeVar

import attrs

from cardcore.cards import JOKER, STANDARD_CARDS, Card, PairsCard
from cardcore.frozen import FrozenMap

__all__ = [
    "DOUBLE_DECK",
    "PAIRS_DECK",
    "STANDARD_DECK",
    "STANDARD_WITH_JOKERS",
    "Deck",
]

C = TypeVar("C", bound=Hashable)


def _frozen_counts(counts: Mapping[C, int]) -> Mapping[C, int]:
    return FrozenMap(counts)


@attrs.frozen(eq=False)
class Deck(Generic[C]):
    """A named multiset of cards.

    >>> PAIRS_DECK.size, PAIRS_DECK.copies(PairsCard(7)), PAIRS_DECK.copies(PairsCard(11))
    (55, 7, 0)
    >>> STANDARD_DECK.size, STANDARD_WITH_JOKERS.size, DOUBLE_DECK.size
    (52, 54, 108)
    """

    name: str
    counts: Mapping[C, int] = attrs.field(converter=_frozen_counts)

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def copies(self, card: C) -> int:
        """How many copies of ``card`` the deck holds (0 if it holds none)."""
        return self.counts.get(card, 0)

    def __iter__(self) -> Iterator[C]:
        """Every physical card, copies repeated, in a fixed order."""
        for card, count in self.counts.items():
            for _ in range(count):
                yield card

    def __reduce__(self) -> tuple[Callable[..., Deck[Any]], tuple[Any, ...]]:
        """A deck is equal only to itself (states compare theirs cheaply), so one
        of the decks below is pickled by name and comes back as itself."""
        if _DECKS.get(self.name) is self:
            return _deck_named, (self.name,)
        return Deck, (self.name, dict(self.counts))

    def __copy__(self) -> Deck[C]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Deck[C]:
        return self


def _standard(copies: int, jokers: int) -> dict[Card, int]:
    """The counts of a standard deck: ``copies`` of each card in their order
    (rank, then suit), then ``jokers`` jokers."""
    counts = dict.fromkeys(STANDARD_CARDS, copies)
    if jokers:
        counts[JOKER] = jokers
    return counts


PAIRS_DECK: Deck[PairsCard] = Deck("Pairs deck", {PairsCard(n): n for n in range(1, 11)})
"""The triangular deck of Goblin and Orc Poker: one 1, two 2s, ..., ten 10s."""

STANDARD_DECK: Deck[Card] = Deck("standard deck", _standard(1, 0))
STANDARD_WITH_JOKERS: Deck[Card] = Deck("standard deck with two jokers", _standard(1, 2))
DOUBLE_DECK: Deck[Card] = Deck("two standard decks with jokers", _standard(2, 4))

_DECKS: dict[str, Deck[Any]] = {deck.name: deck for deck in (
    PAIRS_DECK, STANDARD_DECK, STANDARD_WITH_JOKERS, DOUBLE_DECK)}


def _deck_named(name: str) -> Deck[Any]:
    """The deck of that name (how a pickled one comes back)."""
    return _DECKS[name]
