"""What may come next in Auction: the step (for the kernel's checks, the
simulator and completeness) and its words (for messages)."""

from __future__ import annotations

import functools
from typing import Final

from cardcore.games.auction.state import DECLARE_PILE, AuctionState, Phase
from cardcore.protocol import Turn

__all__ = ["ended", "turn", "where", "words"]

KINDS: Final[dict[Phase, frozenset[str]]] = {
    Phase.OVER: frozenset(),
    Phase.DEAL: frozenset({"deal"}),
    Phase.AUCTION: frozenset({"bid", "win", "declare"}),
    Phase.FLIP: frozenset({"flip"}),
    Phase.SHOW: frozenset({"show"}),
}
"""The event kinds each phase allows. A declaration belongs to every auction,
so that one made while the pile is short cites AU-4.3, not C-4."""
RULE: Final = {Phase.DEAL: "AU-1.1", Phase.AUCTION: "AU-2.1", Phase.FLIP: "AU-3.3",
               Phase.SHOW: "AU-5.1"}


_FLIP: Final = Turn(KINDS[Phase.FLIP], rule=RULE[Phase.FLIP])
_OVER: Final = Turn(KINDS[Phase.OVER])


@functools.cache
def _everyone(count: int) -> tuple[Turn, Turn, Turn]:
    """The deal's, an auction's and the show's turns at a table of ``count``:
    every seat takes part. Built once per table size, since the kernel asks for
    the turn before every event (and a Phase key costs a Python-level hash)."""
    seats = tuple(range(count))
    return (Turn(KINDS[Phase.DEAL], seats, rule=RULE[Phase.DEAL]),
            Turn(KINDS[Phase.AUCTION], seats, rule=RULE[Phase.AUCTION]),
            Turn(KINDS[Phase.SHOW], seats, rule=RULE[Phase.SHOW]))


def turn(state: AuctionState) -> Turn:
    """Anyone may bid at any time (AU-2.1) and everyone is dealt and shows; only
    the win is the standing bidder's, which the win itself checks (C-5)."""
    phase = state.phase
    if phase is Phase.FLIP:
        return _FLIP
    if phase is Phase.OVER:
        return _OVER
    deal, auction, show = _everyone(len(state.players))
    if phase is Phase.AUCTION:
        return auction
    return deal if phase is Phase.DEAL else show


def _auction(state: AuctionState) -> str:
    players = state.players
    if state.standing is None:
        what = "any player bids, or wins the auction without a recorded bid"
    else:
        bidder = players[state.bidder]
        what = (f"any player bids over {bidder}'s {state.standing}, or {bidder} wins "
                "the auction")
    if len(state.pile) >= DECLARE_PILE:
        what += ", or a player declares the end"
    if state.last:
        what += "; this is the hand's last auction"
    return f"{where(state)}: {what}"


def ended(state: AuctionState) -> str:
    """Why the game is over, in words: a message that says it cites only its own
    rule (AU-7.5), so the words name none."""
    return state.ended_by


def words(state: AuctionState) -> str:
    phase = state.phase
    if phase is Phase.DEAL:
        return "the first hand starts with a deal" if state.hand == 0 else (
            f"hand {state.hand} is scored: the next hand starts with a deal")
    if phase is Phase.AUCTION:
        return _auction(state)
    if phase is Phase.FLIP:
        return f"{where(state)}: the top stock card is turned onto the pile"
    return f"hand {state.hand} is over ({state.ended_by}): every player shows their cards"


def where(state: AuctionState) -> str:
    """Where the game stands, for grouping a replay ("hand 2, auction 3")."""
    phase = state.phase
    if phase is Phase.DEAL:
        return f"hand {state.hand + 1}, the deal"
    if phase is Phase.SHOW:
        return f"hand {state.hand}, the show"
    return f"hand {state.hand}, auction {state.auction}"
