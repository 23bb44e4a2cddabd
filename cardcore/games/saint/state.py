"""The Saint Poker state: immutable, per-seat data as tuples."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardcore.cards import Card
from cardcore.decks import STANDARD_DECK
from cardcore.games.saint.options import SaintOptions
from cardcore.poker import HandRank
from cardcore.protocol import per_seat
from cardcore.zones import DISCARD, STOCK, CardAccount, hand

__all__ = ["DISCARD", "FUTURE", "HAND_SIZE", "POOL", "RIVER", "RIVER_SIZE", "STOCK", "Phase",
           "SaintState", "hand", "shown"]

HAND_SIZE: Final = 10
"""Cards dealt to each player (SP-1.1)."""
RIVER_SIZE: Final = 5
"""The current river once every player added a card (SP-2.2): the future river
has 5 - players cards (3, 2, 1, 0 for 2, 3, 4, 5 players; SP-1.2)."""

FUTURE: Final = "the future river"
"""The zone of the future river, face up (SP-1.2, SP-2.1)."""
RIVER: Final = "the river"
"""The zone of the current river (SP-2.1, SP-2.2)."""
POOL: Final = "the pool"
"""The zone the refill takes from: the river and every shown card (SP-2.6)."""


def shown(name: str) -> str:
    """The zone of the two cards a player shows in a round (SP-2.3)."""
    return f"{name}'s shown cards"


class Phase(enum.Enum):
    """What the game waits for. ``DEAL``: before the game (SP-1); ``RIVER``: the next round starts with a river
    (SP-2.1, SP-2.2); ``SHOW``: every player shows two cards (SP-2.3); ``REFILL``: players
    take cards from the pool (SP-2.6); ``OVER``: the game is over (nothing may come but a
    check)."""

    DEAL = 1
    RIVER = 2
    SHOW = 3
    REFILL = 4
    OVER = 5


@attrs.frozen(kw_only=True, slots=False)
class SaintState:
    """A Saint Poker game between two events: the round, the points, the cards and,
    after a show, the hands shown and the refill under way. Per-seat fields are
    tuples in seat order (the order of :attr:`players`); a seat is an index into
    them. ``slots=False`` for :func:`cardcore.evolve.evolve`."""

    options: SaintOptions
    """The game's options (``rounds``, ``wheel``)."""
    players: tuple[str, ...]
    """The players, clockwise in seat order."""
    ages: tuple[int | None, ...]
    """Per seat, the player's age when the transcript gives it (SP-2.6)."""
    phase: Phase = Phase.DEAL
    """What the game waits for (:data:`Phase`)."""
    round: int = 0
    """The round being played; 0 before the first river."""
    scores: tuple[int, ...] = per_seat(0)
    """Points per seat; whole numbers, since SP-2.5 rounds shares down."""
    account: CardAccount[Card] = attrs.field(factory=lambda: CardAccount.shuffled(STANDARD_DECK))
    """Where every card is (each hand, the stock, the rivers, the pool...), known or
    not: the card account the kernel checks every move against (C-1)."""
    hands: tuple[HandRank, ...] = ()
    """Per seat, this round's hand value once shown (SP-2.4); empty before the show."""
    order: tuple[int, ...] = ()
    """The refill order (SP-2.6) as far as it is fixed: seats, weakest hand first,
    for the first pass (the second pass repeats it). Shorter than the table
    while a table choice among equal hands is open; empty outside a refill."""
    picks: int = 0
    """Cards taken from the pool so far in this refill, by every player together
    (each takes 2, so the refill is over at twice the number of players)."""

    @property
    def future_size(self) -> int:
        """Cards in the future river: 3, 2, 1 or 0 for 2 to 5 players (SP-1.2)."""
        return RIVER_SIZE - len(self.players)

    @property
    def last_round(self) -> bool:
        """The round being played is the last one (SP-2.7: no refill after it)."""
        return self.round == self.options.rounds

    @property
    def complete(self) -> bool:
        """SP-3.1: the last round is scored."""
        return self.phase is Phase.OVER
