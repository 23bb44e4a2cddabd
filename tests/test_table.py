"""The words of the common problems: the likely choice a mistyped name means."""

from __future__ import annotations

import pytest

from cardcore.table import closest, likely


@pytest.mark.parametrize(("name", "choices", "meant"), [
    ("plyer", ("card", "note", "player"), "player"),
    ("card", ("cards", "note"), "cards"),
    ("Type", ("type",), "type"),
    ("Two Pair", ("pair", "two_pair"), "two_pair"),
    ("give-up", ("fold", "give_up"), "give_up"),
    ("note", ("card", "player"), None),
])
def test_the_closest_choice_is_one_case_a_separator_or_a_letter_away(
        name: str, choices: tuple[str, ...], meant: str | None) -> None:
    """Case, ``-`` or a space for ``_``, a letter more or less: the choice meant; a
    name close to none has none."""
    assert closest(name, choices) == meant


def test_another_name_of_a_choice_is_told_as_the_choice() -> None:
    """``also`` maps other names to a choice: a name close to one is told the choice."""
    also = {"three_of_a_kind": "three", "four_of_a_kind": "four"}
    assert closest("three-of-a-kind", ("three", "four"), also) == "three"
    assert closest("four_of_kind", ("three", "four"), also) == "four"
    assert likely("three of a kind", ("three",), also) == " (did you mean 'three'?)"
