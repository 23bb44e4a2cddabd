"""Where a JSON pointer's value is written: its line and column in the file.

A problem names its place by a JSON pointer (``/events/18/card``); a person
reading the file in an editor wants the line. Parsing keeps no positions (that
would slow every file down), so a file that has problems is scanned once more,
afterwards, for the places of the values its problems point at: the fast path,
a file with no problem, pays nothing.

The scan walks valid JSON (the file parsed) down the pointers' paths only:
a value no pointer goes into is stepped over whole by the standard library's
scanner (in C), and the scan stops once every pointed value is found. A file
is at most :data:`~cardcore.replay.jsonload.MAX_BYTES`, so a scan is bounded:
about a second for a file of 30 MB with a problem at its end. A pointer to a value the file does
not have (a key that is missing) is placed at the deepest value it does have
on that path: the object the key is missing from.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterable, Sequence

import attrs

from cardcore.replay.jsonload import at_full_depth
from cardcore.replay.problems import Problem, split_pointer

__all__ = ["line_columns", "located", "offsets"]

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},]')
"""A string or a bracket, brace or comma: what a scan steps by (a colon is
found right after each key, and numbers and names are stepped over in C)."""
_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

Path = tuple[str, ...]


_DECODER = json.JSONDecoder()


def _skip(text: str, at: int) -> int:
    """The index just past the value that starts at ``at``: parsed by the
    standard library's scanner (in C), which is far quicker than stepping over
    its strings and brackets one by one in Python."""
    return int(_DECODER.scan_once(text, at)[1])  # type: ignore[attr-defined]


def _key(token: str) -> str:
    return token[1:-1] if "\\" not in token else str(json.loads(token))


def offsets(text: str, pointers: Iterable[str]) -> dict[str, int]:
    """The index in ``text`` (valid JSON) where the value at each pointer starts
    (or the deepest value the file has on its path).

    >>> text = '{"a": [1, {"b": "x"}], "c": 2, "d": []}'
    >>> offsets(text, ["/a/1/b", "/c", "/a/1/zz", "", "/d/0"])
    {'/a/1/b': 16, '/c': 28, '/a/1/zz': 10, '': 0, '/d/0': 36}
    """
    wanted = {pointer: tuple(split_pointer(pointer)) for pointer in pointers}
    found: dict[Path, int] = {}

    def scan() -> None:
        # Not valid JSON after all, or nested too deep to step over: what was found so far.
        with contextlib.suppress(IndexError, ValueError, StopIteration, RecursionError):
            _Scan(text, set(wanted.values()), found).run()

    at_full_depth(text, scan)  # as deep as the file was parsed, in every process
    placed: dict[str, int] = {}
    for pointer, path in wanted.items():
        for depth in range(len(path), -1, -1):
            if path[:depth] in found:
                placed[pointer] = found[path[:depth]]
                break
    return placed


class _Scan:
    """One scan of ``text`` for where the values at ``targets`` start."""

    def __init__(self, text: str, targets: set[Path], found: dict[Path, int]) -> None:
        self.text = text
        self.pending = set(targets)
        self.inner = {path[:depth] for path in targets for depth in range(len(path))}
        """The values a target is inside: scanned into; any other value is stepped over."""
        self.prefixes = self.inner | targets
        self.found = found
        self.stack: list[tuple[bool, Path, list[int]]] = []
        """Each open container on the way: (is an object, its path, [current index])."""

    def _start(self, at: int) -> int:
        match = _SPACE.match(self.text, at)
        assert match is not None  # it matches anywhere, if only nothing
        return match.end()

    def value(self, path: Path, at: int) -> int:
        """Note the value after ``at`` if wanted; the index to scan on from."""
        text = self.text
        start = self._start(at)
        if path not in self.prefixes:
            return _skip(text, start) if text[start] in '[{"' else start
        self.found[path] = start
        self.pending.discard(path)
        if path not in self.inner:  # a target and no way to another: stepped over
            return _skip(text, start) if text[start] in '[{"' else start
        if text[start] == "{":
            self.stack.append((True, path, [0]))
            return self.member(path, start + 1)
        if text[start] == "[":
            self.stack.append((False, path, [0]))
            first = self._start(start + 1)
            return first if text[first] == "]" else self.value((*path, "0"), first)
        if text[start] == '"':
            match = _STRING.match(text, start)
            assert match is not None  # valid JSON: a string starts here
            return match.end()
        return start

    def member(self, path: Path, at: int) -> int:
        """After ``{`` or a comma in an object: the key, its colon, then its value."""
        first = self._start(at)
        if self.text[first] == "}":  # an empty object
            return first
        key = _STRING.match(self.text, first)
        assert key is not None  # valid JSON: a key starts here
        colon = self.text.index(":", key.end())
        return self.value((*path, _key(key.group())), colon + 1)

    def run(self) -> None:
        at = self.value((), 0)
        while self.stack and self.pending:
            token = _TOKEN.search(self.text, at)
            if token is None:
                return
            char = token.group()[0]
            is_object, path, index = self.stack[-1]
            if char in "]}":
                self.stack.pop()  # a target not found is not in the file: the scan goes on
                at = token.end()
            elif char == ",":
                index[0] += 1
                at = (self.member(path, token.end()) if is_object
                      else self.value((*path, str(index[0])), token.end()))
            else:  # not reached in valid JSON: every value is stepped over
                at = token.end()


def line_columns(text: str, pointers: Iterable[str]) -> dict[str, tuple[int, int]]:
    """The line and column (both from 1, the column in characters) where the value
    at each pointer starts (:func:`offsets`), newlines counted once, in order."""
    starts = offsets(text, pointers)
    places: dict[int, tuple[int, int]] = {}
    line, counted = 1, 0
    for index in sorted(set(starts.values())):
        line += text.count("\n", counted, index)
        counted = index
        places[index] = (line, index - (text.rfind("\n", 0, index) + 1) + 1)
    return {pointer: places[index] for pointer, index in starts.items()}


def located(text: str, problems: Sequence[Problem]) -> list[Problem]:
    """``problems`` with the line and column of the value each points at, where it
    has a pointer and no place yet. A list of problems with none to place is given
    back as it is, at no cost."""
    unplaced = {p.pointer for p in problems if p.pointer and p.line is None}
    if not unplaced:
        return list(problems)
    places = line_columns(text, unplaced)
    return [attrs.evolve(p, line=places[p.pointer][0], column=places[p.pointer][1])
            if p.pointer in places and p.line is None else p for p in problems]
