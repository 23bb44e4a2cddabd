"""The play registry (cardcore.play.registry): each game's play part, found by its rules."""

from __future__ import annotations

import attrs
import pytest

from cardcore.errors import UnknownGameError
from cardcore.games.goblin import RULES as GOBLIN
from cardcore.play.legal import auction, goblin, orc, saint
from cardcore.play.registry import PLAY, game_play
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
