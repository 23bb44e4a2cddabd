"""What a seat of Abbott's Auction may do now, for a program that plays it
(:mod:`cardcore.play.legal.auction`): whose step it is, a seat's listing (its
bids, wins and declaration, its shown cards), the dealer's chance events, the
action catalogue's keys, and the loop's convention for asking the seats."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Mapping
from itertools import combinations
from typing import Any, Final

from cardcore.cards import CARD_ORDER, JOKER_RANK, Card
from cardcore.eventfields import unchecked
from cardcore.frozen import FrozenMap
from cardcore.games.auction.bids import Bid, kind_name
from cardcore.games.auction.events import BidEvent, Deal, Declare, Flip, Show, Win
from cardcore.games.auction.forms import made_bid
from cardcore.games.auction.rules import drawn_from_stock
from cardcore.games.auction.state import (
    DECLARE_PILE,
    HAND_SIZE,
    AuctionState,
    Phase,
    deck_for,
    hand,
)
from cardcore.play.legal.auction.bids import ALL_BIDS, _bids, bid_event
from cardcore.play.legal.auction.wins import _laid
from cardcore.play.listing import Listing, Segment, given, listed, nth_combination
from cardcore.play.policies import PASS, Offer
from cardcore.play.seam import TrueDeck
from cardcore.play.steps import CHANCE, OVER, Whose
from cardcore.poker import Category
from cardcore.protocol import Event

__all__ = ["Bidding"]


_deal, _declare = unchecked(Deal), unchecked(Declare)
_flip, _show, _win = unchecked(Flip), unchecked(Show), unchecked(Win)
"""The events this module makes, made without the field checks (its values are
read off a state, right and frozen: cardcore.eventfields.unchecked)."""


_HANDS: dict[int, tuple[Mapping[Card, int], tuple[Card, ...]]] = {}
"""Hands sorted lately, by the identity of the zone's table of known cards (a
state shares the tables of the zones an event did not touch, so a hand asked
for again and again is sorted once); the table is kept to check the identity."""


_ZONES: dict[str, str] = {}
"""The zone of each player's hand, by name (named once, not once a step)."""


def _hand(state: AuctionState, name: str) -> tuple[Card, ...]:
    """The player's hand, low first."""
    zone = _ZONES.get(name)
    if zone is None:
        if len(_ZONES) >= 64:
            _ZONES.clear()
        zone = _ZONES[name] = hand(name)
    known = state.account.zone(zone).known
    kept = _HANDS.get(id(known))
    if kept is not None and kept[0] is known:
        return kept[1]
    cards = tuple(sorted(known, key=CARD_ORDER))  # one copy of each card: nearly every hand
    if len(cards) != sum(known.values()):  # copies of a card (two decks): each one
        cards = tuple(sorted((card for card, count in known.items() for _ in range(count)),
                             key=CARD_ORDER))
    if len(_HANDS) >= 64:
        _HANDS.clear()
    _HANDS[id(known)] = (known, cards)
    return cards


def _shows(name: str, cards: tuple[Card, ...]) -> Segment:
    """Every way to show: the whole hand, then each five of it (AU-5.1), in the
    order of :func:`itertools.combinations`, each set once. A hand without
    identical cards (nearly every hand) has ``comb(n, 5)`` different fives, and
    the i-th is worked out when read; a hand with copies lists its sets."""
    def show(shown: tuple[Card, ...]) -> Show:
        return _show(cards=FrozenMap({name: shown}))

    if len(cards) <= 5:
        return "show", 1, lambda _: show(cards)
    if len(set(cards)) == len(cards):
        return "show", 1 + math.comb(len(cards), 5), lambda index: show(
            nth_combination(cards, 5, index - 1) if index else cards)
    return listed("show", [cards, *dict.fromkeys(combinations(cards, 5))], show)


def whose(state: AuctionState) -> Whose:
    phase = state.phase
    if phase is Phase.AUCTION:
        return _everyone(len(state.players))
    if phase is Phase.SHOW:
        return _together(len(state.players))
    return OVER if phase is Phase.OVER else CHANCE


@functools.cache
def _everyone(count: int) -> Whose:
    return Whose(seats=tuple(range(count)))


@functools.cache
def _together(count: int) -> Whose:
    return Whose(seats=tuple(range(count)), together=True)


def legal(state: AuctionState, seat: int) -> Listing:
    if state.phase is Phase.AUCTION:
        return _bidding(state, seat, False, None)
    if state.phase is Phase.SHOW:
        name = state.players[seat]
        return Listing([_shows(name, _hand(state, name))])
    return Listing(())


def _bidding(state: AuctionState, seat: int, wins_only: bool, last: Segment | None
             ) -> Listing:
    """The seat's events in an auction (only its wins, where ``wins_only``), with
    ``last`` at the end (the loop's pass). The bids and the wins are worked out
    only if a policy looks at them (a random player picks a kind first, and most
    of the time not these); they read no state (cardcore.play.seam.GamePlay):
    the values they need are taken now."""
    name = state.players[seat]
    cards = _hand(state, name)
    standing, wheel = state.standing, state.options.wheel
    segments: list[Any] = []
    if not wins_only:
        holder = None if standing is None else state.priority(standing)

        def bids() -> tuple[int, Callable[[int], Event]]:
            numbers = _bids(standing, holder, wheel, seat, cards)
            return len(numbers), lambda index: bid_event(name, ALL_BIDS[numbers[index]])

        segments.append(["bid", None, bids])
    if standing is None or state.bidder == seat:

        def wins() -> tuple[int, Callable[[int], Win]]:  # every way to win (AU-3.2)
            count, way = _laid(cards, standing, wheel)
            return count, lambda index: _win(player=name, cards=way(index))

        segments.append(["win", None, wins])
    if not wins_only and len(state.pile) >= DECLARE_PILE:
        segments.append(("declare", 1, lambda _: _declare(player=name)))
    if last is not None:
        segments.append(last)
    return Listing.kept(segments)


