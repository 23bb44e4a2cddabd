"""How a message quotes what the input says: as the JSON file writes it, and short.

A transcript is JSON, so a wrong value is quoted in JSON's words (``true``,
``null``, ``[1, 2]``), never Python's (``True``, ``None``); and a hostile file
may hold a string of a million characters or a number of thousands of digits,
which a message shows by its start and its length rather than in full. Every
message that quotes input, the kernel's and the replay's, quotes it here.

A value a Python program gave (an argument of the play API: a seat, a seed, a
policy) is quoted as Python writes it instead (``True``, ``None``,
``{'Aki', 'Ben'}``), by :func:`python_quoted`: the program never wrote ``true``.
"""

from __future__ import annotations

import re
import reprlib
import sys
from collections.abc import Iterable

from cardcore.exact import is_fraction

__all__ = ["SHOWN_CHARACTERS", "SHOWN_DIGITS", "SHOWN_LEVELS", "WrittenNumber", "json_number",
           "names", "nesting", "python_quoted", "quoted", "shown_number", "visible",
           "with_article"]

SHOWN_CHARACTERS = 60
"""The longest string a message quotes in full; a longer one is quoted by its
first 40 characters and its length."""

SHOWN_DIGITS = 20
"""The longest number a message writes out in full (any 64-bit one); a longer
one is shown by its first and last digits and its length."""


_INVISIBLE = ("[\x00-\x1f\x7f-\x9f\xad\u061c\u180e\u200b\u200e\u200f\u2028\u2029"
              "\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ud800-\udfff]")
"""What a terminal takes as a command or a line break, not as text: the C0 and C1
control characters (ESC, BEL, CSI, CR, LF...), DEL, the Unicode line and paragraph
separators, the marks that turn text right to left, and lone surrogates (which no
UTF-8 output can write); and what it prints as nothing at all: a soft hyphen, a
zero-width space, a word joiner and the invisible operators, a byte order mark,
so that "Aki" followed by one does not print as "Aki". The zero-width joiner and
non-joiner are not among them: they are part of how some scripts and emoji are
written, and they join what they stand between."""

_INVISIBLE_WITHIN_LINES = _INVISIBLE.replace("\x00-\x1f", "\x00-\x09\x0b-\x1f")

_PATTERNS: dict[bool, re.Pattern[str]] = {}
"""The two patterns, compiled when first needed (by ``lines``): compiling a class
of characters beyond Latin-1 costs some 4 million instructions each, as much as
a frozen attrs class, and most runs print nothing but printable ASCII."""

_SHORT = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    return _SHORT.get(char) or f"\\u{ord(char):04x}"


def visible(text: str, *, lines: bool = False) -> str:
    """Text from an input made safe to print: every control character, line
    break, direction mark, character that prints as nothing (a zero-width space)
    or lone surrogate written as JSON escapes it (``\\n``, ``\\u001b``,
    ``\\u200b``), everything else as it is.

    A transcript is written by whoever sent it: a player name holding ``ESC ]52``
    would set the reader's clipboard, one holding a line break would print a line
    that reads as another file's verdict. Every value of an input that a command
    prints as text passes through here; a text without such characters (nearly
    all) is returned as it is after one pass in C: printable ASCII is checked
    without a pattern (in ASCII, what is not printable is exactly C0 and DEL),
    anything else by one search. ``lines=True`` keeps line breaks (``\\n``): for
    a text of several lines that is already safe within them, as JSON that
    :mod:`json` wrote (which escapes the rest of C0 itself).

    >>> visible("Aki\\x1b]52;c;aGk=\\x07"), visible("a\\nok   forged.json"), visible("Ben")
    ('Aki\\\\u001b]52;c;aGk=\\\\u0007', 'a\\\\nok   forged.json', 'Ben')
    >>> visible("\\ud800"), visible("x\\ny\\u009b", lines=True), visible("Aki\\u200b")
    ('\\\\ud800', 'x\\ny\\\\u009b', 'Aki\\\\u200b')
    """
    if text.isascii() and (text.replace("\n", " ") if lines else text).isprintable():
        return text
    pattern = _PATTERNS.get(lines)
    if pattern is None:
        pattern = _PATTERNS[lines] = re.compile(_INVISIBLE_WITHIN_LINES if lines else _INVISIBLE)
    if pattern.search(text) is None:
        return text
    return pattern.sub(_escape, text)


