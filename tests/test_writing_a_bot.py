"""docs/writing-a-bot.md: its Python blocks run, in order, in one namespace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "writing-a-bot.md"


def test_every_block_of_the_walkthrough_runs(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The walkthrough's code does what its text says (its own asserts hold)."""
    monkeypatch.chdir(tmp_path)
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE)
    assert len(blocks) >= 7
    namespace: dict[str, object] = {"__name__": "walkthrough"}
    for number, block in enumerate(blocks, 1):
        exec(compile(block, f"{DOC.name} block {number}", "exec"), namespace)
