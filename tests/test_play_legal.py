"""The legal events of every game (``cardcore.games.<game>.legal``), held to the
rules over played states: sound (each listed event, completed by the dealer,
applies) and complete (every candidate of an exhaustive generator that applies
is listed)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.errors import RuleViolation
from cardcore.play import Match, RandomPolicy, game_play
from cardcore.play.listing import Listing
from cardcore.protocol import Event, Ruling
from tests.playing import PLAYERS, candidates, choice, is_part, played

GAMES = tuple(PLAYERS)
LENGTH = {"goblin-poker": 25, "orc-poker": 60, "saint-poker": 60, "auction": 150}
"""About how many steps a played game of each lasts (past them, the game is over)."""
SAMPLE = 150
"""Listed events applied per seat and state (all of them when there are fewer)."""


def _applies(match: Match[Any], event: Event) -> bool:
    """Whether ``event`` (completed by a copy of the dealer) applies now."""
    state = match.state
    try:
        done = match.part.complete(state, event, match.dealer.copy())
        match.rules.apply(state, done)
    except RuleViolation:
        return False
    return True


def _whole(match: Match[Any], seat: int, event: Event) -> Event:
    """A seat's part made whole with the first part of every other seat of the
    step (the event itself when the step is not taken together)."""
    whose = match.whose()
    if not (whose.together and is_part(event)):
        return event
    others = [match.legal(other)[0] for other in whose.seats if other != seat]
    if any(type(part) is not type(event) for part in others):
        return event  # a part of another kind of step: alone, the rules judge it
    parts = [event if other == seat else match.legal(other)[0] for other in whose.seats]
    if seat not in whose.seats:
        parts.append(event)
    return match.part.merge(parts)


def _state(game: str, data: st.DataObject) -> Match[Any]:
    low, high = PLAYERS[game]
    players = data.draw(st.integers(low, high), label="players")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    steps = data.draw(st.integers(0, LENGTH[game]), label="steps")
    match = played(game, players, seed, steps)
    while match.whose().chance:  # on to a player's step
        match.deal()
    return match


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25)
@given(data=st.data())
def test_every_listed_event_applies(game: str, data: st.DataObject) -> None:
    """Each event a seat is listed (a part made whole with the others' parts)
    applies without a RuleViolation once the dealer fills in its chance fields;
    a seat whose step it is not is listed nothing, and while the game is on some
    seat of the step has something (an Auction seat may have no bid to make)."""
    match = _state(game, data)
    whose = match.whose()
    rng = random.Random(len(match.log))
    if whose.seats:
        assert any(len(match.legal(seat)) for seat in whose.seats)
    for seat in range(len(match.log.players)):
        legal = match.legal(seat)
        if seat not in whose.seats:
            assert len(legal) == 0
            continue
        indexes = range(len(legal))
        if len(legal) > SAMPLE:
            indexes = sorted(rng.sample(indexes, SAMPLE))
        for index in indexes:
            event = legal[index]
            assert _applies(match, _whole(match, seat, event)), event


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=10)
@given(data=st.data())
def test_every_candidate_that_applies_is_listed(game: str, data: st.DataObject) -> None:
    """At a player's step, every candidate event of every seat that applies (a part
    made whole with the others' parts) is among that seat's legal events, as the
    choice it stands for (a Saint show's two cards in either order are one set,
    listed once: tests.playing.choice); a ruling, which names no actor (the
    table's choice), among some seat's."""
    match = _state(game, data)
    everyone = [event for seat in range(len(match.log.players)) for event in match.legal(seat)
                if isinstance(event, Ruling)]
    for seat, name in enumerate(match.log.players):
        listed = list(match.legal(seat))
        for candidate in candidates(game, match.state, name):
            if _applies(match, _whole(match, seat, candidate)):
                assert choice(candidate) in (everyone if isinstance(candidate, Ruling)
                                             else listed), candidate


@pytest.mark.parametrize("game", GAMES)
def test_a_listing_lists_each_event_once(game: str) -> None:
    """No choice is listed twice for a seat (a played game's every player step): not
    the same event, nor a Saint show of the same two cards in the other order."""
    low, _ = PLAYERS[game]
    match = played(game, low + 1, 5, 0)
    policies = [lambda view, offers: offers[-1]] * (low + 1)
    for _ in range(120):
        for seat in match.whose().seats:
            legal = list(match.legal(seat))
            assert len(legal) == len({repr(choice(event)) for event in legal})
        if not match.step(policies):
            break


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_without_a_step_is_given_an_empty_listing(game: str) -> None:
    """Every game listed a seat's events as a Listing, and a seat with no step
    (before the deal, between turns, after the end) as a plain tuple: a policy or
    a program reading ``kind_names()`` had to tell the two apart. Always a
    listing now, over a played game's every step."""
    low, _ = PLAYERS[game]
    match = played(game, low + 1, 2, 0)
    policies = [RandomPolicy(seat) for seat in range(low + 1)]
    empty = 0
    for _ in range(300):
        for seat in range(low + 1):
            offers = game_play(match.rules).legal(match.state, seat)
            assert isinstance(offers, Listing)
            empty += not offers.kind_names()
        if not match.step(policies):
            break
    assert empty and match.whose().over
    assert all(isinstance(match.legal(seat), Listing) and not match.legal(seat)
               for seat in range(low + 1))
