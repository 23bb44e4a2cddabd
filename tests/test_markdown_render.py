"""The rule pages' Markdown laid out for a terminal: no marks left, every rule ID
kept, lines within the width, styling only when asked for."""

from __future__ import annotations

import importlib.resources
import re

import click
import pytest

from cardcore.markdown_render import plain_inline, render
from cardcore.rulebook import parse_page

SHIPPED = sorted(entry.name for entry in importlib.resources.files("cardcore.docs").iterdir()
                 if entry.name.endswith(".md"))


def shipped(name: str) -> str:
    return importlib.resources.files("cardcore.docs").joinpath(name).read_text(encoding="utf-8")


def code_lines(markdown: str) -> set[str]:
    """The lines of the page's code blocks (fenced, or indented after a blank line),
    which are shown as they stand: a glob such as ``fixtures/**/*.json`` stays."""
    found: set[str] = set()
    fenced = False
    previous_blank = True
    in_indented = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif fenced:
            found.add(line.strip())
        elif line.startswith("    ") and (previous_blank or in_indented):
            in_indented = True
            found.add(line.strip())
        elif line.strip():
            in_indented = False
        previous_blank = not line.strip()
    return found


def test_there_are_pages_to_render() -> None:
    """The shipped pages are found (so the parametrized tests below test something)."""
    assert {"common.md", "goblin-poker.md", "auction.md", "transcript.md"} <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_page_renders_without_marks_and_keeps_its_rule_ids(name: str) -> None:
    """Outside code, no ``**``, no ``](``, no backticks remain; every rule ID stays."""
    markdown = shipped(name)
    out = render(markdown, width=80)
    code = code_lines(markdown)
    prose = "\n".join(line for line in out.splitlines() if line.strip() not in code)
    assert "**" not in prose
    assert "](" not in prose
    assert "`" not in prose
    assert "\x1b[" not in out
    for rule_id in parse_page(name.removesuffix(".md"), markdown).ids(sections=True):
        assert re.search(rf"(?<![\w.-]){re.escape(rule_id)}(?![\w-]|\.\d)", out), rule_id


@pytest.mark.parametrize("width", [40, 60, 100])
@pytest.mark.parametrize("name", ["auction.md", "rulings.md", "transcript.md"])
def test_prose_and_tables_fit_the_width(name: str, width: int) -> None:
    """Every line but code (kept whole) and a single word longer than the width fits."""
    markdown = shipped(name)
    code = code_lines(markdown)
    for line in render(markdown, width=width).splitlines():
        if len(line) > width:
            assert line.strip() in code or len(line.split()[-1]) > width // 2, line


def test_links_are_their_words_and_code_its_text() -> None:
    """A link shows its words only; inline code loses its ticks, keeps its text."""
    assert plain_inline("See [the common rules](common.md) and `cardcore rules C-3`.") == (
        "See the common rules and cardcore rules C-3.")


def test_emphasis_needs_both_marks_and_a_lone_star_stays() -> None:
    """``*rank signature*`` is emphasis; the ``*`` of ``illegal-*.json`` is a character."""
    assert plain_inline("its *rank signature*: illegal-*.json") == (
        "its rank signature: illegal-*.json")


def test_headings_are_underlined_by_level() -> None:
    """A title gets ``=``, a section ``-``, a rule heading stands alone."""
    out = render("# Goblin Poker\n\n## GP-4 A round\n\n### GP-4.2 Fold\n\nText.")
    assert out == ("Goblin Poker\n============\n\nGP-4 A round\n------------\n\n"
                   "GP-4.2 Fold\n\nText.")


def test_paragraphs_are_refilled_to_the_width() -> None:
    """The page's own line breaks go; the words are filled to the width."""
    out = render("one two three\nfour five six seven eight", width=20)
    assert out.splitlines() == ["one two three four", "five six seven eight"]


def test_lists_hang_and_nest() -> None:
    """An item's later lines hang under its text; a nested list is indented further."""
    out = render("- first item that wraps\n  onto a second line\n  - nested\n- second", width=20)
    assert out.splitlines() == [
        "  - first item that",
        "    wraps onto a",
        "    second line",
        "    - nested",
        "  - second",
    ]


def test_a_table_is_aligned_its_cells_wrapped_or_one_cell_per_line() -> None:
    """Columns line up under their header; a narrower screen wraps the widest cells;
    when the columns cannot fit at all, each row is a block of ``header: cell``."""
    table = "| key | meaning |\n|---|---|\n| `format` | always one value |\n| `game` | a name |"
    assert render(table, width=40).splitlines() == [
        "key     meaning",
        "------  ----------------",
        "format  always one value",
        "game    a name",
    ]
    assert render(table, width=22).splitlines() == [
        "key     meaning",
        "------  --------------",
        "format  always one",
        "        value",
        "",
        "game    a name",
    ]
    three = table.replace("| key |", "| key | required |").replace("|---|", "|---|---|", 1)
    three = three.replace("` |", "` | yes |")
    assert render(three, width=24).splitlines() == [
        "key: format", "required: yes", "meaning: always one", "         value", "",
        "key: game", "required: yes", "meaning: a name"]


def test_code_keeps_its_lines_and_names_its_file() -> None:
    """Code is indented and never wrapped; ```json ben.json names the file above it."""
    long = '{"type": "deal", "hands": {"Aki": [1, 2, 3], "Ben": [4, 5, 6], "Chie": [7]}}'
    out = render(f"Before.\n\n```json ben.json\n{long}\n```\n\nAfter.", width=30)
    assert out.splitlines() == ["Before.", "", "ben.json:", "    " + long, "", "After."]


def test_bold_and_emphasis_are_styled_only_when_asked() -> None:
    """Styled: ANSI bold and underline around the words; plain: the words alone."""
    markdown = "**Ruling.** an *equal* bid"
    styled = render(markdown, styled=True)
    assert "\x1b[1mRuling.\x1b[22m" in styled
    assert "\x1b[4mequal\x1b[24m" in styled
    assert click.unstyle(styled) == render(markdown) == "Ruling. an equal bid"
