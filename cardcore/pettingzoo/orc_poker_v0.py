"""``orc-poker`` as a PettingZoo environment, laid out like PettingZoo's classic ones
(``env``, ``raw_env``, ``parallel_env``); see :mod:`cardcore.pettingzoo`."""

from __future__ import annotations

from cardcore.pettingzoo import game_module

__all__ = ["GAME", "env", "parallel_env", "raw_env"]

GAME = "orc-poker"

raw_env, env, parallel_env = game_module(GAME)
