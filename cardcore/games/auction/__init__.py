"""Abbott's Auction (``auction``): RULES.md AU-1 to AU-7."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.auction import rules, scoring, turns
from cardcore.games.auction.bids import Bid
from cardcore.games.auction.events import BidEvent, Deal, Declare, Flip, Show, Win
from cardcore.games.auction.options import AuctionOptions
from cardcore.games.auction.state import AuctionState, Phase
from cardcore.protocol import Handler

__all__ = ["RULES", "AuctionOptions", "AuctionState", "Bid", "BidEvent", "Deal", "Declare",
           "Flip", "Phase", "Show", "Win"]

RULES: GameRules[AuctionState] = GameRules(
    name="auction", title="Abbott's Auction", min_players=2, max_players=8,
    options_type=AuctionOptions,
    handlers={
        Deal: Handler(rules.deal, rules.deal_cards),
        BidEvent: Handler(rules.bid),
        Win: Handler(rules.win, rules.win_cards),
        Flip: Handler(rules.flip, rules.flip_cards),
        Declare: Handler(rules.declare),
        Show: Handler(scoring.show, scoring.show_cards),
    },
    begin=rules.begin, turn=turns.turn, words=turns.words, where=turns.where,
    ended=turns.ended, outcome=scoring.outcome,
    verbs={Deal: "be dealt cards", Win: "win the auction", Declare: "declare the end",
           Show: "show cards"})
