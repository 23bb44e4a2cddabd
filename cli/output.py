"""The files the commands write for someone to read: whole or not at all.

A transcript from ``simulate``, a page from ``study --chart`` or ``report``: each
is written with :func:`cardcore.replay.store.write_atomic`, so that a crash
leaves the old file or the new one, never half of one, and a symbolic link at
its name is replaced by the file, never written through (a planted link must not
send the file somewhere else). A place that cannot be written is said in words
and is bad usage (exit 2), never a traceback.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

import click

from cardcore.cli.render import say
from cardcore.replay.store import write_atomic

__all__ = ["cannot_write", "check_place", "write_file"]


def write_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole, or say why not and exit 2."""
    try:
        write_atomic(path, text, through_link=False, tidy=False)
    except OSError as error:
        cannot_write(path, error)


def cannot_write(path: Path, error: OSError) -> NoReturn:
    say(f"cannot write {path}: {error.strerror or error}", err=True)
    sys.exit(2)


def check_place(path: Path, hint: str) -> None:
    """Refuse, as bad usage of the option ``hint``, a file that could not be written
    there: in a folder that does not exist or cannot be written (click's ``Path``
    type refuses a folder itself). For a command that works a while before it
    writes, so that it stops at once."""
    folder = path.parent
    if not folder.is_dir():
        raise click.BadParameter(f"{path}: there is no folder {folder}", param_hint=hint)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise click.BadParameter(f"{path}: the folder {folder} cannot be written",
                                 param_hint=hint)
