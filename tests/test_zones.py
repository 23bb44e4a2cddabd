"""Card accounting (C-1, C-2, C-3)."""

from __future__ import annotations

import pytest

from cardcore.cards import PairsCard, parse_card
from cardcore.decks import PAIRS_DECK, STANDARD_DECK
from cardcore.errors import RuleViolation
from cardcore.zones import CardAccount

STOCK = "the stock"


def _dealt(hands: int = 2, size: int = 6) -> CardAccount[PairsCard]:
    account = CardAccount.shuffled(PAIRS_DECK, STOCK)
    for index in range(hands):
        account = account.deal(STOCK, f"hand {index}", size)
    return account


def test_unknown_slots_turn_known_and_the_deck_bounds_the_count() -> None:
    """A card named from an unknown slot is counted; the 3rd 2 of a Pairs deck is C-1."""
    account = _dealt()
    account = account.move("hand 0", "row 0", PairsCard(2))
    account = account.move("hand 1", "row 1", PairsCard(2))
    assert account.known_totals[2] == 2
    with pytest.raises(RuleViolation) as caught:
        account.move(STOCK, "row 1", PairsCard(2))
    assert caught.value.rule == "C-1"
    assert "holds 2 2s" in caught.value.message and "row 0" in caught.value.message


def test_a_known_copy_moves_without_being_counted_again() -> None:
    """The same physical card moving between zones is not shown twice (C-1 counts cards)."""
    account = _dealt().move("hand 0", "pool", PairsCard(1))
    account = account.move("pool", "hand 1", PairsCard(1))
    account = account.move("hand 1", "discard", PairsCard(1))
    assert account.known_totals[1] == 1
    assert account.zone("discard").known == {1: 1}
    assert account.size("hand 1") == 6


def test_a_card_from_a_fully_known_zone_that_lacks_it_is_c2() -> None:
    """C-2: the zone holds no card that could be this one."""
    account = CardAccount.shuffled(STANDARD_DECK, STOCK)
    for text in ("AS", "KD"):
        account = account.move(STOCK, "Ben's hand", parse_card(text))
    with pytest.raises(RuleViolation) as caught:
        account.move("Ben's hand", "the pool", parse_card("7H"))
    assert caught.value.rule == "C-2"
    assert "Ben's hand" in caught.value.message and "AS" in caught.value.message


def test_a_card_known_in_another_hand_cannot_come_from_an_unknown_one() -> None:
    """Every copy known elsewhere: the count is exceeded, C-1 (lowest rule) names where."""
    account = CardAccount.shuffled(STANDARD_DECK, STOCK).deal(STOCK, "Aki's hand", 10)
    account = account.move(STOCK, "Ben's hand", parse_card("7H"))
    with pytest.raises(RuleViolation) as caught:
        account.move("Aki's hand", "the pool", parse_card("7H"))
    assert caught.value.rule == "C-1"
    assert "Ben's hand" in caught.value.message


def test_an_unnamed_card_leaving_a_known_hand_is_c3() -> None:
    """C-3: a card leaving a hand that holds any known card must be named."""
    account = CardAccount.shuffled(PAIRS_DECK, STOCK).move(STOCK, "hand", PairsCard(5))
    account = account.deal(STOCK, "hand", 1)
    with pytest.raises(RuleViolation) as caught:
        account.move("hand", "pile", None)
    assert caught.value.rule == "C-3"
    assert "must be named" in caught.value.message


def test_unnamed_cards_move_as_unknown_slots() -> None:
    """'?' moves an unknown slot; nothing is counted."""
    account = _dealt().move("hand 0", "pile", None)
    assert account.size("hand 0") == 5 and account.zone("pile").unknown == 1
    assert dict(account.known_totals) == {}


def test_dealing_more_than_the_source_holds_is_refused() -> None:
    """A zone cannot give cards it does not have."""
    with pytest.raises(RuleViolation, match="holds 55 unseen cards"):
        CardAccount.shuffled(PAIRS_DECK, STOCK).deal(STOCK, "hand", 56)


