"""A random writer of legal, full-information Orc Poker games.

The simulator holds the one secret the state lacks, the order of the stock,
and otherwise asks the rules what may come next (:func:`expected`), so every
event it writes is legal by construction and the replay re-checks it anyway.
Every hidden card is written: hands, tie-break draws, pitched cards and the
order of the action deck. A ``ruling`` is written where a table choice is due
(OP-2.5 after a short stock: the choice is moot, so the ruling is optional).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch, Reveal
from cardcore.games.orc.options import OrcOptions
from cardcore.games.orc.rules import apply, expected, start
from cardcore.games.orc.state import HAND_SIZE, STOCK, OrcState, Phase, hand
from cardcore.protocol import Event, Ruling

__all__ = ["Shuffle", "simulate"]

Shuffle = Callable[[list[PairsCard], random.Random], None]
"""Shuffles a deck in place; tests pass uneven ones to provoke rare situations."""

GIVE_UP_CHANCE = 0.15
RULING_CHANCE = 0.5
LOWEST_FIRST_CHANCE = 0.5
"""How often a player reveals their lowest card (which makes ties common)."""


def simulate(
    players: Sequence[str],
    options: OrcOptions | None,
    rng: random.Random,
    *,
    shuffle: Shuffle | None = None,
) -> Iterator[Event]:
    """Yield the events of one whole game (until OP-4.2 ends it).

    ``shuffle`` replaces the fair shuffle of the deck at each deal (the events
    stay legal whatever order it gives).
    """
    state = start(players, options)
    stock: list[PairsCard] = []
    mix: Shuffle = shuffle or _fair
    while state.phase is not Phase.OVER:
        event, stock = _next_event(state, stock, rng, mix)
        state, _ = apply(state, event)
        yield event


def _fair(deck: list[PairsCard], rng: random.Random) -> None:
    rng.shuffle(deck)


def _hand(state: OrcState, seat: int) -> list[PairsCard]:
    return sorted(state.account.zone(hand(state.players[seat])).known_cards())


def _next_event(
    state: OrcState, stock: list[PairsCard], rng: random.Random, shuffle: Shuffle
) -> tuple[Event, list[PairsCard]]:
    players = state.players
    phase = state.phase
    if state.moot_choice and rng.random() < RULING_CHANCE:
        return Ruling(player=players[rng.choice(state.moot_choice)]), stock
    if phase is Phase.DEAL:
        deck = list(PAIRS_DECK)
        shuffle(deck, rng)
        hands: dict[str, tuple[PairsCard | None, ...]] = {}
        for name in players:
            hands[name], deck = tuple(deck[:HAND_SIZE]), deck[HAND_SIZE:]
        return Deal(hands=hands), deck
    if phase is Phase.REVEAL:
        cards: dict[str, PairsCard | None] = {}
        for seat in state.active():
            held = _hand(state, seat)
            low_first = rng.random() < LOWEST_FIRST_CHANCE
            cards[players[seat]] = held[0] if low_first else rng.choice(held)
        return Reveal(cards=cards), stock
    if phase is Phase.TIEBREAK:
        return _tiebreak(state, stock, rng)
    if phase is Phase.PITCH:
        pitched = {players[s]: rng.choice(_hand(state, s)) for s in state.active()}
        order: list[PairsCard | None] = list(pitched.values())
        rng.shuffle(order)
        return Pitch(cards=dict(pitched), order=tuple(order)), stock
    name = expected(state).players[0]
    if rng.random() < GIVE_UP_CHANCE:
        return GiveUp(player=name), stock
    top = state.deck[0]
    assert top is not None, "the simulator records the whole action deck"
    return Draw(player=name, card=top), stock


def _tiebreak(
    state: OrcState, stock: list[PairsCard], rng: random.Random
) -> tuple[Event, list[PairsCard]]:
    """OP-2.3/OP-2.4: a new number when the hand has one, else a stacked card;
    then draws, the stock running dry naming who drew."""
    players = state.players
    cards: dict[str, PairsCard | None] = {}
    for seat in state.tied:
        held = _hand(state, seat)
        fresh = [card for card in held if card not in state.rows[seat]] or held
        low_first = rng.random() < LOWEST_FIRST_CHANCE
        cards[players[seat]] = fresh[0] if low_first else rng.choice(fresh)
    left = state.account.size(STOCK)
    assert left == len(stock)
    drawers = list(state.tied)
    if left < len(drawers):
        drawers = sorted(rng.sample(drawers, left))
    draws: dict[str, PairsCard | None] = {}
    for seat in drawers:
        draws[players[seat]] = stock[0]
        stock = stock[1:]
    return Reveal(cards=cards, draws=draws), stock
