"""Card moves of one event (cardcore.moves): located problems, collected not raised."""

from __future__ import annotations

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.moves import Moves
from cardcore.zones import STOCK, CardAccount

PLAYERS = ("Aki", "Ben")


def _moves() -> Moves[PairsCard]:
    return Moves(CardAccount.shuffled(PAIRS_DECK, STOCK), PLAYERS, (True, False))


def test_every_bad_card_is_reported_at_its_index() -> None:
    """Two impossible cards in one list: both problems, each at its own path."""
    moves = _moves()
    cards = [PairsCard(1), PairsCard(1), None, PairsCard(1)]
    moves.move_cards(STOCK, "Aki's hand", cards, path=("hands", "Aki"))
    assert [(p.rule, p.path) for p in moves.problems] == [
        ("C-1", ("hands", "Aki", 1)), ("C-1", ("hands", "Aki", 3))]
    assert moves.account().zone("Aki's hand").size == 2


def test_a_face_up_card_must_be_named() -> None:
    """C-3 for '?' where the rules turn the card face up; nothing moves."""
    moves = _moves()
    assert not moves.move(STOCK, "the pile", None, path=("card",), face_up=True)
    assert [(p.rule, p.path) for p in moves.problems] == [("C-3", ("card",))]
    assert moves.account().size(STOCK) == 55


def test_a_known_hand_of_the_wrong_size_is_the_games_rule_deferred() -> None:
    """deal_hands accounts the cards first; a wrong size is deferred, not a common problem."""
    moves = _moves()
    moves.deal_hands({"Aki": [PairsCard(n) for n in range(2, 7)]}, [0, 1], 6, "GP-1.2")
    assert moves.problems == []
    assert [(v.rule, v.path) for v in moves.deferred] == [("GP-1.2", ("hands", "Aki"))]
    assert moves.account().size("Ben's hand") == 6


def test_a_known_hand_of_too_few_cards_is_told_how_a_partly_known_hand_is_written() -> None:
    """A hand of 4 known cards read only "Aki's hand has 4 cards; each player is
    dealt 6". It is told the transcript's ways: "?" for each card not known, or
    the player left out of ``hands``; both are dealt without a problem. A hand
    of too many cards has no such hint."""
    moves = _moves()
    moves.deal_hands({"Aki": [PairsCard(n) for n in range(2, 6)]}, [0, 1], 6, "GP-1.2")
    assert [v.message for v in moves.deferred] == [
        "Aki's hand has 4 cards; each player is dealt 6: write \"?\" for each card not known "
        "(2 more here), or leave Aki out of \"hands\" if none is known"]
    padded = _moves()
    padded.deal_hands({"Aki": [*(PairsCard(n) for n in range(2, 6)), None, None]}, [0, 1], 6,
                      "GP-1.2")
    left_out = _moves()
    left_out.deal_hands({}, [0, 1], 6, "GP-1.2")
    for dealt in (padded, left_out):
        assert dealt.problems == dealt.deferred == []
        assert dealt.account().size("Aki's hand") == 6
    many = _moves()
    many.deal_hands({"Aki": [PairsCard(n) for n in range(2, 9)]}, [0, 1], 6, "GP-1.2")
    assert [v.message for v in many.deferred] == [
        "Aki's hand has 7 cards; each player is dealt 6"]


def test_the_games_rule_may_be_cited_instead_of_the_accounting() -> None:
    """``otherwise`` turns a refused card into the game's own (deferred) rule."""
    moves = _moves()
    moves.move("Aki's hand", "the pile", PairsCard(4), path=("cards", 0),
               otherwise=("AU-3.2", "not held before the take"))
    assert moves.problems == [] and [v.rule for v in moves.deferred] == ["AU-3.2"]


def test_named_skips_players_who_are_not_in_play() -> None:
    """Names not at the table or not seated were reported by the kernel (C-7)."""
    moves = _moves()
    assert list(moves.named({"Aki": 1, "Ben": 2, "Zoe": 3})) == [(0, "Aki", 1)]


def test_a_recorded_top_card_is_checked_before_the_draw() -> None:
    """take_top: a named card other than the recorded top is C-2."""
    moves = _moves()
    moves.lay_in_order(STOCK, "the deck", [PairsCard(5), None], ("order",))
    moves.take_top("the deck", PairsCard(5), "Aki's row", PairsCard(7), path=("card",))
    assert [(p.rule, p.path) for p in moves.problems] == [("C-2", ("card",))]
