"""The game loop (cardcore.play.loop): whole games with policies, their saved
transcripts, and Auction's convention for asking the seats."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardcore.cards import Card
from cardcore.errors import RuleViolation
from cardcore.games.auction import BidEvent, Win
from cardcore.games.orc import Pitch as OrcPitch
from cardcore.games.saint import River
from cardcore.play import PASS, Match, Pass, Policy, RandomPolicy, View, play
from cardcore.play.errors import SeatError
from cardcore.play.legal.auction import ALL_BIDS, bid_event
from cardcore.play.listing import Listing
from cardcore.play.loop import PolicyError
from cardcore.play.policies import Offer
from cardcore.protocol import Event
from cardcore.quoting import quoted
from cardcore.replay.runner import replay_file
from cardcore.replay.store import save_log
from cardcore.zones import hand
from tests.playing import OPTIONS, PLAYERS

GAMES = tuple(PLAYERS)


@pytest.mark.parametrize("game", GAMES)
def test_a_played_game_is_complete_and_its_transcript_validates(game: str, tmp_path: Path
                                                                ) -> None:
    """Random players play whole games; each saved game replays without a problem."""
    low, high = PLAYERS[game]
    for seed in range(3):
        count = low + seed % (high - low + 1)
        log = play(game, [RandomPolicy(seed * 10 + seat) for seat in range(count)],
                   seed=seed, options=OPTIONS[game])
        assert log.outcome.complete
        path = tmp_path / f"{game}-{seed}.json"
        save_log(log, path)
        report = replay_file(path)
        assert report.exit_code == 0, report.problems


def test_a_game_is_played_again_alike_from_the_same_seeds() -> None:
    """The dealer's seed and the policies' seeds decide the whole game."""
    def once(seed: int) -> tuple[Any, ...]:
        return play("orc-poker", [RandomPolicy(1), RandomPolicy(2), RandomPolicy(3)],
                    seed=seed).events
    assert once(4) == once(4)
    assert once(4) != once(5)


def test_policies_by_name_name_the_players() -> None:
    """A mapping of policies seats its keys, in order."""
    log = play("saint-poker", {"Zoe": RandomPolicy(1), "Abe": RandomPolicy(2)}, seed=1,
               options={"rounds": 1})
    assert log.players == ("Zoe", "Abe")


class Script:
    """A policy that records what it was offered and answers with ``choose``."""

    def __init__(self, asks: list[tuple[int, Sequence[Offer]]], seat: int,
                 choose: Any) -> None:
        self.asks, self.seat, self.choose = asks, seat, choose

    def __call__(self, view: View[Any], offers: Sequence[Offer]) -> Offer:
        assert view.seat == self.seat
        self.asks.append((self.seat, offers))
        answer: Offer = self.choose(view, offers)
        return answer


def _bids_once(view: View[Any], offers: Sequence[Offer]) -> Offer:
    """Bid the weakest bid when no bid stands, else pass (or win, if that is all)."""
    if view.state.standing is None:
        return next(offer for offer in offers if isinstance(offer, BidEvent))
    return offers[-1] if isinstance(offers[-1], Pass) else offers[0]


def test_auction_asks_in_turn_from_the_dealers_left_and_the_standing_bidder_wins() -> None:
    """Hand 1 (dealt by seat 0): seat 1 is asked first, bids; seats 2 and 0 pass;
    seat 1, the standing bidder, is offered only its wins, without a pass."""
    asks: list[tuple[int, Sequence[Offer]]] = []
    policies = [Script(asks, seat, _bids_once) for seat in range(3)]
    match: Match[Any] = Match("auction", ["Aki", "Ben", "Cy"], seed=3)
    match.deal()
    for _ in range(4):
        match.step(policies)
    assert [seat for seat, _ in asks] == [1, 2, 0, 1]
    assert isinstance(match.log.events[1], BidEvent) and match.log.events[1].player == "Ben"
    assert all(isinstance(offers[-1], Pass) for _, offers in asks[:3])
    wins = asks[3][1]
    assert len(wins) > 0 and all(isinstance(offer, Win) for offer in wins)
    assert isinstance(match.log.events[-1], Win) and match.log.events[-1].player == "Ben"


def test_auction_when_every_seat_passed_without_a_bid_the_next_may_not_pass() -> None:
    """Everyone passes once; then the seat asked is offered no pass."""
    asks: list[tuple[int, Sequence[Offer]]] = []

    def passes(view: View[Any], offers: Sequence[Offer]) -> Offer:
        return PASS if isinstance(offers[-1], Pass) else offers[0]

    policies = [Script(asks, seat, passes) for seat in range(2)]
    match: Match[Any] = Match("auction", ["Aki", "Ben"], seed=1)
    match.deal()
    for _ in range(3):
        match.step(policies)
    assert [seat for seat, _ in asks] == [1, 0, 1]
    assert not any(isinstance(offer, Pass) for offer in asks[2][1])
    assert len(match.log) == 2


def test_a_policy_that_passes_where_it_may_not_is_told() -> None:
    """Goblin Poker has no pass: answering PASS raises PolicyError."""
    match: Match[Any] = Match("goblin-poker", ["Aki", "Ben"], seed=1)
    while match.whose().chance or match.whose().together:
        match.step([RandomPolicy(1), RandomPolicy(2)])
    with pytest.raises(PolicyError, match="passed where it may not"):
        match.step([lambda view, offers: PASS] * 2)
    with pytest.raises(PolicyError, match="not an event"):
        match.step([lambda view, offers: "fold"] * 2)


def _to_a_step_together(game: str) -> Match[Any]:
    """A game played by random players up to its first step taken together."""
    low, _ = PLAYERS[game]
    match: Match[Any] = Match(game, [f"P{seat}" for seat in range(low)], OPTIONS.get(game),
                              seed=3)
    policies = [RandomPolicy(seat) for seat in range(low)]
    while not match.whose().together:
        assert match.step(policies), "the game ended before a step taken together"
    return match


@pytest.mark.parametrize("game", GAMES)
def test_a_part_of_a_step_together_must_be_the_seats_own(game: str) -> None:
    """In a step every seat takes together, a seat's answer that names another
    player, is of a kind not offered, or is not an event raises PolicyError naming
    the seat, and nothing is appended; the seat's own offer is taken."""
    match = _to_a_step_together(game)
    seats = match.whose().seats
    first, other = match.log.players[seats[0]], match.log.players[seats[1]]
    others_part = match.legal(seats[1])[0]
    own_part = match.legal(seats[0])[0]
    honest = [lambda view, offers: offers[0]] * len(match.log.players)
    before = len(match.log)
    wrong: list[Any] = [others_part, BidEvent(player=first, kind="pair", rank="2"), "reveal",
                        None]
    for answer in wrong:
        policies = list(honest)
        policies[seats[0]] = lambda view, offers, answer=answer: answer
        with pytest.raises(PolicyError, match=f"seat {seats[0]}'s policy answered .*its own "
                                              f"part, one of its offers .* by {first}"):
            match.step(policies)
        assert len(match.log) == before
    assert other != first and own_part != others_part
    assert match.step(honest) and len(match.log) > before


