"""The walkthroughs in docs/ are true: their commands give the output they show.

Each page's ```json NAME and ```python NAME blocks are written as files NAME (a
module importable by the commands, a bot for ``--policy``), and its ```console
blocks run in order in a fresh folder holding a copy of fixtures/: ``$ cardcore
...`` is a command (``# exit N`` after it: its exit status, else 0), the lines
after it its output, ``...`` any lines left out.

Some lines show figures of fixtures/ itself (how many transcripts exercise a
rule), which a new fixture changes; so a failure names each line of the page
that the output no longer has, what it shows and what the command prints now,
rather than the whole output: the maintainer who added the fixture updates
those lines (docs/changing-a-rule.md, "What to review").
"""

from __future__ import annotations

import difflib
import re
import shlex
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner

from cardcore.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["settling-a-dispute", "changing-a-rule", "rule-coverage", "studies"]
AFTER_A_NEW_FIXTURE = (
    "(a new fixture changes the figures of fixtures/ that docs/changing-a-rule.md and "
    "docs/rule-coverage.md show: write the figures printed now on those lines, after "
    "checking that they are what the fixture should change: docs/changing-a-rule.md, "
    "\"What to review\")")
BLOCK = re.compile(r"^```(json|python|console)([^\n]*)\n(.*?)^```",
                   flags=re.DOTALL | re.MULTILINE)


class Command(NamedTuple):
    """One ``$ cardcore ...`` line of a console block and what the page shows of it."""

    text: str
    status: int
    line: int
    """The line of the page the command is on (from 1)."""
    expected: list[tuple[int, str]]
    """The output the page shows, each line with its line on the page."""


class Difference(NamedTuple):
    """A line of the page the output does not have where the page puts it."""

    line: int
    shown: str | None
    """The page's line; None when the page's output ends there and the command
    prints more."""
    printed: str | None
    """The line the command prints in its place (the likeliest one, after a
    ``...``); None when it prints no such line."""


def _pattern(expected: list[str]) -> re.Pattern[str]:
    parts = ["(?:.*\n)*" if line == "..." else re.escape(line) + "\n" for line in expected]
    return re.compile("".join(parts))


def _commands(text: str, first_line: int) -> list[Command]:
    """The commands of one console block whose first line is ``first_line`` of its page."""
    found: list[Command] = []
    for number, line in enumerate(text.splitlines(), start=first_line):
        if line.startswith("$ "):
            command, _, status = line[2:].partition("# exit ")
            found.append(Command(command.strip(), int(status or 0), number, []))
        else:
            found[-1].expected.append((number, line))
    return found


def _differences(expected: list[tuple[int, str]], output: str, end: int) -> list[Difference]:
    """Where ``output`` parts from the lines a page shows (``end``: the page's line
    after them), each line in turn: in place, or after a ``...`` anywhere further on.

    Only for explaining a mismatch; the verdict is :func:`_pattern`'s."""
    printed = output.split("\n")
    if printed[-1] == "":
        printed.pop()
    found: list[Difference] = []
    at, gap = 0, False
    for number, line in expected:
        if line == "...":
            gap = True
            continue
        rest = printed[at:] if gap else printed[at:at + 1]
        if line in rest:
            at, gap = at + rest.index(line) + 1, False
            continue
        near = difflib.get_close_matches(line, rest, n=1, cutoff=0.6) if gap else rest
        found.append(Difference(number, line, near[0] if near else None))
        if near or not gap:  # a line printed nowhere leaves the gap open
            at, gap = at + (rest.index(near[0]) + 1 if near else 1), False
    if not gap and at < len(printed):
        found.append(Difference(end, None, printed[at]))
    return found


def _explained(page: str, command: Command, differences: list[Difference]) -> list[str]:
    """The differences in words: which line of which page, what it shows, what the
    command prints now."""
    lines = []
    for each in differences:
        where = f"docs/{page}.md line {each.line}"
        if each.shown is None:
            lines.append(f"{where}: the output shown ends here, but `{command.text}` now "
                         f"prints more: {each.printed}")
            continue
        now = ("now prints no such line" if each.printed is None
               else f"now prints:  {each.printed}")
        lines += [f"{where} shows:  {each.shown}", f"  `{command.text}` {now}"]
    return lines


