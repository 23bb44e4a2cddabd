"""Auction bids as values: their order, priority and naming (AU-2.7 to AU-2.9),
and what the cards of a win form (AU-7.5)."""

from __future__ import annotations

import pytest

from cardcore.cards import Card, parse_card
from cardcore.errors import RuleViolation
from cardcore.games.auction.bids import Bid, named_bid, spelled_bid
from cardcore.games.auction.forms import fault, made_bid
from cardcore.poker import Category

SINGLE, PAIR, TWO_PAIR, THREE = (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR,
                                 Category.THREE_OF_A_KIND)
STRAIGHT, FLUSH, FULL_HOUSE = Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE
FOUR, STRAIGHT_FLUSH = Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH


def cards(text: str) -> list[Card]:
    return [parse_card(card) for card in text.split()]


def test_kinds_rank_in_the_order_of_au_2_2() -> None:
    """Two pair ranks below three of a kind, four of a kind below a straight flush."""
    order = [Bid(SINGLE, (14,), "S"), Bid(PAIR, (15,)), Bid(TWO_PAIR, (14, 13)),
             Bid(THREE, (2,)), Bid(STRAIGHT, (14,)), Bid(FLUSH, (14, 13, 12, 11, 9)),
             Bid(FULL_HOUSE, (14, 13)), Bid(FOUR, (2,)), Bid(STRAIGHT_FLUSH, (5,))]
    keys = [bid.key for bid in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_within_a_kind_the_kind_alone_is_beaten_by_any_ranked_bid() -> None:
    """AU-2.8: a straight to 5 beats "a straight"; signatures compare rank by rank."""
    assert Bid(STRAIGHT).key < Bid(STRAIGHT, (5,)).key < Bid(STRAIGHT, (6,)).key
    assert Bid(FLUSH, (13, 9, 8, 7, 2)).key < Bid(FLUSH, (13, 10, 3, 2, 1)).key
    assert Bid(FULL_HOUSE, (5, 14)).key < Bid(FULL_HOUSE, (6, 2)).key
    assert Bid(TWO_PAIR, (9, 8)).key < Bid(TWO_PAIR, (10, 2)).key


def test_single_cards_rank_alone_below_any_suit_clubs_lowest() -> None:
    """AU-2.4, AU-2.8: rank alone < clubs < diamonds < hearts < spades < the next rank."""
    suits = [Bid(SINGLE, (12,))] + [Bid(SINGLE, (12,), suit) for suit in "CDHS"]
    keys = [bid.key for bid in suits] + [Bid(SINGLE, (13,)).key]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_jokers_rank_above_aces() -> None:
    """AU-2.4: a pair of jokers beats a pair of aces."""
    assert Bid(PAIR, (15,)).key > Bid(PAIR, (14,)).key


def test_priority_is_by_rank_for_groups_and_by_kind_otherwise() -> None:
    """AU-2.9: a single's rank with or without suit; a pair's rank; a straight in any form."""
    assert Bid(SINGLE, (12,)).priority == Bid(SINGLE, (12,), "H").priority
    assert Bid(PAIR, (12,)).priority != Bid(PAIR, (13,)).priority
    assert Bid(PAIR, (12,)).priority != Bid(SINGLE, (12,)).priority
    assert Bid(STRAIGHT).priority == Bid(STRAIGHT, (9,)).priority
    assert Bid(STRAIGHT).priority != Bid(STRAIGHT_FLUSH).priority


def test_naming_a_bid_reads_card_notation() -> None:
    """AU-2.7: T is 10, lower case is accepted, ``rank`` names one rank."""
    assert named_bid("pair", "t", None, None, None, True) == Bid(PAIR, (10,))
    assert named_bid("straight", "9", None, None, None, True) == Bid(STRAIGHT, (9,))
    assert named_bid("two_pair", None, ["5", "K"], None, None, True) == Bid(TWO_PAIR, (13, 5))
    assert named_bid("full_house", None, ["5", "K"], None, None, True) == Bid(FULL_HOUSE, (5, 13))
    assert named_bid("flush", None, None, None, None, True) == Bid(FLUSH)


@pytest.mark.parametrize(("kind", "rank", "ranks", "suit", "rule", "path"), [
    ("five", "K", None, None, "AU-2.2", ("kind",)),
    ("pair", None, None, None, "AU-2.7", ()),
    ("pair", None, [], None, "AU-2.7", ("ranks",)),
    ("pair", None, ["9", "8"], None, "AU-2.7", ("ranks",)),
    ("pair", "1", None, None, "AU-2.7", ("rank",)),
    ("pair", "K", ["K"], None, "AU-2.7", ("ranks",)),
    ("flush", None, ["K", "Q"], None, "AU-2.7", ("ranks",)),
    ("full_house", None, ["K", "K"], None, "AU-2.7", ("ranks",)),
    ("straight", None, ["4"], None, "AU-2.7", ("ranks",)),
    ("straight", None, ["JK"], None, "AU-2.5", ("ranks",)),
    ("single", "JK", None, "S", "AU-2.5", ("suit",)),
    ("pair", "K", None, "S", "AU-2.7", ("suit",)),
    ("single", "K", None, "S", "AU-2.7", ("suit",)),
    ("single", "K", None, "X", "AU-2.7", ("suit",)),
])
def test_a_wrongly_named_bid_cites_its_rule(kind: str, rank: str | None,
                                            ranks: list[str] | None, suit: str | None,
                                            rule: str, path: tuple[str, ...]) -> None:
    """AU-2.2, AU-2.5, AU-2.7, AU-7.2, AU-7.4: each naming mistake at its field."""
    with pytest.raises(RuleViolation) as caught:
        named_bid(kind, rank, ranks, suit, None, True)
    assert (caught.value.rule, caught.value.path) == (rule, path)


@pytest.mark.parametrize(("kind", "ranks", "path", "message"), [
    ("pair", None, (), 'a pair bid names its rank, and this one names none: write it, like '
                       '"rank": "9"'),
    ("single", None, (), 'a single bid names its rank, and this one names none: write it, '
                         'like "rank": "9"'),
    ("three", [], ("ranks",), 'a three bid names its rank, and ranks is empty: write it, like '
                              '"rank": "9"'),
    ("four", ["k", "K"], ("ranks",), 'a four bid names one rank, not 2: write it alone, like '
                                     '"rank": "K"'),
])
def test_a_bid_without_its_one_rank_is_told_how_to_write_it(
        kind: str, ranks: list[str] | None, path: tuple[str, ...], message: str) -> None:
    """AU-2.7: a pair (single, three, four) bid with no rank read "/ranks: a pair
    bid names its rank: one rank, no more", at a key the event does not have and
    with "no more" where none was given. With neither field it is told at the
    event, that it names none; an empty or longer ``ranks`` at that field; each
    with the field to write."""
    with pytest.raises(RuleViolation) as caught:
        named_bid(kind, None, ranks, None, None, True)
    assert (caught.value.rule, caught.value.path, caught.value.message) == ("AU-2.7", path,
                                                                            message)


@pytest.mark.parametrize(("kind", "rank", "ranks", "hint"), [
    ("pairs", "K", None, "(did you mean 'pair'?)"),
    ("Straight", None, None, "(did you mean 'straight'?)"),
    ("single", "8H", None, "(8H is a card: a bid names its rank, '8', and a single names a "
                           "suit in the field suit, 'H')"),
    ("single", "8\u2665", None, "(8\u2665 is a card: a bid names its rank, '8', and a single "
                                "names a suit in the field suit, 'H')"),
    ("two_pair", None, ["KS", "9"], "(KS is a card: a bid names its rank, 'K',"),
])
def test_a_mistyped_kind_or_a_card_for_a_rank_is_told_what_was_meant(
        kind: str, rank: str | None, ranks: list[str] | None, hint: str) -> None:
    """A kind close to one of AU-2.2's gets a "did you mean"; a card written where a
    rank is named is told the rank and where a single's suit goes."""
    with pytest.raises(RuleViolation) as caught:
        named_bid(kind, rank, ranks, None, None, True)
    assert hint in caught.value.message


@pytest.mark.parametrize(("kind", "meant"), [
    ("three_of_a_kind", "three"), ("Four-of-a-kind", "four"), ("high card", "single"),
    ("one_pair", "pair"),
])
def test_a_kind_written_as_its_poker_hand_is_told_the_bid_kind(kind: str, meant: str) -> None:
    """A kind written by the hand's full name (``three_of_a_kind``, too far from
    ``three`` in spelling for a guess), in any case and with ``-`` or spaces, is
    told the kind AU-2.2 names it by (``three``)."""
    with pytest.raises(RuleViolation) as caught:
        named_bid(kind, "9", None, None, None, True)
    assert caught.value.message.endswith(f"(did you mean {meant!r}?)"), caught.value.message


def test_a_suit_is_named_over_a_single_of_the_same_rank() -> None:
    """AU-7.2: over a standing single K a suit may be named; over a single Q it may not."""
    assert named_bid("single", "K", None, "h", Bid(SINGLE, (13,)), True) == Bid(SINGLE, (13,), "H")
    with pytest.raises(RuleViolation, match="a suit is named only when the standing bid is a "
                       "single K") as caught:
        named_bid("single", "K", None, "H", Bid(SINGLE, (12,)), True)
    assert caught.value.rule == "AU-2.7"


@pytest.mark.parametrize(("kind", "spellings", "bid"), [
    ("pair", [("K", None), (None, ["K"]), ("k", None)], Bid(PAIR, (13,))),
    ("straight", [("9", None), (None, ["9"])], Bid(STRAIGHT, (9,))),
    ("straight", [("5", None), (None, ["5"])], Bid(STRAIGHT, (5,))),
    ("two_pair", [(None, ["K", "5"]), (None, ["5", "K"])], Bid(TWO_PAIR, (13, 5))),
    ("flush", [(None, ["K", "9", "5", "3", "2"]), (None, ["2", "9", "K", "3", "5"])],
     Bid(FLUSH, (13, 9, 5, 3, 2))),
    ("two_pair", [(None, None), (None, [])], Bid(TWO_PAIR)),
])
def test_every_spelling_of_one_bid_is_spelled_as_that_bid(
        kind: str, spellings: list[tuple[str | None, list[str] | None]], bid: Bid) -> None:
    """``rank`` or ``ranks`` for one rank, a two pair's or a flush's ranks in any
    order, no ranks or none listed: one bid, whatever the table (a straight to 5
    as the wheel would allow it, so either spelling is allowed or refused alike)."""
    assert [spelled_bid(kind, rank, ranks, None) for rank, ranks in spellings] == (
        [bid] * len(spellings))


def test_a_bid_that_names_otherwise_is_spelled_otherwise() -> None:
    """A full house names the triple first (AU-2.7): kings over fives is not fives
    over kings. A suit is read over any standing bid, and a naming the rules
    refuse is no bid at all (None)."""
    assert spelled_bid("full_house", None, ["K", "5"], None) == Bid(FULL_HOUSE, (13, 5))
    assert spelled_bid("full_house", None, ["5", "K"], None) == Bid(FULL_HOUSE, (5, 13))
    assert spelled_bid("single", "K", None, "h") == Bid(SINGLE, (13,), "H")
    assert spelled_bid("pair", "K", ["K"], None) is None
    assert spelled_bid("two_pair", None, ["K", "K"], None) is None
    assert spelled_bid("single", "JK", None, "S") is None


@pytest.mark.parametrize("suit", ["S", "s", "\u2660", "\u2664", "\u2660\ufe0f"])
def test_a_bids_suit_is_read_as_card_notation_reads_a_suit(suit: str) -> None:
    """A single's suit may be written as a card's is (either case, or the suit's
    symbol, filled or white, a phone's with its variation selector too); anything
    else is no suit (AU-2.7)."""
    assert named_bid("single", "K", None, suit, Bid(SINGLE, (13,)), True) == Bid(SINGLE, (13,), "S")


def test_the_wheel_option_decides_a_straight_to_5() -> None:
    """AU-7.3: with the wheel a straight may have 5 on top; without it 6 is the lowest."""
    assert named_bid("straight", "5", None, None, None, True) == Bid(STRAIGHT, (5,))
    with pytest.raises(RuleViolation, match="the wheel is off"):
        named_bid("straight", "5", None, None, None, False)
    assert fault(cards("AS 2D 3C 4H 5S"), Bid(STRAIGHT, (5,)), True) is None
    found = fault(cards("AS 2D 3C 4H 5S"), Bid(STRAIGHT), False)
    assert found is not None and found.rule == "AU-2.2"


@pytest.mark.parametrize(("text", "bid", "rule"), [
    ("KS KH", Bid(PAIR, (13,)), None),
    ("9H 5H 8H 6H 7H", Bid(FLUSH), None),
    ("9H 5H 8H 6H 7H", Bid(STRAIGHT, (9,)), None),
    ("KS KH QD", Bid(PAIR, (13,)), "AU-2.3"),
    ("KS", Bid(PAIR, (13,)), "AU-2.2"),
    ("KS QH", Bid(PAIR, (13,)), "AU-2.2"),
    ("KS JK", Bid(PAIR, (13,)), "AU-2.5"),
    ("JK JK", Bid(PAIR, (15,)), None),
    ("KS KS", Bid(PAIR, (13,)), "AU-2.6"),
    ("QS QH", Bid(PAIR, (13,)), "AU-2.7"),
    ("KD", Bid(SINGLE, (13,), "H"), "AU-2.7"),
    ("KH", Bid(SINGLE, (13,), "H"), None),
    ("KS KH KD 5S 5C", Bid(FULL_HOUSE, (5, 13)), "AU-2.7"),
    ("KS KH 5D 5S", None, None),
    ("KS KH 5D 6S", None, "AU-2.2"),
    ("KS KH 5D 5S 6C 6D", None, "AU-2.3"),
    ("JK", None, None),
    ("JK", Bid(SINGLE, (15,)), None),
    ("JK", Bid(SINGLE, (14,)), "AU-2.7"),
    ("JK JK", Bid(PAIR, (13,)), "AU-2.7"),
    ("JK 5H", None, "AU-2.5"),
    ("", None, "AU-2.2"),
])
def test_what_the_cards_of_a_win_form(text: str, bid: Bid | None, rule: str | None) -> None:
    """AU-7.5: the cards form exactly the standing bid (a straight flush is a
    straight and a flush), or without a recorded bid some bid of their count."""
    found = fault(cards(text), bid, True)
    assert (found.rule if found else None) == rule
    assert found is None or found.path == ("cards",)


def test_the_bid_cards_make_without_a_recorded_bid() -> None:
    """Four cards of one rank are four of a kind; the strongest kind is named."""
    assert made_bid(cards("7S 7H 7D 7C"), True) == Bid(FOUR, (7,))
    assert made_bid(cards("JK JK"), True) == Bid(PAIR, (15,))
    assert made_bid(cards("JK"), True) == Bid(SINGLE, (15,))


def test_one_card_takes_the_verb_in_the_singular() -> None:
    """AU-2.7, AU-2.2: one card read "KH make single KH" and "KH do not form one
    pair"; one card "makes" and "does not form", two or more "make"."""
    made = fault(cards("KH"), Bid(SINGLE, (10,)), True)
    assert made is not None
    assert made.message == "KH makes single KH, not the standing bid, single 10"
    missed = fault(cards("KH"), Bid(PAIR, (13,)), True)
    assert missed is not None
    assert missed.message == "KH does not form one pair, the standing bid's kind (2 cards)"
    made = fault(cards("QS QH"), Bid(PAIR, (13,)), True)
    assert made is not None and made.message.startswith("QS, QH make pair of queens, ")


@pytest.mark.parametrize(("kind", "ranks", "wheel", "message"), [
    ("straight", ["9", "8", "7", "6", "5"], True,
     'a straight bid names the kind alone or its top card, not 5 ranks: for 9, 8, 7, 6, 5, '
     'write "rank": "9" (or "ranks": ["9"])'),
    ("straight_flush", ["A", "2", "3", "4", "5"], True,
     'a straight_flush bid names the kind alone or its top card, not 5 ranks: for A, 2, 3, '
     '4, 5, write "rank": "5" (or "ranks": ["5"])'),
    ("straight", ["A", "2", "3", "4", "5"], False,
     'a straight bid names the kind alone or its top card, not 5 ranks: write one, like '
     '"rank": "9" (or "ranks": ["9"])'),
    ("straight", ["K", "Q"], True,
     'a straight bid names the kind alone or its top card, not 2 ranks: write one, like '
     '"rank": "9" (or "ranks": ["9"])'),
    ("flush", ["K", "Q"], True,
     "a flush bid names the kind alone or its whole rank signature, all five ranks from the "
     "top, not 2 ranks"),
])
def test_a_straight_named_by_its_cards_is_told_its_top_card(
        kind: str, ranks: list[str], wheel: bool, message: str) -> None:
    """AU-2.7: a straight bid naming its five ranks read "5 rank(s) are not a
    signature", which does not say what a straight names: its top card, written
    as the rank (for the five ranks of one straight, that straight's top; the
    wheel's is 5, and without the wheel they are no straight). Other kinds say
    how many ranks were named without "rank(s)"."""
    with pytest.raises(RuleViolation) as caught:
        named_bid(kind, None, ranks, None, None, wheel)
    assert (caught.value.rule, caught.value.path) == ("AU-2.7", ("ranks",))
    assert caught.value.message == message


@pytest.mark.parametrize(("kind", "ranks", "again"), [
    ("flush", ["A", "A", "K", "Q", "J"], "A is named twice"),
    ("flush", ["9", "9", "9", "5", "5"], "9 is named 3 times, 5 twice"),
    ("two_pair", ["K", "k"], "K is named twice"),
])
def test_a_rank_named_twice_is_named(kind: str, ranks: list[str], again: str) -> None:
    """AU-2.7: a flush bid of A, A, K, Q, J read only "the ranks of a flush differ
    from each other"; the message says which rank is named more than once."""
    with pytest.raises(RuleViolation) as caught:
        named_bid(kind, None, ranks, None, None, True)
    assert caught.value.message == f"the ranks of a {kind} differ from each other: {again}"


def test_cards_that_miss_the_standing_kind_are_told_it_in_plain_words() -> None:
    """AU-2.2: "do not form one pair" (it read "a one pair"), "a straight"."""
    missed = fault(cards("9S 8H"), Bid(PAIR), True)
    assert missed is not None
    assert missed.message == "9S, 8H do not form one pair, the standing bid's kind (2 cards)"
    missed = fault(cards("9S 8H 7D 6C 4S"), Bid(STRAIGHT), True)
    assert missed is not None and "do not form a straight, " in missed.message
