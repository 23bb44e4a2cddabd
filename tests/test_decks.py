"""Deck compositions."""

from __future__ import annotations

from collections import Counter

from cardcore.cards import JOKER, STANDARD_CARDS, Card, parse_card
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


def test_a_deck_holds_its_cards_in_rank_then_suit_order_with_the_jokers_last() -> None:
    """A deck's order is fixed (a dealer's seed deals from it): every card of a rank,
    clubs to spades, from 2 to the ace, the copies of a card side by side, the
    jokers last."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    once = [parse_card(rank + suit) for rank in ranks for suit in "CDHS"]
    assert list(STANDARD_DECK) == once
    assert list(STANDARD_WITH_JOKERS) == [*once, JOKER, JOKER]
    assert list(DOUBLE_DECK) == [card for card in once for _ in range(2)] + [JOKER] * 4
    assert list(STANDARD_CARDS) == once
