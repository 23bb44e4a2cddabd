"""What the commands read and how they print JSON: files and folders, standard input.

Every command that takes transcripts takes them the same way (a file, a folder
searched for ``*.json`` in any case, ``-`` for standard input), so the walk lives
in one place.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import click

from cardcore.cli.walk import Skipped, walk
from cardcore.quoting import visible
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.runner import Report, path_label, replay_file

__all__ = ["FORMATS", "NO_SUCH_PATH", "STDIN", "ExistingPath", "emit_json", "files",
           "game_argument", "replay_named", "seed_option"]

FORMATS = click.Choice(["text", "json"])

STDIN = "-"
"""The path that means standard input."""


NO_SUCH_PATH = "no such file or folder"
"""What every command says of a path it is given that names nothing."""


class ExistingPath(click.Path):
    """A path argument that must name something (``-`` too, where allowed, for
    standard input), refused in the words ``validate`` uses: click's own
    "Invalid value for 'A [B]': Path 'x.json' does not exist" names the
    argument's metavar, which a player settling a dispute has no reason to read."""

    def __init__(self, *, dir_okay: bool = True, allow_dash: bool = False) -> None:
        super().__init__(exists=False, dir_okay=dir_okay, allow_dash=allow_dash)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if not (self.allow_dash and value == STDIN):
            name = visible(os.fsdecode(value)) or "''"  # the path in full, as the user gave it
            if not os.path.exists(value):
                raise click.UsageError(f"{NO_SUCH_PATH}: {name}", ctx)
            if not self.dir_okay and os.path.isdir(value):
                raise click.UsageError(f"{name} is a folder: give a transcript file (validate "
                                       "searches a folder)", ctx)
        return super().convert(value, param, ctx)


def seed_option(ctx: click.Context, param: click.Parameter, seed: int) -> int:
    """A ``--seed`` (a callback of the option, which click reads as an int first),
    checked as the library checks a seed (:func:`~cardcore.play.steps.check_seed`:
    a whole number of 0 or more; -1 would play the games of 1), refused in its
    words (exit 2)."""
    from cardcore.errors import SetupError
    from cardcore.play.steps import check_seed  # here: only the commands that play load it

    try:
        return check_seed(seed)
    except SetupError as error:
        raise click.BadParameter(visible(str(error)), ctx, param) from None


def game_argument(text: str, hint: str = "GAME") -> str:
    """A game named on the command line: its transcript name or the start of it
    (``goblin``), as ``cardcore rules`` reads page names; bad usage otherwise."""
    from cardcore.registry import UnknownGameError, game_named

    try:
        return game_named(text)
    except UnknownGameError as error:
        raise click.BadParameter(visible(str(error)), param_hint=hint) from None


def emit_json(data: Any) -> None:
    click.echo(json_text(data, indent=2))


def files(paths: tuple[str, ...], *, follow_links: bool = False) -> Iterator[str | Skipped]:
    """The files to read: files as given, folders searched for *.json (any case),
    only their own regular files (:mod:`cardcore.cli.walk`), with what they skip."""
    for name in paths:
        if name != STDIN and os.path.isdir(name):
            yield from walk(name, follow_links=follow_links)
        else:
            yield name


def replay_named(name: str, *, steps: bool = False, stop_after: int | None = None,
                 keep_going: bool = False) -> Report:
    """Replay a file by its name on the command line (``-``: standard input)."""
    if name == STDIN:
        stream = sys.stdin.buffer
        return replay_file(stream, name="<stdin>", steps=steps, stop_after=stop_after,
                           keep_going=keep_going)
    return replay_file(path_label(name), steps=steps, stop_after=stop_after,
                       keep_going=keep_going)
