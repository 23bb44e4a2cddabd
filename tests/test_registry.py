"""The registry (cardcore.registry): every game by its transcript name, imported on use."""

from __future__ import annotations

from typing import Any

import pytest
from imports import imported_by

from cardcore.registry import GAMES, PACKAGES, UnknownGameError, game_named, get_game


def test_the_registry_names_the_four_games_in_order() -> None:
    """Names are known without importing anything; each maps to its rules."""
    assert list(GAMES) == ["goblin-poker", "orc-poker", "saint-poker", "auction"]
    assert all(get_game(name).name == name for name in PACKAGES)
    assert "gin" not in GAMES and len(GAMES) == 4


def test_asking_for_one_game_imports_that_game_only() -> None:
    """Judging one Goblin Poker record does not build the other engines."""
    loaded = imported_by("from cardcore.registry import GAMES; GAMES['goblin-poker']")
    games = [m for m in loaded if m.startswith("cardcore.games.") and m.count(".") == 2]
    assert games == ["cardcore.games.goblin"]


@pytest.mark.parametrize(("name", "game"), [("orc", "orc-poker"), ("goblin", "goblin-poker"),
                                            ("Auction", "auction"), (" saint-Poker", "saint-poker")])
def test_a_game_is_found_by_the_start_of_its_name_as_the_command_line_finds_it(
        name: str, game: str) -> None:
    """``cardcore study orc`` played Orc Poker where ``get_game("orc")`` (and so
    ``play``, ``Match``, ``GameLog``) knew no such game: both read a name with
    ``game_named`` now."""
    assert get_game(name) is GAMES[game]
    assert game_named(name) == game


@pytest.mark.parametrize("name", ["poker", "", "gin", 42, None, ["orc"]])
def test_a_name_that_begins_no_game_or_several_is_refused_with_the_games(name: Any) -> None:
    """``poker`` begins three games and names none; a value that is no string is
    refused in the same words, not as a TypeError."""
    with pytest.raises(UnknownGameError, match=r"^no game is called .*: the games are "
                                               r"goblin-poker, orc-poker, saint-poker, auction$"):
        get_game(name)


def test_a_name_close_to_a_games_is_refused_with_a_hint() -> None:
    """``goblin_poker`` (PettingZoo's module spelling) got only "no game is called
    'goblin_poker'"; it now says which game it is likely to mean, and is still
    refused (a name is the game's, or the start of just one, in any case). A
    part of several names gets no hint: "poker" means none more than another."""
    with pytest.raises(UnknownGameError, match=r"^no game is called 'goblin_poker' \(did you "
                                               r"mean 'goblin-poker'\?\): the games are "):
        get_game("goblin_poker")
    with pytest.raises(UnknownGameError, match=r"^no game is called 'poker': the games are "):
        get_game("poker")
    assert get_game("  Orc-Poker ") is get_game("orc-poker")
