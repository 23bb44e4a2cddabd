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

Bids are named one way each (the rank signature in its canonical order, ranks
in card notation): the rules read other spellings of the same bid (``"k"``,
two pair's ranks low first) as the same bid.
"""

from __future__ import annotations

import bisect
import functools
import math
import operator
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import combinations, product, starmap
from typing import Any, Final

from cardcore.cards import JOKER_RANK, SUITS, Card, rank_name
from cardcore.eventfields import unchecked
from cardcore.frozen import FrozenMap
from cardcore.games.auction.bids import (
    GROUPS,
    SIZE,
    Bid,
    kind_name,
    straight_tops,
    straights_held,
)
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
from cardcore.play.listing import (
    Listing,
    Segment,
    given,
    listed,
    nth_combination,
    nth_permutation,
)
from cardcore.play.policies import PASS, Offer
from cardcore.play.seam import GamePlay, TrueDeck
from cardcore.play.steps import CHANCE, OVER, Whose
from cardcore.poker import Category
from cardcore.protocol import Event

__all__ = ["ALL_BIDS", "PLAY", "Bidding", "bid_event", "formations"]

_ACE: Final = 14
_RANKS: Final = tuple(range(2, _ACE + 1))
_JOKER: Final = Card(JOKER_RANK, "")
_ORDER: Final = operator.attrgetter("_order")
_SUIT: Final = operator.attrgetter("suit")

_bid, _deal, _declare = unchecked(BidEvent), unchecked(Deal), unchecked(Declare)
_flip, _show, _win = unchecked(Flip), unchecked(Show), unchecked(Win)
"""The events this module makes, made without the field checks (its values are
read off a state, right and frozen: cardcore.eventfields.unchecked)."""


def _every_bid() -> tuple[Bid, ...]:
    """Every bid there is, one naming each, weakest first (AU-2.2, AU-2.7, AU-2.8)."""
    found: list[Bid] = []
    for rank in _RANKS:
        found.append(Bid(Category.HIGH_CARD, (rank,)))
        found += [Bid(Category.HIGH_CARD, (rank,), suit) for suit in SUITS]
    found.append(Bid(Category.HIGH_CARD, (JOKER_RANK,)))
    for kind in (Category.PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        found += [Bid(kind, (rank,)) for rank in (*_RANKS, JOKER_RANK)]
    found.append(Bid(Category.TWO_PAIR))
    found += [Bid(Category.TWO_PAIR, (high, low)) for high in _RANKS for low in _RANKS
              if high > low]
    for kind in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        found.append(Bid(kind))
        found += [Bid(kind, (top,)) for top in range(5, _ACE + 1)]
    found.append(Bid(Category.FLUSH))
    found += [Bid(Category.FLUSH, tuple(sorted(five, reverse=True)))
              for five in combinations(_RANKS, 5)]
    found.append(Bid(Category.FULL_HOUSE))
    found += [Bid(Category.FULL_HOUSE, (three, two)) for three in _RANKS for two in _RANKS
              if three != two]
    return tuple(sorted(found, key=lambda bid: bid.key))


ALL_BIDS: Final = _every_bid()
"""Every bid, weakest first (the action catalogue's bids)."""


def bid_event(name: str, bid: Bid) -> BidEvent:
    """The ``bid`` event by which ``name`` bids ``bid`` (its one naming).

    >>> bid_event("Aki", Bid(Category.FULL_HOUSE, (13, 5)))
    BidEvent(note=None, player='Aki', kind='full_house', rank=None, ranks=('K', '5'), suit=None)
    """
    if bid.kind in GROUPS:
        return _bid(player=name, kind=kind_name(bid.kind), rank=rank_name(bid.ranks[0]),
                    suit=bid.suit)
    ranks = tuple(rank_name(rank) for rank in bid.ranks) or None
    return _bid(player=name, kind=kind_name(bid.kind), ranks=ranks)


# -- what a hand can form -------------------------------------------------------------


def _by_rank(cards: Sequence[Card]) -> tuple[dict[int, list[Card]], int]:
    """The distinct suited cards by rank (identical copies count once, AU-2.6) and
    the number of jokers."""
    by_rank: dict[int, list[Card]] = {}
    jokers = 0
    previous = None
    for card in sorted(cards, key=_ORDER):
        if card.rank == JOKER_RANK:
            jokers += 1
        elif card is not previous:  # identical copies are next to each other
            held = by_rank.get(card.rank)
            if held is None:
                by_rank[card.rank] = [card]
            else:
                held.append(card)
        previous = card
    return by_rank, jokers


def _groups(by_rank: dict[int, list[Card]], jokers: int, size: int, rank: int | None
            ) -> list[tuple[Card, ...]]:
    """The sets of ``size`` cards of one rank (``rank``, or any)."""
    found: list[tuple[Card, ...]] = []
    for held_rank, held in by_rank.items():
        if rank is None or rank == held_rank:
            found += combinations(held, size)
    if jokers >= size and rank in (None, JOKER_RANK):
        found.append((_JOKER,) * size)
    return found


def _straights(cards_by_rank: dict[int, list[Card]], top: int | None, wheel: bool
               ) -> list[tuple[Card, ...]]:
    found: list[tuple[Card, ...]] = []
    for high, ranks in straight_tops(cards_by_rank, wheel):
        if top is None or high == top:
            found += product(*(cards_by_rank[rank] for rank in ranks))
    return found


def formations(cards: Sequence[Card], bid: Bid | None, wheel: bool) -> list[tuple[Card, ...]]:
    """Every set of ``cards`` that forms ``bid`` (None: any bid, as a win without a
    recorded bid lays), each once, in a fixed order.

    >>> from cardcore.cards import parse_card
    >>> held = [parse_card(c) for c in "KS KH KD 5C 5S JK JK AS".split()]
    >>> for cards in formations(held, Bid(Category.FULL_HOUSE), True):
    ...     print(*cards)
    KD KH KS 5C 5S
    >>> len(formations(held, Bid(Category.PAIR, (13,)), True))
    3
    """
    by_rank, jokers = _by_rank(cards)
    if bid is None:
        return _any_formations(by_rank, jokers, wheel)
    kind, ranks = bid.kind, bid.ranks
    if kind in GROUPS:
        sets = _groups(by_rank, jokers, SIZE[kind], ranks[0] if ranks else None)
        if kind is Category.HIGH_CARD and bid.suit is not None:
            sets = [one for one in sets if one[0].suit == bid.suit]
        return sets
    found: list[tuple[Card, ...]] = []
    if kind is Category.TWO_PAIR or kind is Category.FULL_HOUSE:
        first, second = (2, 2) if kind is Category.TWO_PAIR else (3, 2)
        if ranks:
            pairs = [ranks]
        else:  # only ranks held often enough: most hands have few pairs
            highs = [rank for rank, held in by_rank.items() if len(held) >= first]
            lows = [rank for rank, held in by_rank.items() if len(held) >= second]
            pairs = [(high, low) for high in highs for low in lows if high != low
                     and (kind is Category.FULL_HOUSE or high > low)]
        for high, low in pairs:
            found += [(*a, *b) for a in combinations(by_rank.get(high, ()), first)
                      for b in combinations(by_rank.get(low, ()), second)]
        return found
    if kind is Category.STRAIGHT:
        return _straights(by_rank, ranks[0] if ranks else None, wheel)
    by_suit: dict[str, dict[int, list[Card]]] = {suit: {} for suit in SUITS}
    for held in by_rank.values():
        for card in held:
            by_suit[card.suit][card.rank] = [card]
    for suited in by_suit.values():
        if kind is Category.STRAIGHT_FLUSH:
            found += _straights(suited, ranks[0] if ranks else None, wheel)
        elif ranks:
            if all(rank in suited for rank in ranks):
                found.append(tuple(suited[rank][0] for rank in ranks))
        elif len(suited) >= 5:
            found += combinations([held[0] for held in suited.values()], 5)
    return found


def _any_formations(by_rank: dict[int, list[Card]], jokers: int, wheel: bool
                    ) -> list[tuple[Card, ...]]:
    """:func:`formations` of any bid (a win without a recorded bid), in its order:
    the groups rank by rank (low first), the jokers', then two pairs, straights,
    flushes (a straight of one suit among them, not among the straights) and
    full houses. A random player's every win without a bid asks for these, each
    time for a hand it has not asked for before: so each kind is skipped when the
    hand's ranks or suits cannot make it, and the sets are put together by
    itertools (in C), not one by one."""
    found: list[tuple[Card, ...]] = []
    multiple: list[int] = []  # ranks held twice or more, low first
    suits: dict[str, list[Card]] = {}
    for rank, held in by_rank.items():
        found += zip(held)  # the singles, as one-card tuples
        if len(held) >= 2:
            multiple.append(rank)
            for size in range(2, len(held) + 1):
                found += combinations(held, size)
        for card in held:
            same = suits.get(card.suit)
            if same is None:
                suits[card.suit] = [card]
            else:
                same.append(card)
    if jokers:
        found += [(_JOKER,) * size for size in range(1, min(jokers, 4) + 1)]
    if len(multiple) >= 2:  # two pairs: the higher pair first
        for place, high in enumerate(multiple):
            for low in multiple[:place]:
                found += starmap(operator.add, product(combinations(by_rank[high], 2),
                                                       combinations(by_rank[low], 2)))
    flushes = [suited for suited in suits.values() if len(suited) >= 5]
    for _, ranks in straight_tops(by_rank, wheel):
        straights = product(*[by_rank[rank] for rank in ranks])
        if flushes:  # a straight of one suit is a straight flush: listed with the flushes
            found += [one for one in straights if len(set(map(_SUIT, one))) > 1]
        else:
            found += straights
    if flushes:
        for suit in SUITS:
            suited = suits.get(suit, ())
            if len(suited) >= 5:
                found += combinations(suited, 5)
    threes = [rank for rank in multiple if len(by_rank[rank]) >= 3]
    for three in threes:  # full houses: the three first
        for low in multiple:
            if low != three:
                found += starmap(operator.add, product(combinations(by_rank[three], 3),
                                                       combinations(by_rank[low], 2)))
    return found


_INDEX: Final = {(int(bid.kind), bid.ranks, bid.suit): number
                 for number, bid in enumerate(ALL_BIDS)}
"""A bid's place in :data:`ALL_BIDS`, by its kind, ranks and suit: places
compare as the bids do (AU-2.8), so a hand's bids are kept as sorted numbers."""

_SINGLE, _PAIR, _TWO, _THREE, _STRAIGHT, _FLUSH, _FULL, _FOUR, _SF = range(9)


_SUIT_BITS: Final = {suit: 1 << place for place, suit in enumerate(SUITS)} | {"": 0}
"""Each suit as a bit of a rank's suits held (a joker's none)."""


def _rank_places(rank: int, suits: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The places of the groups a rank held in ``suits`` (bits of :data:`_SUIT_BITS`)
    forms (its single, pair, three, four as far as it goes), of its suited
    singles, and how many suits that is."""
    held = [suit for suit in SUITS if suits & _SUIT_BITS[suit]]
    groups = [_INDEX[kind, (rank,), None] for kind in (_SINGLE, _PAIR, _THREE, _FOUR)]
    return (tuple(groups[:len(held)]), tuple(_INDEX[_SINGLE, (rank,), suit] for suit in held),
            len(held))


_BY_RANK: Final = {rank: [_rank_places(rank, suits) for suits in range(1 << len(SUITS))]
                   for rank in _RANKS}
"""Per rank, by the suits it is held in as bits (0 unused), the places of its
groups and of its suited singles and their number: one look-up a rank held,
not one a bid."""

_JOKERS: Final = tuple(_INDEX[kind, (JOKER_RANK,), None] for kind in (_SINGLE, _PAIR, _THREE,
                                                                        _FOUR))
"""The places of one to four jokers' groups."""
_TWO_PAIRS: Final = {(high, low): _INDEX[_TWO, (high, low), None]
                     for high in _RANKS for low in _RANKS if high > low}
_FULL_HOUSES: Final = {(three, two): _INDEX[_FULL, (three, two), None]
                       for three in _RANKS for two in _RANKS if three != two}
_KIND_ONLY: Final = {kind: _INDEX[kind, (), None] for kind in (_TWO, _STRAIGHT, _FLUSH, _FULL, _SF)}
"""The places of the bids that name a kind alone."""
_TOPS: Final = {kind: {top: _INDEX[kind, (top,), None] for top in range(5, _ACE + 1)}
                for kind in (_STRAIGHT, _SF)}
_FLUSHES: Final = {key[1]: place for key, place in _INDEX.items() if key[0] == _FLUSH and key[1]}
"""The places of the straights and straight flushes by their tops, and of the
flushes by their ranks (high first): one look-up, no key made."""


@functools.lru_cache(maxsize=64)
def _biddable(cards: tuple[Card, ...], wheel: bool
              ) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """The bids a hand can form, as places in :data:`ALL_BIDS` low first, with
    the suited single bids apart by rank (a suit is named only over a single of
    its rank, AU-7.2). Cached for the hands asked lately: a hand changes only when
    it wins, and is asked again and again until then. Lately only: a game deals
    new hands all the time, and a cache of thousands of hands (with their sets
    of cards to lay) slowed a whole self-play by a fifth, in memory and in the
    collector's walks, for hits that come from the same hand. Nearly every hand
    asked is one not asked before (a winner's new hand), so it is built in two
    short passes: the cards, each setting its suit's bit in its rank's suits
    held and its rank's bit in its suit's ranks held (identical copies count
    once, AU-2.6, as a bit set twice), then the ranks, each rank's bids looked
    up by its suits held; straights and flushes are tests on those bits."""
    suits_of = [0] * (JOKER_RANK + 1)  # per rank, its suits held as bits
    ranks_of = dict.fromkeys(SUITS, 0)  # per suit, its ranks held as bits
    suit_bits = _SUIT_BITS
    for card in cards:
        rank, suit = card.rank, card.suit
        suits_of[rank] |= suit_bits[suit]
        if suit:
            ranks_of[suit] |= 1 << rank
    found: list[int] = []
    suited: dict[int, tuple[int, ...]] = {}
    pairs: list[int] = []
    threes: list[int] = []
    held = 0
    by_rank = _BY_RANK
    for rank in _RANKS:
        suits = suits_of[rank]
        if suits:
            held |= 1 << rank
            groups, suited[rank], count = by_rank[rank][suits]
            found += groups
            if count >= 2:
                pairs.append(rank)
                if count >= 3:
                    threes.append(rank)
    jokers = cards.count(_JOKER)
    if jokers:
        found += _JOKERS[:jokers]
    if len(pairs) >= 2:
        pairs.reverse()  # high first
        two_pairs = _TWO_PAIRS
        found.append(_KIND_ONLY[_TWO])
        found += [two_pairs[high, low] for i, high in enumerate(pairs) for low in pairs[i + 1:]]
        if threes:
            full_houses = _FULL_HOUSES
            found.append(_KIND_ONLY[_FULL])
            found += [full_houses[three, low] for three in threes
                      for low in pairs if low != three]
    tops = straights_held(held, wheel)
    if tops:
        places = _TOPS[_STRAIGHT]
        found.append(_KIND_ONLY[_STRAIGHT])
        found += [places[top] for top, _ in tops]
    flushes: list[int] = []
    straight_flushes: set[int] = set()
    for ranks in ranks_of.values():
        if ranks.bit_count() >= 5:  # most hands hold no five of a suit
            high_first = [rank for rank in reversed(_RANKS) if ranks >> rank & 1]
            flushes += map(_FLUSHES.__getitem__, combinations(high_first, 5))
            places = _TOPS[_SF]
            straight_flushes.update(places[top] for top, _ in straights_held(ranks, wheel))
    if flushes:
        found.append(_KIND_ONLY[_FLUSH])
        found += flushes
        if straight_flushes:
            found.append(_KIND_ONLY[_SF])
            found += straight_flushes
    found.sort()
    return found, suited


def _bids(standing: Bid | None, holder: int | None, wheel: bool, seat: int,
          cards: tuple[Card, ...]) -> list[int]:
    """The bids ``seat`` may make over ``standing``, as places in :data:`ALL_BIDS`:
    those it can form that beat it, and the standing bid itself from the seat
    with priority for it (``holder``, AU-2.9)."""
    bids, suited = _biddable(cards, wheel)
    if standing is None:
        return bids
    place = _INDEX[int(standing.kind), standing.ranks, standing.suit]
    cut = bisect.bisect_right(bids, place)
    above = bids[cut:]
    held = cut > 0 and bids[cut - 1] == place
    if standing.kind is Category.HIGH_CARD:
        same = suited.get(standing.ranks[0], ())
        held = held or place in same
        above = [number for number in same if number > place] + above
    if held and holder == seat:
        above.insert(0, place)
    return above


@functools.lru_cache(maxsize=64)
def _laid(cards: tuple[Card, ...], bid: Bid | None, wheel: bool
          ) -> tuple[tuple[tuple[Card, ...], ...], list[int]]:
    """The sets that form ``bid`` and where each one's orders start among all the
    ways to lay them (jokers are identical: a set of jokers is laid one way);
    the last number is how many ways there are. Cached for the hands asked
    lately, as :func:`_biddable` is."""
    sets = tuple(formations(cards, bid, wheel))
    orders = _ORDERS
    total = 0
    starts = [0]
    for laid in sets:
        total += 1 if laid[0].rank == JOKER_RANK else orders[len(laid)]
        starts.append(total)
    return sets, starts


_ORDERS: Final = tuple(math.factorial(count) for count in range(6))
"""How many orders a set of 0 to 5 different cards may be laid in."""


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
    cards = tuple(sorted(known, key=_ORDER))  # one copy of each card: nearly every hand
    if len(cards) != sum(known.values()):  # copies of a card (two decks): each one
        cards = tuple(sorted((card for card, count in known.items() for _ in range(count)),
                             key=_ORDER))
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


def legal(state: AuctionState, seat: int) -> Sequence[Event]:
    if state.phase is Phase.AUCTION:
        return _bidding(state, seat, False, None)
    if state.phase is Phase.SHOW:
        name = state.players[seat]
        return Listing([_shows(name, _hand(state, name))])
    return ()


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
            sets, starts = _laid(cards, standing, wheel)

            def build(index: int) -> Win:
                which = bisect.bisect_right(starts, index) - 1
                return _win(player=name,
                            cards=nth_permutation(sets[which], index - starts[which]))

            return starts[-1], build

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


def merge(parts: Sequence[Event]) -> Event:
    cards: dict[str, Any] = {}
    for part in parts:
        assert isinstance(part, Show)
        cards.update(part.cards)
    return _show(cards=FrozenMap(cards))


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


def action(state: AuctionState, event: Event) -> Hashable:
    if isinstance(event, BidEvent):
        from cardcore.games.auction.bids import named_bid

        bid = named_bid(event.kind, event.rank, event.ranks, event.suit, state.standing,
                        state.options.wheel)
        return ("bid", *_bid_key(bid))
    if isinstance(event, Win):
        laid = [card for card in event.cards if card is not None]
        return ("win", *_bid_key(made_bid(laid, state.options.wheel)))
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
            legal: Callable[[int], Sequence[Event]]) -> tuple[int, Sequence[Offer]]:
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


PLAY: GamePlay[AuctionState] = GamePlay(whose=whose, legal=legal, chance=chance,
                                        complete=complete, merge=merge, actions=actions,
                                        action=action, asking=Bidding,
    simulated={"declare": 0.1})
