"""Standings over time: a reading after each event, or after each round."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardcore.registry import GAMES
from cardcore.replay.runner import replay_file
from cardcore.replay.timeline import Timeline, part_of, timeline

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
EXAMPLE = FIXTURES / "goblin-poker" / "rules-example.json"


def _timeline(path: Path) -> Timeline:
    return timeline(replay_file(path, steps=True))


def test_a_reading_after_each_event_of_the_readme_example() -> None:
    """README's game by hand: antes of 1 (GP-1.1), Chie's fold pays 2 (GP-4.2), Aki's
    bust pays 4 and Ben takes the pot of 9 (GP-4.6, GP-4.4)."""
    found = _timeline(EXAMPLE)
    assert (found.players, found.unit) == (("Aki", "Ben", "Chie"), "chips")
    got = [(r.index, dict(r.figures), r.standings.pot) for r in found.rows("event")]
    assert got == [
        (None, {"Aki": 100, "Ben": 100, "Chie": 100}, 0),
        (0, {"Aki": 99, "Ben": 99, "Chie": 99}, 3),
        (1, {"Aki": 99, "Ben": 99, "Chie": 99}, 3),
        (2, {"Aki": 99, "Ben": 99, "Chie": 99}, 3),
        (3, {"Aki": 99, "Ben": 99, "Chie": 97}, 5),
        (4, {"Aki": 99, "Ben": 99, "Chie": 97}, 5),
        (5, {"Aki": 99, "Ben": 99, "Chie": 97}, 5),
        (6, {"Aki": 95, "Ben": 108, "Chie": 97}, 0),
    ]


def test_a_reading_per_round_is_the_last_event_of_each_part() -> None:
    """The preparation ends after the reveal (#1), round 1 after Aki's stack (#6)."""
    found = _timeline(EXAMPLE)
    assert [(r.index, r.part) for r in found.rows("round")] == [
        (None, "start"), (1, "game 1, preparation"), (6, "game 1, round 1")]
    assert list(found.parts()) == [(0, "game 1, preparation"), (2, "game 1, round 1")]
    assert found.series("Ben") == (100, 99, 99, 99, 99, 99, 99, 108)


def test_auction_readings_carry_the_starter_pile_while_a_hand_is_played() -> None:
    """The rules example: 7C dealt (1 point), Aki's KS laid on it after taking 7C (5),
    the joker turned (10); after the show the pile is scored and Aki has 10."""
    found = _timeline(FIXTURES / "auction" / "rules-example.json")
    piles = [(r.standings.pile, r.standings.pile_value) for r in found.readings]
    assert piles == [(None, None), (("7C",), 1), (("7C",), 1), (("7C",), 1), (("KS",), 5),
                     (("KS", "JK"), 10), (None, None)]
    assert [r.part for r in found.readings] == ["start"] + ["hand 1"] * 6
    assert found.series("Aki") == (0, 0, 0, 0, 0, 0, 10)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_last_reading_is_the_replays_outcome(game: str) -> None:
    """Each rules example: the last figure of every player is the final one."""
    report = replay_file(FIXTURES / game / "rules-example.json", steps=True)
    found = timeline(report)
    assert report.outcome is not None and found.readings[-1].standings == report.outcome
    assert len(found.readings) == len(report.steps) + 1


def test_a_stopped_replay_has_readings_up_to_the_refused_event() -> None:
    """A rule problem at /events/2: readings of the start, #0 and #1 only."""
    path = FIXTURES / "auction" / "illegal-bid-two-pair-under-three.json"
    report = replay_file(path, steps=True)
    assert report.stopped_at == 2
    assert [r.index for r in timeline(report).readings] == [None, 0, 1]


@pytest.mark.parametrize(("position", "part"), [
    ("round 3, action phase 2", "round 3"), ("round 1, start player", "round 1"),
    ("hand 2, the show", "hand 2"), ("hand 12, auction 3", "hand 12"),
    ("round 4, refill", "round 4"), ("round 4", "round 4"), ("setup", "setup"),
    ("game 3, round 2", "game 3, round 2"), ("game 3, preparation", "game 3, preparation"),
    ("after the session", "after the session"),
])
def test_the_round_of_each_games_positions(position: str, part: str) -> None:
    """Every game's position words, read down to the round or hand."""
    assert part_of(position) == part
