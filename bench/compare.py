"""This tree's validation speed against another git revision, on the same corpus files.

    python bench/compare.py REV [--events 10000] [--repeat 3] [--rounds 2] [--games ...]

Installs revision REV of this repository (``git archive REV``, unpacked into a
temporary folder) into a virtual environment of its own (``python -m venv``,
``pip install -q .``; kept under the system's temporary folder by commit, so
a second run reuses it), builds the corpus with THIS tree (bench/corpus.py),
and runs the same timing script, bench/timing.py, in both interpreters on the
same files: parse, load, fold (``rules.start`` and ``rules.apply``) and
end-to-end (``replay_file``), each the best of ``--repeat`` passes. The two
interpreters run alternately, this tree then REV, ``--rounds`` times, and
each keeps its best, so that both see the same machine.

"This tree" is what this interpreter imports: the working tree, for the
editable install of the project's .venv, uncommitted changes included.

Prints per game the events/s of both and the ratio REV time / this time per
stage: above 1 means this tree is faster (the target for the fold is 3x
3b236ba). A game REV does not have, or whose files it cannot read, is shown
with the reason instead.

``--instructions`` counts instead of timing: ``valgrind --tool=callgrind``
runs bench/instructions.py in each interpreter over the same files, once
loading them and once loading and folding them, and the difference divided
by the events is the fold's instructions per event (``PYTHONHASHSEED=0``;
counts do not move with the machine's load, so one run of each is enough).
Files REV refuses (Auction's single joker, before the spec's revision) are
left out for both. It prints both counts per event, REV / this, and this
tree's count against the targets of issue 21 (``--events`` defaults to 3,000
a game here: callgrind runs Python about 50 times slower).

``--install-only`` prints the python of REV's venv and stops: the other
scripts run with it measure REV (``$(python bench/compare.py 907ef53
--install-only) bench/bench_fold.py``, for a revision with ``cardcore.replay``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import callgrind
from corpus import build, corpus_arguments

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
TIMING = BENCH / "timing.py"
INSTRUCTIONS = BENCH / "instructions.py"
TARGET_FOLD_RATIO = 3.0
TARGET_INSTRUCTIONS = {"goblin-poker": 50_000, "orc-poker": 75_000, "saint-poker": 66_000,
                       "auction": 73_000}
"""Issue 21's targets for the fold, instructions per event (1/1.8 of 497cf6e or better)."""
TARGET_INSTRUCTION_RATIO = 1.8


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def child_env() -> dict[str, str]:
    """No PYTHONPATH, so that each interpreter imports only its own installation."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return env


def install(commit: str, quiet: bool = False) -> Path:
    """The python of a venv with ``commit`` installed (not editable), made once per commit."""
    home = Path(tempfile.gettempdir()) / f"cardcore-bench-rev-{commit[:12]}"
    python = home / "venv" / "bin" / "python"
    done = home / "installed"
    if done.is_file() and python.is_file():
        return python
    shutil.rmtree(home, ignore_errors=True)
    source = home / "src"
    source.mkdir(parents=True)
    if not quiet:
        print(f"installing {commit[:12]} into {home} ...", file=sys.stderr, flush=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    str(source)], check=True, cwd=home, env=child_env())
    done.write_text(commit + "\n", encoding="utf-8")
    return python


def known_games(python: Path) -> list[str]:
    out = subprocess.run([str(python), "-c",
                          "from cardcore.registry import GAMES; print(' '.join(GAMES))"],
                         check=True, capture_output=True, text=True, cwd=tempfile.gettempdir(),
                         env=child_env())
    return out.stdout.split()


def timed(python: Path, spec: Path, repeat: int) -> dict[str, Any]:
    """One run of bench/timing.py with ``python``; its JSON."""
    out = subprocess.run([str(python), str(TIMING), str(spec), "--repeat", str(repeat)],
                         check=True, capture_output=True, text=True,
                         cwd=tempfile.gettempdir(), env=child_env())
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def counted(python: Path, spec: Path, label: str, mode: str) -> tuple[int, int]:
    """Instructions of one run of bench/instructions.py under callgrind, and its events."""
    instructions, out = callgrind.counted([str(python), str(INSTRUCTIONS), str(spec), label, mode],
                                          child_env())
    return instructions, json.loads(out)["events"]


def fitting(python: Path, spec: Path, label: str) -> list[str]:
    """The files of ``label`` that ``python``'s revision folds without a refusal."""
    out = subprocess.run([str(python), str(INSTRUCTIONS), str(spec), label, "fits"],
                         check=True, capture_output=True, text=True,
                         cwd=tempfile.gettempdir(), env=child_env())
    files: list[str] = json.loads(out.stdout)
    return files


