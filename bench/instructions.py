"""The child of ``compare.py --instructions``: one pass over transcript files,
run under ``valgrind --tool=callgrind`` so that its instructions can be counted.

    python bench/instructions.py SPEC.json LABEL {load,fold,append,fits}

``load`` reads and loads the files of LABEL in SPEC.json (``read_json``,
``load_transcript``) and starts each game; ``fold`` does the same and then
applies every event (``rules.apply``, the fold of bench/timing.py). The
instructions of the fold are those of ``fold`` less those of ``load``, over
the same files in the same interpreter, so that start-up and loading cancel
out. ``append`` appends every event (checks too) to a ``GameLog`` instead:
the library's path for a program, which keeps every state. ``fits`` prints (as JSON) the files of LABEL this revision folds without a
refusal, so that two revisions are counted on files both accept (497cf6e
refuses a single joker as an Auction bid, which the spec revised later).

Like bench/timing.py, it imports only what the running interpreter has
installed, so it works with another revision's venv too.
"""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path
from typing import Any

from timing import fold_all, load_transcript, read_json, starter

from cardcore.gamelog import GameLog
from cardcore.registry import GAMES


def loaded(paths: list[str]) -> tuple[list[Any], list[Any]]:
    transcripts = [load_transcript(read_json(Path(path))) for path in paths]
    starts = [starter(GAMES[t.game], t) for t in transcripts]
    for transcript, start in zip(transcripts, starts, strict=True):
        start(transcript)  # the same start-up work in both modes
    return transcripts, starts


def main(argv: list[str]) -> int:
    spec, label, mode = Path(argv[0]), argv[1], argv[2]
    paths: list[str] = json.loads(spec.read_text(encoding="utf-8"))[label]
    if mode == "fits":
        fits = []
        for path in paths:
            transcripts, starts = loaded([path])
            try:
                fold_all(transcripts, starts)
            except Exception:  # a refusal: this revision reads the rules otherwise
                continue
            fits.append(path)
        print(json.dumps(fits))
        return 0
    transcripts, starts = loaded(paths)
    # As bench/timing.py: what was loaded is kept out of the collector's walks,
    # since validate holds one transcript at a time, not a corpus.
    gc.collect()
    gc.freeze()
    if mode == "fold":
        fold_all(transcripts, starts)
    elif mode == "append":
        for transcript in transcripts:
            log = GameLog(transcript.game, transcript.players, transcript.options,
                          ages=transcript.ages)
            for event in transcript.events:
                log.append(event)
    events = sum(1 for t in transcripts for e in t.events if e.TYPE != "check")
    print(json.dumps({"events": events}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
