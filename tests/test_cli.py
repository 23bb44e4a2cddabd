"""The cardcore command line."""

from __future__ import annotations

import json
from pathlib import Path

from cardcore.cli.main import main
from click.testing import CliRunner

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


def test_replay_at_stops_after_the_given_event() -> None:
    """--at takes an index or a pointer."""
    for at in ("3", "/events/3"):
        code, out = run("replay", "--at", at, str(EXAMPLE))
        assert code == 0 and "#4" not in out and "Chie 97" in out
        assert "after event #3" in out
    code, out = run("replay", "--at", "three", str(EXAMPLE))
    assert code == 2 and "event index" in out


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


def test_bad_usage_exits_2() -> None:
    """A missing path is a usage error."""
    assert run("validate", "/no/such/file.json")[0] == 2
    assert run("validate")[0] == 2


def test_validate_json_reports_problems_with_derived_beside_recorded(tmp_path: Path) -> None:
    """A check problem carries both values; a rule problem its rule ID."""
    data = json.loads(EXAMPLE.read_text())
    data["result"]["chips"]["Ben"] = 100
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(data))
    code, out = run("validate", "--format", "json", str(wrong))
    (problem,) = json.loads(out)["files"][0]["problems"]
    assert code == 1
    assert problem == {"kind": "check", "pointer": "/result/chips/Ben",
                       "message": "Ben has 108 chips by the rules; the record says 100",
                       "derived": 108, "recorded": 100}
    code, out = run("validate", str(wrong))
    assert "/result/chips/Ben: check: Ben has 108 chips by the rules; the record says 100" in out
