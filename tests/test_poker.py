"""Tests for cardcore.poker: exhaustive counts, a brute-force oracle, and the rules' corners."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from operator import attrgetter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.cards import JOKER_RANK, SUITS, Card, parse_card
from cardcore.poker import Category, HandRank, best_five, best_hand, rank_hand, usable_cards

DECK = tuple(Card(rank, suit) for rank in range(2, 15) for suit in SUITS)
JOKER = Card(JOKER_RANK, "")
DOUBLE_DECK = DECK + DECK + (JOKER,) * 4  # Auction with 4+ players (108 cards)


def cards(text: str) -> list[Card]:
    return [parse_card(word) for word in text.split()]


def rank(text: str, *, wheel: bool = True) -> HandRank:
    return rank_hand(cards(text), wheel=wheel)


# --- an independent oracle: classify 5 (or fewer) cards from scratch, then try every subset


def classify(hand: Sequence[Card], wheel: bool) -> tuple[int, ...]:
    """Key (category, ranks by group size then rank) of 1-5 cards that all play."""
    ranks = sorted((card.rank for card in hand), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [size for _, size in groups]
    by_group = tuple(r for r, _ in groups)
    full = len(hand) == 5
    flush = full and len({card.suit for card in hand}) == 1 and hand[0].suit != ""
    distinct = sorted(set(ranks))
    top = 0
    if full and len(distinct) == 5 and distinct[-1] <= 14:
        if distinct[-1] - distinct[0] == 4:
            top = distinct[-1]
        elif wheel and distinct == [2, 3, 4, 5, 14]:
            top = 5
    if top and flush:
        return (8, top)
    if shape[0] == 5:  # only with duplicates: four of a kind with a kicker of the same rank
        return (7, ranks[0], ranks[0])
    if shape[0] == 4:
        return (7, *by_group)
    if shape[:2] == [3, 2]:
        return (6, *by_group)
    if flush:
        return (5, *ranks)
    if top:
        return (4, top)
    if shape[0] == 3:
        return (3, *by_group)
    if shape[:2] == [2, 2]:
        return (2, *by_group)
    if shape[0] == 2:
        return (1, *by_group)
    return (0, *by_group)


def brute_best(hand: Sequence[Card], wheel: bool) -> tuple[int, ...]:
    if len(hand) <= 5:
        return classify(hand, wheel)
    return max(classify(five, wheel) for five in combinations(hand, 5))


def drawn(size: tuple[int, int], deck: Sequence[Card] = DECK) -> st.SearchStrategy[list[Card]]:
    """Cards dealt from ``deck`` (each position once; a double deck repeats cards)."""
    positions = st.integers(0, len(deck) - 1)
    indices = st.lists(positions, min_size=size[0], max_size=size[1], unique=True)
    return indices.map(lambda picked: [deck[i] for i in picked])


@st.composite
def crowded(draw: st.DrawFn) -> list[Card]:
    """5-10 cards from one or two suits and a window of ranks (plus aces): flushes, straights."""
    suits = draw(st.sets(st.sampled_from(SUITS), min_size=1, max_size=2))
    low = draw(st.integers(2, 9))
    ranks = {*range(low, low + 6), 14}
    deck = [card for card in DECK if card.suit in suits and card.rank in ranks]
    return draw(drawn((5, min(10, len(deck))), deck))


# --- exhaustive


@pytest.mark.slow
def test_all_five_card_hands_have_textbook_counts() -> None:
    """Every 5-card hand of one deck: the textbook category counts and 7,462 distinct values."""
    keys = Counter(map(attrgetter("key"), map(rank_hand, combinations(DECK, 5))))
    by_category: Counter[Category] = Counter()
    for key, count in keys.items():
        by_category[Category(key[0])] += count
    assert by_category == {
        Category.STRAIGHT_FLUSH: 40,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744,
        Category.FLUSH: 5_108,
        Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912,
        Category.TWO_PAIR: 123_552,
        Category.PAIR: 1_098_240,
        Category.HIGH_CARD: 1_302_540,
    }
    assert sum(keys.values()) == 2_598_960
    signature_length = {0: 1, 1: 1, 2: 2, 3: 1, 4: 1, 5: 5, 6: 2, 7: 1, 8: 1}
    values = {
        HandRank(key[0], key[1 : 1 + size], key[1 + size :])
        for key in keys
        for size in [signature_length[key[0]]]
    }
    assert len(keys) == len(values) == 7_462


# --- property tests against the oracle

# The oracle tests are the point of this file: run more of them than the loaded
# profile's default, and still scale with it (conftest.py's profiles).
MORE = settings(max_examples=4 * settings().max_examples)


@MORE
@given(drawn((7, 7)), st.booleans())
def test_best_of_seven_matches_brute_force(hand: list[Card], wheel: bool) -> None:
    """Best of 7 (Saint Poker: river + two) equals the best of the 21 five-card subsets."""
    assert best_hand(hand, wheel=wheel).key == brute_best(hand, wheel)


@MORE
@given(st.one_of(drawn((5, 10)), crowded()), st.booleans())
def test_best_of_five_to_ten_matches_brute_force(hand: list[Card], wheel: bool) -> None:
    """Best of 5 to 10 cards equals the brute-force best, and best_five shows cards of that rank."""
    best = best_hand(hand, wheel=wheel)
    assert best.key == brute_best(hand, wheel)
    shown_rank, five = best_five(hand, wheel=wheel)
    assert shown_rank == best == rank_hand(five, wheel=wheel)
    assert len(five) == 5 and not Counter(five) - Counter(hand)


@MORE
@given(drawn((1, 15), DOUBLE_DECK), st.booleans())
def test_double_deck_hands_match_brute_force(hand: list[Card], wheel: bool) -> None:
    """With jokers and duplicates: as given, and with usable_only (no jokers, one copy each)."""
    assert best_hand(hand, wheel=wheel).key == brute_best(hand, wheel)
    usable = list(dict.fromkeys(card for card in hand if card != JOKER))
    if not usable:
        with pytest.raises(ValueError):
            best_hand(hand, wheel=wheel, usable_only=True)
        return
    best = best_hand(hand, wheel=wheel, usable_only=True)
    assert best.key == brute_best(usable, wheel)
    shown_rank, shown = best_five(hand, wheel=wheel, usable_only=True)
    assert shown_rank == best == rank_hand(shown, wheel=wheel)
    assert len(shown) == min(5, len(usable)) and not Counter(shown) - Counter(usable)


# --- the wheel


def test_wheel_on_is_the_lowest_straight() -> None:
    """With the wheel, A-2-3-4-5 is a 5-high straight: below 6-high, above any three of a kind."""
    assert rank("AS 2D 3C 4H 5S").key == (Category.STRAIGHT, 5)
    assert rank("AS 2D 3C 4H 5S") < rank("2D 3C 4H 5S 6D")
    assert rank("AS 2D 3C 4H 5S") > rank("AS AD AC KH QS")


def test_wheel_on_is_the_lowest_straight_flush() -> None:
    """The steel wheel is the lowest straight flush and still beats four aces."""
    steel = rank("AH 2H 3H 4H 5H")
    assert steel.key == (Category.STRAIGHT_FLUSH, 5)
    assert steel < rank("2H 3H 4H 5H 6H")
    assert steel > rank("AS AD AC AH KS")


def test_wheel_off_makes_ace_only_high() -> None:
    """Without the wheel A-2-3-4-5 is ace-high (a flush if suited); broadway still counts."""
    assert rank("AS 2D 3C 4H 5S", wheel=False).key == (Category.HIGH_CARD, 14, 5, 4, 3, 2)
    assert rank("AH 2H 3H 4H 5H", wheel=False).key == (Category.FLUSH, 14, 5, 4, 3, 2)
    assert rank("10S JD QC KH AS", wheel=False).key == (Category.STRAIGHT, 14)
    seven = cards("AS 2D 3C 4H 5S 9C 9D")
    assert best_hand(seven, wheel=False).category is Category.PAIR
    assert best_hand(seven).key == (Category.STRAIGHT, 5)


def test_straights_do_not_wrap_around() -> None:
    """Q-K-A-2-3 is no straight: the ace is low only in the wheel."""
    assert rank("QS KD AC 2H 3S").category is Category.HIGH_CARD


def test_best_hand_prefers_six_high_over_wheel() -> None:
    """A-2-3-4-5-6 plays as the 6-high straight."""
    assert best_hand(cards("AS 2D 3C 4H 5S 6D 9C")).key == (Category.STRAIGHT, 6)


# --- ranks and kickers


@pytest.mark.parametrize(
    ("low", "high"),
    [
        ("KS KD QH 7C 2S", "KH KC QS 7D 3C"),  # fifth card decides
        ("KS KD QH 7C 2S", "AH AC 3S 4D 5C"),  # the pair before any kicker
        ("9S 9D 4H 4C AS", "9H 9C 5S 5D 2C"),  # second pair before the kicker
        ("9S 9D 4H 4C QS", "9H 9C 4S 4D KC"),  # two pair: the kicker
        ("7S 7D 7H 2C 3S", "7C 7S 7D 2H 4C"),  # trips kicker (two decks)
        ("5S 5D 5H KC KS", "6C 6S 6D 2H 2C"),  # full house: triple first
        ("AS JS 8S 6S 2S", "AH JH 8H 6H 3H"),  # flush: all five ranks
        ("AS KD QC JH 9S", "2S 2D 3C 4H 5S"),  # high card below any pair
        ("2S 2D 2C 2H 3S", "2S 2D 2C 2H 4S"),  # four of a kind: the kicker
    ],
)
def test_higher_ranks_and_kickers_win(low: str, high: str) -> None:
    """Within a category the signature decides, then the kickers, in order."""
    assert rank(low) < rank(high)
    assert rank(high) > rank(low)


def test_suits_never_count() -> None:
    """Hands that differ only in suits are equal values with equal hashes."""
    clubs_spades, diamonds_hearts = rank("AC KC 9S 7S 3C"), rank("AD KH 9D 7H 3H")
    assert clubs_spades == diamonds_hearts
    assert hash(clubs_spades) == hash(diamonds_hearts)
    assert rank("AS KS QS JS 9S") == rank("AC KC QC JC 9C")
    assert best_hand(cards("AS KS QD JD 9C 2H 3H")) == best_hand(cards("AC KH QH JC 9S 2D 3S"))


def test_best_of_ten_finds_flush_and_full_house_together() -> None:
    """With 10 cards a full house beats a flush held at the same time; two flushes compare."""
    hand = cards("AS KS 9S 7S 3S KH KD 3H 2C 4D")
    assert best_hand(hand).key == (Category.FULL_HOUSE, 13, 3)
    two_suits = cards("AS JS 8S 6S 2S AH KH 8H 6H 3H")
    assert best_hand(two_suits).key == (Category.FLUSH, 14, 13, 8, 6, 3)


# --- partial hands (Auction, AU-5.1)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("KD", (Category.HIGH_CARD, 13)),
        ("KD 9C", (Category.HIGH_CARD, 13, 9)),
        ("KD KC", (Category.PAIR, 13)),
        ("7D 7C 7S", (Category.THREE_OF_A_KIND, 7)),
        ("7D 7C 7S 7H", (Category.FOUR_OF_A_KIND, 7)),
        ("7D 7C 2S 2H", (Category.TWO_PAIR, 7, 2)),
        ("KS KD QH 7C", (Category.PAIR, 13, 12, 7)),
        ("JS QS KS AS", (Category.HIGH_CARD, 14, 13, 12, 11)),  # no 4-card straight or flush
    ],
)
def test_partial_hands_rank_as_usual(text: str, key: tuple[int, ...]) -> None:
    """One to four cards keep their category; straights and flushes need five."""
    assert rank(text).key == key
    assert best_hand(cards(text)) == rank(text)


def test_missing_kicker_loses_to_any_kicker() -> None:
    """At equal category and ranks, a shorter hand loses; a better signature still wins."""
    assert rank("KS KD QH 7C") < rank("KH KC QS 7D 2C")
    assert rank("7D 7C 2S 2H") < rank("7S 7H 2D 2C 3D")
    assert rank("AS") < rank("AD 2C")
    assert rank("AS AD") > rank("KS KD QH JC 9D")
    assert rank("7D 7C 7S 7H") > rank("KH KC KS QD QC")


def test_rank_hand_takes_one_to_five_cards() -> None:
    """rank_hand refuses an empty hand and more than five cards."""
    with pytest.raises(ValueError):
        rank_hand([])
    with pytest.raises(ValueError):
        rank_hand(cards("2S 3S 4S 5S 6S 7S"))
    with pytest.raises(ValueError):
        best_hand([])


# --- usable cards and jokers


def test_usable_only_drops_jokers_and_second_copies() -> None:
    """AU-5.1: a joker and the second of two identical cards cannot be used."""
    hand = cards("AS AS AH KD KD JK")
    assert best_hand(hand).key == (Category.FULL_HOUSE, 14, 13)
    assert best_hand(hand, usable_only=True).key == (Category.PAIR, 14, 13)
    assert usable_cards(hand) == tuple(cards("AS AH KD"))
    assert best_hand(cards("JK JK JK 5C"), usable_only=True).key == (Category.HIGH_CARD, 5)
    assert best_five(cards("JK JK JK 5C"), usable_only=True)[1] == (parse_card("5C"),)
    with pytest.raises(ValueError):
        best_hand(cards("JK JK"), usable_only=True)


def test_jokers_group_only_with_jokers() -> None:
    """AU-2.5: jokers rank above aces in groups, and make no straight or flush."""
    assert rank("JK JK AS").key == (Category.PAIR, JOKER_RANK, 14)
    assert rank("JK JK AS AD").key == (Category.TWO_PAIR, JOKER_RANK, 14)
    assert rank("JS QS KS AS JK").key == (Category.HIGH_CARD, JOKER_RANK, 14, 13, 12, 11)


# --- best_five


def test_best_five_lays_out_the_hand() -> None:
    """The five cards come signature first; a wheel ends with its ace."""
    _, wheel = best_five(cards("9C AS 2D 3C 4H 5S KD"))
    assert wheel == tuple(cards("5S 4H 3C 2D AS"))
    _, two_pair = best_five(cards("9C 9S 4D 4H AS 2D 3C"))
    assert two_pair == tuple(cards("9S 9C 4H 4D AS"))
    flush_rank, flush = best_five(cards("AS JS 8S 6S 2S 3S KH"))
    assert flush_rank.key == (Category.FLUSH, 14, 11, 8, 6, 3)
    assert flush == tuple(cards("AS JS 8S 6S 3S"))


# --- the HandRank value


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("KS KH KD 5C 5S", "full house, kings over fives"),
        ("3S 4D 5C 6H 7S", "straight, 7 high"),
        ("AS AD 9C 9H 4S", "two pair, aces and nines, kicker 4"),
        ("AS KD 9C 7H 3S", "high card A, K, 9, 7, 3"),
        ("AH 2H 3H 4H 5H", "straight flush, 5 high"),
        ("10S 10D 10C 10H 2S", "four of a kind, tens, kicker 2"),
        ("AS JS 8S 6S 2S", "flush, A, J, 8, 6, 2"),
        ("6S 6D 6C KH 2S", "three of a kind, sixes, kickers K, 2"),
        ("QS QD 8C 7H 2S", "pair of queens, kickers 8, 7, 2"),
        ("JK JK", "pair of jokers"),
        ("7D 7C 7S", "three of a kind, sevens"),
    ],
)
def test_str_reads_like_a_card_player(text: str, words: str) -> None:
    """str(HandRank) names the category and the ranks that matter."""
    assert str(rank(text)) == words


def test_category_names() -> None:
    """Categories print their human names and order by strength."""
    assert [str(c) for c in Category][:3] == ["high card", "one pair", "two pair"]
    assert str(Category.STRAIGHT_FLUSH) == "straight flush"
    assert sorted(Category) == list(Category)


def test_hand_rank_is_a_frozen_value() -> None:
    """HandRank exposes its parts, round-trips through repr, pickle and copy, and is immutable."""
    value = rank("AS AD 9C 9H 4S")
    assert (value.category, value.ranks, value.kickers) == (Category.TWO_PAIR, (14, 9), (4,))
    assert eval(repr(value)) == value
    assert pickle.loads(pickle.dumps(value)) == value == copy.deepcopy(value)
    with pytest.raises(AttributeError):
        value.key = (0, 2)
    assert value != value.key
    assert len({value, rank("AH AC 9S 9D 4C")}) == 1


def test_hand_rank_checks_its_parts() -> None:
    """The constructor refuses a signature or kickers that do not fit the category."""
    with pytest.raises(ValueError):
        HandRank(Category.FULL_HOUSE, (13,))
    with pytest.raises(ValueError):
        HandRank(Category.FOUR_OF_A_KIND, (13,), (2, 3))
    with pytest.raises(ValueError):
        HandRank(Category.PAIR, (1,))


def test_import_builds_no_tables() -> None:
    """Importing the module stays cheap: the lookup tables wait for the first hand."""
    code = "import cardcore.poker as p; assert p._tables.cache_info().currsize == 0"
    subprocess.run([sys.executable, "-c", code], check=True)
