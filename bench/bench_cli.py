"""Whole-process timings of the `cardcore` command, with the standard library only.

    python bench/bench_cli.py [--runs 10] [--dir-runs 3] [--files 250] [--corpus DIR] [--quick]
                              [--no-importtime] [--no-instructions]

Runs the venv's own ``cardcore`` executable (beside ``sys.executable``) as a
user would, with bytecode compiled: ``PYTHONDONTWRITEBYTECODE`` is removed
from the children's environment and every command runs once, untimed, before
it is timed (the warm-up also fills the page cache). Timed with
``time.perf_counter`` around ``subprocess.run``; the commands compared are
run alternately, A B A B (A B C A B C for three), so that all see the same
machine, and the ratio A/B is given for the minimum and the median. Prints:

1. ``cardcore validate ONE_FILE`` (a corpus transcript of Goblin Poker)
   against ``python -c "import click"``: min, median, max over ``--runs``,
   and the ratio (target: at most 1.5x); importing click, attrs and the
   game's package alone, the part of the start-up that the engine takes
   before any replay or command-line code runs; the floor the fixed choices
   set (:data:`FLOOR`: click, attrs and as many frozen attrs classes, of the
   same sizes, as that command builds, and nothing else); then where that
   command's imports spend their time, by package (``python -X importtime``;
   ``--no-importtime``: not); and, when ``valgrind`` is installed, the
   instructions (callgrind) of ``validate ONE_FILE``, of the floor and of
   ``import click``, each run once with ``PYTHONHASHSEED=0`` after the timed
   runs (bytecode compiled), with the ratio of ``validate`` to the floor
   (target: at most 1.15x). Counted instructions do not move with the load of
   a shared machine, where wall clock moves by 10-20 % (``--no-instructions``:
   not; the three runs take some 15 seconds);
2. ``cardcore validate --quiet FOLDER`` for each game's corpus (the first
   ``--files`` transcripts, linked into a folder of their own), over
   ``--dir-runs`` runs: seconds and events/s of the whole process; with
   ``--jobs 1`` against ``--jobs 2`` when the installed command has ``--jobs``
   (found in ``cardcore validate --help``), else a note that it has none.

``--quick`` is a smoke run (5 runs, 1 folder run, 50 files).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from corpus import Corpus, build, corpus_arguments

from cardcore.registry import PACKAGES

TARGET_STARTUP = 1.5
"""``validate ONE_FILE`` against ``import click``, in wall clock."""

TARGET_FLOOR = 1.15
"""``validate ONE_FILE`` against the fixed choices' floor (:data:`FLOOR`), in instructions."""

SIZES = """
import atexit, json, sys
import attrs

def sizes():
    found = [len(attrs.fields(value)) for name, module in list(sys.modules.items())
             if name.startswith("cardcore") and module is not None
             for value in vars(module).values()
             if isinstance(value, type) and attrs.has(value) and value.__module__ == name]
    sys.stderr.write("SIZES " + json.dumps(sorted(found)) + "\\n")

atexit.register(sizes)
from cardcore.cli.main import main
sys.argv = ["cardcore", *sys.argv[1:]]
main()
"""
"""Run as ``python -c SIZES validate FILE``: the command, then on standard error
the field counts of the attrs classes of cardcore's modules it built."""

FLOOR = """
import sys, click, attrs
for index, size in enumerate(map(int, sys.argv[1:])):
    fields = {f"f{field}": "int" for field in range(size)}
    attrs.frozen(kw_only=True)(type(f"C{index}", (), {"__annotations__": fields}))
"""
"""Run as ``python -c FLOOR 5 3 ...``: what start-up cannot go below while the
command is written with click and frozen attrs classes (the project's fixed
choices): both imported, and one frozen class per size given, with no other
code. Compared with ``import click``, it shows how much of the 1.5x target the
fixed choices leave to cardcore's own code."""


