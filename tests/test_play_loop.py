"""The game loop (cardcore.play.loop): whole games with policies, their saved
transcripts, Auction's convention for asking the seats, and saved games played
on (Match.resume)."""

from __future__ import annotations

import copy
import json
import random
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardcore.cards import Card
from cardcore.errors import RuleViolation
from cardcore.gamelog import GameLog
from cardcore.games.auction import BidEvent, Win
from cardcore.games.goblin import Pitch
from cardcore.games.goblin import Reveal as GoblinReveal
from cardcore.games.orc import Draw
from cardcore.games.orc import Pitch as OrcPitch
from cardcore.games.orc import Reveal as OrcReveal
from cardcore.games.saint import River
from cardcore.hiding import hide
from cardcore.play import PASS, Dealer, Match, Pass, Policy, RandomPolicy, View, play
from cardcore.play.errors import DealerError, RefusedAnswer, ResumeError, SeatError
from cardcore.play.legal.auction import ALL_BIDS, bid_event
from cardcore.play.listing import Listing
from cardcore.play.loop import PolicyError
from cardcore.play.policies import Offer
from cardcore.play.steps import Whose
from cardcore.protocol import Event
from cardcore.quoting import python_quoted
from cardcore.replay.runner import replay_file
from cardcore.replay.store import load_log, save_log
from cardcore.zones import STOCK, hand
from tests.playing import NAMES, OPTIONS, PLAYERS, played

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
        with pytest.raises(PolicyError, match=f"seat {seats[0]}'s policy \\({first}\\) answered .*its own "
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
    assert str(refused.value).startswith(python_quoted(seat))


@pytest.mark.parametrize(("given", "words"), [
    (lambda match: match.legal(True), "True is not a seat of this table"),
    (lambda match: match.legal(None), "None is not a seat of this table"),
    (lambda match: match.step([None, RandomPolicy()]), r"the policy of seat 0 \(Aki\) is None, "
                                                       "not a callable"),
    (lambda match: play("saint-poker", {"Aki": RandomPolicy(), "Ben": False}),
     r"the policy of seat 1 \(Ben\) is False, not a callable"),
])
def test_a_seat_or_a_policy_a_program_gave_is_quoted_as_python_writes_it(
        given: Any, words: str) -> None:
    """``match.legal(True)`` said "true is not a seat" and a policy given as None
    "is null": JSON's words for a Python program's True and None, which it never
    wrote. A value a program gave is quoted as Python writes it."""
    match: Match[Any] = Match("saint-poker", ["Aki", "Ben"], seed=1)
    match.deal()
    with pytest.raises((SeatError, PolicyError), match=words):
        given(match)


def test_a_match_of_a_set_of_players_is_refused() -> None:
    """``Match("goblin-poker", {"Aki", "Ben", "Cy"})`` was played, its seats in the
    order of Python's set (random from one run to the next): a SetupError says the
    players are a sequence of names in seat order. play's mapping of names to
    policies is ordered, and still seats them in its order."""
    from cardcore.errors import SetupError

    with pytest.raises(SetupError, match=r"the players are a sequence of names in seat order, "
                                         r".*: a set has no order, and the seats would fall at "
                                         r"random$"):
        Match("goblin-poker", {"Aki", "Ben", "Cy"})  # type: ignore[call-overload]
    log = play("goblin-poker", {"Cy": RandomPolicy(1), "Aki": RandomPolicy(2)}, seed=1)
    assert log.players == ("Cy", "Aki")


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
    ("ab", r"the policies are 'ab': the policies are one callable a seat, in a sequence"),
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
    ("random", r"^the policies are 'random': the policies are one callable a seat, in a "
               r"sequence in seat order or a mapping of every player's name to one: a policy is "
               r"a callable, not a name \(RandomPolicy\(\) plays at random\)$"),
    (b"ab", r"^the policies are b'ab': the policies are one callable a seat, in a sequence"),
    ((RandomPolicy(seat) for seat in range(2)),
     r"^the policies are <generator object .*>: the policies are one callable a seat, in a "
     r"sequence in seat order or a mapping of every player's name to one$"),
])
def test_policies_neither_in_seat_order_nor_by_name_are_refused_before_players_are_named(
        policies: Any, words: str) -> None:
    """``play("goblin-poker", "random")`` named a player for each letter of the string
    and said "one callable a seat (6: P1, P2, P3, P4, P5, P6)", a table nobody asked
    for; a generator of policies said "(0: )". What is neither a sequence nor a
    mapping is refused before a player is named from it, saying what policies are
    (and, for a string, that a policy is a callable, not its name)."""
    with pytest.raises(PolicyError, match=words):
        play("goblin-poker", policies)


