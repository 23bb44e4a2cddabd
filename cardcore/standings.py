"""Standings: a game's state read as a transcript's ``result`` (chips or points).

Every game ends the same way: the most chips or points win and equal totals
share the win (GP-6.3, OP-4.3, SP-3.1, AU-6.1), so the reading lives here once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardcore.effects import Effect, effect
from cardcore.exact import Number
from cardcore.frozen import FrozenMap
from cardcore.ledger import Ledger
from cardcore.protocol import GameState, Outcome
from cardcore.table import names

__all__ = ["chip_outcome", "plural", "point_outcome", "standing", "winners", "winners_effect"]


def winners(table: Mapping[str, Number]) -> tuple[str, ...]:
    """Everyone with the highest total, in seat order.

    >>> winners({"Aki": 3, "Ben": 5, "Chie": 5})
    ('Ben', 'Chie')
    """
    best = max(table.values())
    return tuple(name for name, value in table.items() if value == best)


def standing(state: GameState) -> Outcome:
    """The outcome of any game's state: its ledger's chips and pot where it keeps
    chips, else its points (``scores``); winners once it is ``complete``."""
    ledger: Ledger | None = getattr(state, "ledger", None)
    if ledger is not None:
        return chip_outcome(ledger, state.complete)
    points: Sequence[Number] = getattr(state, "scores")  # noqa: B009 - a game's own field
    return point_outcome(state.players, points, state.complete)


def chip_outcome(ledger: Ledger, complete: bool) -> Outcome:
    """Chips, the pot and what was forgiven; winners once the game is complete."""
    chips = FrozenMap(zip(ledger.players, ledger.chips, strict=True))
    return Outcome(
        complete=complete,
        chips=chips,
        pot=ledger.pot,
        winners=winners(chips) if complete else None,
        forgiven=ledger.forgiven,
    )


def point_outcome(players: Sequence[str], points: Sequence[Number], complete: bool) -> Outcome:
    """Points per player; winners once the game is complete."""
    scores = FrozenMap(zip(players, points, strict=True))
    return Outcome(complete=complete, scores=scores,
                   winners=winners(scores) if complete else None)


def plural(count: Number | str, unit: str, units: str | None = None) -> str:
    """A count with its unit, ``units`` where its plural is not ``unit`` + s (a
    count may be a number as shown: ``7/3``).

    >>> plural(1, "point"), plural(3, "chip"), plural(2, "entry", "entries")
    ('1 point', '3 chips', '2 entries')
    """
    return f"{count} {unit}" if count == 1 else f"{count} {units or unit + 's'}"


def winners_effect(players: Sequence[str], totals: Sequence[Number], rule: str, unit: str,
                   tail: str = "") -> Effect:
    """The end of a game: the highest total wins, equal totals share the win;
    ``tail`` adds what else the table should hear (a pot left over). Worded when
    read (:func:`cardcore.effects.effect`), from copies of ``players`` and the
    winners' seats: a caller's list may change after."""
    best = max(totals)
    top = tuple([seat for seat, total in enumerate(totals) if total == best])
    seated = tuple(players)
    return effect("winners", rule, _winners_text, (seated, top, best, unit, tail),
                  tuple([seated[s] for s in top]))


def _winners_text(players: tuple[str, ...], top: tuple[int, ...], best: Number, unit: str,
                  tail: str) -> str:
    amount = plural(best, unit)
    text = (f"{players[top[0]]} wins with {amount}" if len(top) == 1
            else f"{names(players, top)} share the win with {amount} each")
    return text + tail
