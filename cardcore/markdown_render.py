"""The rule pages' Markdown, laid out for a terminal.

The pages of ``docs/`` are Markdown because they are read on the web and in an
editor too; at the table, ``cardcore rules`` shows them to a player, who should
see words, not ``**Ruling**`` and ``[links](common.md)``. This module knows only
the Markdown those pages use: ``#`` headings, paragraphs, ``-``/``*``/``1.``
lists (nested by indentation), pipe tables, fenced and indented code, and inline
code, ``**bold**``, ``*emphasis*`` and ``[links](target)``. No dependency: the
terminal styling is two ANSI attributes (bold, underline), so the kernel does not
import the command line's library for it.

Marks become layout: a heading is underlined with ``=`` or ``-``, a list item
gets a hanging indent, a table is aligned in columns (or, too wide for the
screen, given one cell per line), code keeps its lines. Bold and emphasis are
terminal styling when ``styled`` is asked for and plain words otherwise; a link
is its words. Text is wrapped to ``width`` columns.

>>> print(render("## C-3 An *unknown* card\\n\\nSee **the** [common rules](common.md).", width=30))
C-3 An unknown card
-------------------
<BLANKLINE>
See the common rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Final

import attrs

__all__ = ["plain_inline", "render"]

_INLINE: Final = re.compile(
    r"(?P<code>`+)(?P<code_text>.+?)(?P=code)"
    r"|\*\*(?P<bold>.+?)\*\*"
    r"|\[(?P<link>[^\]]+)\]\((?P<target>[^)\s]*)\)"
    r"|(?<![\w*])\*(?P<emph>[^\s*](?:[^*]*[^\s*])?)\*(?![\w*])"
)
_HEADING: Final = re.compile(r"(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE: Final = re.compile(r"(\s*)(```|~~~)\s*(.*)$")
_ITEM: Final = re.compile(r"(\s*)([-*+]|\d+[.)])\s+(.*)$")
_TABLE_RULE: Final = re.compile(r"\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_CODE_INDENT: Final = "    "


@attrs.frozen
class _Piece:
    """A run of text and how it is styled (bold, emphasised)."""

    text: str
    bold: bool = False
    emph: bool = False


def _pieces(text: str, *, bold: bool = False, emph: bool = False) -> list[_Piece]:
    """The inline marks of ``text`` read: code is literal, links are their words."""
    pieces: list[_Piece] = []
    position = 0
    for match in _INLINE.finditer(text):
        if match.start() > position:
            pieces.append(_Piece(text[position:match.start()], bold, emph))
        if match.group("code_text") is not None:
            pieces.append(_Piece(match.group("code_text").strip(), bold, emph))
        elif match.group("bold") is not None:
            pieces.extend(_pieces(match.group("bold"), bold=True, emph=emph))
        elif match.group("link") is not None:
            pieces.extend(_pieces(match.group("link"), bold=bold, emph=emph))
        else:
            pieces.extend(_pieces(match.group("emph"), bold=bold, emph=True))
        position = match.end()
    if position < len(text):
        pieces.append(_Piece(text[position:], bold, emph))
    return pieces


def plain_inline(text: str) -> str:
    """One line of Markdown as its words: no code ticks, bold or emphasis marks, links.

    >>> plain_inline("**Ruling (`wheel`).** See [the *common* rules](common.md).")
    'Ruling (wheel). See the common rules.'
    """
    return "".join(piece.text for piece in _pieces(text))


def _style(piece: _Piece, styled: bool) -> str:
    if not styled or not (piece.bold or piece.emph):
        return piece.text
    text = piece.text
    if piece.emph:
        text = f"\x1b[4m{text}\x1b[24m"  # underline on, off
    return f"\x1b[1m{text}\x1b[22m" if piece.bold else text  # bold on, off


_Word = tuple[_Piece, ...]


def _words(text: str, *, bold: bool = False) -> list[_Word]:
    """The words of a line of Markdown, each the styled pieces it is made of."""
    words: list[_Word] = []
    current: list[_Piece] = []
    for piece in _pieces(text, bold=bold):
        parts = re.split(r"(\s+)", piece.text)
        for index, part in enumerate(parts):
            if index % 2:  # whitespace: the end of a word
                if current:
                    words.append(tuple(current))
                    current = []
            elif part:
                current.append(attrs.evolve(piece, text=part))
    if current:
        words.append(tuple(current))
    return words


def _length(word: _Word) -> int:
    return sum(len(piece.text) for piece in word)


def _join(words: Sequence[_Word], styled: bool) -> str:
    return " ".join("".join(_style(piece, styled) for piece in word) for word in words)


def _wrap(text: str, width: int, styled: bool, *, bold: bool = False) -> list[str]:
    """``text`` filled into lines of at most ``width`` columns (a longer word stands alone)."""
    lines: list[str] = []
    line: list[_Word] = []
    used = 0
    for word in _words(text, bold=bold):
        size = _length(word)
        if line and used + 1 + size > width:
            lines.append(_join(line, styled))
            line, used = [], 0
        used += size + (1 if line else 0)
        line.append(word)
    if line or not lines:
        lines.append(_join(line, styled))
    return lines


_ANSI: Final = re.compile(r"\x1b\[[0-9;]*m")


def _visible(text: str) -> int:
    """The columns ``text`` takes on the screen: its styling takes none."""
    return len(_ANSI.sub("", text))


def _cells(row: str) -> list[str]:
    """A table row's cells; a ``|`` inside inline code does not end a cell."""
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    cells: list[str] = []
    cell: list[str] = []
    ticks = False
    for char in row:
        if char == "`":
            ticks = not ticks
        if char == "|" and not ticks:
            cells.append("".join(cell).strip())
            cell = []
        else:
            cell.append(char)
    cells.append("".join(cell).strip())
    return cells


