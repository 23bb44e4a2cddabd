"""The error hierarchy: every error the library raises for bad input is a ValueError.

Every error of the kernel and the games is here, under :class:`CardcoreError`
(the replay layer's are in :mod:`cardcore.replay.errors`), so a reader finds
them in one place; the module that raises one also exports it.

A :class:`RuleViolation` is what an engine raises when an event breaks a rule.
It carries the rule ID (``"C-5"``, ``"GP-4.2"``) so that a reader can look the
rule up, and an optional *path* inside the event (``("cards", "Ben")``) so that
the replay layer can point at the exact JSON value at fault. One event can
break several common rules at once (RULES.md: every one is reported); the first
is the violation itself and the rest ride along in :attr:`RuleViolation.also`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["CardNotationError", "CardcoreError", "CheckMismatch", "EventValueError", "GameDefinitionError",
           "NotAStateError", "NotAnEventError", "OptionsError", "PathPart", "RuleViolation",
           "RulebookError", "SetupError", "UnknownGameError"]

PathPart = str | int


class CardcoreError(ValueError):
    """Base class of every error cardcore raises for bad input.

    Every one survives ``pickle`` and ``copy.deepcopy`` as itself (a worker
    process of ``concurrent.futures`` sends its errors to the parent pickled):
    an error comes back with the same arguments and attributes without its
    ``__init__`` being called again, whatever that ``__init__`` takes.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt, (type(self), self.args, self.__dict__)


def _rebuilt(cls: type[CardcoreError], args: tuple[Any, ...], state: dict[str, Any]
             ) -> CardcoreError:
    """An error as it was pickled: its ``args`` and attributes, set directly."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class EventValueError(CardcoreError, TypeError):
    """An event built in Python with a field of the wrong type or value, refused
    where it is built, before any rule is judged: ``event`` is the class's
    name, ``path`` the place inside the event (``("cards", "Aki")``), ``given``
    the value as the message quotes it and ``allowed`` what may be there.

    A TypeError too, as Python's own for a wrong argument type is.
    """

    def __init__(self, event: str, path: tuple[PathPart, ...], given: str, allowed: str
                 ) -> None:
        self.event = event
        self.path = path
        self.given = given
        self.allowed = allowed
        where = "".join(f"[{part!r}]" for part in path[1:])
        super().__init__(f"{event}.{path[0]}{where} cannot be {given}: it takes {allowed}")


class NotAStateError(CardcoreError):
    """A state given to a game's rules that is not one of that game's states
    (a state of another game, or something else): a program's mistake, not a
    rule broken."""


class SetupError(CardcoreError):
    """Players, options or ages that a game cannot start with.

    ``path`` locates the value at fault in the setup, as a transcript's JSON
    pointer would (``("players", 1)``, ``("ages", "Aki")``, ``("options",
    "rounds")``; empty when the whole value is wrong).

    >>> SetupError("'Aki' sits twice", ("players", 1)).path
    ('players', 1)
    """

    def __init__(self, message: str, path: tuple[PathPart, ...] = ()) -> None:
        self.message = message
        self.path = path
        super().__init__(message)


class OptionsError(SetupError):
    """An option value the rules do not allow; ``option`` names it."""

    def __init__(self, message: str, option: str | None = None) -> None:
        self.option = option
        super().__init__(message, () if option is None else ("options", option))


class GameDefinitionError(CardcoreError):
    """A game's ``RULES`` that cannot be built: a handler keyed by something that
    is not one of its event classes, two classes of one kind, a part that is not
    one (:class:`cardcore.game.GameRules`). A game author's mistake, found when
    the game's package is imported rather than at the first event."""


class NotAnEventError(CardcoreError):
    """Something applied to a game that is not one of its events: an event of
    another game, a dict, a class. A program's mistake, not a rule broken, so it
    cites no rule; a transcript's events are always the game's own."""


class RuleViolation(CardcoreError):
    """An event that the rules do not allow at this point.

    >>> error = RuleViolation("C-5", "Ben cannot draw now: it is Chie's turn")
    >>> str(error)
    "Ben cannot draw now: it is Chie's turn (C-5)"
    >>> error.at("player").path
    ('player',)
    >>> both = RuleViolation.several([RuleViolation("C-7", "a"), RuleViolation("C-5", "b")])
    >>> [v.rule for v in both.problems], str(both)
    (['C-7', 'C-5'], 'a (C-7); and 1 more problem')
    """

    def __init__(self, rule: str, message: str, path: tuple[PathPart, ...] = (),
                 also: tuple[RuleViolation, ...] = ()) -> None:
        self.rule = rule
        self.message = message
        self.path = path
        self.also = also
        more = f"; and {len(also)} more problem{'s' if len(also) != 1 else ''}" if also else ""
        super().__init__(f"{message} ({rule}){more}")

    @classmethod
    def several(cls, violations: list[RuleViolation]) -> RuleViolation:
        """One violation standing for all of ``violations`` (the first leads)."""
        first, *rest = violations
        return cls(first.rule, first.message, first.path, tuple(rest))

    @property
    def problems(self) -> tuple[RuleViolation, ...]:
        """This violation and every further one of the same event, in report order."""
        lead = RuleViolation(self.rule, self.message, self.path) if self.also else self
        return (lead, *self.also)

    def at(self, *path: PathPart) -> RuleViolation:
        """The same violation located deeper inside the event (prefix ``path``)."""
        return RuleViolation(self.rule, self.message, (*path, *self.path),
                             tuple(v.at(*path) for v in self.also))


class CardNotationError(CardcoreError):
    """A card written in a way the transcript format does not allow."""


class UnknownGameError(CardcoreError):
    """A game name that no engine implements; the message lists the games there are."""

    def __init__(self, name: object, games: Sequence[str], hint: str = "") -> None:
        """``hint``: the game the name most likely means, in words (`` (did you
        mean 'goblin-poker'?)``), or nothing."""
        self.name = name
        self.games = tuple(games)
        self.hint = hint
        super().__init__(f"no game is called {name!r}{hint}: the games are {', '.join(games)}")


class RulebookError(CardcoreError):
    """A page or rule that does not exist; the message says what does."""


class CheckMismatch(CardcoreError):
    """A ``check`` appended to a :class:`~cardcore.gamelog.GameLog` that disagrees
    with the rules: ``disagreements`` holds every value it gets wrong
    (:class:`cardcore.readings.Disagreement`, each with its ``path`` and ``message``)."""

    def __init__(self, disagreements: Sequence[Any]) -> None:
        self.disagreements = disagreements
        first = disagreements[0]
        where = "/".join(first.path)
        more = len(disagreements) - 1
        tail = f"; and {more} more value{'s' if more != 1 else ''}" if more else ""
        super().__init__(f"the check disagrees with the rules at {where}: {first.message}{tail}")
