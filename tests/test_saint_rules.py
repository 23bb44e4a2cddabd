"""Saint Poker rules, event by event (RULES.md SP-1 to SP-3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cardcore.cards import Card, parse_card
from cardcore.effects import BANK, Effect
from cardcore.errors import RuleViolation, SetupError
from cardcore.games.goblin import RULES as GOBLIN
from cardcore.games.saint import RULES, Deal, Phase, River, SaintOptions, SaintState, Show, Take
from cardcore.protocol import Event, Ruling
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import load_transcript

ABCD = ("Ann", "Bea", "Cid", "Dan")
ABC = ("Ann", "Bob", "Cat")


def cards(text: str) -> tuple[Card | None, ...]:
    return tuple(None if word == "?" else parse_card(word) for word in text.split())


def deal(future: str = "", hands: Mapping[str, str] | None = None) -> Deal:
    known = None if hands is None else {name: cards(text) for name, text in hands.items()}
    return Deal(hands=known, future=cards(future))


def river(future: str | None = None, **played: str) -> River:
    return River(cards={name: cards(card)[0] for name, card in played.items()},
                 future=None if future is None else cards(future))


def show(**shown: str) -> Show:
    return Show(cards={name: cards(text) for name, text in shown.items()})


def take(player: str, card: str) -> Take:
    return Take(player=player, card=cards(card)[0])


def play(events: Sequence[Event], players: Sequence[str] = ABCD,
         options: SaintOptions | None = None,
         ages: Mapping[str, int] | None = None) -> tuple[SaintState, list[tuple[Effect, ...]]]:
    state = RULES.start(players, options, ages=ages)
    effects = []
    for event in events:
        state, caused = RULES.apply(state, event)
        effects.append(caused)
    return state, effects


def violation(events: Sequence[Event], players: Sequence[str] = ABCD,
              options: SaintOptions | None = None,
              ages: Mapping[str, int] | None = None) -> RuleViolation:
    *before, last = events
    state, _ = play(before, players, options, ages)
    with pytest.raises(RuleViolation) as caught:
        RULES.apply(state, last)
    return caught.value


def texts(effects: Sequence[Effect], rule: str) -> list[str]:
    return [effect.text for effect in effects if effect.rule == rule]


TWO_ROUNDS = SaintOptions(rounds=2)
EXAMPLE: list[Event] = [
    deal("3H"),
    river("QC", Ann="4H", Bea="5H", Cid="8D", Dan="10S"),
    show(Ann="6D 7C", Bea="6H 7H", Cid="KH 9H", Dan="2S 6C"),
]
"""The seed's example round (river 3H 4H 5H 8D 10S), in a two-round game."""
TIED: list[Event] = [
    deal("8C 8D"),
    river("4H 4C", Ann="2S", Bob="6D", Cat="QH"),
    show(Ann="KC 3H", Bob="KS 3D", Cat="QC 5S"),
]
"""Ann and Bob hold equal hands (pair of eights, K, Q, 6); Cat's two pair is best."""
TRIPLE: list[Event] = [
    deal("9C"),
    river("5D", Ann="9H", Bob="9S", Cat="2D", Dan="7C"),
    show(Ann="3C 4D", Bob="3H 4S", Cat="3S 4C", Dan="AS AH"),
]
"""Ann, Bob and Cat hold equal hands (three nines, 7, 4); Dan's full house is best."""
ABCD2 = ("Ann", "Bob", "Cat", "Dan")


def test_the_rules_example_round() -> None:
    """SP-2.4/SP-2.5: the seed's example: Bea's straight flush wins 1 point from the bank."""
    state, effects = play(EXAMPLE, options=TWO_ROUNDS)
    assert texts(effects[2], "SP-2.4") == [
        "Ann: straight, 8 high", "Bea: straight flush, 7 high",
        "Cid: flush, K, 9, 5, 4, 3", "Dan: straight, 6 high",
    ]
    (score,) = [e for e in effects[2] if e.rule == "SP-2.5"]
    assert score.text == "Bea has the best hand and scores 1 point in round 1"
    (transfer,) = score.transfers
    assert (transfer.payer, transfer.receiver, transfer.amount, transfer.rule) == (
        BANK, "Bea", 1, "SP-2.5")
    assert RULES.outcome(state).scores == {"Ann": 0, "Bea": 1, "Cid": 0, "Dan": 0}
    assert texts(effects[2], "SP-2.6") == [
        "refill order, weakest hand first: Dan, Ann, Cid, Bea; "
        "then a second pass in the same order"
    ]


