"""Goblin Poker rules, event by event (RULES.md GP-1 to GP-6)."""

from __future__ import annotations

import pytest
from logs import Table, chips

from cardcore.errors import SetupError
from cardcore.games.goblin import RULES, Deal, Fold, GoblinOptions, Phase, Pitch, Reveal, Stack
from cardcore.protocol import Event, Ruling

ABC = ("Aki", "Ben", "Chie")


TABLE = Table(RULES, ABC)
play, violation = TABLE.play, TABLE.violation


def test_the_shared_example_game() -> None:
    """The worked example: a fold pays 2, a bust pays 4, Ben takes the pot of 9."""
    log = play([
        Deal(), Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7}), Pitch(player="Ben"),
        Fold(player="Chie"), Pitch(player="Aki"), Stack(player="Ben", card=8),
        Stack(player="Aki", card=4),
    ])
    assert chips(log) == {"Aki": 95, "Ben": 108, "Chie": 97}
    assert log.outcome.pot == 0 and log.outcome.winners == ("Ben",)
    rules = [e.rule for effects in log.effects for e in effects]
    assert rules.count("GP-1.1") == 3 and "GP-4.2" in rules and "GP-4.6" in rules
    assert "GP-4.4" in rules


def test_players_and_options_are_checked_at_the_start() -> None:
    """2-8 unique players; rounds 1-5."""
    with pytest.raises(SetupError, match="2 to 8 players"):
        RULES.start(["Aki"], None)
    with pytest.raises(SetupError, match="sits twice"):
        RULES.start(["Aki", "Aki"], None)
    with pytest.raises(ValueError, match="'rounds' must be from 1 to 5"):
        GoblinOptions(rounds=0)


def test_the_smallest_revealed_card_starts() -> None:
    """GP-2.2: the smallest number's owner starts round 1; play goes clockwise."""
    log = play([Deal(), Reveal(cards={"Aki": 5, "Ben": 9, "Chie": 3})])
    assert log.expected.players == ("Chie",)
    log.append(Pitch(player="Chie"))
    assert log.expected.players == ("Aki",)


def test_a_wrong_player_is_c5_and_names_whose_turn_it_is() -> None:
    """C-5: the message says whose step it is."""
    error = violation([Deal(), Reveal(cards={"Aki": 5, "Ben": 9, "Chie": 3}),
                       Pitch(player="Ben")])
    assert error.rule == "C-5" and error.path == ("player",)
    assert error.message == "Ben cannot pitch now: it is Chie's turn (GP-4.1)"


def test_an_event_out_of_order_is_c4() -> None:
    """C-4: a pitch before the reveal says what can come."""
    error = violation([Deal(), Pitch(player="Aki")])
    assert error.rule == "C-4"
    assert "reveals" in error.message


def test_a_reveal_must_name_every_player_in_the_game() -> None:
    """GP-2.1: all reveal at once, face up: missing or '?' is C-3."""
    assert violation([Deal(), Reveal(cards={"Aki": 5, "Ben": 9})]).rule == "C-3"
    error = violation([Deal(), Reveal(cards={"Aki": 5, "Ben": None, "Chie": 2})])
    assert error.rule == "C-3" and error.path == ("cards", "Ben")


def test_the_deck_bounds_revealed_cards() -> None:
    """C-1: the Pairs deck has one 1."""
    error = violation([Deal(), Reveal(cards={"Aki": 1, "Ben": 1, "Chie": 2})])
    assert error.rule == "C-1" and error.path == ("cards", "Ben")


def test_tie_break_deals_from_the_stock_and_discards_pairs() -> None:
    """GP-2.3: a tie-break card that pairs is discarded and the player is dealt again."""
    log = play([Deal(), Reveal(cards={"Aki": 3, "Ben": 3, "Chie": 8})])
    assert log.state.phase is Phase.TIEBREAK
    assert set(log.expected.players) == {"Aki", "Ben"}
    effects = log.append(Stack(player="Ben", card=3))
    assert [e.kind for e in effects] == ["discard"]
    assert log.state.stacks[1] == (3,)
    log.append(Stack(player="Aki", card=9))
    assert log.expected.players == ("Ben",)
    effects = log.append(Stack(player="Ben", card=6))
    assert effects[-1].rule == "GP-2.3" and "Ben starts round 1" in effects[-1].text
    assert log.state.stacks[1] == (3, 6)


