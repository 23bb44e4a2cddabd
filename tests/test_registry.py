"""The registry (cardcore.registry): every game by its transcript name, imported on use."""

from __future__ import annotations

from imports import imported_by

from cardcore.registry import GAMES, PACKAGES, get_game


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
