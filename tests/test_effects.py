"""Effects (cardcore.effects): kept as facts in the fold, worded only when read.

Every game makes its effects with ``effect(...)``, a module-level function that
words them and the values it words (issue 21). What must hold: a fold words
none of them; a word read is the one an effect given its text would have; the
words read late are the ones read at once, however many events changed the
fold's working state in between; and an effect keeps data, not a closure (no
lambda, no nested function, no mutable value, no working state).
"""

from __future__ import annotations

import ast
import copy
import pickle
import sys
import typing
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from types import FunctionType
from typing import Any

import attrs
import pytest

import cardcore
from cardcore.effects import BANK, POT, Effect, Transfer, effect, transfer
from cardcore.errors import RuleViolation
from cardcore.frozen import FrozenMap
from cardcore.gamelog import GameLog
from cardcore.play import simulate
from cardcore.protocol import Event
from cardcore.reduction import Reduction
from cardcore.registry import GAMES
from cardcore.replay.errors import TranscriptError
from cardcore.replay.transcript import read_transcript
from cardcore.working import WORKING, thaw
from cardcore.zones import Draft

PACKAGE = Path(cardcore.__file__).parent
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

NAMES = ("Aki", "Ben", "Chie", "Dov", "Eve")
"""No name is part of another, so a text names a player only if it means to."""

PLAYED: Mapping[str, Sequence[Mapping[str, Any]]] = {
    "goblin-poker": ({"games": 2}, {"starting_chips": 8, "rounds": 3}),
    "orc-poker": ({"starting_chips": 8}, {"rounds": 2}),
    "saint-poker": ({"rounds": 3}, {"rounds": 2}),
    "auction": ({"target": 30}, {"target": 20}),
}
"""Short games of every game, with options that reach bankruptcy, ties and a
session's end; played by the simulator at two table sizes and two seeds."""


def _games(game: str) -> list[tuple[tuple[str, ...], Mapping[str, Any], list[Event]]]:
    rules = GAMES[game]
    played = []
    for options in PLAYED[game]:
        for count in (rules.min_players, rules.min_players + 2):
            players = NAMES[:count]
            for seed in (1, 2):
                played.append((players, options, list(simulate(game, players, options, seed))))
    return played


def _fold(game: str, players: Sequence[str], options: Mapping[str, Any],
          events: Sequence[Event]) -> list[Effect]:
    """Every effect of ``events``, none of them read."""
    rules = GAMES[game]
    reduction = Reduction(rules, rules.start(rules.setup(players, options)))
    return [made for event in events for made in reduction.apply(event)]


CALLS: list[tuple[str, int]] = []
"""What :func:`_counted_folds` was called with."""


def _counted_folds(name: str, amount: int) -> str:
    CALLS.append((name, amount))
    return _folds(name, amount)


def _folds(name: str, amount: int) -> str:
    return f"{name} folds and pays {amount}"


def test_an_effect_is_worded_once_when_its_text_is_first_read() -> None:
    """``words(*args)`` runs at the first read of ``text`` only, and the text is kept
    in place of the words and their values."""
    CALLS.clear()
    folded = effect("fold", "GP-4.2", _counted_folds, ("Aki", 3), ("Aki",))
    assert "text" not in vars(folded) and CALLS == []
    assert folded.kind == "fold" and folded.players == ("Aki",) and CALLS == []
    assert folded.text == "Aki folds and pays 3" and folded.text == "Aki folds and pays 3"
    assert CALLS == [("Aki", 3)] and vars(folded)["text"] == "Aki folds and pays 3"
    assert "_words" not in vars(folded) and "_args" not in vars(folded)


def test_an_effect_worded_later_is_the_value_of_one_given_its_text() -> None:
    """Equal, hashed, printed, pickled and copied as the eager Effect with the same words."""
    paid = transfer("Aki", POT, 3, "GP-4.2", 5)
    eager = Effect(kind="fold", rule="GP-4.2", text="Aki folds and pays 3", players=("Aki",),
                   transfers=(Transfer(payer="Aki", receiver=POT, amount=3, rule="GP-4.2",
                                       owed=5),))
    for read in ("==", "hash", "str", "repr", "pickle", "copy", "deepcopy"):
        lazy = effect("fold", "GP-4.2", _folds, ("Aki", 3), ("Aki",), (paid,))
        if read == "==":
            assert lazy == eager
        elif read == "hash":
            assert hash(lazy) == hash(eager)
        elif read == "str":
            assert str(lazy) == str(eager) == "Aki folds and pays 3 (GP-4.2)"
        elif read == "repr":
            assert repr(lazy) == repr(eager)
        elif read == "pickle":
            assert pickle.loads(pickle.dumps(lazy)) == eager
        else:
            assert getattr(copy, read)(lazy) == eager


