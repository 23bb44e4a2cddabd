"""Saint Poker's choices for the simulation driver (:mod:`cardcore.simulation`).

The secret is the order of the stock. Ages are not events, so a simulated
transcript has none and equal hands in the refill are always a table choice,
settled by the driver now by a ``ruling``, now by the first ``take`` (SP-2.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcore.cards import Card
from cardcore.decks import STANDARD_DECK
from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.state import HAND_SIZE, POOL, Phase, SaintState, hand
from cardcore.protocol import Event, Setup, Turn
from cardcore.simulation import Simulator, acting, known, shuffled_hands

if TYPE_CHECKING:  # the driver hands in the random.Random; validating never loads random
    import random

__all__ = ["SIMULATOR"]

UNUSED_FUTURE_CHANCE = 0.5
"""How often the last round's (never used) future river is recorded anyway."""

Stock = list[Card]


def _next_event(state: SaintState, turn: Turn, stock: Stock, rng: random.Random
                ) -> tuple[Event, Stock]:
    players = state.players
    size = state.future_size
    if state.phase is Phase.DEAL:
        hands, rest = shuffled_hands(STANDARD_DECK, players, HAND_SIZE, rng)
        return Deal(hands=hands, future=tuple(rest[:size])), rest[size:]
    if state.phase is Phase.RIVER:
        last = state.round + 1 == state.options.rounds
        future: tuple[Card | None, ...] | None = tuple(stock[:size]) if size else None
        if last and future is not None and rng.random() >= UNUSED_FUTURE_CHANCE:
            future = None
        if future is not None:
            stock = stock[size:]
        cards: dict[str, Card | None] = {
            name: rng.choice(known(state, hand(name))) for name in players
        }
        return River(cards=cards, future=future), stock
    if state.phase is Phase.SHOW:
        shown: dict[str, tuple[Card | None, ...]] = {
            name: tuple(rng.sample(known(state, hand(name)), 2)) for name in players
        }
        return Show(cards=shown), stock
    name = players[rng.choice(acting(turn))]
    return Take(player=name, card=rng.choice(known(state, POOL))), stock


def _start(setup: Setup, rng: random.Random) -> Stock:
    return []


SIMULATOR: Simulator[SaintState, Stock] = Simulator(next_event=_next_event, start=_start)