def names(players: Iterable[object]) -> str:
    """Names listed in a message, each as it is when it shows as it is written, else
    quoted as :func:`quoted` quotes it: a long one by its start and length (a
    player's name is as long as its file lets it be), one with a character that
    prints as nothing (a zero-width space, which a list printed as it is would
    hide) or white space at an end with its escapes and quotes.

    >>> names(["Aki", "Ben"]), names(["B" * 100])
    ('Aki, Ben', "'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'... (100 characters)")
    >>> print(names(["Aki", "Ben\\u200b", "Chie "]))
    Aki, 'Ben\\u200b', 'Chie '
    """
    return ", ".join(name if isinstance(name, str) and len(name) <= SHOWN_CHARACTERS
                     and name.isprintable() and name == name.strip()
                     else quoted(name) for name in players)


def with_article(word: str) -> str:
    """``word`` (a kind of value, as a message names it) after the article it
    takes, by its first letter: "an int", "a str". The one place a message
    gives a kind its article.

    >>> with_article("int"), with_article("str"), with_article("Event")
    ('an int', 'a str', 'an Event')
    """
    return f"{'an' if word[:1].lower() in ('a', 'e', 'i', 'o', 'u') else 'a'} {word}"


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


class WrittenNumber(float):
    """A number with a fraction or an exponent, kept with its text as the file
    wrote it (``1e0``, ``2.50``), where Python writes it otherwise (``1.0``,
    ``2.5``): its value is the float's, and :func:`quoted` quotes the text, so
    that a message about it quotes what the reader sees in the file. The
    loader's parse hook makes one (:mod:`cardcore.replay.jsonload`); a
    transcript's numbers are whole, so only a refused number or one in its meta
    is ever one."""

    __slots__ = ("written",)
    written: str

    def __new__(cls, literal: str) -> WrittenNumber:
        number = super().__new__(cls, literal)
        number.written = literal
        return number

    def __reduce__(self) -> tuple[type[WrittenNumber], tuple[str]]:
        return WrittenNumber, (self.written,)


SHOWN_LEVELS = 16
"""The deepest list or object a message quotes: a deeper one (which no transcript
needs) is named by its depth, not written out, as writing it out would recurse
as deep as it goes."""


