"""Deck compositions."""

from __future__ import annotations

from collections import Counter

from cardcore.cards import Card, parse_card
from cardcore.decks import DOUBLE_DECK, PAIRS_DECK, STANDARD_DECK, STANDARD_WITH_JOKERS


def test_pairs_deck_is_triangular() -> None:
    """One 1, two 2s, ..., ten 10s: 55 cards."""
    assert PAIRS_DECK.size == 55
    assert Counter(PAIRS_DECK) == {n: n for n in range(1, 11)}


def test_standard_decks() -> None:
    """52 distinct cards; 54 with two jokers; 108 with every card twice and four jokers."""
    assert STANDARD_DECK.size == 52 and len(set(STANDARD_DECK)) == 52
    assert STANDARD_WITH_JOKERS.size == 54
    assert STANDARD_WITH_JOKERS.copies(parse_card("JK")) == 2
    assert DOUBLE_DECK.size == 108
    assert DOUBLE_DECK.copies(parse_card("7H")) == 2
    assert DOUBLE_DECK.copies(parse_card("JK")) == 4
    assert STANDARD_DECK.copies(parse_card("JK")) == 0


def test_every_card_of_a_deck_is_a_real_card() -> None:
    """Ranks 2-14 in four suits (and jokers)."""
    for card in DOUBLE_DECK.counts:
        assert isinstance(card, Card)
        assert card.is_joker or (2 <= card.rank <= 14 and card.suit in "CDHS")
