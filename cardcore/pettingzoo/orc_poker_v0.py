"""``orc-poker`` as a PettingZoo environment, laid out like PettingZoo's classic ones
(``env``, ``raw_env``, ``parallel_env``); see :mod:`cardcore.pettingzoo`."""

from __future__ import annotations

from typing import Any

from cardcore import pettingzoo
from cardcore.pettingzoo.table import CardTable

__all__ = ["env", "parallel_env", "raw_env"]

GAME = "orc-poker"


def raw_env(players: int = 3, options: Any = None, **kwargs: Any) -> CardTable:
    """The unwrapped table."""
    return pettingzoo.raw_env(GAME, players, options, **kwargs)


def env(players: int = 3, options: Any = None, **kwargs: Any) -> Any:
    """The table in PettingZoo's order check."""
    return pettingzoo.env(GAME, players, options, **kwargs)


def parallel_env(players: int = 3, options: Any = None, **kwargs: Any) -> Any:
    """The table as a parallel environment."""
    return pettingzoo.parallel_env(GAME, players, options, **kwargs)
