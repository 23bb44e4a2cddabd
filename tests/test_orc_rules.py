"""Orc Poker rules, event by event (RULES.md OP-1 to OP-4), with the rule IDs and
messages of the problems a record can have."""

from __future__ import annotations

from typing import Any

import pytest
from logs import Table, chips

from cardcore.cards import PairsCard
from cardcore.effects import Effect
from cardcore.errors import RuleViolation, SetupError
from cardcore.gamelog import GameLog
from cardcore.games.orc import (
    RULES,
    Deal,
    Draw,
    GiveUp,
    OrcOptions,
    OrcState,
    Phase,
    Pitch,
    Reveal,
)
from cardcore.protocol import Check, Event, Ruling
from cardcore.registry import get_game

ABC = ("Aki", "Ben", "Chie")
ABCD = ("Aki", "Ben", "Chie", "Dan")
EIGHT = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen", "Hana")


def cards(**shown: Any) -> dict[str, PairsCard | None]:
    return {name: card for name, card in shown.items()}


TABLE = Table(RULES, ABC)
play, violation = TABLE.play, TABLE.violation


def effects(log: GameLog[OrcState]) -> list[Effect]:
    return [effect for caused in log.effects for effect in caused]


def rules_of(log: GameLog[OrcState]) -> list[str]:
    return [effect.rule for effect in effects(log)]


def transfers(log: GameLog[OrcState], rule: str) -> list[tuple[str, str, int]]:
    return [(t.payer, t.receiver, t.amount) for e in effects(log) for t in e.transfers
            if t.rule == rule]


# Ben (3) starts; the order is Ben, Chie, Aki.
BEN_STARTS: list[Event] = [Deal(), Reveal(cards=cards(Aki=6, Ben=3, Chie=8)), Pitch()]


# -- setup and options ---------------------------------------------------------------


def test_the_registry_knows_orc_poker() -> None:
    """The engine is registered under its transcript name."""
    assert get_game("orc-poker") is RULES
    assert (RULES.min_players, RULES.max_players) == (3, 8)


def test_players_are_checked_at_the_start() -> None:
    """3 to 8 unique players."""
    with pytest.raises(SetupError, match="3 to 8 players"):
        RULES.start(["Aki", "Ben"], None)
    with pytest.raises(SetupError, match="3 to 8 players"):
        RULES.start([f"P{n}" for n in range(9)], None)
    with pytest.raises(SetupError, match="sits twice"):
        RULES.start(["Aki", "Ben", "Aki"], None)
    with pytest.raises(SetupError, match="OrcOptions"):
        RULES.start(ABC, object())


def test_presets_and_overrides() -> None:
    """standard 30 chips / 7 rounds, long 50 / 10; starting_chips and rounds override."""
    assert (OrcOptions().chips, OrcOptions().total_rounds) == (30, 7)
    long = OrcOptions(preset="long")
    assert (long.chips, long.total_rounds) == (50, 10)
    mixed = OrcOptions(preset="long", starting_chips=12, rounds=2)
    assert (mixed.chips, mixed.total_rounds) == (12, 2)
    assert chips(play([], options=long)) == {"Aki": 50, "Ben": 50, "Chie": 50}


@pytest.mark.parametrize(("values", "option"), [
    ({"preset": "short"}, "preset"),
    ({"rounds": 0}, "rounds"),
    ({"starting_chips": 0}, "starting_chips"),
    ({"rising_ante": 1}, "rising_ante"),
])
def test_bad_options_name_the_option(values: dict[str, Any], option: str) -> None:
    """An option outside what the rules allow is refused with its name."""
    with pytest.raises(ValueError, match=f"option '{option}'"):
        OrcOptions(**values)


def test_the_ante_rises_and_cycles() -> None:
    """OP-1.1: 1 each round, or 1, 2, 3, 4, 5, 1, 2, ... with rising_ante."""
    assert [OrcOptions().ante(r) for r in (1, 5, 12)] == [1, 1, 1]
    assert [OrcOptions(rising_ante=True).ante(r) for r in range(1, 13)] == [
        1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2]


# -- OP-1 round start -----------------------------------------------------------------


def test_a_deal_pays_the_antes_and_deals_six_each() -> None:
    """OP-1.1 and OP-1.3: every player antes, 6 cards each, the rest is the stock."""
    log = play([Deal()], ABCD)
    assert transfers(log, "OP-1.1") == [(n, "pot", 1) for n in ABCD]
    assert log.outcome.pot == 4
    assert log.state.account.size("the stock") == 55 - 24
    assert all(log.state.hand_size(seat) == 6 for seat in range(4))
    assert log.expected.text == "every player reveals one card (OP-2.1)"