def per_event(python: Path, spec: Path, label: str) -> tuple[float, float, int]:
    """Instructions per event of the fold and of ``GameLog.append``: (load and
    fold) less (load), and (load and append) less (load), over the events."""
    loaded, events = counted(python, spec, label, "load")
    folded, _ = counted(python, spec, label, "fold")
    appended, _ = counted(python, spec, label, "append")
    return (folded - loaded) / events, (appended - loaded) / events, events


def instructions(args: argparse.Namespace, commit: str, other: Path, theirs: list[str],
                 groups: dict[str, list[str]], sizes: dict[str, int]) -> int:
    """The ``--instructions`` mode: callgrind counts per fold event, side by side."""
    callgrind.require_valgrind("compare")
    print(f"fold instructions per event (callgrind), this tree against {args.rev} = "
          f"{commit[:12]}; the first corpus files of each game holding {args.events} events, "
          "less the files REV refuses\n")
    print(f"{'game':<13} {'files':>5} {'events':>6} {'this':>9} {args.rev:>9} {'x':>5}  "
          f"{'target':>7}  met")
    appends: list[tuple[str, float, float | None]] = []
    for game in args.games:
        files = groups[game]
        with tempfile.TemporaryDirectory() as scratch:
            spec = Path(scratch) / "spec.json"
            spec.write_text(json.dumps({game: files}), encoding="utf-8")
            if game in theirs:
                fits = set(fitting(other, spec, game))
                files, total = [], 0
                for path in groups[game]:
                    if path in fits and total < args.events:
                        files.append(path)
                        total += sizes[path]
                spec.write_text(json.dumps({game: files}), encoding="utf-8")
            mine, log, events = per_event(Path(sys.executable), spec, game)
            old, old_log, _ = per_event(other, spec, game) if game in theirs else (None, None, 0)
        target = TARGET_INSTRUCTIONS.get(game)
        if old is not None:
            target = min(target or old, old / TARGET_INSTRUCTION_RATIO)
        shown = f"{old:9,.0f} {old / mine:5.2f}" if old is not None else f"{'-':>9} {'-':>5}"
        met = "-" if target is None else ("yes" if mine <= target else "no")
        print(f"{game:<13} {len(files):5d} {events:6d} {mine:9,.0f} {shown}  "
              f"{target or 0:7,.0f}  {met}")
        appends.append((game, log, old_log))
    print(f"\nGameLog.append per event (target: no slower than {args.rev})")
    for game, log, old_log in appends:
        shown = f"{old_log:9,.0f} {old_log / log:5.2f}" if old_log else f"{'-':>9} {'-':>5}"
        met = "-" if not old_log else ("yes" if log <= old_log else "no")
        print(f"{game:<13} {'':5} {'':6} {log:9,.0f} {shown}  {'':7}  {met}")
    print(f"\nx = {args.rev} instructions / this tree's: above 1, this tree does less work; "
          f"target: the lower of issue 21's figure and {args.rev}'s / {TARGET_INSTRUCTION_RATIO}")
    return 0