def _page_differences(page: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Everything on ``page`` its commands no longer do, run in ``folder`` (which
    holds the fixtures): the files it shows, then its commands in order, each
    with its exit status and output."""
    text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    monkeypatch.chdir(folder)
    monkeypatch.syspath_prepend(str(folder))
    found: list[str] = []
    ran = 0
    for block in BLOCK.finditer(text):
        kind, info, body = block.groups()
        if kind in ("json", "python") and info.strip():
            (folder / info.strip()).write_text(body, encoding="utf-8")
            continue
        if kind != "console":
            continue
        first = text.count("\n", 0, block.start(3)) + 1
        for command in _commands(body, first):
            words = shlex.split(command.text)
            assert words[0] == "cardcore", command
            result = CliRunner().invoke(main, words[1:])
            ran += 1
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                found.append(f"docs/{page}.md line {command.line}: `{command.text}` failed: "
                             f"{result.exception!r}\n{result.output}")
                continue
            if result.exit_code != command.status:
                found.append(f"docs/{page}.md line {command.line}: `{command.text}` should "
                             f"exit {command.status}, but exits {result.exit_code}; "
                             f"it prints:\n{result.output}")
                continue
            if not _pattern([line for _, line in command.expected]).fullmatch(result.output):
                end = command.expected[-1][0] + 1 if command.expected else command.line + 1
                found += (_explained(page, command, _differences(
                    command.expected, result.output, end)) or [
                    f"docs/{page}.md line {command.line}: `{command.text}` prints:\n"
                    f"{result.output}"])
    assert ran >= 4
    return found


@pytest.mark.parametrize("page", PAGES)
def test_every_command_of_the_walkthrough_gives_its_output(
        page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The files it shows, then its commands in order: each exit status and output."""
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    found = _page_differences(page, tmp_path, monkeypatch)
    if found:
        pytest.fail("\n".join([*found, AFTER_A_NEW_FIXTURE]), pytrace=False)


def test_a_new_fixture_fails_with_the_lines_to_update(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One fixture more changes the count of transcripts that the coverage page
    shows: the failure names that line of the page, what it shows and the count
    printed now (one more than the folder gave before), not the whole output."""
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    monkeypatch.chdir(tmp_path)
    before = CliRunner().invoke(main, ["coverage", "fixtures"]).output.split("\n")[0]
    figure = re.fullmatch(r"rule coverage of (\d+) transcripts", before)
    assert figure is not None, before
    example = tmp_path / "fixtures" / "goblin-poker" / "rules-example.json"
    (example.parent / "one-more.json").write_bytes(example.read_bytes())
    page = (ROOT / "docs" / "rule-coverage.md").read_text(encoding="utf-8").splitlines()
    number = page.index("$ cardcore coverage fixtures") + 2
    found = _page_differences("rule-coverage", tmp_path, monkeypatch)
    at = found.index(f"docs/rule-coverage.md line {number} shows:  {page[number - 1]}")
    assert found[at + 1] == (f"  `cardcore coverage fixtures` now prints:  "
                             f"rule coverage of {int(figure.group(1)) + 1} transcripts")


def test_a_line_after_a_gap_is_matched_to_the_likeliest_line_printed() -> None:
    """After ``...`` the changed line is found among the rest (a count that moved),
    a line printed nowhere is said to be missing, and output past the last line
    shown (with no ``...`` to stand for it) is named at the line that ends it."""
    expected = [(10, "rule coverage of 7 transcripts"), (11, "..."),
                (12, "  GP-1      44  Game start"), (13, "the end")]
    output = "rule coverage of 8 transcripts\nCommon rules\n  GP-1      45  Game start\n" \
             "the end\nmore\n"
    assert _differences(expected, output, 14) == [
        Difference(10, "rule coverage of 7 transcripts", "rule coverage of 8 transcripts"),
        Difference(12, "  GP-1      44  Game start", "  GP-1      45  Game start"),
        Difference(14, None, "more")]
    assert _differences([(3, "..."), (4, "nowhere at all, not even close")], "a\nb\n", 5) == [
        Difference(4, "nowhere at all, not even close", None)]
    assert _differences([(3, "a"), (4, "b")], "a\n", 5) == [Difference(4, "b", None)]
