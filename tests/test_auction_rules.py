"""Auction rules, event by event (RULES.md AU-1 to AU-7)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from logs import play_log, refusal

from cardcore.cards import Card, parse_card
from cardcore.errors import RuleViolation, SetupError
from cardcore.evolve import evolve
from cardcore.gamelog import GameLog
from cardcore.games.auction import (
    RULES,
    AuctionOptions,
    AuctionState,
    BidEvent,
    Deal,
    Declare,
    Flip,
    Phase,
    Show,
    Win,
)
from cardcore.games.auction.state import STOCK, hand
from cardcore.protocol import Event
from cardcore.registry import GAMES

AB = ("Aki", "Ben")
ABCD = ("Aki", "Ben", "Chie", "Dan")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(card) for card in text.split())


def card(text: str) -> Card:
    return parse_card(text)


AKI = cards("AS AH KS KH 5C 5D 9S 8S 7S 6S")
BEN = cards("QS QH QD 2C 3C 4C JC 10C JK 7D")
SUITED = cards(" ".join(f"{rank}{suit}" for suit in "CDHS"
                        for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]))


def deal(starter: str = "3D", aki: Sequence[Card] = AKI, ben: Sequence[Card] = BEN) -> Deal:
    return Deal(hands={"Aki": tuple(aki), "Ben": tuple(ben)}, starter=card(starter))


def blind(starter: str = "3D") -> Deal:
    """A deal whose hands the record does not know: every bid is taken on trust
    (AU-7.5), so a test of the order of bids needs no hands that back them."""
    return Deal(starter=card(starter))


def bid(player: str, kind: str, rank: str | None = None, ranks: Sequence[str] | None = None,
        suit: str | None = None) -> BidEvent:
    return BidEvent(player=player, kind=kind, rank=rank,
                    ranks=None if ranks is None else tuple(ranks), suit=suit)


def win(player: str, text: str, from_stock: str | None = None) -> Win:
    return Win(player=player, cards=cards(text),
               from_stock=None if from_stock is None else cards(from_stock))


def play(events: Sequence[Event], players: Sequence[str] = AB,
         options: AuctionOptions | None = None) -> GameLog[AuctionState]:
    return play_log(RULES, events, players, options)


def violation(events: Sequence[Event], players: Sequence[str] = AB,
              options: AuctionOptions | None = None) -> RuleViolation:
    return refusal(RULES, events, players, options)


def rules_of(effects: Sequence[object]) -> list[str]:
    return [effect.rule for effect in effects]  # type: ignore[attr-defined]


def grow(log: GameLog[AuctionState], auctions: int) -> None:
    """Play ``auctions`` auctions that Aki wins with a single card each, turning
    suited stock cards: the pile grows by one card each time."""
    for _ in range(auctions):
        seen = log.state.account.known_totals
        top = log.state.pile[-1]
        held = sorted(log.state.account.zone(hand("Aki")).known_cards())
        lay = next(c for c in held if c != top and not c.is_joker)
        log.append(Win(player="Aki", cards=(lay,), from_stock=()))
        log.append(Flip(card=next(c for c in SUITED if not seen.get(c))))


# -- setup and the deal ----------------------------------------------------------------


def test_players_and_options_are_checked_at_the_start() -> None:
    """AU-7.1: 2 to 8 players; the options keep their ranges."""
    with pytest.raises(SetupError, match="2 to 8 players"):
        RULES.start(["Aki"], None)
    with pytest.raises(SetupError, match="2 to 8 players"):
        RULES.start([f"P{i}" for i in range(9)], None)
    with pytest.raises(ValueError, match="'split' must be one of"):
        AuctionOptions(split="half")
    with pytest.raises(ValueError, match="'target'"):
        AuctionOptions(target=0)


def test_the_deal_starts_the_pile_with_the_turned_card() -> None:
    """AU-1: 10 cards each, the starter face up: the pile; then any auction may start."""
    log = play([deal()])
    assert log.state.pile == (card("3D"),) and log.state.stock == 54 - 21
    assert log.expected.kinds == {"bid", "win", "declare"}
    assert RULES.position(log.state) == "hand 1, auction 1"


def test_a_joker_as_starter_does_not_end_the_hand() -> None:
    """AU-1.2 ruling: the hand goes on to its first auction."""
    log = play([Deal(starter=card("JK"))])
    assert log.state.phase is Phase.AUCTION


def test_the_starter_is_face_up() -> None:
    """C-3: the starter cannot be '?'."""
    error = violation([Deal(starter=None)])
    assert error.rule == "C-3" and error.path == ("starter",)


def test_a_dealt_hand_has_ten_cards() -> None:
    """AU-1.1: a known hand of another size is refused at that hand."""
    error = violation([deal(aki=AKI[:9])])
    assert error.rule == "AU-1.1" and error.path == ("hands", "Aki")


def test_four_players_play_with_two_decks() -> None:
    """Two decks from 4 players: two copies of a card may be dealt, never three (C-1)."""
    two = {"Aki": cards("QH QH 2C 3C 4C 5C 6C 7C 8C 9C")}
    assert play([Deal(hands=two, starter=card("QS"))], ABCD).state.stock == 108 - 41
    three = {"Aki": cards("QH QH 2C 3C 4C 5C 6C 7C 8C 9C"), "Ben": cards("QH 2D 3D 4D 5D 6D "
                                                                         "7D 8D 9D 10D")}
    error = violation([Deal(hands=three, starter=card("QS"))], ABCD)
    assert error.rule == "C-1" and error.path == ("hands", "Ben", 0)


# -- bids -----------------------------------------------------------------------------


def test_anyone_may_bid_at_any_time_but_must_beat_the_standing_bid() -> None:
    """AU-2.1: no turn order; a lower bid, or a kind weaker than two pair's three, fails."""
    log = play([blind(), bid("Ben", "single", "Q"), bid("Ben", "single", "K"),
                bid("Aki", "pair", "5"), bid("Aki", "two_pair", ranks=["A", "K"])])
    assert log.state.bidder == 0
    error = violation([blind(), bid("Ben", "three", "Q"), bid("Aki", "two_pair",
                                                             ranks=["A", "K"])])
    assert error.rule == "AU-2.1"
    assert error.message == ("Aki's two pair, aces and kings, does not beat the standing bid, "
                             "Ben's three of a kind, queens")


