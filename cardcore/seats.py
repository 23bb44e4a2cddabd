"""Clockwise seat arithmetic.

Seats are indices into the ``players`` tuple, which lists the players clockwise.
"Left" is the next seat clockwise; "right" the previous one (RULES.md, common
terms).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator

__all__ = ["clockwise_distance", "clockwise_from", "left_of", "live_seats", "right_of", "without"]


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
    origin %= seats
    order = [*range(origin, seats), *range(origin)]
    if among is not None:
        wanted = among if isinstance(among, (set, frozenset)) else set(among)
        order = [seat for seat in order if seat in wanted]
    return iter(order)


@functools.cache
def live_seats(flags: tuple[bool, ...]) -> tuple[int, ...]:
    """The seats whose flag is set, in seat order (who is still in a game or
    round). Remembered per flags tuple: a table of at most eight seats has at
    most 256 of them, and the rules ask on nearly every event.

    >>> live_seats((True, False, True))
    (0, 2)
    """
    return tuple([seat for seat, live in enumerate(flags) if live])


def without(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    """``flags`` with ``seat``'s cleared (a player leaves the game or round).

    >>> without((True, True, True), 1)
    (True, False, True)
    """
    return (*flags[:seat], False, *flags[seat + 1:])
