"""Abbott's Auction for a program that plays it (:mod:`cardcore.play`): whose
step it is, the events a seat may take, the dealer's chance events, and the
loop's convention for asking the seats.

A seat may bid whatever its hand can form that beats the standing bid (or
equals it, with priority): every kind, kind-only and ranked, single cards with
a suit where a suit may be named (AU-2.1 to AU-2.9, AU-7.2, AU-7.4). It may
declare the end once the pile holds 8 cards (AU-4.3). It may win: the standing
bidder with the cards of the standing bid, anyone with the cards of any bid
while no bid is recorded, in every order they can be laid (AU-3.2); the
stock cards that make up a short pile are the dealer's (``from_stock``,
AU-3.1). Its shown cards are its whole hand or any five of it (AU-5.1), a set:
listed once, low first. Chance's are the deal (AU-1) and the flips (AU-3.3).

What a hand can bid is worked out in :mod:`~cardcore.play.legal.auction.bids`,
the ways it can win in :mod:`~cardcore.play.legal.auction.wins`, a seat's
listing and the rest in :mod:`~cardcore.play.legal.auction.offers`; this
package declares the game's play part (:data:`PLAY`).
"""

from __future__ import annotations

from cardcore.games.auction.events import Win
from cardcore.games.auction.state import AuctionState
from cardcore.play.legal.auction.bids import ALL_BIDS, bid_event
from cardcore.play.legal.auction.offers import (
    Bidding,
    action,
    actions,
    chance,
    complete,
    legal,
    whose,
)
from cardcore.play.legal.auction.wins import formations
from cardcore.play.seam import GamePlay

__all__ = ["ALL_BIDS", "PLAY", "Bidding", "bid_event", "formations"]

PLAY: GamePlay[AuctionState] = GamePlay(
    whose=whose, legal=legal, chance=chance, complete=complete, actions=actions, action=action,
    asking=Bidding, dealt={Win: {"from_stock": "draws the stock cards that make up a short pile"}},
    simulated={"declare": 0.1})