def test_an_equal_bid_needs_priority() -> None:
    """AU-2.9: Ben's equal pair of fives fails; Aki, who bid queens first, beats
    Ben's equal QD with her own."""
    events = [blind(), bid("Aki", "pair", "5"), bid("Ben", "pair", "5")]
    error = violation(events)
    assert error.rule == "AU-2.9" and "only from Aki" in error.message
    log = play([blind(), bid("Aki", "single", "Q"), bid("Ben", "single", "Q", suit="D")])
    effects = log.append(bid("Aki", "single", "Q", suit="D"))
    assert rules_of(effects) == ["AU-2.9"] and log.state.bidder == 0


def test_priority_for_a_straight_goes_to_whoever_first_bid_the_kind() -> None:
    """AU-2.9: the first to say "straight" beats an equal ranked straight later."""
    log = play([blind(), bid("Aki", "straight"), bid("Ben", "straight", ranks=["9"])])
    effects = log.append(bid("Aki", "straight", ranks=["9"]))
    assert rules_of(effects) == ["AU-2.9"] and log.state.bidder == 0
    assert violation([blind(), bid("Aki", "straight"), bid("Ben", "straight", ranks=["9"]),
                      bid("Aki", "straight", ranks=["9"]),
                      bid("Ben", "straight", ranks=["9"])]).rule == "AU-2.9"


def test_priority_on_identical_single_cards_in_the_double_deck() -> None:
    """AU-2.9 with two decks: both Aki and Ben hold a QH; Aki bid queens first, so
    her equal QH beats Ben's, and she wins with her own copy."""
    hands = {"Aki": cards("QH 2C 3C 4C 5C 6C 7C 8C 9C 10C"),
             "Ben": cards("QH 2D 3D 4D 5D 6D 7D 8D 9D 10D")}
    log = play([Deal(hands=hands, starter=card("AS")), bid("Aki", "single", "Q"),
                bid("Ben", "single", "Q", suit="H"), bid("Aki", "single", "Q", suit="H")],
               ABCD)
    assert log.state.bidder == 0
    with pytest.raises(RuleViolation, match=r"AU-2\.9"):
        log.append(bid("Ben", "single", "Q", suit="H"))
    log.append(win("Aki", "QH"))
    assert log.state.pile == (card("QH"),)


