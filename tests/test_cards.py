"""Card notation (TRANSCRIPT.md "Cards")."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardcore.cards import (
    JOKER_RANK,
    Card,
    CardNotationError,
    parse_card,
    parse_pairs_card,
    parse_rank,
    rank_text,
    suit_letter,
    suit_text,
)
from cardcore.decks import STANDARD_WITH_JOKERS


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("AS", "AS"), ("as", "AS"), ("10H", "10H"), ("TH", "10H"), ("th", "10H"),
     ("7♦", "7D"), ("q♣", "QC"), ("K♠", "KS"), ("A♥", "AH"), ("JK", "JK"), ("jk", "JK"),
     ("A\u2665\ufe0f", "AH"), ("7\u2666\ufe0e", "7D")],
)
def test_every_input_form_parses_to_the_canonical_card(text: str, canonical: str) -> None:
    """T for 10, lower case and suit symbols are accepted (a phone's too, which
    writes a variation selector after the symbol); output is canonical."""
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["1S", "11H", "AX", "A", "", " AS", "AS ", "10", "?", "JKS", "0C",
                                  "A\ufe0f", "\ufe0f"])
def test_bad_card_notation_is_refused_with_the_input_quoted(text: str) -> None:
    """Anything else is a CardNotationError that quotes the input and says what is allowed."""
    with pytest.raises(CardNotationError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)
    assert "rank then suit" in str(caught.value)


@pytest.mark.parametrize(("text", "hint"), [
    ("♥10", "(write the rank first: 10H)"), ("h10", "(write the rank first: 10H)"),
    ("HK", "(write the rank first: KH)"), ("♥️Q", "(write the rank first: QH)"),
    ("10 H", "(without the space: 10H)"), ("KD ", "(without the space: KD)"),
    (" 7c", "(without the space: 7C)"),
    ("K", "(a card needs a suit: KS, KH, KD or KC)"),
    ("t", "(a card needs a suit: 10S, 10H, 10D or 10C)"),
])
def test_a_card_written_nearly_right_is_told_what_it_needs(text: str, hint: str) -> None:
    """The usual slips get the fix, not only the notation: a suit first, a space,
    a rank without its suit."""
    with pytest.raises(CardNotationError) as caught:
        parse_card(text)
    assert str(caught.value).endswith(hint), caught.value


@pytest.mark.parametrize("text", ["1S", "AX", "KSH", "JK JK", "S", "x" * 20])
def test_a_card_not_nearly_right_gets_no_fix(text: str) -> None:
    """No guess where none is close: the message ends with the notation."""
    with pytest.raises(CardNotationError) as caught:
        parse_card(text)
    assert str(caught.value).endswith("where the deck has them"), caught.value


def test_non_strings_are_not_cards() -> None:
    """A number or null is not a standard card."""
    for value in (7, None, ["AS"]):
        with pytest.raises(CardNotationError):
            parse_card(value)


@pytest.mark.parametrize(
    ("parse", "value", "start"),
    [(parse_pairs_card, True, "true is not a Pairs card"),
     (parse_pairs_card, None, "null is not a Pairs card"),
     (parse_pairs_card, [1, 2], "[1, 2] is not a Pairs card"),
     (parse_card, False, "false is not a card"),
     (parse_card, {"rank": "A", "suit": "S"}, '{"rank": "A", "suit": "S"} is not a card'),
     (parse_rank, None, "null is not a rank"),
     (parse_pairs_card, "7", "'7' is not a Pairs card"),
     (parse_card, "1S", "'1S' is not a card")],
)
def test_a_wrong_value_is_quoted_as_json_writes_it(parse: Any, value: object, start: str) -> None:
    """A transcript is JSON: a wrong card is quoted as the file writes it (true, null,
    a list), not in Python's words (True, None); a string stays quoted as before."""
    with pytest.raises(CardNotationError) as caught:
        parse(value)
    assert str(caught.value).startswith(start + ":")


@given(st.sampled_from(list(STANDARD_WITH_JOKERS.counts)))
def test_notation_round_trips(card: Card) -> None:
    """parse(str(card)) is the same card for every card of the deck."""
    assert parse_card(str(card)) == card
    assert parse_card(str(card).lower()) is card


def test_joker_ranks_above_the_ace_and_has_no_suit() -> None:
    """AU-2.4: the joker is above the ace."""
    joker = parse_card("JK")
    assert joker.is_joker and joker.rank == JOKER_RANK and joker.suit == ""
    assert joker > parse_card("AS") > parse_card("KS")


@pytest.mark.parametrize("value", [1, 5, 10])
def test_pairs_cards_are_the_integers_one_to_ten(value: int) -> None:
    """Pairs cards are plain ints."""
    assert parse_pairs_card(value) == value


