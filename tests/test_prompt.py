"""Lines at the recorder's prompt: where the history is kept, and the plain bounded read
where there is no terminal (the terminal itself is driven in tests/test_record.py)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from cardcore.cli.prompt import LONGEST_LINE, LineReader, history_path


def test_the_history_file_is_per_user_and_can_be_moved_or_turned_off(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """$CARDCORE_HISTORY wins (empty: no history), then $XDG_STATE_HOME, then ~/.local/state."""
    monkeypatch.delenv("CARDCORE_HISTORY", raising=False)
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert history_path() == tmp_path / ".local/state/cardcore/record_history"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert history_path() == tmp_path / "state/cardcore/record_history"
    monkeypatch.setenv("CARDCORE_HISTORY", str(tmp_path / "mine"))
    assert history_path() == tmp_path / "mine"
    monkeypatch.setenv("CARDCORE_HISTORY", "")
    assert history_path() is None


def test_without_a_terminal_lines_are_read_plainly_and_bounded(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """A pipe gives its lines without editing and writes no history; a line past 1 MiB
    is None, not read whole; the end of input is EOFError."""
    monkeypatch.setattr("sys.stdin", io.StringIO("deal\n" + "x" * (LONGEST_LINE + 10)))
    reader = LineReader(tmp_path / "history")
    assert not reader.editing
    assert reader.ask("#0> ") == "deal"
    assert reader.ask("#1> ") is None
    reader.ask("#1> ")  # the rest of the long line (below the bound)
    with pytest.raises(EOFError):
        reader.ask("#1> ")
    reader.close()
    assert capsys.readouterr().out.startswith("#0> #1> ")
    assert not (tmp_path / "history").exists()


class _Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_terminal_without_readline_still_reads_lines(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A Python built without readline: the same lines at a terminal, without editing,
    and no history file."""
    monkeypatch.setitem(sys.modules, "readline", None)  # import readline fails
    monkeypatch.setattr("sys.stdin", _Terminal("deal\n"))
    monkeypatch.setattr("sys.stdout", _Terminal())
    reader = LineReader(tmp_path / "history")
    assert not reader.editing
    assert reader.ask("#0> ") == "deal"
    reader.close()
    assert not (tmp_path / "history").exists()