def merge(best: dict[str, dict[str, Any]], run: dict[str, dict[str, Any]]) -> None:
    """Keep, per group and stage, the best seconds of the runs so far."""
    for label, row in run.items():
        kept = best.setdefault(label, dict(row))
        if "error" in row or "error" in kept:
            kept.setdefault("error", row.get("error"))
            continue
        for key, value in row.items():
            if key not in ("files", "events"):
                kept[key] = min(kept[key], value)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("rev", help="a git revision of this repository (3b236ba)")
    parser.add_argument("--events", type=int, default=None,
                        help="events per game: the first corpus files that hold them (10000)")
    parser.add_argument("--repeat", type=int, default=3, help="passes per run, best kept (3)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each, alternately (2)")
    corpus_arguments(parser)
    parser.add_argument("--quick", action="store_true", help="smoke run: 2000 events, 1 pass")
    parser.add_argument("--instructions", action="store_true",
                        help="count callgrind instructions per fold event instead of timing "
                        "(3000 events a game unless --events is given)")
    parser.add_argument("--install-only", action="store_true",
                        help="only install REV and print its python (to run another bench "
                        "script with it)")
    args = parser.parse_args(argv)
    if args.events is None:
        args.events = 3_000 if args.instructions else 10_000
    if args.quick:
        args.events, args.repeat, args.rounds = min(args.events, 2_000), 1, 1
    if min(args.events, args.repeat, args.rounds) < 1:
        parser.error("--events, --repeat and --rounds must be at least 1")
    try:
        commit = git("rev-parse", "--verify", f"{args.rev}^{{commit}}")
    except subprocess.CalledProcessError:
        parser.error(f"{args.rev!r} is not a revision of {ROOT}")
    started = time.perf_counter()
    other = install(commit)
    if args.install_only:
        print(other)
        return 0
    theirs = known_games(other)
    corpus = build(args.corpus, count=args.count, games=args.games)
    groups: dict[str, list[str]] = {}
    sizes: dict[str, int] = {}
    # --instructions takes candidates holding several times the events: files REV
    # refuses are left out and the first that remain holding --events are counted.
    budget = args.events * (6 if args.instructions else 1)
    for game in args.games:
        total = 0
        files = []
        for path, events in zip(corpus.files[game], corpus.events[game], strict=True):
            files.append(str(path))
            sizes[str(path)] = events
            total += events
            if total >= budget:
                break
        groups[game] = files
    if args.instructions:
        return instructions(args, commit, other, theirs, groups, sizes)
    with tempfile.TemporaryDirectory() as scratch:
        spec = Path(scratch) / "spec.json"
        both = {g: f for g, f in groups.items() if g in theirs}
        spec.write_text(json.dumps(both), encoding="utf-8")
        mine_spec = Path(scratch) / "mine.json"
        mine_spec.write_text(json.dumps(groups), encoding="utf-8")
        ours: dict[str, dict[str, Any]] = {}
        other_best: dict[str, dict[str, Any]] = {}
        where: dict[str, str] = {}
        for _ in range(args.rounds):
            run = timed(Path(sys.executable), mine_spec, args.repeat)
            where["this"] = run["cardcore"]
            merge(ours, run["groups"])
            if both:
                run = timed(other, spec, args.repeat)
                where["other"] = run["cardcore"]
                merge(other_best, run["groups"])
    if where.get("other", "").startswith(str(ROOT)):
        raise SystemExit(f"compare: the other interpreter imported {where['other']}, this tree")

    print(f"this tree: {where['this']} (Python {sys.version.split()[0]})")
    print(f"{args.rev} = {commit[:12]}: {where.get('other', '-')}")
    print(f"corpus {corpus.root}: the first files of each game holding {args.events} events; "
          f"best of {args.repeat} passes x {args.rounds} alternating runs\n")
    stages = ("parse", "load", "fold", "e2e")
    print(f"{'':<13} {'':>6}" + "".join(f" {s + ' ev/s':>22}" for s in stages))
    print(f"{'game':<13} {'events':>6}" + f" {'this':>9} {'other':>8} {'x':>3}" * len(stages))
    fold_ratios = {}
    for game in args.games:
        mine = ours[game]
        if "error" in mine:
            print(f"{game:<13} this tree cannot time it: {mine['error']}")
            continue
        events = int(mine["events"])
        if game not in theirs:
            print(f"{game:<13} {events:6d}  {args.rev} has no {game} (its games: "
                  f"{', '.join(theirs)})")
            continue
        old = other_best[game]
        if "error" in old:
            print(f"{game:<13} {events:6d}  {args.rev} cannot time it: {old['error']}")
            continue
        cells = []
        for stage in stages:
            ratio = old[stage] / mine[stage]
            cells.append(f" {events / mine[stage]:9,.0f} {events / old[stage]:8,.0f} "
                         f"{ratio:4.2f}")
        fold_ratios[game] = old["fold"] / mine["fold"]
        print(f"{game:<13} {events:6d}" + "".join(cells))
    print(f"\nratio = {args.rev} time / this tree's time: above 1, this tree is faster")
    for game, ratio in fold_ratios.items():
        print(f"  {game:<13} fold {ratio:5.2f}x, end-to-end "
              f"{other_best[game]['e2e'] / ours[game]['e2e']:5.2f}x "
              f"(fold target >= {TARGET_FOLD_RATIO}x: {'yes' if ratio >= TARGET_FOLD_RATIO else 'no'})")
    print(f"({time.perf_counter() - started:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
