"""The working state: a game state's mutable twin, private to one fold."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardcore.evolve import evolve, with_value
from cardcore.game import GameRules
from cardcore.registry import GAMES
from cardcore.working import WORKING, freeze, public_class, thaw, working_class
from cardcore.zones import CardAccount, Draft

GAME = pytest.mark.parametrize("rules", list(GAMES.values()), ids=list(GAMES))


def _start(rules: GameRules[Any]) -> Any:
    return rules.start(("Aki", "Ben", "Cal")[:max(rules.min_players, 2)])


@GAME
def test_a_twin_reads_as_its_state_does(rules: GameRules[Any]) -> None:
    """The twin holds every field and has the state's methods and properties, so
    the game's own functions (turn, words, outcome) read it alike."""
    state = _start(rules)
    working = thaw(state)
    assert type(working) in WORKING and public_class(type(working)) is type(state)
    assert set(vars(working)) == {field.name for field in attrs.fields(type(state))}
    assert rules.turn(working) == rules.turn(state)
    assert rules.describe(working) == rules.describe(state)
    assert rules.outcome(working) == rules.outcome(state)
    assert working.complete == state.complete


@GAME
def test_thaw_then_freeze_is_the_same_value_and_the_state_is_untouched(
        rules: GameRules[Any]) -> None:
    """Freezing gives back an equal public state, its card account frozen again;
    changing the twin never reaches the state it was thawed from."""
    state = _start(rules)
    working = thaw(state)
    assert type(working.account) is Draft
    again = freeze(working)
    assert type(again) is type(state) and again == state and again is not state
    assert type(again.account) is CardAccount
    with_value(working, "players", ("Zed",) * len(state.players))
    assert state.players != working.players and freeze(working).players == working.players


def test_evolve_changes_a_working_state_in_place_and_copies_a_public_one() -> None:
    """evolve returns the very working state, changed; a public state is copied."""
    rules = GAMES["goblin-poker"]
    state = rules.start(["Aki", "Ben"])
    working = thaw(state)
    assert evolve(working, round=3, turns=(1,)) is working and working.round == 3
    copied = evolve(state, round=3)
    assert copied is not state and copied.round == 3 and state.round == 0


def test_evolve_refuses_an_unknown_field_of_a_working_state() -> None:
    """A misspelled field is the same TypeError on both kinds of state."""
    working = thaw(GAMES["goblin-poker"].start(["Aki", "Ben"]))
    with pytest.raises(TypeError, match="has no field 'rounds'"):
        evolve(working, rounds=3)


def test_the_twin_is_made_once_per_class() -> None:
    """One working class per state class, whatever thaws it."""
    state = GAMES["saint-poker"].start(["Aki", "Ben"])
    assert working_class(type(state)) is type(thaw(state)) is type(thaw(state))


def test_a_working_state_shows_what_it_holds() -> None:
    """Its repr names it a working state and shows the state it would freeze to."""
    state = GAMES["goblin-poker"].start(["Aki", "Ben"])
    shown = repr(thaw(state))
    assert shown.startswith("GoblinState.Working(GoblinState(") and "'Aki', 'Ben'" in shown


@GAME
def test_a_working_state_holds_its_fields_and_no_other_after_every_event(
        rules: GameRules[Any]) -> None:
    """Freezing copies the working state's dict: after every event of a simulated
    game it holds exactly the public class's fields, its account a draft, and
    freezes to the state rules.apply reaches."""
    from cardcore.play import simulate
    from cardcore.reduction import Reduction

    state = _start(rules)
    names = {field.name for field in attrs.fields(type(state))}
    reduction = Reduction(rules, state)
    for event in simulate(rules, state.players, None, 11):
        state, _ = rules.apply(state, event)
        reduction.apply(event)
        working = reduction._working
        assert set(vars(working)) == names and type(working.account) is Draft
        assert freeze(working) == state


def test_an_unknown_field_leaves_the_fields_dict_as_it_was() -> None:
    """A refused evolve adds no stray name to the dict that freezing copies."""
    working = thaw(GAMES["goblin-poker"].start(["Aki", "Ben"]))
    with pytest.raises(TypeError, match="no field 'rounds'"):
        evolve(working, round=2, rounds=3)
    assert "rounds" not in vars(working) and freeze(working).round == 2


@GAME
def test_a_working_state_refuses_an_attribute_set_and_evolve_still_changes_it(
        rules: GameRules[Any]) -> None:
    """Setting or deleting a twin's attribute is an AttributeError (a caller lent it
    cannot change the fold by mistake); evolve, through the dict, still works."""
    working = thaw(_start(rules))
    with pytest.raises(AttributeError, match="read-only"):
        working.players = ("Zed",)
    with pytest.raises(AttributeError, match="read-only"):
        del working.players
    assert working.players == _start(rules).players
    name = next(field.name for field in attrs.fields(public_class(type(working)))
                if field.name != "players")
    value = getattr(working, name)
    assert evolve(working, **{name: None}) is working and getattr(working, name) is None
    assert evolve(working, **{name: value}) is working
