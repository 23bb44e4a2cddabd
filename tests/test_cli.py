"""The cardcore command line."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tomllib
from click.testing import CliRunner
from imports import imported_by

from cardcore.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "goblin-poker" / "rules-example.json"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_validate_prints_the_final_chips_and_exits_0() -> None:
    """The rules' example game validates."""
    code, out = run("validate", str(EXAMPLE))
    assert code == 0
    assert "Aki 95, Ben 108, Chie 97" in out and "winners: Ben" in out


def test_validate_json_has_the_documented_shape() -> None:
    """{"files": [{"path", "valid", "complete", "problems", "final"}]}."""
    code, out = run("validate", "--format", "json", str(EXAMPLE))
    data = json.loads(out)
    (entry,) = data["files"]
    assert set(entry) == {"path", "valid", "complete", "problems", "final"}
    assert entry["final"] == {"chips": {"Aki": 95, "Ben": 108, "Chie": 97}, "pot": 0,
                              "winners": ["Ben"]}
    assert code == 0 and entry["valid"] and entry["complete"]


def test_exit_codes_1_for_rule_problems_and_2_for_unreadable(tmp_path: Path) -> None:
    """0 valid, 1 a rule or check problem, 2 unreadable; the worst wins."""
    data = json.loads(EXAMPLE.read_text())
    data["events"][2]["player"] = "Aki"
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(data))
    code, out = run("validate", str(illegal))
    assert code == 1 and "/events/2/player: rule [C-5]" in out and "Traceback" not in out
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    code, out = run("validate", str(tmp_path))
    assert code == 2 and "not JSON" in out and "Traceback" not in out


def test_validate_never_modifies_its_input(tmp_path: Path) -> None:
    """The input file is read, never written."""
    target = tmp_path / "game.json"
    target.write_bytes(EXAMPLE.read_bytes())
    before = target.stat().st_mtime_ns, target.read_bytes()
    run("validate", str(target))
    run("replay", str(target))
    assert (target.stat().st_mtime_ns, target.read_bytes()) == before


def test_replay_tells_every_effect_with_its_rule_grouped_by_round() -> None:
    """Headers per game and round; effects with rule IDs and transfers; standings."""
    code, out = run("replay", str(EXAMPLE))
    assert code == 0
    assert "-- game 1, round 1 --" in out
    assert "Chie folds and pays 2" in out and "(GP-4.2)" in out
    assert "Chie -> pot: 2 [GP-4.2]" in out
    assert out.strip().splitlines()[-1].startswith("standings:")


def test_replay_writes_a_bids_rank_and_suit_as_it_writes_cards(tmp_path: Path) -> None:
    """A bid written "T", "q" or with a suit symbol is echoed "10", "Q", "S", as a
    card written "th" is echoed "10H" (a trial's replay echoed rank=T); the file
    itself is left as it was written."""
    data = json.loads((ROOT / "fixtures" / "auction" / "rules-example.json").read_text(
        encoding="utf-8"))
    data["events"][1:3] = [{"type": "bid", "player": "Ben", "kind": "single", "rank": "T"},
                           {"type": "bid", "player": "Aki", "kind": "single", "rank": "q"},
                           {"type": "bid", "player": "Ben", "kind": "single", "rank": "K"},
                           {"type": "bid", "player": "Aki", "kind": "single", "rank": "k",
                            "suit": "\u2660"}]
    path = tmp_path / "bids.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    code, out = run("replay", str(path))
    assert code == 0, out
    assert "bid Ben kind=single rank=10\n" in out and "bid Aki kind=single rank=Q\n" in out
    assert "bid Aki kind=single rank=K suit=S\n" in out
    assert "rank=T" not in out and "rank=q" not in out and "rank=k" not in out
    assert path.read_bytes() == before


def test_replay_at_stops_after_the_given_event() -> None:
    """--at takes an index or a pointer."""
    for at in ("3", "/events/3"):
        code, out = run("replay", "--at", at, str(EXAMPLE))
        assert code == 0 and "#4" not in out and "Chie 97" in out
        assert "after event #3" in out
    code, out = run("replay", "--at", "three", str(EXAMPLE))
    assert code == 2 and "event index" in out