def test_players_options_and_ages_are_checked_at_the_start() -> None:
    """2-5 unique players; rounds 1-8; wheel true or false; ages only for players, not negative."""
    with pytest.raises(SetupError, match="2 to 5 players"):
        RULES.start(("Ann",), None)
    with pytest.raises(SetupError, match="2 to 5 players"):
        RULES.start(("A", "B", "C", "D", "E", "F"), None)
    with pytest.raises(ValueError, match="'rounds' must be from 1 to 8"):
        SaintOptions(rounds=9)
    with pytest.raises(ValueError, match="'wheel' must be one of"):
        SaintOptions(wheel=1)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="'Zed' has an age but does not sit at this table"):
        RULES.start(ABC, None, ages={"Zed": 30})
    with pytest.raises(SetupError, match="whole number of 0 or more"):
        RULES.start(ABC, None, ages={"Ann": -1})
    with pytest.raises(SetupError, match="SaintOptions"):
        RULES.start(ABC, object())
    state = RULES.start(ABC, None, ages={"Bob": 25})
    assert state.ages == (None, 25, None) and state.options == SaintOptions()


def test_the_future_river_size_depends_on_the_player_count() -> None:
    """SP-1.2: 3 cards with 2 players, 2 with 3, 1 with 4, none with 5; else SP-1.2."""
    for count, size in ((2, 3), (3, 2), (4, 1), (5, 0)):
        players = (*ABCD2, "Eve")
        future = " ".join(["2C", "3C", "4C"][:size])
        state, effects = play([deal(future)], players=players[:count])
        assert state.phase is Phase.RIVER and state.future_size == size
        if not size:
            assert texts(effects[0], "SP-1.2") == ["no future river with 5 players"]
    error = violation([deal("2C 3C")], players=ABCD)
    assert error.rule == "SP-1.2" and error.path == ("future",)
    assert error.message == "the future river has 1 card with 4 players, not 2"


def test_deal_checks_hands_and_face_up_cards() -> None:
    """SP-1.1: 10 cards a hand ('?' allowed: hands are secret); the future river is named (C-3)."""
    hand = "AS KS QS JS 10S 9S 8S 7S 6S ?"
    state, effects = play([deal("2C", hands={"Ann": hand})])
    assert state.account.size("Ann's hand") == 10
    assert texts(effects[0], "SP-1.1") == ["10 cards each to Ann, Bea, Cid and Dan"]
    error = violation([deal("2C", hands={"Ann": "AS KS"})])
    assert (error.rule, error.path) == ("SP-1.1", ("hands", "Ann"))
    assert error.message == ("Ann's hand has 2 cards; each player is dealt 10: write \"?\" for "
                             "each card not known (8 more here), or leave Ann out of \"hands\" "
                             "if none is known")
    error = violation([deal("?")])
    assert (error.rule, error.path) == ("C-3", ("future", 0))
    error = violation([deal("AS", hands={"Ann": hand})])
    assert (error.rule, error.path) == ("C-1", ("future", 0))
    assert "already known to be in Ann's hand" in error.message
    assert violation([deal("2C", hands={"Zed": hand})]).rule == "C-7"


