"""``cardcore validate``: judge transcripts, print each result as it is known.

Reports are printed and dropped one by one, in the order of the input, whether
they are judged here or in ``--jobs`` processes (:mod:`cardcore.replay.batch`),
so the output is the same for any number of jobs and memory does not grow with
the corpus. A progress bar goes to standard error only when that is a terminal
and there are many files, so piped output and logs stay clean.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import IO, Any

import click

from cardcore.cli.inputs import FORMATS, NO_SUCH_PATH, STDIN, files, replay_named
from cardcore.cli.render import (
    REPORT_FORMAT,
    problem_lines,
    report_json,
    standings_lines,
    unchecked_text,
)
from cardcore.cli.walk import Skipped
from cardcore.quoting import visible
from cardcore.replay.batch import chunk_size, judge_all
from cardcore.replay.errors import ClusterError
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.problems import FORMAT, Problem
from cardcore.replay.runner import Report, expect_lines, note_lines, path_label
from cardcore.standings import plural

__all__ = ["MANY", "progress_wanted", "validate"]

MANY = 50
"""From this many files on, a terminal shows a progress bar."""

MAX_JOBS = 64
"""The most processes ``--jobs`` starts: far more than the cores of any machine
that judges transcripts, and a bound on what a mistyped number can fork."""


def progress_wanted(count: int, stream: IO[Any]) -> bool:
    """A bar only for many files, and only on a terminal (never into a pipe or a log)."""
    return count >= MANY and stream.isatty()


NO_SUCH = (f"{NO_SUCH_PATH}: validate takes files, folders (searched for *.json) "
           "and - for standard input")


def _names(paths: tuple[str, ...], follow_links: bool) -> list[str | Skipped]:
    """The files to judge, in order (a folder searched), with what is not read in
    its place: a path that does not exist (``""`` too: it names nothing), and
    what a folder's walk skips (:mod:`cardcore.cli.walk`)."""
    names: list[str | Skipped] = []
    for name in paths:
        if name != STDIN and not os.path.exists(name):  # labelled as replay_file labels it
            names.append(Skipped(path_label(name) if name else "''", NO_SUCH))
        else:
            names += files((name,), follow_links=follow_links)
    return names


def _judged(names: list[str | Skipped], jobs: int, keep_going: bool = False,
            scheduler: str | None = None) -> Iterator[Report]:
    """The reports in the order of ``names``: a path that is not read (one that
    does not exist, like grep or a linter; one a folder's walk skipped) is an
    unreadable file, reported in its place, and the others are still judged in
    the processes; standard input is read and judged here, in its place (read as
    every input is, with a bound on its size and time: :mod:`cardcore.replay.bounded`)."""
    present = [name for name in names if isinstance(name, str) and name != STDIN]
    jobs = min(jobs, max(1, len(present)))  # no process without a file to judge
    reports = judge_all(present, jobs=jobs, chunk=chunk_size(len(present), jobs),
                        keep_going=keep_going, scheduler=scheduler)
    for name in names:
        if isinstance(name, Skipped):
            yield Report(path=name.path, problems=(
                Problem(kind=FORMAT, pointer="", message=name.reason),))
        elif name == STDIN:
            yield replay_named(STDIN, keep_going=keep_going).slim()
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
@click.option("-j", "--jobs", type=click.IntRange(min=1, max=MAX_JOBS), default=1,
              show_default=True,
              help=f"judge the files in this many processes, at most {MAX_JOBS} and never "
                   "more than there are files (the output is the same, in the same order)")
@click.option("--follow-links", is_flag=True,
              help="in a folder, also read links that lead outside it (by default such a "
                   "link is reported as skipped, and its target never read)")
@click.option("--keep-going", is_flag=True,
              help="after a rule problem, pass over the refused event and go on, reporting "
                   "every later problem as found after an earlier one (the verdict and "
                   "exit status stay those of the first problem)")
