"""The contract every registered game meets, one suite parametrised over the registry.

A game that registers (cardcore.registry.GAMES) is held to all of it with no
code of its own here: its simulator writes the sessions, its events declare
which fields the rules keep hidden (``Event.SECRET``), and the kernel's fold,
setup and GameLog are the ones under test.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardcore.effects import POT
from cardcore.errors import RuleViolation
from cardcore.game import GameRules
from cardcore.gamelog import GameLog
from cardcore.hiding import hide
from cardcore.play import simulate
from cardcore.protocol import Ruling, Setup
from cardcore.reduction import transitions
from cardcore.registry import GAMES
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript, dump_transcript, load_transcript

SHORT: Mapping[str, Sequence[Mapping[str, Any]]] = {
    "goblin-poker": ({"games": 2}, {"games": 1, "starting_chips": 8, "rounds": 3}, {}),
    "orc-poker": ({"starting_chips": 8}, {"rounds": 2}, {"rising_ante": True, "rounds": 3}),
    "saint-poker": ({"rounds": 3}, {"wheel": False, "rounds": 2}, {}),
    "auction": ({"target": 20}, {"target": 30, "split": "exact", "wheel": False}, {"target": 60}),
}
"""Options that keep simulated sessions short; a game not named here plays its defaults."""

NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen", "Hana")


@st.composite
def sessions(draw: st.DrawFn, rules: GameRules[Any]) -> Transcript:
    """A simulated full-information session of ``rules``."""
    count = draw(st.integers(rules.min_players, rules.max_players), label="players")
    seed = draw(st.integers(0, 2**32), label="seed")
    raw = draw(st.sampled_from(SHORT.get(rules.name, ({},))), label="options")
    options = rules.options_type(**raw)
    players = NAMES[:count]
    events = tuple(simulate(rules, players, options, random.Random(seed)))
    return Transcript(game=rules.name, players=players, options=options, events=events)


def _setup(transcript: Transcript) -> Setup:
    return transcript.rules.setup(transcript.players, transcript.options, transcript.ages)


GAME = pytest.mark.parametrize("rules", list(GAMES.values()), ids=list(GAMES))


@GAME
@given(data=st.data())
def test_simulated_sessions_are_legal_and_complete(rules: GameRules[Any],
                                                   data: st.DataObject) -> None:
    """The simulator writes only what the rules allow, and the session completes."""
    report = replay_transcript(data.draw(sessions(rules)))
    assert report.problems == ()
    assert report.complete and report.outcome is not None and report.outcome.winners


@GAME
@given(data=st.data())
def test_the_same_seed_writes_and_folds_the_same_session(rules: GameRules[Any],
                                                         data: st.DataObject) -> None:
    """Determinism: same seed, same events; folding them twice, equal states and effects."""
    transcript = data.draw(sessions(rules))
    again = tuple(simulate(rules, _setup(transcript), rng=random.Random(0)))
    assert again == tuple(simulate(rules, _setup(transcript), rng=random.Random(0)))
    start = rules.start(_setup(transcript))
    assert list(transitions(rules, start, transcript.events)) == list(
        transitions(rules, rules.start(_setup(transcript)), transcript.events))


@GAME
@given(data=st.data())
def test_every_prefix_of_a_legal_log_is_legal(rules: GameRules[Any], data: st.DataObject
                                              ) -> None:
    """A session cut anywhere is a game in progress: no problem, and complete only
    where the rules say a session may end."""
    transcript = data.draw(sessions(rules))
    cut = data.draw(st.integers(0, len(transcript.events)), label="cut")
    report = replay_transcript(attrs.evolve(transcript, events=transcript.events[:cut]))
    assert report.problems == ()
    assert report.outcome is not None
    assert (report.outcome.winners is None) == (not report.complete)


@GAME
@given(data=st.data())
def test_chips_and_points_are_only_what_the_effects_moved(rules: GameRules[Any],
                                                          data: st.DataObject) -> None:
    """Conservation, after every event: each player's chips or points are the start
    plus what the effects' transfers moved (the pot too), nobody's chips go below 0,
    and what was forgiven is exactly what was owed beyond what was paid."""
    transcript = data.draw(sessions(rules))
    first = rules.start(_setup(transcript))
    start = rules.outcome(first)
    table = dict(start.chips or start.scores or {})
    held: Counter[str] = Counter()
    pot = start.pot or 0
    forgiven = 0
    for state, effects in transitions(rules, first, transcript.events):
        for transfer in (t for effect in effects for t in effect.transfers):
            assert transfer.amount >= 0
            held[transfer.receiver] += transfer.amount
            held[transfer.payer] -= transfer.amount
            forgiven += transfer.forgiven
        outcome = rules.outcome(state)
        derived = outcome.chips if outcome.chips is not None else outcome.scores
        assert derived == {name: table[name] + held[name] for name in table}
        if outcome.chips is not None:
            assert min(outcome.chips.values()) >= 0
            assert outcome.pot == pot + held[POT]
            assert outcome.forgiven == forgiven


@GAME
@given(data=st.data())
def test_no_state_holds_a_card_beyond_the_deck(rules: GameRules[Any], data: st.DataObject
                                               ) -> None:
    """Card accounting, after every event: every physical card is in exactly one zone,
    and no card is known more often than the deck holds it."""
    transcript = data.draw(sessions(rules))
    for state, _ in transitions(rules, rules.start(_setup(transcript)), transcript.events):
        account = state.account
        assert sum(zone.size for zone in account.zones.values()) == account.deck.size
        known: Counter[Any] = Counter()
        for zone in account.zones.values():
            known.update(zone.known)
        assert all(count <= account.deck.copies(card) for card, count in known.items())


@GAME
@given(data=st.data())
def test_whoever_a_step_admits_is_in_play(rules: GameRules[Any], data: st.DataObject
                                          ) -> None:
    """Every seat a step admits (its actors and a table choice's seats) is seated,
    in every state: the kernel's fast path skips the C-7 check for the player
    whose step it is (cardcore.dispatch.apply)."""
    transcript = data.draw(sessions(rules))
    state = rules.start(_setup(transcript))
    for event in transcript.events:
        turn = rules.turn(state)
        seated = rules.seated(state)
        assert all(seated[seat] for seat in (*turn.actors, *turn.choice)), (event, turn)
        state, _ = rules.apply(state, event)


@GAME
@given(data=st.data())
def test_a_transcript_survives_dump_and_load(rules: GameRules[Any], data: st.DataObject
                                             ) -> None:
    """load(dump(t)) == t, through real JSON text."""
    transcript = data.draw(sessions(rules))
    assert load_transcript(json.loads(json.dumps(dump_transcript(transcript)))) == transcript


@GAME
@given(data=st.data())
def test_hiding_what_the_rules_keep_hidden_changes_nothing(rules: GameRules[Any],
                                                           data: st.DataObject) -> None:
    """Every secret card as '?', for everyone or for some players only, derives the
    same outcome and the same effects, event by event (TRANSCRIPT.md, "Cards")."""
    full = data.draw(sessions(rules))
    spared = data.draw(st.sets(st.sampled_from(full.players)), label="players whose cards stay")
    hidden = attrs.evolve(full, events=tuple(hide(e, spared.__contains__) for e in full.events))
    a = replay_transcript(full, steps=True)
    b = replay_transcript(hidden, steps=True)
    assert b.problems == ()
    assert a.outcome == b.outcome
    assert [s.effects for s in a.steps] == [s.effects for s in b.steps]


@GAME
@given(data=st.data())
def test_a_refused_event_leaves_the_log_as_it_was(rules: GameRules[Any], data: st.DataObject
                                                  ) -> None:
    """GameLog.append of an illegal event raises and changes nothing: not the events,
    not the states, not what may come next."""
    transcript = data.draw(sessions(rules))
    cut = data.draw(st.integers(0, len(transcript.events) - 1), label="cut")
    log = GameLog(rules, transcript.players, transcript.options)
    for event in transcript.events[:cut]:
        log.append(event)
    before = (log.events, log.states, log.effects, log.expected)
    other = data.draw(st.sampled_from([*transcript.events, Ruling(player="Nobody")]),
                      label="event")
    try:
        log.append(other)
    except RuleViolation:
        assert (log.events, log.states, log.effects, log.expected) == before
    else:
        assert len(log) == cut + 1


def test_every_game_is_registered_under_its_transcript_name() -> None:
    """The registry maps each game's transcript name to its rules."""
    assert all(name == rules.name for name, rules in GAMES.items())
    assert all(isinstance(cls.SECRET, tuple) for r in GAMES.values() for cls in r.event_classes)


@GAME
def test_the_fields_an_event_spells_one_value_in_are_its_own(rules: GameRules[Any]) -> None:
    """``Event.SPELLED`` names fields of the event (diff compares what they name,
    ``meant()``, in their place: a name that is no field would leave that field
    compared as written, and two spellings of one value told apart)."""
    for cls in rules.event_classes:
        assert set(cls.SPELLED) <= {field.name for field in attrs.fields(cls)}, cls


def test_scores_may_be_fractions_only_where_the_rules_split_exactly() -> None:
    """Chip games keep whole chips; point values are ints or exact fractions."""
    for rules in GAMES.values():
        outcome = rules.outcome(rules.start(NAMES[:rules.min_players]))
        values = (outcome.chips or outcome.scores or {}).values()
        assert all(isinstance(v, int | Fraction) for v in values)


@GAME
def test_what_is_not_one_of_the_games_events_is_refused_in_words(rules: GameRules[Any]) -> None:
    """Another game's event, a dict, an event class and None are a program's mistakes:
    each is a NotAnEventError (a ValueError) naming the game's events, raised before
    any rule is judged, never an AttributeError from inside a handler."""
    from cardcore.errors import NotAnEventError

    state = rules.start(NAMES[:rules.min_players])
    own = set(rules.event_types.values())
    others = [next(event for event in simulate(game, NAMES[:game.min_players], None, 1)
                   if type(event) not in own)
              for name, game in GAMES.items() if name != rules.name]
    for wrong in (*others, {"type": "deal"}, rules.event_classes[0], None):
        with pytest.raises(NotAnEventError) as caught:
            rules.apply(state, wrong)
        assert f"is not an event of {rules.title}: its events are " in str(caught.value)
        assert rules.event_classes[0].__name__ in str(caught.value)


@GAME
def test_setup_refuses_players_and_ages_of_the_wrong_shape(rules: GameRules[Any]) -> None:
    """A string is not a sequence of names (it is not split into letters), nothing is
    not one either, and ages are given by name: each is a SetupError saying so."""
    from cardcore.errors import SetupError

    players = NAMES[:rules.min_players]
    for wrong, words in ((",".join(players), "the players are a sequence of names"),
                         (None, "the players are a sequence of names")):
        with pytest.raises(SetupError, match=words):
            rules.setup(wrong)
    with pytest.raises(SetupError, match="ages are given by name"):
        rules.setup(players, None, [30] * len(players))


@GAME
def test_a_simulation_takes_a_seed_or_a_random(rules: GameRules[Any]) -> None:
    """A whole-number seed is the Random it seeds; anything else is refused in words."""
    from cardcore.errors import SetupError

    players = NAMES[:rules.min_players]
    options = rules.options_type(**SHORT.get(rules.name, ({},))[0])
    assert (list(simulate(rules, players, options, 5))
            == list(simulate(rules, players, options, random.Random(5))))
    with pytest.raises(SetupError, match=r"a seed is a whole number of 0 or more, or a "
                                          r"random\.Random"):
        simulate(rules, players, options, "5")