def test_an_event_out_of_order_is_c4_and_says_what_can_come() -> None:
    """C-4: a show before the river, a second deal, a river during the refill."""
    error = violation([deal("2C"), show(Ann="AS KS")])
    assert error.rule == "C-4"
    assert error.message == (
        "a show cannot come now: round 1 starts with a river: every player adds a card "
        "to the river (SP-2.1, SP-2.2)")
    assert violation([deal("2C"), deal("3C")]).rule == "C-4"
    error = violation([*EXAMPLE, river("2D", Ann="AS", Bea="KS", Cid="QS", Dan="JS")],
                      options=TWO_ROUNDS)
    assert error.rule == "C-4" and "Dan takes a card from the pool" in error.message


def test_the_river_moves_the_future_river_to_the_centre() -> None:
    """SP-2.1/SP-2.2: the future river plus one card each is the current river."""
    state, effects = play(EXAMPLE[:2], options=TWO_ROUNDS)
    assert state.phase is Phase.SHOW and state.round == 1
    assert texts(effects[1], "SP-2.1") == [
        "round 1: the future river 3H moves to the centre; the new future river is QC"]
    assert texts(effects[1], "SP-2.2") == ["the river: 3H 4H 5H 8D 10S"]
    assert sorted(map(str, state.account.zone("the river").known_cards())) == sorted(
        ["3H", "4H", "5H", "8D", "10S"])
    assert [str(c) for c in state.account.zone("the future river").known_cards()] == ["QC"]


def test_the_new_future_river_is_required_except_in_the_last_round() -> None:
    """SP-2.1 ruling: missing before the last round is C-3; in the last round it may be
    left out or recorded (then with the right size); 5 players have none."""
    error = violation([deal("3H"), river(Ann="4H", Bea="5H", Cid="8D", Dan="10S")],
                      options=TWO_ROUNDS)
    assert error.rule == "C-3" and error.path == ()
    assert "may be left out only in the last round (SP-2.1)" in error.message
    one = SaintOptions(rounds=1)
    state, effects = play([deal("3H"), river(Ann="4H", Bea="5H", Cid="8D", Dan="10S")],
                          options=one)
    assert "not recorded" in texts(effects[1], "SP-2.1")[0]
    state, effects = play([deal("3H"), river("QC", Ann="4H", Bea="5H", Cid="8D", Dan="10S")],
                          options=one)
    assert "never used" in texts(effects[1], "SP-2.1")[0]
    error = violation([deal("3H"), river("QC JC", Ann="4H", Bea="5H", Cid="8D", Dan="10S")],
                      options=one)
    assert (error.rule, error.path) == ("SP-2.1", ("future",))
    five = ("Ann", "Bea", "Cid", "Dan", "Eve")
    state, _ = play([deal(), river(Ann="4H", Bea="5H", Cid="8D", Dan="10S", Eve="2C")],
                    players=five)
    assert state.phase is Phase.SHOW
    error = violation([deal(), river("QC", Ann="4H", Bea="5H", Cid="8D", Dan="10S", Eve="2C")],
                      players=five)
    assert error.rule == "SP-2.1"


def test_a_recorded_unused_future_river_counts_for_c1() -> None:
    """SP-2.1 ruling: the last round's recorded future cards are in play (C-1)."""
    events = [deal("AH 2C 3D"), river("KS QS JS", Ann="9S", Bob="KC"),
              show(Ann="4S 5H", Bob="KD KS")]
    error = violation(events, players=("Ann", "Bob"), options=SaintOptions(rounds=1))
    assert (error.rule, error.path) == ("C-1", ("cards", "Bob", 1))
    assert "already known to be in the future river" in error.message


