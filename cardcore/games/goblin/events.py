"""Goblin Poker's events (TRANSCRIPT.md, "Goblin Poker"): the players' decisions and
the stack cards dealt face up; antes, folds' prices, busts and the pot are derived.
An unseen card is ``None`` (``"?"``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from cardcore.cards import PairsCard
from cardcore.protocol import Act, Event
from cardcore.protocol import PairsDeal as Deal

__all__ = ["Deal", "Fold", "Pitch", "Reveal", "Stack"]


@attrs.frozen(kw_only=True)
class Reveal(Event):
    """Every player in the game shows the first card of their stack (GP-2.1)."""

    TYPE: ClassVar[str] = "reveal"
    NAMED: ClassVar[tuple[str, ...]] = ("cards",)
    cards: Mapping[str, PairsCard | None]


@attrs.frozen(kw_only=True)
class Stack(Act):
    """A card dealt face up onto ``player``'s stack: from the stock in a tie-break
    (GP-2.3) or from the pitched cards (GP-4.5)."""

    TYPE: ClassVar[str] = "stack"
    card: PairsCard | None


@attrs.frozen(kw_only=True)
class Fold(Act):
    """The player pays the smallest number showing and leaves the game (GP-4.2)."""

    TYPE: ClassVar[str] = "fold"


@attrs.frozen(kw_only=True)
class Pitch(Act):
    """The player puts a card from hand face down (GP-4.3); ``card`` when known."""

    TYPE: ClassVar[str] = "pitch"
    SECRET: ClassVar[tuple[str, ...]] = ("card",)
    card: PairsCard | None = None
