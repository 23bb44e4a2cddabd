"""A fixture's ``expect``: what a failed one says, and rule IDs that cannot be met."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.replay.expected_problems import ExpectedProblem
from cardcore.replay.runner import Report, expect_lines, internal_error
from cardcore.replay.transcript import TranscriptError, load_transcript
from cardcore.rulebook import unknown_rule

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


def _load_problems(expect: list[dict[str, Any]]) -> list[tuple[str, str]]:
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    data["expect"] = {"problems": copy.deepcopy(expect)}
    with pytest.raises(TranscriptError) as caught:
        load_transcript(data)
    return [(p.pointer, p.message) for p in caught.value.problems]


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


def test_an_expect_the_replay_does_not_meet_shows_the_fixtures_note(tmp_path: Path) -> None:
    """Under what was expected and found, the fixture's meta.note (what it pins, its
    arithmetic), so that whoever broke it reads what it was for; the same in
    processes (--jobs). A file without expect is not known to be a fixture, and
    its note is not shown."""
    path = _fixture(tmp_path, [{"pointer": "/events/2", "rule": "GP-4.2"}])
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"] = {"note": "Ben folds at event 2 and pays 2 (GP-4.2)"}
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = _validate(str(path))
    assert code == 1
    assert ("  the replay found no problem\n"
            "  meta.note: Ben folds at event 2 and pays 2 (GP-4.2)\n") in out
    code, twice = _validate("--jobs", "2", str(path), str(path))
    assert twice.count("\n  meta.note: Ben folds at event 2 and pays 2 (GP-4.2)\n") == 2
    del data["expect"]
    data["events"][2]["player"] = "Ben"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = _validate(str(path))
    assert code == 1 and "C-5" in out and "meta.note" not in out


def test_a_forgotten_card_fixture_that_misses_its_expect_shows_its_note(
        tmp_path: Path) -> None:
    """A file with a card nobody remembers has no one replay, but its note is shown
    all the same."""
    data = json.loads((ROOT / "fixtures/goblin-poker/forgotten-dealt-card-decides-bust.json")
                      .read_text(encoding="utf-8"))
    data["expect"] = {"problems": [{"pointer": "/events/1", "rule": "C-5"}]}
    path = tmp_path / "forgotten.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = _validate(str(path))
    assert code == 1
    assert f"  meta.note: {' '.join(data['meta']['note'].split())[:200]}" in out


def test_a_file_cardcore_failed_on_is_not_said_to_have_no_problem() -> None:
    """An internal error judged nothing: only what was expected is said, no 'found'."""
    report = Report(path="f.json", problems=(internal_error("f.json", RuntimeError("x")),),
                    expected=(ExpectedProblem(pointer="/events/2", rule="C-5"),))
    assert expect_lines(report) == ["expected exactly: /events/2 C-5"]


def test_an_unknown_rule_id_in_expect_is_a_format_problem_at_its_rule() -> None:
    """GP-9 is no rule of Goblin Poker: no replay could ever produce it, so the entry is
    refused where it is written, with the rule IDs there are."""
    assert _load_problems([{"pointer": "/events/2", "rule": "GP-9"}]) == [(
        "/expect/problems/0/rule",
        "'GP-9' is not a rule ID of Goblin Poker: its rules are GP-1.1 ... GP-6.3, and the "
        "common rules C-1 ... C-8 (cardcore rules goblin-poker lists them)")]


def test_validate_reports_an_unknown_rule_id_in_expect_as_unreadable(tmp_path: Path) -> None:
    """Exit 2, the pointer of the entry and the message, no traceback, text and JSON."""
    path = _fixture(tmp_path, [{"pointer": "/events/2", "rule": "GP-9"}])
    code, out = _validate(str(path))
    assert code == 2 and "Traceback" not in out
    assert f"{path}:/expect/problems/0/rule: format: 'GP-9' is not a rule ID" in out
    code, out = _validate("--format", "json", str(path))
    (problem,) = json.loads(out)["files"][0]["problems"]
    assert code == 2 and (problem["kind"], problem["pointer"]) == (
        "format", "/expect/problems/0/rule")


@pytest.mark.parametrize(("rule", "words"), [
    ("OP-2.4", "'OP-2.4' is a rule ID of Orc Poker, not of Goblin Poker: its rules are"),
    ("gp-1.2", "'gp-1.2' is not a rule ID of Goblin Poker (did you mean 'GP-1.2'?)"),
    ("GP-12", "'GP-12' is not a rule ID of Goblin Poker (did you mean 'GP-1.2'?)"),
    ("GP-4.7", "'GP-4.7' is not a rule ID of Goblin Poker: section GP-4 has GP-4.1 ... GP-4.6"),
    ("C-9", "'C-9' is not a rule ID of Goblin Poker: its rules are GP-1.1 ... GP-6.3, and the "
            "common rules C-1 ... C-8"),
    ("pitched twice", "'pitched twice' is not a rule ID of Goblin Poker: its rules are"),
])
def test_an_unknown_rule_id_says_what_was_likely_meant(rule: str, words: str) -> None:
    """Another game's rule says whose it is; a slip of case or punctuation names the ID
    meant; a rule missing from a section lists that section."""
    ((where, message),) = _load_problems([{"pointer": "/events/2", "rule": rule}])
    assert where == "/expect/problems/0/rule" and message.startswith(words), message


def test_rules_sections_and_common_rules_of_the_game_are_accepted() -> None:
    """Whatever a problem of the game can cite is accepted: its rules and sections (an
    effect cites AU-3) and the common rules, which hold in every game."""
    for rule, game in [("GP-4.2", "goblin-poker"), ("GP-4", "goblin-poker"),
                       ("C-3", "goblin-poker"), ("AU-3", "auction"), ("C-8", "saint-poker"),
                       ("OP-2.4", "orc-poker")]:
        assert unknown_rule(rule, game) is None, (rule, game)
    assert unknown_rule("GP-4.2", "orc-poker") is not None


@pytest.mark.parametrize(("entry", "passes"), [
    ({"pointer": "/events/2/player", "kind": "rule"}, True),
    ({"pointer": "/events/2/player", "rule": "C-5"}, True),
    ({"pointer": "/events/2/player", "rule": "C-5", "kind": "rule"}, True),
    ({"pointer": "/events/2/player", "kind": "check"}, False),
    ({"pointer": "/events/2/player", "rule": "C-4", "kind": "rule"}, False),
])
def test_a_kind_alone_matches_any_problem_of_that_kind_at_the_pointer(
        tmp_path: Path, entry: dict[str, Any], passes: bool) -> None:
    """``kind`` may stand instead of a rule ID (the format's words): a rule problem at
    the pointer meets ``{"kind": "rule"}``, while a different kind or rule does not."""
    code, out = _validate(str(_fixture(tmp_path, [entry], illegal=True)))
    assert (code == 0) is passes, out
