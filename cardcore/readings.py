"""A scoresheet reading (a ``check``, or a record's ``result``) against the rules.

One comparison for every judge of a reading: the replay runner (``validate``),
the live record (``record``) and :meth:`cardcore.gamelog.GameLog.append`, so
that a false ``check`` is refused alike wherever it is entered. The replay
layer turns each :class:`Disagreement` into a located problem; the log raises
:class:`CheckMismatch`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from cardcore.errors import CheckMismatch
from cardcore.protocol import Outcome
from cardcore.quoting import json_number, names, quoted
from cardcore.standings import plural

__all__ = ["CheckMismatch", "Disagreement", "disagreements"]


class Disagreement(NamedTuple):
    """One value a reading gives that the rules derive otherwise.

    ``path`` is the place inside the reading (``("chips", "Aki")``); ``derived``
    and ``recorded`` are the two values as JSON writes them (a whole Fraction as
    its integer, another as ``"23/3"``). ``unknown`` marks a name that is no
    player of the game (a format mistake rather than a disagreement: the loader
    refuses it in a file, a program may not)."""

    path: tuple[str, ...]
    message: str
    derived: Any = None
    recorded: Any = None
    unknown: bool = False


def _kept(outcome: Outcome) -> str:
    """What a game keeps and under which keys a reading gives it, for a reading
    that gives what the game does not keep (chips in a points game)."""
    if outcome.chips is not None:
        return 'it keeps chips, under "chips", and a pot, under "pot"'
    return 'it keeps points, under "scores"'


def disagreements(recorded: Any, outcome: Outcome, title: str) -> list[Disagreement]:
    """Every value ``recorded`` (a Check, or a result with ``winners``) gives that
    the rules derive otherwise, in the order chips, points, pot, winners."""
    found: list[Disagreement] = []

    def per_player(key: str, given: Mapping[str, Any] | None,
                   derived: Mapping[str, Any] | None, unit: str) -> None:
        if given is None:
            return
        if derived is None:
            found.append(Disagreement((key,), f"{title} keeps no {unit}s: {_kept(outcome)}",
                                      None, dict(given)))
            return
        for name, value in given.items():
            if name not in derived:
                found.append(Disagreement((key, name), f"{quoted(name)} is not a player of "
                                          f"this game: the players are {names(derived)}",
                                          unknown=True))
            elif derived[name] != value:
                found.append(Disagreement(
                    (key, name),
                    f"{name} has {plural(derived[name], unit)} by the rules; "
                    f"the record says {json_number(value)}",
                    json_number(derived[name]), json_number(value)))

    per_player("chips", recorded.chips, outcome.chips, "chip")
    per_player("scores", recorded.scores, outcome.scores, "point")
    if recorded.pot is not None:
        if outcome.pot is None:
            found.append(Disagreement(("pot",), f"{title} has no pot: {_kept(outcome)}", None,
                                      recorded.pot))
        elif outcome.pot != recorded.pot:
            found.append(Disagreement(
                ("pot",), f"the pot holds {outcome.pot} by the rules; the record says "
                f"{recorded.pot}", outcome.pot, recorded.pot))
    winners = getattr(recorded, "winners", None)
    if winners is not None:
        if outcome.winners is None:
            found.append(Disagreement(
                ("winners",), "there are no winners yet: the game is not complete", None,
                list(winners)))
        elif sorted(outcome.winners) != sorted(winners):
            found.append(Disagreement(
                ("winners",), f"the winners by the rules are {', '.join(outcome.winners)}; "
                f"the record says {', '.join(winners) or 'nobody'}",
                list(outcome.winners), list(winners)))
    return found
