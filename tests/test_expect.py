"""A fixture's ``expect``: what a failed one says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.replay.expected_problems import ExpectedProblem
from cardcore.replay.runner import Report, expect_lines, internal_error

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "fixtures" / "goblin-poker" / "ante-shortfall-and-session-ended-by-chips.json"


def _fixture(tmp_path: Path, expect: list[dict[str, Any]], *, illegal: bool = False) -> Path:
    """The good Goblin Poker record with ``expect``; ``illegal``: Ben pitches out of turn
    at event 2 (C-5 at /events/2/player)."""
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    if illegal:
        data["events"][2]["player"] = "Ben"
    data["expect"] = {"problems": expect}
    path = tmp_path / "fixture.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _validate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_an_expect_the_replay_does_not_meet_says_it_found_no_problem(tmp_path: Path) -> None:
    """A valid record expected to break GP-4.2: the report says what was expected and
    that the replay found nothing, not only what was expected."""
    code, out = _validate(str(_fixture(tmp_path, [{"pointer": "/events/2", "rule": "GP-4.2"}])))
    assert code == 1
    assert "  expected exactly: /events/2 GP-4.2\n  the replay found no problem\n" in out


def test_an_expect_the_replay_does_not_meet_lists_what_it_found(tmp_path: Path) -> None:
    """The problems found are listed in the form of the expected ones (pointer, then rule
    ID or kind), so the two lines can be compared at a glance."""
    path = _fixture(tmp_path, [{"pointer": "/events/2", "rule": "C-5"},
                               {"pointer": "/result/chips/Aki", "kind": "check"}], illegal=True)
    code, out = _validate(str(path))
    assert code == 1
    assert ("  expected exactly: /events/2 C-5, /result/chips/Aki check\n"
            "  the replay found: /events/2/player C-5\n") in out


def test_a_file_cardcore_failed_on_is_not_said_to_have_no_problem() -> None:
    """An internal error judged nothing: only what was expected is said, no 'found'."""
    report = Report(path="f.json", problems=(internal_error("f.json", RuntimeError("x")),),
                    expected=(ExpectedProblem(pointer="/events/2", rule="C-5"),))
    assert expect_lines(report) == ["expected exactly: /events/2 C-5"]
