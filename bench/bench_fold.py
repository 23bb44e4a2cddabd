"""Validation speed per game and stage over the simulated corpus, with the ratios side by side.

    python bench/bench_fold.py [--events 20000 | --files N] [--repeat 3] [--corpus DIR]
                               [--quick] [--json FILE]

In one process, over the first transcripts of each game's corpus
(bench/corpus.py, built and cached on first use) that hold ``--events``
events (or the first ``--files`` files, if given), times each stage of
validation as a whole pass over the files (bench/timing.py): parse
(``read_json``), load (``load_transcript``), fold (``rules.start`` and
``rules.apply`` over the events, no runner) and end-to-end (``replay_file``).
Every figure is the best of ``--repeat`` passes, and the passes go round the
games and stages in turn, so the ratios are measured side by side. Prints:

1. per game and stage: events/s and us/event; parse+load+fold in events/s; the
   fold's share of end-to-end; each game's cost per event against Goblin Poker's;
2. cost per event against the length of a transcript: one session of 5 players
   of Goblin and Orc Poker, its first 1,000, 10,000 and 100,000 events, with
   the ratio to the shortest (target: within 1.3x);
3. cost per event against the number of players: sessions of 5,000 events at
   tables of 2, 4 and 8 (Orc Poker: 3, 4 and 8), ratio to the smallest table;
4. the peak RSS of a child process that replays a 100,000-event transcript
   (``replay_file``), and of the same child after only its imports (target:
   under 100 MB). The figure is the child's ``VmHWM`` (/proc/self/status):
   its ``ru_maxrss`` is also shown, but Linux carries that over ``exec`` from
   the parent, so it is never below this benchmark's own peak;
5. the targets of the performance issue, met or not.

``--quick`` is a smoke run (4,000 events a game, 1 pass, sizes up to 30,000 events; the
RSS child still replays 100,000 events). The long sessions are cached beside
the corpus. ``--json FILE`` also writes every measurement.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from corpus import build, corpus_arguments, session
from timing import STAGES
from timing import measure as measure_any

from cardcore.registry import GAMES
from cardcore.replay.transcript import load_transcript

TARGET_FOLD = 150_000
TARGET_PARSE_LOAD_FOLD = 100_000
TARGET_FLAT = 1.3
TARGET_RSS_MB = 100

SIZES = (1_000, 10_000, 100_000)
QUICK_SIZES = (1_000, 10_000, 30_000)
LONG_PLAYERS = 5
TABLES = {"goblin-poker": (2, 4, 8), "orc-poker": (3, 4, 8)}
TABLE_EVENTS = 5_000
RSS_EVENTS = 100_000

RSS_CHILD = """
import resource, sys
from pathlib import Path
from cardcore.replay.runner import replay_file

def peak():
    # VmHWM: the peak RSS of this process image. ru_maxrss would not do: Linux
    # carries it over exec from the parent, the benchmark, which holds a corpus.
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

before = peak()
report = replay_file(Path(sys.argv[1]))
after = peak()
maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(before, after, maxrss, len(report.transcript.events), len(report.problems))
"""


def measure(groups: dict[str, list[Path]], repeat: int,
            stages: Sequence[str] = STAGES) -> dict[str, dict[str, float]]:
    """bench/timing.py's measurements; every group must validate with this tree."""
    results = measure_any(groups, repeat, stages)
    for label, row in results.items():
        if "error" in row:
            raise SystemExit(f"bench_fold: {label}: {row['error']} (an old corpus? "
                             "python bench/corpus.py --rebuild)")
    return results


def cut(path: Path, events: int, folder: Path) -> Path:
    """A file of the first ``events`` events of the session in ``path``."""
    target = folder / f"{path.stem}-first{events}.json"
    if not target.is_file():
        data = json.loads(path.read_text(encoding="utf-8"))
        data["events"] = data["events"][:events]
        load_transcript(data)  # still a transcript
        target.write_text(json.dumps(data) + "\n", encoding="utf-8")
    return target


def us(seconds: float, events: int) -> float:
    return seconds / events * 1e6


def rate(seconds: float, events: int) -> float:
    return events / seconds


