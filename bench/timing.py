"""In-process timing of validation stages over groups of transcript files.

    python bench/timing.py [--repeat 3] [--stages parse,load,fold,e2e] SPEC.json

SPEC.json maps a label to a list of transcript files (``{"goblin-poker":
["a.json", ...]}``). For every label, times the stages of validation over all
its files, each stage as a whole pass over the files:

* ``parse``: ``read_json`` (read the bytes, decode, strict JSON);
* ``load``: ``load_transcript`` of the parsed data (cattrs, the format's checks);
* ``fold``: ``rules.start`` and ``rules.apply`` over every event, no runner;
* ``e2e``: ``replay_file``, the whole of validating one file, as ``validate`` does
  (every report must be free of problems).

Keeps the best of ``--repeat`` passes; the passes go round every label and
stage in turn, so that all of them see the same machine. Prints one JSON
object: ``{"python": ..., "cardcore": ..., "groups": {label: {"files": n,
"events": n, "parse": seconds, ...}}}``; a group this revision cannot read or
validate has ``{"error": why}`` instead.

bench/bench_fold.py imports :func:`measure`; bench/compare.py runs this file
with the interpreter of another revision, so it imports only what is
installed there: ``cardcore.replay`` or, at revisions before the package was
named so (3b236ba), the top-level ``replay``. It runs on Python 3.10.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import cardcore
from cardcore.protocol import Check
from cardcore.registry import GAMES

try:
    from cardcore.replay.jsonload import read_json
    from cardcore.replay.runner import replay_file
    from cardcore.replay.transcript import load_transcript
except ImportError:  # revisions with the top-level package `replay` (3b236ba)
    from replay.jsonload import read_json  # type: ignore[no-redef, import-not-found, unused-ignore]
    from replay.runner import replay_file  # type: ignore[no-redef, import-not-found, unused-ignore]
    from replay.transcript import load_transcript  # type: ignore[no-redef, import-not-found, unused-ignore]

__all__ = ["STAGES", "measure"]

STAGES = ("parse", "load", "fold", "e2e")


def starter(rules: Any, transcript: Any) -> Callable[[Any], Any]:
    """How to start ``rules`` from a transcript: with ``ages=`` where the game takes
    it (every game now; only Saint Poker, ``takes_ages``, at 3b236ba), else without."""
    if getattr(rules, "takes_ages", True):
        try:
            rules.start(transcript.players, transcript.options, ages=transcript.ages)
        except TypeError:
            pass
        else:
            return lambda t: rules.start(t.players, t.options, ages=t.ages)
    return lambda t: rules.start(t.players, t.options)


try:  # the fold with a private working state (issue 21); before it, rules.apply per event
    from cardcore.reduction import Reduction
except ImportError:
    Reduction = None


def fold_all(transcripts: Sequence[Any], starts: Sequence[Callable[[Any], Any]]) -> None:
    """Every transcript's events applied in turn, as the runner does (checks skipped):
    through one :class:`cardcore.reduction.Reduction` per transcript where the
    revision has it, else ``rules.apply`` per event."""
    if Reduction is not None:
        for transcript, start in zip(transcripts, starts, strict=True):
            reduce = Reduction(GAMES[transcript.game], start(transcript)).apply
            for event in transcript.events:
                if type(event) is not Check:
                    reduce(event)
        return
    for transcript, start in zip(transcripts, starts, strict=True):
        rules = GAMES[transcript.game]
        apply = rules.apply
        state = start(transcript)
        for event in transcript.events:
            if type(event) is Check:
                continue
            state, _ = apply(state, event)


class Unfit(Exception):
    """A group this revision cannot time: a file it does not read or validate."""


def valid(reports: Sequence[Any]) -> None:
    """Refuse a pass in which a file did not validate: the corpus must be valid here."""
    for report in reports:
        if report.problems:
            raise Unfit(f"{report.path} does not validate here: {report.problems[0]}")


def _timed(work: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _prepare(paths: Sequence[Path | str]) -> tuple[list[Path], list[Any], list[Any], list[Any]]:
    files = [Path(p) for p in paths]
    data = [read_json(path) for path in files]
    transcripts = [load_transcript(item) for item in data]
    valid([replay_file(files[0])])  # a warm-up; the timed passes check every file's report
    starts = [starter(GAMES[t.game], t) for t in transcripts]
    return files, data, transcripts, starts


def measure(groups: Mapping[str, Sequence[Path | str]], repeat: int = 3,
            stages: Sequence[str] = STAGES) -> dict[str, dict[str, Any]]:
    """Per label: ``files``, ``events`` and the best seconds of each stage; or
    ``error``, why this revision cannot time that group (it is left out)."""
    prepared = {}
    errors: dict[str, str] = {}
    for label, paths in groups.items():
        try:
            prepared[label] = _prepare(paths)
        except Exception as error:  # an old revision may not read today's files
            errors[label] = f"{type(error).__name__}: {error}"[:1000]
    # What the timed passes read is made once and never scanned again by the
    # collector: `validate` holds one transcript at a time, not a corpus.
    gc.collect()
    gc.freeze()
    work: dict[str, Callable[[list[Path], list[Any], list[Any], list[Any]], object]] = {
        "parse": lambda files, data, transcripts, starts: [read_json(p) for p in files],
        "load": lambda files, data, transcripts, starts: [load_transcript(d) for d in data],
        "fold": lambda files, data, transcripts, starts: fold_all(transcripts, starts),
        "e2e": lambda files, data, transcripts, starts: valid([replay_file(p) for p in files]),
    }
    best: dict[str, dict[str, float]] = {
        label: dict.fromkeys(stages, float("inf")) for label in groups}
    for _ in range(repeat):
        for label, (files, data, transcripts, starts) in list(prepared.items()):
            for stage in stages:
                try:
                    spent = _timed(lambda: work[stage](files, data, transcripts, starts))  # noqa: B023
                except Exception as error:
                    errors[label] = f"{type(error).__name__}: {error}"[:1000]
                    del prepared[label]
                    break
                best[label][stage] = min(best[label][stage], spent)
    gc.unfreeze()
    results: dict[str, dict[str, Any]] = {}
    for label in groups:
        if label in errors:
            results[label] = {"error": errors[label]}
        else:
            files, _, transcripts, _ = prepared[label]
            results[label] = {"files": len(files),
                              "events": sum(len(t.events) for t in transcripts), **best[label]}
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time validation stages over groups of files.")
    parser.add_argument("spec", type=Path, help="JSON: label -> list of transcript files")
    parser.add_argument("--repeat", type=int, default=3, help="passes; the best is kept (3)")
    parser.add_argument("--stages", default=",".join(STAGES),
                        help="comma-separated, of " + ", ".join(STAGES))
    args = parser.parse_args(argv)
    stages = [s for s in args.stages.split(",") if s]
    unknown = set(stages) - set(STAGES)
    if unknown:
        parser.error(f"unknown stages: {', '.join(sorted(unknown))}")
    groups = json.loads(args.spec.read_text(encoding="utf-8"))
    result = {
        "python": sys.version.split()[0],
        "cardcore": str(Path(cardcore.__file__).resolve().parent),
        "groups": measure(groups, max(1, args.repeat), stages),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
