"""``cardcore replay``: tell a game event by event, or one player's account, or
the standings over time (imported only when it runs: cardcore.cli.lazy)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, NoReturn

import attrs
import click

from cardcore.cli.inputs import FORMATS, ExistingPath, emit_json, replay_named
from cardcore.cli.render import (
    REPORT_FORMAT,
    account_json,
    account_lines,
    failure_lines,
    problem_lines,
    report_json,
    say,
    standings_lines,
    step_json,
    step_lines,
    unchecked_text,
)
from cardcore.quoting import quoted, visible
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.problems import MAX_INTEGER
from cardcore.replay.runner import Report, replay_transcript
from cardcore.replay.transcript import Transcript, dump_transcript, not_a_player
from cardcore.standings import plural

if TYPE_CHECKING:  # the timeline is imported by `replay --table` only
    from cardcore.replay.timeline import Per

__all__ = ["replay"]


def _parse_at(text: str | None) -> int | None:
    """The event index of ``--at``: ASCII digits only (``int`` reads others, such as
    "٣", and refuses "²"); one far too long for any transcript is past its end
    (``int`` refuses to read more than 4300 digits)."""
    if text is None:
        return None
    raw = text.removeprefix("/events/").split("/")[0] if text.startswith("/") else text
    if not (raw.isascii() and raw.isdigit()):
        raise click.BadParameter(f"{quoted(text)}: give an event index (12) or a pointer "
                                 "(/events/12)", param_hint="--at")
    digits = raw.lstrip("0") or "0"
    return int(digits) if len(digits) <= len(str(MAX_INTEGER)) else MAX_INTEGER + 1


@click.command()
@click.argument("file", type=ExistingPath(dir_okay=False, allow_dash=True))
@click.option("--at", "at", metavar="POINTER|INDEX",
              help="stop after this event (an index like 12, or a pointer like /events/12); "
                   "an event past the end is an error")
@click.option("--player", metavar="NAME",
              help="instead: every chip or point NAME gained or lost (and every share or "
                   "payment of 0, such as a tie split to nothing), each with its event and "
                   "rule, from the start to the final figure")
@click.option("--table", is_flag=True,
              help="instead: the standings over time, a row after each event (the chips "
                   "or points of every player, the pot; in Auction the starter pile and "
                   "its worth)")
@click.option("--per", type=click.Choice(["event", "round"]), default=None,  # timeline.PER
              help="with --table: a row after each event (the default) or only at the "
                   "end of each round (a hand in Auction; a round the record stops in: "
                   "'so far')")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def replay(file: str, at: str | None, player: str | None, table: bool, per: Per | None,
           fmt: str) -> None:
    """Tell a game event by event: every derived effect with its rule, then the standings.

    FILE may be - for standard input. With --player NAME, only that player's
    account: the start, every gain and loss (event pointer, rule), a share or
    payment of 0 too, and the sum, which is the final figure. With --table, the
    standings after each event
    (--per round: after each round or hand), then any problems.

    Exit status: 0 valid, 1 an event broke a rule or a check or the result
    disagrees with the rules (with --at, of the whole record: a problem after
    the event it stops at is listed after it), 2 the file is not a readable
    transcript (or bad
    usage, such as --at past the last event), 3 cardcore failed on the file (a
    bug to report).
    """
    if per is not None and not table:
        raise click.BadParameter("--per chooses the rows of --table: give --table too",
                                 param_hint="--per")
    if table and player is not None:
        raise click.BadParameter("give --table or --player, not both", param_hint="--table")
    stop = _parse_at(at)
    report = replay_named(file, steps=True, stop_after=stop)
    transcript = report.transcript
    if stop is not None and transcript is not None and stop >= len(transcript.events):
        count = len(transcript.events)
        last = f"the events are 0 to {count - 1}" if count else "it has no events"
        raise click.BadParameter(f"{quoted(str(at))} is past the end: the transcript has "
                                 f"{plural(count, 'event')} ({last})", param_hint="--at")
    if stop is not None and transcript is not None and report.outcome is not None and \
            not report.problems:
        report = _with_problems_beyond(report, transcript)
    if report.forgotten:  # "!": judged value by value, no one game to tell
        _print_forgotten(report, fmt)
    if transcript is None or report.outcome is None:  # unreadable, or cardcore failed on it
        _print_failure(report, fmt)
    if player is not None:
        _print_account(report, player, fmt)
    if table:
        _print_table(report, per or "event", stop, fmt)
    if fmt == "json":
        _emit_report(report)
    _print_header(transcript)
    position = None
    for step in report.steps:
        if step.position != position:
            position = step.position
            click.echo(click.style(visible(f"-- {position} --"), bold=True))
        for line in step_lines(step):
            click.echo(line)
    if report.problems:
        click.echo(click.style("problems:", fg="red"))
        for line in problem_lines(report.path, report.problems, report.more_problems):
            click.echo(line)
    stopped = unchecked_text(report)
    if stopped is not None:
        click.echo(stopped)
    _print_standings(report, stop)
    sys.exit(report.exit_code)


def _print_forgotten(report: Report, fmt: str) -> NoReturn:
    """A record with forgotten cards is not one game but one per value they could
    have had: say so with the verdict (as ``validate`` gives it), and stop."""
    if fmt == "json":
        _emit_report(report)
    say(f"{report.path}: has forgotten cards (\"!\"), so it is not one game to tell; "
        "each value they could have had was judged:")
    for note in report.notes:
        say(f"  {note}")
    for line in problem_lines(report.path, report.problems, report.more_problems):
        click.echo(line)
    sys.exit(report.exit_code)


def _with_problems_beyond(report: Report, transcript: Transcript) -> Report:
    """A replay stopped by ``--at`` (with no problem up to there), given the
    problems of the whole record: its exit status is validate's, and a record
    that breaks a rule after the event shown must not pass for a valid one
    (a player stopping at an event to look would take the 0 for a verdict)."""
    whole = replay_transcript(transcript, path=report.path)
    if not whole.problems:
        return report
    return attrs.evolve(report, problems=whole.problems, more_problems=whole.more_problems)


def _print_standings(report: Report, stop: int | None) -> None:
    """The last line of a told replay: the standings where it ended."""
    where = (f"before event #{report.stopped_at}" if report.stopped_at is not None
             else f"after event #{stop}" if stop is not None else "standings")
    click.echo(click.style(f"{where}: ", bold=True) + "; ".join(standings_lines(report.outcome)))


def _emit_report(report: Report) -> NoReturn:
    """``replay --format json``: the report and every event told."""
    data = {"report_format": REPORT_FORMAT, **report_json(report)}
    data["events"] = [step_json(step) for step in report.steps]
    emit_json(data)
    sys.exit(report.exit_code)


def _print_failure(report: Report, fmt: str) -> NoReturn:
    """A file with no game to tell (unreadable, or cardcore failed on it): its problems."""
    if fmt == "json":
        _emit_report(report)
    for line in failure_lines(report):
        click.echo(line)
    sys.exit(report.exit_code)


def _print_account(report: Report, player: str, fmt: str) -> NoReturn:
    """``replay --player``, for a report the replay finished (it has an outcome)."""
    transcript = report.transcript
    assert transcript is not None
    if player not in transcript.players:
        raise click.BadParameter(visible(not_a_player(player, transcript.players)),
                                 param_hint="--player")
    from cardcore.replay.accounts import account  # only `replay --player` pays for it

    try:
        found = account(report, player)
        if fmt == "json":
            emit_json({"report_format": REPORT_FORMAT, "path": report.path,
                       "valid": report.valid, **account_json(found)})
            sys.exit(report.exit_code)
        lines = account_lines(found, report, transcript.rules.title)
    except Exception as error:  # a bug: said as validate says it, with no traceback
        from cardcore.replay.runner import internal_error

        failed = internal_error(report.path or "-", error)
        _print_failure(attrs.evolve(report, problems=(*report.problems, failed)), fmt)
    for line in lines:
        click.echo(line)
    if report.problems:  # the exit status says something is wrong: say what
        click.echo(click.style("problems:", fg="red"))
        for line in problem_lines(report.path, report.problems, report.more_problems):
            click.echo(line)
    sys.exit(report.exit_code)


def _print_table(report: Report, per: Per, stop: int | None, fmt: str) -> NoReturn:
    """``replay --table``: the standings over time, then what went wrong."""
    from cardcore.cli.standings_table import table_json, table_lines
    from cardcore.replay.timeline import timeline

    found = timeline(report)
    if fmt == "json":
        emit_json({"report_format": REPORT_FORMAT, **report_json(report),
                   "table": table_json(found, per)})
        sys.exit(report.exit_code)
    assert report.transcript is not None
    _print_header(report.transcript)
    for line in table_lines(found, per):
        say(line)  # player names and positions come from the record
    _print_standings(report, stop)
    if report.problems:
        click.echo(click.style("problems:", fg="red"))
        for line in problem_lines(report.path, report.problems):
            click.echo(line)
    stopped = unchecked_text(report)
    if stopped is not None:
        click.echo(stopped)
    sys.exit(report.exit_code)


def _print_header(transcript: Transcript) -> None:
    rules = transcript.rules
    options = dump_transcript(transcript).get("options", {})
    click.echo(visible(f"{rules.title}: {', '.join(transcript.players)}"
                       + (f"  options {json_text(options)}" if options else "")))
