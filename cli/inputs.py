"""What the commands read and how they print JSON: files and folders, standard input.

Every command that takes transcripts takes them the same way (a file, a folder
searched for ``*.json`` in any case, ``-`` for standard input), so the walk lives
in one place.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from cardcore.replay.jsonwrite import json_text
from cardcore.replay.runner import Report, replay_file

__all__ = ["FORMATS", "STDIN", "emit_json", "files", "game_argument", "replay_named"]

FORMATS = click.Choice(["text", "json"])

STDIN = "-"
"""The path that means standard input."""


def game_argument(text: str, hint: str = "GAME") -> str:
    """A game named on the command line: its transcript name or the start of it
    (``goblin``), as ``cardcore rules`` reads page names; bad usage otherwise."""
    from cardcore.registry import UnknownGameError, game_named

    try:
        return game_named(text)
    except UnknownGameError as error:
        raise click.BadParameter(str(error), param_hint=hint) from None


def emit_json(data: Any) -> None:
    click.echo(json_text(data, indent=2))


def files(paths: tuple[str, ...]) -> Iterator[str]:
    """The files to read: files as given, folders searched for *.json (any case)."""
    for name in paths:
        path = Path(name)
        if name != STDIN and path.is_dir():
            found = (p for p in path.rglob("*") if p.suffix.lower() == ".json" and p.is_file())
            yield from (str(p) for p in sorted(found))
        else:
            yield name


def replay_named(name: str, *, steps: bool = False, stop_after: int | None = None) -> Report:
    """Replay a file by its name on the command line (``-``: standard input)."""
    if name == STDIN:
        stream = sys.stdin.buffer
        return replay_file(stream, name="<stdin>", steps=steps, stop_after=stop_after)
    return replay_file(Path(name), steps=steps, stop_after=stop_after)
