"""Problems a reader reports, each located by a JSON pointer (RFC 6901)."""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["CHECK", "FORMAT", "INTERNAL", "RULE", "Problem", "describe_value", "pointer"]

FORMAT = "format"
RULE = "rule"
CHECK = "check"
INTERNAL = "internal"
"""Not a problem of the file: cardcore failed on it (a bug to report)."""


def pointer(*parts: str | int) -> str:
    """A JSON pointer from path parts, escaping ``~`` and ``/``.

    >>> pointer("events", 3, "cards", "Ben")
    '/events/3/cards/Ben'
    >>> pointer("meta", "a/b~c")
    '/meta/a~1b~0c'
    >>> pointer()
    ''
    """
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def describe_value(value: object) -> str:
    """A JSON value in words for messages.

    >>> describe_value("7"), describe_value(None), describe_value([1])
    ("the string '7'", 'null', 'a list')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def split_pointer(text: str) -> list[str]:
    """The parts of a JSON pointer.

    >>> split_pointer("/events/3/cards/a~1b")
    ['events', '3', 'cards', 'a/b']
    """
    if not text:
        return []
    return [part.replace("~1", "/").replace("~0", "~") for part in text.split("/")[1:]]


@attrs.frozen(kw_only=True)
class Problem:
    """One thing wrong with a transcript.

    ``kind`` is ``format`` (not a transcript of this format), ``rule`` (an event
    the rules do not allow; ``rule`` holds the rule ID), ``check`` (a recorded
    reading that differs from the derived one; ``derived`` and ``recorded`` hold
    both, and for a player's chips or points the events that moved them since
    the last agreeing reading) or ``internal`` (cardcore failed on the file: a bug). A JSON syntax
    error also has the ``line`` and ``column`` of the mistake, and ``context``:
    the line with a caret under that column.
    """

    kind: str
    pointer: str
    message: str
    rule: str | None = None
    derived: Any = None
    recorded: Any = None
    line: int | None = None
    column: int | None = None
    context: str | None = None
    since: str | None = None
    """For a chips or points mismatch: the pointer of the last reading of that
    figure that agreed (None: the start)."""
    moved_by: tuple[str, ...] | None = None
    """For a chips or points mismatch: the events that moved that figure since
    ``since`` (the places to look for the mistake)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "pointer": self.pointer}
        if self.rule is not None:
            data["rule"] = self.rule
        data["message"] = self.message
        if self.kind == CHECK:
            data["derived"] = self.derived
            data["recorded"] = self.recorded
            if self.moved_by is not None:
                data["since"] = self.since
                data["moved_by"] = list(self.moved_by)
        if self.line is not None:
            data["line"] = self.line
            data["column"] = self.column
            data["context"] = self.context
        return data

    def __str__(self) -> str:
        where = self.pointer or "(whole file)"
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{where}: {self.kind}{rule}: {self.message}"
