"""A player's chips or points explained, and a mismatch's places to look."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardcore.registry import GAMES
from cardcore.replay.accounts import account
from cardcore.replay.runner import replay_file, replay_transcript
from cardcore.replay.transcript import load_transcript

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "goblin-poker" / "rules-example.json"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_players_account_sums_to_their_final_figure(game: str) -> None:
    """Start plus every entry is the final figure, for each player of each rules example."""
    report = replay_file(ROOT / "fixtures" / game / "rules-example.json", steps=True)
    assert report.transcript is not None
    for player in report.transcript.players:
        found = account(report, player)
        assert found.total == found.final, (player, found)
        assert all(entry.rule and entry.other for entry in found.entries)


def test_bens_account_names_the_ante_and_the_pot() -> None:
    """Ben: 100, the ante at /events/0 (GP-1.1), the pot at /events/6 (GP-4.4): 108."""
    found = account(replay_file(EXAMPLE, steps=True), "Ben")
    assert (found.unit, found.start, found.final) == ("chips", 100, 108)
    assert [(e.index, e.amount, e.rule, e.other) for e in found.entries] == [
        (0, -1, "GP-1.1", "pot"), (6, 9, "GP-4.4", "pot")]


TIE_FOR_NOTHING: dict[str, Any] = {
    "format": "cardcore-transcript/1", "game": "saint-poker", "options": {"rounds": 3},
    "players": ["Kai", "Lea", "Mo"], "ages": {"Kai": 30, "Lea": 25},
    "events": [
        {"type": "deal", "future": ["3H", "9C"]},
        {"type": "river", "future": ["KS", "2D"], "cards": {"Kai": "9D", "Lea": "4S", "Mo": "JC"}},
        {"type": "show", "cards": {"Kai": ["AC", "8D"], "Lea": ["AD", "8H"], "Mo": ["2H", "5C"]}},
    ]}
"""Round 1 of a user's trial: Kai and Lea tie for the best hand and split 1 point,
0 each (rounded down)."""


def test_a_share_of_nothing_is_in_the_account() -> None:
    """A tie that splits 1 point two ways pays each 0 (SP-2.5): the account of each
    of them lists it (a player asking where their tie went was shown nothing),
    and of no one else; the sum is unchanged."""
    report = replay_transcript(load_transcript(TIE_FOR_NOTHING), steps=True)
    for player in ("Kai", "Lea"):
        found = account(report, player)
        assert [(e.index, e.amount, e.rule, e.other, e.incoming) for e in found.entries] == [
            (2, 0, "SP-2.5", "bank", True)], player
        assert "0 each (rounded down)" in found.entries[0].text
        assert found.total == found.final == 0
    assert account(report, "Mo").entries == ()


def test_a_payment_of_nothing_is_in_the_account_as_paid() -> None:
    """An ante of 0 (the option allows it) is a payment the rules make, of
    nothing: listed as paid to the pot, not as gained."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["options"] = {"ante": 0}
    del data["result"]
    data["events"] = data["events"][:1]
    report = replay_transcript(load_transcript(data), steps=True)
    (entry,) = account(report, "Ben").entries
    assert (entry.index, entry.amount, entry.rule, entry.other, entry.incoming) == (
        0, 0, "GP-1.1", "pot", False)


def _with_checks(*checks: tuple[int, dict[str, int]], result: dict[str, int]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for at, chips in sorted(checks, reverse=True):
        data["events"].insert(at, {"type": "check", "chips": chips})
    data["result"] = {"chips": result}
    return data


def test_a_mismatch_names_the_events_since_the_last_reading_that_agreed() -> None:
    """Ben's check after the fold agrees (99); the result's 100 is wrong: only the
    events after that check that moved Ben's chips are named."""
    data = _with_checks((4, {"Ben": 99}), result={"Ben": 100})
    report = replay_transcript(load_transcript(data))
    (problem,) = report.problems
    assert problem.pointer == "/result/chips/Ben"
    assert problem.since == "/events/4" and problem.moved_by == ("/events/7",)
    assert problem.to_json()["moved_by"] == ["/events/7"]


def test_a_disagreeing_check_is_no_agreeing_reading() -> None:
    """Two wrong readings of Aki: both name the events from the start, not from each other."""
    data = _with_checks((2, {"Aki": 5}), (5, {"Aki": 5}), result={"Aki": 95})
    report = replay_transcript(load_transcript(data))
    first, second = report.problems
    assert (first.pointer, first.since, first.moved_by) == (
        "/events/2/chips/Aki", None, ("/events/0",))
    assert (second.pointer, second.since, second.moved_by) == (
        "/events/6/chips/Aki", None, ("/events/0",))


def test_a_pot_or_winners_mismatch_names_no_events() -> None:
    """Only a player's chips or points are explained by movements."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["result"]["pot"] = 3
    (problem,) = replay_transcript(load_transcript(data)).problems
    assert problem.moved_by is None and "moved_by" not in problem.to_json()
