"""JSON syntax errors explained for a person who typed the file by hand.

Python's parser says where it gave up, which is often a token after the real
mistake: a trailing comma is noticed at the ``}`` on the next line. This module
moves the position back to the mistake itself, shows the line with a caret
under it, and names the usual slips of hand-typed JSON (a trailing comma, two
commas in a row, single or curly quotes, comments, unquoted keys, a card or a
name without quotes, a missing comma, a } or ] left out, told from the brackets
still open). It only explains: the input is never repaired.
"""

from __future__ import annotations

import json
import re

import attrs

from cardcore.quoting import SHOWN_CHARACTERS, visible

__all__ = ["SyntaxExplanation", "explain"]

WIDTH = 72
"""Longest excerpt of the offending line shown (long lines are cut around the caret)."""

CURLY_QUOTES = "\u201c\u201d\u2018\u2019\u201e\u00ab\u00bb"
"""Typographic quotes (as phones type them), which JSON does not take as quotes."""


@attrs.frozen(kw_only=True)
class SyntaxExplanation:
    """Where a syntax mistake is (1-based line and column) and what it is."""

    line: int
    column: int
    message: str
    context: str
    """The offending line (cut to :data:`WIDTH` around the column) and a caret under it."""


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _where(text: str, index: int) -> str:
    """``line L, column C`` of ``index``, as a message names a place it points back to."""
    line, column = _position(text, index)
    return f"line {line}, column {column}"