def test_transfer_is_the_value_attrs_would_make() -> None:
    """``transfer(...)`` equals ``Transfer(...)`` with the same fields, owed or not."""
    assert transfer(BANK, "Ben", 2, "SP-2.5") == Transfer(payer=BANK, receiver="Ben", amount=2,
                                                          rule="SP-2.5")
    short = transfer("Aki", POT, 1, "GP-1.1", 3)
    assert short == Transfer(payer="Aki", receiver=POT, amount=1, rule="GP-1.1", owed=3)
    assert short.forgiven == 2 and str(short) == "Aki -> pot: 1 (owed 3, 2 forgiven) [GP-1.1]"


@pytest.mark.parametrize("game", list(GAMES))
def test_a_fold_words_none_of_a_games_effects(game: str) -> None:
    """No effect a game's rules return holds its text before it is read; read, it
    is the value an Effect given that text would be, and the text stays."""
    kinds = set()
    for players, options, events in _games(game):
        made = _fold(game, players, options, events)
        unread = [str((found.kind, found.rule)) for found in made if "text" in vars(found)]
        assert unread == [], f"worded in the fold: {unread[:5]}"
        for found in made:
            text = found.text
            assert isinstance(text, str) and text and vars(found)["text"] is text
            assert found == Effect(kind=found.kind, rule=found.rule, text=text,
                                   players=found.players, transfers=found.transfers)
            kinds.add(found.kind)
    assert len(kinds) >= 8, f"too few kinds of effect to mean much: {sorted(kinds)}"


@pytest.mark.parametrize("game", list(GAMES))
def test_an_effect_keeps_its_words_while_later_events_change_the_working_state(
        game: str) -> None:
    """Effects read after the game's last event say what effects read at once say:
    words that read the fold's working state (which every event changes in place)
    would say what the state holds at the end instead."""
    for players, options, events in _games(game):
        rules = GAMES[game]
        reduction = Reduction(rules, rules.start(rules.setup(players, options)))
        at_once = [str(found) for event in events for found in reduction.apply(event)]
        log = GameLog(rules, players, options)
        for event in events:
            log.append(event)
        late = [str(found) for effects in log.effects for found in effects]
        assert late == at_once


@pytest.mark.parametrize("game", list(GAMES))
def test_an_effect_of_one_player_names_that_player(game: str) -> None:
    """Each effect made in a loop over players (antes, shown hands, players out)
    words its own player: a words function that saw the loop's last player
    would name another."""
    for players, options, events in _games(game):
        for found in _fold(game, players, options, events):
            if len(found.players) == 1:
                assert found.players[0] in found.text, str(found)


def _played_and_recorded() -> Iterator[tuple[str, list[Effect]]]:
    """Every game's simulated games and every fixture, as the unread effects of
    their fold (a fixture up to an event the rules refuse; those that are not
    transcripts to fold, such as records with forgotten cards, left out)."""
    for game in GAMES:
        for players, options, events in _games(game):
            yield f"{game} {players} {options}", _fold(game, players, options, events)
    for path in sorted(FIXTURES.rglob("*.json")):
        try:
            transcript = read_transcript(path)
        except TranscriptError:
            continue
        rules = transcript.rules
        reduction = Reduction(rules, rules.start(transcript.players, transcript.options,
                                                 ages=transcript.ages))
        made: list[Effect] = []
        try:
            for event in transcript.events:
                made += reduction.apply(event)
        except RuleViolation:
            pass
        yield str(path.relative_to(FIXTURES)), made


def _shared_function(words: object) -> str | None:
    """Why ``words`` is not a module's own function (None when it is one): a lambda,
    a function defined in another, anything with a closure or a bound ``self``."""
    if not isinstance(words, FunctionType):
        return f"{words!r} is a {type(words).__name__}, not a function"
    if words.__closure__ is not None or "<" in words.__qualname__:
        return f"{words.__qualname__} is a lambda or a nested function: one closure per effect"
    if getattr(sys.modules[words.__module__], words.__qualname__, None) is not words:
        return f"{words.__qualname__} is not a top-level name of {words.__module__}"
    return None


