"""``cardcore study``: the command's tables, its JSON, and its refusals."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
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
    code, out = run("study", "goblin", "--games", "1", "--versus", "ante=2")
    assert code == 2 and "its intervals need 2 games at least" in out  # it printed [-3, -3]




def test_a_bot_class_without_a_seed_plays(bots: str) -> None:
    """--policy naming a class written as docs/writing-a-bot.md writes one (no
    constructor, so no seed) plays every game."""
    code, out = run("study", "goblin", "--games", "3", "--policy", f"{bots}:NoSeed",
                    "--format", "json")
    assert code == 0, out
    assert json.loads(out)["base"]["games"] == 3


@pytest.mark.parametrize(("name", "words"), [
    ("study_bots:INSTANCE", "takes (view, offers): --policy names what makes a policy: a "
                                "class or function called with a seat's seed or with "
                                "nothing, not a policy itself"),
    ("json:dumps", "'json:dumps' made '0' (a str), not a policy: a policy is a callable from "
                   "a seat's view and its offers to one offer"),
])
def test_what_makes_no_policy_is_a_usage_error_in_one_line(
        bots: str, name: str, words: str) -> None:
    """A policy instead of its maker, or a maker of something else, exits 2 with one
    line naming --policy, what is wrong and what is allowed: no traceback."""
    result = CliRunner().invoke(main, ["study", "goblin", "--games", "3", "--policy", name])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    error = result.output.splitlines()[-1]
    assert error.startswith("Error: Invalid value for --policy: ") and error.endswith(words)


@pytest.mark.parametrize(("maker", "words"), [
    ("says_fold", "the game dealt by seed 4: seat 0's policy (P1) answered 'fold'"),
    ("raises", "the game dealt by seed 4: P1's policy raised RuntimeError: no idea "
               "(study_bots.py, line 16)"),
])
def test_a_policy_that_fails_in_play_exits_1_without_a_traceback(
        bots: str, maker: str, words: str) -> None:
    """A policy that answers what it was not offered, or raises, stops the study with
    exit 1 (as a game that breaks a rule) and one line saying which game and seat."""
    result = CliRunner().invoke(main, ["study", "goblin", "--games", "3", "--seed", "4",
                                       "--policy", f"{bots}:{maker}"])
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)
    assert result.output.splitlines() == [
        f"Error: --policy {bots}:{maker} failed in play: {words}" + (
            ": in this step every seat gives its own part, one of its offers (reveal by P1)"
            if maker == "says_fold" else "")]


def _wins(*args: str) -> list[int]:
    code, out = run("study", "goblin", "--games", "30", "--format", "json", *args)
    assert code == 0, out
    return [row["wins"] for row in json.loads(out)["base"]["wins"]]


def test_a_seat_policy_plays_in_that_seat_only(bots: str) -> None:
    """--policy P1=NoSeed (it takes the first offer, a fold whenever one is offered)
    puts the folding bot in P1 against a random P2, and P2=... in P2: the bot's
    seat wins the fewer games, wherever it sits, as it does not when both seats
    fold so."""
    p1 = _wins("--policy", f"P1={bots}:NoSeed")
    p2 = _wins("--policy", f"P2={bots}:NoSeed")
    both = _wins("--policy", f"{bots}:NoSeed")
    assert p1[0] < p1[1] and p2[1] < p2[0], (p1, p2)
    assert p1 != both != p2


def test_a_seat_policy_names_each_seats_policy_in_the_report(bots: str) -> None:
    """The text report's first line says which seat played which policy, and the
    JSON gives each seat's policy (policy: that of the seats not named)."""
    code, out = run("study", "orc", "--games", "3", "--players", "3",
                    "--policy", f"P2={bots}:NoSeed")
    assert code == 0, out
    assert out.splitlines()[0] == ("3 games of orc-poker, 3 players, seeds 0 to 2, policies "
                                   f"P1 random, P2 {bots}:NoSeed, P3 random")
    code, out = run("study", "orc", "--games", "3", "--players", "3", "--format", "json",
                    "--policy", f"P2={bots}:NoSeed", "--policy", f"{bots}:NoSeed",
                    "--policy", "P3=cardcore.play:RandomPolicy")
    assert code == 0, out
    data = json.loads(out)
    assert data["policy"] == f"{bots}:NoSeed"
    assert data["policies"] == [{"seat": "P1", "policy": f"{bots}:NoSeed"},
                                {"seat": "P2", "policy": f"{bots}:NoSeed"},
                                {"seat": "P3", "policy": "cardcore.play:RandomPolicy"}]


