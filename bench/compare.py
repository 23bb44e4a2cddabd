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

from corpus import build, corpus_arguments

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
TIMING = BENCH / "timing.py"
TARGET_FOLD_RATIO = 3.0


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
    parser.add_argument("--events", type=int, default=10_000,
                        help="events per game: the first corpus files that hold them (10000)")
    parser.add_argument("--repeat", type=int, default=3, help="passes per run, best kept (3)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each, alternately (2)")
    corpus_arguments(parser)
    parser.add_argument("--quick", action="store_true", help="smoke run: 2000 events, 1 pass")
    parser.add_argument("--install-only", action="store_true",
                        help="only install REV and print its python (to run another bench "
                        "script with it)")
    args = parser.parse_args(argv)
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
    for game in args.games:
        total = 0
        files = []
        for path, events in zip(corpus.files[game], corpus.events[game], strict=True):
            files.append(str(path))
            total += events
            if total >= args.events:
                break
        groups[game] = files
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
