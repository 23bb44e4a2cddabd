"""Strict JSON reading: the parts of JSON that Python's parser lets through
silently (duplicate keys, NaN, huge numbers, deep nesting) are refused with a
pointer, so that no file is misread quietly and none causes a traceback."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from cardcore.errors import CardcoreError
from cardcore.replay.problems import FORMAT, Problem, pointer

__all__ = ["MAX_BYTES", "JsonError", "parse_json", "read_json"]

MAX_BYTES = 32 * 1024 * 1024
"""Largest transcript read (32 MiB: far above any real session)."""

MAX_DEPTH = 64
"""How deep the search for repeated keys goes (a transcript needs 5 levels); far
deeper input is refused by the parser itself."""


class JsonError(CardcoreError):
    """The input is not strict JSON; ``problems`` say where."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


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


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _duplicates(value: Any, path: tuple[str | int, ...], depth: int) -> Iterator[Problem]:
    if depth > MAX_DEPTH:
        yield Problem(kind=FORMAT, pointer=pointer(*path),
                      message=f"nested more than {MAX_DEPTH} levels deep")
        return
    if isinstance(value, dict):
        for key in getattr(value, "duplicates", ()):
            yield Problem(
                kind=FORMAT, pointer=pointer(*path, key),
                message=f"key {key!r} is given more than once in this object",
            )
        for key, item in value.items():
            yield from _duplicates(item, (*path, key), depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _duplicates(item, (*path, index), depth + 1)


_LONE_COLON = re.compile(r':(?<!":)')
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
    for found in _LONE_COLON.finditer(text):
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
    cardcore.replay.jsonload.JsonError: /a: format: key 'a' is given more than once in this object
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
        value = json.loads(text, object_hook=counted, parse_constant=_constant)
        if not _no_repeats(text, members):
            # Only a text that may repeat a key pays for seeing every member.
            value = json.loads(text, object_pairs_hook=pairs, parse_constant=_constant)
    except json.JSONDecodeError as error:
        from cardcore.replay.syntax import explain  # only a syntax error pays for it

        found = explain(text, error)
        message = f"not JSON: line {found.line}, column {found.column}: {found.message}"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message, line=found.line,
                                 column=found.column, context=found.context)]) from None
    except RecursionError:
        message = f"not a transcript: nested more than {MAX_DEPTH} levels deep"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message)]) from None
    except ValueError as error:
        raise JsonError([Problem(kind=FORMAT, pointer="", message=f"not JSON: {error}")]) from None
    if repeated:
        raise JsonError(list(_duplicates(value, (), 0)))
    return value


def _read_file(handle: BinaryIO, max_bytes: int) -> bytes:
    """The first ``max_bytes + 1`` bytes of an open file (one more than allowed, so
    that a file too large shows), or all of a smaller one.

    Asked for ``max_bytes + 1`` at once, Python allocates a buffer of that size
    (32 MiB) for every file and then shrinks it: for a transcript of a few
    kilobytes that costs more than parsing it. So the file is asked for the size
    it says it has, plus one byte; only a file that holds more than it says
    (one that grew, a pipe or a special file, which say 0) is read on.
    """
    size = os.fstat(handle.fileno()).st_size
    data = handle.read(min(size, max_bytes) + 1)
    if len(data) > size:
        data += handle.read(max_bytes + 1 - len(data))
    return data


_BOM = b"\xef\xbb\xbf"
"""UTF-8's byte order mark: allowed before a transcript, and skipped."""


def read_json(source: Path | BinaryIO, *, max_bytes: int = MAX_BYTES) -> Any:
    """Read and parse a file (or a binary stream), refusing oversized or non-UTF-8 input."""
    try:
        if isinstance(source, Path):
            with source.open("rb") as handle:
                data = _read_file(handle, max_bytes)
        else:
            data = source.read(max_bytes + 1)
    except OSError as error:
        message = f"cannot read the file: {error.strerror or error}"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message)]) from None
    if len(data) > max_bytes:
        message = f"the file is larger than {max_bytes} bytes; transcripts are far smaller"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message)])
    if data.startswith(_BOM):  # what "utf-8-sig" does, without importing that codec
        data = data[len(_BOM):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = f"not UTF-8 text (byte {error.start}): a transcript is JSON in UTF-8"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message)]) from None
    return parse_json(text)
