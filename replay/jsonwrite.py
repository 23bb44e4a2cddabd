"""How cardcore writes JSON: one way for every value a report or a transcript holds.

A report holds what the input said (any JSON value, a name with a lone surrogate
or a control character) and what the rules derived (whole numbers, and the exact
fractions of Abbott's Auction's splits). Every ``--format json`` report, every
saved record and every value a text report writes in JSON's words goes through
:func:`json_text`, so that none of them can fail on a value the others write.
"""

from __future__ import annotations

import json
from typing import Any

from cardcore.exact import is_fraction
from cardcore.quoting import json_number, visible

__all__ = ["json_number", "json_text", "json_value"]




def json_value(value: Any) -> Any:
    """A value JSON cannot write as it is, as a transcript writes it: a fraction
    by :func:`json_number`, a tuple, set or mapping as a list or object, an attrs
    object as the object of its fields, anything else by its text. The last
    resort of :func:`json_text`, which calls it only for such values."""
    if is_fraction(value):
        return json_number(value)
    if isinstance(value, (tuple, set, frozenset)):
        return list(value)
    if hasattr(value, "items"):
        return dict(value.items())
    import attrs

    if attrs.has(type(value)):
        return attrs.asdict(value, recurse=False)
    return str(value)


def json_text(data: Any, *, indent: int | None = None) -> str:
    """``data`` as JSON text: never fails on a value a report can hold (fractions,
    tuples, lone surrogates), and safe to print to a terminal. Non-ASCII text is
    written as it is, but the characters a terminal obeys rather than shows (C1
    controls, DEL, direction marks, lone surrogates) as ``\\uXXXX`` escapes: JSON
    itself escapes the other control characters, and those escapes only occur
    inside strings, where they mean the same character.

    >>> from fractions import Fraction
    >>> json_text({"scores": {"Aki": Fraction(23, 3)}, "players": ("A\\ud800", "B\\x9b")})
    '{"scores": {"Aki": "23/3"}, "players": ["A\\\\ud800", "B\\\\u009b"]}'
    """
    text = json.dumps(data, indent=indent, ensure_ascii=False, default=json_value)
    return visible(text, lines=True)