def _table(rows: list[list[str]], width: int, styled: bool) -> list[str]:
    """A table in aligned columns, each cell wrapped to fit; one cell per line when
    even that does not fit the width."""
    columns = max(len(row) for row in rows)
    rows = [row + [""] * (columns - len(row)) for row in rows]
    natural = [max(len(plain_inline(row[c])) for row in rows) for c in range(columns)]
    gap = 2
    budget = width - gap * (columns - 1)
    least = [min(natural[c], max(12, *(_length(w) for row in rows for w in _words(row[c])),
                                 0))
             for c in range(columns)]
    if sum(least) > budget:
        return _records(rows, width, styled)
    widths = list(natural)
    while sum(widths) > budget:  # narrow the widest column that can still give a column
        widest = max((c for c in range(columns) if widths[c] > least[c]),
                     key=lambda c: widths[c])
        widths[widest] -= 1
    wrapped = sum(widths) < sum(natural)
    lines: list[str] = []
    for number, row in enumerate(rows):
        filled = [_wrap(cell, widths[c], styled, bold=number == 0 and styled)
                  for c, cell in enumerate(row)]
        for index in range(max(len(cell) for cell in filled)):
            parts = [cell[index] if index < len(cell) else "" for cell in filled]
            lines.append((" " * gap).join(
                part + " " * (widths[c] - _visible(part)) for c, part in enumerate(parts)
            ).rstrip())
        if number == 0:
            lines.append((" " * gap).join("-" * w for w in widths))
        elif wrapped and number < len(rows) - 1:
            lines.append("")
    return lines


def _records(rows: list[list[str]], width: int, styled: bool) -> list[str]:
    """A table too wide for the screen: each row a block of ``header: cell`` lines."""
    header, body = rows[0], rows[1:]
    lines: list[str] = []
    for row in body:
        if lines:
            lines.append("")
        for name, cell in zip(header, row, strict=True):
            label = plain_inline(name)
            lines.extend(_hanging(f"{label}: ", cell, width, styled))
    return lines


def _hanging(lead: str, text: str, width: int, styled: bool, indent: str = "") -> list[str]:
    """``text`` wrapped after ``lead``, its later lines indented under the text."""
    body = _wrap(text, max(width - len(indent) - len(lead), 10), styled)
    pad = " " * len(lead)
    return [indent + (lead if n == 0 else pad) + line for n, line in enumerate(body)]


def _heading(level: int, words: str, width: int, styled: bool) -> list[str]:
    lines = _wrap(words, width, styled, bold=True)
    if level <= 2:
        lines.append(("=" if level == 1 else "-") * max(_visible(line) for line in lines))
    return lines


