"""Strict JSON reading: the parts of JSON that Python's parser lets through
silently (duplicate keys, NaN, huge numbers, deep nesting) are refused with a
pointer, or a line and column, so that no file is misread quietly and none
causes a traceback."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, TypeVar

from cardcore.quoting import WrittenNumber, quoted
from cardcore.replay.bounded import UnreadableInput, read_input
from cardcore.replay.errors import JsonError
from cardcore.replay.problems import FORMAT, NUMBERS_ARE, Problem, kept, pointer

__all__ = ["MAX_BYTES", "JsonError", "at_full_depth", "parse_json", "read_json", "read_text"]

MAX_BYTES = 32 * 1024 * 1024
"""Largest transcript read (32 MiB: far above any real session)."""

MAX_DEPTH = 64
"""How deep the search for repeated keys goes (a transcript needs 5 levels); far
deeper input is refused by the parser itself."""


class _Object(dict[str, Any]):
    """A JSON object that had keys given more than once (``duplicates``)."""

    duplicates: list[str]


def _marked(pairs: list[tuple[str, Any]]) -> _Object:
    marked = _Object(pairs)
    seen: set[str] = set()
    marked.duplicates = []
    for key, _ in pairs:
        if key in seen and key not in marked.duplicates:
            marked.duplicates.append(key)
        seen.add(key)
    return marked


def _duplicates(value: Any, path: tuple[str | int, ...], depth: int) -> Iterator[Problem]:
    if depth > MAX_DEPTH:
        yield Problem(kind=FORMAT, pointer=pointer(*path),
                      message=f"nested more than {MAX_DEPTH} levels deep")
        return
    if isinstance(value, dict):
        for key in getattr(value, "duplicates", ()):
            yield Problem(
                kind=FORMAT, pointer=pointer(*path, key),
                message=f"key {quoted(key)} is given more than once in this object",
            )
        for key, item in value.items():
            yield from _duplicates(item, (*path, key), depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _duplicates(item, (*path, index), depth + 1)


class _Unread(ValueError):
    """A number the parse hooks refuse: ``token`` as written, and ``message``
    (after ``prefix``, and the line and column once they are known)."""

    def __init__(self, token: str, message: str, prefix: str = "") -> None:
        super().__init__(prefix + message)
        self.token = token
        self.message = message
        self.prefix = prefix


def _constant(name: str) -> Any:
    """NaN, Infinity or -Infinity, which Python's parser reads and JSON has not."""
    raise _Unread(name, f"{name} is not a JSON number (JSON has no NaN or Infinity): "
                  f"{NUMBERS_ARE}", prefix="not JSON: ")


def _float(literal: str) -> float:
    """A number with a fraction or an exponent; one so large that it reads as
    infinity (``1e999999999``) is refused, as no reader keeps it. Only such
    numbers pass through here (a whole number never does), and a transcript
    holds few of them, if any (in its meta). One that Python writes otherwise
    than the file (``1e0``, ``2.50``) keeps its text (:class:`WrittenNumber`),
    for a message to quote it as written."""
    value = float(literal)
    if math.isinf(value):
        shown = literal if len(literal) <= 24 else f"{literal[:10]}...{literal[-4:]}"
        raise _Unread(literal, f"the number {shown} is too large for any JSON reader "
                      f"(it reads as infinity): {NUMBERS_ARE}")
    return value if repr(value) == literal else WrittenNumber(literal)


_ESCAPE = r"(?s)\\."
"""A backslash and the character it escapes (a quote, for one). This and the
other patterns of the module are compiled where first used, through
:mod:`re`'s own cache: only a refused file, or one with a colon in a string,
pays for compiling them."""

_DIGITS = "0123456789"
_DIGIT_RUN = "[0-9]*"
_NUMBER_PART = frozenset("0123456789.eE+-")
"""What a number is written with: a digit run after one of them is in the middle
of a number (its fraction or exponent), not one of its own."""


