"""Effects (cardcore.effects): kept as facts in the fold, worded only when read.

Every game makes its effects with ``effect(...)`` and a function that words them
(issue 21). What must hold: a fold words none of them; a word read is the one an
effect given its text would have; and the words read late are the ones read at
once, however many events changed the fold's working state in between.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cardcore.effects import BANK, POT, Effect, Transfer, effect, transfer
from cardcore.gamelog import GameLog
from cardcore.play import simulate
from cardcore.protocol import Event
from cardcore.reduction import Reduction
from cardcore.registry import GAMES

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


def test_an_effect_is_worded_once_when_its_text_is_first_read() -> None:
    """The words function runs at the first read of ``text`` only, and the text is kept."""
    calls = []

    def words() -> str:
        calls.append(1)
        return "Aki folds and pays 3"

    folded = effect("fold", "GP-4.2", words, ("Aki",))
    assert "text" not in vars(folded) and calls == []
    assert folded.kind == "fold" and folded.players == ("Aki",) and calls == []
    assert folded.text == "Aki folds and pays 3" and folded.text == "Aki folds and pays 3"
    assert calls == [1] and vars(folded)["text"] == "Aki folds and pays 3"


def test_an_effect_worded_later_is_the_value_of_one_given_its_text() -> None:
    """Equal, hashed, printed, pickled and copied as the eager Effect with the same words."""
    paid = transfer("Aki", POT, 3, "GP-4.2", 5)
    eager = Effect(kind="fold", rule="GP-4.2", text="Aki folds and pays 3", players=("Aki",),
                   transfers=(Transfer(payer="Aki", receiver=POT, amount=3, rule="GP-4.2",
                                       owed=5),))
    for read in ("==", "hash", "str", "repr", "pickle", "copy", "deepcopy"):
        lazy = effect("fold", "GP-4.2", lambda: "Aki folds and pays 3", ("Aki",), (paid,))
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
