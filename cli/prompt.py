"""Lines typed at the recorder's prompt: line editing and history at a terminal.

At a terminal the line is read through Python's :mod:`readline` (the arrows
move in the line and recall earlier entries, Ctrl-R searches them), with a
history kept between sessions in one file per user. Where there is no terminal
(a pipe, a file, a test) or no :mod:`readline` (some builds lack it), a plain
bounded read is used instead: the same lines, without editing.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["LONGEST_LINE", "LineReader", "history_path"]

LONGEST_LINE = 1024 * 1024
"""The longest line read at the prompt (1 MiB: a pasted event is a few hundred
characters); a longer one is no entry typed at a table, but a file or a device
given as standard input, and ends the session instead of filling the memory."""

HISTORY_LINES = 1000
"""The entries kept in the history file: weeks of games, a few tens of kilobytes."""


def history_path() -> Path | None:
    """Where the entries typed at the prompt are kept between sessions:
    ``$CARDCORE_HISTORY`` if set (empty: nowhere), else ``cardcore/record_history``
    in ``$XDG_STATE_HOME`` (``~/.local/state``); None where there is no home."""
    given = os.environ.get("CARDCORE_HISTORY")
    if given is not None:
        return Path(given) if given else None
    state = os.environ.get("XDG_STATE_HOME")
    if state:
        return Path(state) / "cardcore" / "record_history"
    home = os.environ.get("HOME")
    return Path(home) / ".local" / "state" / "cardcore" / "record_history" if home else None


def _readline() -> ModuleType | None:
    """The :mod:`readline` module where the prompt is a terminal and it exists."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    try:
        import readline
    except ImportError:  # a Python built without it
        return None
    return readline


class LineReader:
    """Reads one line at a time, with editing and history where it can."""

    def __init__(self, history: Path | None) -> None:
        self._readline = _readline()
        self._history = history if self._readline is not None else None
        if self._readline is None:
            return
        self._readline.set_history_length(HISTORY_LINES)
        if self._history is not None:
            # no history yet, or one that cannot be read: start afresh
            with contextlib.suppress(OSError, UnicodeError):
                self._readline.read_history_file(str(self._history))

    @property
    def editing(self) -> bool:
        """Whether lines are read with editing and history."""
        return self._readline is not None

    def ask(self, prompt: str) -> str | None:
        """One line without its line break, or None for a line longer than
        :data:`LONGEST_LINE` (not read further); EOFError at the end of input,
        KeyboardInterrupt for Ctrl-C."""
        if self._readline is not None:
            line = input(prompt)
        else:
            sys.stdout.write(prompt)
            sys.stdout.flush()
            line = sys.stdin.readline(LONGEST_LINE + 1)
            if not line:
                raise EOFError
            line = line.removesuffix("\n")
        if len(line) > LONGEST_LINE:
            if self._readline is not None:  # not worth recalling
                self._readline.remove_history_item(
                    self._readline.get_current_history_length() - 1)
            return None
        return line

    def close(self) -> None:
        """Keep the history for the next session (a history that cannot be written
        is only lost: the record itself is already saved)."""
        if self._readline is None or self._history is None:
            return
        try:
            self._history.parent.mkdir(parents=True, exist_ok=True)
            self._readline.write_history_file(str(self._history))
        except OSError:
            pass