@pytest.mark.parametrize(("value", "hint"), [
    ("8", ' (write 8, not "8")'), ("7", ' (write 7, not "7")'), ("10", ' (write 10, not "10")'),
    ("11", " (a number, not a string)"), ("seven", " (a number, not a string)"),
])
def test_a_card_written_as_a_string_gets_a_hint_with_its_own_value(value: str,
                                                                   hint: str) -> None:
    """"8" is hinted as 8: the hint quotes what was written, never another card; a
    string that is no card as a number either is told to be a number."""
    with pytest.raises(CardNotationError) as caught:
        parse_pairs_card(value)
    assert str(caught.value) == (f"{value!r} is not a Pairs card: Pairs cards are the "
                                 f"integers 1 to 10{hint}")


def test_a_whole_card_written_with_a_fraction_is_told_the_card() -> None:
    """7.0 was refused with no hint, where "7" is told to write 7: it is told too;
    7.5 and 11.0 are no card either way, and get none."""
    with pytest.raises(CardNotationError) as caught:
        parse_pairs_card(7.0)
    assert str(caught.value) == ("7.0 is not a Pairs card: Pairs cards are the integers 1 to 10 "
                                 "(write 7, not 7.0)")
    for value in (7.5, 11.0):
        with pytest.raises(CardNotationError) as caught:
            parse_pairs_card(value)
        assert str(caught.value).endswith("integers 1 to 10")


@pytest.mark.parametrize("value", [0, 11, -1, "11", "7", True, False, 7.0, None])
def test_anything_else_is_not_a_pairs_card(value: object) -> None:
    """Strings, booleans, floats and numbers outside 1-10 are refused."""
    with pytest.raises(CardNotationError, match="not a Pairs card"):
        parse_pairs_card(value)


@pytest.mark.parametrize(("text", "canonical"), [
    ("10", "10"), ("T", "10"), ("t", "10"), ("q", "Q"), ("Q", "Q"), ("a", "A"), ("jk", "JK"),
    ("Jk", "JK"), ("7", "7")])
def test_a_rank_written_any_way_has_one_normal_form(text: str, canonical: str) -> None:
    """A rank alone (an Auction bid's) is normalised as a card is: "T" and "t" are
    "10", lower case is upper; two bids written so are one bid, and print alike."""
    assert rank_text(text) == canonical


@pytest.mark.parametrize("text", ["Z", "11", "1", "8H", "", " Q", "T0", "10 "])
def test_what_is_no_rank_is_kept_as_written(text: str) -> None:
    """Not a rank: kept for the rules that read it to refuse it, quoted as written."""
    assert rank_text(text) == text


@pytest.mark.parametrize(("text", "canonical"), [
    ("S", "S"), ("s", "S"), ("\u2660", "S"), ("\u2664", "S"), ("h", "H"), ("\u2665\ufe0f", "H"),
    ("\u2666\ufe0e", "D")])
def test_a_suit_written_any_way_has_one_normal_form(text: str, canonical: str) -> None:
    """A suit alone (a single card bid's) reads as a card's suit reads, a phone's
    symbol with its variation selector included, and has the card's letter."""
    assert suit_letter(text) == suit_text(text) == canonical


@pytest.mark.parametrize("text", ["X", "SH", "", "\ufe0f", "10", "\u2665\ufe0f\ufe0f"])
def test_what_is_no_suit_is_kept_as_written(text: str) -> None:
    """Not a suit: no letter, and kept as written for the rules to refuse."""
    assert suit_letter(text) == "" and suit_text(text) == text


def test_ranks_parse_as_bids_write_them() -> None:
    """Bid ranks: 2-10, T, J, Q, K, A and JK."""
    assert [parse_rank(r) for r in ("2", "10", "T", "j", "A", "JK")] == [2, 10, 10, 11, 14, 15]
    with pytest.raises(CardNotationError, match="not a rank"):
        parse_rank("1")


@pytest.mark.parametrize(("rank", "suit"), [(1, "S"), (14, "X"), (15, "S"), (2, ""), ("14", "S"),
                                            (14.0, "S"), (True, "S"), ([14], "S")])
def test_a_card_built_with_a_wrong_rank_or_suit_is_refused(rank: Any, suit: Any) -> None:
    """``Card(1, "S")`` and its kin raise CardNotationError saying what a card is,
    rather than making a card that no deck holds (or the ace for 14.0)."""
    with pytest.raises(CardNotationError, match=r"is not a card: the rank is a whole number"):
        Card(rank, suit)


def test_a_card_built_right_is_the_interned_card() -> None:
    """The check costs nothing to the right cards: each is the one parsed."""
    assert Card(14, "S") is Card.parse("AS") and Card(15, "") is Card.parse("JK")
