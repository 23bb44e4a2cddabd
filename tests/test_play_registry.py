"""The play registry (cardcore.play.registry): each game's play part, found by its rules."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardcore.errors import NotAStateError, UnknownGameError
from cardcore.games.auction import RULES as AUCTION
from cardcore.games.goblin import RULES as GOBLIN
from cardcore.games.saint import RULES as SAINT
from cardcore.play.dealer import Dealer
from cardcore.play.errors import SeatError
from cardcore.play.legal import auction, goblin, orc, saint
from cardcore.play.listing import Listing
from cardcore.play.registry import PLAY, game_play, legal_events, whose
from cardcore.protocol import Check
from cardcore.registry import GAMES


def test_every_game_has_its_play_part() -> None:
    """Each registered game is played by the part of its own play module."""
    assert set(PLAY) == set(GAMES)
    expected = {"goblin-poker": goblin.PLAY, "orc-poker": orc.PLAY,
                "saint-poker": saint.PLAY, "auction": auction.PLAY}
    assert {name: game_play(GAMES[name]) for name in GAMES} == expected


def test_a_game_without_a_play_part_is_refused_in_words() -> None:
    """Rules the play layer does not know (a game added without its play module) are
    refused with the games it can play, not a bare KeyError."""
    stranger = attrs.evolve(GOBLIN, name="gin")
    with pytest.raises(UnknownGameError, match="no game is called 'gin': the games are"):
        game_play(stranger)


def test_a_state_of_another_game_is_refused_as_the_rules_refuse_it() -> None:
    """``legal_events`` and ``whose`` read a state with the game's own play part:
    an Auction state gave Saint Poker's no events and a Goblin state a plausible
    chance step, without a word, and None an AttributeError. Each is refused with
    the words ``rules.apply`` has for it."""
    auction_state = AUCTION.start(["Aki", "Ben"])
    goblin_state = GOBLIN.start(["Aki", "Ben"])
    for call in (lambda: legal_events(SAINT, auction_state, 0),
                 lambda: whose(SAINT, goblin_state), lambda: legal_events(SAINT, None, 0)):
        with pytest.raises(NotAStateError, match="Saint Poker's rules apply to its own states "
                                                 r"\(SaintState\)"):
            call()
    with pytest.raises(NotAStateError) as applied:
        SAINT.apply(goblin_state, Check())
    with pytest.raises(NotAStateError) as read:
        whose(SAINT, goblin_state)
    assert str(read.value) == str(applied.value)


@pytest.mark.parametrize("seat", [-1, True, 2, "Aki"])
def test_legal_events_refuses_a_seat_that_is_none_of_the_tables(seat: Any) -> None:
    """-1 listed the last seat's events and True seat 1's; 2 raised IndexError and
    a name TypeError. A seat is a whole number from 0 to players - 1."""
    state = SAINT.start(["Aki", "Ben"])
    with pytest.raises(SeatError, match=r"is not a seat of this table: its seats are 0 to 1 "
                                        r"\(0 Aki, 1 Ben\)"):
        legal_events(SAINT, state, seat)


def test_legal_events_are_a_listing_even_when_there_are_none() -> None:
    """A seat with no step got a plain tuple, one with a step a listing: always a
    listing now, so that ``kind_names`` needs no check first."""
    state = SAINT.start(["Aki", "Ben"])
    nothing = legal_events(SAINT, state, 1)
    assert isinstance(nothing, Listing) and list(nothing) == [] and nothing.kind_names() == []


def test_legal_events_and_whose_take_the_games_name_as_play_does() -> None:
    """``legal_events("orc-poker", state, 0)`` raised AttributeError ('str' object
    has no attribute 'name'), as ``whose`` did: each takes a game's name (or the
    start of one, as ``get_game`` reads it) for its rules, and refuses an unknown
    name as ``get_game`` does."""
    state = SAINT.start(["Aki", "Ben"])
    state, _ = SAINT.apply(state, Dealer(3).chance(SAINT, state))
    for name in ("saint-poker", "saint"):
        assert list(legal_events(name, state, 0)) == list(legal_events(SAINT, state, 0))
        assert whose(name, state) == whose(SAINT, state)
    assert len(legal_events("saint-poker", state, 0)) > 0
    for call in (lambda: legal_events("gin", state, 0), lambda: whose("gin", state)):
        with pytest.raises(UnknownGameError, match="no game is called 'gin': the games are"):
            call()