def test_a_suit_only_over_a_single_of_the_same_rank() -> None:
    """AU-7.2: the first single names the rank alone; a suit over another rank is AU-2.7."""
    assert violation([deal(), bid("Aki", "single", "K", suit="S")]).rule == "AU-2.7"
    error = violation([deal(), bid("Ben", "single", "Q"), bid("Aki", "single", "K", suit="S")])
    assert error.rule == "AU-2.7" and error.path == ("suit",)
    log = play([blind(), bid("Ben", "single", "Q"), bid("Aki", "single", "Q", suit="C")])
    assert log.state.standing is not None and log.state.standing.suit == "C"


def test_a_partial_signature_and_a_joker_in_a_straight_are_refused() -> None:
    """AU-7.4 (cites AU-2.7) and AU-2.5, pointing at the field."""
    error = violation([deal(), bid("Aki", "flush", ranks=["9", "8", "7"])])
    assert error.rule == "AU-2.7" and error.path == ("ranks",)
    error = violation([deal(), bid("Aki", "straight", ranks=["JK"])])
    assert error.rule == "AU-2.5"


# -- the win ------------------------------------------------------------------------------


def test_the_win_is_the_standing_bidders() -> None:
    """C-5: with a recorded bid, only its bidder wins the auction."""
    error = violation([deal(), bid("Ben", "single", "Q"), win("Aki", "AS")])
    assert error.rule == "C-5" and error.path == ("player",)
    assert "the win is Ben's" in error.message


def test_a_win_without_recorded_bids_may_be_anyones() -> None:
    """TRANSCRIPT.md: recording bids is optional; the cards alone must form a bid."""
    log = play([deal(), win("Ben", "QS QH QD")])
    assert log.state.phase is Phase.FLIP
    assert "Ben wins auction 1 with three of a kind, queens" in log.effects[-1][0].text


@pytest.mark.parametrize(("standing", "laid", "rule"), [
    (bid("Aki", "pair", "K"), "KS", "AU-2.2"),
    (bid("Aki", "pair", "K"), "KS KH 5C", "AU-2.3"),
    (bid("Aki", "pair", "K"), "KS AS", "AU-2.2"),
    (bid("Aki", "pair", "K"), "AS AH", "AU-2.7"),
    (bid("Aki", "straight", ranks=["9"]), "9S 8S 7S 6S 5C", None),
    (bid("Aki", "straight", ranks=["10"]), "9S 8S 7S 6S 5C", "AU-2.7"),
])
def test_the_cards_of_a_win_must_form_the_standing_bid(standing: BidEvent, laid: str,
                                                      rule: str | None) -> None:
    """AU-7.5: each fault of the whole bid cites its rule at /cards."""
    events = [blind(), standing, win("Aki", laid)]
    if rule is None:
        assert play(events).state.phase is Phase.FLIP
        return
    error = violation(events)
    assert error.rule == rule and error.path == ("cards",)


def test_a_bid_whose_name_holds_a_comma_is_set_off_by_a_second_one() -> None:
    """AU-2.9, AU-2.1: "Ben's straight, 9 high only equals the standing bid" read
    as if "9 high only" went together; a bid's name that holds a comma is set off
    by another before the sentence goes on. A name without one is not."""
    error = violation([blind(), bid("Aki", "straight", "9"), bid("Ben", "straight", "9")])
    assert error.rule == "AU-2.9"
    assert error.message.startswith("Ben's straight, 9 high, only equals the standing bid: ")
    error = violation([blind(), bid("Aki", "pair", "5"), bid("Ben", "pair", "5")])
    assert error.message.startswith("Ben's pair of fives only equals the standing bid: ")
    error = violation([blind(), bid("Aki", "pair", "5"), bid("Ben", "pair", "4")])
    assert error.message.startswith("Ben's pair of fours does not beat the standing bid, ")


def test_jokers_win_only_as_a_group_of_jokers() -> None:
    """AU-2.5: Ben's joker with a queen is no pair."""
    error = violation([deal(), win("Ben", "JK QS")])
    assert error.rule == "AU-2.5" and error.path == ("cards",)


