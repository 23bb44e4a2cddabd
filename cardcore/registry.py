"""The registry of games by their transcript name."""

from __future__ import annotations

from typing import Any

from cardcore.errors import CardcoreError
from cardcore.game import GameRules
from cardcore.games.auction import RULES as AUCTION
from cardcore.games.goblin import RULES as GOBLIN
from cardcore.games.orc import RULES as ORC
from cardcore.games.saint import RULES as SAINT

__all__ = ["GAMES", "UnknownGameError", "get_game"]


class UnknownGameError(CardcoreError):
    """A game name that no engine implements; the message lists the games there are."""

    def __init__(self, name: object) -> None:
        self.name = name
        super().__init__(f"no game is called {name!r}: the games are {', '.join(GAMES)}")


GAMES: dict[str, GameRules[Any]] = {rules.name: rules for rules in (GOBLIN, ORC, SAINT, AUCTION)}


def get_game(name: str) -> GameRules[Any]:
    """The rules of ``name``; the error lists the games there are.

    >>> get_game("goblin-poker").title
    'Goblin Poker'
    >>> get_game("gin")
    Traceback (most recent call last):
    ...
    cardcore.registry.UnknownGameError: no game is called 'gin': the games are goblin-poker, orc-poker, saint-poker
    """
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGameError(name) from None