def test_a_policy_for_every_seat_is_what_it_was(bots: str) -> None:
    """--policy MODULE:NAME alone: every seat plays it, the report says "policy NAME"
    as before, and the study is the one that names the policy for each seat."""
    args = ["study", "goblin", "--games", "12", "--format", "json"]
    code, out = run(*args, "--policy", f"{bots}:NoSeed")
    assert code == 0, out
    every = json.loads(out)
    assert every["policy"] == f"{bots}:NoSeed"
    code, out = run(*args, "--policy", f"P1={bots}:NoSeed", "--policy", f"P2={bots}:NoSeed")
    assert code == 0, out
    assert json.loads(out)["base"] == every["base"]
    code, out = run("study", "goblin", "--games", "2", "--policy", f"{bots}:NoSeed")
    assert out.splitlines()[0] == (f"2 games of goblin-poker, 2 players, seeds 0 to 1, "
                                   f"policy {bots}:NoSeed")


def test_jobs_do_not_change_a_study_with_a_seat_policy(bots: str) -> None:
    """Two processes print the JSON one process prints, a bot in one seat."""
    args = ["study", "orc", "--players", "3", "--games", "20", "--seed", "3", "--format",
            "json", "--policy", f"P3={bots}:NoSeed"]
    one = run(*args)
    assert one == run(*args, "--jobs", "2") and one[0] == 0


@pytest.mark.parametrize(("given", "words"), [
    (["P3={bots}:NoSeed"], "'P3=study_bots:NoSeed' names a seat a study of 2 players does "
                           "not have: its seats are P1 to P2"),
    (["P1={bots}:NoSeed", "P1={bots}:raises"],
     "'P1=study_bots:NoSeed' and 'P1=study_bots:raises' both give P1 a policy: give a seat "
     "one"),
    (["x=mod:name"], "'x=mod:name': name the seat as the report does, P1 for the first, "
                     "like P1=mybots:Cautious"),
    (["0={bots}:NoSeed"], "'0=study_bots:NoSeed': name the seat as the report does, P1 for "
                          "the first, like P1=mybots:Cautious"),
    (["{bots}:NoSeed", "{bots}:raises"],
     "'study_bots:NoSeed' and 'study_bots:raises' are both for every seat: give one policy "
     "without a seat, and SEAT=MODULE:NAME for each seat of its own, like "
     "P1=mybots:Cautious"),
    (["P2={bots}:broken_maker"], "'P2=study_bots:broken_maker': 'study_bots:broken_maker' "
                                 "raised KeyError: 1 (study_bots.py, line 19) when called "
                                 "to make a policy"),
])
def test_a_seat_policy_that_cannot_be_played_is_a_usage_error_before_any_game(
        bots: str, given: list[str], words: str) -> None:
    """A seat the study does not have, a seat given twice, a seat not written as the
    report writes it, two policies for every seat, or a seat's maker that fails:
    exit 2, one line quoting --policy, no game played (the bot that raises in
    play would exit 1)."""
    policies = [arg for text in given for arg in ("--policy", text.format(bots=bots))]
    result = CliRunner().invoke(main, ["study", "goblin", "--games", "3", *policies])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.splitlines()[-1] == f"Error: Invalid value for --policy: {words}"


def test_a_seat_policy_that_fails_in_play_names_the_option_as_given(bots: str) -> None:
    """Exit 1 with one line naming the --policy that was given and the seat."""
    result = CliRunner().invoke(main, ["study", "goblin", "--games", "3", "--seed", "4",
                                       "--policy", f"P2={bots}:raises"])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines() == [
        f"Error: --policy P2={bots}:raises failed in play: the game dealt by seed 4: P2's "
        "policy raised RuntimeError: no idea (study_bots.py, line 16)"]


