"""Clockwise seat arithmetic.

Seats are indices into the ``players`` tuple, which lists the players clockwise.
"Left" is the next seat clockwise; "right" the previous one (RULES.md, common
terms).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = ["clockwise_distance", "clockwise_from", "left_of", "right_of"]


def left_of(seat: int, seats: int) -> int:
    """The next seat clockwise.

    >>> left_of(2, 3)
    0
    """
    return (seat + 1) % seats


def right_of(seat: int, seats: int) -> int:
    """The previous seat clockwise (the right-hand neighbour).

    >>> right_of(0, 3)
    2
    """
    return (seat - 1) % seats


def clockwise_distance(origin: int, seat: int, seats: int) -> int:
    """How many steps clockwise from ``origin`` to ``seat`` (0 for the origin itself).

    >>> clockwise_distance(1, 0, 4)
    3
    """
    return (seat - origin) % seats


def clockwise_from(origin: int, seats: int, among: Iterable[int] | None = None) -> Iterator[int]:
    """Seats in clockwise order starting at ``origin``, optionally only those ``among``.

    >>> list(clockwise_from(2, 4))
    [2, 3, 0, 1]
    >>> list(clockwise_from(2, 4, among={0, 1, 3}))
    [3, 0, 1]
    """
    wanted = None if among is None else set(among)
    for step in range(seats):
        seat = (origin + step) % seats
        if wanted is None or seat in wanted:
            yield seat