@pytest.mark.parametrize(("policies", "words"), [
    ("AB", r"the policies are 'AB': the policies are one callable a seat \(2: A, B\), in a "
           r"sequence in seat order or a mapping of every player's name to one: a policy is a "
           r"callable, not a name"),
    ([RandomPolicy(1)], r"1 policy for 2 seats: the policies are one callable a seat "
                        r"\(2: A, B\), in a sequence in seat order or a mapping of every "
                        r"player's name to one"),
    ([RandomPolicy(1)] * 3, r"3 policies for 2 seats"),
    ({"A": RandomPolicy(1)}, r"policies by name give none for B: "),
    ({"A": RandomPolicy(1), "B": RandomPolicy(2), "Zed": RandomPolicy(3)},
     r"policies by name give one for Zed, who does not play: "),
    (None, r"the policies are None: "),
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


# -- a saved game played on (Match.resume) ----------------------------------------------


def _saved_part_way(game: str, seed: int, tmp_path: Path) -> tuple[Match[Any], GameLog[Any]]:
    """A game of random players some steps in (not over), saved with save_log and
    read back with load_log: the match that played it, and the log read."""
    low, high = PLAYERS[game]
    count = low + seed % (high - low + 1)
    for steps in (5 + 9 * seed, 4, 1):  # part way, or nearer the start in a short game
        match = played(game, count, seed, steps)
        if not match.whose().over:
            break
    assert not match.whose().over and len(match.log) > 0
    path = tmp_path / f"{game}-{seed}-saved.json"
    save_log(match.log, path)
    return match, load_log(path)


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_game_resumed_plays_on_to_an_end_that_validates(game: str, tmp_path: Path
                                                                ) -> None:
    """A game saved part way, loaded and resumed, is played to its end by random
    players; its saved transcript replays without a problem and begins with the
    events saved (the dealer was given the stock the state left it)."""
    for seed in range(4):
        match, log = _saved_part_way(game, seed, tmp_path)
        resumed = Match.resume(log, seed=seed)
        assert resumed.log is log
        assert len(resumed.dealer.stock) == log.state.account.size(STOCK)
        events = _to_the_end(resumed, _randoms(seed + 50, len(log.players)))
        assert events[:len(match.log)] == match.log.events and len(events) > len(match.log)
        path = tmp_path / f"{game}-{seed}-resumed.json"
        save_log(resumed.log, path)
        report = replay_file(path)
        assert report.exit_code == 0 and report.complete, report.problems


@pytest.mark.parametrize("game", GAMES)
def test_a_resumed_match_gives_each_seat_its_view_of_the_saved_game(game: str,
                                                                    tmp_path: Path) -> None:
    """Each seat's view of a resumed match holds the saved events as that seat saw
    them, as the match that played them showed it: its own cards, no one else's."""
    match, log = _saved_part_way(game, 2, tmp_path)
    resumed = Match.resume(log, seed=1)
    for seat, view in enumerate(resumed.views):
        assert view.events == match.views[seat].events
        assert len(view.events) == len(log)
        assert view.state == match.views[seat].state
        assert view.information_state() == match.views[seat].information_state()


def _after_a_seats_event(game: str, seed: int) -> tuple[Match[Any], list[Policy]]:
    """A game of random players some steps in, stopped just after an event a seat
    took (not a chance step, not a pass): where Auction's convention holds no
    pass that a transcript would lose."""
    low, high = PLAYERS[game]
    count = low + seed % (high - low + 1)
    match: Match[Any] = Match(game, NAMES[:count], OPTIONS[game], seed=seed)
    policies = _randoms(seed, count)
    steps = 0
    while True:
        chance, before = match.whose().chance, len(match.log)
        assert match.step(policies), "the game ended before the point to save"
        steps += 1
        if steps >= 6 + 5 * seed and not chance and len(match.log) > before:
            return match, policies


@pytest.mark.parametrize("game", GAMES)
def test_a_game_resumed_with_its_dealer_goes_on_as_the_saved_match_would_have(
        game: str, tmp_path: Path) -> None:
    """Given the saving match's dealer (a copy: its stock and random numbers), a
    resumed match plays on exactly as that match does with the same players,
    Auction's asking convention included (told the saved bids as it was)."""
    for seed in range(3):
        match, policies = _after_a_seats_event(game, seed)
        path = tmp_path / f"{game}-{seed}.json"
        save_log(match.log, path)
        resumed = Match.resume(load_log(path), seed=match.dealer.copy())
        same = copy.deepcopy(policies)
        assert _to_the_end(resumed, same) == _to_the_end(match, policies)


def test_a_kept_dealer_needs_no_stock_before_the_first_deal() -> None:
    """Before the first deal the stock is the whole deck still to shuffle: a kept
    dealer (its stock empty) is taken, and deals as it would have."""
    resumed = Match.resume(GameLog("orc-poker", ["Aki", "Ben", "Cy"]), seed=Dealer(4))
    fresh: Match[Any] = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=4)
    assert _to_the_end(resumed, _randoms(4, 3)) == _to_the_end(fresh, _randoms(4, 3))


def test_a_dealer_given_whose_stock_is_not_the_games_is_refused(tmp_path: Path) -> None:
    """A Dealer given holds the game's true stock; another stock (a fresh dealer's
    empty one, or a card changed) is refused in words naming what differs, and
    the log is left as it was."""
    match, log = _saved_part_way("saint-poker", 1, tmp_path)
    events = log.events
    with pytest.raises(ResumeError, match=r"^the dealer given holds 0 stock cards and the "
                       r"game's stock \d+; it lacks .* and \d+ more: a Dealer given to "
                       r"Match.resume holds the game's true stock .*give a seed"):
        Match.resume(log, seed=Dealer(3))
    wrong = match.dealer.copy()
    wrong.stock = ["x", *wrong.stock[1:]]
    with pytest.raises(ResumeError, match=f"it lacks {match.dealer.stock[0]}; it holds x, "
                       "which the stock does not"):
        Match.resume(log, seed=wrong)
    assert log.events == events


@pytest.mark.parametrize("game", GAMES)
def test_a_record_with_unknown_cards_is_not_resumed(game: str, tmp_path: Path) -> None:
    """A record that hides cards (written "?", as `simulate --hidden` writes one)
    leaves the dealer's cards undetermined: resume refuses it, naming the zones
    whose cards are unknown and saying what it plays on."""
    match, _ = _saved_part_way(game, 1, tmp_path)
    hidden = GameLog(game, match.log.players, match.log.options)
    for event in match.log.events:
        hidden.append(hide(event))
    path = tmp_path / "hidden.json"
    save_log(hidden, path)
    assert '"?"' in path.read_text(encoding="utf-8")
    unknown = [(zone, held.unknown) for zone, held in load_log(path).state.account.zones.items()
               if zone != STOCK and held.unknown]
    assert unknown
    zone, count = unknown[0]
    with pytest.raises(ResumeError) as refused:
        Match.resume(load_log(path))
    message = str(refused.value)
    assert message.startswith(f"the record leaves {count} card")
    assert f" of {zone}" in message
    assert ("Match.resume plays on a game whose every card outside the stock is known"
            in message and 'cards written "?"' in message)


def test_a_finished_game_is_not_resumed(tmp_path: Path) -> None:
    """A game that is over has nothing to play on: resume refuses it and says
    where its result is, rather than giving a match whose first step ends."""
    log = play("goblin-poker", _randoms(1, 2), seed=1)
    path = tmp_path / "over.json"
    save_log(log, path)
    with pytest.raises(ResumeError, match=rf"^the game is over after its {len(log)} events: "
                       r"there is nothing to play on \(log.outcome has its result\)"):
        Match.resume(load_log(path))


@pytest.mark.parametrize("given", ["game.json", None, {"events": []}])
def test_resume_takes_a_game_log(given: Any) -> None:
    """A file name or a transcript's JSON is no log: resume says to read one first."""
    with pytest.raises(ResumeError, match=r"^Match.resume plays on a GameLog \(cardcore."
                       r"load_log reads one from a file\), not "):
        Match.resume(given)


def _until(match: Match[Any], found: Any, seed: int = 0) -> Match[Any]:
    """``match`` played on by random players until ``found(match)`` holds."""
    policies = _randoms(seed, len(match.log.players))
    while not found(match):
        assert match.step(policies), "the game ended first"
    return match


def _on_a_draw(match: Match[Any]) -> bool:
    whose = match.whose()
    return not whose.chance and not whose.together and bool(whose.seats) and \
        "draw" in match.legal(whose.seats[0]).kind_names()


def test_a_draw_given_its_card_is_refused_without_naming_the_top_card() -> None:
    """A trial appended Orc Poker draws naming a card: the rules refused them with
    "1 cannot be drawn from the action deck: its top card is 9", and the card
    then drawn was 9, every time. The card is the dealer's: such a draw is
    refused before the rules see it, saying how to write it and naming only
    the card given; the match is as it was, and the draw written right is taken."""
    match = _until(Match("orc-poker", ["Aki", "Ben", "Cy"], seed=5), _on_a_draw)
    seat = match.whose().seats[0]
    name = match.log.players[seat]
    top = match.state.deck[0]
    probe = next(card for card in range(1, 11) if card != top)
    events, stock, numbers = match.log.events, list(match.dealer.stock), match.dealer.rng.getstate()
    with pytest.raises(DealerError, match=r"Draw\.card is the dealer's to fill in, not "
                                          rf"{probe}: give card=None, and the dealer turns "
                                          "up the top card of the action deck") as refused:
        match.append(Draw(player=name, card=probe))
    assert re.findall(r"\d+", str(refused.value)) == [str(probe)]
    assert refused.value.__context__ is None
    assert match.log.events == events and match.dealer.stock == stock
    assert match.dealer.rng.getstate() == numbers
    with pytest.raises(DealerError, match=r"Draw\.card is the dealer's"):
        match.step([lambda view, offers: Draw(player=view.player, card=probe)] * 3)
    assert match.log.events == events
    match.append(Draw(player=name, card=None))
    assert match.log.events[-1] == Draw(player=name, card=top)


def test_a_win_given_its_stock_cards_is_refused() -> None:
    """Auction's ``from_stock`` (the stock cards that make up a short pile) is the
    dealer's too: a win naming them is refused before the rules, and the match
    is as it was."""
    def win_offered(match: Match[Any]) -> bool:
        whose = match.whose()
        return not whose.chance and any(
            "win" in match.legal(seat).kind_names() for seat in whose.seats)

    match = _until(Match("auction", ["Aki", "Ben"], {"target": 50}, seed=2), win_offered)
    seat = next(seat for seat in match.whose().seats if "win" in match.legal(seat).kind_names())
    win = match.legal(seat).of_kind("win")[0]
    stock_card = match.dealer.stock[0]
    events, stock = match.log.events, list(match.dealer.stock)
    with pytest.raises(DealerError, match=r"Win\.from_stock is the dealer's to fill in, not .*: "
                                          "give from_stock=None, and the dealer draws the "
                                          "stock cards that make up a short pile"):
        match.append(attrs.evolve(win, from_stock=(stock_card,)))
    assert match.log.events == events and match.dealer.stock == stock


def test_a_river_part_given_the_future_river_is_refused() -> None:
    """Saint Poker's new future river is the dealer's: a seat's river part naming
    it is refused before it is held."""
    match: Match[Any] = Match("saint-poker", ["Aki", "Ben"], seed=1)
    match.deal()
    part = match.legal(0)[0]
    with pytest.raises(DealerError, match=r"River\.future is the dealer's to fill in"):
        match.append(attrs.evolve(part, future=tuple(match.dealer.stock[:3])))
    assert match.whose().seats == (0, 1) and len(match.legal(0)) > 0


SEEDS = {"goblin-poker": 1, "orc-poker": 11, "saint-poker": 1, "auction": 1}
"""Games played to see every chance field filled in (Orc Poker's tie-break
draws come in one game of several)."""


@pytest.mark.parametrize("game", GAMES)
def test_the_dealers_fields_declared_are_those_complete_fills_in(game: str) -> None:
    """Each game's play part declares the chance fields its ``complete`` fills in
    (GamePlay.dealt), which a Match refuses filled in: every field ``complete``
    changed in whole random games is declared, and every field declared was
    filled in at least once."""
    low, high = PLAYERS[game]
    filled: set[tuple[type, str]] = set()
    for seed in range(SEEDS[game]):
        match: Match[Any] = Match(game, NAMES[:low + seed % (high - low + 1)], OPTIONS[game],
                                  seed=seed)
        complete = match.part.complete

        def spy(state: Any, event: Event, dealer: Any, complete: Any = complete) -> Event:
            done: Event = complete(state, event, dealer)
            filled.update((type(event), field.name) for field in attrs.fields(type(event))
                          if getattr(done, field.name) != getattr(event, field.name))
            return done

        match.part = attrs.evolve(match.part, complete=spy)
        _to_the_end(match, _randoms(seed, len(match.log.players)))
    declared = {(kind, field) for kind, fields in match.part.dealt.items() for field in fields}
    assert filled == declared


def test_a_refused_act_names_no_card_the_seat_cannot_see() -> None:
    """A Goblin Poker pitch of a card the seat does not hold was refused with "7
    cannot be pitched from Aki's hand: ...; 7 is known to be in Ben's hand": the
    true state knows every hand. The refusal is the rules' judging the pitch on
    the seat's view, which names no other hand, and it carries no context that
    does; the match is as it was."""
    match = _until(Match("goblin-poker", ["Aki", "Ben"], seed=3),
                   lambda match: "pitch" in match.legal(match.whose().seats[0]).kind_names()
                   if match.whose().seats and not match.whose().together else False)
    seat = match.whose().seats[0]
    name, other = match.log.players[seat], match.log.players[1 - seat]
    held = match.state.account.zone(hand(name)).known
    card = next(card for card in match.state.account.zone(hand(other)).known if card not in held)
    events = match.log.events
    pitch = Pitch(player=name, card=card)
    with pytest.raises(RuleViolation, match=f"{card} cannot be pitched from {name}'s hand") \
            as refused:
        match.append(pitch)
    assert f"{other}'s hand" not in str(refused.value)
    assert refused.value.__context__ is None and refused.value.__cause__ is None
    assert match.log.events == events
    with pytest.raises(RefusedAnswer) as answered:
        match.step([lambda view, offers: pitch] * 2)
    assert str(answered.value.refusal) == str(refused.value)
    assert answered.value.__context__ is None
    assert (answered.value.seat, answered.value.player) == (seat, name)
    assert str(answered.value) == (f"seat {seat}'s policy ({name}) answered an event the rules "
                                   f"refuse: {refused.value}")
    with pytest.raises(RuleViolation, match=f"{card} is known to be in {other}'s hand"):
        match.rules.apply(match.state, pitch)  # what the true state says


def _to_reveals(seed: int = 4) -> Match[Any]:
    """An Orc Poker match of three, dealt: every seat reveals a card together."""
    match: Match[Any] = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=seed)
    match.deal()
    assert match.whose() == Whose(seats=(0, 1, 2), together=True)
    return match


