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
