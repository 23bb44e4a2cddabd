"""Orc Poker events (TRANSCRIPT.md, "Orc Poker").

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

__all__ = ["Deal", "Draw", "GiveUp", "Pitch", "Reveal"]


@attrs.frozen(kw_only=True)
class Deal(Event):
    """A new round: antes are paid and 6 cards dealt to each player (OP-1).

    ``hands`` names the hands that are known; players left out have unknown hands.
    """

    TYPE: ClassVar[str] = "deal"
    NAMED: ClassVar[tuple[str, ...]] = ("hands",)
    SECRET: ClassVar[tuple[str, ...]] = ("hands",)
    hands: Mapping[str, Sequence[PairsCard | None]] | None = None


@attrs.frozen(kw_only=True)
class Reveal(Event):
    """The first reveal (every player, OP-2.1) or a tie-break reveal (the tied
    players only, OP-2.3).

    ``draws`` records the stock cards the tied players drew after a tie-break
    reveal, when known; a tied player left out drew an unknown card. When the
    stock holds fewer cards than the tied players, ``draws`` names exactly the
    players who drew (their cards may be ``"?"``).
    """

    TYPE: ClassVar[str] = "reveal"
    NAMED: ClassVar[tuple[str, ...]] = ("cards", "draws")
    SECRET: ClassVar[tuple[str, ...]] = ("draws",)
    cards: Mapping[str, PairsCard | None]
    draws: Mapping[str, PairsCard | None] | None = None


@attrs.frozen(kw_only=True)
class Pitch(Event):
    """Every player still in puts a card face down (OP-3.1).

    ``cards`` gives the pitched cards that are known (players left out pitched
    an unknown card); ``order`` is the shuffled action deck, top first, when
    known (``"?"`` for the positions that are not).
    """

    TYPE: ClassVar[str] = "pitch"
    NAMED: ClassVar[tuple[str, ...]] = ("cards",)
    SECRET: ClassVar[tuple[str, ...]] = ("cards", "order")
    cards: Mapping[str, PairsCard | None] | None = None
    order: Sequence[PairsCard | None] | None = None


@attrs.frozen(kw_only=True)
class Draw(Event):
    """The player turns up the top card of the action deck onto their row (OP-3.3)."""

    TYPE: ClassVar[str] = "draw"
    ACTOR: ClassVar[str | None] = "player"
    player: str
    card: PairsCard | None


@attrs.frozen(kw_only=True)
class GiveUp(Event):
    """The player pays the smallest number face up and leaves the round (OP-3.4)."""

    TYPE: ClassVar[str] = "give_up"
    ACTOR: ClassVar[str | None] = "player"
    player: str
