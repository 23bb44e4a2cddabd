"""How a message quotes what the input says: as the JSON file writes it, and short.

A transcript is JSON, so a wrong value is quoted in JSON's words (``true``,
``null``, ``[1, 2]``), never Python's (``True``, ``None``); and a hostile file
may hold a string of a million characters or a number of thousands of digits,
which a message shows by its start and its length rather than in full. Every
message that quotes input, the kernel's and the replay's, quotes it here.
"""

from __future__ import annotations

import sys

__all__ = ["SHOWN_CHARACTERS", "SHOWN_DIGITS", "quoted", "shown_number"]

SHOWN_CHARACTERS = 60
"""The longest string a message quotes in full; a longer one is quoted by its
first 40 characters and its length."""

SHOWN_DIGITS = 20
"""The longest number a message writes out in full (any 64-bit one); a longer
one is shown by its first and last digits and its length."""


def shown_number(value: int) -> str:
    """An integer as a message writes it: in full, or shortened when long.

    >>> shown_number(-12), shown_number(7 * 10**30 + 1)
    ('-12', '7000000000...0001 (31 digits)')
    """
    try:
        text = str(value)
    except ValueError:  # longer than Python writes out (sys.get_int_max_str_digits())
        return f"a number of more than {sys.get_int_max_str_digits()} digits"
    digits = len(text) - text.startswith("-")
    if digits <= SHOWN_DIGITS:
        return text
    return f"{text[:len(text) - digits + 10]}...{text[-4:]} ({digits} digits)"


def quoted(value: object) -> str:
    """An input value as a message quotes it: a string in quotes, anything else as
    JSON writes it; a long one by its start and its length.

    >>> quoted("11"), quoted(11), quoted(True), quoted(None), quoted([1, "2"]), quoted(7.5)
    ("'11'", '11', 'true', 'null', '[1, "2"]', '7.5')
    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (100 characters)"
    >>> quoted(10**40), quoted(list(range(30)))
    ('1000000000...0000 (41 digits)', '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1... (110 characters)')
    """
    if isinstance(value, str):
        if len(value) <= SHOWN_CHARACTERS:
            return repr(value)
        return f"{value[:40]!r}... ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool):
        return shown_number(value)
    import json  # here: only a message about a wrong value pays for it

    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):  # not a JSON value: a caller of the library passed it
        text = repr(value)
    if len(text) <= SHOWN_CHARACTERS:
        return text
    return f"{text[:40]}... ({len(text)} characters)"
