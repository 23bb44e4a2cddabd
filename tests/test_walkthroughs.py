"""The walkthroughs in docs/ are true: their commands give the output they show.

Each page's ```json NAME and ```python NAME blocks are written as files NAME (a
module importable by the commands, a bot for ``--policy``), and its ```console
blocks run in order in a fresh folder holding a copy of fixtures/: ``$ cardcore
...`` is a command (``# exit N`` after it: its exit status, else 0), the lines
after it its output, ``...`` any lines left out.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcore.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["settling-a-dispute", "changing-a-rule", "rule-coverage", "studies"]
BLOCK = re.compile(r"^```(json|python|console)([^\n]*)\n(.*?)^```",
                   flags=re.DOTALL | re.MULTILINE)


def _pattern(expected: list[str]) -> re.Pattern[str]:
    parts = ["(?:.*\n)*" if line == "..." else re.escape(line) + "\n" for line in expected]
    return re.compile("".join(parts))


def _commands(text: str) -> list[tuple[str, int, list[str]]]:
    """(command, exit status, expected output lines) of one console block."""
    found: list[tuple[str, int, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            command, _, status = line[2:].partition("# exit ")
            found.append((command.strip(), int(status or 0), []))
        else:
            found[-1][2].append(line)
    return found


@pytest.mark.parametrize("page", PAGES)
def test_every_command_of_the_walkthrough_gives_its_output(
        page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The files it shows, then its commands in order: each exit status and output."""
    text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    ran = 0
    for kind, info, body in BLOCK.findall(text):
        if kind in ("json", "python") and info.strip():
            (tmp_path / info.strip()).write_text(body, encoding="utf-8")
            continue
        if kind != "console":
            continue
        for command, status, expected in _commands(body):
            words = shlex.split(command)
            assert words[0] == "cardcore", command
            result = CliRunner().invoke(main, words[1:])
            assert (result.exit_code, result.exception is None or
                    isinstance(result.exception, SystemExit)) == (status, True), (
                command, result.output)
            assert _pattern(expected).fullmatch(result.output), (command, result.output)
            ran += 1
    assert ran >= 4