def test_a_step_taken_together_is_given_part_by_part() -> None:
    """Appending one seat's reveal was refused ("Ben and Cy must reveal a card
    too"): a program with a human at one seat could not hand in the parts as
    they came. A part is held now: whose() names the seats still to give
    theirs, the seat that gave has no offers, and the last part makes the step,
    the event being what the parts make together."""
    match = _to_reveals()
    parts = [match.legal(seat)[-1] for seat in range(3)]
    assert match.append(parts[1]) == ()
    assert match.whose() == Whose(seats=(0, 2), together=True) and len(match.log) == 1
    assert len(match.legal(1)) == 0 and len(match.legal(0)) > 0
    assert match.append(parts[0]) == ()
    assert match.whose().seats == (2,)
    effects = match.append(parts[2])
    assert len(match.log) == 2 and effects == match.log.effects[-1]
    assert match.log.events[-1] == match.part.merge(parts)
    assert match.whose() != Whose(seats=(2,), together=True)


def test_a_seats_second_part_and_a_whole_event_after_a_part_are_refused() -> None:
    """A seat gives one part of a step (held as given, as a card laid face down):
    another is refused, as is a whole event once a part is held, and a part of
    a kind not offered; the parts held stay as they were."""
    match = _to_reveals()
    first = match.legal(0)[0]
    match.append(first)
    with pytest.raises(PolicyError, match=r"Aki gave a part of this step already: a part is "
                                          r"held as given .* until Ben and Cy give theirs"):
        match.append(match.part.legal(match.state, 0)[-1])
    whole = match.part.merge([match.part.legal(match.state, seat)[0] for seat in range(3)])
    with pytest.raises(PolicyError, match="Aki gave a part of this step: it is taken part by "
                                          "part now, and Ben and Cy still give theirs"):
        match.append(whole)
    with pytest.raises(PolicyError, match=r"Ben's part pitch\(cards=\{Ben:3\},order=\?\) cannot "
                                          r"be taken: in this step every seat gives its own "
                                          r"part, one of its offers \(reveal by Ben\)"):
        match.append(OrcPitch(cards={"Ben": 3}))
    assert match.whose().seats == (1, 2) and len(match.log) == 1