def _outside_strings(text: str, spans: Iterator[tuple[int, int]]) -> tuple[int, int] | None:
    """The first of ``spans`` (places in ``text``, in order) that is not inside a
    string, or None. Only for the place where the parser stopped: the text up to
    there is JSON, so a quote that no backslash escapes opens or closes a string,
    and a place is outside every string when such quotes before it are even.
    Counted in C, from one place to the next: a file that is refused pays a scan
    or two of its text for the place, and no other file pays anything."""
    quotes, counted = 0, 0
    for span in spans:
        quotes += re.sub(_ESCAPE, "", text[counted:span[0]]).count('"')
        counted = span[0]
        if quotes % 2 == 0:
            return span
    return None


def _written(text: str, token: str) -> Iterator[tuple[int, int]]:
    """Where ``token`` (a number or a name, as the parser read it) is written as a
    whole, not as a part of a longer word or number."""
    at = text.find(token)
    while at >= 0:
        end = at + len(token)
        if (at == 0 or not (text[at - 1].isalnum() or text[at - 1] in _NUMBER_PART)) and (
                end == len(text) or not (text[end].isalnum() or text[end] in _NUMBER_PART)):
            yield at, end
        at = text.find(token, at + 1)


def _long_integers(text: str, digits: int) -> Iterator[tuple[int, int]]:
    """Where integers of at least ``digits`` digits are written (the sign included).

    Every such run of digits covers a multiple of ``digits``, so only those
    places are looked at (a few thousand in the largest file), and a run is found
    at the first of them that it covers: it starts less than ``digits`` before.
    """
    end = 0
    for at in range(digits - 1, len(text), digits):
        if at < end or text[at] not in _DIGITS:
            continue
        before = text[at - digits + 1:at + 1]
        start = at - digits + 1 + len(before.rstrip(_DIGITS))
        run = re.compile(_DIGIT_RUN).match(text, at)
        assert run is not None  # it matches anywhere, if only nothing
        end = run.end()
        if end - start < digits or text[end:end + 1] in (".", "e", "E"):
            continue  # too short, or the whole part of a number with a fraction or exponent
        if start and text[start - 1] == "-":
            start -= 1
        if not start or text[start - 1] not in _NUMBER_PART:
            yield start, end


def _placed(text: str, index: int | None, message: str, prefix: str = "") -> JsonError:
    """The problem ``message`` at ``index`` of ``text``, said with its line,
    column and caret (None: at no place)."""
    if index is None:
        return JsonError([Problem(kind=FORMAT, pointer="", message=prefix + message)])
    from cardcore.replay.syntax import explain  # only a refused file pays for it

    # Asked with no message, explain only locates: at a number, it moves no index.
    found = explain(text, json.JSONDecodeError("", text, index))
    return JsonError([Problem(
        kind=FORMAT, pointer="", message=f"{prefix}line {found.line}, column {found.column}: "
        f"{message}", line=found.line, column=found.column, context=found.context)])


def _unread(text: str, error: _Unread) -> JsonError:
    """The number a parse hook refused, where it is first written."""
    found = _outside_strings(text, _written(text, error.token))
    return _placed(text, None if found is None else found[0], error.message, error.prefix)


def _too_long(text: str) -> JsonError | None:
    """Python refuses to read an integer of more digits than
    ``sys.get_int_max_str_digits()`` (4300): the first one in the text, where it
    is, or None when there is none (the parser failed otherwise)."""
    limit = sys.get_int_max_str_digits()
    found = _outside_strings(text, _long_integers(text, limit + 1)) if limit else None
    if found is None:
        return None
    start, end = found
    digits = end - start - (text[start] == "-")
    return _placed(text, start, f"a number of {digits} digits: {NUMBERS_ARE}")


_LONE_COLON = r':(?<!":)'
"""A colon not written right after a quote: inside a string, or after a key
with white space before the colon."""

