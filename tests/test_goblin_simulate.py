"""Random legal Goblin Poker sessions: conservation, replay equality, round trip."""

from __future__ import annotations

import json
import random

import attrs
from hypothesis import given
from hypothesis import strategies as st
from invariants import assert_hiding_changes_nothing, assert_replays_identically, assert_round_trips

from cardcore.games.goblin import RULES, Deal, GoblinOptions, Pitch
from cardcore.protocol import Event, Ruling
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript, dump_transcript, load_transcript

sessions = st.builds(
    lambda count, seed, chips, rounds, games: (count, seed, GoblinOptions(
        starting_chips=chips, rounds=rounds, games=games)),
    st.integers(2, 8), st.integers(0, 2**32), st.integers(1, 40), st.integers(1, 5),
    st.integers(1, 6),
)


def simulated(case: tuple[int, int, GoblinOptions]) -> Transcript:
    count, seed, options = case
    players = tuple(f"P{n}" for n in range(count))
    events = tuple(RULES.simulate(players, options, random.Random(seed)))
    return Transcript(game="goblin-poker", players=players, options=options, events=events)


@given(sessions)
def test_simulated_sessions_are_legal_and_complete(case: tuple[int, int, GoblinOptions]) -> None:
    """The simulator writes only what the rules allow, up to the session's end."""
    transcript = simulated(case)
    report = replay_transcript(transcript)
    assert report.problems == ()
    assert report.complete


@given(sessions)
def test_chips_are_conserved_at_every_step(case: tuple[int, int, GoblinOptions]) -> None:
    """Players' chips plus the pot equal the starting total after every event, and what
    was forgiven is exactly what was owed beyond what was paid."""
    transcript = simulated(case)
    state = RULES.start(transcript.players, transcript.options)
    total = len(transcript.players) * transcript.options.starting_chips
    forgiven = 0
    for event in transcript.events:
        state, effects = RULES.apply(state, event)
        assert sum(state.ledger.chips) + state.ledger.pot == total
        assert min(state.ledger.chips) >= 0
        forgiven += sum(t.forgiven for e in effects for t in e.transfers)
        assert state.ledger.forgiven == forgiven
        moved = sum(t.amount if t.receiver == "pot" else -t.amount
                    for e in effects for t in e.transfers)
        assert moved == sum(t.amount if t.receiver == "pot" else -t.amount
                            for e in effects for t in e.transfers if t.payer != t.receiver)


@given(sessions)
def test_replaying_the_log_gives_the_same_state(case: tuple[int, int, GoblinOptions]) -> None:
    """Determinism: folding the same events twice gives equal states and effects."""
    assert_replays_identically(simulated(case))


@given(sessions)
def test_a_transcript_survives_dump_and_load(case: tuple[int, int, GoblinOptions]) -> None:
    """load(dump(t)) == t, through real JSON text."""
    assert_round_trips(simulated(case))


def _hidden(event: Event) -> Event:
    if isinstance(event, Deal):
        return attrs.evolve(event, hands=None)
    if isinstance(event, Pitch):
        return attrs.evolve(event, card=None)
    return event


@given(sessions)
def test_hiding_secret_cards_changes_nothing_derived(case: tuple[int, int, GoblinOptions]) -> None:
    """Hands and pitched cards as '?' give the same outcome and effects (TRANSCRIPT.md)."""
    assert_hiding_changes_nothing(simulated(case), _hidden)


def test_the_simulator_is_deterministic_and_uses_rulings() -> None:
    """Same seed, same events; across seeds both ways of settling a table choice occur."""
    players = ("A", "B", "C", "D")
    options = GoblinOptions(games=30)
    first = list(RULES.simulate(players, options, random.Random(7)))
    assert first == list(RULES.simulate(players, options, random.Random(7)))
    assert any(isinstance(e, Ruling) for seed in range(10)
               for e in RULES.simulate(players, options, random.Random(seed)))


def test_a_session_of_ten_thousand_events_validates() -> None:
    """The size the issue names: a long simulated session replays with no problem."""
    players = ("P1", "P2", "P3", "P4", "P5")
    options = GoblinOptions(games=385, starting_chips=1_000_000)
    events = tuple(RULES.simulate(players, options, random.Random(1)))
    assert len(events) > 10_000
    transcript = Transcript(game="goblin-poker", players=players, options=options, events=events)
    report = replay_transcript(load_transcript(json.loads(json.dumps(dump_transcript(transcript)))))
    assert report.problems == () and report.complete
    assert report.outcome is not None and sum((report.outcome.chips or {}).values()) == 5_000_000