def test_the_installed_command_finds_a_bot_in_a_file_beside_it(tmp_path: Path) -> None:
    """``cardcore study --policy mybots:Clumsy`` run by the installed command in the
    folder holding mybots.py (as docs/studies.md shows it) imports the bot: the
    console script does not put the current folder on sys.path, and the study
    stopped at "No module named 'mybots'" (in-process tests did not see it)."""
    import subprocess

    command = Path(sys.executable).with_name("cardcore")
    if not command.exists():
        pytest.skip("no installed cardcore command beside this interpreter")
    (tmp_path / "mybots.py").write_text(
        "class Clumsy:\n"
        "    def __call__(self, view, offers):\n"
        "        return offers.of_kind(offers[0].TYPE)[0]\n", encoding="utf-8")
    done = subprocess.run([str(command), "study", "goblin", "--games", "2", "--policy",
                           "mybots:Clumsy", "--format", "json"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["policy"] == "mybots:Clumsy"


def test_a_terminal_gets_a_progress_bar_and_the_time_taken() -> None:
    """In a real pseudo terminal: the bar ("playing") and the games/s line on
    standard error, and the tables; CliRunner's pipes above got neither."""
    import io

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


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_chart_writes_the_page_and_leaves_the_tables_as_they_were(tmp_path: Path) -> None:
    """--chart PAGE: the page is written, standard output is byte for byte what it is
    without --chart (text and JSON), the note of the page goes to standard error,
    and nothing else appears in the folder."""
    page = tmp_path / "study.html"
    for fmt in ("text", "json"):
        args = ["study", "goblin", "--games", "12", "--format", fmt]
        plain, charted = _invoke(*args), _invoke(*args, "--chart", str(page))
        assert plain.exit_code == charted.exit_code == 0, charted.output
        assert charted.stdout == plain.stdout
        assert f"wrote {page}" in charted.stderr
        assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
        assert [path.name for path in tmp_path.iterdir()] == ["study.html"]
    json.loads(charted.stdout)


def test_chart_with_versus_shows_both_option_sets(tmp_path: Path) -> None:
    """The page of a --versus study names both option sets and draws the differences."""
    page = tmp_path / "versus.html"
    result = _invoke("study", "orc", "--games", "6", "--players", "3", "--versus",
                     "rising_ante=true", "--chart", str(page))
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert 'data-series="options"' in text and 'data-series="versus"' in text
    assert "Versus minus options" in text


def test_chart_into_a_place_that_cannot_hold_it_is_bad_usage_before_any_game(
        tmp_path: Path) -> None:
    """A missing folder, a folder, or standard output: exit 2 with the problem said
    and no traceback, at once (a million games are not played first), nothing written."""
    cases = [(str(tmp_path / "missing" / "study.html"), "there is no folder"),
             (str(tmp_path), "is a directory"),
             ("-", "name a file for the page")]
    for target, words in cases:
        result = _invoke("study", "goblin", "--games", "1000000", "--chart", target)
        assert result.exit_code == 2, result.output
        assert words in result.output and "--chart" in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_chart_replaces_a_link_at_its_name_rather_than_writing_through_it(
        tmp_path: Path) -> None:
    """A symbolic link planted at the page's name is replaced by the page; the file it
    pointed to is untouched (a page is a file written for others to read)."""
    target = tmp_path / "victim.txt"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "study.html"
    link.symlink_to(target)
    result = _invoke("study", "goblin", "--games", "3", "--chart", str(link))
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8") == "keep me"
    assert not link.is_symlink() and "<svg" in link.read_text(encoding="utf-8")


def test_a_negative_seed_is_refused_saying_why() -> None:
    """``cardcore study --seed -3 --games 6`` played the seeds -3 to 2, and games -1
    and 1 (and -2 and 2) were dealt alike, as Python's random seeds by a number's
    size: the study counted two games twice. A negative seed is refused before any
    game (exit 2), in the library's words."""
    code, out = run("study", "goblin-poker", "--games", "6", "--seed", "-3")
    assert code == 2
    assert ("Invalid value for '--seed': a seed is a whole number of 0 or more, not -3: it "
            "would give the same random numbers as 3") in out
    assert "games of goblin-poker" not in out