def test_a_refused_part_leaves_the_parts_held_and_names_no_hidden_card() -> None:
    """A part is judged when it is given, with the parts held and the others'
    first offers: a card the seat does not hold is refused at once (in words
    from its view: not where the card is), before or as the last part; the
    parts held stay, and the step is then made by the right parts."""
    match = _to_reveals()
    state = match.state
    aki = state.account.zone(hand("Aki")).known
    ben = state.account.zone(hand("Ben")).known
    missing = next(card for card in ben if card not in aki)
    for given in ((), (1, 2)):
        for seat in given:
            match.append(match.legal(seat)[0])
        with pytest.raises(RuleViolation, match=f"{missing} cannot be revealed from Aki's hand") \
                as refused:
            match.append(OrcReveal(cards={"Aki": missing}))
        assert "Ben's hand" not in str(refused.value) and refused.value.__context__ is None
        assert match.whose().seats == tuple(seat for seat in range(3) if seat not in given)
        assert len(match.log) == 1
    match.append(match.legal(0)[0])
    assert len(match.log) == 2


def test_a_step_asks_only_the_seats_still_to_give_their_part() -> None:
    """Once a part is held, step() asks the other seats only: the seat that gave
    is not asked again, and the step is made of all the parts."""
    match = _to_reveals()
    given = match.legal(1)[0]
    match.append(given)

    def not_asked(view: View[Any], offers: Sequence[Offer]) -> Offer:
        raise AssertionError("a seat that gave its part was asked again")

    first: Policy = lambda view, offers: offers[0]  # noqa: E731
    assert match.step([first, not_asked, first])
    assert match.log.events[-1].cards["Ben"] == given.cards["Ben"]
    assert set(match.log.events[-1].cards) == {"Aki", "Ben", "Cy"}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_given_part_by_part_is_legal_and_validates(game: str, tmp_path: Path) -> None:
    """Every step taken together given part by part (one seat after another, in
    an order of their own), the others played by random players: each game ends,
    and its saved transcript validates."""
    low, _ = PLAYERS[game]
    for seed in range(2):
        match: Match[Any] = Match(game, NAMES[:low + 1], OPTIONS[game], seed=seed)
        policies = _randoms(seed, low + 1)
        chooser = random.Random(seed)
        together = 0
        while not match.whose().over:
            whose = match.whose()
            if not whose.together:
                match.step(policies)
                continue
            together += 1
            for seat in reversed(whose.seats):
                assert seat in match.whose().seats
                offers = match.legal(seat)
                match.append(offers[chooser.randrange(len(offers))])
        assert together and match.log.outcome.complete
        path = tmp_path / f"{game}-{seed}.json"
        save_log(match.log, path)
        assert replay_file(path).exit_code == 0


