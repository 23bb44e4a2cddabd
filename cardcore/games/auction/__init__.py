"""Abbott's Auction (``auction``): RULES.md AU-1 to AU-7."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.auction.bids import Bid
from cardcore.games.auction.events import BidEvent, Deal, Declare, Flip, Show, Win
from cardcore.games.auction.expect import describe, position, turn
from cardcore.games.auction.options import AuctionOptions
from cardcore.games.auction.rules import (
    begin,
    bid,
    deal,
    deal_cards,
    declare,
    flip,
    flip_cards,
    outcome,
    win,
    win_cards,
)
from cardcore.games.auction.scoring import show, show_cards
from cardcore.games.auction.simulate import SIMULATOR
from cardcore.games.auction.state import AuctionState, Phase
from cardcore.protocol import Handler

__all__ = [
    "RULES",
    "AuctionOptions",
    "AuctionState",
    "Bid",
    "BidEvent",
    "Deal",
    "Declare",
    "Flip",
    "Phase",
    "Show",
    "Win",
]

RULES: GameRules[AuctionState] = GameRules(
    name="auction",
    title="Auction",
    min_players=2,
    max_players=8,
    options_type=AuctionOptions,
    events=(Deal, BidEvent, Win, Flip, Declare, Show),
    begin=begin,
    turn=turn,
    describe=describe,
    handlers={
        "deal": Handler(deal, deal_cards),
        "bid": Handler(bid),
        "win": Handler(win, win_cards),
        "flip": Handler(flip, flip_cards),
        "declare": Handler(declare),
        "show": Handler(show, show_cards),
    },
    outcome=outcome,
    position=position,
    simulator=SIMULATOR,
    verbs={"deal": "be dealt cards", "bid": "bid", "win": "win the auction",
           "declare": "declare the end", "show": "show cards"},
)