def test_a_pair_of_jokers_does_not_win_a_pair_of_kings() -> None:
    """AU-2.5, AU-7.5: jokers are not wild, so two jokers are a pair of jokers, which
    does not match the standing bid's rank (AU-2.7); they do win a pair of jokers."""
    aki = cards("AS AH QC KH 5C 5D 9S 8S 7S 6S")
    ben = cards("QS QH KS KD 2C 3C 4C JC JK JK")
    error = violation([deal(aki=aki, ben=ben), bid("Ben", "pair", "K"), win("Ben", "JK JK")])
    assert error.rule == "AU-2.7" and error.path == ("cards",)
    assert error.message == "JK, JK make pair of jokers, not the standing bid, pair of kings"
    log = play([deal(aki=aki, ben=ben), bid("Ben", "pair", "JK"), win("Ben", "JK JK")])
    assert log.state.phase is Phase.FLIP


def test_two_identical_cards_are_not_one_bid() -> None:
    """AU-2.6 (two decks): Aki's two QH are not a pair of queens. With her hand
    known, the bid is already one it cannot form (AU-2.2, AU-7.5), and the
    message says why a hand listing QH twice does not hold it (citing only its
    own rule); with it unknown, the win's cards break AU-2.6, not a
    card-accounting rule."""
    hands = {"Aki": cards("QH QH 3C 4C 5C 6C 7C 8C 9C 10C")}
    error = violation([Deal(hands=hands, starter=card("AS")), bid("Aki", "pair", "Q")], ABCD)
    assert error.rule == "AU-2.2" and error.path == ()
    assert error.message.endswith("(QH, QH, 10C, 9C, 8C, 7C, 6C, 5C, 4C, 3C); two identical "
                                  "cards count as one in a bid")
    error = violation([Deal(starter=card("AS")), bid("Aki", "pair", "Q"),
                       win("Aki", "QH QH")], ABCD)
    assert error.rule == "AU-2.6" and error.path == ("cards",)
    assert error.message == "QH twice: two identical cards may not both be used in one bid"


def test_a_card_the_hand_cannot_hold_is_c2_at_its_index() -> None:
    """C-2: Aki lays Ben's QS."""
    error = violation([deal(), win("Aki", "QS")])
    assert error.rule == "C-2" and error.path == ("cards", 0)


def test_a_card_just_taken_from_the_pile_cannot_be_bid_back() -> None:
    """AU-3.2: Aki takes the 3D she would lay; she holds no other 3D."""
    error = violation([deal(), win("Aki", "3D")])
    assert error.rule == "AU-3.2" and error.path == ("cards", 0)
    hidden = violation([Deal(starter=card("3D")), win("Aki", "3D")])
    assert hidden.rule == "AU-3.2"


def test_an_identical_copy_already_held_can_be_bid() -> None:
    """AU-3.2, counted by copies: with two decks Aki lays her own 3D and takes the pile's."""
    hands = {"Aki": cards("3D 2C 3C 4C 5C 6C 7C 8C 9C 10C")}
    log = play([Deal(hands=hands, starter=card("3D")), win("Aki", "3D")], ABCD)
    assert log.state.pile == (card("3D"),)
    assert log.state.account.zone(hand("Aki")).known.get(card("3D")) == 1
    assert log.state.account.size(hand("Aki")) == 10


def test_the_winner_takes_from_the_top_of_the_pile() -> None:
    """AU-3.1, AU-3.2: the pile's top cards go to the hand; the bid is laid in order."""
    log = play([deal()])
    grow(log, 2)
    pile = log.state.pile
    log.append(win("Aki", "AS AH"))
    assert log.state.pile == (*pile[:-2], card("AS"), card("AH"))
    held = log.state.account.zone(hand("Aki")).known
    assert all(held.get(c) for c in pile[-2:])


def test_a_short_pile_is_made_up_from_the_stock_unseen() -> None:
    """AU-3.1: a pair on a pile of one: one card from the pile, one from the stock;
    ``from_stock`` names it when known, and must have the shortfall's length."""
    log = play([deal(), win("Aki", "AS AH", from_stock="2D")])
    held = log.state.account.zone(hand("Aki"))
    assert held.known.get(card("2D")) == 1 and held.size == 10
    assert log.state.stock == 54 - 21 - 1
    assert "and 1 card from the stock, unseen" in log.effects[-1][1].text
    unknown = play([deal(), win("Aki", "AS AH")])
    assert unknown.state.account.zone(hand("Aki")).unknown == 1
    error = violation([deal(), win("Aki", "AS AH", from_stock="2D 4D")])
    assert error.rule == "AU-3.1" and error.path == ("from_stock",)


