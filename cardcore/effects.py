"""Derived effects: what an event caused, each with the rule behind it.

Effects are how a player follows where every chip or point went: an engine
returns them from ``apply`` and the replay prints them. A :class:`Transfer` is
one movement of chips or points; ``forgiven`` is the part of a payment the
payer could not make (the shortfall rule), which never enters the pot.

Effects and the ledger are frozen attrs classes without slots: an event builds
one or two of each, and attrs fills a dict instance faster than slots.
"""

from __future__ import annotations

import attrs

__all__ = ["BANK", "POT", "Effect", "Transfer"]

POT = "pot"
"""Payer or receiver name for the pot."""

BANK = "bank"
"""Payer name for points that come from nowhere (scoring in point games)."""


@attrs.frozen(kw_only=True, slots=False)
class Transfer:
    """``amount`` moves from ``payer`` to ``receiver`` under ``rule``.

    >>> str(Transfer(payer="Aki", receiver="pot", amount=3, owed=5, rule="GP-4.2"))
    'Aki -> pot: 3 (owed 5, 2 forgiven) [GP-4.2]'
    """

    payer: str
    receiver: str
    amount: int
    rule: str
    owed: int | None = None
    """What the rule asked for, when the payer could not pay all of it."""

    @property
    def forgiven(self) -> int:
        return 0 if self.owed is None else self.owed - self.amount

    def __str__(self) -> str:
        text = f"{self.payer} -> {self.receiver}: {self.amount}"
        if self.owed is not None and self.owed != self.amount:
            text += f" (owed {self.owed}, {self.forgiven} forgiven)"
        return f"{text} [{self.rule}]"


@attrs.frozen(kw_only=True, slots=False)
class Effect:
    """One derived consequence of an event.

    ``kind`` is a short stable tag (``ante``, ``fold``, ``bust``, ``start_player``,
    ``win``, ``split``, ...) for programs; ``text`` is the sentence for people.
    """

    kind: str
    rule: str
    text: str
    players: tuple[str, ...] = ()
    transfers: tuple[Transfer, ...] = ()

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"
