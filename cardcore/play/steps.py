"""Who takes the next step of a game: chance, some seats (alone or together),
or nobody (:class:`Whose`), and which seats a table has (:func:`check_seat`).

A module of its own because both sides of the loop read it: a game's play
module says it (:class:`~cardcore.play.seam.GamePlay`'s ``whose``) and the
asking conventions of :mod:`cardcore.play.policies` are handed it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from cardcore.play.errors import SeatError
from cardcore.quoting import names, python_quoted

__all__ = ["CHANCE", "OVER", "SeatError", "Whose", "check_seat", "seats"]


@attrs.frozen
class Whose:
    """Who takes the next step.

    ``chance``: the dealer writes the next event (a deal, a card from the
    stock, a table choice the rules leave to chance). Otherwise ``seats`` are
    the seats that may act now; with ``together`` each of them adds its part to
    one event that all reveal at once (a reveal, a pitch, a river, a show), and
    the parts are merged. Neither: the game is over (for a program: Goblin
    Poker's open-ended session stops at its planned or default number of games).
    """

    chance: bool = False
    seats: tuple[int, ...] = ()
    together: bool = False

    @property
    def over(self) -> bool:
        """Nothing more is played."""
        return not self.chance and not self.seats


@functools.lru_cache(maxsize=1024)
def seats(seats: tuple[int, ...], together: bool = False) -> Whose:
    """The :class:`Whose` of these seats (built once: asked before every step)."""
    return Whose(seats=seats, together=together)


CHANCE: Final = Whose(chance=True)
"""The next step is chance's (the dealer's)."""
OVER: Final = Whose()
"""Nothing more is played."""


def check_seat(seat: object, players: Sequence[str]) -> None:
    """:class:`SeatError` unless ``seat`` is a seat of a table of ``players``: a
    whole number from 0 to ``len(players) - 1`` (the public functions that take
    a seat call this; the loop's own calls pass seats it read off the game).
    Python would read -1 as the last seat and True as seat 1, and a number past
    the end or a name would fail inside a game's code.

    >>> check_seat(-1, ("Aki", "Ben"))
    Traceback (most recent call last):
    ...
    cardcore.play.errors.SeatError: -1 is not a seat of this table: its seats are 0 to 1 (0 Aki, 1 Ben)
    """
    if type(seat) is int and 0 <= seat < len(players):
        return
    table = ", ".join(f"{number} {names([name])}" for number, name in enumerate(players))
    hint = ""
    if isinstance(seat, str) and seat in players:
        hint = f"; {names([seat])} sits at seat {players.index(seat)}"
    raise SeatError(f"{python_quoted(seat)} is not a seat of this table: its seats are 0 to "
                    f"{len(players) - 1} ({table}){hint}")
