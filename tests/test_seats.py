"""Clockwise seat arithmetic."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardcore.seats import clockwise_distance, clockwise_from, left_of, right_of


@given(st.integers(2, 8).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))))
def test_left_and_right_are_inverse(case: tuple[int, int]) -> None:
    """Going left then right returns to the same seat."""
    seats, seat = case
    assert right_of(left_of(seat, seats), seats) == seat
    assert clockwise_distance(seat, left_of(seat, seats), seats) == 1
    assert clockwise_distance(seat, right_of(seat, seats), seats) == seats - 1


def test_clockwise_from_visits_every_seat_once_starting_at_the_origin() -> None:
    """Clockwise from X: X, left of X, ..."""
    assert list(clockwise_from(3, 5)) == [3, 4, 0, 1, 2]
    assert list(clockwise_from(3, 5, among=[1, 3])) == [3, 1]
    assert list(clockwise_from(0, 3, among=[])) == []
