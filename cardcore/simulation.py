"""Simulation: a game played by random players (:mod:`cardcore.play`).

The rules never draw a random number (chance is in the log). A simulated game
is the play loop with a :class:`~cardcore.play.RandomPolicy` in every seat (its
kinds weighted by the game, :attr:`~cardcore.play.GamePlay.simulated`) and
the seeded :class:`~cardcore.play.Dealer` writing the chance steps, all drawing
from one ``random.Random``: every event is one the rules allow (the legal
events of :mod:`cardcore.play`), applied at once, and the replay re-checks it
anyway. Goblin Poker's open-ended session stops after its planned games, or
three.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from cardcore.protocol import Event, Setup

if TYPE_CHECKING:  # the caller brings the random.Random: a game's import must not load random
    import random

    from cardcore.game import GameRules
    from cardcore.play.dealer import Shuffle

__all__ = ["simulate"]

S = TypeVar("S")


def simulate(rules: GameRules[S], setup: Setup, rng: random.Random, *,
             from_state: S | None = None, shuffle: Shuffle | None = None) -> Iterator[Event]:
    """Yield the events of one whole game of ``rules`` from ``setup`` played by random
    players (or carry on from ``from_state``, as a test may, between deals);
    ``shuffle`` rigs the dealer's deals (:class:`~cardcore.play.Dealer`)."""
    from cardcore.play.dealer import Dealer
    from cardcore.play.loop import next_event
    from cardcore.play.policies import FirstSeat, RandomPolicy
    from cardcore.play.seam import game_play

    part = game_play(rules)
    dealer = Dealer(rng, shuffle=shuffle)
    policies: list[Any] = [RandomPolicy(rng, part.simulated)] * len(setup.players)
    asking = part.asking() if part.asking is not None else FirstSeat()
    state = rules.begin(setup) if from_state is None else from_state
    while True:
        event = next_event(part, state, dealer, asking, policies, None)
        if event is None:
            return
        if isinstance(event, Event):
            state, _ = rules.apply(state, event)
            yield event