def test_nothing_comes_between_a_win_and_its_flip() -> None:
    """C-4: a declaration or a bid after a win waits for the turned card; it is face up (C-3)."""
    assert violation([deal(), win("Aki", "AS"), Declare(player="Aki")]).rule == "C-4"
    assert violation([deal(), win("Aki", "AS"), bid("Ben", "single", "2")]).rule == "C-4"
    error = violation([deal(), win("Aki", "AS"), Flip(card=None)])
    assert error.rule == "C-3" and error.path == ("card",)


# -- the end of a hand --------------------------------------------------------------------


def test_a_turned_joker_ends_the_hand() -> None:
    """AU-4.1: the next event is the show."""
    log = play([deal(), win("Aki", "AS"), Flip(card=card("JK"))])
    assert log.expected.kinds == {"show"}
    assert "AU-4.1" in rules_of(log.effects[-1])


def test_the_last_stock_card_leaves_one_more_auction_without_a_flip() -> None:
    """AU-4.2: after the last stock card is turned, one auction is played, then the show."""
    log = play([deal(aki=cards("AS AH KS KH 5C 5D 9S 8S 7S JK"),
                     ben=cards("QS QH QD 2C 3C 4C JC 10C JK 7D"))])
    grow(log, 33)
    assert log.state.stock == 0 and log.state.last
    assert "AU-4.2" in rules_of(log.effects[-1])
    log.append(bid("Ben", "single", "Q"))
    effects = log.append(win("Ben", "QS"))
    assert log.expected.kinds == {"show"} and "AU-4.2" in rules_of(effects)


def test_no_card_comes_from_the_stock_in_the_last_auction() -> None:
    """AU-4.2, AU-7.5 (revised): in the last auction a short pile is not made up,
    so cards recorded ``from_stock`` cite AU-4.2, not AU-3.1; none recorded is fine."""
    log = play([deal(aki=cards("AS AH KS KH 5C 5D 9S 8S 7S JK"),
                     ben=cards("QS QH QD 2C 3C 4C JC 10C JK 7D"))])
    grow(log, 33)
    assert log.state.last
    with pytest.raises(RuleViolation) as caught:
        log.append(win("Ben", "QS", from_stock="2D"))
    assert caught.value.rule == "AU-4.2" and caught.value.path == ("from_stock",)
    assert "AU-3.1" not in caught.value.message
    log.append(win("Ben", "QS", from_stock=""))
    assert log.expected.kinds == {"show"}


def test_a_stock_emptied_by_a_short_pile_turns_no_card() -> None:
    """AU-7.6: the stock makes up what it can and the hand ends after the auction.

    A pile never shrinks, so with 10-card hands only a stock set aside by hand
    gets this short; the state is built so."""
    log = play([deal()])
    state = log.state
    state = evolve(state, account=state.account.deal(STOCK, "set aside", state.stock - 1))
    after, effects = RULES.apply(state, win("Aki", "AS AH KS KH"))
    assert after.phase is Phase.SHOW and after.stock == 0
    assert after.account.size(hand("Aki")) == 8
    assert [e.rule for e in effects if e.kind in ("short", "hand_end")] == ["AU-7.6", "AU-7.6"]


@pytest.mark.parametrize(("stock", "drawn", "texts", "phase"), [
    (3, 2, ["Ben takes 3D from the top of the starter pile and 2 cards from the stock, unseen"],
     Phase.FLIP),
    (1, 1, ["Ben takes 3D from the top of the starter pile and 1 card from the stock, unseen",
            "the stock is empty: 1 card of the pile cannot be made up"], Phase.SHOW),
])
def test_the_take_counts_the_stock_before_the_draw(stock: int, drawn: int, texts: list[str],
                                                   phase: Phase) -> None:
    """AU-3.1, AU-7.6: three queens on a pile of one are short by 2. A stock of 3
    makes up both (1 card is left to turn); a stock of 1 makes up one, only the
    other cannot be made up, and the hand ends. The words count the stock before
    the draw, not what the draw left of it.

    A pile never shrinks, so with 10-card hands only a stock set aside by hand
    gets this short; the state is built so."""
    rules = GAMES["auction"]
    state, _ = rules.apply(rules.start(AB), deal())
    state = evolve(state, account=state.account.deal(STOCK, "set aside", state.stock - stock))
    after, effects = rules.apply(state, win("Ben", "QS QH QD"))
    assert [e.text for e in effects if e.kind in ("take", "short")] == texts
    assert after.phase is phase and after.stock == stock - drawn
    assert after.account.size(hand("Ben")) == 10 - 3 + 1 + drawn


