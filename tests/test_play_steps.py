"""Who takes the next step and which seats a table has (cardcore.play.steps)."""

from __future__ import annotations

from typing import Any

import pytest

from cardcore.errors import CardcoreError, SetupError
from cardcore.play.steps import SeatError, check_seat, check_seed, whole_number

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



@pytest.mark.parametrize(("value", "number"), [
    (7, 7), (0, 0), (-3, -3), (True, None), (False, None), (7.0, None), ("7", None),
    (None, None), (float("nan"), None)])
def test_a_whole_number_is_an_int_or_what_stands_for_one_never_a_bool(value: object,
                                                                     number: int | None
                                                                     ) -> None:
    """What a program may give as a whole number (an action, a seed): an int, never a
    bool, a float or a string."""
    assert whole_number(value) == number and type(whole_number(value)) in (int, type(None))


def test_a_numpy_integer_is_a_whole_number_and_a_numpy_bool_is_not() -> None:
    """``np.argmax`` returns a NumPy integer, which was no action and no seed: it is
    the whole number it stands for now (an int), and a NumPy bool is none, as
    Python's is not."""
    np = pytest.importorskip("numpy")
    assert whole_number(np.int64(14)) == 14 and type(whole_number(np.uint8(3))) is int
    assert whole_number(np.bool_(True)) is None and whole_number(np.float64(2.0)) is None


@pytest.mark.parametrize(("seed", "words"), [
    (-5, "not -5: it would give the same random numbers as 5, and so play the same game"),
    (1.5, "not 1.5$"), (True, "not True$"), ("7", "not '7'$")])
def test_a_seed_is_a_whole_number_of_0_or_more(seed: object, words: str) -> None:
    """A seed is refused unless a whole number of 0 or more: -5 would give the random
    numbers of 5 (Python's random seeds by a number's size), and a float, a bool or
    a string would be read as Python's random reads them. The message says what
    else the caller takes, and the error is located at the path given."""
    with pytest.raises(SetupError, match=rf"^a seed is a whole number of 0 or more, or X, "
                                         rf"{words}") as refused:
        check_seed(seed, ", or X", ("rng",))
    assert refused.value.path == ("rng",)
    assert check_seed(5) == 5 and check_seed(0) == 0


def test_a_numpy_integer_is_a_seat_as_it_is_an_action() -> None:
    """Actions and seeds took a NumPy integer (what ``np.argmax`` returns) while a
    seat did not: ``match.legal(np.int64(0))`` was "not a seat of this table".
    It is the seat it stands for, everywhere a seat is taken, and comes back an
    int; a NumPy bool is no seat, as a Python bool is none."""
    numpy = pytest.importorskip("numpy")
    from cardcore.play import Match, legal_events

    match: Match[Any] = Match("goblin-poker", ["Aki", "Ben"], seed=1)
    match.deal()
    assert check_seat(numpy.int64(1), ("Aki", "Ben")) == 1
    assert type(check_seat(numpy.int64(1), ("Aki", "Ben"))) is int
    assert list(match.legal(numpy.int64(0))) == list(match.legal(0))
    assert list(legal_events("goblin-poker", match.state, numpy.int32(1))) == list(match.legal(1))
    assert match.views[numpy.int64(1)] is match.views[1]
    with pytest.raises(SeatError, match=r"^(np\.)?True_? is not a seat"):
        check_seat(numpy.bool_(True), ("Aki", "Ben"))
    with pytest.raises(SeatError, match=r"^(np\.int64\()?2\)? is not a seat"):
        match.legal(numpy.int64(2))