_JSON_SPACE = " \t\n\r"


def _no_repeats(text: str, pairs: int) -> bool:
    """True when ``text`` (valid JSON that parsed to objects of ``pairs`` members
    in all) repeats no key in any object; False when it may.

    Every member of an object is written ``"key"`` then maybe white space then a
    colon, so there are at least as many such colons as members; a key given
    twice leaves one member fewer in the parsed object. So when no colon after
    white space follows a quote (none is a key's colon written apart), the
    colons right after a quote are every key's colon and maybe a few inside
    strings (``"a\\": b"``, ``":-)"``): if they are exactly as many as the parsed
    members, no key is repeated and no string has such a colon. Counted in C
    (a scan or two of the text), where parsing with a hook that sees every
    member costs a list of pairs and a Python call per object.
    """
    colons = text.count(":")
    if colons == pairs:  # no colon anywhere but the keys' own
        return True
    for found in re.finditer(_LONE_COLON, text):
        at = found.start() - 1
        while at >= 0 and text[at] in _JSON_SPACE:
            at -= 1
        if at >= 0 and text[at] == '"':  # maybe a key's colon written apart
            return False
        colons -= 1  # inside a string
    return colons == pairs


def parse_json(text: str) -> Any:
    """Parse strict JSON text; raise :class:`JsonError` with located problems.

    >>> parse_json('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    cardcore.replay.errors.JsonError: /a: format: key 'a' is given more than once in this object
    """
    members = 0
    repeated: list[bool] = []

    def counted(obj: dict[str, Any]) -> dict[str, Any]:
        nonlocal members
        members += len(obj)
        return obj

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) == len(items):
            return obj
        repeated.append(True)
        return _marked(items)

    try:
        value = _loads(text, object_hook=counted, parse_constant=_constant, parse_float=_float)
        if not _no_repeats(text, members):
            # Only a text that may repeat a key pays for seeing every member.
            value = _loads(text, object_pairs_hook=pairs, parse_constant=_constant,
                           parse_float=_float)
    except json.JSONDecodeError as error:
        from cardcore.replay.syntax import explain  # only a syntax error pays for it

        found = explain(text, error)
        message = f"not JSON: line {found.line}, column {found.column}: {found.message}"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message, line=found.line,
                                 column=found.column, context=found.context)]) from None
    except RecursionError:
        message = f"not a transcript: nested more than {MAX_DEPTH} levels deep"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message)]) from None
    except _Unread as error:
        raise _unread(text, error) from None
    except ValueError as error:  # an integer longer than Python reads, or else
        raise (_too_long(text) or JsonError(
            [Problem(kind=FORMAT, pointer="", message=f"not JSON: {error}")])) from None
    if repeated:
        raise JsonError(*kept(_duplicates(value, (), 0)))
    return value


T = TypeVar("T")

SHALLOW = 400
"""Fewer opening brackets than this, and a text cannot nest deep enough for the
parser's recursion to reach Python's limit from any caller's stack."""


def _loads(text: str, **hooks: Any) -> Any:
    """``json.loads``, reading the same depth in every process (:func:`at_full_depth`)."""
    return at_full_depth(text, lambda: json.loads(text, **hooks))


def at_full_depth(text: str, work: Callable[[], T]) -> T:
    """``work()`` on ``text`` (JSON), recursing as deep in every process.

    The standard library's JSON scanner recurses once a level, and how deep it
    may go depends on how deep the caller's stack already is: a file nested 970
    levels deep was read by ``validate`` and refused by a ``--jobs`` process,
    whose stack is deeper, and the place of a problem in such a file was found
    in one and not in the other. Work on a text that may nest that deep (one
    with many brackets: any large file) runs in a thread of its own, whose
    stack starts empty, so that the limit is Python's recursion limit (about
    990 levels) wherever the file is read; the thread costs a fraction of
    parsing such a file. A small text is worked on here.
    """
    if text.count("[") + text.count("{") < SHALLOW:
        return work()
    import threading

    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as error:  # raised again in the caller's thread
            outcome.append((False, error))

    worker = threading.Thread(target=run, name="cardcore-json")
    worker.start()
    worker.join()
    done, value = outcome[0]
    if not done:
        raise value
    result: T = value
    return result


