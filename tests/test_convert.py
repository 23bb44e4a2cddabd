"""Structuring JSON into the engine's classes: every failure located, and worded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from cardcore.games.auction import RULES as AUCTION
from cardcore.games.goblin import RULES as GOBLIN
from cardcore.replay.convert import StructureFailure, structure
from cardcore.replay.transcript import Result


def failures(value: Any, cls: Any) -> list[tuple[tuple[str | int, ...], str]]:
    with pytest.raises(StructureFailure) as caught:
        structure(value, cls)
    return list(caught.value.failures)


@pytest.mark.parametrize(("event", "key", "meant"), [
    ({"plyer": "Ben", "card": 6}, "plyer", "player"),
    ({"player": "Ben", "crd": 6}, "crd", "card"),
    ({"player": "Ben", "Card": 6}, "Card", "card"),
])
def test_a_misspelt_required_key_is_one_problem_at_the_key_written(
        event: dict[str, Any], key: str, meant: str) -> None:
    """``plyer`` for ``player``: one failure, at the unknown key, saying the key it
    likely means, not "the key 'player' is required" as a second, unrelated one."""
    assert failures(event, GOBLIN.event_types["stack"]) == [
        ((key,), f"unknown key {key!r}: allowed here are card, note, player "
                 f"(did you mean {meant!r}?)")]


def test_a_misspelling_of_a_key_given_is_not_offered() -> None:
    """A key that is there is not what an unknown key misspells: ``cards`` beside
    ``card`` gets no "did you mean 'card'", and nothing is left out."""
    assert failures({"player": "Ben", "card": 6, "cards": 6}, GOBLIN.event_types["stack"]) == [
        (("cards",), "unknown key 'cards': allowed here are card, note, player")]


def test_a_required_key_left_out_and_misspelt_by_none_is_still_required() -> None:
    """An unknown key that is no misspelling of the missing one leaves both said."""
    assert failures({"player": "Ben", "colour": 6}, GOBLIN.event_types["stack"]) == [
        (("card",), "the key 'card' is required"),
        (("colour",), "unknown key 'colour': allowed here are card, note, player")]


@pytest.mark.parametrize(("value", "cls", "path", "meant"), [
    ({"card": {"Aki": 4}}, GOBLIN.event_types["reveal"], ("card",), "cards"),
    ({"winner": ["Aki"]}, Result, ("winner",), "winners"),
    ({"Chips": {"Aki": 4}}, Result, ("Chips",), "chips"),
    ({"ante_": 2}, GOBLIN.options_type, ("ante_",), "ante"),
    ({"player": "Aki", "kind": "pair", "rnk": "9"}, AUCTION.event_types["bid"], ("rnk",), "rank"),
])
def test_an_unknown_key_close_to_an_optional_key_left_out_is_told_it(
        value: Mapping[str, Any], cls: Any, path: tuple[str, ...], meant: str) -> None:
    """A singular for a plural, another case, a letter: told the key left out that
    it likely means, wherever the object is (an event, the result, the options)."""
    ((where, message),) = failures(value, cls)
    assert where == path and message.endswith(f"(did you mean {meant!r}?)"), message
