"""Abbott's Auction's simulator at scale: whole games to the default target."""

from __future__ import annotations

import random

from cardcore.games.auction import RULES
from cardcore.play import simulate
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript


def test_two_hundred_simulated_games_from_two_to_eight_players_validate() -> None:
    """Seeds 0-199, 2 to 8 players in turn, played to the default target of 150:
    every game replays with no problem and is complete."""
    failures = []
    for seed in range(200):
        players = tuple(f"P{n}" for n in range(2 + seed % 7))
        events = tuple(simulate(RULES, players, None, random.Random(seed)))
        report = replay_transcript(Transcript(game="auction", players=players,
                                              options=RULES.options_type(), events=events))
        if report.problems or not report.complete:
            failures.append((seed, report.problems[:1]))
    assert failures == []
