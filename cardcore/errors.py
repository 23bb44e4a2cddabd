"""The error hierarchy: every error the library raises for bad input is a ValueError.

A :class:`RuleViolation` is what an engine raises when an event breaks a rule.
It carries the rule ID (``"C-5"``, ``"GP-4.2"``) so that a reader can look the
rule up, and an optional *path* inside the event (``("cards", "Ben")``) so that
the replay layer can point at the exact JSON value at fault.
"""

from __future__ import annotations

__all__ = ["CardcoreError", "RuleViolation"]

PathPart = str | int


class CardcoreError(ValueError):
    """Base class of every error cardcore raises for bad input."""


class RuleViolation(CardcoreError):
    """An event that the rules do not allow at this point.

    >>> error = RuleViolation("C-5", "Ben cannot draw now: it is Chie's turn")
    >>> str(error)
    "Ben cannot draw now: it is Chie's turn (C-5)"
    >>> error.at("player").path
    ('player',)
    """

    def __init__(self, rule: str, message: str, path: tuple[PathPart, ...] = ()) -> None:
        self.rule = rule
        self.message = message
        self.path = path
        super().__init__(f"{message} ({rule})")

    def at(self, *path: PathPart) -> RuleViolation:
        """The same violation located deeper inside the event (prefix ``path``)."""
        return RuleViolation(self.rule, self.message, (*path, *self.path))
