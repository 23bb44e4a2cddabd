"""The kernel's shared vocabulary (cardcore.protocol): here, who may sit at a table."""

from __future__ import annotations

import pytest

from cardcore.errors import SetupError
from cardcore.protocol import check_players


@pytest.mark.parametrize(("names", "how", "seat"), [
    (["Aki", "Ben", "Aki "], "with white space at an end", 2),
    (["\tBen", "Ben", "Chie"], "with white space at an end", 1),
    (["Jos\u00e9", "Jose\u0301"], "in another Unicode form", 1),
])
def test_two_names_that_print_alike_are_one_name_written_twice(names: list[str], how: str,
                                                                 seat: int) -> None:
    """A reader cannot tell "Aki" from "Aki " or the two Unicode forms of "José"
    apart, so which player an event names would not show: refused at the second
    name, saying how the two differ."""
    with pytest.raises(SetupError, match=how) as refused:
        check_players(names, 2, 8, "Goblin Poker")
    assert refused.value.path == ("players", seat)


def test_names_a_reader_tells_apart_stay_players_of_their_own() -> None:
    """Case, inner white space and other letters are different names; a name with
    white space at an end, alone at its table, is a name as the format allows."""
    names = ["Aki", "aki", "Aki Ben", "Aki  Ben", "José", "Ben "]
    assert check_players(names, 2, 8, "Goblin Poker") == tuple(names)
