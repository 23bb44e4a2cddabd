"""The simulation driver (cardcore.simulation): the one loop every game's simulator runs in."""

from __future__ import annotations

import random

from cardcore.games.saint import RULES, SaintOptions, Take
from cardcore.protocol import Ruling, Turn
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript
from cardcore.simulation import acting


def test_table_choices_are_settled_both_by_rulings_and_by_acts() -> None:
    """Across seeds the driver settles a pending table choice now with a ruling, now by
    letting an admissible player act (SP-2.6's equal hands, which are frequent with 5)."""
    players = ("A", "B", "C", "D", "E")
    options = SaintOptions()
    settled_by: set[str] = set()
    for seed in range(20):
        events = tuple(RULES.simulate(players, options, random.Random(seed)))
        transcript = Transcript(game="saint-poker", players=players, options=options,
                                events=events)
        for step in replay_transcript(transcript, steps=True).steps:
            if any(e.kind == "choice" for e in step.effects):
                settled_by.add(type(step.event).__name__)
    assert settled_by == {Ruling.__name__, Take.__name__}


def test_different_seeds_write_different_sessions() -> None:
    """The seed is the only chance: another seed, another game."""
    players = ("A", "B", "C")
    assert (list(RULES.simulate(players, None, random.Random(7)))
            != list(RULES.simulate(players, None, random.Random(8))))


def test_the_acting_seats_of_a_choice_are_the_admissible_ones() -> None:
    """A pending choice names who may act; otherwise the step's own actors do."""
    assert acting(Turn(frozenset({"take"}), choice=(1, 2))) == (1, 2)
    assert acting(Turn(frozenset({"take"}), (0,))) == (0,)
