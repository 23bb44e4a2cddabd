"""``cardcore diff``: two records of one game, or one record (or a folder) under a rule change.

``diff A B`` compares two players' versions of one game. ``diff FILE --option
KEY=VALUE`` replays one record under changed options and says where the
replays part and what that changes; ``diff DIR --option ...`` summarises that
over a corpus. Both questions are "what differs, and where does it start", so
they share a command.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from cardcore.cli.inputs import FORMATS, emit_json, files
from cardcore.cli.records import diff_json, print_diff
from cardcore.cli.render import problem_lines
from cardcore.cli.whatif import change_json, corpus_json, print_change, print_corpus
from cardcore.replay.changes import OptionSyntaxError, parse_assignments
from cardcore.replay.cluster import ClusterError, executor
from cardcore.replay.diff import diff_transcripts
from cardcore.replay.problems import Problem
from cardcore.replay.rulechange import RefusedOptions, change_corpus, change_rules
from cardcore.replay.runner import internal_error
from cardcore.replay.transcript import Transcript, TranscriptError, read_transcript

__all__ = ["diff"]


def _read_or_say(path: str) -> Transcript | int:
    """The transcript, or its problems printed and the exit status they call for:
    2 for a file that is not a transcript, 3 for a bug in cardcore."""
    try:
        return read_transcript(Path(path))
    except TranscriptError as error:
        click.echo(f"{click.style('BAD  ', fg='red')}{path}: not a readable transcript")
        for line in problem_lines(path, error.problems):
            click.echo(line)
        return 2
    except Exception as error:  # a bug: say what to report, no traceback
        for line in problem_lines(path, [internal_error(path, error)]):
            click.echo(line)
        return 3


def _read(path: str) -> Transcript:
    """The transcript, or its problems printed and the exit."""
    read = _read_or_say(path)
    if isinstance(read, int):
        sys.exit(read)
    return read


def _refused(path: str, problems: list[Problem] | tuple[Problem, ...]) -> NoReturn:
    click.echo(f"{click.style('BAD  ', fg='red')}--option: refused as the options of {path} "
               "would be:")
    for line in problem_lines(path, problems):
        click.echo(line)
    sys.exit(2)


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="A [B]",
                type=click.Path(exists=True))
@click.option("--option", "assignments", multiple=True, metavar="KEY=VALUE",
              help="with one FILE or DIR: replay it under this option changed (repeatable); "
                   "the value is JSON, or else a plain string: games=3, split=exact")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="DIR: replay the files in this many processes (the summary is the same)")
@click.option("--scheduler", metavar="ADDRESS",
              help="DIR: replay the files on the Dask cluster at ADDRESS (tcp://host:8786; "
                   "pip install 'cardcore[dask]'); the summary is the same")
def diff(paths: tuple[str, ...], assignments: tuple[str, ...], fmt: str, jobs: int,
         scheduler: str | None) -> None:
    """Where two records part, or what a rule change does to one record or a folder.

    \b
    cardcore diff A.json B.json             two records of one game
    cardcore diff FILE --option ante=2      one record under a changed option
    cardcore diff DIR --option ante=2       a folder of records: a summary

    For two records, notes are ignored, and a card one record knows and the
    other leaves unknown is no difference; a record that breaks a rule or its
    own checks is said to be invalid. Under a changed option, the replays part
    at the first event one allows and the other refuses, or with other effects
    (payments, rules); the record's result and expect are not compared there.

    Exit status: 0 the outcomes are the same (a folder: no game changes
    outcome), 1 they differ, 2 a file cannot be read as a transcript (in a
    folder: such files are counted and left out), the two are not records of
    one game, or an option is refused, 3 cardcore failed on a file (a bug to
    report).
    """
    if len(paths) > 2:
        raise click.UsageError("give two records (A B), or one FILE or DIR with --option")
    if len(paths) == 2:
        if assignments:
            raise click.UsageError("--option changes one record or folder: give one FILE or "
                                   "DIR, or two records A B without --option")
        _two_records(*paths, fmt)
    if not assignments:
        raise click.UsageError("give a second record to compare with, or --option KEY=VALUE "
                               "to replay this one under a rule change")
    try:
        changes = parse_assignments(assignments)
    except OptionSyntaxError as error:
        raise click.BadParameter(str(error), param_hint="--option") from None
    if Path(paths[0]).is_dir():
        _corpus(paths[0], changes, fmt, jobs, scheduler)
    _one_record(paths[0], changes, fmt)


def _two_records(left: str, right: str, fmt: str) -> NoReturn:
    for path in (left, right):
        if Path(path).is_dir():
            raise click.UsageError(f"{path} is a folder: two records are compared as files")
    first, second = _read_or_say(left), _read_or_say(right)  # both files' problems are said
    if isinstance(first, int) or isinstance(second, int):
        sys.exit(max(read for read in (first, second) if isinstance(read, int)))
    try:
        result = diff_transcripts(first, second)
        if fmt == "json":
            emit_json(diff_json(result, left, right))
        else:
            print_diff(result, left, right)
    except Exception as error:  # a bug: say what to report, as validate does, no traceback
        click.echo(f"{click.style('ERROR', fg='red')} {left}, {right}: cardcore failed "
                   "comparing them")
        problem = internal_error(left, error, right)
        click.echo(f"  {problem.kind}: {problem.message}")
        sys.exit(3)
    sys.exit(2 if not result.comparable else 0 if result.same_outcome else 1)


def _one_record(path: str, changes: dict[str, object], fmt: str) -> NoReturn:
    transcript = _read(path)
    try:
        result = change_rules(transcript, changes)
    except TranscriptError as error:
        _refused(path, error.problems)
    if fmt == "json":
        emit_json(change_json(result, path, transcript))
    else:
        print_change(result, path, transcript)
    sys.exit(0 if result.same_outcome else 1)


def _corpus(folder: str, changes: dict[str, object], fmt: str, jobs: int = 1,
            scheduler: str | None = None) -> NoReturn:
    try:
        if jobs > 1 or scheduler is not None:
            with executor(jobs=jobs, scheduler=scheduler) as run:
                summary = change_corpus(files((folder,)), changes, run=run)
        else:
            summary = change_corpus(files((folder,)), changes)
    except RefusedOptions as error:
        _refused(error.path, error.problems)
    except ClusterError as error:
        raise click.UsageError(str(error)) from None
    if not summary.files and summary.first_other is not None:
        _refused(*summary.first_other)
    if not summary.files:
        raise click.UsageError(f"no readable transcript found in {folder}")
    if fmt == "json":
        emit_json(corpus_json(summary, changes))
    else:
        print_corpus(summary, changes)
    sys.exit(3 if summary.internal else 1 if summary.changed else 0)
