"""Errors: every CardcoreError survives pickle and deepcopy, across processes too."""

from __future__ import annotations

import copy
import importlib
import pickle
import pkgutil
from concurrent.futures import ProcessPoolExecutor

import pytest

import cardcore
from cardcore.cards import CardNotationError
from cardcore.errors import (
    CardcoreError,
    EventValueError,
    NotAnEventError,
    NotAStateError,
    RuleViolation,
)
from cardcore.options import OptionsError
from cardcore.protocol import SetupError
from cardcore.readings import CheckMismatch, Disagreement
from cardcore.registry import UnknownGameError
from cardcore.replay.convert import StructureFailure
from cardcore.replay.entry import EntryError
from cardcore.replay.jsonload import JsonError
from cardcore.replay.problems import FORMAT, Problem
from cardcore.replay.recording import RecordingError, Refused
from cardcore.replay.store import RecordError
from cardcore.replay.transcript import TranscriptError
from cardcore.rulebook import RulebookError

PROBLEM = Problem(kind=FORMAT, pointer="/players", message="whole file unreadable")

SAMPLES: tuple[CardcoreError, ...] = (
    CardcoreError("plain"),
    RuleViolation("C-5", "Ben cannot draw now", ("player",),
                  (RuleViolation("C-7", "no Zed", ("cards", "Zed")),)),
    NotAnEventError("a dict is not an event"),
    NotAStateError("a dict is not a state"),
    EventValueError("Pitch", ("card",), "4.0 (a float)", "a Pairs card"),
    CardNotationError("'1S' is not a card"),
    SetupError("Goblin Poker is for 2 to 8 players, not 1"),
    OptionsError("games must be at least 1", "games"),
    UnknownGameError("chess"),
    RulebookError("no rule GP-99"),
    CheckMismatch((Disagreement(("pot",), "the pot holds 2 by the rules; the record says 3",
                                2, 3),)),
    TranscriptError([PROBLEM]),
    JsonError([PROBLEM]),
    StructureFailure([(("events", 0), "expected an object")]),
    RecordError("x.json does not replay cleanly", (PROBLEM,)),
    RecordingError("cannot write x.json"),
    Refused([PROBLEM]),
    EntryError("no such event kind 'bet'"),
)


def _every_error_class() -> set[type[CardcoreError]]:
    """Every CardcoreError subclass of the installed package (all modules imported)."""
    for module in pkgutil.walk_packages(cardcore.__path__, "cardcore."):
        if module.name != "cardcore.replay.pytest_plugin":
            importlib.import_module(module.name)
    found: set[type[CardcoreError]] = set()
    todo = [CardcoreError]
    while todo:
        cls = todo.pop()
        found.add(cls)
        todo += cls.__subclasses__()
    return {cls for cls in found if cls.__module__.startswith("cardcore")}


def _seen(value: object) -> object:
    """What an error holds, comparable (exceptions compare by identity)."""
    if isinstance(value, BaseException):
        return (type(value), str(value), value.args,
                {key: _seen(item) for key, item in vars(value).items()})
    if isinstance(value, tuple | list):
        return [_seen(item) for item in value]
    return value


def _same(error: BaseException, again: BaseException) -> None:
    assert again is not error
    assert _seen(again) == _seen(error)


def test_the_samples_cover_every_error_class() -> None:
    """A new CardcoreError must join SAMPLES, so that the round trips below hold it."""
    assert _every_error_class() == {type(error) for error in SAMPLES}


@pytest.mark.parametrize("error", SAMPLES, ids=lambda e: type(e).__name__)
def test_every_error_survives_pickle_and_deepcopy(error: CardcoreError) -> None:
    """The same class, message, arguments and attributes come back (RuleViolation
    once pickled but could not be unpickled; TranscriptError came back with its
    message split into characters)."""
    _same(error, pickle.loads(pickle.dumps(error)))
    _same(error, copy.deepcopy(error))


def test_a_rule_violation_keeps_its_further_problems_through_pickle() -> None:
    """``also`` and ``path`` ride along, so ``problems`` reads the same."""
    error = SAMPLES[1]
    assert isinstance(error, RuleViolation)
    again = pickle.loads(pickle.dumps(error))
    assert [(v.rule, v.path, v.message) for v in again.problems] == [
        (v.rule, v.path, v.message) for v in error.problems]


def _refused_in_a_worker(seed: int) -> None:
    """A worker's job: append an event the rules refuse."""
    from cardcore.gamelog import GameLog
    from cardcore.games.goblin import RULES, Fold

    GameLog(RULES, ["Aki", "Ben"]).append(Fold(player="Aki"))


def test_an_error_raised_in_a_worker_process_arrives_as_itself() -> None:
    """ProcessPoolExecutor sends the RuleViolation back pickled: the parent gets a
    RuleViolation with its rule, and the pool goes on working."""
    with ProcessPoolExecutor(max_workers=1) as pool:
        with pytest.raises(RuleViolation) as caught:
            pool.submit(_refused_in_a_worker, 0).result()
        assert caught.value.rule == "C-4"
        assert pool.submit(pow, 2, 5).result() == 32
