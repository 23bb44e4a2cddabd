"""A random writer of legal, full-information Saint Poker games.

The simulator holds the one secret the state lacks, the order of the stock,
and otherwise asks the rules what may come next (:func:`expected`), so every
event it writes is legal by construction and the replay re-checks it anyway.
It writes events only: ages are not events, so equal hands in the refill are
always a table choice here, settled now by a ``ruling``, now by the first
``take`` (SP-2.6).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from cardcore.cards import Card
from cardcore.decks import STANDARD_DECK
from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.options import SaintOptions
from cardcore.games.saint.rules import apply, expected, start
from cardcore.games.saint.state import HAND_SIZE, POOL, Phase, SaintState, hand
from cardcore.protocol import Event, Ruling

__all__ = ["simulate"]

RULING_CHANCE = 0.5
"""How often a table choice is settled by a ``ruling`` rather than a ``take``."""
UNUSED_FUTURE_CHANCE = 0.5
"""How often the last round's (never used) future river is recorded anyway."""


def simulate(
    players: Sequence[str],
    options: SaintOptions | None,
    rng: random.Random,
) -> Iterator[Event]:
    """Yield the events of one whole game."""
    state = start(players, options)
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    count = len(state.players)
    hands = {name: tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])
             for i, name in enumerate(state.players)}
    stock = deck[count * HAND_SIZE :]
    size = state.future_size
    event: Event = Deal(hands=hands, future=tuple(stock[:size]))
    stock = stock[size:]
    while True:
        state, _ = apply(state, event)
        yield event
        if state.phase is Phase.OVER:
            return
        event, stock = _next_event(state, stock, rng)


def _known(state: SaintState, zone: str) -> list[Card]:
    return sorted(state.account.zone(zone).known_cards())


def _next_event(state: SaintState, stock: list[Card], rng: random.Random) -> tuple[Event, list[Card]]:
    players = state.players
    if state.phase is Phase.RIVER:
        size = state.future_size
        last = state.round + 1 == state.options.rounds
        future: tuple[Card | None, ...] | None = tuple(stock[:size]) if size else None
        if last and future is not None and rng.random() >= UNUSED_FUTURE_CHANCE:
            future = None
        if future is not None:
            stock = stock[size:]
        cards: dict[str, Card | None] = {
            name: rng.choice(_known(state, hand(name))) for name in players
        }
        return River(cards=cards, future=future), stock
    if state.phase is Phase.SHOW:
        shown: dict[str, tuple[Card | None, ...]] = {
            name: tuple(rng.sample(_known(state, hand(name)), 2)) for name in players
        }
        return Show(cards=shown), stock
    allowed = expected(state)
    name = rng.choice(allowed.players)
    if allowed.choice and rng.random() < RULING_CHANCE:
        return Ruling(player=name), stock
    return Take(player=name, card=rng.choice(_known(state, POOL))), stock