def first_files(events: Sequence[int], budget: int, files: int | None) -> int:
    """How many of the first files to take: ``files``, or as many as hold ``budget`` events."""
    if files is not None:
        return min(files, len(events))
    total = 0
    for taken, count in enumerate(events, 1):
        total += count
        if total >= budget:
            return taken
    return len(events)


def corpus_table(results: dict[str, dict[str, float]], count: int, repeat: int) -> None:
    print(f"1. per game: the first transcripts of the corpus ({count} a game), "
          f"best of {repeat} passes")
    stages = ("parse", "load", "fold", "e2e")
    print(f"{'game':<13} {'files':>5} {'events':>7}" + "".join(f" {s + ' ev/s':>11}" for s in stages)
          + f" {'p+l+f ev/s':>11} {'fold/e2e':>9}")
    for game, row in results.items():
        events = int(row["events"])
        plf = row["parse"] + row["load"] + row["fold"]
        print(f"{game:<13} {int(row['files']):5d} {events:7d}"
              + "".join(f" {rate(row[s], events):11,.0f}" for s in stages)
              + f" {rate(plf, events):11,.0f} {row['fold'] / row['e2e']:9.2f}")
    print(f"{'us/event':<27}" + "".join(f" {s:>11}" for s in stages)
          + f" {'p+l+f':>11} {'e2e/Goblin':>11}")
    base = results.get("goblin-poker")
    for game, row in results.items():
        events = int(row["events"])
        plf = row["parse"] + row["load"] + row["fold"]
        against = ""
        if base:
            against = f"{us(row['e2e'], events) / us(base['e2e'], int(base['events'])):10.2f}x"
        print(f"{game:<27}" + "".join(f" {us(row[s], events):11.2f}" for s in stages)
              + f" {us(plf, events):11.2f} {against:>11}")
    if base:
        print("fold per event against Goblin Poker: " + ", ".join(
            f"{game} {us(row['fold'], int(row['events'])) / us(base['fold'], int(base['events'])):.2f}x"
            for game, row in results.items() if game != "goblin-poker"))
    print()


def scaling_table(title: str, label: str, results: dict[str, dict[str, float]],
                  keys: Sequence[tuple[str, int]]) -> float:
    """Print cost per event per key with the ratio to the first of each game; the worst ratio."""
    print(title)
    print(f"{'game':<13} {label:>8} {'fold us/ev':>11} {'x first':>8} "
          f"{'e2e us/ev':>10} {'x first':>8}")
    worst = 1.0
    first: dict[str, tuple[float, float]] = {}
    for game, value in keys:
        row = results[f"{game}/{value}"]
        events = int(row["events"])
        fold, whole = us(row["fold"], events), us(row["e2e"], events)
        base = first.setdefault(game, (fold, whole))
        worst = max(worst, fold / base[0], whole / base[1])
        print(f"{game:<13} {value if label != 'events' else events:>8} {fold:11.2f} {fold / base[0]:7.2f}x "
              f"{whole:10.2f} {whole / base[1]:7.2f}x")
    print()
    return worst


