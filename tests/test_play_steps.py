"""Who takes the next step and which seats a table has (cardcore.play.steps)."""

from __future__ import annotations

import pytest

from cardcore.errors import CardcoreError
from cardcore.play.steps import SeatError, check_seat

PLAYERS = ("Aki", "Ben", "Cy")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_of_the_table_passes(seat: int) -> None:
    """The seats are the whole numbers 0 to players - 1."""
    check_seat(seat, PLAYERS)


@pytest.mark.parametrize(("seat", "given"), [
    (-1, "-1"), (3, "3"), (True, "True"), (1.0, "1.0"), (None, "None"), ("x" * 80, "'xxxx")])
def test_a_seat_that_is_none_of_the_tables_is_refused_in_words(seat: object, given: str
                                                               ) -> None:
    """The message quotes the value as the program wrote it (True, not JSON's true;
    a long one shortened) and lists the seats with their players; the error is a
    CardcoreError (a ValueError)."""
    with pytest.raises(SeatError) as refused:
        check_seat(seat, PLAYERS)
    assert str(refused.value).startswith(given)
    assert str(refused.value).endswith(
        "is not a seat of this table: its seats are 0 to 2 (0 Aki, 1 Ben, 2 Cy)")
    assert isinstance(refused.value, CardcoreError) and isinstance(refused.value, ValueError)


def test_a_players_name_given_as_a_seat_is_told_its_seat() -> None:
    """A name is no seat, but the message says where that player sits."""
    with pytest.raises(SeatError, match=r"\(0 Aki, 1 Ben, 2 Cy\); Ben sits at seat 1$"):
        check_seat("Ben", PLAYERS)