def test_a_refused_answer_in_a_step_together_names_no_hidden_card() -> None:
    """A policy's part naming a card its seat does not hold, in step(): the rules
    refuse the event the parts make, and the refusal is worded from the view of
    the seat it points at (not where the card is); nothing is held."""
    match = _to_reveals()
    aki = match.state.account.zone(hand("Aki")).known
    missing = next(card for card in match.state.account.zone(hand("Ben")).known
                   if card not in aki)
    first: Policy = lambda view, offers: offers[0]  # noqa: E731
    wrong: Policy = lambda view, offers: OrcReveal(cards={"Aki": missing})  # noqa: E731
    with pytest.raises(RuleViolation, match=f"{missing} cannot be revealed from Aki's hand") \
            as refused:
        match.step([wrong, first, first])
    assert "Ben's hand" not in str(refused.value) and refused.value.__context__ is None
    assert match.whose().seats == (0, 1, 2) and len(match.log) == 1


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
    with pytest.raises(PolicyError, match=r"^seat (\d)'s policy \(P\d\) answered .*: an act of P\d's, "
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


def test_play_refuses_a_policys_chance_field_as_a_match_does() -> None:
    """:func:`play`'s loop asks its policies without a match's checks, and a policy
    that wrote its own Orc Poker draw naming a card (not an offer) had it judged
    by the rules against the true deck ("its top card is 9"). It is refused
    before the rules see it, as :meth:`Match.step` refuses it, with the same
    words, after the seat whose policy answered it."""
    def drawing(view: Any, offers: Listing) -> Offer:
        answer = offers[0]
        if isinstance(answer, Draw):
            return attrs.evolve(answer, card=1)
        picked: Offer = offers[0]
        return picked

    with pytest.raises(DealerError, match=r"^seat \d's policy \(P\d\): Draw\.card is the "
                                          "dealer's to fill in, not 1: give card=None"
                       ) as refused:
        play("orc-poker", [drawing] * 3, seed=5)
    assert "its top card" not in str(refused.value)


def test_play_refuses_a_policys_part_with_a_chance_field() -> None:
    """A part of a step taken together (Saint Poker's river) naming the dealer's
    future river is refused by :func:`play` too, before the parts are merged."""
    def foreseeing(view: Any, offers: Listing) -> Offer:
        answer = offers[0]
        future = (Card.parse("AS"), Card.parse("KS"), Card.parse("QS"))
        return attrs.evolve(answer, future=future) if answer.TYPE == "river" else answer

    with pytest.raises(DealerError, match=r"^seat 0's policy \(P1\): River\.future is the "
                                          "dealer's to fill in"):
        play("saint-poker", [foreseeing] * 2, seed=1)


def test_a_match_step_names_the_seat_whose_part_has_a_chance_field() -> None:
    """:meth:`Match.step` refuses a part with the dealer's field as :func:`play`
    does, naming the seat whose policy answered it; :meth:`Match.append` of the
    same part (a program's own, no policy's) is refused without a seat named."""
    future = (Card.parse("AS"), Card.parse("KS"), Card.parse("QS"))
    match: Match[Any] = Match("saint-poker", ["Aki", "Ben"], seed=1)
    match.deal()

    def foreseeing(view: Any, offers: Listing) -> Offer:
        return attrs.evolve(offers[0], future=future)

    with pytest.raises(DealerError, match=r"^seat 0's policy \(Aki\): River\.future is the "
                                          "dealer's to fill in"):
        match.step([foreseeing, foreseeing])
    with pytest.raises(DealerError, match=r"^River\.future is the dealer's to fill in"):
        match.append(attrs.evolve(match.legal(0)[0], future=future))


_CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")


def _named(text: str) -> set[str]:
    return set(_CARD.findall(text))


def test_a_refused_part_names_no_card_of_another_seats_part() -> None:
    """A seat's part refused in a step taken together was judged with the others'
    parts in it (those held, and the first offer of each seat still to come):
    Ben's reveal of 2 at Goblin Poker said "2 is known to be in Aki's stack" (Aki's
    lowest card, not yet revealed), and Ben's river card at Saint Poker said where
    Aki's card laid face down was. The seat's refusal now judges its own part,
    the others' unknown to it."""
    match: Match[Any] = Match("goblin-poker", ["Aki", "Ben", "Cy"], seed=4)
    match.deal()
    assert match.legal(0)[0] == GoblinReveal(cards={"Aki": 2})
    with pytest.raises(RuleViolation) as refused:
        match.append(GoblinReveal(cards={"Ben": 2}))
    assert str(refused.value) == ("2 cannot be revealed from Ben's hand: it is known to hold "
                                  "3, 5, 5, 6, 8, 9 (C-2)")
    saint: Match[Any] = Match("saint-poker", ["Aki", "Ben", "Cy"], seed=3)
    saint.deal()
    laid = saint.legal(0)[0]
    saint.append(laid)
    card = laid.cards["Aki"]
    with pytest.raises(RuleViolation) as refused:
        saint.append(River(cards={"Ben": card}))
    assert "river" not in str(refused.value)
    assert _named(str(refused.value)) <= _named(saint.views[1].information_state()) | {str(card)}


def test_a_refused_part_names_no_card_the_dealer_has_yet_to_turn_up() -> None:
    """The refusal was judged with the dealer's fields filled in from the true
    deck: at Saint Poker's second river, Ben's part of 2D said "2D is known to be
    in the future river", and the next river's future was 2D: a program could
    probe the stock. Over the rivers of several games, every card a refusal of a
    part names is one the seat sees (its view's information state) or the one it
    gave, and a card the seat does not see is not said to be anywhere."""
    for seed in range(6):
        match: Match[Any] = Match("saint-poker", ["Aki", "Ben", "Cy"], seed=seed)
        policies = [RandomPolicy(seat) for seat in range(3)]
        while not match.whose().over:
            whose = match.whose()
            if whose.together and 1 in whose.seats and isinstance(match.legal(1)[0], River):
                seen = match.views[1].information_state()
                held = {str(offer.cards["Ben"]) for offer in match.legal(1)}
                for card in [Card.parse(text) for text in ("2D", "3H", "7D", "5D", "9S", "AC")]:
                    if str(card) in held:
                        continue
                    with pytest.raises(RuleViolation) as refused:
                        match.append(River(cards={"Ben": card}))
                    said = str(refused.value)
                    assert _named(said) <= _named(seen) | {str(card)}, (seed, said)
                    if str(card) not in _named(seen):  # where it is, Ben cannot know
                        assert "known to be in" not in said, (seed, said)
            match.step(policies)


def test_an_answer_of_a_kind_not_offered_is_refused() -> None:
    """Auction's standing bidder, once the others have passed, is offered only its
    wins; a policy that kept answering its first offer (a bid) had that bid taken
    again and again (the rules allow the bidder with priority an equal bid), and
    play() never returned. An answer of a kind the seat was not offered is a
    PolicyError naming the seat and what it was offered; the match is as it was."""
    class Stale:
        """Answers the first offer it was ever given, every time."""

        def __init__(self) -> None:
            self.first: Offer | None = None

        def __call__(self, view: Any, offers: Listing) -> Offer:
            self.first = self.first or offers[0]
            return self.first

    match: Match[Any] = Match("auction", ["P1", "P2"], seed=1)
    policies: list[Policy] = [Stale(), RandomPolicy(1)]
    with pytest.raises(PolicyError, match=r"^seat 0's policy \(P1\) answered BidEvent\(.*\): no "
                                          r"bid is among its offers \(win by P1\)$"):
        for _ in range(20):
            events = match.log.events
            match.step(policies)
    assert match.log.events == events
    with pytest.raises(PolicyError, match="no bid is among its offers"):
        play("auction", [Stale(), RandomPolicy(1)], seed=1)
