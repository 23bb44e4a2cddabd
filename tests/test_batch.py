"""Judging many files in order, in processes, with small results."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from pathlib import Path

from cardcore.replay import batch
from cardcore.replay.batch import chunk_size, judge, judge_all

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted(str(p) for p in (ROOT / "fixtures").rglob("*.json"))


def test_a_judged_report_is_small_and_keeps_what_printing_needs() -> None:
    """No transcript, no steps; the expect of a fixture of illegal play survives pickling."""
    illegal = next(p for p in FIXTURES if "illegal-" in p)
    report = judge(illegal)
    assert report.transcript is None and report.steps == ()
    again = pickle.loads(pickle.dumps(report))
    assert again == report and again.expect and again.valid
    assert len(pickle.dumps(judge(FIXTURES[0]))) < 4000


def test_content_already_read_is_judged_as_a_file() -> None:
    """(name, bytes), as standard input is sent, gives the report of that file."""
    path = FIXTURES[0]
    report = judge(("<stdin>", Path(path).read_bytes()))
    assert report.path == "<stdin>" and report.valid == judge(path).valid


def test_two_processes_give_the_reports_of_one_in_the_input_order() -> None:
    """Every fixture, shuffled, in 2 processes with chunks of 3: the same reports in
    the same order as judged here one by one."""
    files = list(FIXTURES)
    random.Random(4).shuffle(files)
    alone = list(judge_all(files, jobs=1))
    together = list(judge_all(files, jobs=2, chunk=3))
    assert together == alone and [r.path for r in together] == files


def test_only_a_bounded_number_of_chunks_is_in_flight() -> None:
    """Sources are consumed lazily: with 2 jobs at most 2 * IN_FLIGHT chunks are queued
    before the first result is handed over."""
    taken: list[int] = []

    def sources() -> Iterator[str]:
        for index, path in enumerate(FIXTURES * 3):
            taken.append(index)
            yield path

    reports = judge_all(sources(), jobs=2, chunk=1)
    next(reports)
    assert len(taken) <= 2 * batch.IN_FLIGHT + 1
    reports.close()


def test_chunks_are_a_few_per_process() -> None:
    """Never empty, never huge."""
    assert chunk_size(0, 4) == 1 and chunk_size(2000, 2) == 62 and chunk_size(10**7, 2) == 64
