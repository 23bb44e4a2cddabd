"""Checks every engine makes before its own rules: who is named, and whether
the event may come now (C-4, C-5, C-6, C-7, C-8).

Precedence when several common rules apply to one event (documented in
docs/rulings.md): C-6 (the game is over) first, then C-4 (the kind of event),
then C-7 (a player not in the game), then C-5 (the wrong player) and C-8 (a
needless ruling); card accounting (C-1, C-2, C-3) comes after these, since it
only makes sense for an event that may come at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.errors import PathPart, RuleViolation
from cardcore.protocol import Event, Expected

__all__ = ["inadmissible", "names", "needless_ruling", "not_now", "over", "seat_of", "wrong_player"]


def names(players: Sequence[str], seats: Sequence[int]) -> str:
    """Seat numbers as a list of names in words.

    >>> names(("Aki", "Ben", "Chie"), [0, 2])
    'Aki and Chie'
    >>> names(("Aki", "Ben", "Chie"), [0, 1, 2])
    'Aki, Ben and Chie'
    """
    words = [players[seat] for seat in seats]
    if len(words) <= 1:
        return "".join(words) or "nobody"
    return ", ".join(words[:-1]) + " and " + words[-1]


def seat_of(players: Sequence[str], name: str, *path: PathPart) -> int:
    """The seat of ``name``; C-7 if nobody of that name sits at the table."""
    try:
        return players.index(name)
    except ValueError:
        message = f"there is no player {name!r} at this table (players: {', '.join(players)})"
        raise RuleViolation("C-7", message, path) from None


def over(event: Event, why: str) -> RuleViolation:
    return RuleViolation("C-6", f"no {event.TYPE} can come after the end: {why}")


def not_now(event: Event, expected: Expected) -> RuleViolation:
    """C-4 with what may come instead."""
    return RuleViolation("C-4", f"a {event.TYPE} cannot come now: {expected.text}")


def wrong_player(name: str, doing: str, expected: Expected, players: Sequence[str]) -> RuleViolation:
    """C-5 saying whose step it is (or who is admissible for a table choice), and the
    game's rule that makes it theirs:

    >>> expected = Expected(kinds=frozenset({"draw"}), players=("Chie",), rule="OP-3.2")
    >>> str(wrong_player("Ben", "draw", expected, ("Aki", "Ben", "Chie")))
    "Ben cannot draw now: it is Chie's turn (OP-3.2) (C-5)"
    """
    if expected.choice:
        admissible = names(players, [players.index(p) for p in expected.players])
        message = f"{name} cannot {doing} now: this is a table choice among {admissible}"
    elif len(expected.players) == 1:
        message = f"{name} cannot {doing} now: it is {expected.players[0]}'s turn"
    else:
        waiting = names(players, [players.index(p) for p in expected.players])
        message = f"{name} cannot {doing} now: the next step is for {waiting}"
    if expected.rule:
        message += f" ({expected.rule})"
    return RuleViolation("C-5", message, ("player",))


def needless_ruling(expected_text: str) -> RuleViolation:
    """C-8: a ruling where the rules leave the table no choice."""
    message = f"no table choice is due here, so a ruling is not needed: {expected_text}"
    return RuleViolation("C-8", message, ("player",))


def inadmissible(name: str, players: Sequence[str], admissible: Sequence[int],
                 rule: str) -> RuleViolation:
    """C-8: a ruling naming a player outside the table choice of ``rule``.

    >>> str(inadmissible("Chie", ("Aki", "Ben", "Chie"), (0, 1), "GP-3.2"))
    'Chie is not among the admissible players of this table choice: Aki and Ben (GP-3.2) (C-8)'
    """
    message = (
        f"{name} is not among the admissible players of this table choice: "
        f"{names(players, admissible)} ({rule})"
    )
    return RuleViolation("C-8", message, ("player",))
