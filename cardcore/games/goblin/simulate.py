"""Goblin Poker's choices for the simulation driver (:mod:`cardcore.simulation`).

The secret is the order of the stock after each deal; everything else the
simulator reads from the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.games.goblin.events import Deal, Fold, Pitch, Reveal, Stack
from cardcore.games.goblin.preparation import HAND_SIZE
from cardcore.games.goblin.state import PITCHED, GoblinState, Phase, hand
from cardcore.games.goblin.turns import dealt
from cardcore.protocol import Event, Setup, Turn
from cardcore.simulation import Simulator, acting, known, shuffled_hands

if TYPE_CHECKING:  # the driver hands in the random.Random; validating never loads random
    import random

__all__ = ["SIMULATOR"]

FOLD_CHANCE = 0.12
DEFAULT_GAMES = 3
"""Games in a simulated session when the ``games`` option leaves it open."""

Stock = list[PairsCard]


def _finished(state: GoblinState, setup: Setup) -> bool:
    limit = state.options.games or DEFAULT_GAMES
    return state.phase is Phase.OVER or (state.phase is Phase.DEAL and state.games_done >= limit)


def _next_event(state: GoblinState, turn: Turn, stock: Stock, rng: random.Random
                ) -> tuple[Event, Stock]:
    players = state.players
    phase = state.phase
    if phase is Phase.DEAL:
        names = [players[seat] for seat, live in enumerate(dealt(state)) if live]
        hands, rest = shuffled_hands(PAIRS_DECK, names, HAND_SIZE, rng)
        return Deal(hands=hands), rest
    if phase is Phase.REVEAL:
        cards = {players[s]: rng.choice(known(state, hand(players[s]))) for s in turn.actors}
        return Reveal(cards=cards), stock
    name = players[rng.choice(acting(turn))]
    if phase is Phase.TIEBREAK:
        return Stack(player=name, card=stock[0]), stock[1:]
    if phase is Phase.PLAY:
        if rng.random() < FOLD_CHANCE:
            return Fold(player=name), stock
        return Pitch(player=name, card=rng.choice(known(state, hand(name)))), stock
    return Stack(player=name, card=rng.choice(known(state, PITCHED))), stock


SIMULATOR: Simulator[GoblinState, Stock] = Simulator(
    next_event=_next_event, start=lambda setup, rng: [], finished=_finished)