def nesting(value: object, stop: int) -> int:
    """How deep lists and objects nest in ``value`` (0: neither), counted without
    recursion and no further than one level past ``stop``.

    >>> nesting(5, 3), nesting([1, {"a": [2]}], 3), nesting([[[[[[]]]]]], 3)
    (0, 3, 4)
    """
    deepest = 0
    pending: list[tuple[object, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, (list, dict)):
            depth += 1
            deepest = max(deepest, depth)
            if depth > stop:
                return depth
            pending.extend((inner, depth) for inner in (item.values() if isinstance(item, dict)
                                                        else item))
    return deepest


_BYTE_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\x([0-9a-f]{2})")
"""Python's escape of a control character (``\\x1b``), not after an escaped
backslash (``\\\\x1b`` is a backslash and the text ``x1b``)."""


def _in_quotes(text: str) -> str:
    """A string of an input in quotes, its control characters escaped as JSON and
    :func:`visible` write them (``\\u001b``), not as Python does (``\\x1b``), so
    that a message and the pointer beside it spell one character alike.

    >>> print(_in_quotes("car\\x1bd"), _in_quotes("a\\\\x1b"), _in_quotes("it's"))
    'car\\u001bd' 'a\\\\x1b' "it's"
    """
    shown = repr(text)
    return _BYTE_ESCAPE.sub(r"\1\\u00\2", shown) if "\\x" in shown else shown


def quoted(value: object) -> str:
    """An input value as a message quotes it: a string in quotes, anything else as
    JSON writes it; a long one by its start and its length. A value JSON has no
    words for (a caller of the library passed it) as Python writes it
    (:func:`python_quoted`).

    >>> quoted("11"), quoted(11), quoted(True), quoted(None), quoted([1, "2"]), quoted(7.5)
    ("'11'", '11', 'true', 'null', '[1, "2"]', '7.5')
    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (100 characters)"
    >>> quoted(10**40), quoted(list(range(30)))
    ('1000000000...0000 (41 digits)', '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1... (110 characters)')
    >>> quoted(WrittenNumber("1e0")), quoted(1.0), quoted(WrittenNumber("0." + "5" * 100))
    ('1e0', '1.0', '0.55555555555555555555555555555555555555... (102 characters)')
    """
    if isinstance(value, str):
        if len(value) <= SHOWN_CHARACTERS:
            return _in_quotes(value)
        return f"{_in_quotes(value[:40])}... ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool):
        return shown_number(value)
    if isinstance(value, WrittenNumber):
        text = value.written
        return text if len(text) <= SHOWN_CHARACTERS else f"{text[:40]}... ({len(text)} characters)"
    import json  # here: only a message about a wrong value pays for it

    if nesting(value, SHOWN_LEVELS) > SHOWN_LEVELS:  # a card given as [[[[...]]]]
        kind = "list" if isinstance(value, list) else "object"
        return f"a {kind} nested more than {SHOWN_LEVELS} levels deep"
    try:
        text = visible(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError):  # not a JSON value: a caller of the library passed it
        return python_quoted(value)
    if len(text) <= SHOWN_CHARACTERS:
        return text
    return f"{text[:40]}... ({len(text)} characters)"


_PYTHON: list[reprlib.Repr] = []
"""The one :class:`reprlib.Repr` of :func:`python_quoted`, made when first needed."""


def python_quoted(value: object) -> str:
    """A value a Python program gave, as a message quotes it: as Python writes it
    (``True``, ``None``, ``1.5``, ``np.int64(3)``, ``{'Aki', 'Ben'}``), never in
    JSON's words, which the program did not write; short: a string or a whole
    number as :func:`quoted` shortens them, anything else by :mod:`reprlib` (a
    long list by its first items, a long repr by its ends), what a terminal would
    take as a command escaped (:func:`visible`). A value read from a transcript
    is quoted by :func:`quoted`, in the file's own JSON.

    >>> python_quoted(True), python_quoted(None), python_quoted("x"), python_quoted(1.5)
    ('True', 'None', "'x'", '1.5')
    >>> python_quoted(list(range(30))), python_quoted(10**40)
    ('[0, 1, 2, 3, 4, 5, ...]', '1000000000...0000 (41 digits)')
    """
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return quoted(value)
    if not _PYTHON:
        shortening = reprlib.Repr()
        shortening.maxother = SHOWN_CHARACTERS  # a repr of a class reprlib does not know
        _PYTHON.append(shortening)
    return visible(_PYTHON[0].repr(value))


def json_number(value: object) -> object:
    """A number as a transcript writes it: a whole number as it is, an exact
    fraction as the string ``"23/3"`` (JSON has no exact fractions); any other
    value unchanged. The one place a :class:`~fractions.Fraction` becomes JSON.

    >>> from fractions import Fraction
    >>> json_number(Fraction(23, 3)), json_number(Fraction(6, 3)), json_number(5), json_number("x")
    ('23/3', 2, 5, 'x')
    """
    if is_fraction(value):
        return value.numerator if value.denominator == 1 else str(value)
    return value