def test_tie_break_ties_again_on_the_second_card() -> None:
    """GP-2.3: those still tied go on to the next level."""
    log = play([Deal(), Reveal(cards={"Aki": 3, "Ben": 3, "Chie": 8}),
                Stack(player="Aki", card=5), Stack(player="Ben", card=5)])
    assert log.state.phase is Phase.TIEBREAK and log.state.waiting == (0, 1)
    log.append(Stack(player="Ben", card=7))
    log.append(Stack(player="Aki", card=6))
    assert log.expected.players == ("Aki",)


def test_fold_pays_the_smallest_number_showing_on_any_stack() -> None:
    """GP-4.2: Chie folds and pays Ben's 2."""
    log = play([Deal(), Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7}), Pitch(player="Ben")])
    (effect,) = log.append(Fold(player="Chie"))
    assert effect.transfers[0].amount == 2 and "Ben's stack" in effect.text


def test_fold_with_too_few_chips_is_forgiven() -> None:
    """Shortfall: the folder pays what they hold; the rest never enters the pot."""
    log = play([Deal(), Reveal(cards={"Aki": 10, "Ben": 9, "Chie": 8}), Pitch(player="Chie")],
               options=GoblinOptions(starting_chips=5))
    (effect,) = log.append(Fold(player="Aki"))
    assert effect.transfers[0].amount == 4 and effect.transfers[0].forgiven == 4
    assert log.outcome.pot == 3 + 4 and log.state.ledger.forgiven == 4


def test_the_last_player_in_takes_the_pot_at_once() -> None:
    """GP-4.4: two folds leave one player, who takes the pot; the game ends."""
    log = play([Deal(), Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7}),
                Fold(player="Ben"), Fold(player="Chie")])
    assert log.state.phase is Phase.DEAL
    # Ben pays his own 2; then the smallest showing is Aki's 4, which Chie pays
    assert chips(log) == {"Aki": 99 + 3 + 2 + 4, "Ben": 97, "Chie": 95}


def test_split_after_the_last_round_leaves_the_remainder() -> None:
    """GP-6.2: three players split a pot of 3 + 2 = 5: 1 each and 2 stay (rounds=1)."""
    log = play([Deal(), Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7, "Dan": 9}),
                Pitch(player="Ben"), Pitch(player="Chie"), Fold(player="Dan"),
                Pitch(player="Aki"),
                Stack(player="Ben", card=5), Stack(player="Chie", card=6),
                Stack(player="Aki", card=8)],
               players=("Aki", "Ben", "Chie", "Dan"), options=GoblinOptions(rounds=1))
    assert log.outcome.pot == 4 + 2 - 3 * 2
    assert chips(log) == {"Aki": 101, "Ben": 101, "Chie": 101, "Dan": 97}
    assert log.outcome.complete


def test_identical_stacks_are_a_table_choice() -> None:
    """GP-3.2: a ruling picks the min stack; a ruling elsewhere is C-8."""
    base: list[Event] = [Deal(), Reveal(cards={"Aki": 2, "Ben": 5, "Chie": 9}),
                         Pitch(player="Aki"), Pitch(player="Ben"), Pitch(player="Chie"),
                         Stack(player="Aki", card=5), Stack(player="Ben", card=2),
                         Stack(player="Chie", card=3)]
    log = play(base)
    expected = log.expected
    assert expected.choice and set(expected.players) == {"Aki", "Ben"}
    assert "ruling" in expected.kinds
    error = violation([*base, Ruling(player="Chie")])
    assert error.rule == "C-8" and "Aki and Ben" in error.message
    log.append(Ruling(player="Ben"))
    assert log.expected.players == ("Ben",) and not log.expected.choice
    needless = violation([*base, Ruling(player="Ben"), Ruling(player="Ben")])
    assert needless.rule == "C-8"


def test_a_table_choice_can_be_made_by_acting() -> None:
    """RULES.md "Table choices": the first event by an admissible player is the choice."""
    log = play([Deal(), Reveal(cards={"Aki": 2, "Ben": 5, "Chie": 9}),
                Pitch(player="Aki"), Pitch(player="Ben"), Pitch(player="Chie"),
                Stack(player="Aki", card=5), Stack(player="Ben", card=2),
                Stack(player="Chie", card=3)])
    effects = log.append(Pitch(player="Ben"))
    assert effects[0].kind == "start_player" and effects[0].rule == "GP-3.2"
    assert log.expected.players == ("Chie",)


