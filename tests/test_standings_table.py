"""`cardcore replay --table`: the standings over time, as text and JSON."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardcore.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
EXAMPLE = str(FIXTURES / "goblin-poker" / "rules-example.json")
AUCTION = str(FIXTURES / "auction" / "rules-example.json")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_a_row_after_each_event_grouped_by_round() -> None:
    """README's game: a column per player and the pot, a heading per round."""
    code, out = run("replay", "--table", EXAMPLE)
    lines = out.splitlines()
    assert code == 0
    assert lines[1].split() == ["Aki", "Ben", "Chie", "pot"]
    assert lines[2].split() == ["start", "100", "100", "100", "0"]
    assert "-- game 1, round 1 --" in lines
    assert "#3 fold Chie   99   99    97    5" in lines
    assert lines[-1] == "standings: chips: Aki 95, Ben 108, Chie 97; pot: 0; winners: Ben"


def test_per_round_a_row_at_the_end_of_each_round() -> None:
    """--per round: the start, the end of the preparation and of round 1."""
    code, out = run("replay", "--table", "--per", "round", EXAMPLE)
    rows = [line.split("  ")[0] for line in out.splitlines()[2:-1]]
    assert code == 0
    assert rows == ["start", "end of game 1, preparation (#1)", "end of game 1, round 1 (#6)"]


def test_per_round_the_last_row_of_an_unfinished_round_says_so_far(tmp_path: Path) -> None:
    """A record that stops within a round, or whose replay a rule problem stops
    within one: its last row per round said "end of game 1, round 1", a round
    that never ended. It says "game 1, round 1 so far"; a round that ended, and
    the last round of a game that is over, still say "end of"."""
    data = json.loads(Path(EXAMPLE).read_text(encoding="utf-8"))
    cut = {**data, "events": data["events"][:4]}
    del cut["result"]
    refused = json.loads(json.dumps(data))
    refused["events"][3]["player"] = "Aki"  # C-5: the replay stops at /events/3
    for name, record, last in (("cut.json", cut, "game 1, round 1 so far (#3)"),
                               ("refused.json", refused, "game 1, round 1 so far (#2)")):
        path = tmp_path / name
        path.write_text(json.dumps(record), encoding="utf-8")
        out = run("replay", "--table", "--per", "round", str(path))[1]
        rows = [line.split("  ")[0] for line in out.splitlines()[2:]
                if line.startswith(("start", "end of", "game"))]
        assert rows == ["start", "end of game 1, preparation (#1)", last]
    whole = run("replay", "--table", "--per", "round", EXAMPLE)[1]
    assert "end of game 1, round 1 (#6)" in whole and "so far" not in whole


def test_auction_rows_show_the_starter_pile_and_its_worth() -> None:
    """AU-5.3 beside the points: 7C is worth 1, KS 5, KS and the joker 10."""
    code, out = run("replay", "--table", AUCTION)
    assert code == 0
    assert out.splitlines()[1].split() == ["Aki", "Ben", "worth", "starter", "pile"]
    assert "#3 win Aki    0    0      5  KS" in out
    assert "#4 flip       0    0     10  KS JK" in out


def test_json_rows_are_shaped_like_a_result() -> None:
    """Each row: pointer, type, player, round, then chips and pot as a ``result`` has them."""
    code, out = run("replay", "--table", "--format", "json", EXAMPLE)
    data = json.loads(out)
    assert code == 0 and data["report_format"] == "cardcore-report/1" and data["valid"]
    table = data["table"]
    assert (table["players"], table["unit"], table["per"]) == (["Aki", "Ben", "Chie"],
                                                               "chips", "event")
    assert table["rows"][4] == {"pointer": "/events/3", "type": "fold", "player": "Chie",
                                "round": "game 1, round 1",
                                "chips": {"Aki": 99, "Ben": 99, "Chie": 97}, "pot": 5}
    assert table["rows"][-1]["winners"] == ["Ben"]


def test_json_rows_of_auction_carry_the_pile() -> None:
    """The pile as card names, bottom first, and its worth; none after the show."""
    _, out = run("replay", "--table", "--format", "json", "--per", "event", AUCTION)
    rows = json.loads(out)["table"]["rows"]
    assert (rows[5]["pile"], rows[5]["pile_value"]) == (["KS", "JK"], 10)
    assert "pile" not in rows[6] and rows[6]["scores"] == {"Aki": 10, "Ben": 0}


def test_a_rule_problem_ends_the_table_and_is_named(tmp_path: Path) -> None:
    """The rows stop before the refused event; the problem and the exit status follow."""
    data = json.loads(Path(EXAMPLE).read_text(encoding="utf-8"))
    data["events"][3]["player"] = "Aki"  # not Aki's turn to fold
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = run("replay", "--table", str(path))
    assert code == 1
    assert "#2 pitch Ben" in out and "#3 " not in out
    assert "/events/3/player: rule [C-5]" in out
    assert "before event #3: chips: Aki 99, Ben 99, Chie 99" in out


def test_per_without_table_and_table_with_player_are_bad_usage() -> None:
    """Exit 2 with a message naming the option, not a table."""
    code, out = run("replay", "--per", "round", EXAMPLE)
    assert code == 2 and "--per" in out and "--table" in out
    code, out = run("replay", "--table", "--player", "Ben", EXAMPLE)
    assert code == 2 and "not both" in out


def test_the_per_choices_are_the_timelines() -> None:
    """`--per` offers exactly the rows a timeline has (listed in main to keep start-up cheap)."""
    from cardcore.replay.timeline import PER

    option = next(p for p in main.commands["replay"].params if p.name == "per")
    assert tuple(option.type.choices) == PER  # type: ignore[attr-defined]
