"""The game protocol: what every game module provides.

A game is a pure function folded over a log (ARCHITECTURE.md)::

    state_n = apply(...apply(start(players, options), e0)..., e_{n-1})

``apply`` returns the next immutable state and the effects the event caused, or
raises :class:`~cardcore.errors.RuleViolation`. ``expected`` tells what may come
next; the one function serves error messages, completeness and simulation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from cardcore.effects import Effect
from cardcore.errors import CardcoreError

__all__ = [
    "Check",
    "Event",
    "Expected",
    "GameRules",
    "Outcome",
    "Ruling",
    "SetupError",
    "check_players",
]


class SetupError(CardcoreError):
    """Players or options that no game can start with."""


@attrs.frozen(kw_only=True)
class Event:
    """Base of every event: ``note`` is kept and shown, never interpreted."""

    TYPE: ClassVar[str] = ""
    note: str | None = None


@attrs.frozen(kw_only=True)
class Check(Event):
    """A reading of the scoresheet; compared with the derived state, changes nothing."""

    TYPE: ClassVar[str] = "check"
    chips: Mapping[str, int] | None = None
    pot: int | None = None
    scores: Mapping[str, int | Fraction] | None = None


@attrs.frozen(kw_only=True)
class Ruling(Event):
    """The table's choice where the rules leave one (RULES.md, "Table choices")."""

    TYPE: ClassVar[str] = "ruling"
    player: str


@attrs.frozen(kw_only=True)
class Expected:
    """What may come next.

    ``kinds`` are the event types the rules allow now (``check`` is always
    allowed and not listed). ``players`` are who may take the step; with
    ``choice`` they are the admissible players of a table choice. ``text`` says
    it in words ("Ben pitches or folds").
    """

    kinds: frozenset[str]
    players: tuple[str, ...] = ()
    choice: bool = False
    text: str = ""
    rule: str = ""
    """The game's rule that decides whose step it is (cited in C-5 messages)."""

    @property
    def over(self) -> bool:
        return not self.kinds


@attrs.frozen(kw_only=True)
class Outcome:
    """The derived standing, shaped like a transcript's ``result``.

    ``winners`` is ``None`` while the game is not complete.
    """

    complete: bool
    chips: Mapping[str, int] | None = None
    pot: int | None = None
    scores: Mapping[str, int | Fraction] | None = None
    winners: tuple[str, ...] | None = None
    forgiven: int | None = None


S = TypeVar("S")


@attrs.frozen(kw_only=True)
class GameRules(Generic[S]):
    """What a game module exports as its ``RULES``: its facts and its pure functions.

    ``simulate(players, options, rng)`` yields the events of a random legal
    full-information session; it is a writer of events, never part of ``apply``.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options_type: type[Any]
    event_types: Mapping[str, type[Event]]
    start: Callable[..., S]
    """``start(players, options)``: the state before the first event. A game with
    ``takes_ages`` also accepts the keyword ``ages=`` (player -> age, or None)."""
    apply: Callable[[S, Event], tuple[S, tuple[Effect, ...]]]
    expected: Callable[[S], Expected]
    outcome: Callable[[S], Outcome]
    position: Callable[[S], str]
    """Where the game stands, for grouping a replay ("game 2, round 3")."""
    simulate: Callable[[Sequence[str], Any, random.Random], Iterator[Event]]
    takes_ages: bool = False
    """``start`` takes the players' ages (a transcript's ``ages``) as ``ages=``;
    only Saint Poker uses them (SP-2.6)."""


def check_players(players: Sequence[str], low: int, high: int, game: str) -> tuple[str, ...]:
    """Players must be unique non-empty names, as many as the game allows.

    >>> check_players(["Aki", "Aki"], 2, 8, "Goblin Poker")
    Traceback (most recent call last):
    ...
    cardcore.protocol.SetupError: 'Aki' sits twice: player names must be unique
    """
    names = tuple(players)
    for name in names:
        if not isinstance(name, str) or not name:
            raise SetupError(f"{name!r} is not a player name: names are non-empty strings")
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise SetupError(f"{name!r} sits twice: player names must be unique")
        seen.add(name)
    if not low <= len(names) <= high:
        message = f"{game} is for {low} to {high} players, not {len(names)}"
        raise SetupError(message)
    return names