def test_an_event_after_the_session_is_c6() -> None:
    """C-6: with games 1, nothing but a check comes after the game."""
    events: list[Event] = [Deal(), Reveal(cards={"Aki": 4, "Ben": 2}), Fold(player="Ben")]
    log = play(events, players=("Aki", "Ben"), options=GoblinOptions(games=1))
    assert log.state.phase is Phase.OVER and log.outcome.complete
    error = violation([*events, Deal()], players=("Aki", "Ben"), options=GoblinOptions(games=1))
    assert error.rule == "C-6"


def test_a_player_without_chips_is_out_of_the_session() -> None:
    """GP-1.1: 0 chips at a game start: no ante, no cards; fewer than two: session over."""
    options = GoblinOptions(starting_chips=2, rounds=1)
    first: list[Event] = [Deal(), Reveal(cards={"Aki": 9, "Ben": 2, "Chie": 8}),
                          Pitch(player="Ben"), Pitch(player="Chie"), Fold(player="Aki"),
                          Stack(player="Ben", card=5), Stack(player="Chie", card=6)]
    log = play(first, options=options)
    assert chips(log) == {"Aki": 0, "Ben": 3, "Chie": 3}
    effects = log.append(Deal())
    assert effects[0].kind == "out" and effects[0].players == ("Aki",)
    assert log.state.in_session == (False, True, True)
    error = violation([*first, Deal(), Reveal(cards={"Aki": 3, "Ben": 2, "Chie": 8})],
                      options=options)
    assert error.rule == "C-7" and error.path == ("cards", "Aki")


def test_known_hands_must_name_what_leaves_them() -> None:
    """C-3: a pitch from a known hand must name the card; C-2 if the hand lacks it."""
    hands = {"Aki": [1, 2, 3, 4, 5, 6], "Ben": [7, 7, 8, 8, 9, 9]}
    base: list[Event] = [Deal(hands=hands), Reveal(cards={"Aki": 1, "Ben": 7})]
    assert violation([*base, Pitch(player="Aki")], players=("Aki", "Ben")).rule == "C-3"
    error = violation([*base, Pitch(player="Aki", card=9)], players=("Aki", "Ben"))
    assert error.rule == "C-2" and error.path == ("card",)


def test_a_deal_hand_must_have_six_cards() -> None:
    """GP-1.2: six cards each."""
    error = violation([Deal(hands={"Aki": [1, 2, 3]})], players=("Aki", "Ben"))
    assert error.rule == "GP-1.2" and error.path == ("hands", "Aki")


def test_a_stack_card_from_the_pitched_cards_must_be_one_of_them() -> None:
    """C-2: when the pitched cards are known, the dealt card is one of them."""
    error = violation([Deal(), Reveal(cards={"Aki": 4, "Ben": 2}),
                       Pitch(player="Ben", card=6), Pitch(player="Aki", card=7),
                       Stack(player="Ben", card=8)], players=("Aki", "Ben"))
    assert error.rule == "C-2" and "the pitched cards" in error.message


def test_the_stock_running_out_in_a_tie_break_is_a_table_choice() -> None:
    """GP-2.4: with 8 players the stock holds 7; when it runs dry the players tied at the
    start of that level are admissible."""
    players = tuple("ABCDEFGH")
    log = play([Deal(), Reveal(cards={"A": 5, "B": 5, "C": 5, "D": 5, "E": 5,
                                      "F": 9, "G": 9, "H": 9})], players=players)
    for name, card in zip("ABCDE", (7, 7, 7, 7, 7), strict=True):
        log.append(Stack(player=name, card=card))
    log.append(Stack(player="A", card=8))
    log.append(Stack(player="B", card=8))
    assert log.state.account.size("the stock") == 0
    # tied at the start of that level: all five, also those already dealt a card
    assert log.expected.choice and log.expected.players == ("A", "B", "C", "D", "E")
    log.append(Pitch(player="C"))
    assert log.expected.players == ("D",)