def test_a_declaration_needs_eight_cards_on_the_pile() -> None:
    """AU-4.3: refused on a short pile, allowed at 8, also in the middle of bidding."""
    error = violation([deal(), Declare(player="Ben")])
    assert error.rule == "AU-4.3" and "holds 1 card" in error.message
    log = play([deal()])
    grow(log, 7)
    assert len(log.state.pile) == 8
    log.append(bid("Ben", "single", "Q"))
    log.append(Declare(player="Ben"))
    assert log.expected.kinds == {"show"} and log.state.declarer == 1


# -- scoring ------------------------------------------------------------------------------

TIE = [Deal(hands={"Aki": cards("AD AS KS QS JS 9H 2C 3C 4C 5H"),
                   "Ben": cards("AH KH QH JH 9D 2D 3D 4D 6H 8S")}, starter=card("7C")),
       win("Aki", "AD"), Flip(card=card("JK"))]
"""A hand whose pile is AD and a joker (15 points), then equal best hands."""
TIED_SHOW = Show(cards={"Aki": cards("AS KS QS JS 9H"), "Ben": cards("AH KH QH JH 9D")})


def test_the_best_hand_scores_the_pile() -> None:
    """AU-5.1, AU-5.2, AU-5.3: the shared example: Aki's aces beat Ben's kings (the
    order of hands, AU-5.2) and take the pile's 10 points (AU-5.3)."""
    log = play([Deal(starter=card("7C")), bid("Ben", "single", "Q"), bid("Aki", "single", "K"),
                win("Aki", "KS"), Flip(card=card("JK")),
                Show(cards={"Aki": cards("AS AH 7C 3D 4S 8D 10C 2H 6S JD"),
                            "Ben": cards("KH KD QS JS 9C 2D 5H 4C 7D 8C")})])
    assert log.outcome.scores == {"Aki": 10, "Ben": 0}
    assert rules_of(log.effects[-1]) == ["AU-5.1", "AU-5.1", "AU-5.3", "AU-5.2"]
    assert [t.rule for t in log.effects[-1][-1].transfers] == ["AU-5.3"]
    assert log.expected.kinds == {"deal"} and log.outcome.winners is None


def test_equal_best_hands_split_rounded_down() -> None:
    """AU-5.3, split floor: 15 points shared by two: 7 each, 1 lost."""
    log = play([*TIE, TIED_SHOW])
    assert log.outcome.scores == {"Aki": 7, "Ben": 7}
    assert "1 is lost" in log.effects[-1][-1].text


def test_equal_best_hands_split_exactly() -> None:
    """AU-5.3, split exact: 15/2 each, as a fraction."""
    log = play([*TIE, TIED_SHOW], options=AuctionOptions(split="exact"))
    assert log.outcome.scores == {"Aki": Fraction(15, 2), "Ben": Fraction(15, 2)}
    transfers = [t for e in log.effects[-1] for t in e.transfers]
    assert [t.amount for t in transfers] == [Fraction(15, 2)] * 2


def test_jokers_and_second_copies_are_unusable_in_the_show() -> None:
    """AU-5.1: Ben's two jokers are no pair; his queen-high loses to Aki's pair."""
    log = play([*TIE, Show(cards={"Aki": cards("AS 2C 3C 4C 5H"),
                                  "Ben": cards("AH KH QH JH 9D 2D 3D 4D 6H 8S")})])
    assert log.outcome.scores == {"Aki": 0, "Ben": 15}
    log = play([*TIE, Show(cards={"Aki": cards("AS KS QS JS 9H"),
                                  "Ben": cards("AH KH QH JH 8S")})])
    assert log.outcome.scores == {"Aki": 15, "Ben": 0}


