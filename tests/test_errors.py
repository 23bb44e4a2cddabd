"""The errors: one base for every error a user can meet, and one home per layer."""

from __future__ import annotations

import copy
import importlib
import pickle
import pkgutil
from concurrent.futures import ProcessPoolExecutor
from types import ModuleType

import pytest
from imports import package_modules

import cardcore
from cardcore.errors import (
    CardcoreError,
    CardNotationError,
    CheckMismatch,
    EventValueError,
    GameDefinitionError,
    NotAnEventError,
    NotAStateError,
    OptionsError,
    RulebookError,
    RuleViolation,
    SetupError,
    UnknownGameError,
)
from cardcore.play.errors import (
    CatalogueError,
    DealerError,
    PolicyError,
    RefusedAnswer,
    ResumeError,
    SeatError,
    WeightError,
)
from cardcore.readings import Disagreement
from cardcore.replay.errors import (
    ClusterError,
    EntryError,
    JsonError,
    OptionSyntaxError,
    PolicyFailed,
    PolicyNameError,
    RecordError,
    RecordingError,
    Refused,
    RefusedOptions,
    StructureFailure,
    TranscriptError,
    UnreadableInput,
)
from cardcore.replay.problems import FORMAT, Problem

HOMES = ("cardcore.errors", "cardcore.play.errors", "cardcore.replay.errors",
         "cardcore.pettingzoo.errors")

SIGNALS = {"cardcore.replay.direct.Unsure"}
"""Not errors a user meets: the fast loader's signal to hand a value to the full
loader, caught there (tests/test_direct.py)."""


OPTIONAL = {"pettingzoo", "gymnasium", "numpy", "dask", "distributed"}
"""What the optional extras bring: a module needing one that is absent is passed
over (its errors are found where the extra is installed, as in CI)."""


def _imported(name: str) -> ModuleType | None:
    """The module ``name``, or None when it needs an extra that is not installed."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] in OPTIONAL:
            return None
        raise


def _error_classes() -> dict[str, type[BaseException]]:
    """Every public exception class the package defines, by qualified name, but
    the command line's own (Click's exceptions: a usage error's exit status) and
    the internal :data:`SIGNALS`."""
    import click

    found: dict[str, type[BaseException]] = {}
    for name in package_modules():
        if name.endswith("__main__") or name.startswith("cardcore.replay.pytest_plugin"):
            continue  # running them has effects; they define no error
        module = _imported(name)
        if module is None:
            continue
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, BaseException)
                    and value.__module__ == name and not value.__name__.startswith("_")
                    and not issubclass(value, click.ClickException)
                    and f"{name}.{value.__name__}" not in SIGNALS):
                found[f"{name}.{value.__name__}"] = value
    return found


def test_the_walk_finds_the_errors_of_both_layers() -> None:
    """The listing sees the kernel's and the replay layer's errors (not vacuous)."""
    found = _error_classes()
    assert "cardcore.errors.RuleViolation" in found
    assert "cardcore.replay.errors.TranscriptError" in found


def test_every_public_error_is_a_cardcore_error() -> None:
    """README: every error for bad input is a CardcoreError (a ValueError). Options
    given on the command line included: OptionSyntaxError and RefusedOptions were
    plain ValueErrors."""
    assert {name for name, cls in _error_classes().items()
            if not issubclass(cls, CardcoreError)} == set()


def test_every_error_lives_in_its_layer_s_errors_module() -> None:
    """A reader finds an error in cardcore.errors, cardcore.play.errors or
    cardcore.replay.errors; the module that raises it re-exports it
    (cardcore.replay.transcript.TranscriptError, cardcore.play.loop.PolicyError)."""
    assert {name for name in _error_classes() if name.rpartition(".")[0] not in HOMES} == set()
    from cardcore.replay.errors import OptionSyntaxError, RefusedOptions, TranscriptError
    from cardcore.replay.transcript import TranscriptError as reexported

    assert reexported is TranscriptError
    from cardcore.play.loop import PolicyError as raised_there

    assert raised_there is PolicyError
    assert issubclass(OptionSyntaxError, CardcoreError) and issubclass(RefusedOptions, ValueError)


@pytest.mark.parametrize("call, path", [
    (lambda rules: rules.setup(["Aki", "Aki"]), ("players", 1)),
    (lambda rules: rules.setup(["Aki", ""]), ("players", 1)),
    (lambda rules: rules.setup(["Aki"]), ("players",)),
    (lambda rules: rules.setup(["Aki", "Ben"], ages={"Chie": 3}), ("ages", "Chie")),
    (lambda rules: rules.setup(["Aki", "Ben"], ages={"Aki": -1}), ("ages", "Aki")),
    (lambda rules: rules.setup(["Aki", "Ben"], {"round": 3}), ("options", "round")),
    (lambda rules: rules.setup(["Aki", "Ben"], {"rounds": 9}), ("options", "rounds")),
])
def test_a_setup_error_is_located(call: object, path: tuple[object, ...]) -> None:
    """SetupError says where in the setup the value at fault is, as a pointer would."""
    from cardcore.games.goblin import RULES

    with pytest.raises(SetupError) as caught:
        call(RULES)  # type: ignore[operator]
    assert caught.value.path == path


def test_an_option_error_is_a_setup_error_at_its_option() -> None:
    """OptionsError (an option's value refused) keeps its option and its place."""
    error = OptionsError("option 'rounds' must be from 1 to 5, not 9", "rounds")
    assert isinstance(error, SetupError) and error.path == ("options", "rounds")


PROBLEM = Problem(kind=FORMAT, pointer="/players", message="whole file unreadable")

def _table_errors() -> tuple[CardcoreError, ...]:
    """The PettingZoo environments' errors, where that extra is installed."""
    try:
        from cardcore.pettingzoo.errors import ActionError, TableError
    except ImportError:
        return ()
    return (TableError("no render mode 'rgb'"), ActionError("action 15.9 for player_0 is not an int"))


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
    UnknownGameError("chess", ["goblin-poker", "auction"]),
    GameDefinitionError("a handler is keyed by an event class, not 'deal'"),
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
    UnreadableInput("cannot read the file: its name holds a NUL byte"),
    OptionSyntaxError("'ante' is not KEY=VALUE"),
    RefusedOptions("game.json", (PROBLEM,)),
    DealerError("the dealer holds 0 stock cards and the game 3"),
    PolicyError("seat 1's policy (P2) answered 'x', not an event"),
    RefusedAnswer(RuleViolation("C-5", "Ben cannot fold now: it is Aki's turn"), 1, "Ben"),
    CatalogueError("-1 is not an action of Orc Poker at a table of 3: actions are whole "
                   "numbers from 0 to 24"),
    WeightError("'fodl' is no kind of event of any game"),
    SeatError("-1 is not a seat of this table: its seats are 0 to 1 (0 Aki, 1 Ben)"),
    ResumeError("the game is over after its 21 events: there is nothing to play on"),
    ClusterError("no scheduler answers at tcp://127.0.0.1:1"),
    PolicyNameError("'nowhere:Bot' names no module"),
    PolicyFailed("the game dealt by seed 3: P1's policy raised KeyError: 2 (bots.py, line 9)"),

)
SAMPLES += _table_errors()



def _every_error_class() -> set[type[CardcoreError]]:
    """Every CardcoreError subclass of the installed package (all modules imported)."""
    for module in pkgutil.walk_packages(cardcore.__path__, "cardcore."):
        if module.name != "cardcore.replay.pytest_plugin":
            _imported(module.name)
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
