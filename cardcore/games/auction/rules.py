"""Auction, a hand up to its end (RULES.md AU-1 to AU-4): the deal, the bids, the
win that settles an auction, the card turned after it, and the declaration.

Each event kind has a ``cards`` stage (its card moves, checked by the kernel's
card accounting) and a ``play`` stage (the game's own rules). The show that
scores a hand is in :mod:`cardcore.games.auction.scoring`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from cardcore.cards import Card, card_list
from cardcore.effects import Effect, effect
from cardcore.errors import RuleViolation
from cardcore.evolve import evolve
from cardcore.games.auction.bids import Bid, named_bid, set_off
from cardcore.games.auction.events import BidEvent, Deal, Declare, Flip, Win
from cardcore.games.auction.forms import formable, win_bid
from cardcore.games.auction.state import (
    DECLARE_PILE,
    HAND_SIZE,
    PILE,
    STOCK,
    AuctionState,
    Phase,
    deck_for,
    hand,
)
from cardcore.moves import Moves
from cardcore.poker import Category
from cardcore.protocol import Setup, Transition
from cardcore.standings import plural
from cardcore.table import names
from cardcore.zones import CardAccount

__all__ = ["Settled", "begin", "bid", "deal", "deal_cards", "declare", "drawn_from_stock",
           "flip", "flip_cards", "win", "win_cards"]



def begin(setup: Setup) -> AuctionState:
    """The state before the first deal: nobody has a point."""
    return AuctionState(options=setup.options, players=setup.players,
                        account=CardAccount.shuffled(deck_for(len(setup.players))))


# -- the deal ---------------------------------------------------------------------


def deal_cards(state: AuctionState, event: Deal, moves: Moves[Card]) -> None:
    """AU-1: a full shuffle, 10 cards to each player, the top stock card face up."""
    count = len(state.players)
    moves.shuffle(deck_for(count), STOCK)
    moves.deal_hands(event.hands, range(count), HAND_SIZE, "AU-1.1")
    moves.move(STOCK, PILE, event.starter, path=("starter",), face_up=True,
               verb="turned from")


def deal(state: AuctionState, event: Deal, found: None = None) -> Transition[AuctionState]:
    players = state.players
    number = state.hand + 1
    starter = event.starter
    assert starter is not None, "the cards stage refuses an unnamed face-up card"
    effects = (
        effect("deal", "AU-1.1", _deal_text, (number, players), players),
        effect("starter", "AU-1.2", _starter_text, (starter,)),
    )
    new = evolve(state, phase=Phase.AUCTION, hand=number, auction=1, pile=(starter,),
                 standing=None, bidder=-1, first=(), last=False, declarer=None, ended_by="")
    return new, effects


# -- bids -------------------------------------------------------------------------


def bid(state: AuctionState, event: BidEvent, found: None = None) -> Transition[AuctionState]:
    """AU-2.1, AU-2.8, AU-2.9: a bid beats the standing bid, or equals it from the
    player with priority."""
    players = state.players
    name = event.player
    seat = players.index(name)
    standing = state.standing
    offered = named_bid(event.kind, event.rank, event.ranks, event.suit, standing,
                        state.options.wheel)
    first = state.first
    holder = state.priority(offered)
    if standing is not None:
        key, standing_key = offered.key, standing.key
        if key < standing_key:
            message = (f"{name}'s {set_off(offered)} does not beat the standing bid, "
                       f"{players[state.bidder]}'s {standing}")
            raise RuleViolation("AU-2.1", message)
        if key == standing_key:
            assert holder is not None, "an equal bid's priority is the standing bid's"
            if holder != seat:
                message = (f"{name}'s {set_off(offered)} only equals the standing bid: an equal "
                           f"bid is allowed only from {players[holder]}, the first "
                           "to bid it in this auction")
                raise RuleViolation("AU-2.9", message)
            _held(state, name, offered)
            equal = effect("bid", "AU-2.9", _equal_bid_text, (name, offered), (name,))
            return evolve(state, standing=offered, bidder=seat), (equal,)
    _held(state, name, offered)
    if holder is None:
        first = (*first, (offered.priority, seat))
    beats = effect("bid", _order_rule(offered, standing), _bid_text, (name, offered), (name,))
    return evolve(state, standing=offered, bidder=seat, first=first), (beats,)


_STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)

_WHEEL_TOP = 5
"""The top card a wheel straight (A-2-3-4-5) is named by (AU-7.3)."""


def _order_rule(offered: Bid, standing: Bid | None) -> str:
    """The rule under which ``offered`` beats ``standing`` (or is the first bid),
    cited by the bid's effect: the rule that decided it.

    A wheel straight is a bid only by AU-7.3; a suit is named on a single card only
    over the same rank (AU-7.2); a single card of a higher rank beats by the ranks
    (AU-2.4); any other bid of the standing kind by the order within a kind
    (AU-2.8); a first bid, or one of another kind, by AU-2.1.

    >>> from cardcore.poker import Category
    >>> pair, flush = Bid(Category.PAIR, (9,)), Bid(Category.FLUSH)
    >>> _order_rule(pair, None), _order_rule(Bid(Category.PAIR, (10,)), pair)
    ('AU-2.1', 'AU-2.8')
    >>> _order_rule(Bid(Category.FLUSH, (13, 9, 7, 4, 2)), flush)
    'AU-2.8'
    >>> king = Bid(Category.HIGH_CARD, (13,))
    >>> _order_rule(king, Bid(Category.HIGH_CARD, (12,))), _order_rule(Bid(Category.HIGH_CARD, (13,), "S"), king)
    ('AU-2.4', 'AU-7.2')
    >>> _order_rule(Bid(Category.STRAIGHT, (5,)), pair)
    'AU-7.3'
    """
    if offered.kind in _STRAIGHTS and offered.ranks == (_WHEEL_TOP,):
        return "AU-7.3"
    if standing is None or standing.kind != offered.kind:
        return "AU-2.1"
    if offered.kind is Category.HIGH_CARD:
        return "AU-7.2" if offered.suit is not None else "AU-2.4"
    return "AU-2.8"


def _held(state: AuctionState, name: str, offered: Bid) -> None:
    """AU-7.5: a bid that the bidder's hand cannot form, every card of that hand
    being known, cites AU-2.2 at the bid. A hand holding an unknown card is taken
    on trust: its win is where the cards are checked."""
    zone = state.account.zone(hand(name))
    if zone.unknown or formable(offered, zone.known, state.options.wheel):
        return
    held = card_list(sorted(zone.known_cards(), reverse=True))
    # a hand listing a card twice (two decks) looks as if it held the bid: say why not
    copies = any(count > 1 for card, count in zone.known.items() if not card.is_joker)
    raise RuleViolation("AU-2.2", f"{name}'s hand cannot form {offered}: every card of it is "
                        f"known ({held})" + ("; two identical cards count as one in a bid"
                                             if copies else ""))


# -- the win ----------------------------------------------------------------------


def _taken(state: AuctionState, count: int) -> tuple[Card, ...]:
    """AU-3.1: the cards the winner takes from the top of the pile, top first."""
    return tuple(reversed(state.pile[-count:])) if count else ()


def drawn_from_stock(state: AuctionState, count: int) -> int:
    """AU-3.1, AU-7.6: how many cards the stock makes up of a short pile, for a
    bid of ``count`` cards; ``state`` is the one before the win's card moves
    (after them the stock no longer holds the cards drawn)."""
    return min(max(count - len(state.pile), 0), state.stock)


class Settled(NamedTuple):
    """What :func:`win_cards` works out for :func:`win` (``moves.found``): the
    play stage sees the card account after the moves, so it can no longer tell
    from the stock how many cards the stock made up."""

    bid: Bid
    """The bid the cards settle (:func:`~cardcore.games.auction.forms.win_bid`)."""
    drawn: int
    """How many cards the stock made up of a short pile, counted before the draw
    (:func:`drawn_from_stock`): fewer than the shortfall when the stock ran out
    (AU-7.6)."""


def win_cards(state: AuctionState, event: Win, moves: Moves[Card]) -> None:
    """AU-3.1, AU-3.2: the bid cards leave the hand as it was before the take (so
    a card just taken cannot be bid back), the winner takes the pile's top cards
    and the stock makes up a short pile. The bid the cards settle
    (:func:`~cardcore.games.auction.forms.win_bid`) and the number of cards the
    stock made up go on to :func:`win` as :class:`Settled`, which words them
    without ranking the cards again or reading the stock after the draw."""
    name = event.player
    standing = state.standing
    if standing is not None and state.players[state.bidder] != name:
        bidder = state.players[state.bidder]
        moves.problem("C-5", f"{name} cannot win this auction: the standing bid is {bidder}'s "
                      f"{standing}, so the win is {bidder}'s", ("player",))
    cards = event.cards
    count = len(cards)
    named = [card for card in cards if card is not None]
    won: Bid | None = None
    if len(named) == count:
        formed = win_bid(named, standing, state.options.wheel)
        if isinstance(formed, RuleViolation):
            moves.defer(formed.rule, formed.message, formed.path)
            if formed.rule == "AU-2.6":
                return  # two identical cards laid: not a question of where they are (AU-7.5)
        else:
            won = formed
    zone = hand(name)
    taken = _taken(state, count)
    if _meets(named, taken):
        _lay_past_take(moves, name, zone, cards, list(taken))
    else:
        moves.move_cards(zone, PILE, cards, path=("cards",), face_up=True, verb="laid from")
    for card in taken:
        moves.move(PILE, zone, card, path=("cards",), verb="taken from")
    drawn = drawn_from_stock(state, count)
    from_stock = event.from_stock
    if from_stock and state.last:
        moves.defer("AU-4.2", "this is the hand's last auction, after the last stock card: "
                    "a short pile is not made up, so no card comes from the stock",
                    ("from_stock",))
    elif from_stock is not None and len(from_stock) != drawn:
        moves.defer("AU-3.1", f"the stock makes up {plural(drawn, 'card')} of the pile "
                    f"here, not {len(from_stock)}", ("from_stock",))
    elif not drawn:
        pass  # the pile is not short: nothing comes from the stock
    elif from_stock is None:
        moves.deal(STOCK, zone, drawn, ("cards",))
    else:
        moves.move_cards(STOCK, zone, from_stock, path=("from_stock",), verb="drawn from")
    if won is not None:  # else a card is unnamed (C-3) or they settle no bid: no play stage
        moves.found = Settled(won, drawn)


def _meets(laid: list[Card], taken: tuple[Card, ...]) -> bool:
    """Whether a card laid is also one this win takes. Compared as (rank, suit):
    a card's ``==`` and hash are Python calls, and most wins lay none of them."""
    if not taken:
        return False
    top = {(card.rank, card.suit) for card in taken}
    return any((card.rank, card.suit) in top for card in laid)


