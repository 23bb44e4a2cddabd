"""Judging many files in order, in processes, with small results."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardcore.replay import cluster
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
    assert len(taken) <= 2 * cluster.IN_FLIGHT + 1
    reports.close()


def test_chunks_are_a_few_per_process() -> None:
    """Never empty, never huge."""
    assert chunk_size(0, 4) == 1 and chunk_size(2000, 2) == 62 and chunk_size(10**7, 2) == 64


SMALL: dict[str, dict[str, int]] = {"goblin-poker": {"games": 1}, "orc-poker": {"rounds": 2},
                                    "saint-poker": {"rounds": 2}, "auction": {"target": 10}}


@pytest.mark.slow
def test_two_thousand_simulated_files_give_the_same_report_with_two_jobs(
        tmp_path: Path) -> None:
    """500 short simulated games of each game, some hidden: validate --jobs 2 prints
    exactly what --jobs 1 prints, and every file is valid (JSON output is compared
    over the fixtures in test_cli.py)."""
    from click.testing import CliRunner

    from cardcore.cli.main import main
    from cardcore.registry import GAMES
    from cardcore.replay.simulated import corpus_name, simulated
    from cardcore.replay.transcript import dump_transcript

    for game, options in SMALL.items():
        rules = GAMES[game]
        for seed in range(500):
            transcript = simulated(rules, ["A", "B", "C"], rules.options_type(**options), seed,
                                   hidden=seed % 2 == 1)
            (tmp_path / corpus_name(game, seed)).write_text(
                json.dumps(dump_transcript(transcript)), encoding="utf-8")
    runner = CliRunner()
    one = runner.invoke(main, ["validate", str(tmp_path)])
    two = runner.invoke(main, ["validate", "--jobs", "2", str(tmp_path)])
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output
    assert one.output.endswith("2000 files: 2000 valid, 0 invalid, 0 unreadable\n")
