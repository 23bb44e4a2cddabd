"""Orc Poker's choices for the simulation driver (:mod:`cardcore.simulation`).

The secret is the order of the stock after each deal. Every hidden card is
written: hands, tie-break draws, pitched cards and the order of the action deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch, Reveal
from cardcore.games.orc.state import HAND_SIZE, STOCK, OrcState, Phase, hand
from cardcore.protocol import Event, Setup, Turn
from cardcore.simulation import Simulator, known, shuffled_hands

if TYPE_CHECKING:  # the driver hands in the random.Random; validating never loads random
    import random

__all__ = ["SIMULATOR", "Shuffle"]

Shuffle = Callable[[list[PairsCard], "random.Random"], None]
"""Shuffles a deck in place; tests pass uneven ones to provoke rare situations."""

GIVE_UP_CHANCE = 0.15
LOWEST_FIRST_CHANCE = 0.5
"""How often a player reveals their lowest card (which makes ties common)."""


def _fair(deck: list[PairsCard], rng: random.Random) -> None:
    rng.shuffle(deck)


@attrs.frozen
class _Secret:
    shuffle: Shuffle
    stock: tuple[PairsCard, ...] = ()


def _start(setup: Setup, rng: random.Random, *, shuffle: Shuffle | None = None) -> _Secret:
    """``shuffle`` replaces the fair shuffle at each deal (the events stay legal)."""
    return _Secret(shuffle or _fair)


def _next_event(state: OrcState, turn: Turn, secret: _Secret, rng: random.Random
                ) -> tuple[Event, _Secret]:
    players = state.players
    phase = state.phase
    if phase is Phase.DEAL:
        hands, rest = shuffled_hands(PAIRS_DECK, players, HAND_SIZE, rng, secret.shuffle)
        return Deal(hands=hands), attrs.evolve(secret, stock=tuple(rest))
    if phase is Phase.REVEAL:
        cards: dict[str, PairsCard | None] = {}
        for seat in turn.actors:
            held = known(state, hand(players[seat]))
            cards[players[seat]] = held[0] if rng.random() < LOWEST_FIRST_CHANCE else rng.choice(held)
        return Reveal(cards=cards), secret
    if phase is Phase.TIEBREAK:
        return _tiebreak(state, secret, rng)
    if phase is Phase.PITCH:
        pitched = {players[s]: rng.choice(known(state, hand(players[s]))) for s in turn.actors}
        order: list[PairsCard | None] = list(pitched.values())
        rng.shuffle(order)
        return Pitch(cards=dict(pitched), order=tuple(order)), secret
    name = players[turn.actors[0]]
    if rng.random() < GIVE_UP_CHANCE:
        return GiveUp(player=name), secret
    return Draw(player=name, card=state.deck[0]), secret


def _tiebreak(state: OrcState, secret: _Secret, rng: random.Random) -> tuple[Event, _Secret]:
    """OP-2.3/OP-2.4: a new number when the hand has one, else a stacked card;
    then draws, the stock running dry naming who drew."""
    players = state.players
    cards: dict[str, PairsCard | None] = {}
    for seat in state.tied:
        held = known(state, hand(players[seat]))
        fresh = [card for card in held if card not in state.rows[seat]] or held
        cards[players[seat]] = fresh[0] if rng.random() < LOWEST_FIRST_CHANCE else rng.choice(fresh)
    stock = secret.stock
    assert state.account.size(STOCK) == len(stock)
    drawers = list(state.tied)
    if len(stock) < len(drawers):
        drawers = sorted(rng.sample(drawers, len(stock)))
    draws = {players[seat]: stock[i] for i, seat in enumerate(drawers)}
    return (Reveal(cards=cards, draws=dict(draws)),
            attrs.evolve(secret, stock=stock[len(drawers):]))


SIMULATOR: Simulator[OrcState, _Secret] = Simulator(next_event=_next_event, start=_start)