def _context(text: str, index: int) -> str:
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    line = text[start:len(text) if end < 0 else end].rstrip("\r")
    column = index - start
    cut = max(0, min(column - WIDTH // 2, len(line) - WIDTH))
    shown = line[cut:cut + WIDTH]
    lead = "..." if cut else ""
    tail = "..." if cut + WIDTH < len(line) else ""
    # A control character in the line (an ESC typed into a string) is shown as its
    # escape, and the caret moves with the text it stands under.
    pad = " " * len(visible(shown[:column - cut]))
    return f"{lead}{visible(shown)}{tail}\n{' ' * len(lead)}{pad}^"


def _previous(text: str, index: int) -> int:
    """Index of the last character before ``index`` that is not white space (or -1)."""
    index -= 1
    while index >= 0 and text[index] in " \t\r\n":
        index -= 1
    return index


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]')
"""A string (whose brackets are text) or a bracket: what :func:`_open_brackets`
reads, in C (a file of 32 MiB is read in about a second)."""


def _open_brackets(text: str, index: int) -> list[int]:
    """Where the brackets still open at ``index`` start, the innermost last (the
    text before ``index`` is what the parser read)."""
    opened: list[int] = []
    for token in _TOKENS.finditer(text, 0, index):
        if token.group() in ("{", "["):
            opened.append(token.start())
        elif token.group() in ("}", "]") and opened:
            opened.pop()
    return opened


_MISSING_COMMA = ("a missing comma: two values (two events, keys or list items) follow one "
                  "another without a comma between them; put one before this")


_NAMES = {"{": ("object", "}"), "[": ("list", "]")}
"""Each opening bracket's kind in words and its closing bracket."""


def _string_start(text: str, end: int) -> int:
    """Where the string whose closing quote is at ``end`` starts: the quote before
    it that no backslash escapes (-1 if there is none)."""
    start = text.rfind('"', 0, end)
    while start > 0 and (start - len(text[:start].rstrip("\\"))) % 2:
        start = text.rfind('"', 0, start)
    return start


def _is_key(text: str, index: int) -> bool:
    """Whether a string starts at ``index`` and a colon follows it: a key."""
    token = _TOKENS.match(text, index)
    if token is None or not token.group().startswith('"'):
        return False
    after = token.end()
    while after < len(text) and text[after] in " \t\r\n":
        after += 1
    return text[after:after + 1] == ":"


def _unclosed(text: str, at: int, first: str) -> tuple[int, str] | None:
    """A closing bracket missing before ``at``, where the parser wanted a comma or
    the innermost closing bracket (``Expecting ',' delimiter``): what can be said
    of it from the brackets still open, or None when a missing comma is the
    whole story."""
    opened = _open_brackets(text, at)
    if not opened:
        return None
    start = opened[-1]
    kind, closer = _NAMES[text[start]]
    since = f"the {kind} opened at {_where(text, start)}"
    if first in ("}", "]"):  # it closes the other kind: one missing, or one too many
        other = "an object" if first == "}" else "a list"
        return at, (f"a {first} too many, or a {closer} missing before it: {since} is "
                    f"still open here, and {first} closes {other}")
    if kind == "list" and first == ":":  # a string, then a colon: a key, read as an item
        key = _string_start(text, _previous(text, at))
        comma = _previous(text, key)
        if comma >= 0 and text[comma] == ",":
            return comma, (f"a missing {closer} before this comma: {since} is still open, "
                           f"and a key cannot be in a list; if the list ends here, put "
                           f"{closer} before the comma")
        return None
    if kind == "list" and _is_key(text, at):
        return at, (f"a missing {closer} and comma: {since} is still open, and a key cannot "
                    f"be in a list; if the list ends before this key, put {closer}, before it")
    if first == ":":
        return None
    if kind == "object" and first != '"':
        return at, (f"a missing {closer} and comma: {since} is still open, and in an object "
                    f"only a comma and a key, or its {closer}, may follow a value; if the "
                    f"object ends before this, put {closer}, before it")
    parent = text[opened[-2]] if len(opened) > 1 else ""
    if parent == text[start]:  # this item may belong to the list or object around it
        return at, (f"{_MISSING_COMMA} (or, if {since} ends before this, a {closer} and a "
                    "comma)")
    return None


def _unclosed_before_comma(text: str, comma: int, first: str) -> tuple[int, str] | None:
    """An object that goes on after a comma with a value where a key belongs
    (``"Gus": 8},`` then ``{"type": ...}``): its ``}`` is likely missing before
    the comma."""
    opened = _open_brackets(text, comma)
    if first not in ("{", "[") or not opened or text[opened[-1]] != "{":
        return None
    return comma, (f"a missing }} before this comma: the object opened at "
                   f"{_where(text, opened[-1])} is still open, so a key in double quotes "
                   f"should follow the comma, not a {first}; if the object ends here, put }} "
                   "before the comma")


_WORD = r'[^ \t\r\n,:\[\]{}"]*'
"""A run of what may stand in a value's place without quotes: anything up to
white space, a comma, a colon, a bracket or a double quote (compiled where
first used, through :mod:`re`'s cache: only a file with such a slip pays)."""

_JSON_WORD = r"true|false|null|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
"""A word JSON reads without quotes: a literal or a number."""

_PYTHON_LITERALS = {"True": "true", "False": "false", "None": "null"}
"""Python's words for JSON's literals, as a program's output may have put them."""

_LOOKBACK = 200
"""How far back a word is looked for from where the parser stopped inside it
(a card or a name is far shorter; a longer word is quoted from there)."""


def _bare_word(text: str, at: int, inside: bool) -> tuple[int, str] | None:
    """A word without quotes where a value belongs (``2H``, ``Bob``, ``?``):
    where it starts and what it is in words, or None when there is none (the
    word is a JSON literal or number, or holds no letter or digit).

    ``inside``: the parser stopped within the word, after reading a number or a
    literal it starts with (``10H``: ``10``, then ``H`` where it wanted a comma);
    otherwise it stopped at the word's first character, where it wanted a value.
    """
    start = at
    if inside:
        before = re.search(_WORD + r"\Z", text[max(0, at - _LOOKBACK):at])
        assert before is not None  # the pattern matches anywhere, if only nothing
        start = at - len(before.group())
        if start == at:  # the number or literal ended before: no word of its own
            return None
    found = re.compile(_WORD).match(text, start)
    assert found is not None  # the pattern matches anywhere, if only nothing
    word = found.group()
    if (not word or re.fullmatch(_JSON_WORD, word)
            or not (any(char.isalnum() for char in word) or set(word) <= {"?", "!"})):
        return None
    shown = word if len(word) <= SHOWN_CHARACTERS else word[:40] + "..."
    as_string = visible(json.dumps(shown, ensure_ascii=False))
    said = (f"a word without quotes: {visible(shown)} is no JSON value; a string (a card, a "
            f"name) is written in double quotes: {as_string}")
    literal = _PYTHON_LITERALS.get(word)
    if literal is not None:
        said += f" (or, if {word} is Python's word for JSON's {literal}, write {literal})"
    return start, said


_REWORDED = {
    "Unterminated string starting at":
        "a string starts here and is never closed (the file may be cut off)",
    "Invalid \\escape":
        "a backslash that starts no escape: JSON's escapes are \\\" \\\\ \\/ \\b \\f \\n "
        "\\r \\t and \\uXXXX (a backslash itself is written \\\\)",
    "Invalid \\uXXXX escape":
        "a \\u escape without four hexadecimal digits after it: write it like \\u00e9",
}
"""Python's syntax messages that are no whole sentence without their position
(by how they start), and what is said instead."""


def _slip(text: str, error: json.JSONDecodeError) -> tuple[int, str]:
    """The index of the mistake and what it is in words."""
    at = error.pos
    here = text[at:at + 2]
    first = here[:1]
    before = _previous(text, at)
    if not text.strip():
        return at, "the file is empty: a transcript is a JSON object {...}"
    trailing = ("a trailing comma: JSON allows no comma after the last item of an object or "
                "list; remove it")
    if first in ("}", "]") and before >= 0 and text[before] == ",":
        return before, trailing
    if error.msg.startswith("Illegal trailing comma"):  # Python 3.13 names it, at the comma
        return at, trailing
    if here in ("//", "/*"):
        return at, ("a comment: JSON has no comments; remove it (an event or the meta "
                    "object may carry the text as a \"note\")")
    if first and first in CURLY_QUOTES:
        return at, (f"a curly quote {here[0]}, as phones and word processors type them: "
                    "JSON strings and keys take straight double quotes \"...\"")
    if first == "'":
        return at, "a single quote: JSON strings and keys take double quotes \"...\", not '...'"
    if first == "," and before >= 0 and text[before] == ",":
        return at, "two commas in a row: remove one (JSON has no empty item between commas)"
    if error.msg in ("Expecting value", "Expecting ',' delimiter") and first:
        found = _bare_word(text, at, inside=error.msg != "Expecting value")
        if found is not None:
            return found
    if error.msg.startswith("Expecting property name") and before >= 0 and text[before] == ",":
        found = _unclosed_before_comma(text, before, first)
        if found is not None:
            return found
    if error.msg.startswith("Expecting property name") and (first.isalpha() or first == "_"):
        return at, "a key without quotes: JSON keys are written in double quotes, like \"type\""
    if error.msg == "Expecting ',' delimiter" and at >= len(text.rstrip()):
        return at, ("the text ends before the JSON is closed: a closing ] or } is missing "
                    "at the end (or the end of the file is cut off)")
    if error.msg == "Expecting ',' delimiter":
        found = _unclosed(text, at, first)
        if found is not None:
            return found
        return at, _MISSING_COMMA
    if error.msg == "Expecting ':' delimiter":
        return at, "a missing colon: a key is followed by ':' and its value"
    if error.msg == "Expecting value" and at >= len(text.rstrip()):
        return at, "the text ends where a value should follow: is the end of the file missing?"
    if error.msg.startswith("Extra data"):
        return at, ("more text after the end of the transcript: a file holds one JSON object; "
                    "is a bracket closed too early?")
    if error.msg.startswith("Invalid control character"):
        return at, "a line break or tab inside a string: write it as \\n or \\t, or end the string"
    said = next((words for start, words in _REWORDED.items() if error.msg.startswith(start)),
                error.msg[:1].lower() + error.msg[1:])
    if at >= len(text.rstrip()):  # whatever the parser expected, the file stopped first
        return at, f"{said}, but the text ends here: is the end of the file cut off?"
    return at, said


def explain(text: str, error: json.JSONDecodeError) -> SyntaxExplanation:
    """Locate and name the mistake behind ``error`` in ``text``.

    >>> text = '{"events": [\\n  {"type": "deal"},\\n]}'
    >>> try:
    ...     json.loads(text)
    ... except json.JSONDecodeError as error:
    ...     found = explain(text, error)
    >>> found.line, found.column, found.message.split(":")[0]
    (2, 19, 'a trailing comma')
    >>> print(found.context)
      {"type": "deal"},
                      ^
    """
    index, message = _slip(text, error)
    line, column = _position(text, index)
    return SyntaxExplanation(line=line, column=column, message=message,
                             context=_context(text, index))