def test_replay_at_exits_as_validate_for_a_record_that_fails_later(tmp_path: Path) -> None:
    """--at 3 on a record that breaks a rule at /events/4: it stopped after #3 and
    exited 0, as if the record were valid (validate exits 1). It tells events 0
    to 3 as before, then the record's problems (the one at /events/4 among
    them), and exits 1, text and JSON alike; a record valid to its end still
    exits 0."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["events"][4]["player"] = "Ben"  # Aki pitches here, not Ben
    path = tmp_path / "later.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run("validate", str(path))[0] == 1
    code, out = run("replay", "--at", "3", str(path))
    assert code == 1 and "#4" not in out.split("problems:")[0]
    assert f"{path}:/events/4/player: rule [C-5]" in out and "after event #3" in out
    code, out = run("replay", "--at", "3", "--format", "json", str(path))
    assert code == 1 and json.loads(out)["problems"][0]["pointer"] == "/events/4/player"
    assert run("replay", "--at", "3", str(EXAMPLE))[0] == 0


def test_replay_json_lists_events_with_effects() -> None:
    """Every event with its pointer, position and effects."""
    code, out = run("replay", "--format", "json", str(EXAMPLE))
    data = json.loads(out)
    assert code == 0 and len(data["events"]) == 7
    fold = data["events"][3]
    assert fold["pointer"] == "/events/3" and fold["effects"][0]["rule"] == "GP-4.2"
    assert fold["effects"][0]["transfers"] == [
        {"payer": "Chie", "receiver": "pot", "amount": 2, "rule": "GP-4.2"}]


def test_games_lists_player_counts_and_defaults() -> None:
    """cardcore games."""
    code, out = run("games")
    assert code == 0 and "goblin-poker" in out and "2-8 players" in out
    assert "starting_chips=100" in out
    # an option left unset is shown so, not as null, which an --option refuses
    assert "games unset" in out and "null" not in out
    code, out = run("games", "--format", "json")
    assert json.loads(out)["games"][0]["options"]["rounds"] == 5


def test_simulate_writes_a_valid_reproducible_transcript(tmp_path: Path) -> None:
    """Same seed, same file; the file validates."""
    code, first = run("simulate", "goblin-poker", "--players", "4", "--seed", "3",
                      "--options", '{"games": 2}')
    assert code == 0
    assert first == run("simulate", "goblin-poker", "--players", "4", "--seed", "3",
                        "--options", '{"games": 2}')[1]
    path = tmp_path / "sim.json"
    path.write_text(first)
    assert run("validate", str(path))[0] == 0
    code, out = run("simulate", "goblin-poker", "--options", '{"rounds": 9}')
    assert code == 2 and "rounds" in out
    code, out = run("simulate", "goblin-poker", "--players", "Aki,Aki")
    assert code == 2 and "sits twice" in out


def test_a_game_is_named_on_the_command_line_as_rules_reads_pages(tmp_path: Path) -> None:
    """simulate and record take a game's full name or the only one it begins
    (``goblin``), as ``cardcore rules`` does; a name that fits none or several is bad
    usage that lists the games."""
    assert run("simulate", "Goblin", "--seed", "3")[1] == run(
        "simulate", "goblin-poker", "--seed", "3")[1]
    code, out = run("record", "orc", "--players", "Aki,Ben,Chie", "--event", "deal",
                    str(tmp_path / "orc.json"))
    assert code == 0, out
    assert json.loads((tmp_path / "orc.json").read_text())["game"] == "orc-poker"
    for command in (["simulate", "poker"], ["record", "gin", "--players", "A,B",
                                             str(tmp_path / "gin.json")]):
        code, out = run(*command)
        assert code == 2 and "the games are goblin-poker, orc-poker, saint-poker, auction" in out
    assert not (tmp_path / "gin.json").exists()


def test_bad_usage_exits_2() -> None:
    """A missing path is a usage error."""
    assert run("validate", "/no/such/file.json")[0] == 2
    assert run("validate")[0] == 2


def test_validate_json_reports_problems_with_derived_beside_recorded(tmp_path: Path) -> None:
    """A check problem carries both values, and for a player's chips the events that
    moved them since the last agreeing reading (here the start: the ante, the pot)."""
    data = json.loads(EXAMPLE.read_text())
    data["result"]["chips"]["Ben"] = 100
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(data))
    code, out = run("validate", "--format", "json", str(wrong))
    (problem,) = json.loads(out)["files"][0]["problems"]
    assert code == 1
    text = wrong.read_text()  # one line: the column is where the 100 is written
    column = text.rindex('"Ben": 100') + len('"Ben": ') + 1
    assert problem == {"kind": "check", "pointer": "/result/chips/Ben",
                       "message": "Ben has 108 chips by the rules; the record says 100",
                       "derived": 108, "recorded": 100,
                       "since": None, "moved_by": ["/events/0", "/events/6"],
                       "movements": [
                           {"pointer": "/events/0", "amount": -1, "rules": ["GP-1.1"]},
                           {"pointer": "/events/6", "amount": 9, "rules": ["GP-4.4"]}],
                       "line": 1, "column": column}
    code, out = run("validate", str(wrong))
    assert "/result/chips/Ben: check: Ben has 108 chips by the rules; the record says 100" in out
    assert "moved since the start by /events/0 (-1, GP-1.1), /events/6 (+9, GP-4.4)" in out


def _write(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _example(game: str = "goblin-poker") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (ROOT / "fixtures" / game / "rules-example.json").read_text(encoding="utf-8"))
    return data


def test_each_first_hour_mistake_is_located_with_its_exit_code(tmp_path: Path) -> None:
    """A misspelled name in a check, in result, in Saint's scores, a trailing comma,
    --at past the end: each a located message and exit 2, never a traceback."""
    in_check = _example()
    in_check["events"].insert(4, {"type": "check", "chips": {"Tomm": 99}})
    in_result = _example()
    in_result["result"]["chips"]["ben"] = in_result["result"]["chips"].pop("Ben")
    in_scores = _example("saint-poker")
    in_scores["result"]["scores"]["Bee"] = in_scores["result"]["scores"].pop("B")
    cases = {
        "check.json": (in_check, ":/events/4/chips/Tomm: format: 'Tomm' is not a player of "
                       "this transcript: the players are Aki, Ben, Chie"),
        "result.json": (in_result, ":/result/chips/ben: format: 'ben' is not a player of "
                        "this transcript: the players are Aki, Ben, Chie (did you mean 'Ben'?)"),
        "scores.json": (in_scores, ":/result/scores/Bee: format: 'Bee' is not a player"),
        "comma.json": ('{"format": "cardcore-transcript/1",\n "events": [],\n}',
                       ":(whole file): format: not JSON: line 2, column 14: a trailing comma"),
    }
    for name, (data, message) in cases.items():
        code, out = run("validate", str(_write(tmp_path, name, data)))
        assert code == 2 and f"{tmp_path / name}{message}" in out and "Traceback" not in out
    code, out = run("validate", "--format", "json", str(tmp_path / "comma.json"))
    (problem,) = json.loads(out)["files"][0]["problems"]
    assert (code, problem["line"], problem["column"]) == (2, 2, 14)
    code, out = run("replay", "--at", "7", str(EXAMPLE))
    assert code == 2 and "'7' is past the end: the transcript has 7 events (the events are 0 to 6)" in out
    assert "Traceback" not in out


def test_a_stopped_replay_says_what_was_not_checked(tmp_path: Path) -> None:
    """The count of later events, checks and the result; derived is the state before the event."""
    data = _example()
    data["events"][2]["player"] = "Aki"
    data["events"].insert(4, {"type": "check", "pot": 3})
    path = _write(tmp_path, "stopped.json", data)
    code, out = run("validate", str(path))
    assert code == 1
    assert "replay stopped at event 2: 4 later events, 1 check and the result were not checked" in out
    assert "derived (before event 2): chips: Aki 99, Ben 99, Chie 99; pot: 3" in out
    code, out = run("validate", "--format", "json", str(path))
    entry = json.loads(out)["files"][0]
    assert entry["stopped_at"] == "/events/2"
    assert entry["unchecked"] == {"events": 4, "checks": 1, "result": True}
    code, out = run("replay", str(path))
    assert code == 1 and "before event #2: chips: Aki 99" in out


def test_an_internal_error_is_reported_for_its_file_and_the_others_are_judged(
        tmp_path: Path, monkeypatch: Any) -> None:
    """A bug while replaying one file: exit 3, what to report, and the next file's result."""
    import cardcore.replay.runner as runner

    real = runner.replay_transcript

    def failing(transcript: Any, **kwargs: Any) -> Any:
        if kwargs.get("path", "").endswith("a.json"):
            raise ZeroDivisionError("division by zero")
        return real(transcript, **kwargs)

    monkeypatch.setattr(runner, "replay_transcript", failing)
    _write(tmp_path, "a.json", _example())
    _write(tmp_path, "b.json", _example())
    code, out = run("validate", str(tmp_path))
    assert code == 3 and "Traceback" not in out
    assert ("internal error: cardcore failed on this file (ZeroDivisionError: division by zero)"
            in out and f"please report it with the file {tmp_path / 'a.json'}" in out)
    assert f"ok   {tmp_path / 'b.json'}" in out
    assert "2 files: 1 valid, 0 invalid, 0 unreadable, 1 failed inside cardcore" in out
    code, out = run("validate", "--format", "json", str(tmp_path))
    assert code == 3 and json.loads(out)["files"][0]["problems"][0]["kind"] == "internal"


