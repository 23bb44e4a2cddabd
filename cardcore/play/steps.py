"""Who takes the next step of a game: chance, some seats (alone or together),
or nobody (:class:`Whose`).

A module of its own because both sides of the loop read it: a game's play
module says it (:class:`~cardcore.play.seam.GamePlay`'s ``whose``) and the
asking conventions of :mod:`cardcore.play.policies` are handed it.
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

__all__ = ["CHANCE", "OVER", "Whose", "seats"]


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
