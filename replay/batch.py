"""Judging many files: one small per-file function, mapped in order, in processes.

A corpus of simulated or archived games can hold hundreds of thousands of files.
:func:`judge` reads and replays one file and returns its report *slimmed* (no
events, no steps: a few hundred bytes that pickle), so that the caller can
print it and drop it, whether it came from this process or another one.
:func:`judge_all` maps it over the files in order, in ``jobs`` processes, with
a bounded number of chunks in flight: the output order is the input order, and
memory stays flat however many files there are. The same function is what a
distributed engine would map (docs/corpora.md).
"""

from __future__ import annotations

import functools
import io
import itertools
from collections.abc import Iterable, Iterator

from cardcore.replay.runner import Report, path_label, replay_file

__all__ = ["Source", "chunk_size", "judge", "judge_all", "judge_chunk"]

Source = str | tuple[str, bytes]
"""A file to judge: its path, or (name, content) for input already read (stdin)."""

def judge(source: Source, keep_going: bool = False) -> Report:
    """The report of one file, without its transcript or steps (small and picklable);
    ``keep_going``: past a rule problem (``validate --keep-going``)."""
    if isinstance(source, tuple):
        name, content = source
        report = replay_file(io.BytesIO(content), name=name, keep_going=keep_going)
    else:
        report = replay_file(path_label(source), keep_going=keep_going)
    return report.slim()


def judge_chunk(sources: list[Source], keep_going: bool = False) -> list[Report]:
    """:func:`judge` over a chunk: one round trip to a process per chunk, not per file."""
    return [judge(source, keep_going) for source in sources]


def chunk_size(files: int, jobs: int) -> int:
    """Files per chunk: a few chunks per process, at most 64 files each.

    >>> chunk_size(2000, 2), chunk_size(10, 4), chunk_size(10**6, 8)
    (62, 1, 64)
    """
    return max(1, min(64, files // (jobs * 16)))


def _chunks(sources: Iterable[Source], size: int) -> Iterator[list[Source]]:
    iterator = iter(sources)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def judge_all(sources: Iterable[Source], *, jobs: int = 1, chunk: int = 16,
              keep_going: bool = False, scheduler: str | None = None) -> Iterator[Report]:
    """The slim reports of ``sources`` in their order, judged in ``jobs`` processes
    (1: in this one) or on the Dask cluster at ``scheduler``
    (:mod:`cardcore.replay.cluster`); a bounded number of chunks is queued at a time.
    ``keep_going``: past a rule problem (``validate --keep-going``)."""
    if jobs <= 1 and scheduler is None:
        yield from (judge(source, keep_going) for source in sources)
        return
    from cardcore.replay.cluster import executor  # only --jobs and --scheduler pay for it

    with executor(jobs=jobs, scheduler=scheduler) as run:
        for reports in run.map(functools.partial(judge_chunk, keep_going=keep_going),
                               _chunks(sources, chunk)):
            yield from reports