def test_a_show_is_the_whole_hand_or_five_cards_face_up() -> None:
    """AU-5.1: another count is refused; '?' is C-3; a card not held is C-2; everyone shows."""
    error = violation([*TIE, Show(cards={"Aki": cards("AS KS QS JS"), "Ben": cards("AH")})])
    assert error.rule == "AU-5.1" and error.path == ("cards", "Aki")
    error = violation([*TIE, Show(cards={"Aki": (*cards("AS KS QS JS"), None),
                                         "Ben": cards("AH KH QH JH 9D")})])
    assert error.rule == "C-3" and error.path == ("cards", "Aki", 4)
    error = violation([*TIE, Show(cards={"Aki": cards("AS KS QS JS AH"),
                                         "Ben": cards("KH QH JH 9D 2D")})])
    assert error.rule == "C-2" and error.path == ("cards", "Aki", 4)
    error = violation([*TIE, Show(cards={"Aki": cards("AS KS QS JS 9H")})])
    assert error.rule == "C-3" and error.path == ("cards",)
    assert error.message == "Ben must show cards too: every player shows at the end of a hand"


def _declared(declarer: str, options: AuctionOptions | None = None) -> GameLog[AuctionState]:
    log = play([deal()], options=options)
    grow(log, 7)
    log.append(Declare(player=declarer))
    hands = {name: tuple(sorted(log.state.account.zone(hand(name)).known_cards()))
             for name in AB}
    log.append(Show(cards=hands))
    return log


def test_the_declarer_wins_the_bonus_with_the_best_hand() -> None:
    """AU-5.4: +25 on top of the pile for the best hand."""
    log = _declared("Aki")
    scores = log.outcome.scores or {}
    pile = sum(t.amount for e in log.effects[-1] for t in e.transfers if t.rule == "AU-5.3")
    assert scores["Aki"] == pile + 25 and scores["Ben"] == 0
    assert "AU-5.4" in rules_of(log.effects[-1])


def test_the_declarer_loses_the_bonus_without_the_best_hand() -> None:
    """AU-5.4: -25, so a score can go below 0."""
    log = _declared("Ben")
    assert (log.outcome.scores or {})["Ben"] == -25
    penalty = next(e for e in log.effects[-1] if e.rule == "AU-5.4")
    assert penalty.transfers[0].payer == "Ben" and penalty.transfers[0].receiver == "bank"


def test_a_bonus_of_0_is_paid_as_a_transfer_of_0() -> None:
    """AU-5.4 with the option declare_bonus=0: the declarer is paid "+0", as a
    transfer of 0 (their account lists it), and the scores are those without it."""
    log = _declared("Aki", AuctionOptions(declare_bonus=0))
    bonus = next(e for e in log.effects[-1] if e.rule == "AU-5.4")
    assert bonus.text.endswith("+0")
    assert [(t.payer, t.receiver, t.amount) for t in bonus.transfers] == [("bank", "Aki", 0)]
    pile = sum(t.amount for e in log.effects[-1] for t in e.transfers if t.rule == "AU-5.3")
    assert (log.outcome.scores or {})["Aki"] == pile


def test_the_game_ends_when_someone_reaches_the_target() -> None:
    """AU-6.1: at 10 of a target of 10 the game is over, Aki wins, nothing more may come."""
    events: list[Event] = [
        Deal(starter=card("7C")), win("Aki", "KS"), Flip(card=card("JK")),
        Show(cards={"Aki": cards("AS AH 7C 3D 4S 8D 10C 2H 6S JD"),
                    "Ben": cards("KH KD QS JS 9C 2D 5H 4C 7D 8C")})]
    log = play(events, options=AuctionOptions(target=10))
    assert log.outcome.complete and log.outcome.winners == ("Aki",)
    assert rules_of(log.effects[-1])[-2:] == ["AU-6.1", "AU-6.1"]
    assert violation([*events, Deal(starter=card("2C"))],
                     options=AuctionOptions(target=10)).rule == "C-6"


def test_each_hand_is_a_new_shuffle() -> None:
    """C-1 counts since the last full shuffle: the next deal may hold every card again."""
    log = play([*TIE, TIED_SHOW, deal(starter="AD")])
    assert RULES.position(log.state) == "hand 2, auction 1"
    assert log.state.pile == (card("AD"),)