def test_a_known_hand_must_have_six_cards() -> None:
    """OP-1.3: the hand size; and a name not at the table is C-7."""
    error = violation([Deal(hands={"Aki": [1, 2, 3]})])
    assert (error.rule, error.path) == ("OP-1.3", ("hands", "Aki"))
    assert "Aki's hand has 3 cards; each player is dealt 6" in error.message
    error = violation([Deal(hands={"Zoe": [1, 2, 3, 4, 5, 6]})])
    assert (error.rule, error.path) == ("C-7", ("hands", "Zoe"))


def test_a_known_hand_cannot_hold_more_than_the_deck() -> None:
    """C-1 inside a deal: two 1s."""
    error = violation([Deal(hands={"Aki": [1, 1, 2, 3, 4, 5]})])
    assert (error.rule, error.path) == ("C-1", ("hands", "Aki", 1))


def test_rising_ante_in_round_three_is_three() -> None:
    """OP-1.1: the third round's ante is 3 with rising_ante."""
    round_: list[Event] = [Deal(), Reveal(cards=cards(Aki=1, Ben=5, Chie=6)), Pitch(),
                           Draw(player="Aki", card=2), GiveUp(player="Ben"),
                           GiveUp(player="Chie")]
    log = play([*round_, *round_, Deal()], options=OrcOptions(rising_ante=True))
    antes = transfers(log, "OP-1.1")
    assert [amount for _, _, amount in antes] == [1, 1, 1, 2, 2, 2, 3, 3, 3]


# -- OP-2 start player ----------------------------------------------------------------


def test_the_smallest_card_starts() -> None:
    """OP-2.2: Ben's 3 is the smallest: Ben starts and draws first."""
    log = play(BEN_STARTS)
    start = [e for e in effects(log) if e.kind == "start_player"]
    assert [(e.rule, e.players) for e in start] == [("OP-2.2", ("Ben",))]
    assert log.expected.text == "Ben draws or gives up (OP-3.2)"
    assert log.state.rows == ((6,), (3,), (8,))


def test_every_player_must_reveal_a_named_card() -> None:
    """C-3: a missing reveal, a '?' reveal; C-7: a stranger; C-2: not in a known hand."""
    error = violation([Deal(), Reveal(cards=cards(Aki=6, Ben=3))])
    assert (error.rule, error.path) == ("C-3", ("cards",))
    assert error.message == "Chie must reveal a card too: every player reveals one (OP-2.1)"
    error = violation([Deal(), Reveal(cards=cards(Aki=6, Ben=None, Chie=2))])
    assert (error.rule, error.path) == ("C-3", ("cards", "Ben"))
    error = violation([Deal(), Reveal(cards=cards(Aki=6, Ben=3, Chie=2, Zoe=1))])
    assert (error.rule, error.path) == ("C-7", ("cards", "Zoe"))
    error = violation([Deal(hands={"Aki": [1, 2, 3, 4, 5, 6]}),
                       Reveal(cards=cards(Aki=7, Ben=3, Chie=2))])
    assert (error.rule, error.path) == ("C-2", ("cards", "Aki"))
    assert "it is known to hold 1, 2, 3, 4, 5, 6" in error.message


def test_the_first_reveal_has_no_draws() -> None:
    """OP-2.3: only a tie-break reveal is followed by draws."""
    error = violation([Deal(), Reveal(cards=cards(Aki=6, Ben=3, Chie=8), draws={"Ben": 4})])
    assert (error.rule, error.path) == ("OP-2.3", ("draws",))


def test_seed_example_two_four_against_two_three() -> None:
    """OP-2.5: 2-4 against 2-3: 2-3 starts."""
    log = play([Deal(), Reveal(cards=cards(Aki=2, Ben=2, Chie=5)),
                Reveal(cards=cards(Aki=4, Ben=3))])
    last = log.effects[-1]
    assert [e.kind for e in last] == ["tiebreak", "draws", "start_player"]
    assert last[0].text == "tie-break: Aki 2-4, Ben 2-3"
    assert (last[2].rule, last[2].players) == ("OP-2.5", ("Ben",))
    assert [log.state.hand_size(s) for s in range(3)] == [5, 5, 5]
    assert log.state.account.size("the stock") == 55 - 18 - 2