def _same_kinds(given: Any, rebuilt: Any) -> bool:
    """Whether two equal values are of the same types all the way down (a dict
    where the checked event holds a FrozenMap, a list for a tuple: not)."""
    if type(given) is not type(rebuilt):
        return False
    if isinstance(given, dict):
        return all(_same_kinds(given[key], rebuilt[key]) for key in given)
    if isinstance(given, tuple):
        return all(_same_kinds(a, b) for a, b in zip(given, rebuilt, strict=True))
    return True


def _as_checked(event: Any) -> bool:
    """Whether ``event`` is what the checking constructor makes of its fields."""
    fields = {field.name: getattr(event, field.name) for field in attrs.fields(type(event))}
    rebuilt = type(event)(**fields)
    return rebuilt == event and all(
        _same_kinds(value, getattr(rebuilt, name)) for name, value in fields.items())


@pytest.mark.parametrize("game", GAMES)
def test_the_events_the_play_layer_makes_are_as_checked(game: str) -> None:
    """The offers, the dealer's events, the completed and the merged events are
    made without the field checks (cardcore.eventfields.unchecked): each is equal
    to, and of the same types as, what the checking constructor makes of it, so
    none holds a wrong or unfrozen value."""
    low, high = PLAYERS[game]
    for seed in range(4):
        count = low + seed % (high - low + 1)
        match: Match[Any] = Match(game, [f"P{seat}" for seat in range(count)], OPTIONS[game],
                                  seed=seed)
        policies = [RandomPolicy(seed * 10 + seat) for seat in range(count)]
        offered = 0
        while True:
            for seat in match.whose().seats:
                legal = match.legal(seat)
                for index in range(0, len(legal), max(1, len(legal) // 40)):
                    assert _as_checked(legal[index]), legal[index]
                    offered += 1
            if not match.step(policies):
                break
        assert offered and all(_as_checked(event) for event in match.log.events)


@pytest.mark.parametrize("game", GAMES)
def test_offers_kept_past_their_step_still_list_that_steps_events(game: str) -> None:
    """The loop decides on the log's working state (GameLog.lend), which later
    events change; a policy that keeps its offers and reads them after the game
    goes on reads the events of the step they were offered at (a listing's
    events are built of values read when it was made)."""
    kept: list[tuple[Listing, list[Offer]]] = []
    low, _ = PLAYERS[game]

    def keeper(seed: int) -> Any:
        chooser = RandomPolicy(seed)

        def policy(view: View[Any], offers: Sequence[Offer]) -> Offer:
            assert isinstance(offers, Listing)
            # read now, through a copy, so that the kept listing is still unread
            kept.append((offers, list(Listing(offers.segments()))))
            return chooser(view, offers)
        return policy

    for seed in range(2):
        play(game, [keeper(seed * 10 + seat) for seat in range(low + 1)], seed=seed,
             options=OPTIONS[game])
    assert len(kept) > 20
    for offers, then in kept:
        assert list(offers) == then


def _randoms(seed: int, count: int) -> list[Policy]:
    """One seeded random player a seat, the same for the same seed."""
    return [RandomPolicy(random.Random(seed * 10 + seat)) for seat in range(count)]


def _to_the_end(match: Match[Any], policies: Sequence[Policy] | Mapping[str, Policy]
                ) -> tuple[Event, ...]:
    """The match played on by ``policies`` to its end; its events."""
    while match.step(policies):
        pass
    return match.log.events


def test_a_refused_event_leaves_the_match_to_go_on_as_if_never_tried() -> None:
    """Saint Poker's river is completed with the next future river, drawn by the
    dealer before the rules judge the event: a refused river kept those cards, and
    every later draw failed ("the dealer holds 26 stock cards and the game 29").
    Now the refused event leaves the log and the dealer as they were: the legal
    river is dealt what it would have been, and the game goes on to the same end."""
    tried: Match[Any] = Match("saint-poker", ["Aki", "Ben"], seed=1)
    twin: Match[Any] = Match("saint-poker", ["Aki", "Ben"], seed=1)
    for match in (tried, twin):
        match.deal()
    aki = sorted(tried.state.account.zone(hand("Aki")).known_cards())
    ben = sorted(tried.state.account.zone(hand("Ben")).known_cards())
    assert Card.parse("AS") not in aki
    stock, events = list(tried.dealer.stock), tried.log.events
    with pytest.raises(RuleViolation, match="AS cannot be played from Aki's hand"):
        tried.append(River(cards={"Aki": Card.parse("AS"), "Ben": ben[0]}))
    assert tried.log.events == events and tried.dealer.stock == stock
    river = River(cards={"Aki": aki[0], "Ben": ben[0]})
    tried.append(river)
    twin.append(river)
    assert tried.log.events == twin.log.events
    assert _to_the_end(tried, _randoms(1, 2)) == _to_the_end(twin, _randoms(1, 2))


def _to_the_pitch(seed: int) -> tuple[Match[Any], list[Policy]]:
    """An Orc Poker game of random players up to its first pitch, and the players."""
    match: Match[Any] = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=seed)
    policies = _randoms(seed, 3)
    while not (match.whose().together and match.legal(0).kind_names() == ["pitch"]):
        match.step(policies)
    return match, policies


def test_a_refused_answer_in_a_step_takes_back_the_dealers_random_numbers() -> None:
    """Orc Poker's pitch is completed with the order of the action deck, which the
    dealer shuffles with its random numbers: a pitch the rules refused (a card
    the seat does not hold) had used them up, and the game went on otherwise
    than it would have. Now the step leaves them as they were."""
    tried, policies = _to_the_pitch(3)
    twin, same = _to_the_pitch(3)
    held = tried.state.account.zone(hand("Aki")).known
    missing = next(card for card in range(1, 11) if card not in held)
    first: Policy = lambda view, offers: offers[0]  # noqa: E731 - one line, no random numbers
    wrong: Policy = lambda view, offers: OrcPitch(cards={"Aki": missing})  # noqa: E731
    numbers, events = tried.dealer.rng.getstate(), tried.log.events
    with pytest.raises(RuleViolation, match=f"{missing} cannot be pitched from Aki's hand"):
        tried.step([wrong, first, first])
    assert tried.dealer.rng.getstate() == numbers and tried.log.events == events
    assert _to_the_end(tried, policies) == _to_the_end(twin, same)


def _to_a_standing_bid(seed: int) -> tuple[Match[Any], list[Policy]]:
    """An Auction game of random players up to the first bid that stands."""
    match: Match[Any] = Match("auction", ["Aki", "Ben", "Cy"], {"target": 50}, seed=seed)
    policies = _randoms(seed, 3)
    while match.state.standing is None or match.whose().chance:
        match.step(policies)
    return match, policies


def test_a_refused_bid_in_a_step_leaves_the_asking_as_it_was() -> None:
    """Auction's convention moves on to the next seat when the seat asked bids: a
    bid the rules refused (one that does not beat the standing bid) moved it on
    all the same, and the step tried again asked another seat. Now it is told of
    a bid only once the log has taken it."""
    tried, policies = _to_a_standing_bid(2)
    twin, same = _to_a_standing_bid(2)
    weakest: Policy = lambda view, offers: bid_event(view.player, ALL_BIDS[0])  # noqa: E731
    with pytest.raises(RuleViolation, match="does not beat the standing bid"):
        tried.step([weakest] * 3)
    assert _to_the_end(tried, policies) == _to_the_end(twin, same)


@pytest.mark.parametrize("seat", [-1, True, 2, 9, "Ben", 1.0, None])
def test_a_seat_that_is_none_of_the_tables_is_refused(seat: Any) -> None:
    """-1 was read as the last seat and True as seat 1, a seat past the end raised
    IndexError and a name TypeError: each is refused in words now, naming the
    seats there are."""
    match: Match[Any] = Match("saint-poker", ["Aki", "Ben"], seed=1)
    match.deal()
    with pytest.raises(SeatError, match=r"is not a seat of this table: its seats are 0 to 1 "
                                        r"\(0 Aki, 1 Ben\)") as refused:
        match.legal(seat)
    assert str(refused.value).startswith(quoted(seat))


def test_a_seat_with_nothing_to_do_is_offered_an_empty_listing() -> None:
    """Before the deal no seat has a step: its offers were a plain tuple (a bot
    calling ``offers.kind_names()`` had to check first), a listing otherwise. A
    listing always now."""
    match: Match[Any] = Match("saint-poker", ["Aki", "Ben"], seed=1)
    nothing = match.legal(0)
    assert isinstance(nothing, Listing) and len(nothing) == 0 and nothing.kind_names() == []
    match.deal()
    assert isinstance(match.legal(0), Listing) and match.legal(0).kind_names() == ["river"]


@pytest.mark.parametrize(("policies", "words"), [
    ([1, 2], r"the policy of seat 0 \(P1\) is 1, not a callable"),
    (5, r"the policies are 5: the policies are one callable a seat"),
    ("ab", r"the policies are 'ab': the policies are one callable a seat \(2: P1, P2\)"),
    ({"Aki": RandomPolicy(1), "Ben": "random"}, r"the policy of seat 1 \(Ben\) is 'random'"),
    ([RandomPolicy, RandomPolicy], r"the policy of seat 0 \(P1\) is the class RandomPolicy, a "
                                   r"policy's maker, not a policy \(give RandomPolicy\(\), one "
                                   r"made for the seat\): a policy is called with the seat's view"),
    ({"Aki": RandomPolicy(1), "Ben": RandomPolicy}, r"seat 1 \(Ben\) is the class RandomPolicy"),
])
def test_policies_that_cannot_play_are_refused_before_the_game(policies: Any, words: str
                                                              ) -> None:
    """Policies that are not callables raised TypeError from inside the loop, when
    their seat's turn came, and a policy's class (callable, but a maker of
    policies) a TypeError from inside random.py, the view taken for its seed;
    each is refused at once, in words."""
    with pytest.raises(PolicyError, match=words):
        play("saint-poker", policies)


@pytest.mark.parametrize(("policies", "words"), [
    ([RandomPolicy(1)], r"1 policy for 2 seats: the policies are one callable a seat "
                        r"\(2: A, B\), in a sequence in seat order or a mapping of every "
                        r"player's name to one"),
    ([RandomPolicy(1)] * 3, r"3 policies for 2 seats"),
    ({"A": RandomPolicy(1)}, r"policies by name give none for B: "),
    ({"A": RandomPolicy(1), "B": RandomPolicy(2), "Zed": RandomPolicy(3)},
     r"policies by name give one for Zed, who does not play: "),
    (None, r"the policies are null: "),
])
def test_a_step_needs_one_policy_a_seat(policies: Any, words: str) -> None:
    """One policy for two seats raised IndexError when the second seat's turn came
    (or never, if it did not come in that step): a step is refused at once."""
    match: Match[Any] = Match("saint-poker", ["A", "B"], seed=1)
    match.deal()
    with pytest.raises(PolicyError, match=words):
        match.step(policies)
    assert len(match.log) == 1


def test_a_step_takes_policies_by_name_as_play_does() -> None:
    """A mapping of every player's name to a policy (in any order) plays as the
    same policies in seat order."""
    by_name: Match[Any] = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=4)
    in_order: Match[Any] = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=4)
    named = {"Cy": RandomPolicy(3), "Aki": RandomPolicy(1), "Ben": RandomPolicy(2)}
    assert _to_the_end(by_name, named) == _to_the_end(
        in_order, [RandomPolicy(1), RandomPolicy(2), RandomPolicy(3)])
    assert by_name.log.outcome.complete


