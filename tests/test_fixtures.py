"""Every transcript under fixtures/ is a regression test.

A fixture passes when it replays with no problem, or, if it has ``expect``,
when it produces exactly the expected problems. Each fixture is collected as
its own item by cardcore's pytest plugin (``cardcore_fixtures`` in
pyproject.toml); a failure names the file, the pointer, the rule and the
message. The tests here pin what the plugin cannot: that it is configured,
that the rules examples carry results, and that every fixture says what it pins.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardcore.replay.runner import replay_file

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").rglob("*.json"))


def _explain(path: Path, report_problems: object, expect: object) -> str:
    lines = [f"{path}:"]
    for problem in report_problems:  # type: ignore[attr-defined]
        lines.append(f"  {problem.pointer or '(whole file)'}: {problem.kind} "
                     f"[{problem.rule or '-'}] {problem.message}")
    if expect is not None:
        lines.append(f"  expected exactly: {expect}")
    return "\n".join(lines)


def test_every_fixture_is_collected_through_the_plugin(request: pytest.FixtureRequest) -> None:
    """pyproject.toml names fixtures/ for the cardcore pytest plugin, so a plain
    ``pytest`` (the README's command) runs every fixture as its own item."""
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - mypy's own dependency before 3.11
        import tomli as tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["pytest"]["ini_options"]["cardcore_fixtures"] == ["fixtures"]
    assert config["project"]["entry-points"]["pytest11"] == {
        "cardcore": "cardcore.replay.pytest_plugin"}
    if request.config.args_source == pytest.Config.ArgsSource.ARGS:
        pytest.skip("pytest was given paths: the configured fixtures are not collected")
    collected = {item.path for item in request.session.items if item.name == "replay"}
    assert collected == set(FIXTURES)


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
