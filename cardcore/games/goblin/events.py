"""Goblin Poker events (TRANSCRIPT.md, "Goblin Poker").

Only decisions and cards that became visible are events; antes, payments,
busts, start players and pot splits are derived. A card the record does not
know is ``None`` (``"?"`` in a transcript).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardcore.cards import PairsCard
from cardcore.protocol import Event

__all__ = ["Deal", "Fold", "Pitch", "Reveal", "Stack"]


@attrs.frozen(kw_only=True)
class Deal(Event):
    """A new game: antes are paid and 6 cards dealt to each player (GP-1).

    ``hands`` names the hands that are known; players left out have unknown hands.
    """

    TYPE: ClassVar[str] = "deal"
    NAMED: ClassVar[tuple[str, ...]] = ("hands",)
    SECRET: ClassVar[tuple[str, ...]] = ("hands",)
    hands: Mapping[str, Sequence[PairsCard | None]] | None = None


@attrs.frozen(kw_only=True)
class Reveal(Event):
    """Every player in the game shows the first card of their stack (GP-2.1)."""

    TYPE: ClassVar[str] = "reveal"
    NAMED: ClassVar[tuple[str, ...]] = ("cards",)
    cards: Mapping[str, PairsCard | None]


@attrs.frozen(kw_only=True)
class Stack(Event):
    """A card dealt face up onto a stack: from the stock in a tie-break (GP-2.3)
    or from the pitched cards (GP-4.5)."""

    TYPE: ClassVar[str] = "stack"
    ACTOR: ClassVar[str | None] = "player"
    player: str
    card: PairsCard | None


@attrs.frozen(kw_only=True)
class Fold(Event):
    """The player pays the smallest number showing and leaves the game (GP-4.2)."""

    TYPE: ClassVar[str] = "fold"
    ACTOR: ClassVar[str | None] = "player"
    player: str


@attrs.frozen(kw_only=True)
class Pitch(Event):
    """The player puts a card from hand face down (GP-4.3); ``card`` when known."""

    TYPE: ClassVar[str] = "pitch"
    ACTOR: ClassVar[str | None] = "player"
    SECRET: ClassVar[tuple[str, ...]] = ("card",)
    player: str
    card: PairsCard | None = None
