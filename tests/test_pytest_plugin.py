"""The pytest plugin: a folder of transcripts collected as tests, one item per file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "goblin-poker" / "rules-example.json"


def _folder(pytester: pytest.Pytester) -> Path:
    """games/good.json (the rules example) and games/bad.json (Ben pitches twice)."""
    games = pytester.mkdir("games")
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    (games / "good.json").write_text(json.dumps(data), encoding="utf-8")
    data["events"][3] = {"type": "pitch", "player": "Ben"}
    del data["result"]
    (games / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    return games


def test_one_good_and_one_bad_transcript_give_one_pass_and_one_failure(
        pytester: pytest.Pytester) -> None:
    """The failure names the file, the pointer, the rule and the message, no traceback."""
    _folder(pytester)
    result = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "games/bad.json:/events/3/player: rule [[]C-5]: Ben cannot pitch now: it is Chie's turn*",
        "FAILED games/bad.json::replay*",
    ])
    output = result.stdout.str()
    assert "Traceback" not in output and "runner.py" not in output


def test_a_wrong_payment_is_traced_to_the_rule_that_made_it(pytester: pytest.Pytester) -> None:
    """A fixture whose result no longer agrees (a maintainer changed a payment
    rule): the failure named the events that moved the player's chips but not
    what they moved them by or under which rule, so the maintainer had to
    replay the file to find the rule. Each event is named with its amount and
    rules: "/events/0 (-1, GP-1.1), /events/6 (+9, GP-4.4)"."""
    games = pytester.mkdir("games")
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["result"]["chips"]["Ben"] = 107
    (games / "wrong.json").write_text(json.dumps(data), encoding="utf-8")
    result = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "  /result/chips/Ben: moved since the start by /events/0 (-1, GP-1.1), "
        "/events/6 (+9, GP-4.4)"])


def test_the_ini_option_collects_when_pytest_is_run_without_paths(
        pytester: pytest.Pytester) -> None:
    """cardcore_fixtures in the configuration works like testpaths: used by a plain
    ``pytest``, not when other paths are given."""
    _folder(pytester)
    pytester.makeini("[pytest]\ncardcore_fixtures = games\n")
    pytester.makepyfile(test_other="def test_other():\n    '''A plain test.'''\n")
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=2, failed=1)
    pytester.runpytest("test_other.py", "-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_a_fixture_of_illegal_play_passes_when_it_fails_as_expected(
        pytester: pytest.Pytester) -> None:
    """expect: the problems it must produce; another problem is a failure that shows them."""
    games = _folder(pytester)
    bad = json.loads((games / "bad.json").read_text(encoding="utf-8"))
    bad["expect"] = {"problems": [{"pointer": "/events/3/player", "rule": "C-5"}]}
    (games / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    bad["expect"] = {"problems": [{"pointer": "/events/4", "rule": "C-5"}]}
    (games / "wrong-expect.json").write_text(json.dumps(bad), encoding="utf-8")
    result = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["expected exactly: /events/4 C-5"])


def test_a_fixture_that_misses_its_expect_says_what_the_replay_found(
        pytester: pytest.Pytester) -> None:
    """The plugin words a missed expect as validate does: expected, then found."""
    games = _folder(pytester)
    bad = json.loads((games / "bad.json").read_text(encoding="utf-8"))
    bad["expect"] = {"problems": [{"pointer": "/events/4", "rule": "C-5"}]}
    (games / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    good = json.loads((games / "good.json").read_text(encoding="utf-8"))
    good["expect"] = {"problems": [{"pointer": "/events/4", "rule": "C-5"}]}
    (games / "good.json").write_text(json.dumps(good), encoding="utf-8")
    result = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["expected exactly: /events/4 C-5",
                                 "the replay found: /events/3/player C-5"])
    result.stdout.fnmatch_lines(["expected exactly: /events/4 C-5",
                                 "the replay found no problem"])


def test_the_plugin_is_inert_without_folders_and_refuses_a_missing_one(
        pytester: pytest.Pytester) -> None:
    """Other JSON files are not collected; a folder that does not exist is a usage error."""
    _folder(pytester)
    pytester.makepyfile(test_other="def test_other():\n    '''A plain test.'''\n")
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)
    result = pytester.runpytest("--cardcore-fixtures", "nowhere", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*cardcore fixtures: *nowhere is not a folder*"])


def test_a_failure_shows_the_control_characters_of_the_file_escaped(
        pytester: pytest.Pytester) -> None:
    """A player named with ESC [2J and a line break, who pitches out of turn: the
    failure pytest prints has them as \\u001b and \\n, so the file cannot clear the
    screen or print a line of its own."""
    games = _folder(pytester)
    text = (games / "bad.json").read_text(encoding="utf-8")
    (games / "bad.json").write_text(text.replace('"Ben"', json.dumps("Ben\x1b[2J\nok")),
                                    encoding="utf-8")
    result = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    output = result.stdout.str()
    assert "\x1b[2J" not in output and "Ben\\u001b[2J\\nok cannot pitch now" in output


def _failed_id(result: pytest.RunResult) -> str:
    """The id of the one failure in pytest's short summary (``FAILED id - ...``)."""
    failed = [line.split()[1] for line in result.stdout.lines if line.startswith("FAILED ")]
    assert len(failed) == 1, result.stdout.str()
    return failed[0]


def test_the_option_without_paths_runs_the_transcripts_only(
        pytester: pytest.Pytester) -> None:
    """``pytest --cardcore-fixtures DIR`` names what to run, as a path would: not the
    configured testpaths nor the other tests of the folder besides DIR."""
    _folder(pytester)
    pytester.makeini("[pytest]\ntestpaths = tests\n")
    pytester.mkdir("tests")
    pytester.makepyfile(**{"tests/test_other": "def test_other():\n    '''A plain test.'''\n",
                           "test_top": "def test_top():\n    '''A plain test.'''\n"})
    result = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    pytester.makeini("[pytest]\n")  # no testpaths: pytest would collect the whole folder
    result = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result = pytester.runpytest("--cardcore-fixtures", "games", "tests", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)


def test_a_failed_transcript_reruns_by_the_id_pytest_printed(
        pytester: pytest.Pytester) -> None:
    """The id in ``FAILED games/bad.json::replay`` runs that file alone: given with the
    option (the folder is not added to a path inside it), or, when the configuration
    names the folder, on its own."""
    _folder(pytester)
    first = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    failed = _failed_id(first)
    again = pytester.runpytest("--cardcore-fixtures", "games", failed, "-p", "no:cacheprovider")
    again.assert_outcomes(failed=1)
    assert _failed_id(again) == failed
    pytester.makeini("[pytest]\ncardcore_fixtures = games\n")
    alone = pytester.runpytest(failed, "-p", "no:cacheprovider")
    alone.assert_outcomes(failed=1)
    assert _failed_id(alone) == failed


def test_a_path_in_a_configured_folder_is_collected_as_transcripts(
        pytester: pytest.Pytester) -> None:
    """With cardcore_fixtures = games, ``pytest games`` runs its transcripts (rather
    than no test), as ``pytest`` alone would with the other tests."""
    _folder(pytester)
    pytester.makeini("[pytest]\ncardcore_fixtures = games\n")
    pytester.makepyfile(test_other="def test_other():\n    '''A plain test.'''\n")
    pytester.runpytest("games", "-p", "no:cacheprovider").assert_outcomes(passed=1, failed=1)
    pytester.runpytest("games/good.json", "-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_a_failure_shows_the_fixtures_note(pytester: pytest.Pytester) -> None:
    """Under the problems, the file's meta.note: what the fixture pins and its
    arithmetic, for whoever broke it."""
    games = _folder(pytester)
    bad = json.loads((games / "bad.json").read_text(encoding="utf-8"))
    bad["meta"] = {"note": "Chie folds\nand pays 2 (GP-4.2)"}
    (games / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    result = pytester.runpytest("--cardcore-fixtures", "games", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "games/bad.json:/events/3/player: rule [[]C-5[]]: Ben cannot pitch now*",
        "meta.note: Chie folds and pays 2 (GP-4.2)"])
