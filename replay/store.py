"""Transcript files on disk: written atomically, read back as a :class:`GameLog`.

A record kept live at the table (``cardcore record``) is saved after every
event, so a crash, a closed terminal or a power cut must never leave half a
file. :func:`write_atomic` writes the new text beside the old file (same
directory, a temporary name), flushes and fsyncs it, renames it over the old
one with :func:`os.replace` (atomic on POSIX and Windows) and fsyncs the
directory, so that the rename itself survives a power cut. A reader sees the
old file or the new one, never a mixture; a kill at the wrong moment leaves at
most a stray ``.<name>.*.tmp`` beside it, which the next save of that file
removes once it is older than :data:`STRAY_SECONDS` (no save takes that long,
so it is no other save's file).

A record kept through a symbolic link is saved into the file the link leads
to (the link stays); a file written for someone else to read (``simulate``)
replaces a link at its name instead of writing through it.

Saving and loading a :class:`GameLog` live here, in the replay layer, not as
methods of the log: the kernel knows nothing of JSON or files, and imports
nothing of this layer (the import contracts in pyproject.toml).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from os import PathLike
from pathlib import Path
from typing import Any

from cardcore.errors import CardcoreError, CheckMismatch, RuleViolation
from cardcore.gamelog import GameLog
from cardcore.quoting import quoted
from cardcore.replay.errors import RecordError
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.runner import Report, replay_transcript
from cardcore.replay.transcript import Transcript, dump_transcript, read_transcript

__all__ = ["RecordError", "load_log", "log_transcript", "replay_log", "save_log",
           "transcript_text", "write_atomic"]


def transcript_text(data: dict[str, Any]) -> str:
    """The JSON text of a transcript: the envelope indented, one event per line.

    One line per event keeps a hand-kept record readable and its diffs small.

    >>> print(transcript_text({"format": "f", "players": ["A"], "events": [{"type": "deal"}]}))
    {
      "format": "f",
      "players": ["A"],
      "events": [
        {"type": "deal"}
      ]
    }
    """
    lines = []
    for key, value in data.items():
        if key == "events" and value:
            events = ",\n".join("    " + json_text(event) for event in value)
            lines.append(f'  "events": [\n{events}\n  ]')
        else:
            lines.append(f"  {json_text(key)}: {json_text(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _mode_for(path: Path) -> int:
    """The old file's permissions, or what a new file gets under the umask
    (mkstemp's 0600 would otherwise take the record away from its group)."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _fsync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows cannot open a folder)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - Windows
        return
    try:
        os.fsync(handle)
    except OSError:  # pragma: no cover - a file system that cannot sync folders
        pass
    finally:
        os.close(handle)


STRAY_SECONDS = 600
"""How old a ``.<name>.*.tmp`` beside a file must be before a save removes it."""


def _remove_strays(folder: Path, name: str, mine: str) -> None:
    """Remove the temporary files that killed saves of ``name`` left in ``folder``:
    regular files (never a link) named as :func:`write_atomic` names them, of this
    user, older than :data:`STRAY_SECONDS`; ``mine`` is this save's own."""
    import time

    prefix = f".{name}."
    try:
        names = [entry for entry in os.listdir(folder)
                 if entry.startswith(prefix) and entry.endswith(".tmp") and entry != mine]
    except OSError:
        return
    old = time.time() - STRAY_SECONDS
    for entry in names:
        stray = folder / entry
        with contextlib.suppress(OSError):
            status = os.lstat(stray)
            if (stat.S_ISREG(status.st_mode) and status.st_mtime < old
                    and status.st_uid == os.getuid()):
                os.unlink(stray)


def write_atomic(path: Path, text: str, *, through_link: bool = True,
                 tidy: bool = True) -> None:
    """Replace ``path`` with ``text`` so that any crash leaves the old or the new file.

    When ``path`` is a link to a file, that file is replaced and the link kept
    (``through_link``, for a record kept through a link), or else the link
    itself is replaced by the file (for a file written for others, which must
    never land where a planted link points). ``tidy`` removes what killed saves
    of the same file left (not for a folder of thousands of new files, where each
    save would list them all). Raises :class:`OSError` when the
    folder cannot be written; the old file is then untouched and no temporary
    file is left behind.
    """
    path = Path(path)
    if "\0" in str(path):  # os.open would raise a ValueError of its own words
        raise CardcoreError(f"cannot write {str(path)!r}: a file name holds no NUL byte")
    if through_link and path.is_symlink() and path.exists():
        path = Path(os.path.realpath(path))
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():  # said of the path given, not of the temporary file's replacing it
        raise IsADirectoryError(errno.EISDIR, "a folder is there, not a file to write",
                                str(path))
    mode = _mode_for(path)
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.",
                                             suffix=".tmp")
    except FileNotFoundError:  # said of the folder, not of a temporary name never chosen
        raise FileNotFoundError(errno.ENOENT, "no such folder to write the file in",
                                str(folder)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_directory(folder)
    if tidy:
        _remove_strays(folder, path.name, os.path.basename(temporary))


def log_transcript(log: GameLog[Any]) -> Transcript:
    """The transcript of a log: its table, its events and its ``meta``."""
    return Transcript(game=log.rules.name, players=log.players, events=log.events,
                      options=log.options, ages=log.ages, meta=log.meta)


def save_log(log: GameLog[Any], path: str | PathLike[str]) -> None:
    """Write the log's transcript to ``path`` atomically (:func:`write_atomic`)."""
    if not isinstance(log, GameLog):
        raise CardcoreError(f"save_log writes a GameLog (cardcore.GameLog, cardcore.play.play's "
                            f"result), not {quoted(log)}")
    write_atomic(Path(path), transcript_text(dump_transcript(log_transcript(log))))


def replay_log(transcript: Transcript, path: str | PathLike[str]
               ) -> tuple[GameLog[Any], Report]:
    """The log of a transcript's events up to its first problem (all of them when
    it replays cleanly), and the replay's report: the problems ``validate``
    reports for it. A log holds no event the rules refuse and no ``check`` that
    disagrees, so it stops where the first such event is (an event of a record
    whose only problem is its ``result`` is all there).

    Raises :class:`RecordError` for a fixture of illegal play (it has ``expect``:
    its problems are the point of it, not a record's mistakes); ``path`` names
    the file in that message."""
    if transcript.expect is not None:
        raise RecordError(f"{path} is a fixture of illegal play (it has 'expect'), "
                          "not the record of a game")
    report = replay_transcript(transcript)
    log: GameLog[Any] = GameLog(transcript.rules, transcript.players, transcript.options,
                                ages=transcript.ages, meta=transcript.meta)
    for event in transcript.events:
        try:
            log.append(event)
        except (RuleViolation, CheckMismatch):
            if not report.problems:  # pragma: no cover - the log and the replay judge alike
                raise
            break
    return log, report


def load_log(path: str | PathLike[str]) -> GameLog[Any]:
    """The log a transcript file records, rebuilt by replaying it.

    Raises :class:`~cardcore.replay.transcript.TranscriptError` for a file that
    is no transcript and :class:`RecordError` for one whose replay has problems,
    each with the problems ``validate`` reports. A ``result`` is checked, not
    kept: a log's result is derived (``log.outcome``).
    """
    log, report = replay_log(read_transcript(Path(path)), path)
    if report.problems:
        first = report.problems[0]
        why = f": {first.pointer or '(whole file)'}: {first.message}"
        more = len(report.problems) - 1
        why += f" (and {more} more)" if more > 0 else ""
        raise RecordError(f"{path} does not replay cleanly{why}", report.problems)
    return log