# -- the rule each effect cites -------------------------------------------------------


def test_a_bid_cites_the_rule_that_ranks_it_over_the_standing_bid() -> None:
    """AU-2.1 a first bid or a stronger kind, AU-2.4 a single card of a higher rank,
    AU-7.2 a suit named on the standing rank, AU-2.8 a ranked bid over the kind alone,
    AU-7.3 a wheel straight: each bid's effect cites the rule that let it stand."""
    log = play([blind(), bid("Ben", "single", "Q"), bid("Aki", "single", "K"),
                bid("Ben", "single", "K", suit="H"), bid("Aki", "single", "K", suit="S"),
                bid("Ben", "flush"), bid("Aki", "flush", ranks=["K", "9", "7", "4", "2"])])
    assert [effects[0].rule for effects in log.effects[1:]] == [
        "AU-2.1", "AU-2.4", "AU-7.2", "AU-7.2", "AU-2.1", "AU-2.8"]
    wheel = play([blind(), bid("Ben", "pair", "9"), bid("Aki", "straight", "5")])
    assert [effects[0].rule for effects in wheel.effects[1:]] == ["AU-2.1", "AU-7.3"]


def test_a_declaration_during_the_bidding_drops_the_standing_bid() -> None:
    """AU-2.10: declaring over a standing bid drops it unwon; without one, only the
    hand's end (AU-4.3) is said."""
    log = play([deal()])
    grow(log, 7)
    log.append(bid("Ben", "pair", "Q"))
    log.append(Declare(player="Aki"))
    assert rules_of(log.effects[-1]) == ["AU-2.10", "AU-4.3"]
    assert "Ben's standing bid, pair of queens, is dropped" in log.effects[-1][0].text
    quiet = play([deal()])
    grow(quiet, 7)
    quiet.append(Declare(player="Aki"))
    assert rules_of(quiet.effects[-1]) == ["AU-4.3"]


def test_five_cards_shown_of_a_larger_hand_cite_au_7_8() -> None:
    """AU-7.8: a hand scored on five shown of more held cites AU-7.8; a whole hand
    shown, AU-5.1."""
    log = play([*TIE, Show(cards={"Aki": cards("AS KS QS JS 9H 2C 3C 4C 5H 7C"),
                                  "Ben": cards("AH KH QH JH 9D")})])
    assert rules_of(log.effects[-1])[:2] == ["AU-5.1", "AU-7.8"]


def test_a_declaration_in_the_last_auction_cites_au_7_7() -> None:
    """AU-7.7: a declaration may come in the last auction of AU-4.2 too; its effect
    says that auction is not played out, and drops the standing bid (AU-2.10)."""
    log = play([deal(aki=cards("AS AH KS KH 5C 5D 9S 8S 7S JK"),
                     ben=cards("QS QH QD 2C 3C 4C JC 10C JK 7D"))])
    grow(log, 33)
    assert log.state.last
    log.append(bid("Ben", "single", "Q"))
    effects = log.append(Declare(player="Aki"))
    assert rules_of(effects) == ["AU-7.7", "AU-2.10", "AU-4.3"]
    assert log.expected.kinds == {"show"}


def test_the_outcome_shows_the_starter_pile_and_its_worth_while_a_hand_is_played() -> None:
    """AU-5.3 mid-hand: the points read 0, 0, so the outcome also gives the pile
    (bottom first) and what it would score; after the show the pile is scored and gone."""
    deal = Deal(starter=card("7C"))
    log = play_log(RULES, [deal], AB)
    assert (log.outcome.pile, log.outcome.pile_value) == (("7C",), 1)
    log.append(Win(player="Aki", cards=cards("KS")))
    assert (log.outcome.pile, log.outcome.pile_value) == (("KS",), 5)
    log.append(Flip(card=card("JK")))  # a joker ends the hand (AU-4.1): the show is due
    assert (log.outcome.pile, log.outcome.pile_value) == (("KS", "JK"), 10)
    log.append(Show(cards={"Aki": cards("AS AH 7C 3D 4S 8D 10C 2H 6S JD"),
                           "Ben": cards("KH KD QS JS 9C 2D 5H 4C 7D 8C")}))
    assert log.outcome.pile is None and log.outcome.pile_value is None
    assert log.outcome.scores == {"Aki": 10, "Ben": 0}
