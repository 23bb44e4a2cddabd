"""The transcripts a folder holds: only its own regular files, and a word for the rest.

``cardcore validate DIR`` is run on folders that strangers fill: an uploaded
archive keeps symbolic links (tar and zip both do), and a link named
``game.json`` that leads to ``/proc/self/environ`` or a token file would have
its start printed under a syntax error. So a folder is walked here, once, by
what each entry is rather than by what it points to:

- a regular ``*.json`` file (any case) in the folder or below is read;
- a link is followed only when it leads to a place inside the folder given
  (``--follow-links``: wherever it leads); a link to a folder is descended only
  with ``--follow-links``, and never twice into the same folder (no loop);
- a ``*.json`` that is a link leading outside, or no regular file (a FIFO, a
  device), and a folder that cannot be read or searched are *skipped*: each is
  reported in its place with the reason, never silently left out, so a batch
  never passes on files it did not judge.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["Skipped", "walk"]


@attrs.frozen
class Skipped:
    """A path the walk did not read, and why (a sentence)."""

    path: str
    reason: str


def _inside(target: str, root: str) -> bool:
    return target == root or target.startswith(root.rstrip(os.sep) + os.sep)


def _is_json(name: str) -> bool:
    return name.lower().endswith(".json")


def walk(folder: str, *, follow_links: bool = False) -> Iterator[str | Skipped]:
    """The ``*.json`` files under ``folder`` in the order of their paths (as
    ``sorted`` orders :class:`~pathlib.Path` objects), and the entries it skips.
    (:mod:`pathlib` is imported here: validating one file does not pay for it.)"""
    from pathlib import Path

    root = os.path.realpath(folder)
    found: list[tuple[Path, str | Skipped]] = []
    seen: set[tuple[int, int]] = set()
    pending = [folder]
    while pending:
        current = pending.pop()
        try:
            status = os.stat(current)
            if (status.st_dev, status.st_ino) in seen:  # a link back to a folder walked
                continue
            seen.add((status.st_dev, status.st_ino))
            with os.scandir(current) as listing:
                entries = list(listing)
        except OSError as error:
            found.append((Path(current), Skipped(current, (
                f"skipped: cannot read this folder ({error.strerror or error}); the "
                "transcripts in it, if any, were not judged"))))
            continue
        for entry in entries:
            try:
                found += _entry(entry, root, follow_links, pending)
            except OSError as error:  # a folder that can be read but not searched
                found.append((Path(entry.path), Skipped(entry.path, (
                    f"skipped: cannot look at it ({error.strerror or error}); not judged"))))
    found.sort(key=lambda item: item[0])
    for shown, item in found:  # a path written as pathlib writes it ("./a" as "a")
        yield str(shown) if isinstance(item, str) else Skipped(str(shown), item.reason)


def _entry(entry: os.DirEntry[str], root: str, follow_links: bool,
           pending: list[str]) -> list[tuple[Path, str | Skipped]]:
    """What one entry of a folder adds: a file to read, a skip, or a folder to walk."""
    from pathlib import Path  # loaded by walk already

    path = entry.path
    if entry.is_symlink():
        target = os.path.realpath(path)
        try:
            status = os.stat(path)
        except OSError:  # a link to nothing
            return [(Path(path), Skipped(path, "skipped: a link that leads nowhere"))
                    ] if _is_json(entry.name) else []
        if stat.S_ISDIR(status.st_mode):
            if follow_links:  # walked unless it was already (the walk remembers)
                pending.append(path)
            elif not follow_links and not _inside(target, root):
                return [(Path(path), Skipped(path, (
                    "skipped: a link to a folder outside the folder given "
                    "(cardcore validate --follow-links reads it)")))]
            return []
        if not _is_json(entry.name):
            return []
        if not (follow_links or _inside(target, root)):
            return [(Path(path), Skipped(path, (
                "skipped: a link to a file outside the folder given, not read "
                "(cardcore validate --follow-links reads it)")))]
        if not stat.S_ISREG(status.st_mode):
            return [(Path(path), Skipped(path, "skipped: a link to no regular file, not read"))]
        return [(Path(path), path)]
    if entry.is_dir(follow_symlinks=False):
        pending.append(path)
        return []
    if not _is_json(entry.name):
        return []
    if not entry.is_file(follow_symlinks=False):
        return [(Path(path), Skipped(path, (
            "skipped: not a regular file (a FIFO, a device or a socket), not read")))]
    return [(Path(path), path)]