def test_seed_example_nine_ten_against_nine_stacked_nine() -> None:
    """OP-2.4/OP-2.5: 9-10 against 9-(9): the shorter visible sequence starts."""
    log = play([Deal(), Reveal(cards=cards(Aki=9, Ben=9, Chie=10)),
                Reveal(cards=cards(Aki=10, Ben=9))])
    last = log.effects[-1]
    assert last[0].text == "tie-break: Aki 9-10, Ben 9-(9)"
    assert last[2].players == ("Ben",)
    assert log.state.rows[1] == (9,) and log.state.stacked[1] == ((1, 9),)


def test_only_tied_players_play_and_draw_in_a_tie_break() -> None:
    """C-5 for a player outside the tie, in cards or in draws; C-3 for a tied one missing."""
    tie: list[Event] = [Deal(), Reveal(cards=cards(Aki=2, Ben=2, Chie=5))]
    error = violation([*tie, Reveal(cards=cards(Aki=4, Ben=3, Chie=6))])
    assert (error.rule, error.path) == ("C-5", ("cards", "Chie"))
    assert error.message == "Chie has no part in this reveal: it is for Aki and Ben (OP-2.3)"
    error = violation([*tie, Reveal(cards=cards(Aki=4, Ben=3), draws={"Chie": None})])
    assert (error.rule, error.path) == ("C-5", ("draws", "Chie"))
    error = violation([*tie, Reveal(cards=cards(Aki=4))])
    assert (error.rule, error.path) == ("C-3", ("cards",))
    assert "Ben must play a card too" in error.message


def test_stacking_while_holding_a_new_number_is_refused() -> None:
    """OP-2.4: a known hand with a number not in the row may not stack."""
    error = violation([
        Deal(hands={"Aki": [9, 9, 4, 10, 10, 10]}),
        Reveal(cards=cards(Aki=9, Ben=9, Chie=10)),
        Reveal(cards=cards(Aki=9, Ben=10)),
    ])
    assert (error.rule, error.path) == ("OP-2.4", ("cards", "Aki"))
    assert error.message.startswith(
        "Aki cannot stack 9 on the 9 in their row: Aki's hand holds 4 and 10, numbers not "
        "yet in the row")


def test_a_single_known_new_number_forbids_stacking() -> None:
    """OP-2.4: a known card of a new number in a partly known hand is enough."""
    error = violation([
        Deal(hands={"Aki": [9, 9, None, None, None, 3]}),
        Reveal(cards=cards(Aki=9, Ben=9, Chie=10)),
        Reveal(cards=cards(Aki=9, Ben=10)),
    ])
    assert error.rule == "OP-2.4" and "holds 3, a number not yet in the row" in error.message


def test_stacking_is_legal_when_forced_or_when_the_hand_is_unknown() -> None:
    """OP-2.4: a hand of row numbers only must stack; an unknown hand is not judged."""
    forced = play([
        Deal(hands={"Ben": [9, 9, 9, 9, 9, 9]}),
        Reveal(cards=cards(Aki=9, Ben=9, Chie=10)),
        Reveal(cards=cards(Aki=10, Ben=9)),
    ])
    assert forced.state.start_player == 1
    unknown = play([Deal(), Reveal(cards=cards(Aki=9, Ben=9, Chie=10)),
                    Reveal(cards=cards(Aki=9, Ben=9))])
    assert unknown.state.phase is Phase.TIEBREAK


def test_a_stacked_tie_goes_on_and_ties_can_be_three_way() -> None:
    """OP-2.5: those still tied repeat OP-2.3 until one sequence is smallest."""
    log = play([Deal(), Reveal(cards=cards(Aki=3, Ben=3, Chie=3)),
                Reveal(cards=cards(Aki=5, Ben=5, Chie=5)),
                Reveal(cards=cards(Aki=8, Ben=4, Chie=6))])
    kinds = [(e.kind, e.rule) for e in effects(log)]
    assert ("tie", "OP-2.5") in kinds
    assert log.state.start_player == 1


def test_known_draws_join_the_hand() -> None:
    """OP-2.3: a known draw is in the hand: a later pitch from it must be named (C-3)."""
    events: list[Event] = [Deal(), Reveal(cards=cards(Aki=2, Ben=2, Chie=5)),
                           Reveal(cards=cards(Aki=4, Ben=3), draws={"Ben": 7})]
    log = play(events)
    assert log.state.account.zone("Ben's hand").known_cards() == [7]
    error = violation([*events, Pitch()])
    assert (error.rule, error.path) == ("C-3", ("cards",))
    play([*events, Pitch(cards={"Ben": 7})])
    error = violation([Deal(hands={"Aki": [1, 5, 6, 7, 8, 9]}),
                       Reveal(cards=cards(Aki=5, Ben=2, Chie=2)),
                       Reveal(cards=cards(Ben=4, Chie=3), draws={"Ben": 1})])
    assert (error.rule, error.path) == ("C-1", ("draws", "Ben"))
    assert "already known to be in Aki's hand" in error.message


