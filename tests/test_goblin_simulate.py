"""A long simulated Goblin Poker session: the size a real evening of games reaches."""

from __future__ import annotations

import json
import random

from cardcore.games.goblin import RULES, GoblinOptions
from cardcore.play import simulate
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript, dump_transcript, load_transcript


def test_a_session_of_ten_thousand_events_validates() -> None:
    """The size the issue names: a long simulated session replays with no problem."""
    players = ("P1", "P2", "P3", "P4", "P5")
    options = GoblinOptions(games=385, starting_chips=1_000_000)
    events = tuple(simulate(RULES, players, options, random.Random(1)))
    assert len(events) > 10_000
    transcript = Transcript(game="goblin-poker", players=players, options=options, events=events)
    report = replay_transcript(load_transcript(json.loads(json.dumps(dump_transcript(transcript)))))
    assert report.problems == () and report.complete
    assert report.outcome is not None and sum((report.outcome.chips or {}).values()) == 5_000_000
