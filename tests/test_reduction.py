"""The reduction: one private working state per fold, frozen where a caller looks."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from cardcore.errors import NotAStateError, RuleViolation
from cardcore.evolve import evolve
from cardcore.game import GameRules
from cardcore.gamelog import GameLog
from cardcore.games.goblin import RULES as GOBLIN
from cardcore.games.goblin import Deal, Pitch
from cardcore.play import simulate
from cardcore.protocol import Check, Event, Handler
from cardcore.reduction import Reduction, transitions
from cardcore.registry import GAMES

GAME = pytest.mark.parametrize("rules", list(GAMES.values()), ids=list(GAMES))
PLAYERS = ("Aki", "Ben", "Cal")


def _game(rules: GameRules[Any], seed: int) -> list[Event]:
    players = PLAYERS[:max(rules.min_players, 2)] if rules.min_players <= 3 else PLAYERS
    return list(simulate(rules, players, None, seed))


def _start(rules: GameRules[Any]) -> Any:
    return rules.start(PLAYERS[:max(rules.min_players, 2)] if rules.min_players <= 3 else PLAYERS)


@GAME
def test_the_states_asked_for_are_those_apply_makes_event_by_event(rules: GameRules[Any]) -> None:
    """Every state a reduction freezes equals the state rules.apply reaches, and
    the effects are the same, for a whole simulated game of every game."""
    events = _game(rules, 3)
    state = _start(rules)
    reduction = Reduction(rules, state)
    for index, event in enumerate(events):
        state, effects = rules.apply(state, event)
        assert reduction.apply(event) == effects
        if index % 7 == 0 or index == len(events) - 1:  # some states asked for, not all
            assert reduction.state == state
    assert reduction.state.complete


@GAME
def test_a_state_handed_out_never_changes_afterwards(rules: GameRules[Any]) -> None:
    """A frozen state is a copy: the working state's later events leave it as it was."""
    events = _game(rules, 5)
    reduction = Reduction(rules, _start(rules))
    kept = []
    for event in events[: len(events) // 2]:
        reduction.apply(event)
        kept.append((reduction.state, pickle.dumps(reduction.state)))
    for event in events[len(events) // 2:]:
        reduction.apply(event)
    for state, then in kept:
        assert pickle.dumps(state) == then


def test_a_refused_event_leaves_the_state_before_it() -> None:
    """After a refusal the reduction is where it was before the refused event, even
    when nothing was frozen since the start, and it goes on from there."""
    events = list(simulate(GOBLIN, ["Aki", "Ben"], None, 1))
    reduction = Reduction(GOBLIN, GOBLIN.start(["Aki", "Ben"]))
    state = GOBLIN.start(["Aki", "Ben"])
    for event in events[:3]:
        reduction.apply(event)
        state, _ = GOBLIN.apply(state, event)
    with pytest.raises(RuleViolation):
        reduction.apply(Deal())  # no deal in the middle of a game
    assert reduction.state == state
    for event in events[3:6]:
        reduction.apply(event)
        state, _ = GOBLIN.apply(state, event)
    assert reduction.state == state


def test_a_refusal_after_the_working_state_changed_is_undone() -> None:
    """A rule that changes the working state and then refuses (a game's play stage
    may raise after its card moves were taken in) still leaves the state before
    it: the reduction starts again from its last frozen state and the events since."""
    pitch = GOBLIN.handlers[Pitch]

    def refuse_late(state: Any, event: Pitch, found: None) -> Any:
        pitch.play(evolve(state, round=99), event, found)
        raise RuleViolation("GP-4.1", "refused after changing the state")

    rules = attrs.evolve(GOBLIN, handlers={**GOBLIN.handlers,
                                           Pitch: Handler(refuse_late, pitch.cards)})
    events = list(simulate(GOBLIN, ["Aki", "Ben"], None, 1))
    first_pitch = next(i for i, event in enumerate(events) if type(event) is Pitch)
    reduction = Reduction(rules, rules.start(["Aki", "Ben"]))
    state = GOBLIN.start(["Aki", "Ben"])
    for event in events[:first_pitch]:
        reduction.apply(event)
        state, _ = GOBLIN.apply(state, event)
    with pytest.raises(RuleViolation, match="refused after"):
        reduction.apply(events[first_pitch])
    assert reduction.state == state and reduction.state.round != 99
    hand = reduction.state.account.zone(f"{events[first_pitch].player}'s hand")
    assert hand == state.account.zone(f"{events[first_pitch].player}'s hand")


def test_a_check_changes_nothing_and_keeps_the_very_state() -> None:
    """A reading passes through: no new state is frozen for it."""
    reduction = Reduction(GOBLIN, GOBLIN.start(["Aki", "Ben"]))
    reduction.apply(Deal())
    state = reduction.state
    assert reduction.apply(Check(pot=2)) == () and reduction.state is state


def test_a_state_of_another_game_is_refused_in_words() -> None:
    """A reduction starts only from one of the game's own states."""
    with pytest.raises(NotAStateError, match="state is of class"):
        Reduction(GOBLIN, GAMES["saint-poker"].start(["Aki", "Ben"]))


def test_transitions_yields_a_frozen_state_for_every_event() -> None:
    """The iterator form hands out every state, each a public, immutable one."""
    events = list(simulate(GOBLIN, ["Aki", "Ben"], None, 2))[:10]
    states = [state for state, _ in transitions(GOBLIN, GOBLIN.start(["Aki", "Ben"]), events)]
    assert len({id(state) for state in states}) == len(states)
    assert all(type(state) is GOBLIN.state_type for state in states)
    with pytest.raises(AttributeError):
        states[0].round = 9  # type: ignore[misc]


def test_gamelog_copies_do_not_share_a_working_state() -> None:
    """A copied log has its own reduction: appending to one leaves the other."""
    events = list(simulate(GOBLIN, ["Aki", "Ben"], None, 4))
    log = GameLog(GOBLIN, ["Aki", "Ben"])
    for event in events[:4]:
        log.append(event)
    twin = copy.deepcopy(log)
    again = pickle.loads(pickle.dumps(log))
    log.append(events[4])
    assert len(twin) == len(again) == 4 and twin.state == again.state != log.state
    twin.append(events[4])
    assert twin.state == log.state
