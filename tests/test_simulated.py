"""Simulated transcripts and corpora: legal, reproducible, and the same when hidden."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.registry import GAMES
from cardcore.replay.runner import replay_transcript
from cardcore.replay.simulated import simulated
from cardcore.replay.transcript import dump_transcript, load_transcript

SMALL: dict[str, dict[str, Any]] = {
    "goblin-poker": {"games": 1}, "orc-poker": {"rounds": 2},
    "saint-poker": {"rounds": 2}, "auction": {"target": 10},
}
"""Short sessions, so that 200 seeds per game (and their hidden twins) stay fast."""


def test_every_game_has_small_options_here() -> None:
    """A new game gets its line in SMALL, and so its 200 seeds."""
    assert set(SMALL) == set(GAMES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_hundred_seeds_validate_and_hidden_twins_end_the_same(game: str) -> None:
    """Seeds 0-199 over every player count: each session replays with no problem and
    is complete; written with every secret card as "?", it loads from its JSON and
    gives the same outcome."""
    rules = GAMES[game]
    options = rules.options_type(**SMALL[game])
    failures = []
    for seed in range(200):
        count = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        names = [f"P{n}" for n in range(1, count + 1)]
        full = replay_transcript(simulated(rules, names, options, seed))
        hidden = simulated(rules, names, options, seed, hidden=True)
        seen = replay_transcript(load_transcript(dump_transcript(hidden)))
        if full.problems or not full.complete or seen.problems or seen.outcome != full.outcome:
            failures.append((seed, full.problems[:1], seen.problems[:1]))
    assert failures == []


def test_hidden_writes_question_marks_where_the_table_saw_nothing() -> None:
    """A hidden Goblin Poker deal has no known hand; the face-up reveal stays known."""
    rules = GAMES["goblin-poker"]
    data = dump_transcript(simulated(rules, ["A", "B"], None, 3, hidden=True))
    deal, reveal = data["events"][0], data["events"][1]
    assert all(card == "?" for hand in deal.get("hands", {}).values() for card in hand)
    assert all(card != "?" for card in reveal["cards"].values())
    assert "written as unknown" in data["meta"]["note"]


def test_simulate_count_out_writes_reproducible_named_files(tmp_path: Path) -> None:
    """--count 3 --seed 5 --out DIR: orc-poker-5/6/7.json; again, the same bytes; each
    file is what the single-game command writes for its seed."""
    runner = CliRunner()
    args = ["simulate", "orc-poker", "--players", "4", "--seed", "5", "--count", "3",
            "--option", "rounds=2", "--hidden"]
    assert runner.invoke(main, [*args, "--out", str(tmp_path / "a")]).exit_code == 0
    assert runner.invoke(main, [*args, "--out", str(tmp_path / "b")]).exit_code == 0
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == ["orc-poker-5.json", "orc-poker-6.json", "orc-poker-7.json"]
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    single = runner.invoke(main, ["simulate", "orc-poker", "--players", "4", "--seed", "6",
                                  "--options", '{"rounds": 1}', "--option", "rounds=2",
                                  "--hidden"])
    assert single.output == (tmp_path / "a" / "orc-poker-6.json").read_text(encoding="utf-8")
    assert json.loads(single.output)["options"] == {"rounds": 2}


def test_simulate_option_mistakes_are_located_and_exit_2() -> None:
    """An unknown option, a bad value, a missing =, --count without --out."""
    runner = CliRunner()
    cases = [(["--option", "gmaes=3"], "/options/gmaes: unknown key 'gmaes'"),
             (["--option", "rounds=9"], "/options/rounds: option 'rounds' must be from 1 to 5"),
             (["--option", "rounds"], "KEY=VALUE"),
             (["--options", "[1]"], "JSON object"),
             (["--count", "2"], "--out DIR")]
    for args, words in cases:
        result = runner.invoke(main, ["simulate", "goblin-poker", *args])
        assert result.exit_code == 2 and words in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_a_negative_seed_is_refused_saying_why(tmp_path: Path) -> None:
    """``cardcore simulate --seed -1`` wrote the game of seed 1, and ``--seed -1
    --count 3`` the games -1, 0 and 1 (two of them alike): Python's random seeds
    by a number's size. The command line refuses a negative seed (exit 2, no file
    written), in the library's words, and so does ``simulated``."""
    from cardcore.errors import SetupError

    for extra in ([], ["--count", "3", "--out", str(tmp_path / "corpus")]):
        result = CliRunner().invoke(main, ["simulate", "goblin-poker", "--seed", "-1", *extra])
        assert result.exit_code == 2, result.output
        assert ("Invalid value for '--seed': a seed is a whole number of 0 or more, not -1: it "
                "would give the same random numbers as 1") in result.output
    assert not (tmp_path / "corpus").exists()
    with pytest.raises(SetupError, match="not -1: it would give the same random numbers as 1"):
        simulated(GAMES["goblin-poker"], ["A", "B"], None, -1)
