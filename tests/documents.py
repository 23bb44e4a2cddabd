"""JSON documents in tests: the README's Goblin Poker game, and the paths into a
document that the hostile-input tests and the fuzzer mutate."""

from __future__ import annotations

from typing import Any

README_GOBLIN: list[dict[str, Any]] = [
    {"type": "deal"},
    {"type": "reveal", "cards": {"Aki": 4, "Ben": 2, "Chie": 7}},
    {"type": "pitch", "player": "Ben"},
    {"type": "fold", "player": "Chie"},
    {"type": "pitch", "player": "Aki"},
    {"type": "stack", "player": "Ben", "card": 8},
    {"type": "stack", "player": "Aki", "card": 4},
]
"""The README's Goblin game (Aki, Ben, Chie): a fold pays 2, Aki busts on the 4,
Ben is left. A copy is the caller's to change: ``[*README_GOBLIN]`` shares the
events, ``copy.deepcopy`` does not."""


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``value`` (keys and indexes), itself first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*path, index))
    return found


def at(document: Any, path: tuple[Any, ...]) -> Any:
    """The value at ``path`` in ``document``."""
    for part in path:
        document = document[part]
    return document