def _not_data(value: object) -> str | None:
    """Why ``value`` may not be kept to word an effect later (None when it may):
    it must be immutable all the way down and never the fold's working state."""
    if value is None or isinstance(value, (str, int, Fraction)):
        return None
    if isinstance(value, FunctionType):
        return _shared_function(value)
    if type(value) in WORKING or isinstance(value, Draft):
        return f"the fold's working state ({type(value).__name__}), which the next event changes"
    if isinstance(value, tuple):
        return next(filter(None, map(_not_data, value)), None)
    if isinstance(value, FrozenMap):
        return next(filter(None, map(_not_data, [*value, *value.values()])), None)
    kind = type(value)
    if kind.__module__ == "builtins":  # a list, a dict, a set: changed in place
        return f"a {kind.__name__}, which can be changed"
    names = ([field.name for field in attrs.fields(kind)] if attrs.has(kind)
             else list(getattr(kind, "__slots__", ())) or ["probe"])
    try:
        setattr(value, names[0], getattr(value, names[0], None))
    except (AttributeError, TypeError):
        pass  # frozen: attrs' FrozenInstanceError is an AttributeError
    else:
        return f"a {kind.__name__}, which can be changed"
    if attrs.has(kind):
        return next(filter(None, [_not_data(getattr(value, name)) for name in names]), None)
    return None


def test_every_effect_keeps_a_shared_function_and_immutable_values() -> None:
    """Every effect the games make, in simulated games and in every fixture, keeps
    a module-level function and a tuple of immutable values to word it: no
    closure (which the collector would walk for as long as a log keeps the
    effect), no list, no working state (which later events change)."""
    wrong: dict[str, str] = {}
    for where, made in _played_and_recorded():
        for found in made:
            fields = vars(found)
            assert "text" not in fields, f"worded in the fold: {found.kind} in {where}"
            args = fields["_args"]
            why = (_shared_function(fields["_words"])
                   or (None if type(args) is tuple else f"args is a {type(args).__name__}")
                   or _not_data(args))
            if why:
                wrong.setdefault(f"{found.kind} ({found.rule})", f"{why}, in {where}")
    assert wrong == {}


def test_the_checks_of_kept_words_find_what_they_look_for() -> None:
    """The checks above refuse a lambda, a nested function, a list and a working
    state, and pass a module's function, names, cards and events."""
    def nested() -> str:
        return "Aki"

    assert _shared_function(lambda: "Aki") is not None
    assert _shared_function(nested) is not None
    assert _shared_function(_folds) is None
    assert _not_data(["Aki"]) is not None
    rules = GAMES["goblin-poker"]
    working = thaw(rules.start(rules.setup(NAMES[:2], {})))
    assert type(working) in WORKING
    assert _not_data(("Aki", working)) is not None
    event = next(iter(simulate("saint-poker", NAMES[:3], {}, 1)))
    assert _not_data(("Aki", 3, Fraction(1, 2), event, (_folds, ()))) is None


_KEPT_WORDS = {"effect": 2, "pay": 5}
"""The functions that keep a words function, and its position among their arguments."""


def test_no_call_in_the_package_gives_a_lambda_or_a_nested_function_as_words() -> None:
    """Every call of ``effect`` and ``pay`` in the package's source passes as its
    words a name the module defines or imports at its top level: also the calls
    no simulated game or fixture reaches."""
    wrong = []
    calls = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {node.name for node in tree.body
               if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        top |= {alias.asname or alias.name for node in tree.body
                if isinstance(node, ast.ImportFrom) for alias in node.names}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in _KEPT_WORDS):
                continue
            position = _KEPT_WORDS[node.func.id]
            given = [keyword.value for keyword in node.keywords if keyword.arg == "words"]
            words = node.args[position] if len(node.args) > position else given[0]
            calls += 1
            if not (isinstance(words, ast.Name) and words.id in top):
                wrong.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {ast.unparse(words)}")
    assert wrong == []
    assert calls >= 60, f"only {calls} calls found: the search no longer sees them"


@pytest.mark.skipif(sys.version_info < (3, 11), reason="TypeVarTuple is in typing from 3.11")
def test_the_hints_of_effect_resolve_at_run_time() -> None:
    """A program that reads ``effect``'s hints (a documentation tool, a checker of
    calls) gets them: its words and arguments share one TypeVarTuple."""
    hints = typing.get_type_hints(effect)
    assert hints["kind"] is str
    assert hints["return"] is Effect
    parameters, _ = typing.get_args(hints["words"])
    assert parameters == list(typing.get_args(hints["args"]))
