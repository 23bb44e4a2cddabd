"""Replay and validation speed, side by side: the hot paths of `cardcore validate`.

For Goblin and Orc Poker it simulates single sessions of growing length
(2,500 to 20,000 events; plenty of chips so nobody goes broke early), writes
them as transcript files and times each stage of validation: read and parse the
JSON, load it into events (cattrs), fold the rules, and the whole `replay_file`.
The "x prev" column is the time ratio to the previous size: sizes double, so
about 2.0 means the cost is linear in the number of events. Saint Poker games
are at most 8 rounds long, so it is timed as a folder of games of about the
same total number of events. The last table compares the games per event.

    python bench/bench_replay.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardcore.play import simulate
from cardcore.registry import GAMES
from cardcore.replay.jsonload import read_json
from cardcore.replay.runner import replay_file, replay_transcript
from cardcore.replay.transcript import Transcript, dump_transcript, load_transcript

SIZES = (2_500, 5_000, 10_000, 20_000)
PLAYERS = 5


def best(repeat: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def long_session(game: str, events: int, seed: int) -> Transcript:
    """A simulated session of at least ``events`` events."""
    rules = GAMES[game]
    names = tuple(f"P{n}" for n in range(1, PLAYERS + 1))
    if game == "goblin-poker":
        options = rules.options_type(games=events // 20 + 5, starting_chips=10**7)
    else:
        options = rules.options_type(rounds=events // 10 + 5, starting_chips=10**7)
    produced = tuple(simulate(rules, names, options, random.Random(seed)))
    return Transcript(game=game, players=names, options=options, events=produced)


def stages(path: Path, repeat: int) -> tuple[int, float, float, float, float]:
    """(events, parse, load, fold, whole) seconds for one file."""
    data = read_json(path)
    transcript = load_transcript(data)
    report = replay_file(path)
    assert report.problems == (), report.problems[:3]
    return (
        len(transcript.events),
        best(repeat, lambda: read_json(path)),
        best(repeat, lambda: load_transcript(data)),
        best(repeat, lambda: replay_transcript(transcript)),
        best(repeat, lambda: replay_file(path)),
    )


def table(title: str, rows: Sequence[tuple[int, float, float, float, float]]) -> None:
    print(title)
    print(f"{'events':>7} {'parse ms':>9} {'load ms':>8} {'fold ms':>8} {'total ms':>9} "
          f"{'us/event':>9} {'x prev':>7}")
    previous = None
    for events, parse, load, fold, total in rows:
        ratio = f"{total / previous:7.2f}" if previous else "      -"
        print(f"{events:7d} {parse * 1e3:9.1f} {load * 1e3:8.1f} {fold * 1e3:8.1f} "
              f"{total * 1e3:9.1f} {total / events * 1e6:9.1f} {ratio}")
        previous = total
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    per_event: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for game in ("goblin-poker", "orc-poker"):
            rows = []
            session = long_session(game, SIZES[-1], seed=1)
            for size in SIZES:
                cut = Transcript(game=game, players=session.players, options=session.options,
                                 events=session.events[:size])
                path = Path(folder) / f"{game}-{size}.json"
                path.write_text(json.dumps(dump_transcript(cut)), encoding="utf-8")
                rows.append(stages(path, args.repeat))
            table(f"{game}: one session of {PLAYERS} players, best of {args.repeat}", rows)
            per_event[game] = rows[2][4] / rows[2][0]
        rules = GAMES["saint-poker"]
        names = tuple(f"P{n}" for n in range(1, PLAYERS + 1))
        games_folder = Path(folder) / "saint"
        games_folder.mkdir()
        total_events = 0
        seed = 0
        while total_events < SIZES[2]:
            events = tuple(simulate(rules, names, None, random.Random(seed)))
            transcript = Transcript(game="saint-poker", players=names,
                                    options=rules.options_type(), events=events)
            (games_folder / f"{seed}.json").write_text(json.dumps(dump_transcript(transcript)))
            total_events += len(events)
            seed += 1
        files = sorted(games_folder.glob("*.json"))
        whole = best(args.repeat, lambda: [replay_file(p) for p in files])
        print(f"saint-poker: {len(files)} games of {PLAYERS} players, {total_events} events: "
              f"{whole * 1e3:.1f} ms, {whole / total_events * 1e6:.1f} us/event\n")
        per_event["saint-poker"] = whole / total_events
    fastest = min(per_event.values())
    print("per event, whole validation (10,000-event sizes):")
    for game, cost in per_event.items():
        print(f"  {game:<13} {cost * 1e6:6.1f} us   x{cost / fastest:.2f} of the fastest")


if __name__ == "__main__":
    main()