def _blocks(lines: list[str]) -> Iterator[tuple[str, list[str]]]:
    """The page's blocks in order: (kind, their lines). Kinds: heading, code,
    table, list, paragraph; blank lines only separate."""
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            index += 1
            continue
        fence = _FENCE.match(line)
        if fence:
            mark, end = fence.group(2), index + 1
            while end < len(lines) and not lines[end].strip().startswith(mark):
                end += 1
            yield "code", [fence.group(3), *lines[index + 1:end]]
            index = end + 1
            continue
        if _HEADING.fullmatch(line):
            yield "heading", [line]
            index += 1
            continue
        if line.startswith(_CODE_INDENT):
            end = index
            while end < len(lines) and (lines[end].startswith(_CODE_INDENT)
                                        or not lines[end].strip()):
                end += 1
            while not lines[end - 1].strip():
                end -= 1
            yield "code", ["", *(text[len(_CODE_INDENT):] for text in lines[index:end])]
            index = end
            continue
        kind = ("table" if line.lstrip().startswith("|")
                else "list" if _ITEM.match(line) else "paragraph")
        end = index + 1
        while end < len(lines) and lines[end].strip():
            following = lines[end]
            if (_HEADING.fullmatch(following) or _FENCE.match(following)
                    or (kind == "paragraph" and (_ITEM.match(following)
                                                 or following.lstrip().startswith("|")))):
                break
            end += 1
        if kind == "list":  # a list goes on past blank lines while its items do
            while (end + 1 < len(lines) and not lines[end].strip()
                   and (_ITEM.match(lines[end + 1]) or lines[end + 1].startswith("  "))
                   and not lines[end + 1].startswith(_CODE_INDENT)):
                end += 1
                while end < len(lines) and lines[end].strip():
                    end += 1
        yield kind, lines[index:end]
        index = end


def _list(lines: list[str], width: int, styled: bool) -> list[str]:
    """List items with their markers, nested lists indented under their item."""
    items: list[tuple[int, str, list[str]]] = []  # (depth, marker, text lines)
    depths: list[int] = []
    for line in lines:
        item = _ITEM.match(line)
        if item:
            indent = len(item.group(1))
            while depths and depths[-1] > indent:
                depths.pop()
            if not depths or depths[-1] < indent:
                depths.append(indent)
            marker = "-" if item.group(2) in "-*+" else item.group(2)
            items.append((len(depths) - 1, marker, [item.group(3)]))
        elif items and line.strip():
            items[-1][2].append(line.strip())
    out: list[str] = []
    for depth, marker, text in items:
        out.extend(_hanging(f"{marker} ", " ".join(text), width, styled,
                            indent="  " * (depth + 1)))
    return out


def render(markdown: str, *, width: int = 80, styled: bool = False) -> str:
    """``markdown`` laid out for a terminal ``width`` columns wide.

    ``styled`` makes bold and emphasis terminal styling (ANSI); without it the
    text is plain. Code keeps its lines, indented, and is never wrapped.

    >>> print(render("| kind | cards |\\n|---|---|\\n| `pair` | 2 |\\n\\n1. *single* card\\n   (one)"))
    kind  cards
    ----  -----
    pair  2
    <BLANKLINE>
      1. single card (one)
    """
    width = max(width, 20)
    out: list[list[str]] = []
    for kind, lines in _blocks(markdown.splitlines()):
        if kind == "heading":
            found = _HEADING.fullmatch(lines[0])
            assert found is not None
            out.append(_heading(len(found.group(1)), found.group(2), width, styled))
        elif kind == "code":
            caption = lines[0].split(maxsplit=1)[1:]  # ```json ben.json: the file's name
            out.append([*(f"{name}:" for name in caption),
                        *((_CODE_INDENT + text).rstrip() for text in lines[1:])])
        elif kind == "table":
            rows = [_cells(row) for row in lines if not _TABLE_RULE.fullmatch(row.strip())]
            out.append(_table(rows, width, styled))
        elif kind == "list":
            out.append(_list(lines, width, styled))
        else:
            out.append(_wrap(" ".join(line.strip() for line in lines), width, styled))
    return "\n\n".join("\n".join(block) for block in out)