def _lay_past_take(moves: Moves[Card], name: str, zone: str, cards: Sequence[Card | None],
                   taken: list[Card]) -> None:
    """Lay the bid cards one by one when some of them are among the cards this win
    takes: such a card comes from a copy already in the hand, or breaks AU-3.2."""
    for index, card in enumerate(cards):
        if card is not None and card in taken:
            taken.remove(card)
            moves.move(zone, PILE, card, path=("cards", index), verb="laid from", otherwise=(
                "AU-3.2", f"{card} is taken from the pile by this win and {name} holds no "
                "other copy of it: the bid cards come from the hand as it was before the take"))
            continue
        moves.move(zone, PILE, card, path=("cards", index), face_up=True, verb="laid from")


def win(state: AuctionState, event: Win, settled: Settled) -> Transition[AuctionState]:
    """AU-3: take from the pile (and the stock), lay the bid; then a card is
    turned, or the hand ends if the stock is empty (AU-4.2, AU-7.6).

    ``settled`` is what :func:`win_cards` worked out: the bid and how many cards
    the stock made up. ``state`` already has the win's card moves, so its stock
    is the one after the draw: that decides whether a card is turned (AU-7.6),
    but not how many cards were drawn."""
    name = event.player
    laid = tuple([card for card in event.cards if card is not None])
    won, drawn = settled
    count = len(laid)
    taken = _taken(state, count)
    short = count - len(taken) - drawn
    effects = [effect("win", "AU-3", _win_text, (name, state.auction, won), (name,)),
               effect("take", "AU-3.1", _take_text, (name, taken, drawn), (name,))]
    if short:
        rule = "AU-4.2" if state.last else "AU-7.6"
        effects.append(effect("short", rule, _short_text, (short,), (name,)))
    old = state.pile
    pile = (*old[: len(old) - len(taken)], *laid)
    effects.append(effect("lay", "AU-3.2", _lay_text, (name, laid, len(pile), pile[-1]),
                          (name,)))
    if state.stock:
        return evolve(state, pile=pile, standing=None, bidder=-1, first=(),
                      phase=Phase.FLIP), tuple(effects)
    if state.last:
        rule, why = "AU-4.2", "the last auction, after the last stock card, is played"
    else:
        rule, why = "AU-7.6", "the stock ran out in this auction: no card is turned"
    return _end(state, rule, why, effects, pile=pile, standing=None, bidder=-1, first=())


