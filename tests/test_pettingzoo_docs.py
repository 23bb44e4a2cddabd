"""docs/pettingzoo.md: its Python blocks run, in order, in one namespace."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

if os.environ.get("CI") != "true":
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed "
                        "(pip install -e '.[pettingzoo]'); CI=true requires it")

DOC = Path(__file__).resolve().parent.parent / "docs" / "pettingzoo.md"


def test_every_block_of_the_walkthrough_runs(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The walkthrough's code does what its text says (its own asserts hold)."""
    monkeypatch.chdir(tmp_path)
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE)
    assert len(blocks) >= 6
    namespace: dict[str, object] = {"__name__": "walkthrough"}
    for number, block in enumerate(blocks, 1):
        exec(compile(block, f"{DOC.name} block {number}", "exec"), namespace)
