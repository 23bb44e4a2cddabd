"""Problems a reader reports, each located by a JSON pointer (RFC 6901)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

import attrs

from cardcore.quoting import json_number, quoted, shown_number

__all__ = ["CHECK", "FORMAT", "INTERNAL", "KEPT_PROBLEMS", "MAX_INTEGER", "NUMBERS_ARE", "RULE",
           "SHOWN_MOVERS", "Problem", "describe_value", "kept", "moved_text", "out_of_range",
           "pointer", "signed"]

FORMAT = "format"
RULE = "rule"
CHECK = "check"
INTERNAL = "internal"
"""Not a problem of the file: cardcore failed on it (a bug to report)."""


KEPT_PROBLEMS = 100
"""The problems kept of one file: the first ones, in the order they are found;
the others are only counted. A file of millions of events, each of an unknown
type or each followed by a wrong check, would otherwise cost memory for every
problem (a transcript of 30 MB: 2 GB), and no reader reads past the first few."""


def kept(problems: Iterable[Problem]) -> tuple[list[Problem], int]:
    """The first :data:`KEPT_PROBLEMS` of ``problems``, and how many more there are
    (counted one by one, never held)."""
    iterator = iter(problems)
    first = list(itertools.islice(iterator, KEPT_PROBLEMS))
    return first, sum(1 for _ in iterator)


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


MAX_INTEGER = 2**53 - 1
"""The largest whole number in a transcript, 9007199254740991 (and its negative
the smallest): the largest integer every JSON reader keeps exactly (RFC 8259,
section 6), and far more chips or points than any table counts."""

NUMBERS_ARE = f"numbers in a transcript are whole numbers from -{MAX_INTEGER} to {MAX_INTEGER}"
"""What a transcript's numbers are, in the words of its messages."""

def out_of_range(value: int) -> str:
    """The message for an integer beyond :data:`MAX_INTEGER`.

    >>> out_of_range(2**53)
    'the number 9007199254740992 is out of range: numbers in a transcript are whole numbers from -9007199254740991 to 9007199254740991'
    """
    return f"{describe_value(value)} is out of range: {NUMBERS_ARE}"


def describe_value(value: object) -> str:
    """A JSON value in words for messages (a long number or string shortened).

    >>> describe_value("7"), describe_value(None), describe_value([1])
    ("the string '7'", 'null', 'a list')
    >>> describe_value(-10**4000)
    'the number -1000000000...0000 (4001 digits)'
    >>> describe_value("1/" + "9" * 5000)
    "the string '1/99999999999999999999999999999999999999'... (5002 characters)"
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {quoted(value)}"
    if isinstance(value, int):
        shown = shown_number(value)
        return shown if shown.startswith("a number") else f"the number {shown}"
    if isinstance(value, float):
        return f"the number {quoted(value)}"
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
    the line with a caret under that column. A problem read from a file, with a
    pointer, has the ``line`` and ``column`` where the pointed value starts
    (:mod:`cardcore.replay.positions`; the column counts characters from 1).
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
    ``since`` (the places to look for the mistake), the first 20 of them."""
    moved_more: int = 0
    """How many more events moved it, beyond those ``moved_by`` names."""
    movements: tuple[tuple[Any, tuple[str, ...]], ...] = ()
    """What each event of ``moved_by`` moved the figure by, and the rules of the
    payments that moved it: a change to a payment rule shows there."""

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
                if self.movements:
                    data["movements"] = [
                        {"pointer": at, "amount": json_number(amount), "rules": list(rules)}
                        for at, (amount, rules) in zip(self.moved_by, self.movements,
                                                       strict=True)]
                if self.moved_more:
                    data["moved_more"] = self.moved_more
        if self.line is not None:
            data["line"] = self.line
            data["column"] = self.column
            if self.context is not None:
                data["context"] = self.context
        return data

    @property
    def placed(self) -> str | None:
        """Where the pointed value is written, ``line 10, column 45``, when that is
        known and the message does not say it already (as a syntax error's does)."""
        if not self.pointer or self.line is None:
            return None
        return f"line {self.line}, column {self.column}"

    def __str__(self) -> str:
        where = self.pointer or "(whole file)"
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{where}: {self.kind}{rule}: {self.message}"


SHOWN_MOVERS = 6
"""How many events a mismatch names before it says how many more there are."""


def signed(value: object) -> str:
    """An amount with its sign: ``+9``, ``-1``, ``+7/3``; ``0`` for nothing.

    >>> signed(9), signed(-1), signed(0)
    ('+9', '-1', '0')
    """
    shown = str(json_number(value))
    if not value:
        return shown
    return shown if shown.startswith("-") else f"+{shown}"


def moved_text(problem: Problem) -> str:
    """Where to look for a chips or points mismatch's cause, in one short line: the
    events that moved the figure since the last reading that agreed, each with
    what it moved it by and under which rules.

    >>> moved_text(Problem(kind="check", pointer="/events/9/chips/Aki", message="x",
    ...                    since="/events/3", moved_by=("/events/5", "/events/7"),
    ...                    movements=((-5, ("GP-4.6",)), (19, ("GP-6.2",)))))
    'moved since /events/3 (the last reading that agreed) by /events/5 (-5, GP-4.6), /events/7 (+19, GP-6.2)'
    >>> moved_text(Problem(kind="check", pointer="/result/chips/Aki", message="x", moved_by=()))
    'no event moved it since the start'
    """
    since, moved_by = problem.since, problem.moved_by or ()
    start = f"{since} (the last reading that agreed)" if since else "the start"
    if not moved_by:
        return f"no event moved it since {start}"
    how = problem.movements or ((None, ()),) * len(moved_by)
    shown = ", ".join(
        at if amount is None else f"{at} ({signed(amount)}, {', '.join(rules)})"
        for at, (amount, rules) in zip(moved_by[:SHOWN_MOVERS], how, strict=False))
    more = problem.moved_more + max(0, len(moved_by) - SHOWN_MOVERS)
    return f"moved since {start} by {shown}" + (f" and {more} more" if more > 0 else "")
