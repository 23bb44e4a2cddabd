"""``cardcore``: validate, replay, diff and simulate transcripts of card games.

Exit status (``cardcore rules transcript``): 0 all valid (or failing exactly as
``expect`` says), 1 some broke a rule or a check/result disagreed, 2 some could
not be read as transcripts, or bad usage, 3 cardcore failed on a file (a bug to
report; the other files are still judged).

This module holds the group and the small commands; ``validate``, ``replay``,
``diff`` and the others have their own modules.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import attrs
import click

from cardcore.cli.inputs import FORMATS, emit_json
from cardcore.cli.lazy import LazyGroup
from cardcore.registry import GAMES
from cardcore.replay.jsonwrite import json_text

__all__ = ["main"]


_LAZY = {  # name: (its command, the first paragraph of its help; tests/test_cli.py checks it)
    "validate": ("cardcore.cli.validate:validate",
                 "Check transcripts: files, folders (searched for *.json), or - for standard "
                 "input."),
    "replay": ("cardcore.cli.replay:replay",
               "Tell a game event by event: every derived effect with its rule, then the "
               "standings."),
    "diff": ("cardcore.cli.diff:diff",
             "Where two records part, or what a rule change does to one record or a folder."),
    "simulate": ("cardcore.cli.simulate:simulate",
                 "Write legal random transcripts of GAME (goblin-poker, orc-poker, saint-poker, "
                 "auction, or the start of one: goblin)."),
    "study": ("cardcore.cli.study:study",
              "Play GAME --games times with random players (or --policy) and report the win "
              "rate per seat, game lengths, how the games ended, the rules that decided "
              "something and the final chips or points; with --versus, the differences over "
              "the same seeds."),
    "rules": ("cardcore.cli.rules:rules",
              "Show the rules: a page, one rule by its ID, or the list of pages; or search "
              "them."),
    "record": ("cardcore.cli.record:record",
               "Keep a transcript live at the table: each accepted event is saved at once."),
    "coverage": ("cardcore.cli.coverage:coverage",
                 "How many transcripts exercise each rule of every game: a problem cites it (a "
                 "fixture's expected problems too), or an effect or transfer is made under it."),
    "report": ("cardcore.cli.report:report",
               "Write a record as one HTML page to look at: a chart and every event."),
}
"""The commands imported only when they run (cardcore.cli.lazy)."""


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             lazy=_LAZY)
# --version's message and help are click's own words, given here: left to click, each
# is looked up in its translations when the option is made (gettext searches the disk
# for a catalogue every time), some 0.1 million instructions of every start-up apiece.
@click.version_option(package_name="cardcore", message="%(prog)s, version %(version)s",
                      help="Show the version and exit.")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Rule engines for Goblin Poker, Orc Poker, Saint Poker and Abbott's Auction.

    Write down a game as a JSON transcript (hidden cards as "?") and let
    cardcore derive the chips or points, explain every payment with its rule,
    and locate every mistake in the record. The transcript format is shown by
    `cardcore rules transcript`; the rules, with the IDs every message cites,
    by `cardcore rules GAME` (offline, shipped with cardcore).

    Colour is used on a terminal only, and never when NO_COLOR is set.
    """
    if os.environ.get("NO_COLOR"):
        ctx.color = False
    _never_fail_to_print()


def _never_fail_to_print() -> None:
    """Standard output and error write what they cannot encode as an escape
    (``\\udc80``) instead of raising: every value of an input is made visible
    before it is printed (:func:`cardcore.quoting.visible`), and this is the net
    under it, so that no character of a hostile file can end a batch in a
    traceback (on a terminal that is not UTF-8, say)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


@main.command()
def schema() -> None:
    """Print the JSON Schema of the transcript format (generated from the engines)."""
    from cardcore.replay.schema import transcript_schema

    emit_json(transcript_schema())


@main.command()
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def games(fmt: str) -> None:
    """List the games, their player counts and options with defaults."""
    rows: list[dict[str, Any]] = []
    for rules in GAMES.values():
        defaults = attrs.asdict(rules.options_type())
        rows.append({"game": rules.name, "title": rules.title,
                     "players": [rules.min_players, rules.max_players], "options": defaults})
    if fmt == "json":
        emit_json({"games": rows})
        return
    for row in rows:
        low, high = row["players"]
        # an option left unset is left out of a transcript, never written null
        options = ", ".join(f"{k} unset" if v is None else f"{k}={json_text(v)}"
                            for k, v in row["options"].items())
        click.echo(f"{row['game']:<14} {row['title']:<16} {low}-{high} players  {options}")


if __name__ == "__main__":
    main()
