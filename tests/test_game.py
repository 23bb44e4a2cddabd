"""GameRules: what the kernel knows of a game, pickled and copied as the game itself."""

from __future__ import annotations

import copy
import pickle

import pytest

from cardcore.registry import GAMES


@pytest.mark.parametrize("name", list(GAMES))
def test_a_games_rules_pickle_and_copy_as_themselves(name: str) -> None:
    """RULES (functions, a simulator, handlers) once could not be pickled or
    deep-copied; a registered game now comes back as the registry's own rules."""
    rules = GAMES[name]
    assert pickle.loads(pickle.dumps(rules)) is rules
    assert copy.deepcopy(rules) is rules and copy.copy(rules) == rules


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_knows_the_class_of_its_states(name: str) -> None:
    """``state_type`` is read from ``begin``'s annotation; it must be the class
    ``start`` makes, or the kernel could not refuse another game's state."""
    rules = GAMES[name]
    players = [f"P{seat}" for seat in range(rules.min_players)]
    assert rules.state_type is type(rules.start(players))


@pytest.mark.parametrize("name", list(GAMES))
def test_states_and_events_survive_pickle_and_deepcopy(name: str) -> None:
    """Every state and event of a simulated session comes back equal (a state
    held a mappingproxy, which neither pickle nor deepcopy takes), and the game
    goes on from a copied state as from the original."""
    rules = GAMES[name]
    players = [f"P{seat}" for seat in range(rules.min_players)]
    state = rules.start(players)
    states, events = [state], []
    for event in rules.simulate(players, None, 1):
        state, _ = rules.apply(state, event)
        states.append(state)
        events.append(event)
    for values in (states, events):
        assert pickle.loads(pickle.dumps(values)) == values
        assert copy.deepcopy(values) == values
    middle = len(events) // 2
    for again in (pickle.loads(pickle.dumps(states[middle])), copy.deepcopy(states[middle])):
        assert rules.apply(again, events[middle])[0] == states[middle + 1]
