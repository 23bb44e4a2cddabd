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

import attrs
import click

from cardcore.cli.inputs import FORMATS, ExistingPath, emit_json, files
from cardcore.cli.records import diff_json, print_diff
from cardcore.cli.render import (
    REPORT_FORMAT,
    failure_lines,
    failure_reason,
    problem_lines,
    report_json,
    say,
)
from cardcore.cli.walk import Skipped
from cardcore.cli.whatif import change_json, corpus_json, print_change, print_corpus
from cardcore.quoting import visible
from cardcore.replay.changes import OptionSyntaxError, parse_assignments, unknown_anywhere
from cardcore.replay.cluster import ClusterError, executor
from cardcore.replay.diff import Diff, diff_transcripts
from cardcore.replay.positions import line_columns, located
from cardcore.replay.problems import Problem
from cardcore.replay.rulechange import RefusedOptions, change_corpus, change_rules
from cardcore.replay.runner import Report, internal_error
from cardcore.replay.transcript import Transcript, TranscriptError, read_transcript_text
from cardcore.table import no_such_player

__all__ = ["PLACED_GAPS", "diff"]

PLACED_GAPS = 1000
"""How many of the alignment's differences (and of each side's effects that the
other has not) are given their lines in the files: two unrelated records of
100,000 events differ everywhere, and placing every one of those would cost
seconds for lines nobody reads."""


def _read(path: str) -> tuple[Transcript, str] | Report:
    """The transcript and its text, or the report of a file that has none: its
    problems, 2 for a file that is not a transcript, 3 for a bug in cardcore."""
    try:
        return read_transcript_text(Path(path))
    except TranscriptError as error:
        return Report(path=path, problems=tuple(error.problems), more_problems=error.more)
    except Exception as error:  # a bug: say what to report, no traceback
        return Report(path=path, problems=(internal_error(path, error),))


def _why(report: Report) -> str:
    """Why diff has no game of a file to compare: the words of every command, or
    that diff leaves forgotten cards to validate."""
    return failure_reason(report, "diff replays")


def _unreadable_pair(left: str, right: str, reports: list[Report], fmt: str) -> NoReturn:
    """Two records of which one or both cannot be read: each file's problems (as
    validate and replay give them), in text or as the diff's JSON report."""
    if fmt == "json":
        reason = "; ".join(f"{report.path}: {_why(report)}" for report in reports)
        emit_json({**diff_json(Diff(comparable=False, reason=reason), left, right),
                   "files": [report_json(report) for report in reports]})
    else:
        for report in reports:
            for line in failure_lines(report, _why(report)):
                click.echo(line)
    sys.exit(max(report.exit_code for report in reports))


def _refused(path: str, problems: list[Problem] | tuple[Problem, ...],
             changes: dict[str, object], fmt: str) -> NoReturn:
    if fmt == "json":
        emit_json({"report_format": REPORT_FORMAT, "path": path, "options": changes,
                   "options_refused": [problem.to_json() for problem in problems]})
        sys.exit(2)
    click.echo(f"{click.style('BAD  ', fg='red')}--option: refused as the options of "
               f"{visible(path)} would be:")
    for line in problem_lines(path, problems):
        click.echo(line)
    sys.exit(2)


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="A [B]",
                type=ExistingPath())
@click.option("--option", "assignments", multiple=True, metavar="KEY=VALUE",
              help="with one FILE or DIR: replay it under this option changed (repeatable, "
                   "each option once); the value is JSON, or else a plain string: games=3, "
                   "split=exact")
@click.option("--same", "same", multiple=True, metavar="NAME_A=NAME_B",
              help="with two records: the player NAME_A of A is NAME_B in B, one person "
                   "spelled two ways (repeatable): --same 'Dana=Dana B'")
@click.option("--limit", type=click.IntRange(min=0), default=100, show_default=True,
              help="with a folder: name at most this many games in each list (games that "
                   "change outcome, games that change winner); the others are counted")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="DIR: replay the files in this many processes (the summary is the same)")
@click.option("--scheduler", metavar="ADDRESS",
              help="DIR: replay the files on the Dask cluster at ADDRESS (tcp://host:8786; "
                   "pip install 'cardcore[dask]'); the summary is the same")
