"""The four games as PettingZoo environments (the ``cardcore[pettingzoo]`` extra).

``env("auction", players=4)`` is an AEC environment (:class:`CardTable`, wrapped
in PettingZoo's order check); ``parallel_env(...)`` the same table through
PettingZoo's parallel wrapper. One module per game, as PettingZoo's classic
environments are laid out: :mod:`cardcore.pettingzoo.goblin_poker_v0`,
``orc_poker_v0``, ``saint_poker_v0`` and ``auction_v0``. See docs/pettingzoo.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import aec_to_parallel

from cardcore.pettingzoo.table import CardTable

__all__ = ["CardTable", "GameModule", "env", "game_module", "parallel_env", "raw_env"]


def raw_env(game: str, players: int = 2, options: Any = None, **kwargs: Any) -> CardTable:
    """The unwrapped table (keyword arguments: ``render_mode``, ``max_cycles``)."""
    return CardTable(game, players, options, **kwargs)


def env(game: str, players: int = 2, options: Any = None, **kwargs: Any) -> Any:
    """The table in PettingZoo's order check (``step`` before ``reset`` refused)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, options, **kwargs))


def parallel_env(game: str, players: int = 2, options: Any = None, **kwargs: Any) -> Any:
    """The table as a parallel environment: each step takes every agent's action."""
    return aec_to_parallel(env(game, players, options, **kwargs))


class GameModule(NamedTuple):
    """One game's constructors, as PettingZoo's classic modules name them."""

    raw_env: Callable[..., CardTable]
    env: Callable[..., Any]
    parallel_env: Callable[..., Any]


def game_module(game: str, players: int) -> GameModule:
    """The ``raw_env``, ``env`` and ``parallel_env`` of one game, with its default
    table size: what each per-game module (``auction_v0``...) exports, made here
    once rather than written out four times."""

    def game_raw_env(players: int = players, options: Any = None, **kwargs: Any) -> CardTable:
        """The unwrapped table."""
        return raw_env(game, players, options, **kwargs)

    def game_env(players: int = players, options: Any = None, **kwargs: Any) -> Any:
        """The table in PettingZoo's order check."""
        return env(game, players, options, **kwargs)

    def game_parallel_env(players: int = players, options: Any = None, **kwargs: Any) -> Any:
        """The table as a parallel environment."""
        return parallel_env(game, players, options, **kwargs)

    return GameModule(game_raw_env, game_env, game_parallel_env)