def eight_tie() -> list[Event]:
    """All 8 reveal 8 and tie (48 cards dealt: the stock holds 7)."""
    return [Deal(), Reveal(cards=dict.fromkeys(EIGHT, 8))]


def test_a_short_stock_names_who_drew() -> None:
    """OP-2.3 [ruling]: with 7 cards for 8 tied players, draws names the 7 who drew."""
    level = cards(Aki=9, Ben=9, Chie=9, Dan=10, Emi=10, Fumi=10, Gen=10, Hana=10)
    error = violation([*eight_tie(), Reveal(cards=level)], EIGHT)
    assert (error.rule, error.path) == ("OP-2.3", ("draws",))
    assert "the stock holds only 7 cards for 8 tied players" in error.message
    seven = dict.fromkeys(EIGHT[:7], None)
    log = play([*eight_tie(), Reveal(cards=level, draws=seven)], EIGHT)
    assert [log.state.hand_size(s) for s in range(8)] == [5] * 7 + [4]
    assert log.state.account.size("the stock") == 0
    assert log.effects[-1][1].text == "the stock runs out: Aki, Ben, Chie, Dan, Emi, Fumi and Gen draw, Hana cannot"
    error = violation([*eight_tie(), Reveal(cards=level, draws=seven),
                       Reveal(cards=cards(Aki=5, Ben=4, Chie=6), draws={"Aki": None})], EIGHT)
    assert (error.rule, error.path) == ("OP-2.3", ("draws",))
    assert "the stock is empty" in error.message


def no_card_left() -> list[Event]:
    """Aki and Ben tie on 2 and play equal cards up to 10; Ben runs out of cards."""
    others = dict.fromkeys(EIGHT[2:], 10)
    events: list[Event] = [Deal(), Reveal(cards={"Aki": 2, "Ben": 2, **others})]
    for card in range(3, 11):
        draws = {"Aki": None} if card == 6 else None
        events.append(Reveal(cards=cards(Aki=card, Ben=card), draws=draws))
    return events


def test_a_tied_player_with_no_card_ends_the_round_and_the_choice_is_moot() -> None:
    """OP-2.5 and OP-3.1 [rulings]: whoever would start, Ben cannot pitch, so the round
    ends at once with the split; a ruling may still record the table's choice."""
    log = play(no_card_left(), EIGHT)
    assert [e.rule for e in log.effects[-1]][-3:] == ["OP-2.5", "OP-3.1", "OP-4.1"]
    assert log.state.phase is Phase.DEAL and chips(log) == dict.fromkeys(EIGHT, 30)
    assert log.expected.kinds == {"deal", "ruling"}
    assert "table's choice among Aki and Ben" in log.expected.text
    error = violation([*no_card_left(), Pitch()], EIGHT)
    assert error.rule == "C-4"
    error = violation([*no_card_left(), Ruling(player="Chie")], EIGHT)
    assert (error.rule, error.path) == ("C-8", ("player",))
    (effect,) = log.append(Ruling(player="Ben"))
    assert effect.rule == "OP-2.5" and "changes nothing" in effect.text
    assert chips(log) == dict.fromkeys(EIGHT, 30)
    again = violation([*no_card_left(), Ruling(player="Ben"), Ruling(player="Aki")], EIGHT)
    assert again.rule == "C-8"
    log.append(Deal())
    assert log.expected.kinds == {"reveal"}


def test_the_moot_choice_needs_no_ruling() -> None:
    """The next round may simply start: a record without the ruling is just as valid."""
    log = play([*no_card_left(), Deal()], EIGHT)
    assert log.state.round == 2 and log.state.moot_choice == ()


def test_a_ruling_where_none_is_due_is_refused() -> None:
    """C-8 with what may come instead; a stranger breaks C-8 and C-7, reported in
    that order (RULES.md)."""
    error = violation([*BEN_STARTS[:2], Ruling(player="Aki")])
    assert (error.rule, error.path) == ("C-8", ("player",))
    assert "no table choice is due here" in error.message
    error = violation([*BEN_STARTS[:2], Ruling(player="Zoe")])
    assert [v.rule for v in error.problems] == ["C-8", "C-7"]


