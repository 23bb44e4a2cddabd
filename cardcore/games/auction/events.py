"""Auction events (TRANSCRIPT.md, "Auction").

Only decisions and cards that became visible are events; what the winner takes
from the pile, the end of a hand and the points are derived. A card the record
does not know is ``None`` (``"?"`` in a transcript): only the secret hands of
``deal`` and the unseen stock cards of a ``win`` may hold one.

A bid keeps its fields as the transcript writes them (``kind``, ``rank`` or
``ranks`` in card notation, ``suit``): naming a bid is itself governed by rules
(AU-2.7, AU-7.2, AU-7.4), so :func:`cardcore.games.auction.bids.named_bid`
reads them and cites the rule a mistake breaks. Only their spelling is made
one (:data:`~cardcore.cards.RankText`, :data:`~cardcore.cards.SuitText`): a rank
or suit is kept in its canonical form ("T" and "t" as "10", "q" as "Q", "♠" as
"S"), as a card is, so that a bid written two ways is one event; what is no rank
or suit is kept as written, for the rules to refuse.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar

import attrs

from cardcore.cards import Card, RankText, SuitText
from cardcore.games.auction.bids import spelled_bid
from cardcore.protocol import Act, Dealing, Event

__all__ = ["BidEvent", "Deal", "Declare", "Flip", "Show", "Win"]


@attrs.frozen(kw_only=True)
class Deal(Dealing):
    """A new hand: 10 cards to each player, and the top stock card turned up to
    start the starter pile (AU-1). Players left out of ``hands`` have unknown hands."""

    hands: Mapping[str, Sequence[Card | None]] | None = None
    starter: Card | None


@attrs.frozen(kw_only=True)
class BidEvent(Act):
    """A bid (AU-2): ``kind``, and ``rank`` or ``ranks`` in card notation, and for
    a single card of the standing bid's rank a ``suit`` (AU-2.7); a rank or suit
    is kept in its canonical form, whichever way it was written."""

    TYPE: ClassVar[str] = "bid"
    SPELLED: ClassVar[tuple[str, ...]] = ("kind", "rank", "ranks", "suit")
    kind: str
    rank: RankText | None = None
    ranks: Sequence[RankText] | None = None
    suit: SuitText | None = None

    def meant(self) -> Hashable:
        """The bid these fields name wherever it is bid
        (:func:`~cardcore.games.auction.bids.spelled_bid`): ``"rank": "K"`` and
        ``"ranks": ["K"]``, or a two pair's ranks in either order, are one bid. A
        naming the rules refuse names no bid: it is its fields as written, alike
        only to the same fields.

        >>> low_first = BidEvent(player="Aki", kind="two_pair", ranks=["5", "K"])
        >>> low_first.meant() == BidEvent(player="Aki", kind="two_pair", ranks=["K", "5"]).meant()
        True
        >>> BidEvent(player="Aki", kind="pair", rank="K", ranks=["K"]).meant()
        ('pair', 'K', ('K',), None)
        """
        bid = spelled_bid(self.kind, self.rank, self.ranks, self.suit)
        if bid is not None:
            return bid
        return self.kind, self.rank, None if self.ranks is None else tuple(self.ranks), self.suit


@attrs.frozen(kw_only=True)
class Win(Act):
    """The auction's winner and the cards bid, in the order laid on the pile, the
    last on top (AU-3.1, AU-3.2). ``from_stock`` names the stock cards that make
    up a short pile, when known."""

    TYPE: ClassVar[str] = "win"
    SECRET: ClassVar[tuple[str, ...]] = ("from_stock",)
    cards: Sequence[Card | None]
    from_stock: Sequence[Card | None] | None = None


@attrs.frozen(kw_only=True)
class Flip(Event):
    """The top stock card turned face up onto the starter pile (AU-3.3), after
    every win while the stock lasts. A joker turned here ends the hand (AU-4.1);
    the last stock card turned leaves one more auction, without a flip (AU-4.2)."""

    TYPE: ClassVar[str] = "flip"
    card: Card | None


@attrs.frozen(kw_only=True)
class Declare(Act):
    """A player declares the end of the hand (AU-4.3): whenever a bid could come,
    once the starter pile holds 8 or more cards. The hand ends at once and a
    standing bid is dropped; the declarer gains or loses the bonus (AU-5.4)."""

    TYPE: ClassVar[str] = "declare"


@attrs.frozen(kw_only=True)
class Show(Event):
    """The hand is over: every player shows the whole hand or five cards of it
    (AU-5.1), and the best hand of what they show scores the pile (AU-5.3)."""

    TYPE: ClassVar[str] = "show"
    NAMED: ClassVar[tuple[str, ...]] = ("cards",)
    cards: Mapping[str, Sequence[Card | None]]