def diff(paths: tuple[str, ...], assignments: tuple[str, ...], same: tuple[str, ...],
         limit: int, fmt: str, jobs: int, scheduler: str | None) -> None:
    """Where two records part, or what a rule change does to one record or a folder.

    \b
    cardcore diff A.json B.json             two records of one game
    cardcore diff FILE --option ante=2      one record under a changed option
    cardcore diff DIR --option ante=2       a folder of records: a summary

    For two records, notes are ignored, and a card one record knows and the
    other leaves unknown is no difference, nor a card or a bid's rank written
    another way ("T" for "10"), nor one bid named in two ways the rules read
    alike ("rank": "K" or "ranks": ["K"], two pair ranks in either order): a
    bid is compared by the bid it names, and quoted with the fields its record
    chose (rank or ranks), cards and ranks in cardcore's notation (QS, 10).
    The records are aligned event by event, so an event one of them lacks (or
    has twice) is named with a pointer into each, and the events after it are
    still compared. An event written
    otherwise is one difference, however many of its fields differ. Every
    effect (payment, rule) from the first difference on that only one record
    has is listed with a pointer to its event, whether the outcomes differ or
    not. A record that breaks a rule or its own checks is said to be invalid.
    A folder's summary names every game whose winner changes (up to --limit).
    Under a changed option, the replays part at the first event one allows and
    the other refuses, or with other effects (payments, rules); the record's
    result and expect are not compared there.

    Exit status: 0 the outcomes are the same, even where events or effects on
    the way differ (a folder: no game changes outcome), 1 they differ (chips or
    points, pot, complete or not, winners), 2 a file cannot be read as a
    transcript or has forgotten cards ("!", which only validate judges; in a
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
        _two_records(*paths, _same_names(same), fmt)
    if same:
        raise click.UsageError("--same names one player of two records: give two records A B")
    if not assignments:
        raise click.UsageError("give a second record to compare with, or --option KEY=VALUE "
                               "to replay this one under a rule change")
    try:
        changes = parse_assignments(assignments)
        if Path(paths[0]).is_dir():  # a folder may mix games: a key is some game's option
            unknown_anywhere(changes)
    except OptionSyntaxError as error:
        raise click.BadParameter(visible(str(error)), param_hint="--option") from None
    if Path(paths[0]).is_dir():
        _corpus(paths[0], changes, fmt, limit, jobs, scheduler)
    _one_record(paths[0], changes, fmt)


def _same_names(pairs: tuple[str, ...]) -> dict[str, str]:
    """``--same A=B`` options as a mapping of A's names to B's."""
    names: dict[str, str] = {}
    for pair in pairs:
        a, sign, b = pair.partition("=")
        if not sign or not a or not b:
            raise click.BadParameter(visible(f"{pair!r}: write NAME_A=NAME_B, such as "
                                             "'Dana=Dana B'"), param_hint="--same")
        if a in names or b in names.values():
            raise click.BadParameter(visible(f"{pair!r}: a name is given twice"),
                                     param_hint="--same")
        names[a] = b
    return names


def _check_names(names: dict[str, str], first: Transcript, second: Transcript) -> None:
    for a, b in names.items():
        for name, record, side in ((a, first, "A"), (b, second, "B")):
            if name not in record.players:
                raise click.BadParameter(visible(
                    f"{name!r} is no player of {side} (its players: "
                    f"{', '.join(record.players)}){no_such_player(name, record.players)}"),
                    param_hint="--same")


def _two_records(left: str, right: str, names: dict[str, str], fmt: str) -> NoReturn:
    for path in (left, right):
        if Path(path).is_dir():
            raise click.UsageError(f"{visible(path)} is a folder: two records are compared as "
                                   "files")
    first, second = _read(left), _read(right)  # both files' problems are said
    if isinstance(first, Report) or isinstance(second, Report):
        _unreadable_pair(left, right, [read for read in (first, second)
                                       if isinstance(read, Report)], fmt)
    _check_names(names, first[0], second[0])
    try:
        result = _placed(diff_transcripts(first[0], second[0], names), first[1], second[1])
        places = _gap_places(result, first[1], second[1])
        if fmt == "json":
            emit_json(diff_json(result, left, right, places))
        else:
            print_diff(result, left, right, places)
    except Exception as error:  # a bug: say what to report, as validate does, no traceback
        problem = internal_error(left, error, right)
        if fmt == "json":
            emit_json({**diff_json(Diff(comparable=False, reason="cardcore failed comparing "
                                        "them"), left, right),
                       "problems": [problem.to_json()]})
            sys.exit(3)
        click.echo(f"{click.style('ERROR', fg='red')} {visible(left)}, {visible(right)}: "
                   "cardcore failed comparing them")
        click.echo(visible(f"  {problem.kind}: {problem.message}"))
        sys.exit(3)
    sys.exit(2 if not result.comparable else 0 if result.same_outcome else 1)


def _placed(result: Diff, left: str, right: str) -> Diff:
    """``result`` with each side's problems placed at their line and column."""
    if result.left is None or result.right is None:
        return result
    return attrs.evolve(result, left=_placed_report(result.left, left),
                        right=_placed_report(result.right, right))