# -- OP-3 action phases --------------------------------------------------------------


def test_events_out_of_order_say_what_may_come() -> None:
    """C-4: a draw before the pitch; a reveal in the middle of a phase."""
    error = violation([*BEN_STARTS[:2], Draw(player="Ben", card=5)])
    assert error.rule == "C-4"
    assert error.message == ("a draw cannot come now: every player still in puts a card face "
                             "down for action phase 1 (OP-3.1)")
    error = violation([*BEN_STARTS, Reveal(cards=cards(Aki=1))])
    assert error.message == "a reveal cannot come now: Ben draws or gives up (OP-3.2)"


def test_turns_go_clockwise_from_the_start_player() -> None:
    """C-5: the message says whose turn it is, for a draw and for a give-up."""
    error = violation([*BEN_STARTS, Draw(player="Aki", card=5)])
    assert (error.rule, error.path) == ("C-5", ("player",))
    assert str(error) == "Aki cannot draw now: it is Ben's turn (OP-3.2) (C-5)"
    error = violation([*BEN_STARTS, Draw(player="Ben", card=7), GiveUp(player="Aki")])
    assert str(error) == "Aki cannot give up now: it is Chie's turn (OP-3.2) (C-5)"


def test_a_player_who_is_out_is_c7_before_c5() -> None:
    """C-7: a player who gave up cannot draw, even out of turn."""
    events: list[Event] = [*BEN_STARTS, Draw(player="Ben", card=7), GiveUp(player="Chie"),
                           Draw(player="Aki", card=9), Pitch()]
    error = violation([*events, Draw(player="Chie", card=2)])
    assert (error.rule, error.path) == ("C-7", ("player",))
    assert error.message == "Chie cannot draw: Chie is no longer in this round"


def test_a_drawn_card_is_named() -> None:
    """C-3: the drawn card is face up for everyone."""
    error = violation([*BEN_STARTS, Draw(player="Ben", card=None)])
    assert (error.rule, error.path) == ("C-3", ("card",))


def test_a_card_beyond_the_deck_is_c1() -> None:
    """C-1: the one 1 is in Aki's row; drawing another 1 the same round."""
    error = violation([Deal(), Reveal(cards=cards(Aki=1, Ben=4, Chie=6)), Pitch(),
                       Draw(player="Aki", card=1)])
    assert (error.rule, error.path) == ("C-1", ("card",))
    assert error.message == ("1 cannot be drawn from the action deck: the Pairs deck holds one "
                             "1 and it is already known to be in Aki's row")


def test_a_pitch_names_only_players_still_in() -> None:
    """C-7 at the player's card of the pitch."""
    events: list[Event] = [*BEN_STARTS, Draw(player="Ben", card=7), GiveUp(player="Chie"),
                           Draw(player="Aki", card=9)]
    error = violation([*events, Pitch(cards={"Aki": None, "Chie": None})])
    assert (error.rule, error.path) == ("C-7", ("cards", "Chie"))
    assert error.message == "Chie cannot pitch: Chie is no longer in this round"


def test_a_pitched_card_from_a_known_hand_is_named() -> None:
    """C-3 for '?' from a known hand; C-2 for a card the known hand does not hold."""
    known: list[Event] = [Deal(hands={"Aki": [6, 1, 2, 3, 4, 5]}),
                          Reveal(cards=cards(Aki=6, Ben=3, Chie=8))]
    error = violation([*known, Pitch(cards={"Aki": None})])
    assert (error.rule, error.path) == ("C-3", ("cards", "Aki"))
    error = violation([*known, Pitch(cards={"Aki": 9})])
    assert (error.rule, error.path) == ("C-2", ("cards", "Aki"))


def test_the_recorded_order_is_the_action_deck() -> None:
    """OP-3.1: one card per player still in; its cards among the pitched ones; draws follow it."""
    start = BEN_STARTS[:2]
    error = violation([*start, Pitch(order=[1, 2])])
    assert (error.rule, error.path) == ("OP-3.1", ("order",))
    error = violation([*start, Pitch(cards={"Aki": 9, "Ben": 2, "Chie": 7}, order=[7, 2, 5])])
    assert (error.rule, error.path) == ("C-2", ("order", 2))
    ordered = [*start, Pitch(cards={"Aki": 9, "Ben": 2, "Chie": 7}, order=[7, 2, 9])]
    error = violation([*ordered, Draw(player="Ben", card=2)])
    assert (error.rule, error.path) == ("C-2", ("card",))
    assert error.message == ("2 cannot be drawn from the action deck: its top card is 7 by the "
                             "recorded order")
    log = play([*ordered, Draw(player="Ben", card=7), Draw(player="Chie", card=2),
                Draw(player="Aki", card=9)])
    assert log.state.rows == ((6, 9), (3, 7), (8, 2))