@click.option("--scheduler", metavar="ADDRESS",
              help="judge the files on the Dask cluster at ADDRESS (tcp://host:8786; "
                   "pip install 'cardcore[dask]'); the output is the same")
def validate(paths: tuple[str, ...], fmt: str, quiet: bool, jobs: int,
             follow_links: bool, keep_going: bool, scheduler: str | None) -> None:
    """Check transcripts: files, folders (searched for *.json), or - for standard input.

    Each file's result is printed as soon as it is known, in the order of the
    input (also with --jobs). A path that does not exist is reported as an
    unreadable file, and the others are still judged. With many files, a
    terminal shows a progress bar on standard error.

    Each problem is named by its JSON pointer (/events/12/card) and, under it,
    the line and column where that value is written in the file.

    In a folder only its own regular files are read: a link that leads outside
    it (unless --follow-links), a FIFO or device, and a subfolder that cannot be
    read are reported as skipped, each in its place (exit 2), never silently
    left out. A FIFO or device given by name is read for 30 seconds at most;
    every file to 32 MiB at most. Text from a file is printed with its control
    characters escaped (\\u001b), so no file can write to the terminal.

    Exit status: 0 every file is valid (a fixture with "expect" is valid when
    it fails exactly as expected), 1 one broke a rule or a check disagreed,
    2 one could not be read as a transcript or does not exist (or bad usage),
    3 cardcore failed on one (a bug to report; the other files are still judged).
    """
    names = _names(paths, follow_links)
    if not names:
        raise click.UsageError("no *.json files found in the given folders")
    if scheduler is not None:
        from cardcore.replay.cluster import require_dask  # only --scheduler pays for it

        try:
            require_dask()
        except ClusterError as error:
            raise click.UsageError(str(error)) from None
    reports = _with_progress(_judged(names, jobs, keep_going, scheduler), len(names))
    try:
        sys.exit(_stream_json(reports) if fmt == "json" else _stream_text(reports, quiet))
    except ClusterError as error:  # the scheduler did not answer
        raise click.UsageError(str(error)) from None


def _stream_json(reports: Iterator[Report]) -> int:
    """Print ``{"report_format", "files": [...]}`` one file at a time; the worst exit code."""
    click.echo(f'{{\n  "report_format": {json_text(REPORT_FORMAT)},\n  "files": [', nl=False)
    worst = 0
    for index, report in enumerate(reports):
        found = report_json(report)
        if report.notes:
            found["notes"] = list(report.notes)
        if report.kept_going:
            found["found_after_earlier"] = [p.to_json() for p in report.later]
        entry = json_text(found, indent=2)
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
            if report.later:
                detail += f", then {plural(len(report.later), 'problem')} found after it"
        else:
            detail = "; ".join(standings_lines(report.outcome))
        click.echo(f"{mark}{visible(f'{report.path}: {detail}')}")
        for note in report.notes:
            click.echo(visible(f"  {note}"))
        return
    label = "ERROR" if report.internal else "FAIL " if report.readable else "BAD  "
    click.echo(f"{click.style(label, fg='red')}{visible(str(report.path))}")
    for line in problem_lines(report.path, report.problems, report.more_problems):
        click.echo(line)
    if report.later:
        click.echo(f"  found after the first problem (the event it refused passed over): "
                   f"{plural(len(report.later), 'problem')}")
        for problem in report.later:
            first, *under = problem_lines(report.path, [problem])
            click.echo(f"  after an earlier problem: {first.lstrip()}")
            for line in under:
                click.echo(line)
    elif report.kept_going:
        click.echo("  found after the first problem (the event it refused passed over): nothing")
    for line in expect_lines(report) + (note_lines(report) if report.expect else []):
        click.echo(visible(f"  {line}"))
    stopped = None if report.kept_going else unchecked_text(report)
    if stopped is not None:
        click.echo(f"  {stopped}")
    if report.readable and report.outcome is not None:
        where = "" if report.stopped_at is None else f" (before event {report.stopped_at})"
        click.echo(f"  derived{where}: " + "; ".join(standings_lines(report.outcome)))
