"""The words of the common problems the kernel reports: players named in words,
whose turn it is (C-5), a needless or inadmissible ruling (C-8).

The order in which the checks are made and reported is the dispatch's
(:mod:`cardcore.dispatch`); this module only builds messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from cardcore.errors import RuleViolation
from cardcore.protocol import alike_player

if TYPE_CHECKING:
    from cardcore.expected import Expected

__all__ = ["closest", "inadmissible", "likely", "names", "needless_ruling", "no_such_player",
           "unique_prefix", "wrong_player"]


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


def closest(name: object, choices: Sequence[str], also: Mapping[str, str] | None = None
            ) -> str | None:
    """The one of ``choices`` a mistyped ``name`` most likely means, or None: the
    choice written in another case or with ``-`` or a space for ``_``, else the
    nearest in spelling (a letter left out or added, ``folds``). ``also``: other
    names of choices, each mapped to its choice (a bid kind's long name).

    >>> closest("Give-Up", ("fold", "give_up")), closest("plyer", ("card", "player"))
    ('give_up', 'player')
    >>> closest("three_of_a_kind", ("three", "four"), {"three_of_a_kind": "three"})
    'three'
    >>> closest("Zed", ("Aki", "Ben")) is None, closest(3, ("Aki",)) is None
    (True, True)
    """
    if not isinstance(name, str):
        return None
    import difflib  # here: only a message for a mistyped name pays for it

    named = {choice: choice for choice in choices} | dict(also or {})
    folded = _folded(name)
    same = [choice for other, choice in named.items() if _folded(other) == folded]
    if same:
        return same[0]
    close = difflib.get_close_matches(name, list(named), n=1)
    return named[close[0]] if close else None


def _folded(text: str) -> str:
    """``text`` as :func:`closest` compares it first: in one case, ``_`` for ``-`` and space."""
    return text.casefold().replace("-", "_").replace(" ", "_")


def likely(name: object, choices: Sequence[str], also: Mapping[str, str] | None = None) -> str:
    """Words for the one of ``choices`` a mistyped name most likely means (empty if
    none; :func:`closest`): a player's name among the players, an event's type
    among the game's, a key among the keys an object may have.

    >>> likely("chie", ("Aki", "Ben", "Chie")), likely("Zed", ("Aki", "Ben"))
    (" (did you mean 'Chie'?)", '')
    >>> likely("give-up", ("deal", "draw", "give_up")), likely("folds", ("fold", "pitch"))
    (" (did you mean 'give_up'?)", " (did you mean 'fold'?)")
    """
    close = closest(name, choices, also)
    return f" (did you mean {close!r}?)" if close else ""


def no_such_player(name: object, players: Sequence[str]) -> str:
    """The end of a message for a name that is no player's: how it differs from the
    player's name it prints as (the problem stays: the file must write the name
    as ``players`` does), else the likely one (:func:`likely`).

    >>> no_such_player("Chie\u0301", ("Aki", "Chi\u00e9")) == (
    ...     "; 'Chie\u0301' is 'Chi\u00e9' in another Unicode form (the same letters, "
    ...     "composed otherwise): write the name as players writes it")
    True
    >>> no_such_player("chie", ("Aki", "Chie"))
    " (did you mean 'Chie'?)"
    """
    alike = alike_player(name, players) if isinstance(name, str) else ""
    if alike:
        return f"; {alike}: write the name as players writes it"
    return likely(name, players)


def unique_prefix(text: str, choices: Sequence[str]) -> str | None:
    """The choice a person means by ``text`` on the command line: the choice itself
    (in any case), or the only one it begins; None if it names none or several.

    >>> pages = ("goblin-poker", "orc-poker", "saint-poker")
    >>> unique_prefix("Goblin-Poker", pages), unique_prefix("saint", pages)
    ('goblin-poker', 'saint-poker')
    >>> unique_prefix("", pages), unique_prefix("poker", pages), unique_prefix("gin", pages)
    (None, None, None)
    """
    wanted = text.strip().lower()
    if wanted in choices:
        return wanted
    matches = [choice for choice in choices if choice.startswith(wanted)] if wanted else []
    return matches[0] if len(matches) == 1 else None


def wrong_player(name: str, doing: str, expected: Expected, players: Sequence[str]) -> RuleViolation:
    """C-5 saying whose step it is (or who is admissible for a table choice), and the
    game's rule that makes it theirs:

    >>> from cardcore.expected import Expected
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
