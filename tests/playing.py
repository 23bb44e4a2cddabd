"""Helpers for the play tests: games played to a random point, and an exhaustive
generator of candidate events per game (every event a seat could try now,
legal or not), against which the legal events are held."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from cardcore.cards import PairsCard
from cardcore.decks import STANDARD_DECK
from cardcore.games.auction import Declare, Win
from cardcore.games.auction import Show as AuctionShow
from cardcore.games.goblin import Fold, Pitch, Stack
from cardcore.games.goblin import Reveal as GoblinReveal
from cardcore.games.orc import Draw, GiveUp
from cardcore.games.orc import Pitch as OrcPitch
from cardcore.games.orc import Reveal as OrcReveal
from cardcore.games.saint import River, Take
from cardcore.games.saint import Show as SaintShow
from cardcore.play import Match, RandomPolicy
from cardcore.play.legal.auction import ALL_BIDS, bid_event
from cardcore.protocol import Event, Ruling
from cardcore.zones import hand

PLAYERS = {"goblin-poker": (2, 5), "orc-poker": (3, 5), "saint-poker": (2, 5), "auction": (2, 5)}
OPTIONS: dict[str, Any] = {"goblin-poker": None, "orc-poker": {"rounds": 3},
                           "saint-poker": None, "auction": {"target": 50}}
NAMES = ("Aki", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")

_PAIRS = [PairsCard(n) for n in range(1, 11)]
_STANDARD = sorted(STANDARD_DECK.counts)


def played(game: str, players: int, seed: int, steps: int) -> Match[Any]:
    """A game of ``players`` random players, ``steps`` steps in (or over)."""
    match: Match[Any] = Match(game, NAMES[:players], OPTIONS[game], seed=seed)
    policies = [RandomPolicy(random.Random(seed * 10 + seat)) for seat in range(players)]
    for _ in range(steps):
        if not match.step(policies):
            break
    return match


def _order(card: Any) -> Any:
    """A card's place in the deck's order (a Pairs card is its number)."""
    return getattr(card, "_order", card)


def _cards_of(state: Any, name: str) -> list[Any]:
    return sorted(state.account.zone(hand(name)).known_cards(), key=_order)


def candidates(game: str, state: Any, name: str) -> Iterator[Event]:
    """Every event ``name`` could try now, one naming each, chance fields left to
    the dealer; in a step taken together, every part."""
    players = state.players
    rulings = [Ruling(player=other) for other in players]
    if game == "goblin-poker":
        yield Fold(player=name)
        yield from (Pitch(player=name, card=card) for card in _PAIRS)
        yield from (Stack(player=name, card=card) for card in _PAIRS)
        yield from (GoblinReveal(cards={name: card}) for card in _PAIRS)
        yield from rulings
    elif game == "orc-poker":
        yield Draw(player=name, card=None)
        yield GiveUp(player=name)
        yield from (OrcReveal(cards={name: card}) for card in _PAIRS)
        yield from (OrcPitch(cards={name: card}) for card in _PAIRS)
        yield from rulings
    elif game == "saint-poker":
        yield from (River(cards={name: card}) for card in _STANDARD)
        yield from (Take(player=name, card=card) for card in _STANDARD)
        held = _cards_of(state, name)
        # two cards shown: every ordered pair of the deck's cards the hand could hold
        # (a card the hand does not hold is refused by card accounting, C-2); each
        # set in both orders, which the listing gives once (see choice)
        yield from (SaintShow(cards={name: (a, b)}) for a in _STANDARD for b in _STANDARD
                    if a != b and (a in held or b in held))
        yield from rulings
    else:
        yield from (bid_event(name, bid) for bid in ALL_BIDS)
        yield Declare(player=name)
        held = _cards_of(state, name)
        pile = list(state.pile[-5:])
        pool = held + [card for card in pile if card not in held]
        for size in range(1, 6):
            for cards in dict.fromkeys(combinations(pool, size)):
                yield Win(player=name, cards=cards)
        shown = [tuple(held), *dict.fromkeys(combinations(held, 5))]
        yield from (AuctionShow(cards={name: cards}) for cards in shown)


def choice(event: Event) -> Event:
    """The choice ``event`` stands for, as one event: a Saint Poker show's two cards
    are a set (SP-2.3: both are valued with the river and both go to the pool), so
    a show of the same two in either order is one choice, spelt low card first
    as the listing spells it. Any other event is its own choice."""
    if isinstance(event, SaintShow):
        return SaintShow(cards={name: tuple(sorted(cards, key=_order))
                                for name, cards in event.cards.items()})
    return event


def is_part(event: Event) -> bool:
    """Whether a candidate is a seat's part of a step taken together."""
    return isinstance(event, (GoblinReveal, OrcReveal, OrcPitch, River, SaintShow, AuctionShow))


__all__ = ["NAMES", "OPTIONS", "PLAYERS", "candidates", "choice", "is_part", "played"]
