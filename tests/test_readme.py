"""README.md stays true: its first commands, and its Python example runs as shown.

(``.ci/typecheck.py`` also checks the example under ``mypy --strict``.)
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _example() -> str:
    (block,) = re.findall(r"^```python\n(.*?)^```", README, flags=re.DOTALL | re.MULTILINE)
    return block


def test_the_first_two_commands_install_and_validate_then_run_the_tests() -> None:
    """The first two commands are the fresh-clone ones, the second is what CI runs."""
    commands = [line.strip() for line in README.splitlines() if line.startswith("    ")][:2]
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/cardcore validate fixtures",
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest",
    ]
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_python_example_prints_what_its_comments_say(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``print`` of the example gives the output written in its comment."""
    code = _example()
    shown = [line.split("# ", 1)[1] for line in code.splitlines()
             if line.lstrip().startswith("print(") and "# " in line]
    monkeypatch.chdir(ROOT)
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, "README.md", "exec"), {"__name__": "readme_example"})
    assert output.getvalue().splitlines() == shown
    assert len(shown) >= 4 and os.getcwd() == str(ROOT)
