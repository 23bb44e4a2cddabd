"""Every transcript under fixtures/ is a regression test.

A fixture passes when it replays with no problem, or, if it has ``expect``,
when it produces exactly the expected problems. A failure names the file, the
pointer and the problem.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardcore.replay.runner import replay_file

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").rglob("*.json"))


def _id(path: Path) -> str:
    return str(path.relative_to(path.parents[1]))


def _explain(path: Path, report_problems: object, expect: object) -> str:
    lines = [f"{path}:"]
    for problem in report_problems:  # type: ignore[attr-defined]
        lines.append(f"  {problem.pointer or '(whole file)'}: {problem.kind} "
                     f"[{problem.rule or '-'}] {problem.message}")
    if expect is not None:
        lines.append(f"  expected exactly: {expect}")
    return "\n".join(lines)


@pytest.mark.parametrize("path", FIXTURES, ids=_id)
def test_fixture(path: Path) -> None:
    """The fixture validates, or fails exactly as its ``expect`` says."""
    report = replay_file(path)
    assert report.readable or report.expect is not None, _explain(path, report.problems, None)
    assert report.valid, _explain(path, report.problems, report.expect)


@pytest.mark.parametrize("game", ["goblin-poker", "orc-poker", "saint-poker"])
def test_the_rules_example_of_each_game_validates_with_its_result(game: str) -> None:
    """The hand-computed example of each game's rules ships as a fixture, with a result."""
    report = replay_file(ROOT / "fixtures" / game / "rules-example.json")
    assert report.valid and report.problems == (), _explain(Path(game), report.problems, None)
    assert report.transcript is not None and report.transcript.result is not None


def test_fixtures_exist_per_game() -> None:
    """Each implemented game has its folder of fixtures, and each fixture says what it pins."""
    import json

    from cardcore.registry import GAMES

    for name in GAMES:
        files = list((ROOT / "fixtures" / name).glob("*.json"))
        assert files, f"no fixtures for {name}"
        for file in files:
            note = json.loads(file.read_text(encoding="utf-8")).get("meta", {}).get("note")
            assert isinstance(note, str) and note.strip(), f"{file} has no meta.note"
