"""A game's options (cardcore.options): the defaults, a mapping, the class itself."""

from __future__ import annotations

import pytest

from cardcore.registry import GAMES


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_without_options_gets_the_defaults_made_once(game: str) -> None:
    """No options given: the options class's defaults, one frozen object shared by
    every game started so (a program plays thousands); options given are the
    game's own."""
    rules = GAMES[game]
    players = ["Aki", "Ben", "Chie"]
    first, second = rules.setup(players).options, rules.setup(players, None).options
    assert first is second and first == rules.options_type()
    changed = rules.options_type()  # a new object, equal to the defaults
    assert rules.setup(players, changed).options is changed