def _end(state: AuctionState, rule: str, why: str, effects: list[Effect],
         **changes: object) -> Transition[AuctionState]:
    """The hand ends (AU-4): the show is next. ``changes``: the event's own changes
    to the state, made in the same copy."""
    effects.append(effect("hand_end", rule, _hand_end_text, (state.hand, why)))
    return (evolve(state, phase=Phase.SHOW, ended_by=why, **changes),
            tuple(effects))


# -- the turned card --------------------------------------------------------------


def flip_cards(state: AuctionState, event: Flip, moves: Moves[Card]) -> None:
    """AU-3.3: the top stock card, face up onto the pile."""
    moves.move(STOCK, PILE, event.card, path=("card",), face_up=True, verb="turned from")


def flip(state: AuctionState, event: Flip, found: None = None) -> Transition[AuctionState]:
    """AU-4.1, AU-4.2: a joker ends the hand; the last stock card leaves one more
    auction."""
    card = event.card
    assert card is not None, "the cards stage refuses an unnamed face-up card"
    pile = (*state.pile, card)
    size = len(pile)
    effects = [effect("flip", "AU-3.3", _flip_text, (card, size))]
    if card.is_joker:
        return _end(state, "AU-4.1", "the turned card is a joker", effects, pile=pile)
    if state.stock == 0:
        effects.append(effect("last_auction", "AU-4.2", _last_auction_text, ()))
        return evolve(state, pile=pile, phase=Phase.AUCTION, auction=state.auction + 1,
                      last=True), tuple(effects)
    return evolve(state, pile=pile, phase=Phase.AUCTION,
                  auction=state.auction + 1), tuple(effects)


