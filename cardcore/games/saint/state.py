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
RIVER: Final = "the river"
POOL: Final = "the pool"


def shown(name: str) -> str:
    return f"{name}'s shown cards"


Phase = enum.Enum("Phase", "DEAL RIVER SHOW REFILL OVER")
"""What the game waits for. ``DEAL``: before the game (SP-1); ``RIVER``: the next round starts with a river
(SP-2.1, SP-2.2); ``SHOW``: every player shows two cards (SP-2.3); ``REFILL``: players
take cards from the pool (SP-2.6); ``OVER``: the game is over (nothing may come but a
check)."""


@attrs.frozen(kw_only=True, slots=False)
class SaintState:
    """Everything derived so far; ``slots=False`` for :func:`cardcore.evolve.evolve`."""

    options: SaintOptions
    players: tuple[str, ...]
    ages: tuple[int | None, ...]
    """Per seat, the player's age when the transcript gives it (SP-2.6)."""
    phase: Phase = Phase.DEAL
    round: int = 0
    """The round being played; 0 before the first river."""
    scores: tuple[int, ...] = per_seat(0)
    """Points per seat; whole numbers, since SP-2.5 rounds shares down."""
    account: CardAccount[Card] = attrs.field(factory=lambda: CardAccount.shuffled(STANDARD_DECK))
    hands: tuple[HandRank, ...] = ()
    """Per seat, this round's hand value once shown (SP-2.4); empty before the show."""
    order: tuple[int, ...] = ()
    """The refill order (SP-2.6) as far as it is fixed: seats, first pass."""
    picks: int = 0
    """Cards taken so far in this refill (each player takes 2)."""

    @property
    def future_size(self) -> int:
        """Cards in the future river: 3, 2, 1 or 0 for 2 to 5 players (SP-1.2)."""
        return RIVER_SIZE - len(self.players)

    @property
    def last_round(self) -> bool:
        return self.round == self.options.rounds

    @property
    def complete(self) -> bool:
        return self.phase is Phase.OVER
