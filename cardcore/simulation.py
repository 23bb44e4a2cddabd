"""The one simulation driver: a random *writer* of legal events, for every game.

The rules never draw a random number (chance is in the log). A simulator holds
what the state does not (the order of the stock) and picks the next event; the
loop, the settling of table choices (now by a ``ruling``, now by the act of an
admissible player) and the question of when to stop are the kernel's, here.
Every event written is applied at once, so a simulated log is legal by
construction, and the replay re-checks it anyway.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from cardcore.protocol import Event, GameState, Ruling, S, Setup, Transition, Turn

if TYPE_CHECKING:  # the caller brings the random.Random: a game's import must not load random
    import random

__all__ = ["SimulatedRules", "Simulator", "acting", "known", "shuffled_hands", "simulate"]

X = TypeVar("X")
C = TypeVar("C", bound=Hashable)

RULING_CHANCE = 0.5
"""How often a table choice is settled by a ``ruling`` rather than by an act."""



@attrs.frozen(kw_only=True)
class Simulator(Generic[S, X]):
    """What a game adds to the driver.

    ``start(setup, rng, **knobs)`` makes the simulator's secret (typically the
    stock's order, or nothing until the first deal). ``next_event(state, turn,
    secret, rng)`` returns the next act and the secret after it; a pending table
    choice reaches it only when the driver did not settle it by a ruling, and
    then the act must be by one of :func:`acting`. ``finished(state, setup)``
    stops the session (default: when the rules allow nothing more).
    """

    next_event: Callable[[S, Turn, X, random.Random], tuple[Event, X]]
    start: Callable[..., X]
    finished: Callable[[S, Setup], bool] | None = None


class SimulatedRules(Protocol[S]):
    """What the driver reads of a game's rules: :class:`cardcore.game.GameRules`,
    named here by its shape, because ``game`` imports this module (no circle)."""

    @property
    def begin(self) -> Callable[[Setup], S]: ...
    @property
    def turn(self) -> Callable[[S], Turn]: ...
    @property
    def simulator(self) -> Simulator[S, Any]: ...
    def apply(self, state: S, event: Event) -> Transition[S]: ...


def acting(turn: Turn) -> tuple[int, ...]:
    """The seats that may take the next step: the admissible ones of a choice."""
    return turn.choice or turn.actors


def known(state: GameState, zone: str) -> list[Any]:
    """The known cards of a zone, sorted: what a simulated player can choose from."""
    return sorted(state.account.zone(zone).known_cards())


def shuffled_hands(deck: Iterable[C], names: Sequence[str], size: int, rng: random.Random,
                   shuffle: Callable[[list[C], random.Random], None] | None = None,
                   ) -> tuple[dict[str, tuple[C | None, ...]], list[C]]:
    """``deck`` shuffled (fairly, unless a test passes its own ``shuffle``) and dealt
    ``size`` cards each to ``names``, in order; the rest is the stock, top first
    (the simulator's secret)."""
    cards = list(deck)
    if shuffle is None:
        rng.shuffle(cards)
    else:
        shuffle(cards, rng)
    hands: dict[str, tuple[C | None, ...]] = {
        name: tuple(cards[i * size:(i + 1) * size]) for i, name in enumerate(names)}
    return hands, cards[len(names) * size:]


def simulate(rules: SimulatedRules[S], setup: Setup, rng: random.Random, *,
             from_state: S | None = None, **knobs: Any) -> Iterator[Event]:
    """Yield the events of one whole session of ``rules`` from ``setup`` (or
    carry on from ``from_state``, as a test may, between deals); ``knobs`` reach
    the game's ``start`` (Orc Poker's shuffle)."""
    sim: Simulator[S, Any] = rules.simulator
    state = rules.begin(setup) if from_state is None else from_state
    secret = sim.start(setup, rng, **knobs)
    players = setup.players
    while not (sim.finished(state, setup) if sim.finished else not rules.turn(state).kinds):
        turn = rules.turn(state)
        event: Event
        if turn.choice and rng.random() < RULING_CHANCE:
            event = Ruling(player=players[rng.choice(turn.choice)])
        else:
            event, secret = sim.next_event(state, turn, secret, rng)
        state, _ = rules.apply(state, event)
        yield event