# -- the declaration --------------------------------------------------------------


def declare(state: AuctionState, event: Declare, found: None = None) -> Transition[AuctionState]:
    """AU-4.3: allowed with 8 or more cards on the pile; the hand ends at once. In
    the middle of the bidding (AU-2.10) the standing bid is dropped, unwon; in the
    last auction (AU-7.7) that auction is not played out."""
    size = len(state.pile)
    if size < DECLARE_PILE:
        message = (f"{event.player} cannot declare the end yet: the starter pile holds "
                   f"{plural(size, 'card')}, and a declaration needs {DECLARE_PILE} or more")
        raise RuleViolation("AU-4.3", message)
    effects: list[Effect] = []
    if state.last:  # AU-7.7: also in the last auction of AU-4.2
        effects.append(effect("last_auction_unplayed", "AU-7.7", _last_auction_unplayed_text, ()))
    standing = state.standing
    if standing is not None:  # AU-2.10: in the middle of the bidding
        bidder = state.players[state.bidder]
        effects.append(effect("bid_dropped", "AU-2.10", _bid_dropped_text,
                              (bidder, standing, state.auction), (bidder,)))
    return _end(state, "AU-4.3", f"{event.player} declares the end", effects,
                declarer=state.players.index(event.player))


# -- the words of the effects (cardcore.effects.effect: worded when read) --------------


def _deal_text(number: int, players: tuple[str, ...]) -> str:
    return f"hand {number}: {HAND_SIZE} cards each to {names(players, range(len(players)))}"


def _starter_text(starter: Card) -> str:
    text = f"{starter} starts the starter pile"
    if starter.is_joker:
        text += ": a joker turned here does not end the hand"
    return text


def _equal_bid_text(name: str, offered: Bid) -> str:
    return f"{name} bids {offered}: equal to the standing bid, which {name} beats by priority"


def _bid_text(name: str, offered: Bid) -> str:
    return f"{name} bids {offered}: the standing bid"


def _win_text(name: str, auction: int, won: Bid) -> str:
    return f"{name} wins auction {auction} with {won}"


def _take_text(name: str, taken: tuple[Card, ...], drawn: int) -> str:
    text = f"{name} takes {card_list(taken)} from the top of the starter pile"
    if drawn:
        text += f" and {plural(drawn, 'card')} from the stock, unseen"
    return text


def _short_text(short: int) -> str:
    return f"the stock is empty: {plural(short, 'card')} of the pile cannot be made up"


def _lay_text(name: str, laid: tuple[Card, ...], size: int, top: Card) -> str:
    return f"{name} lays {card_list(laid)} on the pile: {plural(size, 'card')}, {top} on top"


def _hand_end_text(number: int, why: str) -> str:
    return f"hand {number} ends: {why}"


def _flip_text(card: Card, size: int) -> str:
    return f"{card} is turned onto the pile: {plural(size, 'card')}"


def _last_auction_text() -> str:
    return "that was the last stock card: one more auction is played, then the hand ends"


def _last_auction_unplayed_text() -> str:
    return ("the declaration comes in the last auction, after the last stock card: that "
            "auction is not played out")


def _bid_dropped_text(bidder: str, standing: Bid, auction: int) -> str:
    return (f"the declaration comes during the bidding: {bidder}'s standing bid, {standing}, "
            f"is dropped and auction {auction} is not won")
