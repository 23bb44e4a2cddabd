"""Who takes the next step of a game: chance, some seats (alone or together),
or nobody (:class:`Whose`), which seats a table has (:func:`check_seat`), and
the numbers a program gives the play API: a seed (:func:`check_seed`) and a
whole number as a program may give one (:func:`whole_number`).

A module of its own because both sides of the loop read it: a game's play
module says it (:class:`~cardcore.play.seam.GamePlay`'s ``whose``) and the
asking conventions of :mod:`cardcore.play.policies` are handed it.
"""

from __future__ import annotations

import functools
import operator
import sys
from collections.abc import Sequence
from typing import Final

import attrs

from cardcore.errors import SetupError
from cardcore.play.errors import SeatError
from cardcore.quoting import names, python_quoted, shown_number

__all__ = ["CHANCE", "OVER", "SeatError", "Whose", "check_seat", "check_seed", "seats",
           "whole_number"]


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


def check_seat(seat: object, players: Sequence[str]) -> int:
    """``seat`` as an ``int``, if it is a seat of a table of ``players``: a whole
    number from 0 to ``len(players) - 1``, as a program gives one
    (:func:`whole_number`: a NumPy integer too, as actions and seeds take it).
    :class:`SeatError` otherwise (the public functions that take a seat call
    this; the loop's own calls pass seats it read off the game). Python would
    read -1 as the last seat and True as seat 1, and a number past the end or a
    name would fail inside a game's code.

    >>> check_seat(1, ("Aki", "Ben"))
    1
    >>> check_seat(-1, ("Aki", "Ben"))
    Traceback (most recent call last):
    ...
    cardcore.play.errors.SeatError: -1 is not a seat of this table: its seats are 0 to 1 (0 Aki, 1 Ben)
    """
    if type(seat) is int and 0 <= seat < len(players):
        return seat
    number = whole_number(seat)
    if number is not None and 0 <= number < len(players):
        return number
    table = ", ".join(f"{number} {names([name])}" for number, name in enumerate(players))
    hint = ""
    if isinstance(seat, str) and seat in players:
        hint = f"; {names([seat])} sits at seat {players.index(seat)}"
    raise SeatError(f"{python_quoted(seat)} is not a seat of this table: its seats are 0 to "
                    f"{len(players) - 1} ({table}){hint}")


def whole_number(value: object) -> int | None:
    """``value`` as an ``int``, if it is a whole number as a program may give one:
    an int, or what stands for one (what :func:`operator.index` takes: a NumPy
    integer, as ``np.argmax`` returns); None for anything else. A bool is none,
    Python's or NumPy's (``True`` is no number a program means), and a float is
    none either, never rounded (15.9 is not 15).

    >>> whole_number(7), whole_number(True), whole_number(7.0), whole_number("7")
    (7, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    numpy = sys.modules.get("numpy")  # a NumPy bool only once something imported NumPy
    if numpy is not None and isinstance(value, numpy.bool_):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def check_seed(seed: object, takes: str = "", path: tuple[str, ...] = ("seed",)) -> int:
    """``seed`` as an ``int``, if it is a seed: a whole number of 0 or more
    (:func:`whole_number`). SetupError otherwise (at ``path``), saying what a
    seed is, and ``takes``: what else the caller takes (", or a random.Random").
    The one check of a seed: the dealer's, a random player's, ``simulate``'s,
    PettingZoo's ``reset`` and the command line's ``--seed``.

    A negative seed is refused, not read as Python's ``random`` reads it: it
    seeds by a number's size, so -5 would deal the very game of 5, and a study
    of seeds -3 to 2 would play games -1 and 1 (and -2 and 2) alike.

    >>> check_seed(5)
    5
    >>> check_seed(-5)
    Traceback (most recent call last):
    ...
    cardcore.errors.SetupError: a seed is a whole number of 0 or more, not -5: it would give the same random numbers as 5, and so play the same game (Python's random seeds by a number's size, not its sign)
    """
    number = whole_number(seed)
    if number is not None and number >= 0:
        return number
    why = ""
    if number is not None:
        why = (f": it would give the same random numbers as {shown_number(-number)}, and so "
               "play the same game (Python's random seeds by a number's size, not its sign)")
    raise SetupError(f"a seed is a whole number of 0 or more{takes}, not "
                     f"{python_quoted(seed)}{why}", path)