def test_every_player_adds_a_named_river_card() -> None:
    """SP-2.2: the river cards are face up: a missing player or '?' is C-3; a stranger C-7."""
    error = violation([deal("3H"), river("QC", Ann="4H", Bea="5H", Cid="8D")],
                      options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-3", ("cards",))
    assert error.message == "Dan must add a card to the river too: every player adds one (SP-2.2)"
    error = violation([deal("3H"), river("QC", Ann="4H", Bea="?", Cid="8D", Dan="10S")],
                      options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-3", ("cards", "Bea"))
    error = violation([deal("3H"), river("QC", Ann="4H", Bea="5H", Cid="8D", Zed="10S")],
                      options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-7", ("cards", "Zed"))
    error = violation([deal("3H"), river("QC", Ann="3H", Bea="5H", Cid="8D", Dan="10S")],
                      options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-1", ("cards", "Ann"))
    assert "already known to be in the river" in error.message


def test_every_player_shows_two_named_cards() -> None:
    """SP-2.3: two cards each, all face up: a wrong count is SP-2.3, '?' or a missing player C-3."""
    base = EXAMPLE[:2]
    error = violation([*base, show(Ann="6D 7C", Bea="6H 7H 2H", Cid="KH 9H", Dan="2S 6C")])
    assert (error.rule, error.path) == ("SP-2.3", ("cards", "Bea"))
    assert str(error) == "Bea shows 3 cards: each player shows two (SP-2.3)"
    error = violation([*base, show(Ann="6D 7C", Bea="6H ?", Cid="KH 9H", Dan="2S 6C")])
    assert (error.rule, error.path) == ("C-3", ("cards", "Bea", 1))
    error = violation([*base, show(Ann="6D 7C", Bea="6H 7H", Cid="KH 9H")])
    assert (error.rule, error.path) == ("C-3", ("cards",))
    assert "Dan must show two cards too" in error.message


def test_a_card_known_in_one_hand_cannot_come_from_another() -> None:
    """C-1: JC taken by Ann is known in Ann's hand; Bob cannot play it from his."""
    events = [deal("2C 9D"), river("KS 4D", Ann="5H", Bob="JC", Cat="7S"),
              show(Ann="AS AD", Bob="JD 3S", Cat="8H 10C"),
              take("Bob", "AS"), take("Ann", "JC"), take("Cat", "10C"),
              take("Bob", "AD"), take("Ann", "JD"), take("Cat", "9D"),
              river("QH 6C", Ann="JD", Bob="JC", Cat="10C")]
    error = violation(events, players=ABC, options=SaintOptions(rounds=3))
    assert (error.rule, error.path) == ("C-1", ("cards", "Bob"))
    assert error.message == ("JC cannot be played from Bob's hand: the standard deck holds one "
                             "JC and it is already known to be in Ann's hand")


def test_a_fully_known_hand_that_lacks_the_card_is_c2() -> None:
    """C-2: a hand known card by card cannot play a card it does not hold."""
    hand = "AS KS QS JS 10S 9S 8S 7S 6S 5S"
    error = violation([deal("2C 3C", hands={"Ann": hand}), river("4C 5C", Ann="AH", Bob="2H",
                                                                 Cat="3H")],
                      players=ABC)
    assert (error.rule, error.path) == ("C-2", ("cards", "Ann"))
    assert "Ann's hand: it is known to hold" in error.message


def test_equal_best_hands_split_the_points_rounded_down() -> None:
    """SP-2.5: round 1 split two ways gives 0 each (a transfer of 0 each, the share a
    player's account shows); round 3 gives 1 each."""
    players = ("Ann", "Bob")
    round_1 = [deal("7S 7H 7D"), river("KS QS JS", Ann="7C", Bob="AS"),
               show(Ann="2D 3D", Bob="KH KD")]
    state, effects = play(round_1, players=players, options=TWO_ROUNDS)
    (score,) = [e for e in effects[2] if e.rule == "SP-2.5"]
    assert score.text == ("Ann and Bob tie for the best hand: they split 1 point of round 1, "
                          "0 each (rounded down)")
    assert [(t.payer, t.receiver, t.amount) for t in score.transfers] == [
        ("bank", "Ann", 0), ("bank", "Bob", 0)]
    assert state.scores == (0, 0)
    events = [deal("2C 9D"), river("KS 4D", Ann="5H", Bob="JC", Cat="7S"),
              show(Ann="AS AD", Bob="JD 3S", Cat="8H 10C"),
              take("Bob", "AS"), take("Ann", "JC"), take("Cat", "10C"),
              take("Bob", "AD"), take("Ann", "JD"), take("Cat", "9D"),
              river("QH 6C", Ann="JC", Bob="2D", Cat="10C"),
              show(Ann="JD 4S", Bob="AS AD", Cat="9D 3H"),
              take("Cat", "KS"), take("Bob", "10C"), take("Ann", "AS"),
              take("Cat", "9D"), take("Bob", "JD"), take("Ann", "4S"),
              river(Ann="AS", Bob="JD", Cat="KS"), show(Ann="10H 2S", Bob="10D 5C", Cat="9D 8C")]
    state, effects = play(events, players=ABC, options=SaintOptions(rounds=3))
    (score,) = [e for e in effects[-1] if e.rule == "SP-2.5"]
    assert [(t.receiver, t.amount) for t in score.transfers] == [("Ann", 1), ("Bob", 1)]
    assert "3 points of round 3, 1 each (rounded down)" in score.text
    assert RULES.outcome(state).scores == {"Ann": 3, "Bob": 1, "Cat": 1}


@pytest.mark.parametrize(("wheel", "winner", "ann"), [
    (True, "Ann", "Ann: straight, 5 high"),
    (False, "Bob", "Ann: high card A, K, 9, 5, 4"),
])
def test_the_wheel_option(wheel: bool, winner: str, ann: str) -> None:
    """SP-2.4: A-2-3-4-5 is a straight (5 high) only with `wheel`; else the ace is high."""
    events = [deal("AH 2C 3D"), river(Ann="9S", Bob="KC"), show(Ann="4S 5H", Bob="KD 7H")]
    state, effects = play(events, players=("Ann", "Bob"),
                          options=SaintOptions(rounds=1, wheel=wheel))
    assert texts(effects[2], "SP-2.4")[0] == ann
    assert RULES.outcome(state).winners == (winner,)


def test_the_refill_goes_weakest_first_then_a_second_pass() -> None:
    """SP-2.6: Dan, Ann, Cid, Bea, twice; a wrong picker is C-5 saying whose pick and why."""
    state, _ = play(EXAMPLE, options=TWO_ROUNDS)
    order = []
    for card in ("6H", "7H", "KH", "3H", "5H", "4H", "9H", "10S"):
        expected = RULES.expected(state)
        assert not expected.choice and expected.kinds == {"take"}
        order.append(expected.players[0])
        state, _ = RULES.apply(state, take(expected.players[0], card))
    assert order == ["Dan", "Ann", "Cid", "Bea"] * 2
    error = violation([*EXAMPLE, take("Bea", "7H")], options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-5", ("player",))
    assert error.message == ("Bea cannot take a card now: it is Dan's pick, since Dan's hand, "
                             "straight, 6 high, is the weakest of those still to pick (SP-2.6)")
    first_pass = [take("Dan", "6H"), take("Ann", "7H"), take("Cid", "KH"), take("Bea", "3H")]
    error = violation([*EXAMPLE, *first_pass, take("Ann", "5H")], options=TWO_ROUNDS)
    assert error.rule == "C-5"
    assert error.message == ("Ann cannot take a card now: it is Dan's pick, since the second "
                             "pass goes in the same order as the first: Dan, Ann, Cid, Bea "
                             "(SP-2.6)")


def test_a_take_must_come_from_the_pool_and_be_named() -> None:
    """SP-2.6: the pool is the river plus the shown cards: else C-2; '?' is C-3; a stranger C-7."""
    error = violation([*EXAMPLE, take("Dan", "QC")], options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-2", ("card",))
    assert "QC cannot be taken from the pool" in error.message
    assert "QC is known to be in the future river" in error.message
    error = violation([*EXAMPLE, take("Dan", "?")], options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-3", ("card",))
    error = violation([*EXAMPLE, take("Zed", "6H")], options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-7", ("player",))


def test_the_five_cards_left_are_discarded() -> None:
    """SP-2.6: after 2 picks each the rest of the pool is discarded, and stays out of play."""
    picks = [take("Dan", "6H"), take("Ann", "7H"), take("Cid", "KH"), take("Bea", "3H"),
             take("Dan", "5H"), take("Ann", "4H"), take("Cid", "9H"), take("Bea", "10S")]
    state, effects = play([*EXAMPLE, *picks], options=TWO_ROUNDS)
    assert texts(effects[-1], "SP-2.6") == [
        "the 5 cards left in the pool are discarded: 2S 6C 6D 7C 8D"]
    assert state.phase is Phase.RIVER and state.account.size("the discard") == 5
    assert [str(c) for c in state.account.zone("Dan's hand").known_cards()] == ["6H", "5H"]
    error = violation([*EXAMPLE, *picks, river(Ann="7H", Bea="10S", Cid="KH", Dan="6C")],
                      options=TWO_ROUNDS)
    assert error.rule == "C-1" and "the discard" in error.message


def test_the_discard_is_the_same_whichever_card_of_a_show_is_written_first() -> None:
    """SP-2.3: a player shows two cards, a set; written high card first or low card
    first, it is the same show, and the discard it leads to is the same effect
    (listed in card order), so that two records of one game do not differ there."""
    picks = [take("Dan", "6H"), take("Ann", "7H"), take("Cid", "KH"), take("Bea", "3H"),
             take("Dan", "5H"), take("Ann", "4H"), take("Cid", "9H"), take("Bea", "10S")]
    _, effects = play([*EXAMPLE, *picks], options=TWO_ROUNDS)
    swapped = [*EXAMPLE[:2], show(Ann="7C 6D", Bea="7H 6H", Cid="9H KH", Dan="6C 2S")]
    _, again = play([*swapped, *picks], options=TWO_ROUNDS)
    assert again[-1] == effects[-1]


def test_equal_hands_refill_the_younger_first() -> None:
    """SP-2.6: Bob (25) and Ann (40) hold equal hands: Bob picks before Ann, both passes."""
    state, effects = play(TIED, players=ABC, options=TWO_ROUNDS,
                          ages={"Ann": 40, "Bob": 25, "Cat": 33})
    assert texts(effects[2], "SP-2.6") == [
        "refill order, weakest hand first: Bob then Ann (equal hands: the younger first), Cat; "
        "then a second pass in the same order"]
    expected = RULES.expected(state)
    assert expected.players == ("Bob",) and not expected.choice
    assert "Ann and Bob have equal hands, pair of eights" in expected.text
    assert "Bob is the youngest of them" in expected.text
    error = violation([*TIED, take("Ann", "KC")], players=ABC, options=TWO_ROUNDS,
                      ages={"Ann": 40, "Bob": 25})
    assert error.rule == "C-5" and "it is Bob's pick" in error.message


def test_equal_hands_without_ages_are_a_table_choice_fixed_by_the_first_take() -> None:
    """SP-2.6 ruling: no ages (or equal ones): the first take among them fixes both passes."""
    for ages in (None, {"Ann": 30, "Bob": 30}, {"Ann": 30}):
        state, effects = play(TIED, players=ABC, options=TWO_ROUNDS, ages=ages)
        expected = RULES.expected(state)
        assert expected.choice and expected.players == ("Ann", "Bob")
        assert expected.kinds == {"take", "ruling"}
        assert "in an order the table chooses" in texts(effects[2], "SP-2.6")[0]
    state, _ = play(TIED, players=ABC, options=TWO_ROUNDS)
    state, effects_ = RULES.apply(state, take("Ann", "KC"))
    assert [(e.kind, e.rule) for e in effects_] == [("choice", "SP-2.6")]
    assert effects_[0].text == ("the table chooses Ann to pick first among Ann and Bob "
                                "(equal hands, pair of eights, kickers K, Q, 6)")
    pickers = []
    for card in ("KS", "QH", "8D", "8C", "QC"):
        pickers.append(RULES.expected(state).players)
        state, _ = RULES.apply(state, take(RULES.expected(state).players[0], card))
    assert pickers == [("Bob",), ("Cat",), ("Ann",), ("Bob",), ("Cat",)]
    error = violation([*TIED, take("Cat", "QH")], players=ABC, options=TWO_ROUNDS)
    assert error.rule == "C-5"
    assert error.message == (
        "Cat cannot take a card now: the next pick is a table choice among Ann and Bob, since "
        "Ann and Bob have equal hands (pair of eights, kickers K, Q, 6) and their ages do not "
        "decide who picks first (SP-2.6)")


def test_a_ruling_settles_the_table_choice_and_is_c8_elsewhere() -> None:
    """RULES.md "Table choices": a ruling names the next picker; none due or not admissible: C-8."""
    state, _ = play([*TIED, Ruling(player="Bob")], players=ABC, options=TWO_ROUNDS)
    assert RULES.expected(state).players == ("Bob",) and not RULES.expected(state).choice
    error = violation([*TIED, Ruling(player="Bob"), Ruling(player="Bob")], players=ABC,
                      options=TWO_ROUNDS)
    assert (error.rule, error.path) == ("C-8", ("player",))
    assert error.message.startswith("no table choice is due here, so a ruling is not needed")
    assert violation([*EXAMPLE, Ruling(player="Dan")], options=TWO_ROUNDS).rule == "C-8"
    assert violation([deal("3H"), Ruling(player="Dan")]).rule == "C-8"
    error = violation([*TIED, Ruling(player="Cat")], players=ABC, options=TWO_ROUNDS)
    assert error.rule == "C-8" and "table choice among Ann and Bob" in error.message
    error = violation([*TIED, Ruling(player="Zed")], players=ABC, options=TWO_ROUNDS)
    assert [v.rule for v in error.problems] == ["C-8", "C-7"]


def test_a_missing_age_makes_the_whole_order_a_table_choice() -> None:
    """SP-2.6 [ruling]: Bob's age is not given, so the order of the three equal hands is
    the table's, although Cat (20) is known to be younger than Ann (30)."""
    ages = {"Ann": 30, "Cat": 20}
    state, _ = play(TRIPLE, players=ABCD2, options=TWO_ROUNDS, ages=ages)
    expected = RULES.expected(state)
    assert expected.choice and expected.players == ("Ann", "Bob", "Cat")
    state, _ = play([*TRIPLE, take("Ann", "9C")], players=ABCD2, options=TWO_ROUNDS, ages=ages)
    assert state.order == (0,) and RULES.expected(state).players == ("Bob", "Cat")
    state, _ = play([*TRIPLE, Ruling(player="Bob"), take("Bob", "9C")], players=ABCD2,
                    options=TWO_ROUNDS, ages=ages)
    assert state.order == (1,) and RULES.expected(state).players == ("Ann", "Cat")


def test_equal_ages_are_a_table_choice_among_the_youngest() -> None:
    """SP-2.6: all ages given; Bob and Cat (20) are equal and youngest: a choice between
    them; Ann (30) picks after both, and naming her is C-8 (a ruling) or C-5 (a take)."""
    ages = {"Ann": 30, "Bob": 20, "Cat": 20}
    state, effects = play(TRIPLE, players=ABCD2, options=TWO_ROUNDS, ages=ages)
    expected = RULES.expected(state)
    assert expected.choice and expected.players == ("Bob", "Cat")
    assert "the younger first, equal ages as the table chooses" in texts(effects[2], "SP-2.6")[0]
    error = violation([*TRIPLE, Ruling(player="Ann")], players=ABCD2, options=TWO_ROUNDS,
                      ages=ages)
    assert error.rule == "C-8"
    assert error.message.startswith(
        "Ann cannot be chosen to pick next: Bob and Cat, younger than Ann and with an equal "
        "hand, pick before Ann; the next pick is a table choice among Bob and Cat")
    error = violation([*TRIPLE, take("Ann", "9C")], players=ABCD2, options=TWO_ROUNDS,
                      ages=ages)
    assert error.rule == "C-5" and "Bob and Cat, younger than Ann" in error.message
    state, _ = play([*TRIPLE, take("Cat", "9C")], players=ABCD2, options=TWO_ROUNDS, ages=ages)
    assert state.order == (2, 1, 0, 3)


def test_the_last_round_ends_the_game_without_refill() -> None:
    """SP-2.7/SP-3.1: after the last show the game is over and the highest total wins;
    any event but a check after it is C-6."""
    one = SaintOptions(rounds=1)
    last_round = [EXAMPLE[0], river(Ann="4H", Bea="5H", Cid="8D", Dan="10S"), EXAMPLE[2]]
    state, effects = play(last_round, options=one)
    assert state.phase is Phase.OVER
    assert texts(effects[-1], "SP-2.7") == ["round 1 was the last: no refill, the game is over"]
    assert texts(effects[-1], "SP-3.1") == ["Bea wins with 1 point"]
    outcome = RULES.outcome(state)
    assert outcome.complete and outcome.winners == ("Bea",)
    assert RULES.expected(state).over
    for event in (take("Dan", "6H"), river(Ann="AS"), Ruling(player="Dan")):
        with pytest.raises(RuleViolation) as caught:
            RULES.apply(state, event)
        assert caught.value.rule == "C-6" and caught.value.path == ()
    assert caught.value.message == (
        "no ruling can come after the end: the game is over: round 1 was the last and has no refill (SP-2.7)")


def test_equal_totals_share_the_win() -> None:
    """SP-3.1: 1 point each after two board-played rounds: both win."""
    events = [deal("7S 7H 7D"), river("KS QS JS", Ann="7C", Bob="AS"),
              show(Ann="2D 3D", Bob="KH KD"), take("Bob", "AS"), take("Ann", "KH"),
              take("Bob", "KD"), take("Ann", "2D"), river("2C 3C 4C", Ann="10S", Bob="AS"),
              show(Ann="KH 2D", Bob="KD 9S")]
    state, effects = play(events, players=("Ann", "Bob"), options=TWO_ROUNDS)
    assert RULES.outcome(state).winners == ("Ann", "Bob")
    assert texts(effects[-1], "SP-3.1") == ["Ann and Bob share the win with 1 point each"]
    assert texts(effects[-1], "SP-2.4") == ["Ann: straight flush, A high",
                                            "Bob: straight flush, A high"]


def test_positions_and_an_unfinished_game() -> None:
    """Where the game stands, for grouping a replay; no winners before the end."""
    state = RULES.start(ABCD, TWO_ROUNDS)
    assert RULES.position(state) == "setup"
    positions = []
    for event in EXAMPLE:
        state, _ = RULES.apply(state, event)
        positions.append(RULES.position(state))
    assert positions == ["round 1", "round 1", "round 1, refill"]
    outcome = RULES.outcome(state)
    assert not outcome.complete and outcome.winners is None


def test_the_runner_gives_the_transcript_ages_to_the_engine() -> None:
    """TRANSCRIPT.md `ages` reach Saint Poker through the one Setup every game starts
    from (SP-2.6)."""
    assert RULES.start(ABC, None, ages={"Bob": 25}).ages == (None, 25, None)
    assert GOBLIN.start(ABC, None, ages={"Bob": 25}).players == ABC
    events: list[dict[str, Any]] = [
        {"type": "deal", "future": ["8C", "8D"]},
        {"type": "river", "cards": {"Ann": "2S", "Bob": "6D", "Cat": "QH"}, "future": ["4H", "4C"]},
        {"type": "show", "cards": {"Ann": ["KC", "3H"], "Bob": ["KS", "3D"], "Cat": ["QC", "5S"]}},
        {"type": "take", "player": "Ann", "card": "KC"},
    ]
    data: dict[str, Any] = {"format": "cardcore-transcript/1", "game": "saint-poker",
                            "options": {"rounds": 2}, "players": list(ABC), "events": events}
    assert replay_transcript(load_transcript(data)).problems == ()
    report = replay_transcript(load_transcript({**data, "ages": {"Ann": 40, "Bob": 25}}))
    (problem,) = report.problems
    assert (problem.pointer, problem.rule) == ("/events/3/player", "C-5")
    assert "it is Bob's pick" in problem.message