def test_play_and_a_match_take_the_start_of_a_games_name_as_the_command_line_does(
        tmp_path: Path) -> None:
    """``play("orc", ...)`` and ``Match("orc", ...)`` said "no game is called 'orc'"
    where ``cardcore study orc`` played Orc Poker: they play it now, and the saved
    transcript names the game in full."""
    short = play("orc", [RandomPolicy(1), RandomPolicy(2), RandomPolicy(3)], seed=4)
    full = play("orc-poker", [RandomPolicy(1), RandomPolicy(2), RandomPolicy(3)], seed=4)
    assert short.rules is full.rules and short.events == full.events
    assert Match("Goblin", ["Aki", "Ben"]).rules.name == "goblin-poker"
    save_log(short, tmp_path / "orc.json")
    assert json.loads((tmp_path / "orc.json").read_text(encoding="utf-8"))["game"] == "orc-poker"


def _anothers(view: View[Any], offers: Sequence[Offer]) -> Offer:
    """The first of the seat's offers that is an act of its own player (no
    ruling: a ruling names the table's pick), made the next player's."""
    own = next(offer for offer in offers
               if isinstance(offer, Event) and offer.ACTOR and offer.TYPE != "ruling")
    after = view.players[(view.seat + 1) % len(view.players)]
    return attrs.evolve(own, **{own.ACTOR: after})  # type: ignore[misc]


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_answering_with_another_players_act_is_told_whose_policy_it_was(game: str
                                                                              ) -> None:
    """In a step of one seat, an answer naming another player gave the rules'
    "P1 cannot draw now: it is P3's turn (C-5)", which says nothing of the policy
    of seat 2 that gave it (or was taken, as that player's act, where the rules
    let that player act too). Now PolicyError names the seat and what it may
    answer, as in a step taken together, and nothing is appended."""
    low, _ = PLAYERS[game]
    match: Match[Any] = Match(game, [f"P{seat}" for seat in range(low)], OPTIONS.get(game),
                              seed=3)
    policies = [RandomPolicy(seat) for seat in range(low)]
    while match.whose().chance or match.whose().together:
        assert match.step(policies)
    before, numbers = match.log.events, match.dealer.rng.getstate()
    with pytest.raises(PolicyError, match=r"^seat (\d)'s policy answered .*: an act of P\d's, "
                                          r"where a seat answers for its own player with one "
                                          r"of its offers \(.* by P\1\)$"):
        match.step([_anothers] * low)
    assert match.log.events == before and match.dealer.rng.getstate() == numbers
    assert match.step(policies)