def test_an_order_with_unknown_places_keeps_the_known_ones() -> None:
    """C-2: a card recorded deeper in the action deck cannot be drawn before its turn."""
    ordered = [*BEN_STARTS[:2], Pitch(cards={"Aki": 9, "Ben": 2, "Chie": 7},
                                      order=[None, 2, None])]
    error = violation([*ordered, Draw(player="Ben", card=2)])
    assert error.rule == "C-2"
    assert "it is known to hold 7, 9" in error.message
    play([*ordered, Draw(player="Ben", card=9), Draw(player="Chie", card=2)])


def test_a_bust_pays_the_number() -> None:
    """OP-3.3: a number already in the row busts: pay it and leave."""
    log = play([*BEN_STARTS, Draw(player="Ben", card=3)])
    assert transfers(log, "OP-3.3") == [("Ben", "pot", 3)]
    assert log.state.in_round == (True, False, True)
    assert log.expected.players == ("Chie",)


def test_a_give_up_pays_the_smallest_number_face_up() -> None:
    """OP-3.4: the smallest number in the rows still face up, anyone's; a busted row is
    face down and no longer counts."""
    log = play([Deal(), Reveal(cards=cards(Aki=2, Ben=5, Chie=7, Dan=9)), Pitch(),
                Draw(player="Aki", card=2), Draw(player="Ben", card=8),
                GiveUp(player="Chie")], ABCD)
    assert transfers(log, "OP-3.4") == [("Chie", "pot", 5)]
    assert log.effects[-1][0].text == ("Chie gives up and pays 5, the smallest number face up "
                                       "(in Ben's row)")
    own = play([*BEN_STARTS, GiveUp(player="Ben")])
    assert own.effects[-1][0].text.endswith("(in their own row)")


def test_the_last_player_left_takes_the_pot_at_once() -> None:
    """OP-3.5: mid-phase, Dan's turn never comes; the next event is a deal. Each give-up
    pays the smallest number still face up: 1 (Aki's own), then 4, then 6."""
    log = play([Deal(), Reveal(cards=cards(Aki=1, Ben=4, Chie=6, Dan=9)), Pitch(),
                GiveUp(player="Aki"), GiveUp(player="Ben"), GiveUp(player="Chie")], ABCD)
    assert transfers(log, "OP-3.4") == [("Aki", "pot", 1), ("Ben", "pot", 4),
                                        ("Chie", "pot", 6)]
    assert transfers(log, "OP-3.5") == [("pot", "Dan", 15)]
    assert chips(log) == {"Aki": 28, "Ben": 25, "Chie": 23, "Dan": 44}
    assert log.state.phase is Phase.DEAL
    assert log.expected.text == "the next round starts with a deal (round 2 of 7)"


def test_the_rest_of_the_action_deck_is_discarded() -> None:
    """OP-3.6: undrawn cards are discarded when every player still in had a turn."""
    log = play([*BEN_STARTS, Draw(player="Ben", card=7), GiveUp(player="Chie"),
                Draw(player="Aki", card=9)])
    kinds = [(e.kind, e.rule) for e in log.effects[-1]]
    assert ("discard", "OP-3.6") in kinds
    assert log.state.account.size("the discard") == 1
    assert log.state.action_phase == 2 and log.state.phase is Phase.PITCH


def test_the_new_start_player_holds_the_smallest_number() -> None:
    """OP-3.7: Aki draws a 1 and starts phase 2."""
    log = play([*BEN_STARTS, Draw(player="Ben", card=7), Draw(player="Chie", card=9),
                Draw(player="Aki", card=1)])
    start = log.effects[-1][-1]
    assert (start.kind, start.rule, start.players) == ("start_player", "OP-3.7", ("Aki",))
    assert log.state.turns == (0, 1, 2)