def _failing_replay(monkeypatch: Any) -> None:
    """Make every replay fail inside cardcore, as a bug would (after reading the file)."""
    import cardcore.replay.runner as runner

    def failing(transcript: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(runner, "replay_transcript", failing)


INTERNAL = "internal error: cardcore failed on this file (ZeroDivisionError: division by zero)"


def test_replay_player_says_what_validate_says_when_the_replay_failed(
        tmp_path: Path, monkeypatch: Any) -> None:
    """A replay that failed inside cardcore has no outcome to account for: replay
    --player says so as validate does (what to report), exit 3, no traceback."""
    _failing_replay(monkeypatch)
    path = _write(tmp_path, "a.json", _example())
    code, out = run("replay", "--player", "Ben", str(path))
    assert code == 3 and "Traceback" not in out
    assert f"BAD  {path}: cardcore failed on it" in out
    assert INTERNAL in out and f"please report it with the file {path}" in out
    code, out = run("replay", "--player", "Ben", "--format", "json", str(path))
    data = json.loads(out)
    assert code == 3 and data["final"] is None and data["problems"][0]["kind"] == "internal"


def test_replay_of_a_failed_replay_prints_no_empty_standings(tmp_path: Path,
                                                             monkeypatch: Any) -> None:
    """replay FILE whose replay failed inside cardcore: its problem, exit 3, and no
    "standings:" line with nothing after it."""
    _failing_replay(monkeypatch)
    path = _write(tmp_path, "a.json", _example())
    code, out = run("replay", str(path))
    assert code == 3 and INTERNAL in out
    assert "standings" not in out and f"BAD  {path}: cardcore failed on it" in out


def test_replay_player_reports_a_failing_account_as_an_internal_error(
        tmp_path: Path, monkeypatch: Any) -> None:
    """A bug while working out the account itself: what to report, exit 3, no traceback."""
    import cardcore.replay.accounts as accounts

    def failing(report: Any, player: str) -> Any:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(accounts, "account", failing)
    path = _write(tmp_path, "a.json", _example())
    for fmt in ("text", "json"):
        code, out = run("replay", "--player", "Ben", "--format", fmt, str(path))
        assert code == 3 and INTERNAL in out and "Traceback" not in out


def test_diff_of_two_records_reports_a_failure_inside_cardcore(tmp_path: Path,
                                                              monkeypatch: Any) -> None:
    """diff A B when replaying them fails inside cardcore: as validate says it (both
    files to report), exit 3, no traceback, in text and JSON."""
    import cardcore.replay.diff as diff

    def failing(transcript: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(diff, "replay_transcript", failing)
    a, b = _write(tmp_path, "a.json", _example()), _write(tmp_path, "b.json", _example())
    for fmt in ("text", "json"):
        code, out = run("diff", "--format", fmt, str(a), str(b))
        assert code == 3 and "Traceback" not in out
        assert "internal error: cardcore failed on these files (ZeroDivisionError" in out
        assert f"please report it with the files {a} and {b} and this message" in out


def _starting_chips_of_4300_nines(folder: Path, name: str) -> Path:
    """The rules' example, with starting chips of 4300 nines (the longest integer
    Python reads from JSON) and a result to compare: totals would grow past what
    Python can write out."""
    data = _example()
    data["result"] = {"chips": {"Ben": 5}}
    text = json.dumps(data).replace('"players"', '"options": {"starting_chips": '
                                    + "9" * 4300 + '}, "players"')
    return _write(folder, name, text)


@pytest.mark.parametrize("command", [["replay"], ["replay", "--player", "Ben"],
                                     ["replay", "--player", "Ben", "--format", "json"],
                                     ["validate"], ["diff"]])
def test_starting_chips_of_4300_digits_are_a_format_problem_not_a_traceback(
        tmp_path: Path, command: list[str]) -> None:
    """replay, replay --player, validate and diff A B on it: the option is refused
    at /options/starting_chips, exit 2, its digits not written out in full."""
    paths = [str(_starting_chips_of_4300_nines(tmp_path, f"{side}.json"))
             for side in ("a", "b")[:2 if command == ["diff"] else 1]]
    code, out = run(*command, *paths)
    assert code == 2 and "Traceback" not in out and "internal error" not in out
    assert "/options/starting_chips" in out and "is out of range" in out
    assert "9" * 30 not in out


@pytest.mark.parametrize(("at", "said"), [
    ("9" * 5000, "'" + "9" * 40 + "'... (5000 characters) is past the end"),
    ("/events/" + "9" * 5000, "... (5008 characters) is past the end"),
    ("\u00b2", "'\u00b2': give an event index (12) or a pointer (/events/12)"),
    ("\u0663", "'\u0663': give an event index (12) or a pointer (/events/12)"),
])
def test_replay_at_refuses_what_int_cannot_read_as_bad_usage(at: str, said: str) -> None:
    """--at of 5000 digits is past the end (int() refuses to read it), and digits
    that are not ASCII are no index (int() refuses "²" and reads "٣" as 3): exit
    2 with the usage message, the long one quoted short, no traceback."""
    code, out = run("replay", "--at", at, str(EXAMPLE))
    assert code == 2 and "Traceback" not in out and said in out


def test_validate_prints_each_file_before_reading_the_next(tmp_path: Path,
                                                           monkeypatch: Any) -> None:
    """The report of a file is out before the next file is read."""
    import io

    import cardcore.replay.batch as batch

    _write(tmp_path, "a.json", _example())
    _write(tmp_path, "b.json", _example())
    printed: list[str] = []
    real = batch.judge
    out = io.StringIO()

    def watching(source: Any, keep_going: bool = False) -> Any:
        printed.append(out.getvalue())
        return real(source, keep_going)

    monkeypatch.setattr(batch, "judge", watching)
    monkeypatch.setattr("sys.stdout", out)
    try:
        main(["validate", str(tmp_path)], standalone_mode=False)
    except SystemExit as stop:
        assert stop.code == 0
    assert printed[0] == "" and "a.json" in printed[1] and "b.json" not in printed[1]


def test_validate_quiet_stdin_upper_case_names_and_one_file(tmp_path: Path) -> None:
    """--quiet shows failures and the summary; - reads standard input; *.JSON is found."""
    _write(tmp_path, "GAME.JSON", _example())
    broken = _write(tmp_path, "broken.json", "{")
    code, out = run("validate", "--quiet", str(tmp_path))
    assert code == 2 and "GAME.JSON" not in out and str(broken) in out
    assert out.strip().endswith("2 files: 1 valid, 0 invalid, 1 unreadable")
    result = CliRunner().invoke(main, ["validate", "-"], input=EXAMPLE.read_text())
    assert result.exit_code == 0 and "ok   <stdin>" in result.output
    assert result.output.strip().endswith("1 file: 1 valid, 0 invalid, 0 unreadable")


def test_no_color_is_honoured_even_when_colour_is_forced() -> None:
    """NO_COLOR set: no escape codes; unset, colour can be forced."""
    coloured = CliRunner().invoke(main, ["validate", str(EXAMPLE)], color=True)
    plain = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["validate", str(EXAMPLE)], color=True)
    assert "\x1b[" in coloured.output and "\x1b[" not in plain.output


def test_json_reports_carry_their_format_version(tmp_path: Path) -> None:
    """validate, replay and diff --format json say "report_format": "cardcore-report/1"."""
    for args in (["validate"], ["replay"], ["diff", str(EXAMPLE)]):
        _, out = run(*args[:1], "--format", "json", *args[1:], str(EXAMPLE))
        assert json.loads(out)["report_format"] == "cardcore-report/1", args


def test_help_states_exit_codes_and_points_to_the_rule_pages() -> None:
    """replay --help lists its exit codes; the main help points to `cardcore rules`."""
    code, out = run("replay", "--help")
    assert code == 0 and "Exit status: 0 valid" in out and "3 cardcore failed" in out
    code, out = run("--help")
    assert "cardcore rules" in out and "RULES.md" not in out and "TRANSCRIPT.md" not in out


def test_simulate_option_errors_have_no_python_tuples() -> None:
    """--options problems are worded with the option's name, not ('rounds',)."""
    code, out = run("simulate", "goblin-poker", "--options", '{"rounds": 9}')
    assert code == 2 and "option 'rounds' must be from 1 to 5, not 9" in out
    assert "('" not in out


def test_replay_player_lists_every_movement_summing_to_the_final_figure() -> None:
    """--player Ben: the start, the ante and the pot with pointers and rules, the sum."""
    code, out = run("replay", str(EXAMPLE), "--player", "Ben")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Ben's chips in ") and "start" in lines[1] and "100" in lines[1]
    assert "/events/0" in lines[2] and "-1" in lines[2] and "GP-1.1" in lines[2]
    assert "/events/6" in lines[3] and "+9" in lines[3] and "GP-4.4" in lines[3]
    assert lines[4] == "  sum: 100 + 9 gained - 1 lost = 108 chips at the end"
    code, out = run("replay", str(EXAMPLE), "--player", "Ben", "--format", "json")
    data = json.loads(out)
    assert (data["start"], data["sum"], data["final"]) == (100, 108, 108)
    assert [(e["pointer"], e["amount"], e["rule"]) for e in data["entries"]] == [
        ("/events/0", -1, "GP-1.1"), ("/events/6", 9, "GP-4.4")]
    code, out = run("replay", str(EXAMPLE), "--player", "Ben", "--at", "3")
    assert code == 0 and "sum: 100 + 0 gained - 1 lost = 99 chips after event #3" in out
    code, out = run("replay", str(EXAMPLE), "--player", "ben")
    assert code == 2 and "did you mean 'Ben'?" in out


def test_replay_player_sums_one_point_in_the_singular() -> None:
    """A player who ends with 1 point: the sum said "= 1 points at the end"; it
    says "1 point", as every other count of the tool does."""
    path = ROOT / "fixtures" / "saint-poker" / "board-plays-for-everyone.json"
    code, out = run("replay", str(path), "--player", "Ann")
    assert code == 0 and out.splitlines()[-1].endswith(" lost = 1 point at the end")


def test_replay_player_lists_a_tie_split_to_nothing(tmp_path: Path) -> None:
    """A tie that splits 1 point two ways pays 0 each: --player lists it for each
    of the two, as a share from the bank, neither gained nor lost (a trial's
    player who tied in round 1 found nothing there)."""
    from test_accounts import TIE_FOR_NOTHING

    path = tmp_path / "saint.json"
    path.write_text(json.dumps(TIE_FOR_NOTHING), encoding="utf-8")
    code, out = run("replay", str(path), "--player", "Lea")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4, out
    assert lines[2] == ("  /events/2       0  SP-2.5  Kai and Lea tie for the best hand: they "
                        "split 1 point of round 1, 0 each (rounded down) (from bank)")
    assert lines[3] == "  sum: 0 + 0 gained - 0 lost = 0 points after event #2"
    code, out = run("replay", str(path), "--player", "Mo")
    assert code == 0 and "/events/2" not in out


def test_replay_player_of_a_point_game_counts_points() -> None:
    """In Auction the account is in points, from 0."""
    path = ROOT / "fixtures" / "auction" / "rules-example.json"
    code, out = run("replay", str(path), "--player", "Aki", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["unit"] == "points" and data["start"] == 0
    assert data["sum"] == data["final"]


def test_validate_jobs_prints_the_same_report_in_the_same_order() -> None:
    """--jobs 2 over every fixture: byte for byte the output of --jobs 1, text and JSON."""
    for extra in ([], ["--format", "json"], ["--quiet"]):
        one = run("validate", *extra, str(ROOT / "fixtures"))
        two = run("validate", "--jobs", "2", *extra, str(ROOT / "fixtures"))
        assert one == two and one[0] == 0, extra
    assert run("validate", "--jobs", "0", str(EXAMPLE))[0] == 2


def test_no_progress_bar_when_standard_error_is_not_a_terminal(tmp_path: Path) -> None:
    """Many files, piped: nothing on standard error; a terminal would get a bar."""
    import io

    from cardcore.cli.validate import MANY, progress_wanted

    for index in range(MANY):
        _write(tmp_path, f"g{index}.json", _example())
    result = CliRunner().invoke(main, ["validate", "--quiet", str(tmp_path)])
    assert result.exit_code == 0 and result.stderr == ""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert progress_wanted(MANY, Terminal()) and not progress_wanted(MANY - 1, Terminal())
    assert not progress_wanted(MANY, io.StringIO())


def test_replay_json_writes_fraction_payments_as_strings() -> None:
    """An exact split pays fractions of a point; the JSON report writes them as "11/3"."""
    fixture = ROOT / "fixtures" / "auction" / "tie-split-exact-fraction.json"
    code, out = run("replay", "--format", "json", str(fixture))
    amounts = [t["amount"] for e in json.loads(out)["events"] for f in e["effects"]
               for t in f["transfers"]]
    assert code == 0 and "11/3" in amounts


def test_replay_player_says_why_it_exits_1(tmp_path: Path) -> None:
    """A wrong scoresheet reading: the account, then the check problem that makes exit 1."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["events"].append({"type": "check", "chips": {"Ben": 109}})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = run("replay", str(path), "--player", "Ben")
    assert code == 1
    assert "= 108 chips at the end" in out
    assert "/events/7/chips/Ben: check: Ben has 108 chips by the rules; the record says 109" in out


def test_diff_says_a_stopped_side_is_only_derived_up_to_its_stop(tmp_path: Path) -> None:
    """Against a record that breaks a rule, the outcome of that side is partial, and diff says so."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    broken = json.loads(json.dumps(data))
    broken["events"].append({"type": "fold", "player": "Chie"})  # after the game: C-4
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(data), encoding="utf-8")
    bad.write_text(json.dumps(broken), encoding="utf-8")
    code, out = run("diff", str(good), str(bad))
    assert code == 1
    assert "is not valid; its problems:" in out
    assert "outcome below is only what the rules derive before event #7" in out


def test_validating_a_good_file_does_not_import_cattrs() -> None:
    """The loader's fast path builds a well-formed transcript itself: cattrs (the full
    loader, for explaining mistakes) is not imported, which keeps start-up short."""
    good = ROOT / "fixtures" / "goblin-poker" / "ante-shortfall-and-session-ended-by-chips.json"
    loaded = imported_by("import sys\n"
                         f"sys.argv = ['cardcore', 'validate', {str(good)!r}]\n"
                         "from cardcore.cli.main import main\n"
                         "main()")
    assert "cardcore.replay.runner" in loaded
    assert "cattrs" not in loaded


COLLECTOR = """
import atexit, gc, sys
def seen(phase, info):
    if phase == "start":
        after.append("cardcore.cli.main" in sys.modules)
after = []
gc.callbacks.append(seen)
atexit.register(lambda: print("COLLECTOR", gc.isenabled(), gc.get_freeze_count() > 0, any(after)))
"""
"""Printed at exit: whether the collector is on, whether anything is frozen, and
whether it collected once the command line was imported (during the command)."""


def test_the_installed_command_pauses_the_collector_only_while_it_imports() -> None:
    """The entry point (pyproject's script and ``python -m cardcore``) is
    cardcore.cli.run: the command as main runs it, but its start-up is not walked
    by the collector again and again (it is frozen), and the collector is on
    while the command runs; importing cardcore.cli.main freezes nothing."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert scripts["project"]["scripts"] == {"cardcore": "cardcore.cli:run"}
    argv = f"sys.argv = ['cardcore', 'validate', {str(EXAMPLE)!r}]\n"
    ran = subprocess.run([sys.executable, "-c", COLLECTOR + argv
                          + "from cardcore.cli import run\nrun()"],
                         capture_output=True, text=True, check=False)
    assert ran.returncode == 0, ran.stderr
    assert "Aki 95, Ben 108, Chie 97" in ran.stdout
    assert ran.stdout.splitlines()[-1] == "COLLECTOR True True True"
    imported = subprocess.run([sys.executable, "-c", COLLECTOR
                               + "import cardcore.cli.main"],
                              capture_output=True, text=True, check=True)
    assert imported.stdout.splitlines()[-1].startswith("COLLECTOR True False")


LAZY = ("random", "difflib", "cardcore.expected", "cardcore.replay.steps",
        "cardcore.replay.expected_problems", "encodings.utf_8_sig", "pathlib", "select",
        "cardcore.replay.cluster", "concurrent.futures")
"""Modules that only other paths need: simulating, wording a mistyped name, what
may come next in words, telling a game step by step, a fixture's ``expect``; a
codec the loader does without (it skips a byte order mark itself); pathlib (a
folder's walk; a file's name is spelled without it), select (a FIFO or a pipe
is polled, a regular file is not) and the executors of --jobs and --scheduler."""

FRACTIONS = ("fractions", "decimal", "numbers")
"""The exact fractions' module and the two it imports: only Abbott's Auction's
scores can be fractions (exact splits, AU-5.3), so a file of the other games
does without them (some 8.5 million instructions of the start-up)."""


@pytest.mark.parametrize("good,lazy", [
    ("goblin-poker/ante-shortfall-and-session-ended-by-chips.json", LAZY + FRACTIONS),
    ("saint-poker/board-plays-for-everyone.json", LAZY + FRACTIONS),
    ("orc-poker/bankruptcy-ends-game.json", LAZY + FRACTIONS),
    ("auction/declare-between-auctions-declarer-best.json", LAZY),
])
def test_validating_a_good_file_imports_none_of_the_lazy_modules(
        good: str, lazy: tuple[str, ...]) -> None:
    """Start-up is the whole cost of checking one file, so a valid record loads none of
    LAZY: random (only simulating draws numbers), difflib (only a message suggests a
    name), nor the modules of Expected, Step and a fixture's expect classes, each
    imported where it is used, nor the utf-8-sig codec, pathlib, select or the
    executors; and a file of a game without fractions loads none of FRACTIONS
    either. (An editable install's path hook loads pathlib when the interpreter
    starts: those are forgotten first, so that only what validate imports counts.)"""
    path = ROOT / "fixtures" / good
    loaded = imported_by("import sys\n"
                         f"for name in {lazy!r}:\n"
                         "    sys.modules.pop(name, None)\n"
                         f"sys.argv = ['cardcore', 'validate', {str(path)!r}]\n"
                         "from cardcore.cli.main import main\n"
                         "main()")
    assert "cardcore.dispatch" in loaded  # the game was built and its events applied
    assert [m for m in loaded if m.startswith("cardcore.play")] == []
    assert [m for m in lazy if m in loaded] == []


VALIDATE_CLI = {"cardcore.cli", "cardcore.cli.inputs", "cardcore.cli.lazy", "cardcore.cli.main",
                "cardcore.cli.render", "cardcore.cli.validate", "cardcore.cli.walk"}
"""The command-line modules ``validate`` runs on: the group, its inputs, its output."""


@pytest.mark.parametrize("game,good", [
    ("goblin", "goblin-poker/ante-shortfall-and-session-ended-by-chips.json"),
    ("saint", "saint-poker/board-plays-for-everyone.json"),
    ("orc", "orc-poker/bankruptcy-ends-game.json"),
    ("auction", "auction/declare-between-auctions-declarer-best.json"),
])
def test_validating_a_good_file_builds_only_its_game_and_the_validate_command(
        game: str, good: str) -> None:
    """A valid file of one game imports that game's package and no other, the
    command-line modules of validate and no other command's (reports, pages,
    charts, studies, recording, the rulebook's text), nothing of the play layer
    or of PettingZoo, and not cattrs (the full loader, for explaining mistakes)."""
    path = ROOT / "fixtures" / good
    loaded = imported_by("import sys\n"
                         f"sys.argv = ['cardcore', 'validate', {str(path)!r}]\n"
                         "from cardcore.cli.main import main\n"
                         "main()")
    games = {m.split(".")[2] for m in loaded if m.startswith("cardcore.games.")}
    assert games == {game}
    assert {m for m in loaded if m.startswith("cardcore.cli")} == VALIDATE_CLI
    elsewhere = ("cardcore.play", "cardcore.pettingzoo", "cardcore.rulebook", "cardcore.docs",
                 "cardcore.markdown_render", "cardcore.replay.convert", "cattrs")
    assert [m for m in loaded if m.startswith(elsewhere)] == []


def test_version_names_the_command_and_the_installed_version() -> None:
    """``cardcore --version`` prints the command's name and the version of the
    installed distribution, and exits 0; the help lists the option in click's
    words (cardcore passes them itself, sparing click a catalogue search each)."""
    import cardcore

    done = subprocess.run([sys.executable, "-c", "import sys\n"
                           "sys.argv = ['cardcore', '--version']\n"
                           "from cardcore.cli import run\nrun()"],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout) == (0, f"cardcore, version {cardcore.__version__}\n")
    code, out = run("--help")
    assert code == 0
    assert "  --version   Show the version and exit.\n" in out


def test_the_command_list_imports_no_lazy_command() -> None:
    """``cardcore --help`` lists every command from the summaries kept beside the lazy
    ones, so it imports none of their modules (it took 0.35 s, importing them all)."""
    loaded = imported_by("import sys\n"
                         "sys.argv = ['cardcore', '--help']\n"
                         "from cardcore.cli.main import main\n"
                         "try:\n"
                         "    main()\n"
                         "except SystemExit:\n"
                         "    pass")
    from cardcore.cli.main import _LAZY

    assert "cardcore.cli.main" in loaded
    commands = {where.split(":")[0] for where, _ in _LAZY.values()}
    assert sorted(commands & set(loaded)) == []


@pytest.mark.parametrize("limit", [20, 45, 70, 300])
def test_each_lazy_summary_is_its_commands_help(limit: int) -> None:
    """The summary kept for each lazy command gives the line its own help gives, at any
    width: a command's help changed without its summary fails here."""
    import click

    from cardcore.cli.lazy import LazyGroup
    from cardcore.cli.main import _LAZY

    group = LazyGroup(lazy=_LAZY)  # its own: no command of it has been imported into it
    context = click.Context(group)
    for name, (where, _) in _LAZY.items():
        listed = group.listed_help(context, name, limit)
        module, attribute = where.split(":")
        command = getattr(importlib.import_module(module), attribute)
        assert command.name == name
        assert listed == command.get_short_help_str(limit)
    assert group.commands == {}


def _commands(group: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The command line of every command and subcommand, the group's own first."""
    import click

    found = [path]
    if isinstance(group, click.Group):
        context = click.Context(group)
        for name in group.list_commands(context):
            found += _commands(group.get_command(context, name), (*path, name))
    return found


def test_no_help_writes_a_control_character_to_the_terminal() -> None:
    """Every command's --help (cardcore's own, and each command's and subcommand's)
    is text: no ESC, BEL, carriage return or other control character, only line
    breaks (a help that held ESC, from "\\u001b" in a docstring, was a terminal
    command)."""
    commands = _commands(main)
    assert ("validate",) in commands and len(commands) > 10
    for words in commands:
        code, out = run(*words, "--help")
        assert code == 0, (words, out)
        controls = {hex(ord(char)) for char in out if char != "\n" and (
            ord(char) < 0x20 or 0x7f <= ord(char) <= 0x9f)}
        assert not controls, (words, controls)


@pytest.mark.parametrize("command", [
    ["diff", str(EXAMPLE)], ["replay"], ["report", str(EXAMPLE)], ["coverage"]])
def test_a_path_that_names_nothing_is_said_in_validates_words(
        command: list[str], tmp_path: Path) -> None:
    """diff, replay, report and coverage say "no such file or folder" with the name,
    as validate does, not click's "Invalid value for 'A [B]'" (the argument's
    metavar, which says nothing to a player); exit 2, bad usage."""
    missing = tmp_path / "nonexist.json"
    code, out = run(*command, str(missing))
    assert code == 2
    assert f"Error: no such file or folder: {missing}\n" in out
    assert "Invalid value" not in out
    code, out = run("validate", str(missing))
    assert "no such file or folder: validate takes files" in out


@pytest.mark.parametrize("command", [["replay"], ["report", str(EXAMPLE)]])
def test_a_folder_where_one_file_is_read_is_said_in_words(
        command: list[str], tmp_path: Path) -> None:
    """replay and report read one file: a folder given is named as a folder, with
    where folders go, not as click's "Invalid value for 'FILE': ... is a directory"."""
    code, out = run(*command, str(tmp_path))
    assert code == 2
    assert (f"Error: {tmp_path} is a folder: give a transcript file (validate "
            "searches a folder)") in out
    assert "Invalid value" not in out