def test_rulings_naming_another_player_are_still_answered() -> None:
    """A ruling names the table's pick, not the seat that gives it: Goblin Poker's
    table choice, offered to a seat as a ruling naming the other, is taken."""
    for seed in range(40):
        match: Match[Any] = Match("goblin-poker", ["Aki", "Ben", "Cy"], seed=seed)
        policies = [RandomPolicy(seed * 3 + seat) for seat in range(3)]
        while match.step(policies):
            seat = match.whose().seats[0] if match.whose().seats else None
            if seat is None or match.whose().together:
                continue
            offers = match.legal(seat)
            others = [offer for offer in offers.of_kind("ruling")
                      if offer.player != match.log.players[seat]]
            if others:
                match.step([lambda view, offers, ruling=others[0]: ruling] * 3)
                assert match.log.events[-1] == others[0]
                return
    raise AssertionError("no ruling naming another player was offered in 40 games")


def _divides_by_zero(view: View[Any], offers: Sequence[Offer]) -> Offer:
    """A policy with a bug of its own."""
    return offers[len(offers) // 0]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11's")
@pytest.mark.parametrize("together", [True, False])
def test_a_policy_that_raises_keeps_its_error_with_a_note_of_whose_and_when(together: bool
                                                                           ) -> None:
    """A policy's own error (ZeroDivisionError) came out of the loop bare, from
    deep inside it, saying nothing of which seat's policy raised it: it keeps its
    type, with a note naming the seat, its player and the event the step was for,
    in a step taken together and in one seat's alike."""
    match: Match[Any] = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=2)
    policies = [RandomPolicy(seat) for seat in range(3)]
    while match.whose().chance or match.whose().together != together:
        assert match.step(policies)
    seat = match.whose().seats[-1] if together else match.whose().seats[0]
    broken = list(policies)
    broken[seat] = _divides_by_zero
    count = len(match.log)
    with pytest.raises(ZeroDivisionError) as raised:
        match.step(broken)
    player = match.log.players[seat]
    assert raised.value.__notes__ == [
        f"raised by seat {seat}'s policy ({player}) when asked for the game's event {count} "
        f"(/events/{count})"]
    assert len(match.log) == count


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11's")
def test_a_policy_of_the_wrong_arguments_is_told_whose_it_is() -> None:
    """A policy that takes one argument raised a bare TypeError from inside the
    loop; the TypeError now has a note naming the seat and its player."""
    with pytest.raises(TypeError, match="positional argument") as raised:
        play("goblin-poker", [RandomPolicy(1), lambda offers: offers[0]], seed=1)
    assert raised.value.__notes__ == [
        "raised by seat 1's policy (P2) when asked for the game's event 1 (/events/1)"]