def test_a_new_start_tie_goes_to_the_farthest_clockwise() -> None:
    """OP-3.7 [ruling]: the previous start player is distance 0, the nearest."""
    log = play([Deal(), Reveal(cards=cards(Aki=6, Ben=4, Chie=7, Dan=8)), Pitch(),
                Draw(player="Ben", card=9), Draw(player="Chie", card=4),
                Draw(player="Dan", card=5), Draw(player="Aki", card=10)], ABCD)
    assert log.state.start_player == 2
    assert "Ben and Chie both show 4" in log.effects[-1][-1].text


def test_a_new_start_tie_counts_from_a_previous_start_player_who_is_out() -> None:
    """OP-3.7 [ruling]: distances from Chie's seat, though Chie gave up: Ben is farthest."""
    log = play([Deal(), Reveal(cards=cards(Aki=7, Ben=9, Chie=3, Dan=8, Emi=10)), Pitch(),
                GiveUp(player="Chie"), Draw(player="Dan", card=5), Draw(player="Emi", card=6),
                Draw(player="Aki", card=5), Draw(player="Ben", card=5)],
               ("Aki", "Ben", "Chie", "Dan", "Emi"))
    assert log.state.start_player == 1
    assert log.state.turns == (1, 3, 4, 0)


def test_a_player_with_no_card_left_ends_the_round_before_a_phase() -> None:
    """OP-3.1 [ruling]: Hana drew nothing in the tie-break and has 4 cards: after 4 phases
    no fifth starts; Aki and Hana split the pot of 8 antes and 6 give-ups."""
    level = cards(Aki=1, Ben=9, Chie=9, Dan=9, Emi=9, Fumi=9, Gen=9, Hana=9)
    events: list[Event] = [*eight_tie(), Reveal(cards=level, draws=dict.fromkeys(EIGHT[:7])),
                           Pitch(), Draw(player="Aki", card=2)]
    events += [GiveUp(player=name) for name in EIGHT[1:7]]
    events.append(Draw(player="Hana", card=3))
    for mine, hers in ((4, 5), (6, 7), (10, 10)):
        events += [Pitch(), Draw(player="Aki", card=mine), Draw(player="Hana", card=hers)]
    log = play(events, EIGHT)
    assert [e.rule for e in log.effects[-1]][-2:] == ["OP-3.1", "OP-4.1"]
    assert transfers(log, "OP-4.1") == [("pot", "Aki", 7), ("pot", "Hana", 7)]
    assert chips(log)["Aki"] == 36 and chips(log)["Ben"] == 28


# -- OP-4 round and game end ---------------------------------------------------------


def five_phases() -> list[Event]:
    """Chie gives up (pays 2); Aki and Ben draw through 5 phases: the pot is 5."""
    return [Deal(), Reveal(cards=cards(Aki=2, Ben=5, Chie=7)), Pitch(),
            Draw(player="Aki", card=3), Draw(player="Ben", card=4), GiveUp(player="Chie"),
            Pitch(), Draw(player="Aki", card=6), Draw(player="Ben", card=7),
            Pitch(), Draw(player="Aki", card=8), Draw(player="Ben", card=1),
            Pitch(), Draw(player="Ben", card=9), Draw(player="Aki", card=10),
            Pitch(), Draw(player="Ben", card=10), Draw(player="Aki", card=5)]


def test_after_five_phases_the_pot_is_split_and_the_rest_stays() -> None:
    """OP-4.1: 5 between two is 2 each; 1 stays in the pot for the next round."""
    log = play(five_phases())
    assert transfers(log, "OP-4.1") == [("pot", "Aki", 2), ("pot", "Ben", 2)]
    assert log.outcome.pot == 1
    assert log.effects[-1][-1].text == ("after 5 action phases, Aki and Ben split the pot "
                                        "(2 each); 1 stays in the pot for the next round")
    log.append(Deal())
    assert log.outcome.pot == 4


def test_the_game_ends_after_the_last_round() -> None:
    """OP-4.2/OP-4.3: rounds=1 ends the game; a later deal is C-6, a check is fine."""
    log = play([*BEN_STARTS, GiveUp(player="Ben"), GiveUp(player="Chie")],
               options=OrcOptions(rounds=1))
    assert log.outcome.complete and log.outcome.winners == ("Aki",)
    assert [e.rule for e in log.effects[-1]][-2:] == ["OP-4.2", "OP-4.3"]
    # 30 less an ante of 1 each (OP-1.1); Ben gives up paying 3, the smallest face up,
    # Chie then 6 (Ben's row is down, OP-3.4); Aki takes the pot of 3 + 3 + 6 (OP-3.5)
    log.append(Check(chips={"Aki": 41, "Ben": 26, "Chie": 23}))
    with pytest.raises(RuleViolation) as caught:
        log.append(Deal())
    assert caught.value.rule == "C-6"
    assert str(caught.value) == ("no deal can come after the end: the game is over: all 1 "
                                 "rounds are played (OP-4.2) (C-6)")