_BOM = b"\xef\xbb\xbf"
"""UTF-8's byte order mark: allowed before a transcript, and skipped."""


def read_json(source: str | os.PathLike[str] | BinaryIO, *, max_bytes: int = MAX_BYTES) -> Any:
    """Read and parse a file (a path, as a string or a ``Path``) or a binary stream,
    refusing oversized or non-UTF-8 input, and input that is no file or does not
    end in time (:mod:`cardcore.replay.bounded`)."""
    return parse_json(read_text(source, max_bytes=max_bytes))


def _size(count: int) -> str:
    """A size in the words a person reads it in.

    >>> _size(33554432), _size(50)
    ('32 MiB (33,554,432 bytes)', '50 bytes')
    """
    mebibytes, rest = divmod(count, 1 << 20)
    return f"{mebibytes} MiB ({count:,} bytes)" if mebibytes and not rest else f"{count:,} bytes"


def read_text(source: str | os.PathLike[str] | BinaryIO, *, max_bytes: int = MAX_BYTES) -> str:
    """The text of a file or stream, as :func:`read_json` reads it before parsing
    (kept by a reader that may have to locate problems in it afterwards)."""
    try:
        data = read_input(source, max_bytes)
    except UnreadableInput as error:
        raise JsonError([Problem(kind=FORMAT, pointer="", message=str(error))]) from None
    except OSError as error:
        message = f"cannot read the file: {error.strerror or error}"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message)]) from None
    if len(data) > max_bytes:
        message = f"the file is larger than {_size(max_bytes)}; transcripts are far smaller"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message)])
    skipped = len(_BOM) if data.startswith(_BOM) else 0
    if skipped:  # what "utf-8-sig" does, without importing that codec
        data = data[skipped:]
    if b"\x00" in data[:2] and _utf_16(data):  # NUL bytes are UTF-8, but never JSON
        raise JsonError([Problem(kind=FORMAT, pointer="", message=UTF_16)])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _not_utf_8(data, error, skipped) from None
    return text


UTF_16 = ("not UTF-8 text: the file looks like UTF-16 (what Windows Notepad saves as "
          "\"Unicode\"): save it as UTF-8, the encoding of a transcript's JSON")


def _utf_16(data: bytes) -> bool:
    """The bytes look like UTF-16: its byte order mark, or text whose every other
    byte is zero (ASCII in UTF-16 without a mark), as far as the first 64 bytes show."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    start = data[:64]
    return len(start) >= 2 and any(
        not half.strip(b"\x00") and other.strip(b"\x00")
        for half, other in ((start[0::2], start[1::2]), (start[1::2], start[0::2])))


def _not_utf_8(data: bytes, error: UnicodeDecodeError, skipped: int) -> JsonError:
    """The problem of bytes that are not UTF-8: UTF-16 named as such, anything
    else (Latin-1's or Windows-1252's é, say) placed at its line and column, with
    the bytes themselves and their offset in the file (a UTF-8 mark counted)."""
    if _utf_16(data):
        return JsonError([Problem(kind=FORMAT, pointer="", message=UTF_16)])
    bad = " ".join(f"0x{byte:02X}" for byte in data[error.start:error.end])
    index = len(data[:error.start].decode("utf-8"))  # the characters before the bad byte
    return _placed(data.decode("utf-8", errors="replace"), index,
                   f"the byte{'s' if error.end - error.start > 1 else ''} {bad} (offset "
                   f"{error.start + skipped} in the file) cannot be read as UTF-8: save the "
                   "file as UTF-8, the encoding of a transcript's JSON", "not UTF-8 text: ")