def test_players_who_left_cannot_act_or_be_dealt() -> None:
    """C-7: a folded player neither pitches nor receives a pitched card."""
    base: list[Event] = [Deal(), Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7}),
                         Pitch(player="Ben"), Fold(player="Chie")]
    error = violation([*base, Pitch(player="Chie")])
    assert error.rule == "C-7" and "no longer in this game" in error.message
    error = violation([*base, Pitch(player="Aki"), Stack(player="Chie", card=5)])
    assert error.rule == "C-7"


def test_the_pitched_cards_go_round_in_order() -> None:
    """C-5: the next pitched card is dealt to the next player still in, clockwise from
    the min stack; C-3: it is face up and must be named."""
    base: list[Event] = [Deal(), Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7}),
                         Pitch(player="Ben"), Pitch(player="Chie"), Pitch(player="Aki")]
    error = violation([*base, Stack(player="Chie", card=5)])
    assert error.rule == "C-5" and "dealt to Ben" not in error.message
    assert error.message == "Chie cannot be dealt a card now: it is Ben's turn (GP-4.5)"
    assert violation([*base, Stack(player="Ben", card=None)]).rule == "C-3"


def test_tie_break_cards_are_named_and_dealt_only_to_the_tied() -> None:
    """C-3 for '?', C-5 for a player not tied."""
    base: list[Event] = [Deal(), Reveal(cards={"Aki": 3, "Ben": 3, "Chie": 8})]
    assert violation([*base, Stack(player="Aki", card=None)]).rule == "C-3"
    error = violation([*base, Stack(player="Chie", card=5)])
    assert error.rule == "C-5" and "Aki and Ben" in error.message


def test_a_player_out_of_the_session_is_dealt_no_hand() -> None:
    """C-7 when a deal names a hand for a player who had no chips at the game start."""
    options = GoblinOptions(starting_chips=2, rounds=1)
    first: list[Event] = [Deal(), Reveal(cards={"Aki": 9, "Ben": 2, "Chie": 8}),
                          Pitch(player="Ben"), Pitch(player="Chie"), Fold(player="Aki"),
                          Stack(player="Ben", card=5), Stack(player="Chie", card=6)]
    error = violation([*first, Deal(hands={"Aki": [1, 2, 3, 4, 5, 6]})], options=options)
    assert (error.rule, error.path) == ("C-7", ("hands", "Aki"))
    assert "out of the session" in error.message


def test_a_split_remainder_is_said_at_the_next_deal() -> None:
    """GP-1.3: the 1 chip a split of 7 among three leaves is said, with its rule,
    when the next game's deal finds it in the pot; a first deal says nothing of it."""
    four = ("Aki", "Ben", "Chie", "Dan")
    log = play([Deal(), Reveal(cards={"Aki": 4, "Ben": 3, "Chie": 7, "Dan": 9}),
                Pitch(player="Ben"), Pitch(player="Chie"), Fold(player="Dan"),
                Pitch(player="Aki"),
                Stack(player="Ben", card=5), Stack(player="Chie", card=6),
                Stack(player="Aki", card=8), Deal()],
               players=four, options=GoblinOptions(rounds=1))
    assert "GP-1.3" not in [e.rule for e in log.effects[0]]
    carried = [e for e in log.effects[-1] if e.rule == "GP-1.3"]
    assert [e.text for e in carried] == ["the pot still holds 1 chip from the last game"]
    assert log.outcome.pot == 1 + 4  # the remainder and four antes


def test_the_min_stack_and_the_next_round_cite_their_rules() -> None:
    """GP-3.1: the min stack the pitched cards are dealt from is found by comparing
    stacks; GP-5.1: after a round with two or more still in, the next round starts."""
    log = play([Deal(), Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7}),
                Pitch(player="Ben"), Pitch(player="Chie"), Pitch(player="Aki")])
    assert [(e.rule, e.players) for e in log.effects[-1]] == [("GP-3.1", ("Ben",))]
    for event in (Stack(player="Ben", card=8), Stack(player="Chie", card=5),
                  Stack(player="Aki", card=9)):
        log.append(event)
    assert [(e.rule, e.text) for e in log.effects[-1]] == [
        ("GP-5.1", "Ben starts round 2: the min stack among the players still in")]
