"""Simulation (cardcore.play.simulation): the play loop with random players and the dealer."""

from __future__ import annotations

import random

import pytest

from cardcore.errors import SetupError
from cardcore.games.saint import RULES, SaintOptions, Take
from cardcore.play import Dealer, simulate
from cardcore.protocol import Ruling
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript


def test_table_choices_are_settled_both_by_rulings_and_by_acts() -> None:
    """Across seeds a pending table choice is settled now with a ruling, now by an
    admissible player's act (SP-2.6's equal hands, which are frequent with 5): the
    random player asked picks among its takes and its rulings."""
    players = ("A", "B", "C", "D", "E")
    options = SaintOptions()
    settled_by: set[str] = set()
    for seed in range(20):
        events = tuple(simulate(RULES, players, options, random.Random(seed)))
        transcript = Transcript(game="saint-poker", players=players, options=options,
                                events=events)
        for step in replay_transcript(transcript, steps=True).steps:
            if any(e.kind == "choice" for e in step.effects):
                settled_by.add(type(step.event).__name__)
    assert settled_by == {Ruling.__name__, Take.__name__}


def test_different_seeds_write_different_sessions() -> None:
    """The seed is the only chance: another seed, another game."""
    players = ("A", "B", "C")
    assert (list(simulate(RULES, players, None, random.Random(7)))
            != list(simulate(RULES, players, None, random.Random(8))))


def test_the_dealer_writes_the_chance_steps() -> None:
    """A simulation's deal is the seeded dealer's: the same Random deals the same hands."""
    players = ("A", "B", "C")
    deal = next(iter(simulate(RULES, players, None, random.Random(4))))
    assert deal == Dealer(random.Random(4)).chance(RULES, RULES.start(players))


def test_a_game_is_named_by_its_rules_or_its_transcript_name() -> None:
    """simulate takes a game's name as well as its rules: the same seed, the same game."""
    players = ("A", "B")
    assert (list(simulate("saint-poker", players, None, 3))
            == list(simulate(RULES, players, None, random.Random(3))))


def test_the_rules_no_longer_simulate() -> None:
    """RULES.simulate is gone: the rules stand below the play layer, which simulates."""
    assert not hasattr(RULES, "simulate")


def test_a_negative_seed_is_refused() -> None:
    """``simulate(..., -1)`` wrote the game of seed 1 (Python's random seeds by a
    number's size): a negative seed is refused at ``rng``, saying why; None is
    still seed 0."""
    with pytest.raises(SetupError, match=r"not -1: it would give the same random numbers "
                                         r"as 1") as refused:
        simulate(RULES, ["Aki", "Ben"], None, -1)
    assert refused.value.path == ("rng",)
    assert list(simulate(RULES, ["Aki", "Ben"], None)) == list(
        simulate(RULES, ["Aki", "Ben"], None, 0))
