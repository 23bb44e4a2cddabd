"""``cardcore study``: the command's tables, its JSON, and its refusals."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.cli.study import STUDY_FORMAT


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_json_has_the_documented_shape_and_counts_every_game() -> None:
    """study_format, per-seat wins with Wilson intervals around the rate, endings and
    rules counted over all the games."""
    code, out = run("study", "orc", "--games", "20", "--players", "3", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert data["study_format"] == STUDY_FORMAT
    assert data["game"] == "orc-poker" and data["games"] == 20 and data["players"] == 3
    base = data["base"]
    assert sum(row["games"] for row in base["endings"]) == 20
    for row in base["wins"]:
        low, high = row["interval"]
        assert low <= row["rate"] <= high
    assert {row["rule"] for row in base["rules"]} >= {"OP-4.2", "OP-4.3"}
    assert [row["seat"] for row in base["finals"]] == ["P1", "P2", "P3"]
    assert "versus" not in data


def test_jobs_do_not_change_the_study() -> None:
    """Two processes print the JSON one process prints."""
    args = ["study", "goblin", "--games", "30", "--seed", "7", "--format", "json"]
    one = run(*args)
    two = run(*args, "--jobs", "2")
    assert one == two and one[0] == 0


def test_versus_reports_both_option_sets_and_their_paired_differences() -> None:
    """--versus rising_ante=true: the base without it, versus with it, differences per seat."""
    code, out = run("study", "orc", "--games", "10", "--players", "3",
                    "--versus", "rising_ante=true", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert data["options"]["rising_ante"] is False
    assert data["versus_options"]["rising_ante"] is True
    assert len(data["difference"]["wins"]) == 3
    assert data["difference"]["events"]["low"] <= data["difference"]["events"]["mean"]


def test_text_prints_the_tables() -> None:
    """The text report has the win rates, lengths, endings, rules and final figures."""
    code, out = run("study", "saint", "--games", "5")
    assert code == 0, out
    for heading in ("win rate per seat (95% Wilson interval)", "events per game",
                    "how the games ended", "rules that decided something",
                    "final chips or points per seat", "SP-2.7: round N was the last"):
        assert heading in out


def test_bad_options_players_and_policy_are_usage_errors() -> None:
    """An unknown option (located at /options/...), too many players and a policy
    that is not module:Name exit 2 with the problem said."""
    code, out = run("study", "orc", "--games", "2", "--option", "rising_ante=maybe")
    assert code == 2 and "/options/rising_ante" in out
    code, out = run("study", "goblin", "--games", "2", "--players", "99")
    assert code == 2 and "--players" in out
    code, out = run("study", "goblin", "--games", "2", "--policy", "random")
    assert code == 2 and "module:Name" in out


def test_a_terminal_gets_a_progress_bar_and_the_time_taken() -> None:
    """In a real pseudo terminal: the bar ("playing") and the games/s line on
    standard error, and the tables; CliRunner's pipes above got neither."""
    import io
    import sys

    import pexpect

    seen = io.StringIO()
    child = pexpect.spawn(sys.executable, ["-m", "cardcore", "study", "goblin", "--games",
                                           "300"], encoding="utf-8", timeout=60)
    child.logfile_read = seen
    child.expect(pexpect.EOF)
    child.close()
    text = seen.getvalue()
    assert child.exitstatus == 0
    assert "playing" in text and "300/300" in text
    assert re.search(r"played 300 games in [0-9.]+ s \([0-9]+ games/s\)", text)
    assert "win rate per seat" in text


def test_pipes_get_neither_bar_nor_time() -> None:
    """Through CliRunner (no terminal), the output is the tables alone."""
    code, out = run("study", "goblin", "--games", "30")
    assert code == 0
    assert "playing" not in out and "games/s" not in out