def _gap_places(result: Diff, left: str, right: str) -> dict[tuple[str, int], tuple[int, int]]:
    """The line and column of each event the alignment names, by (side, index), for
    its first :data:`PLACED_GAPS` differences, and of the events of each side's
    first :data:`PLACED_GAPS` effects that the other side has not."""
    if result.alignment is None:
        return {}
    places: dict[tuple[str, int], tuple[int, int]] = {}
    gaps = result.alignment.gaps[:PLACED_GAPS]
    for side, text, indexes in (("left", left, {g.left for g in gaps}),
                                ("right", right, {g.right for g in gaps})):
        indexes |= {index for index, _ in result.effects_after_parting(side)[:PLACED_GAPS]}
        found = line_columns(text, [f"/events/{index}" for index in indexes])
        for index in indexes:
            place = found.get(f"/events/{index}")
            if place is not None:
                places[(side, index)] = place
    return places


def _placed_report(report: Report, text: str) -> Report:
    if not report.problems:
        return report
    return attrs.evolve(report, problems=tuple(located(text, report.problems)))


def _one_record(path: str, changes: dict[str, object], fmt: str) -> NoReturn:
    read = _read(path)
    if isinstance(read, Report):  # as replay says it, in text or in JSON
        if fmt == "json":
            emit_json({"report_format": REPORT_FORMAT, **report_json(read),
                       "options": changes})
        else:
            for line in failure_lines(read, _why(read)):
                click.echo(line)
        sys.exit(read.exit_code)
    transcript, text = read
    try:
        result = change_rules(transcript, changes)
    except TranscriptError as error:
        _refused(path, error.problems, changes, fmt)
    if fmt == "json":
        emit_json(change_json(result, path, transcript, text))
    else:
        print_change(result, path, transcript, text)
    sys.exit(0 if result.same_outcome else 1)


def _corpus(folder: str, changes: dict[str, object], fmt: str, limit: int, jobs: int = 1,
            scheduler: str | None = None) -> NoReturn:
    found = list(files((folder,)))
    skipped = [entry for entry in found if isinstance(entry, Skipped)]
    paths = [entry for entry in found if isinstance(entry, str)]
    try:
        if jobs > 1 or scheduler is not None:
            with executor(jobs=min(jobs, max(1, len(paths))), scheduler=scheduler) as run:
                summary = change_corpus(paths, changes, limit=limit, run=run)
        else:
            summary = change_corpus(paths, changes, limit=limit)
    except RefusedOptions as error:
        _refused(error.path, error.problems, changes, fmt)
    except ClusterError as error:
        raise click.UsageError(str(error)) from None
    if not summary.files and summary.first_other is not None:
        _refused(*summary.first_other, changes, fmt)
    if not summary.files:
        raise click.UsageError(f"no readable transcript found in {visible(folder)}")
    if fmt == "json":
        emit_json({**corpus_json(summary, changes),
                   "skipped": [{"path": entry.path, "reason": entry.reason} for entry in skipped]})
    else:
        print_corpus(summary, changes)
        for entry in skipped:  # said, never silently left out
            say(f"left out: {entry.path}: {entry.reason}")
    sys.exit(3 if summary.internal else 1 if summary.changed else 0)
