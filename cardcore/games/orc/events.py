"""Orc Poker's events (TRANSCRIPT.md, "Orc Poker"): what each round's table saw
happen, from the deal to the last draw; antes, busts, give-up prices, start
players and the pot are derived. An unseen card is ``None`` (``"?"``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardcore.cards import PairsCard
from cardcore.protocol import Act, Event
from cardcore.protocol import PairsDeal as Deal

__all__ = ["Deal", "Draw", "GiveUp", "Pitch", "Reveal"]


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
class Draw(Act):
    """The player turns up the top card of the action deck onto their row (OP-3.3)."""

    TYPE: ClassVar[str] = "draw"
    card: PairsCard | None


@attrs.frozen(kw_only=True)
class GiveUp(Act):
    """The player pays the smallest number face up and leaves the round (OP-3.4)."""

    TYPE: ClassVar[str] = "give_up"
