"""Simulation: a game played by random players.

The rules never draw a random number (chance is in the log). A simulated game
is the play loop with a :class:`~cardcore.play.RandomPolicy` in every seat (its
kinds weighted by the game, :attr:`~cardcore.play.GamePlay.simulated`) and
the seeded :class:`~cardcore.play.Dealer` writing the chance steps, all drawing
from one ``random.Random``: every event is one the rules allow (the legal
events of :mod:`cardcore.play`), applied at once, and the replay re-checks it
anyway. Goblin Poker's open-ended session stops after its planned games, or
three.

This was ``RULES.simulate`` while the games wrote their own simulators; it is
the play layer's now, which stands above the games (a game's rules may not
import it), so it takes the rules, or a game's name, as its first argument.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from cardcore.game import GameRules
from cardcore.play.dealer import Dealer, Shuffle
from cardcore.play.loop import next_event
from cardcore.play.policies import FirstSeat, Policy, RandomPolicy
from cardcore.play.registry import game_play
from cardcore.play.steps import check_seed
from cardcore.protocol import Event, S, Setup
from cardcore.registry import rules_of

__all__ = ["simulate"]



def simulate(game: GameRules[S] | str, players: Sequence[str] | Setup, options: Any = None,
             rng: random.Random | int | None = None, *, from_state: S | None = None,
             shuffle: Shuffle | None = None) -> Iterator[Event]:
    """Yield the events of one whole game of ``game`` (its rules or its name, as
    :func:`~cardcore.registry.get_game` reads it) played by random players: ``players`` are names (checked with
    ``options`` by :meth:`~cardcore.game.GameRules.setup`) or a built
    :class:`~cardcore.protocol.Setup`; ``rng`` is a ``random.Random`` or a seed
    for one, a whole number of 0 or more (default: seed 0; SetupError for
    another, :func:`~cardcore.play.steps.check_seed`). ``from_state`` carries on from a state (as a test
    may, between deals); ``shuffle`` rigs the dealer's deals
    (:class:`~cardcore.play.Dealer`).

    >>> from cardcore.play import simulate
    >>> events = list(simulate("saint-poker", ["Aki", "Ben"], {"rounds": 1}, 4))
    >>> events[0].TYPE, events == list(simulate("saint-poker", ["Aki", "Ben"], {"rounds": 1}, 4))
    ('deal', True)
    """
    rules: GameRules[Any] = rules_of(game)
    setup = players if isinstance(players, Setup) else rules.setup(players, options)
    if not isinstance(rng, random.Random):
        rng = random.Random(0 if rng is None else check_seed(
            rng, ", or a random.Random (or None: seed 0)", ("rng",)))
    return _played(rules, setup, rng, from_state, shuffle)


def _played(rules: GameRules[S], setup: Setup, rng: random.Random, from_state: S | None,
            shuffle: Shuffle | None) -> Iterator[Event]:
    part = game_play(rules)
    dealer = Dealer(rng, shuffle=shuffle)
    policies: list[Policy] = [RandomPolicy(rng, part.simulated)] * len(setup.players)
    asking = part.asking() if part.asking is not None else FirstSeat()
    state = rules.begin(setup) if from_state is None else from_state
    while True:
        event = next_event(part, state, dealer, asking, policies, None)
        if event is None:
            return
        if isinstance(event, Event):
            state, _ = rules.apply(state, event)
            yield event