def child_env() -> dict[str, str]:
    """The environment of the timed commands: bytecode written and read."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    return env


def run(command: Sequence[str], env: dict[str, str]) -> float:
    """Seconds for one run of ``command``; it must exit 0."""
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True)
    spent = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"bench_cli: {' '.join(command)} exited {done.returncode}:\n"
                         f"{done.stdout.decode()[-2000:]}{done.stderr.decode()[-2000:]}")
    return spent


def alternate(commands: Sequence[Sequence[str]], runs: int, env: dict[str, str]
              ) -> list[list[float]]:
    """Each command once untimed, then ``runs`` rounds of all of them in turn."""
    for command in commands:
        run(command, env)
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for spent, command in zip(times, commands, strict=True):
            spent.append(run(command, env))
    return times


def summary(times: Sequence[float]) -> str:
    return (f"min {min(times) * 1e3:8.1f}  median {statistics.median(times) * 1e3:8.1f}  "
            f"max {max(times) * 1e3:8.1f} ms")


def ratio(a: Sequence[float], b: Sequence[float]) -> str:
    return (f"{min(a) / min(b):.2f}x (min), {statistics.median(a) / statistics.median(b):.2f}x "
            f"(median)")


def class_sizes(command: Sequence[str], env: dict[str, str]) -> list[int]:
    """The field counts of the attrs classes ``command`` (:data:`SIZES`) builds."""
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    for line in done.stderr.splitlines():
        if line.startswith("SIZES "):
            return [int(size) for size in json.loads(line[len("SIZES "):])]
    raise SystemExit(f"bench_cli: no class sizes from {command[-1]}:\n{done.stderr[-2000:]}")


def slowest_imports(command: Sequence[str], env: dict[str, str], top: int = 10
                    ) -> list[tuple[str, int]]:
    """Where the imports of ``command`` (run with ``-X importtime``) spend their time:
    the ``top`` packages by their modules' own microseconds (``cardcore.*`` by its
    subpackage, everything else by its top-level name)."""
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    spent: dict[str, int] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or line.count("|") != 2:
            continue
        own, _, name = line[len("import time:"):].split("|")
        if not own.strip().isdigit():
            continue
        parts = name.strip().split(".")
        package = ".".join(parts[:2]) if parts[0] == "cardcore" else parts[0]
        spent[package] = spent.get(package, 0) + int(own)
    return sorted(spent.items(), key=lambda item: -item[1])[:top]


def instructions(command: Sequence[str], env: dict[str, str]) -> int:
    """The instructions one run of ``command`` executes, counted by callgrind (with
    ``PYTHONHASHSEED=0``: the same run every time, to within a few in a million;
    run it once before, so that the bytecode is compiled). It must exit 0."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *command], env={**env, "PYTHONHASHSEED": "0"},
                          capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"bench_cli: callgrind of {' '.join(command)} exited "
                         f"{done.returncode}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def linked_folder(corpus: Corpus, game: str, files: int) -> Path:
    """A folder of the first ``files`` transcripts of ``game`` (symbolic links)."""
    folder = corpus.root / "cli" / f"{game}-{files}"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = corpus.files[game][:files]
    present = {p.name for p in folder.iterdir()}
    if present != {p.name for p in wanted}:
        for name in present:
            (folder / name).unlink()
        for path in wanted:
            (folder / path.name).symlink_to(path)
    return folder


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("--runs", type=int, default=10, help="timed runs of ONE_FILE (10)")
    parser.add_argument("--dir-runs", type=int, default=3, help="timed runs per folder (3)")
    parser.add_argument("--files", type=int, default=250, help="transcripts per folder (250)")
    corpus_arguments(parser)
    parser.add_argument("--quick", action="store_true", help="smoke run: 5 runs, 1, 50 files")
    parser.add_argument("--no-importtime", dest="importtime", action="store_false",
                        help="do not show where the start-up's imports spend their time")
    parser.add_argument("--no-instructions", dest="instructions", action="store_false",
                        help="do not count the start-up's instructions with callgrind "
                             "(counted when valgrind is installed)")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.dir_runs, args.files = min(args.runs, 5), 1, min(args.files, 50)
    if min(args.runs, args.dir_runs, args.files) < 1:
        parser.error("--runs, --dir-runs and --files must be at least 1")
    files = min(args.files, args.count)
    cardcore = Path(sys.executable).parent / "cardcore"
    if not cardcore.is_file():
        raise SystemExit(f"bench_cli: no {cardcore}: install the project into this venv")
    env = child_env()
    corpus = build(args.corpus, count=args.count, games=args.games)
    # The children run in the corpus folder: `python -c` puts the working directory
    # first on sys.path, and in the checkout its cardcore/ folder would be imported
    # instead of the installed package (without cardcore.cli, so SIZES found no class).
    os.chdir(corpus.root)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; {cardcore}")
    print(f"corpus: {corpus.root}; PYTHONDONTWRITEBYTECODE unset, one untimed run first\n")

    game = "goblin-poker" if "goblin-poker" in args.games else args.games[0]
    one = corpus.files[game][1]
    validate = [str(cardcore), "validate", str(one)]
    click = [sys.executable, "-c", "import click"]
    package = PACKAGES[game]
    engine = [sys.executable, "-c", f"import click, attrs, {package}"]
    sizes = class_sizes([sys.executable, "-c", SIZES, "validate", str(one)], env)
    fixed = [sys.executable, "-c", FLOOR, *map(str, sizes)]
    ours, theirs, floor, least = alternate([validate, click, engine, fixed], args.runs, env)
    print(f"1. start-up, {args.runs} runs each, alternately")
    print(f"   cardcore validate {one.name:<12} {summary(ours)}")
    print(f"   python -c 'import click'      {summary(theirs)}")
    print(f"   ratio: {ratio(ours, theirs)} (target <= {TARGET_STARTUP}x)")
    print(f"   importing click, attrs and {package} alone (the engine, before any "
          f"replay or command-line code): {summary(floor)}, {ratio(floor, theirs)}")
    print(f"   the fixed choices' floor: click, attrs and {len(sizes)} frozen attrs classes "
          f"({sum(sizes)} fields, the sizes of those this command builds), nothing else: "
          f"{summary(least)}, {ratio(least, theirs)}; validate / floor: {ratio(ours, least)}")
    if args.importtime:
        print("   where its imports spend their time (python -X importtime; the modules' "
              "own time, by package):")
        for module, micros in slowest_imports([sys.executable, "-X", "importtime", str(cardcore),
                                               "validate", str(one)], env):
            print(f"     {micros / 1e3:7.1f} ms  {module}")
    if args.instructions and shutil.which("valgrind") is None:
        print("   instructions: not counted (valgrind is not installed)")
    elif args.instructions:
        counted = [instructions(command, env) for command in (validate, fixed, click)]
        ours_n, floor_n, click_n = counted
        print("   instructions (valgrind --tool=callgrind, PYTHONHASHSEED=0, one run each):")
        print(f"     cardcore validate {one.name:<12} {ours_n / 1e6:8.1f} M")
        print(f"     the fixed choices' floor        {floor_n / 1e6:8.1f} M")
        print(f"     python -c 'import click'        {click_n / 1e6:8.1f} M")
        print(f"     validate / floor: {ours_n / floor_n:.3f}x (target <= {TARGET_FLOOR}x); "
              f"validate / import click: {ours_n / click_n:.2f}x; "
              f"floor / import click: {floor_n / click_n:.2f}x")
    print()

    helped = subprocess.run([str(cardcore), "validate", "--help"], env=env, check=True,
                            capture_output=True, text=True).stdout
    has_jobs = "--jobs" in helped
    print(f"2. cardcore validate --quiet FOLDER: the first {files} transcripts of each game, "
          f"{args.dir_runs} runs")
    if not has_jobs:
        print("   (the installed `cardcore validate` has no --jobs: one process only)")
    for game in args.games:
        folder = linked_folder(corpus, game, files)
        events = corpus.total(game, files)
        # the folder's entries are links into the corpus, outside it
        base = [str(cardcore), "validate", "--quiet",
                *(["--follow-links"] if "--follow-links" in helped else [])]
        if has_jobs:
            one_job, two_jobs = alternate([[*base, "--jobs", "1", str(folder)],
                                           [*base, "--jobs", "2", str(folder)]],
                                          args.dir_runs, env)
            print(f"   {game:<13} --jobs 1 {summary(one_job)}  "
                  f"{events / statistics.median(one_job):9,.0f} ev/s")
            print(f"   {'':<13} --jobs 2 {summary(two_jobs)}  "
                  f"{events / statistics.median(two_jobs):9,.0f} ev/s")
            print(f"   {'':<13} --jobs 1 / --jobs 2: {ratio(one_job, two_jobs)}")
        else:
            (alone,) = alternate([[*base, str(folder)]], args.dir_runs, env)
            print(f"   {game:<13} {summary(alone)}  {events:7d} events, "
                  f"{events / statistics.median(alone):9,.0f} ev/s (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
