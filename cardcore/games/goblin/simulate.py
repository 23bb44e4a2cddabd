"""A random writer of legal, full-information Goblin Poker sessions.

The simulator holds the one secret the state lacks, the order of the stock,
and otherwise asks the rules what may come next (:func:`expected`), so every
event it writes is legal by construction and the replay re-checks it anyway.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.games.goblin.events import Deal, Fold, Pitch, Reveal, Stack
from cardcore.games.goblin.expect import expected
from cardcore.games.goblin.options import GoblinOptions
from cardcore.games.goblin.rules import apply, start
from cardcore.games.goblin.state import PITCHED, GoblinState, Phase, hand
from cardcore.protocol import Event, Ruling

__all__ = ["simulate"]

FOLD_CHANCE = 0.12
RULING_CHANCE = 0.5
DEFAULT_GAMES = 3


def simulate(
    players: Sequence[str],
    options: GoblinOptions | None,
    rng: random.Random,
) -> Iterator[Event]:
    """Yield the events of one session of ``options.games`` games (default 3)."""
    state = start(players, options)
    limit = state.options.games or DEFAULT_GAMES
    stock: list[PairsCard] = []
    while state.phase is not Phase.OVER and not (
        state.phase is Phase.DEAL and state.games_done >= limit
    ):
        event, stock = _next_event(state, stock, rng)
        state, _ = apply(state, event)
        yield event


def _known(state: GoblinState, zone: str) -> list[PairsCard]:
    return sorted(state.account.zone(zone).known_cards())


def _next_event(
    state: GoblinState, stock: list[PairsCard], rng: random.Random
) -> tuple[Event, list[PairsCard]]:
    players = state.players
    allowed = expected(state)
    if state.phase is Phase.DEAL:
        deck = list(PAIRS_DECK)
        rng.shuffle(deck)
        hands: dict[str, tuple[PairsCard | None, ...]] = {}
        for seat, name in enumerate(players):
            if state.in_session[seat] and state.ledger.chips[seat] > 0:
                hands[name], deck = tuple(deck[:6]), deck[6:]
        return Deal(hands=hands), deck
    if state.phase is Phase.REVEAL:
        cards = {
            players[s]: PairsCard(rng.choice(_known(state, hand(players[s]))))
            for s in state.active()
        }
        return Reveal(cards=cards), stock
    if state.phase is Phase.TIEBREAK:
        name = rng.choice(allowed.players)
        return Stack(player=name, card=stock[0]), stock[1:]
    name = rng.choice(allowed.players)
    if allowed.choice and rng.random() < RULING_CHANCE:
        return Ruling(player=name), stock
    if state.phase is Phase.PLAY:
        if rng.random() < FOLD_CHANCE:
            return Fold(player=name), stock
        return Pitch(player=name, card=rng.choice(_known(state, hand(name)))), stock
    return Stack(player=name, card=rng.choice(_known(state, PITCHED))), stock
