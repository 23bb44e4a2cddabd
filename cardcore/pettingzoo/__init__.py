"""The four games as PettingZoo environments (the ``cardcore[pettingzoo]`` extra).

``env("auction", players=4)`` is an AEC environment (:class:`CardTable`, wrapped
in PettingZoo's order check); ``parallel_env(...)`` the same table through
PettingZoo's parallel wrapper. One module per game, as PettingZoo's classic
environments are laid out: :mod:`cardcore.pettingzoo.goblin_poker_v0`,
``orc_poker_v0``, ``saint_poker_v0`` and ``auction_v0``. See docs/pettingzoo.md.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import aec_to_parallel

from cardcore.pettingzoo.table import CardTable

__all__ = ["CardTable", "env", "parallel_env", "raw_env"]


def raw_env(game: str, players: int = 2, options: Any = None, **kwargs: Any) -> CardTable:
    """The unwrapped table (keyword arguments: ``render_mode``, ``max_cycles``)."""
    return CardTable(game, players, options, **kwargs)


def env(game: str, players: int = 2, options: Any = None, **kwargs: Any) -> Any:
    """The table in PettingZoo's order check (``step`` before ``reset`` refused)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, options, **kwargs))


def parallel_env(game: str, players: int = 2, options: Any = None, **kwargs: Any) -> Any:
    """The table as a parallel environment: each step takes every agent's action."""
    return aec_to_parallel(env(game, players, options, **kwargs))