# With 4 chips each (3 after the ante), Chie and Aki give up paying Ben's 3: both have
# exactly 0; Ben takes 3 + 3 + 3.
TO_ZERO: list[Event] = [*BEN_STARTS, Draw(player="Ben", card=7), GiveUp(player="Chie"),
                        GiveUp(player="Aki")]


def test_exactly_zero_is_solvent_and_plays_on() -> None:
    """OP-1.2: paying the last chip in full is no bankruptcy; the game goes on."""
    log = play(TO_ZERO, options=OrcOptions(starting_chips=4))
    assert chips(log) == {"Aki": 0, "Ben": 12, "Chie": 0}
    assert log.state.bankrupt == () and not log.outcome.complete
    assert "bankrupt" not in [e.kind for e in effects(log)]
    log.append(Deal())
    assert log.state.round == 2


def test_a_bankruptcy_at_the_ante_plays_the_round_and_ends_the_game() -> None:
    """OP-1.2 [ruling] and OP-4.2: Aki and Chie cannot pay the second ante, still play,
    and the game is over when the round is."""
    log = play([*TO_ZERO, Deal()], options=OrcOptions(starting_chips=4))
    bankrupt = [e for e in log.effects[-1] if e.kind == "bankrupt"]
    assert [(e.rule, e.players) for e in bankrupt] == [("OP-1.2", ("Aki",)),
                                                       ("OP-1.2", ("Chie",))]
    assert log.outcome.forgiven == 2
    for event in [Reveal(cards=cards(Aki=5, Ben=2, Chie=9)), Pitch(),
                  Draw(player="Ben", card=4), Draw(player="Chie", card=9)]:
        log.append(event)
    assert transfers(log, "OP-3.3")[-1] == ("Chie", "pot", 0)
    assert [e.kind for e in log.effects[-1]] == ["bust"], "bankrupt once per round"
    assert not log.outcome.complete
    log.append(GiveUp(player="Aki"))
    assert log.outcome.complete and log.outcome.winners == ("Ben",)
    assert chips(log) == {"Aki": 0, "Ben": 12, "Chie": 0} and log.outcome.forgiven == 13
    assert log.state.ended_by == "Aki and Chie both went bankrupt in round 2 (OP-4.2)"


def test_a_shortfall_mid_round_is_a_bankruptcy() -> None:
    """OP-1.2/OP-3.3: owing 10 with 7 pays 7, 3 forgiven, and the game ends after the round."""
    log = play([Deal(), Reveal(cards=cards(Aki=9, Ben=3, Chie=10)), Pitch(),
                Draw(player="Ben", card=8), Draw(player="Chie", card=10)],
               options=OrcOptions(starting_chips=8))
    bust = log.effects[-1][0]
    assert str(bust.transfers[0]) == "Chie -> pot: 7 (owed 10, 3 forgiven) [OP-3.3]"
    assert log.effects[-1][1].kind == "bankrupt"
    log.append(Draw(player="Aki", card=2))
    log.append(Pitch())
    log.append(GiveUp(player="Aki"))
    assert log.outcome.complete
    assert chips(log) == {"Aki": 5, "Ben": 19, "Chie": 0} and log.outcome.forgiven == 3


def test_equal_chips_share_the_win() -> None:
    """OP-4.3: most chips wins; equal chips share."""
    log = play([*five_phases()], options=OrcOptions(rounds=1))
    assert chips(log) == {"Aki": 31, "Ben": 31, "Chie": 27}
    assert log.outcome.winners == ("Aki", "Ben")
    assert log.effects[-1][-1].text == ("Aki and Ben share the win with 31 chips each; 1 chip "
                                        "is left in the pot")


def test_position_tells_round_and_phase() -> None:
    """Replay grouping: the start player, then the action phases, then the end."""
    state = RULES.start(ABC, OrcOptions(rounds=1))
    assert RULES.position(state) == "round 1, start player"
    for event in BEN_STARTS:
        state, _ = RULES.apply(state, event)
    assert RULES.position(state) == "round 1, action phase 1"
    for event in [GiveUp(player="Ben"), GiveUp(player="Chie")]:
        state, _ = RULES.apply(state, event)
    assert RULES.position(state) == "after the game"
    assert RULES.expected(state).over