def peak_rss(path: Path) -> tuple[float, float, float, int]:
    """MB: the child's peak RSS after its imports and after the replay (VmHWM), and
    its ``ru_maxrss`` (at least this process's own peak, see RSS_CHILD); and the
    events replayed."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", RSS_CHILD, str(path)], check=True,
                         capture_output=True, text=True)
    spent = time.perf_counter() - started
    before, after, maxrss, events, problems = map(int, out.stdout.split())
    if problems:
        raise SystemExit(f"bench_fold: {path} has {problems} problems")
    print(f"   {path.name}: {events} events in {spent:.1f} s")
    return before / 1024, after / 1024, maxrss / 1024, events


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("--events", type=int, default=20_000,
                        help="events per game: the first files that hold them (20000)")
    parser.add_argument("--files", type=int, help="or: the first N transcripts per game")
    parser.add_argument("--repeat", type=int, default=3, help="passes, best kept (3)")
    corpus_arguments(parser)
    parser.add_argument("--quick", action="store_true", help="smoke run: 4000 events, 1 pass")
    parser.add_argument("--json", type=Path, help="also write the measurements here")
    args = parser.parse_args(argv)
    if args.quick:
        args.events, args.repeat = min(args.events, 4_000), 1
    if args.repeat < 1 or args.events < 1 or (args.files is not None and args.files < 1):
        parser.error("--events, --files and --repeat must be at least 1")
    sizes = QUICK_SIZES if args.quick else SIZES
    started = time.perf_counter()
    print(f"Python {sys.version.split()[0]} on {sys.platform}; cardcore from "
          f"{Path(GAMES['goblin-poker'].begin.__code__.co_filename).parents[3]}")
    corpus = build(args.corpus, count=args.count, games=args.games)
    root = corpus.root
    print(f"corpus: {root}\n")
    record: dict[str, Any] = {"python": sys.version.split()[0], "repeat": args.repeat}

    groups = {game: corpus.files[game][:first_files(corpus.events[game], args.events, args.files)]
              for game in args.games}
    results = measure(groups, args.repeat)
    record["corpus"] = results
    corpus_table(results, args.count, args.repeat)

    cuts = root / "long" / "cuts"
    cuts.mkdir(parents=True, exist_ok=True)
    long_games = [g for g in ("goblin-poker", "orc-poker") if g in args.games]
    length_groups = {}
    for game in long_games:
        whole = session(root, game, max(sizes), LONG_PLAYERS)
        for size in sizes:
            path = whole if size == max(sizes) else cut(whole, size, cuts)
            length_groups[f"{game}/{size}"] = [path]
    by_length = measure(length_groups, args.repeat, ("fold", "e2e"))
    record["length"] = by_length
    worst_length = scaling_table(
        f"2. cost per event against length: one session of {LONG_PLAYERS} players, "
        f"its first N events", "events", by_length,
        [(game, size) for game in long_games for size in sizes])

    table_groups = {f"{game}/{n}": [session(root, game, TABLE_EVENTS, n)]
                    for game in long_games for n in TABLES[game]}
    by_table = measure(table_groups, args.repeat, ("fold", "e2e"))
    record["players"] = by_table
    worst_table = scaling_table(
        f"3. cost per event against players: sessions of {TABLE_EVENTS} events",
        "players", by_table, [(game, n) for game in long_games for n in TABLES[game]])

    print(f"4. peak RSS of a child process replaying {RSS_EVENTS} events (replay_file)")
    rss: dict[str, float] = {}
    for game in long_games:
        path = session(root, game, RSS_EVENTS, LONG_PLAYERS)
        imports, peak, maxrss, _ = peak_rss(path)
        rss[game] = peak
        print(f"   {game:<13} peak after imports {imports:6.1f} MB, after the replay "
              f"{peak:6.1f} MB (ru_maxrss {maxrss:.1f} MB, which includes this parent's "
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MB)")
    record["rss_mb"] = rss
    print()

    print("5. targets")
    for game, row in results.items():
        events = int(row["events"])
        fold = rate(row["fold"], events)
        plf = rate(row["parse"] + row["load"] + row["fold"], events)
        print(f"   {game:<13} fold {fold:9,.0f} ev/s (>= {TARGET_FOLD:,}: "
              f"{'yes' if fold >= TARGET_FOLD else 'no'}), parse+load+fold {plf:9,.0f} ev/s "
              f"(>= {TARGET_PARSE_LOAD_FOLD:,}: {'yes' if plf >= TARGET_PARSE_LOAD_FOLD else 'no'})")
    if long_games:
        print(f"   flat in length ({sizes[0]:,} to {max(sizes):,}): worst {worst_length:.2f}x "
              f"(<= {TARGET_FLAT}: {'yes' if worst_length <= TARGET_FLAT else 'no'})")
        print(f"   flat in players: worst {worst_table:.2f}x "
              f"(<= {TARGET_FLAT}: {'yes' if worst_table <= TARGET_FLAT else 'no'})")
        top = max(rss.values())
        print(f"   peak RSS of a {RSS_EVENTS:,}-event replay: {top:.1f} MB "
              f"(< {TARGET_RSS_MB} MB: {'yes' if top < TARGET_RSS_MB else 'no'})")
    print("   fold >= 3x 3b236ba: see `python bench/compare.py 3b236ba`")
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
    if args.json:
        args.json.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
