"""The kernel's shared vocabulary (cardcore.protocol): here, who may sit at a table."""

from __future__ import annotations

import pytest

from cardcore.errors import SetupError
from cardcore.protocol import check_players


@pytest.mark.parametrize(("names", "how", "seat"), [
    (["Aki", "Ben", "Aki "], "with white space at an end", 2),
    (["\tBen", "Ben", "Chie"], "with white space at an end", 1),
    (["Jos\u00e9", "Jose\u0301"], "in another Unicode form", 1),
    (["Aki", "Ben", "Aki\u200b"], r"prints as nothing \(U\+200B\)", 2),
    (["A\u00adki", "Aki"], r"prints as nothing \(U\+00AD\)", 1),
    (["Ben", "\ufeffBen "], r"prints as nothing \(U\+FEFF\)", 1),
])
def test_two_names_that_print_alike_are_one_name_written_twice(names: list[str], how: str,
                                                                 seat: int) -> None:
    """A reader cannot tell "Aki" from "Aki " or the two Unicode forms of "José"
    apart, so which player an event names would not show: refused at the second
    name, saying how the two differ."""
    with pytest.raises(SetupError, match=how) as refused:
        check_players(names, 2, 8, "Goblin Poker")
    assert refused.value.path == ("players", seat)


@pytest.mark.parametrize("name", [" ", "\t", "\u200b", " \u2060\u00ad "])
def test_a_name_that_prints_as_nothing_is_refused(name: str) -> None:
    """White space and characters that print as nothing (a zero-width space, a
    word joiner, a soft hyphen) name no one a reader can see."""
    with pytest.raises(SetupError, match="it prints as nothing") as refused:
        check_players(["Aki", name], 2, 8, "Goblin Poker")
    assert refused.value.path == ("players", 1)


def test_names_a_reader_tells_apart_stay_players_of_their_own() -> None:
    """Case, inner white space, other letters (full-width ones too) and a direction
    mark (which every command prints escaped, so it shows) make different names; a
    name with white space at an end, alone at its table, is a name as the format
    allows."""
    names = ["Aki", "aki", "Aki Ben", "Aki  Ben", "José", "Ben ", "\uff21\uff4b\uff49", "\u202eikA"]
    assert check_players(names, 2, 8, "Goblin Poker") == tuple(names)
