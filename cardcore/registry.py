"""The registry of games by their transcript name.

A game's package is imported the first time its rules are asked for, so that
judging one Goblin Poker transcript does not build the other three engines
(start-up is the whole cost of settling one dispute). Names are known at once.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any, Final

from cardcore.errors import UnknownGameError
from cardcore.game import GameRules
from cardcore.protocol import S
from cardcore.table import likely, unique_prefix

__all__ = ["GAMES", "UnknownGameError", "game_named", "get_game", "rules_of"]

PACKAGES: Final = {
    "goblin-poker": "cardcore.games.goblin",
    "orc-poker": "cardcore.games.orc",
    "saint-poker": "cardcore.games.saint",
    "auction": "cardcore.games.auction",
}
"""Transcript name -> the package whose ``RULES`` plays it; adding a game adds a line."""


class _Registry(Mapping[str, GameRules[Any]]):
    """The games by name, each imported on first use."""

    def __init__(self, packages: Mapping[str, str]) -> None:
        self._packages = dict(packages)
        self._loaded: dict[str, GameRules[Any]] = {}

    def __getitem__(self, name: str) -> GameRules[Any]:
        rules = self._loaded.get(name)
        if rules is None:
            package = self._packages[name]
            rules = importlib.import_module(package).RULES
            self._loaded[name] = rules
        return rules

    def __contains__(self, name: object) -> bool:
        return name in self._packages

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)


GAMES: Mapping[str, GameRules[Any]] = _Registry(PACKAGES)


def get_game(name: str) -> GameRules[Any]:
    """The rules of the game called ``name``: its transcript name or the start of
    just one (``orc``), in any case, as the command line reads it
    (:func:`game_named`), so that a program and ``cardcore`` take the same names.
    The error lists the games there are. A transcript's ``game`` is read as the
    format writes it, in full (:mod:`cardcore.replay.transcript`).

    >>> get_game("goblin-poker").title, get_game("orc").title
    ('Goblin Poker', 'Orc Poker')
    >>> get_game("gin")
    Traceback (most recent call last):
    ...
    cardcore.errors.UnknownGameError: no game is called 'gin': the games are goblin-poker, orc-poker, saint-poker, auction
    """
    return GAMES[game_named(name)]


def rules_of(game: str | GameRules[S]) -> GameRules[S]:
    """A game's rules, given as they are or by name (:func:`get_game`): what the
    library's functions that take a game (``GameLog``, ``play``, ``Match``,
    ``catalogue``, ``legal_events``...) take, read in this one place."""
    return game if isinstance(game, GameRules) else get_game(game)


def game_named(text: object) -> str:
    """The transcript name of the game a person names, on the command line or in
    a program (:func:`get_game`): the name itself or the only one it begins
    (``goblin``, ``saint``), in any case and with any spaces around it, as
    ``cardcore rules`` reads page names. A transcript's ``game`` is always
    written in full. A name close to one (``goblin_poker``, as PettingZoo's
    module spells it) is refused with that one as a hint, not taken for it.

    >>> game_named("orc"), game_named("Auction"), game_named(" saint-poker ")
    ('orc-poker', 'auction', 'saint-poker')
    >>> game_named("poker")
    Traceback (most recent call last):
    ...
    cardcore.errors.UnknownGameError: no game is called 'poker': the games are goblin-poker, orc-poker, saint-poker, auction
    >>> game_named("goblin_poker")
    Traceback (most recent call last):
    ...
    cardcore.errors.UnknownGameError: no game is called 'goblin_poker' (did you mean 'goblin-poker'?): the games are goblin-poker, orc-poker, saint-poker, auction
    """
    name = unique_prefix(text, tuple(PACKAGES)) if isinstance(text, str) else None
    if name is None:
        wanted = text.strip().lower() if isinstance(text, str) else ""
        # a part of several names ("poker") means none of them more than the others
        several = sum(wanted in game for game in GAMES) > 1
        hint = likely(wanted, tuple(GAMES)) if wanted and not several else ""
        raise UnknownGameError(text, tuple(GAMES), hint)
    return name
