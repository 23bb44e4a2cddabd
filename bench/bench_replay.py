"""Replay and validation speed: the hot paths, side by side.

Simulates sessions of growing length, writes them as transcript files, and
times each stage of `cardcore validate` on them (read+parse, load into events,
fold the rules) plus the whole `replay_file`. Prints per-event cost and the
ratio between consecutive sizes: a ratio near the size ratio (2.0) means the
cost is linear in the number of events.

    python bench/bench_replay.py [--game goblin-poker] [--players 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardcore.registry import GAMES
from replay.jsonload import read_json
from replay.runner import replay_file, replay_transcript
from replay.transcript import Transcript, dump_transcript, load_transcript

SIZES = (2_500, 5_000, 10_000, 20_000)


def _best(repeat: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def _session(game: str, players: int, events: int, seed: int) -> Transcript:
    """A simulated session cut to about ``events`` events at a game boundary.

    Chips are plentiful so that nobody goes broke before the session is long enough.
    """
    rules = GAMES[game]
    names = tuple(f"P{n}" for n in range(1, players + 1))
    options = rules.options_type(games=events // 8, starting_chips=1_000_000)
    produced = list(rules.simulate(names, options, random.Random(seed)))
    kinds = [type(e).__name__ for e in produced]
    end = next((i for i in range(events, len(kinds)) if kinds[i] == "Deal"), len(kinds))
    return Transcript(game=game, players=names, options=options, events=tuple(produced[:end]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="goblin-poker", choices=["goblin-poker"])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for size in SIZES:
            transcript = _session(args.game, args.players, size, seed=size)
            path = Path(folder) / f"{size}.json"
            path.write_text(json.dumps(dump_transcript(transcript)), encoding="utf-8")
            data = read_json(path)
            loaded = load_transcript(data)
            report = replay_file(path)
            assert report.problems == (), report.problems[:3]
            rows.append((
                len(loaded.events),
                path.stat().st_size,
                _best(args.repeat, lambda p=path: read_json(p)),
                _best(args.repeat, lambda d=data: load_transcript(d)),
                _best(args.repeat, lambda t=loaded: replay_transcript(t)),
                _best(args.repeat, lambda p=path: replay_file(p)),
            ))
    print(f"{args.game}, {args.players} players, best of {args.repeat}")
    print(f"{'events':>7} {'KiB':>6} {'parse ms':>9} {'load ms':>8} {'fold ms':>8} "
          f"{'total ms':>9} {'us/event':>9} {'x prev':>7}")
    previous = None
    for events, size, parse, load, fold, total in rows:
        ratio = f"{total / previous:7.2f}" if previous else "      -"
        print(f"{events:7d} {size / 1024:6.0f} {parse * 1e3:9.1f} {load * 1e3:8.1f} "
              f"{fold * 1e3:8.1f} {total * 1e3:9.1f} {total / events * 1e6:9.1f} {ratio}")
        previous = total
    print("x prev: time ratio to the previous size (sizes double: ~2.0 is linear)")


if __name__ == "__main__":
    main()