def chance(state: AuctionState, dealer: TrueDeck) -> Event:
    if state.phase is Phase.DEAL:
        hands = dealer.deal(deck_for(len(state.players)), state.players, HAND_SIZE)
        return _deal(hands=hands, starter=dealer.top(1)[0])
    return _flip(card=dealer.draw(state, 1)[0])


def complete(state: AuctionState, event: Event, dealer: TrueDeck) -> Event:
    """The stock cards that make up a short pile (AU-3.1), unseen by the others."""
    if isinstance(event, Win) and event.from_stock is None and state.phase is Phase.AUCTION:
        drawn = drawn_from_stock(state, len(event.cards))
        if drawn and not state.last:
            return _win(player=event.player, cards=event.cards,
                        from_stock=dealer.draw(state, drawn), note=event.note)
    return event




def _bid_key(bid: Bid) -> tuple[Any, ...]:
    return (kind_name(bid.kind), *bid.ranks, bid.suit or "")


def actions(players: int) -> tuple[Hashable, ...]:
    """Every bid, declare, a win by each bid its cards make (the order they are
    laid in is not an action of its own: :meth:`Catalogue.event` gives the first),
    and showing the whole hand, or five cards by the best hand they make."""
    bids = [("bid", *_bid_key(bid)) for bid in ALL_BIDS]
    wins = [("win", *_bid_key(bid)) for bid in ALL_BIDS
            if bid.ranks and (bid.kind is not Category.HIGH_CARD or bid.suit
                              or bid.ranks[0] == JOKER_RANK)]
    return (*bids, ("declare",), *wins, ("show",))


_WIN_KEYS: dict[tuple[frozenset[Card], bool], Hashable] = {}
"""The action keys of wins lately asked for, by the set of cards laid and the
wheel: a seat's wins are every order of each set it can lay (thousands), a mask
asks for each, and the key depends on the set alone (ranking it again for
every order was most of an Auction mask)."""


def action(state: AuctionState, event: Event) -> Hashable:
    if isinstance(event, BidEvent):
        from cardcore.games.auction.bids import named_bid

        bid = named_bid(event.kind, event.rank, event.ranks, event.suit, state.standing,
                        state.options.wheel)
        return ("bid", *_bid_key(bid))
    if isinstance(event, Win):
        laid = [card for card in event.cards if card is not None]
        wheel = state.options.wheel
        cards = frozenset(laid)
        if len(cards) != len(laid):  # identical cards (no legal win lays them): not kept
            return ("win", *_bid_key(made_bid(laid, wheel)))
        key = _WIN_KEYS.get((cards, wheel))
        if key is None:
            if len(_WIN_KEYS) >= 4096:
                _WIN_KEYS.clear()
            # made from the set in card order, so that the key is the set's whatever the
            # order asked first (cards that make no bid, no legal win's, have no other)
            key = _WIN_KEYS[cards, wheel] = ("win", *_bid_key(
                made_bid(sorted(laid, key=CARD_ORDER), wheel)))
        return key
    return (event.TYPE,)


# -- the loop's convention --------------------------------------------------------------


_PASS: Final = given("pass", (PASS,))


class Bidding:
    """How :func:`cardcore.play.play` asks the seats in an auction (a convention
    for programs: the rules have no turn order, and a recorded game keeps none).

    The seats are asked in turn from the dealer's left (the dealer of hand ``h``
    is seat ``h - 1``, counted round the table); a seat that does not bid
    passes (:data:`~cardcore.play.PASS`). When all the others have passed since
    the standing bid, its bidder wins: it is asked for the cards to lay, and
    offered only its wins. When every seat has passed and no bid stands, the
    next seat asked may not pass: it bids, wins without a bid or declares.
    A seat asked may always declare, once the pile allows it.
    """

    def __init__(self) -> None:
        self._auction: tuple[int, int] = (0, 0)
        self._next = 0
        self._passes = 0

    def ask(self, state: AuctionState, whose: Whose,
            legal: Callable[[int], Listing]) -> tuple[int, Listing]:
        """The seat asked now and its offers (see the class). They are made here,
        with the pass (or only the wins) in them from the start, not through
        ``legal`` and a second listing: the loop asks at every step."""
        count = len(state.players)
        auction = (state.hand, state.auction)
        if auction != self._auction:
            self._auction, self._next, self._passes = auction, state.hand % count, 0
        if state.standing is not None and self._passes >= count - 1:
            return state.bidder, _bidding(state, state.bidder, True, None)
        seat = self._next
        passing = state.standing is not None or self._passes < count
        return seat, _bidding(state, seat, False, _PASS if passing else None)

    def answered(self, state: AuctionState, seat: int, offer: Offer) -> None:
        """A bid or a pass moves the asking on to the next seat; a bid starts the
        count of passes again."""
        if isinstance(offer, BidEvent) or offer is PASS:
            self._passes = 0 if isinstance(offer, BidEvent) else self._passes + 1
            self._next = (seat + 1) % len(state.players)
