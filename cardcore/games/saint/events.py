"""Saint Poker events (TRANSCRIPT.md, "Saint Poker").

Only decisions and cards that became visible are events; the hand values, the
points and the refill order are derived. A card the record does not know is
``None`` (``"?"`` in a transcript); only the secret hands of ``deal`` may hold
one, since every other card of these events is face up for everyone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardcore.cards import Card
from cardcore.protocol import Act, Dealing, Event

__all__ = ["Deal", "River", "Show", "Take"]


@attrs.frozen(kw_only=True)
class Deal(Dealing):
    """The game starts: 10 cards to each player and the first future river (SP-1).

    ``hands`` names the hands that are known; players left out have unknown
    hands. ``future`` is face up: 3 cards with 2 players, 2 with 3, 1 with 4,
    none (``[]``) with 5.
    """

    hands: Mapping[str, Sequence[Card | None]] | None = None
    future: Sequence[Card | None]


@attrs.frozen(kw_only=True)
class River(Event):
    """A round starts: the future river moves to the centre, a new one is dealt
    (``future``), and every player adds one card from hand (SP-2.1, SP-2.2).

    ``future`` is required except with 5 players (there is none) and in the
    last round (it is never used there; recorded cards still count for C-1).
    """

    TYPE: ClassVar[str] = "river"
    NAMED: ClassVar[tuple[str, ...]] = ("cards",)
    cards: Mapping[str, Card | None]
    future: Sequence[Card | None] | None = None


@attrs.frozen(kw_only=True)
class Show(Event):
    """Every player shows two cards from hand at once (SP-2.3); scoring is derived."""

    TYPE: ClassVar[str] = "show"
    NAMED: ClassVar[tuple[str, ...]] = ("cards",)
    cards: Mapping[str, Sequence[Card | None]]


@attrs.frozen(kw_only=True)
class Take(Act):
    """One refill pick: ``player`` takes ``card`` from the pool into hand (SP-2.6)."""

    TYPE: ClassVar[str] = "take"
    card: Card | None
