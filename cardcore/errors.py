"""The error hierarchy: every error the library raises for bad input is a ValueError.

A :class:`RuleViolation` is what an engine raises when an event breaks a rule.
It carries the rule ID (``"C-5"``, ``"GP-4.2"``) so that a reader can look the
rule up, and an optional *path* inside the event (``("cards", "Ben")``) so that
the replay layer can point at the exact JSON value at fault. One event can
break several common rules at once (RULES.md: every one is reported); the first
is the violation itself and the rest ride along in :attr:`RuleViolation.also`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CardcoreError", "EventValueError", "NotAStateError", "NotAnEventError", "PathPart",
           "RuleViolation"]

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
