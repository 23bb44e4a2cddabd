"""``cardcore report``: a record (or two) as one HTML page to look at, offline.

The page itself is built by :mod:`cardcore.cli.report_page`; this module reads
the files, decides where the page goes and what the exit status is.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from cardcore.cli.inputs import STDIN, ExistingPath, replay_named
from cardcore.cli.output import write_file
from cardcore.cli.render import failure_lines, failure_reason, say
from cardcore.replay.runner import Report

__all__ = ["report"]


def _readable(report: Report) -> bool:
    """There is a game to show: the file was read and replayed as one game (a file
    with forgotten cards is judged as many, and has none)."""
    return report.transcript is not None and report.outcome is not None


def _unreadable(report: Report) -> None:
    for line in failure_lines(report, failure_reason(report, "report shows")):
        click.echo(line, err=True)


def _default_output(files: tuple[str, ...]) -> str:
    """Beside the (first) record: ``game.html``, or ``a-vs-b.html`` for two records;
    standard output when the record came from standard input."""
    if STDIN in files:
        return STDIN
    first = Path(files[0])
    stem = first.stem if len(files) == 1 else f"{first.stem}-vs-{Path(files[1]).stem}"
    return str(first.with_name(stem + ".html"))


def _same_file(output: str, files: tuple[str, ...]) -> str | None:
    """The input the output would overwrite (inputs are never written to)."""
    if output == STDIN or not os.path.exists(output):
        return None
    for name in files:
        if name != STDIN and os.path.samefile(output, name):
            return name
    return None


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE [FILE2]",
                type=ExistingPath(dir_okay=False, allow_dash=True))
@click.option("-o", "--output", metavar="PAGE",
              help="write the page here (- for standard output); default: beside FILE, "
                   "named like it with .html (FILE-vs-FILE2.html for two records)")
def report(files: tuple[str, ...], output: str | None) -> None:
    """Write a record as one HTML page to look at: a chart and every event.

    The page shows a chart of each player's chips or points over the events,
    with the rounds (hands in Auction) marked; every event with its effects,
    the rules behind them and the standings after it; a rule problem at its
    event, with its message; hidden cards as hidden. With two records of one
    game, both side by side, the first event where they part marked on both.

    The page is one self-contained file: it runs no script and fetches
    nothing, so it opens offline on a phone or a laptop, and prints. FILE may
    be - for standard input; the page then goes to standard output unless -o
    names a file. The records themselves are never written to; the page is
    written whole or not at all.

    Exit status: 0 the page is written and every record is valid, 1 it is
    written but a record breaks a rule or a check or its result disagrees, 2
    a file is not a readable transcript, has forgotten cards ("!": validate
    judges it for every value they could have had), or the two are not records
    of one game (game, players or options differ, as diff says; no page is
    written), the
    page cannot be written there, or bad usage, 3 cardcore failed on a file (a
    bug to report).
    """
    if len(files) > 2:
        raise click.BadParameter(f"give one record, or two to compare, not {len(files)}",
                                 param_hint="FILE [FILE2]")
    if files.count(STDIN) > 1:
        raise click.BadParameter("standard input (-) can be read once only",
                                 param_hint="FILE [FILE2]")
    target = output or _default_output(files)
    clash = _same_file(target, files)
    if clash is not None:
        raise click.BadParameter(f"{target} is the record {clash}: input files are never "
                                 "written to; choose another page name", param_hint="--output")
    reports = [replay_named(name, steps=True) for name in files]
    broken = [found for found in reports if not _readable(found)]
    for found in broken:
        _unreadable(found)
    if broken:  # no page: 2 (3 where cardcore failed), whatever validate says of the file
        sys.exit(max(3 if found.internal else 2 for found in broken))
    from cardcore.cli.report_page import pair_page, record_page

    if len(reports) == 1:
        page = record_page(reports[0])
    else:
        from cardcore.cli.records import not_one_game
        from cardcore.replay.diff import diff_transcripts

        left, right = reports
        assert left.transcript is not None and right.transcript is not None
        compared = diff_transcripts(left.transcript, right.transcript)
        if not compared.comparable:  # refused as diff refuses them: no page of two games
            say(not_one_game(compared), err=True)
            sys.exit(2)
        page = pair_page(left, right, compared)
    if target == STDIN:
        click.echo(page, nl=False)
    else:
        write_file(Path(target), page)
        say(f"wrote {target}: open it in any browser (it needs no network)")
    sys.exit(max(found.exit_code for found in reports))
