"""Random legal Saint Poker games: legality, points, replay equality, round trip, hidden hands."""

from __future__ import annotations

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st
from invariants import assert_hiding_changes_nothing, assert_replays_identically, assert_round_trips

from cardcore.effects import BANK
from cardcore.games.saint import RULES, Deal, SaintOptions, Take
from cardcore.protocol import Event, Ruling
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript

games = st.builds(
    lambda count, seed, rounds, wheel: (count, seed, SaintOptions(rounds=rounds, wheel=wheel)),
    st.integers(2, 5), st.integers(0, 2**32), st.integers(1, 8), st.booleans(),
)


def simulated(case: tuple[int, int, SaintOptions]) -> Transcript:
    count, seed, options = case
    players = tuple(f"P{n}" for n in range(count))
    events = tuple(RULES.simulate(players, options, random.Random(seed)))
    return Transcript(game="saint-poker", players=players, options=options, events=events)


@given(games)
def test_simulated_games_are_legal_and_complete(case: tuple[int, int, SaintOptions]) -> None:
    """The simulator writes only what the rules allow, up to the end of the last round."""
    transcript = simulated(case)
    report = replay_transcript(transcript)
    assert report.problems == ()
    assert report.complete
    assert report.outcome is not None and report.outcome.winners


@given(games)
def test_points_are_conserved(case: tuple[int, int, SaintOptions]) -> None:
    """Every point comes from the bank under SP-2.5, at most r in round r; the scores are
    exactly the sum of those transfers after every event."""
    transcript = simulated(case)
    state = RULES.start(transcript.players, transcript.options)
    awarded = dict.fromkeys(transcript.players, 0)
    for event in transcript.events:
        state, effects = RULES.apply(state, event)
        transfers = [t for e in effects for t in e.transfers]
        assert all(t.payer == BANK and t.rule == "SP-2.5" and t.amount > 0 for t in transfers)
        assert sum(t.amount for t in transfers) <= state.round
        for transfer in transfers:
            awarded[transfer.receiver] += transfer.amount
        assert dict(zip(state.players, state.scores, strict=True)) == awarded
    assert sum(awarded.values()) <= sum(range(1, transcript.options.rounds + 1))


@given(games)
def test_replaying_the_log_gives_the_same_state(case: tuple[int, int, SaintOptions]) -> None:
    """Determinism: folding the same events twice gives equal states and effects."""
    assert_replays_identically(simulated(case))


@given(games)
def test_a_transcript_survives_dump_and_load(case: tuple[int, int, SaintOptions]) -> None:
    """load(dump(t)) == t, through real JSON text."""
    assert_round_trips(simulated(case))


def _hidden(event: Event) -> Event:
    if isinstance(event, Deal):
        return attrs.evolve(event, hands=None)
    return event


@given(games)
def test_hiding_the_hands_changes_nothing_derived(case: tuple[int, int, SaintOptions]) -> None:
    """A deal without hands gives the same outcome and effects (TRANSCRIPT.md, "Cards")."""
    assert_hiding_changes_nothing(simulated(case), _hidden)


def test_the_simulator_is_deterministic_and_settles_table_choices_both_ways() -> None:
    """Same seed, same events; across seeds equal hands are settled by rulings and by takes."""
    players = ("A", "B", "C", "D", "E")
    options = SaintOptions()
    first = list(RULES.simulate(players, options, random.Random(7)))
    assert first == list(RULES.simulate(players, options, random.Random(7)))
    kinds: set[str] = set()
    for seed in range(20):
        transcript = Transcript(game="saint-poker", players=players, options=options,
                                events=tuple(RULES.simulate(players, options,
                                                            random.Random(seed))))
        for step in replay_transcript(transcript, steps=True).steps:
            if any(e.kind == "choice" for e in step.effects):
                kinds.add(type(step.event).__name__)
        assert any(isinstance(e, Take) for e in transcript.events)
    assert kinds == {Ruling.__name__, Take.__name__}