def test_a_draft_makes_several_moves_and_freezes_once() -> None:
    """A draft leaves its base account as it was; a refused move leaves the draft too."""
    base = CardAccount.shuffled(PAIRS_DECK, STOCK)
    draft = base.draft()
    draft.transfer(STOCK, "hand", PairsCard(1))
    with pytest.raises(RuleViolation) as caught:
        draft.transfer(STOCK, "pile", PairsCard(1))
    assert caught.value.rule == "C-1"
    after = draft.account()
    assert after.zone("hand").known == {1: 1} and after.size(STOCK) == 54
    assert base.size(STOCK) == 55 and base.known_totals == {}


def test_accounts_are_immutable_values() -> None:
    """Moving returns a new account; the old one is unchanged."""
    before = _dealt()
    after = before.move("hand 0", "pile", PairsCard(3))
    assert before.size("hand 0") == 6 and after.size("hand 0") == 5
    assert before.size("pile") == 0


def test_a_fully_known_zone_lacking_the_card_is_c2_even_when_every_copy_is_known() -> None:
    """C-2, not C-1: the pool cannot give QC, which is known to lie in the future river."""
    account = CardAccount.shuffled(STANDARD_DECK, STOCK)
    account = account.move(STOCK, "the future river", parse_card("QC"))
    account = account.move(STOCK, "the pool", parse_card("2D"))
    with pytest.raises(RuleViolation) as caught:
        account.move("the pool", "Dan's hand", parse_card("QC"))
    assert caught.value.rule == "C-2"
    assert "the future river" in caught.value.message


def test_an_unnamed_card_leaving_a_partly_known_zone_says_how_to_record_it() -> None:
    """C-3: the message names the known cards and what the record should write instead."""
    account = CardAccount.shuffled(PAIRS_DECK).deal("the stock", "Ben's hand", 5)
    account = account.move("the stock", "Ben's hand", PairsCard(6))
    with pytest.raises(RuleViolation) as caught:
        account.move("Ben's hand", "the pitched cards", None)
    assert caught.value.rule == "C-3"
    assert "Ben's hand is known to hold 6" in caught.value.message
    assert "write the card that left" in caught.value.message


def test_an_account_a_draft_gave_away_is_not_changed_by_its_later_moves() -> None:
    """A draft changes its own tables in place between moves; once it has given an
    account away, it copies them before the next move (and the account stays)."""
    draft = CardAccount.shuffled(PAIRS_DECK, STOCK).draft()
    draft.transfer(STOCK, "pile", PairsCard(3))
    draft.transfer(STOCK, "pile", PairsCard(4))
    given = draft.account()
    draft.transfer("pile", "hand", PairsCard(3))
    draft.transfer(STOCK, "pile", PairsCard(5))
    draft.move_all("pile", "discard")
    assert given.zone("pile").known == {3: 1, 4: 1} and given.size("hand") == 0
    assert given.size(STOCK) == 53 and dict(given.known_totals) == {3: 1, 4: 1}
    after = draft.account()
    assert after.zone("discard").known == {4: 1, 5: 1} and after.zone("hand").known == {3: 1}
    assert after.size(STOCK) == 52 and dict(after.known_totals) == {3: 1, 4: 1, 5: 1}


def test_a_string_where_a_card_belongs_is_named_as_a_string() -> None:
    """A program that writes "8" for the Pairs card 8 is told that cards are values of
    the deck's card type, the string quoted as such, not "8 is not a card"."""
    account = CardAccount.shuffled(PAIRS_DECK)
    with pytest.raises(RuleViolation) as caught:
        account.move("the stock", "Aki's hand", "8")  # type: ignore[arg-type]
    assert caught.value.rule == "C-1"
    assert caught.value.message.startswith("'8' is not a card of the Pairs deck: cards are "
                                           "values of the deck's card type, not strings")
    with pytest.raises(RuleViolation, match=r"^11 is not a card of the Pairs deck"):
        account.move("the stock", "Aki's hand", PairsCard(11))
