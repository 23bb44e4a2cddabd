"""Invariants every game's simulated transcripts must keep, shared by the
per-game property tests (tests/test_<game>_simulate.py)."""

from __future__ import annotations

import json
from collections.abc import Callable

import attrs

from cardcore.protocol import Event
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript, dump_transcript, load_transcript


def fold(transcript: Transcript) -> tuple[object, list[object]]:
    """The final state and every event's effects, straight from the rules."""
    rules = transcript.rules
    state = rules.start(transcript.players, transcript.options)
    effects: list[object] = []
    for event in transcript.events:
        state, caused = rules.apply(state, event)
        effects.append(caused)
    return state, effects


def assert_replays_identically(transcript: Transcript) -> None:
    """Determinism: folding the same events twice gives equal states and effects."""
    assert fold(transcript) == fold(transcript)


def assert_round_trips(transcript: Transcript) -> None:
    """load(dump(t)) == t, through real JSON text."""
    text = json.dumps(dump_transcript(transcript))
    assert load_transcript(json.loads(text)) == transcript


def assert_hiding_changes_nothing(full: Transcript, hide: Callable[[Event], Event]) -> None:
    """The transcript with ``hide`` applied to every event derives the same outcome
    and the same effects, event by event, with no problem (TRANSCRIPT.md, "Cards")."""
    hidden = attrs.evolve(full, events=tuple(hide(e) for e in full.events))
    a = replay_transcript(full, steps=True)
    b = replay_transcript(hidden, steps=True)
    assert b.problems == ()
    assert a.outcome == b.outcome
    assert [s.effects for s in a.steps] == [s.effects for s in b.steps]
