"""Random-agent episodes per second: the four cardcore games as PettingZoo
environments beside PettingZoo's own ``leduc_holdem_v4``, in one run (issue 25).

    python bench/bench_pettingzoo.py [--episodes 50] [--repeat 3] [--players N] [--json FILE]

Needs the ``pettingzoo`` extra, and ``pettingzoo[classic]`` (rlcard) for Leduc.
Every environment is played the same way: ``reset(seed)``, then ``agent_iter``,
``last`` and ``step`` with an action sampled within the mask (the action
space's ``sample(mask)``, seeded), through PettingZoo's usual wrappers. Each
figure is the best of ``--repeat`` passes, the passes going round the
environments in turn so that all of them see the same machine. Prints, per
environment, episodes/s, agent steps per episode, and, for the cardcore games,
events per episode (the transcript's length).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

GAMES = ("goblin-poker", "orc-poker", "saint-poker", "auction")


def _episodes(make: Callable[[], Any], count: int) -> tuple[float, int, int]:
    """Seconds for ``count`` random episodes of a fresh environment, the agent steps
    taken and (for a cardcore table) the events of its games."""
    table = make()
    steps = events = 0
    gc.collect()
    start = time.perf_counter()
    for episode in range(count):
        table.reset(seed=episode)
        for agent in table.possible_agents:
            table.action_space(agent).seed(episode)
        for agent in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            action = None if terminated or truncated else table.action_space(agent).sample(
                observation["action_mask"])
            table.step(action)
            steps += 1
        log = getattr(table.unwrapped, "log", None)
        events += len(log) if log is not None else 0
    return time.perf_counter() - start, steps, events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", type=int, default=3, help="seats at each cardcore table")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    from cardcore.pettingzoo import env

    makers: dict[str, Callable[[], Any]] = {
        game: (lambda game=game: env(game, args.players)) for game in GAMES}
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except ImportError as error:  # rlcard absent: say so, bench the rest
        print(f"leduc_holdem_v4 left out: {error} (pip install 'pettingzoo[classic]')",
              file=sys.stderr)
    else:
        makers["leduc_holdem_v4"] = leduc_holdem_v4.env

    best: dict[str, tuple[float, int, int]] = {}
    for _ in range(args.repeat):
        for name, make in makers.items():
            figure = _episodes(make, args.episodes)
            if name not in best or figure[0] < best[name][0]:
                best[name] = figure
    results = {}
    for name, (seconds, steps, events) in best.items():
        results[name] = {"episodes_per_s": args.episodes / seconds,
                         "steps_per_episode": steps / args.episodes,
                         "events_per_episode": events / args.episodes if events else None}
        events_text = f", {events / args.episodes:7.1f} events" if events else ""
        print(f"{name:16} {args.episodes / seconds:9.1f} episodes/s  "
              f"{steps / args.episodes:7.1f} steps/episode{events_text}")
    if args.json:
        args.json.write_text(json.dumps({"players": args.players, "episodes": args.episodes,
                                         "results": results}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
