"""``cardcore validate``: judge transcripts, print each result as it is known.

Reports are printed and dropped one by one, in the order of the input, whether
they are judged here or in ``--jobs`` processes (:mod:`cardcore.replay.batch`),
so the output is the same for any number of jobs and memory does not grow with
the corpus. A progress bar goes to standard error only when that is a terminal
and there are many files, so piped output and logs stay clean.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import click

from cardcore.cli.inputs import FORMATS, STDIN, files
from cardcore.cli.render import (
    REPORT_FORMAT,
    plural,
    problem_lines,
    report_json,
    standings_lines,
    unchecked_text,
)
from cardcore.replay.batch import Source, chunk_size, judge_all
from cardcore.replay.cluster import ClusterError, require_dask
from cardcore.replay.problems import FORMAT, Problem
from cardcore.replay.runner import Report, expect_lines

__all__ = ["MANY", "progress_wanted", "validate"]

MANY = 50
"""From this many files on, a terminal shows a progress bar."""


def progress_wanted(count: int, stream: IO[Any]) -> bool:
    """A bar only for many files, and only on a terminal (never into a pipe or a log)."""
    return count >= MANY and stream.isatty()


def _sources(names: list[str]) -> Iterator[Source]:
    """Paths as they are; standard input read here, once, and sent as its content."""
    for name in names:
        yield ("<stdin>", sys.stdin.buffer.read()) if name == STDIN else name


NO_SUCH_PATH = ("no such file or folder: validate takes files, folders (searched for *.json) "
                "and - for standard input")


def _names(paths: tuple[str, ...]) -> tuple[list[str], set[str]]:
    """The files to judge, in order (a folder searched, an absent path as given),
    and the paths among them that do not exist (``""`` too: it names nothing)."""
    names: list[str] = []
    missing: set[str] = set()
    for name in paths:
        if name != STDIN and not os.path.exists(name):
            missing.add(name)
            names.append(name)
        else:
            names += files((name,))
    return names, missing


def _judged(names: list[str], missing: set[str], jobs: int,
            scheduler: str | None = None) -> Iterator[Report]:
    """The reports in the order of ``names``: a path that does not exist is an
    unreadable file (like grep or a linter, the others are still judged), reported
    in its place without being sent to the processes that judge the rest."""
    present = [name for name in names if name not in missing]
    reports = judge_all(_sources(present), jobs=jobs, chunk=chunk_size(len(present), jobs),
                        scheduler=scheduler)
    for name in names:
        if name in missing:  # labelled as replay_file labels a path
            yield Report(path=str(Path(name)) if name else "''", problems=(
                Problem(kind=FORMAT, pointer="", message=NO_SUCH_PATH),))
        else:
            yield next(reports)
    next(reports, None)  # nothing is left: this ends judge_all, which stops its processes


def _with_progress(reports: Iterator[Report], count: int) -> Iterator[Report]:
    if not progress_wanted(count, sys.stderr):
        yield from reports
        return
    same_screen = sys.stdout.isatty()
    with click.progressbar(length=count, label="validating", file=sys.stderr,
                           show_pos=True) as bar:
        for report in reports:
            if same_screen:  # clear the bar's line before the report is printed over it
                sys.stderr.write("\r\x1b[K")
                sys.stderr.flush()
            yield report
            bar.update(1)


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True,
              help="text for people, json for programs")
@click.option("-q", "--quiet", is_flag=True,
              help="text: print only the files that fail, and the summary")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="judge the files in this many processes (the output is the same, "
                   "in the same order)")
@click.option("--scheduler", metavar="ADDRESS",
              help="judge the files on the Dask cluster at ADDRESS (tcp://host:8786; "
                   "pip install 'cardcore[dask]'); the output is the same")
def validate(paths: tuple[str, ...], fmt: str, quiet: bool, jobs: int,
             scheduler: str | None) -> None:
    """Check transcripts: files, folders (searched for *.json), or - for standard input.

    Each file's result is printed as soon as it is known, in the order of the
    input (also with --jobs). A path that does not exist is reported as an
    unreadable file, and the others are still judged. With many files, a
    terminal shows a progress bar on standard error.

    Exit status: 0 every file is valid (a fixture with "expect" is valid when
    it fails exactly as expected), 1 one broke a rule or a check disagreed,
    2 one could not be read as a transcript or does not exist (or bad usage),
    3 cardcore failed on one (a bug to report; the other files are still judged).
    """
    names, missing = _names(paths)
    if not names:
        raise click.UsageError("no *.json files found in the given folders")
    if scheduler is not None:
        try:
            require_dask()
        except ClusterError as error:
            raise click.UsageError(str(error)) from None
    reports = _with_progress(_judged(names, missing, jobs, scheduler), len(names))
    try:
        sys.exit(_stream_json(reports) if fmt == "json" else _stream_text(reports, quiet))
    except ClusterError as error:  # the scheduler did not answer
        raise click.UsageError(str(error)) from None


def _stream_json(reports: Iterator[Report]) -> int:
    """Print ``{"report_format", "files": [...]}`` one file at a time; the worst exit code."""
    click.echo(f'{{\n  "report_format": {json.dumps(REPORT_FORMAT)},\n  "files": [', nl=False)
    worst = 0
    for index, report in enumerate(reports):
        entry = json.dumps(report_json(report), indent=2, ensure_ascii=False)
        click.echo(("," if index else "") + "\n    " + entry.replace("\n", "\n    "), nl=False)
        worst = max(worst, report.exit_code)
    click.echo("\n  ]\n}")
    return worst


def _stream_text(reports: Iterator[Report], quiet: bool) -> int:
    """Print each file's result as it comes, then the summary; the worst exit code."""
    counts = {"valid": 0, "invalid": 0, "unreadable": 0, "internal": 0}
    worst = 0
    for report in reports:
        if not (quiet and report.valid):
            _print_validation(report)
        kind = ("internal" if report.internal else "valid" if report.valid
                else "invalid" if report.readable else "unreadable")
        counts[kind] += 1
        worst = max(worst, report.exit_code)
    total = sum(counts.values())
    summary = (f"{plural(total, 'file')}: {counts['valid']} valid, {counts['invalid']} invalid, "
               f"{counts['unreadable']} unreadable")
    if counts["internal"]:
        summary += f", {counts['internal']} failed inside cardcore (please report)"
    click.echo(summary)
    return worst


def _print_validation(report: Report) -> None:
    if report.valid:
        mark = click.style("ok   ", fg="green")
        if report.expect:
            count = len(report.problems)
            detail = f"fails as expected ({count} problem{'s' if count != 1 else ''})"
        else:
            detail = "; ".join(standings_lines(report.outcome))
        click.echo(f"{mark}{report.path}: {detail}")
        return
    label = "ERROR" if report.internal else "FAIL " if report.readable else "BAD  "
    click.echo(f"{click.style(label, fg='red')}{report.path}")
    for line in problem_lines(report.path, report.problems):
        click.echo(line)
    for line in expect_lines(report):
        click.echo(f"  {line}")
    stopped = unchecked_text(report)
    if stopped is not None:
        click.echo(f"  {stopped}")
    if report.readable and report.outcome is not None:
        where = "" if report.stopped_at is None else f" (before event {report.stopped_at})"
        click.echo(f"  derived{where}: " + "; ".join(standings_lines(report.outcome)))
