"""The Auction state: immutable, per-seat data as tuples."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardcore.cards import Card
from cardcore.decks import DOUBLE_DECK, STANDARD_WITH_JOKERS, Deck
from cardcore.exact import Number
from cardcore.games.auction.bids import Bid
from cardcore.games.auction.options import AuctionOptions
from cardcore.protocol import per_seat
from cardcore.zones import STOCK, CardAccount, hand

__all__ = ["HAND_SIZE", "PILE", "STOCK", "AuctionState", "Phase", "deck_for", "hand", "shown"]

HAND_SIZE: Final = 10
"""Cards dealt to each player (AU-1.1)."""
PILE: Final = "the starter pile"
"""The zone of the starter pile (AU-1.2): :attr:`AuctionState.pile` holds its cards
in order."""
DECLARE_PILE: Final = 8
"""The starter pile must hold this many cards for a declaration (AU-4.3)."""



def shown(name: str) -> str:
    """The zone of the cards a player shows at the end of a hand (AU-5.1)."""
    return f"{name}'s shown cards"


def deck_for(players: int) -> Deck[Card]:
    """One deck with two jokers for 2-3 players, two such decks for 4 or more.

    >>> deck_for(3).size, deck_for(4).size
    (54, 108)
    """
    return STANDARD_WITH_JOKERS if players < 4 else DOUBLE_DECK


class Phase(enum.Enum):
    """What the game waits for. ``DEAL``: before a hand (the game's first, or the next one);
    ``AUCTION``: bids, the win, or a declaration (AU-2, AU-3, AU-4.3); ``FLIP``: the winner
    turns the top stock card onto the pile (AU-3.3); ``SHOW``: the hand is over: every
    player shows their cards (AU-5.1); ``OVER``: the game is over (nothing may come but a
    check)."""

    DEAL = 1
    AUCTION = 2
    FLIP = 3
    SHOW = 4
    OVER = 5


@attrs.frozen(kw_only=True, slots=False)
class AuctionState:
    """An Auction game between two events: the points, the hand and auction under
    way, the starter pile, the standing bid and who holds priority. Per-seat
    fields are tuples in seat order (the order of :attr:`players`); a seat is an
    index into them. ``slots=False`` for :func:`cardcore.evolve.evolve`."""

    options: AuctionOptions
    """The game's options (``target``, ``declare_bonus``, ``wheel``, ``split``)."""
    players: tuple[str, ...]
    """The players, clockwise in seat order."""
    scores: tuple[Number, ...] = per_seat(0)
    """Points per seat, from the hands scored so far (AU-5); a fraction where
    ``split`` is ``exact`` and a tie shares a pile."""
    phase: Phase = Phase.DEAL
    """What the game waits for (:data:`Phase`)."""
    hand: int = 0
    """Hands started so far (the current one, while one is played)."""
    auction: int = 0
    """The auction being played in this hand, from 1."""
    account: CardAccount[Card]
    """Where every card is (each hand, the stock, the pile...), known or not: the
    card account the kernel checks every move against (C-1)."""
    pile: tuple[Card, ...] = ()
    """The starter pile, bottom first: the last card is the top (AU-3.2)."""
    standing: Bid | None = None
    """The standing bid of this auction, the one a new bid must beat (AU-2.1; None:
    no bid yet in this auction)."""
    bidder: int = -1
    """The seat that made :attr:`standing` (-1 while there is none): the winner
    if the auction ends now."""
    first: tuple[tuple[tuple[int, ...], int], ...] = ()
    """Per priority class (:attr:`Bid.priority`), the first seat that bid it in
    this auction (AU-2.9)."""
    last: bool = False
    """This auction is the hand's last: the stock is empty and no card is turned
    after it (AU-4.2)."""
    declarer: int | None = None
    """Who declared the end of this hand (AU-4.3)."""
    ended_by: str = ""
    """Why the hand (or, when over, the game) ended, in words (no rule ID: these
    words end up in messages that cite their own rule, AU-7.5)."""

    def priority(self, bid: Bid) -> int | None:
        """The seat holding priority for ``bid`` in this auction (AU-2.9)."""
        wanted = bid.priority
        for key, seat in self.first:
            if key == wanted:
                return seat
        return None

    @property
    def stock(self) -> int:
        """Cards left in the stock."""
        return self.account.size(STOCK)

    @property
    def complete(self) -> bool:
        """AU-6.1: the game is over once a hand ends with someone at the target."""
        return self.phase is Phase.OVER
