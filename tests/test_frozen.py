"""Read-only mappings, and states and events immutable all the way down."""

from __future__ import annotations

import copy
import enum
import pickle
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import attrs
import pytest

from cardcore.cards import Card
from cardcore.frozen import FrozenMap, freeze
from cardcore.gamelog import GameLog
from cardcore.play import simulate
from cardcore.poker import HandRank
from cardcore.reduction import transitions
from cardcore.registry import GAMES

SCALARS = (str, int, Fraction, bool, type(None), enum.Enum, Card, HandRank)
"""Values with nothing inside to change (a Card and a HandRank refuse setattr)."""

CHANGES: tuple[tuple[str, Callable[[Any], object]], ...] = (
    ("item set", lambda m: m.__setitem__(next(iter(m), "x"), 0)),
    ("item deleted", lambda m: m.__delitem__(next(iter(m), "x"))),
    ("cleared", lambda m: m.clear()),
    ("popped", lambda m: m.pop(next(iter(m), "x"))),
    ("popitem", lambda m: m.popitem()),
    ("setdefault", lambda m: m.setdefault("x", 0)),
    ("updated", lambda m: m.update({"x": 0})),
    ("|=", lambda m: m.__ior__({"x": 0})),
)
"""Every way a dict changes in place."""


def test_a_frozen_map_refuses_every_change() -> None:
    """Each changing method of a dict raises TypeError and leaves the map as it was."""
    frozen = FrozenMap({"Aki": 4, "Ben": 2})
    for name, change in CHANGES:
        with pytest.raises(TypeError, match="read-only"):
            change(frozen)
        assert frozen == {"Aki": 4, "Ben": 2}, name


def test_a_frozen_map_pickles_copies_and_hashes_as_its_items() -> None:
    """Pickle and deepcopy give an equal FrozenMap; equal maps hash alike."""
    frozen = FrozenMap({"Aki": (4, 2), "Ben": ()})
    for again in (pickle.loads(pickle.dumps(frozen)), copy.deepcopy(frozen)):
        assert again == frozen and type(again) is FrozenMap
    assert copy.copy(frozen) is frozen
    assert hash(frozen) == hash(FrozenMap({"Ben": (), "Aki": (4, 2)}))


def test_freeze_goes_all_the_way_down_and_keeps_frozen_values() -> None:
    """Nested dicts, lists and sets become FrozenMaps, tuples and frozensets; a
    value frozen already is returned itself."""
    frozen = freeze({"a": [1, {"b": [2]}], "c": {3}})
    assert frozen == {"a": (1, {"b": (2,)}), "c": frozenset({3})}
    assert type(frozen) is FrozenMap and type(frozen["a"][1]) is FrozenMap
    assert freeze(frozen) is frozen


def _reachable(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    """Every value inside ``value`` (itself first), each with its path."""
    yield path, value
    if isinstance(value, SCALARS):
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _reachable(item, f"{path}[{key!r}]")
    elif isinstance(value, (tuple, frozenset, list, set)):
        for index, item in enumerate(value):
            yield from _reachable(item, f"{path}[{index}]")
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _reachable(getattr(value, field.name), f"{path}.{field.name}")


def _attempts(value: Any) -> Iterator[tuple[str, Callable[[], object]]]:
    """Every change a program could try on ``value`` (by its public methods)."""
    if isinstance(value, dict):
        for name, change in CHANGES:
            yield name, lambda change=change: change(value)  # type: ignore[misc]
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield f"{field.name} assigned", lambda name=field.name: setattr(value, name, None)
    elif isinstance(value, (Card, HandRank)):
        yield "rank assigned", lambda: setattr(value, "key" if isinstance(value, HandRank)
                                               else "rank", 3)
    if attrs.has(type(value)) or (isinstance(value, tuple) and hasattr(value, "_fields")):
        yield "new attribute", lambda: setattr(value, "extra", 1)


def _one_log(name: str, seed: int) -> GameLog[Any]:
    rules = GAMES[name]
    players = [f"P{seat}" for seat in range(rules.min_players + seed)]
    log: GameLog[Any] = GameLog(rules, players)
    for event in simulate(rules, players, None, seed):
        log.append(event)
    return log


@pytest.mark.parametrize("name", list(GAMES))
def test_nothing_reachable_from_a_state_or_an_event_can_be_changed(name: str) -> None:
    """Walk every state and event of simulated sessions of every game: every
    container is a tuple, frozenset or FrozenMap, every attempt to change
    anything raises, and replaying the log afterwards gives its states."""
    for seed in (1, 2):
        log = _one_log(name, seed)
        roots = [(f"state {i}", s) for i, s in enumerate(log.states)]
        roots += [(f"event {i}", e) for i, e in enumerate(log.events)]
        attempts = 0
        for root, value in roots:
            for path, inner in _reachable(value, root):
                assert not isinstance(inner, (list, set, bytearray)), path
                assert not isinstance(inner, dict) or type(inner) is FrozenMap, path
                for what, attempt in _attempts(inner):
                    attempts += 1
                    with pytest.raises((TypeError, AttributeError)):
                        attempt()
                        pytest.fail(f"{what} changed {path}")
        assert attempts > 1000
        states = [log.states[0], *(state for state, _ in transitions(log.rules, log.states[0],
                                                                 log.events))]
        assert states == list(log.states)


def test_consecutive_states_share_no_changeable_table() -> None:
    """The issue's case: clearing a zone of the latest state once rewrote earlier
    states (a shared dict); now the zone table and each zone's cards refuse it."""
    log = _one_log("goblin-poker", 1)
    zones = log.state.account.zones
    with pytest.raises(TypeError):
        zones.clear()
    for zone in zones.values():
        with pytest.raises(TypeError):
            zone.known.clear()  # type: ignore[attr-defined]


def test_the_logs_own_events_cannot_be_rewritten() -> None:
    """``log.events[0].hands[...] = ...`` raises: the saved history is the played one."""
    log = _one_log("saint-poker", 0)
    deal = log.events[0]
    with pytest.raises(TypeError):
        deal.hands["P0"] = ()  # type: ignore[attr-defined, index]
    with pytest.raises(AttributeError):
        deal.hands = {}  # type: ignore[misc]


def test_an_event_keeps_a_frozen_copy_of_what_it_was_built_from() -> None:
    """The dict and lists a program built an event from stay the program's: the
    event holds a frozen copy, so changing them later changes nothing."""
    from cardcore.games.saint import Show

    ace, king = Card.parse("AS"), Card.parse("KS")
    given = {"Aki": [ace, king]}
    show = Show(cards=given)
    given["Aki"].append(ace)
    given["Ben"] = []
    assert show.cards == {"Aki": (ace, king)}
    assert type(show.cards) is FrozenMap and type(show.cards["Aki"]) is tuple
