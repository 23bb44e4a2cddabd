"""The seam between the play layer and a game: what a game adds so that a
program can play it (:class:`GamePlay`), and who takes the next step
(:class:`Whose`).

A game's play part lives in its own module (``cardcore.games.<game>.legal``)
and is found through :data:`PLAY_MODULES`, a table keyed by the game's
transcript name, so that the rules' own registration is left as it is.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

import attrs

from cardcore.protocol import Event

if TYPE_CHECKING:
    from cardcore.game import GameRules
    from cardcore.play.dealer import Dealer
    from cardcore.play.policies import Asking

__all__ = ["CHANCE", "OVER", "PLAY_MODULES", "GamePlay", "Whose", "game_play", "legal_events",
           "seats", "whose"]

S = TypeVar("S")

PLAY_MODULES: Final = {
    "goblin-poker": "cardcore.games.goblin.legal",
    "orc-poker": "cardcore.games.orc.legal",
    "saint-poker": "cardcore.games.saint.legal",
    "auction": "cardcore.games.auction.legal",
}
"""Transcript name -> the module whose ``PLAY`` is the game's :class:`GamePlay`."""


@attrs.frozen
class Whose:
    """Who takes the next step.

    ``chance``: the dealer writes the next event (a deal, a card from the
    stock, a table choice the rules leave to chance). Otherwise ``seats`` are
    the seats that may act now; with ``together`` each of them adds its part to
    one event that all reveal at once (a reveal, a pitch, a river, a show), and
    the parts are merged. Neither: the game is over (for a program: Goblin
    Poker's open-ended session stops at its planned or default number of games).
    """

    chance: bool = False
    seats: tuple[int, ...] = ()
    together: bool = False

    @property
    def over(self) -> bool:
        """Nothing more is played."""
        return not self.chance and not self.seats


@functools.lru_cache(maxsize=1024)
def seats(seats: tuple[int, ...], together: bool = False) -> Whose:
    """The :class:`Whose` of these seats (built once: asked before every step)."""
    return Whose(seats=seats, together=together)


CHANCE: Final = Whose(chance=True)
"""The next step is chance's (the dealer's)."""
OVER: Final = Whose()
"""Nothing more is played."""


def _whole(parts: Sequence[Event]) -> Event:  # pragma: no cover - every together game merges
    raise AssertionError("this game has no steps taken together")


def _as_is(state: Any, event: Event, dealer: Dealer) -> Event:
    return event


@attrs.frozen(kw_only=True)
class GamePlay(Generic[S]):
    """What a game adds to the rules so that a program can play it.

    ``whose(state)``: who takes the next step. ``legal(state, seat)``: every
    event ``seat`` may take now, each once, in a fixed order; fields that are
    chance's (a card drawn from the stock, the order of a shuffled pile) are
    left ``None`` for the dealer's ``complete``. In a step taken together the
    events are *parts*: the seat's own share of the one event. They read only
    what the seat may see (its hand, what is face up), so that two states that
    differ only in what the seat may not see give the same events.
    ``chance(state, dealer)`` writes a chance step; ``complete(state, event,
    dealer)`` fills in the chance fields of a player's event; ``merge(parts)``
    makes one event of the parts of a step taken together. ``actions(players)``
    is the game's action catalogue at a table of that size and
    ``action(state, event)`` the catalogue key of an event. ``asking`` makes
    the loop's convention for asking the seats (default: the first seat of
    ``whose``; Auction asks in turn and lets seats pass).
    """

    whose: Callable[[S], Whose]
    legal: Callable[[S, int], Sequence[Event]]
    chance: Callable[[S, Dealer], Event]
    complete: Callable[[S, Event, Dealer], Event] = _as_is
    merge: Callable[[Sequence[Event]], Event] = _whole
    actions: Callable[[int], tuple[Hashable, ...]]
    action: Callable[[S, Event], Hashable]
    asking: Callable[[], Asking] | None = None
    simulated: Mapping[str, float] = attrs.field(factory=dict)
    """The kind weights of the random players of :func:`cardcore.simulation.simulate`
    (a fold now and then, not every other turn), so that simulated games reach
    the deep rules."""


_LOADED: dict[str, GamePlay[Any]] = {}


def game_play(rules: GameRules[S]) -> GamePlay[S]:
    """The play part of ``rules`` (imported on first use).

    >>> from cardcore.games.goblin import RULES
    >>> game_play(RULES).whose(RULES.start(["Aki", "Ben"]))
    Whose(chance=True, seats=(), together=False)
    """
    found = _LOADED.get(rules.name)
    if found is None:
        found = importlib.import_module(PLAY_MODULES[rules.name]).PLAY
        _LOADED[rules.name] = found
    return found


def whose(rules: GameRules[S], state: S) -> Whose:
    """Who takes the next step in ``state``: chance, some seats, or nobody."""
    return game_play(rules).whose(state)


def legal_events(rules: GameRules[S], state: S, seat: int) -> Sequence[Event]:
    """Every event ``seat`` may take now (empty when it has no step), each once, in
    a fixed order; see :class:`GamePlay` for parts and chance fields.

    >>> from cardcore.games.goblin import RULES, Deal
    >>> from cardcore.play.dealer import Dealer
    >>> state = RULES.start(["Aki", "Ben"])
    >>> state, _ = RULES.apply(state, Dealer(3).chance(RULES, state))
    >>> for event in legal_events(RULES, state, 0)[:2]:
    ...     print(event.cards)
    {'Aki': 3}
    {'Aki': 4}
    """
    return game_play(rules).legal(state, seat)
