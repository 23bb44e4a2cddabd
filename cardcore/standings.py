"""Standings: a game's state read as a transcript's ``result`` (chips or points).

Every game ends the same way: the most chips or points win and equal totals
share the win (GP-6.3, OP-4.3, SP-3.1, AU-6.1), so the reading lives here once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from cardcore.ledger import Ledger
from cardcore.protocol import Outcome

__all__ = ["chip_outcome", "point_outcome", "winners"]

Number = int | Fraction


def winners(table: Mapping[str, Number]) -> tuple[str, ...]:
    """Everyone with the highest total, in seat order.

    >>> winners({"Aki": 3, "Ben": 5, "Chie": 5})
    ('Ben', 'Chie')
    """
    best = max(table.values())
    return tuple(name for name, value in table.items() if value == best)


def chip_outcome(ledger: Ledger, complete: bool) -> Outcome:
    """Chips, the pot and what was forgiven; winners once the game is complete."""
    chips = dict(zip(ledger.players, ledger.chips, strict=True))
    return Outcome(
        complete=complete,
        chips=chips,
        pot=ledger.pot,
        winners=winners(chips) if complete else None,
        forgiven=ledger.forgiven,
    )


def point_outcome(players: Sequence[str], points: Sequence[Number], complete: bool) -> Outcome:
    """Points per player; winners once the game is complete."""
    scores = dict(zip(players, points, strict=True))
    return Outcome(complete=complete, scores=scores,
                   winners=winners(scores) if complete else None)
