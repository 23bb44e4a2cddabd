"""The four games as PettingZoo environments (the ``cardcore[pettingzoo]`` extra).

``env("auction", players=4)`` is an AEC environment (:class:`CardTable`, wrapped
in PettingZoo's order check); ``parallel_env(...)`` the same table through
PettingZoo's parallel wrapper. One module per game, as PettingZoo's classic
environments are laid out: :mod:`cardcore.pettingzoo.goblin_poker_v0`,
``orc_poker_v0``, ``saint_poker_v0`` and ``auction_v0``. See docs/pettingzoo.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import aec_to_parallel, aec_to_parallel_wrapper

from cardcore.pettingzoo.table import CardTable

__all__ = ["AECTable", "CardTable", "GameModule", "ParallelTable", "env", "game_module",
           "parallel_env", "raw_env"]

if TYPE_CHECKING:
    # PettingZoo ships no type information: to a type checker its classes are Any,
    # and so was every table but the raw one. These name what env() and
    # parallel_env() return as a checker should see them: a PettingZoo
    # environment (anything of its API is still Any) whose ``unwrapped`` is the
    # CardTable, so that ``table.unwrapped.log`` is checked.
    from pettingzoo import AECEnv, ParallelEnv

    class AECTable(AECEnv):  # type: ignore[misc]  # (AECEnv is Any: no type information)
        """A :class:`CardTable` in PettingZoo's order check (what :func:`env` returns)."""

        @property
        def unwrapped(self) -> CardTable:
            """The table itself."""

    class ParallelTable(ParallelEnv):  # type: ignore[misc]
        """A :class:`CardTable` as a parallel environment (what :func:`parallel_env`
        returns)."""

        @property
        def unwrapped(self) -> CardTable:
            """The table itself."""
else:
    AECTable = wrappers.OrderEnforcingWrapper
    """A :class:`CardTable` in PettingZoo's order check (what :func:`env` returns)."""
    ParallelTable = aec_to_parallel_wrapper
    """A :class:`CardTable` as a parallel environment (what :func:`parallel_env` returns)."""


def raw_env(game: str, players: int | None = None, options: Any = None, **kwargs: Any
            ) -> CardTable:
    """The unwrapped table (keyword arguments: ``num_players``, ``render_mode``,
    ``max_cycles``; see :class:`CardTable`)."""
    return CardTable(game, players, options, **kwargs)


def env(game: str, players: int | None = None, options: Any = None, **kwargs: Any
        ) -> AECTable:
    """The table in PettingZoo's order check (``step`` before ``reset`` refused)."""
    table: AECTable = wrappers.OrderEnforcingWrapper(raw_env(game, players, options, **kwargs))
    return table


def parallel_env(game: str, players: int | None = None, options: Any = None, **kwargs: Any
                 ) -> ParallelTable:
    """The table as a parallel environment: each step takes every agent's action."""
    table: ParallelTable = aec_to_parallel(env(game, players, options, **kwargs))
    return table


class GameModule(NamedTuple):
    """One game's constructors, as PettingZoo's classic modules name them."""

    raw_env: Callable[..., CardTable]
    env: Callable[..., AECTable]
    parallel_env: Callable[..., ParallelTable]


def game_module(game: str) -> GameModule:
    """The ``raw_env``, ``env`` and ``parallel_env`` of one game: what each per-game
    module (``auction_v0``...) exports, made here once rather than written out
    four times."""

    def game_raw_env(players: int | None = None, options: Any = None, **kwargs: Any
                     ) -> CardTable:
        """The unwrapped table."""
        return raw_env(game, players, options, **kwargs)

    def game_env(players: int | None = None, options: Any = None, **kwargs: Any) -> AECTable:
        """The table in PettingZoo's order check."""
        return env(game, players, options, **kwargs)

    def game_parallel_env(players: int | None = None, options: Any = None, **kwargs: Any
                          ) -> ParallelTable:
        """The table as a parallel environment."""
        return parallel_env(game, players, options, **kwargs)

    return GameModule(game_raw_env, game_env, game_parallel_env)
