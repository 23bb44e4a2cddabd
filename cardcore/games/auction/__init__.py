"""Abbott's Auction (``auction``): RULES.md AU-1 to AU-7."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.auction import expect, rules, scoring
from cardcore.games.auction.bids import Bid
from cardcore.games.auction.events import BidEvent, Deal, Declare, Flip, Show, Win
from cardcore.games.auction.options import AuctionOptions
from cardcore.games.auction.state import AuctionState, Phase

__all__ = ["RULES", "AuctionOptions", "AuctionState", "Bid", "BidEvent", "Deal", "Declare",
           "Flip", "Phase", "Show", "Win"]

RULES: GameRules[AuctionState] = GameRules.assemble(
    name="auction", title="Abbott's Auction", players=(2, 8), options=AuctionOptions,
    events=(Deal, BidEvent, Win, Flip, Declare, Show), parts=(expect, rules, scoring),
    verbs={"deal": "be dealt cards", "win": "win the auction", "declare": "declare the end",
           "show": "show cards"})
