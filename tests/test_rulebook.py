"""The rulebook: the shipped pages, their parsing, lookup by rule ID, and errors.

The pages are what a player reads when a message cites a rule, so every rule ID
the code can cite must be on a page, and every worked example must replay as
the page says.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardcore.errors import CardcoreError
from cardcore.registry import GAMES
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import load_transcript
from cardcore.rulebook import (
    PAGES,
    PREFIXES,
    RULE_ID,
    Page,
    RulebookError,
    find_rule,
    load_page,
    normalize_rule_id,
    page_of_rule,
    pages,
    parse_page,
    resolve_page,
    search,
)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SOURCES = ("cardcore", "replay", "cli")
"""The folders that install as the package cardcore (cardcore.replay, cardcore.cli)."""

CITED = re.compile(r"\b(?:C|GP|OP|SP|AU)-\d+(?:\.\d+)?\b")
GAME_PAGES = ("goblin-poker", "orc-poker", "saint-poker", "auction")

SAMPLE = """\
# Test Poker (`test-poker`)

An introduction.

## Options

| option | default |
|---|---|
| `rounds` | 3 |

## GP-1 Start

Before the rules of the section.

### GP-1.1 The ante

Everyone pays 1.

**Ruling.** Even at 0 chips.

### GP-1.2 The deal

Six cards each.

```json
{"type": "deal"}
### GP-1.3 inside a code block: not a heading
```

## GP-2 End

### GP-2.1 The winner

Most chips.

## Worked example

Not part of GP-2.1.
"""


@pytest.fixture
def sample() -> Page:
    return parse_page("goblin-poker", SAMPLE)


# -- parsing ------------------------------------------------------------------------


def test_title_drops_the_transcript_name(sample: Page) -> None:
    assert sample.title == "Test Poker"


def test_rules_in_page_order_sections_on_request(sample: Page) -> None:
    assert sample.ids() == ("GP-1.1", "GP-1.2", "GP-2.1")
    assert sample.ids(sections=True) == ("GP-1", "GP-1.1", "GP-1.2", "GP-2", "GP-2.1")


def test_a_rule_runs_to_the_next_heading_of_its_level(sample: Page) -> None:
    """The ruling belongs to the rule it is written under; the next rule is not in it."""
    ante = sample.rule("GP-1.1")
    assert ante.title == "The ante" and ante.level == 3 and ante.page == "goblin-poker"
    assert ante.text == "Everyone pays 1.\n\n**Ruling.** Even at 0 chips."


def test_a_heading_inside_a_code_block_is_text(sample: Page) -> None:
    deal = sample.rule("GP-1.2")
    assert "### GP-1.3 inside a code block" in deal.text
    with pytest.raises(RulebookError):
        sample.rule("GP-1.3")


def test_a_section_holds_its_rules_and_stops_at_the_next_section(sample: Page) -> None:
    section = sample.rule("GP-1")
    assert section.is_section
    assert section.text.startswith("Before the rules of the section.")
    assert "### GP-1.2 The deal" in section.text and "GP-2" not in section.text


def test_the_last_rule_stops_at_a_heading_that_is_not_a_rule(sample: Page) -> None:
    assert sample.rule("GP-2.1").text == "Most chips."


def test_a_rule_twice_on_a_page_is_refused() -> None:
    with pytest.raises(RulebookError, match=r"GP-1\.1 twice"):
        parse_page("goblin-poker", "# G\n## GP-1.1 A\n## GP-1.1 B\n")


def test_normalize_and_prefixes() -> None:
    assert normalize_rule_id(" op-3.1 ") == "OP-3.1"
    assert normalize_rule_id("GP-") is None
    assert normalize_rule_id("goblin-poker") is None
    assert {page_of_rule(f"{prefix}-1") for prefix in PREFIXES} == set(PAGES) - {"transcript"}


# -- the shipped pages ----------------------------------------------------------------


def test_every_page_is_shipped_in_the_package() -> None:
    """Read through importlib.resources (cardcore.docs), as an installed package does."""
    loaded = pages()
    assert tuple(page.name for page in loaded) == PAGES
    for page in loaded:
        assert page.text == (DOCS / f"{page.name}.md").read_text(encoding="utf-8")


def test_the_shipped_pages_have_the_rule_ranges() -> None:
    spans = {page.name: (page.ids()[0], page.ids()[-1]) for page in pages() if page.rules}
    assert spans == {
        "common": ("C-1", "C-8"),
        "goblin-poker": ("GP-1.1", "GP-6.3"),
        "orc-poker": ("OP-1.1", "OP-4.3"),
        "saint-poker": ("SP-1.1", "SP-3.1"),
        "auction": ("AU-1.1", "AU-7.8"),
    }
    assert load_page("common").ids() == tuple(f"C-{n}" for n in range(1, 9))
    assert not load_page("transcript").rules


def test_every_rule_has_text_and_every_id_its_own_page() -> None:
    for page in pages():
        for rule in page.rules:
            assert rule.text, rule.id
            assert rule.title, rule.id
            assert page_of_rule(rule.id) == page.name


def test_every_rule_id_the_code_cites_is_on_a_page() -> None:
    """Any rule ID written in the package's sources (messages, docstrings, comments)
    can be looked up with `cardcore rules`; a new game's code is covered as it lands."""
    known = {rule_id for page in pages() for rule_id in page.ids(sections=True)}
    missing: dict[str, set[str]] = {}
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            cited = set(CITED.findall(path.read_text(encoding="utf-8")))
            if cited - known:
                missing[str(path.relative_to(ROOT))] = cited - known
    assert not missing, f"rule IDs in the code but on no page: {missing}"


def test_the_code_cites_rule_ids_at_all() -> None:
    """The walk above must see the engines' citations (a guard against a bad regex)."""
    text = (ROOT / "cardcore" / "games" / "goblin" / "rules.py").read_text(encoding="utf-8")
    assert "GP-4.2" in CITED.findall(text)
    assert RULE_ID.fullmatch("AU-7.8") and not RULE_ID.fullmatch("XP-1.1")


def test_the_docs_do_not_point_outside_the_package() -> None:
    for path in DOCS.glob("*.md"):
        assert "../" not in path.read_text(encoding="utf-8"), path.name


def test_the_links_between_pages_exist() -> None:
    for path in DOCS.glob("*.md"):
        for target in re.findall(r"\]\(([^)#]+\.md)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
            assert (DOCS / target).is_file(), f"{path.name} links to {target}"


def _examples(page: str) -> list[dict[str, object]]:
    text = (DOCS / f"{page}.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    return [data for data in map(json.loads, blocks) if "events" in data]


@pytest.mark.parametrize("page", GAME_PAGES)
def test_every_game_page_has_a_worked_example_that_validates(page: str) -> None:
    """Each game page's transcript replays with no problem, its check and result included."""
    (example,) = _examples(page)
    assert example["game"] == page
    if page not in GAMES:
        pytest.skip(f"{page} has no engine yet; its example is checked once it lands")
    report = replay_transcript(load_transcript(example))
    assert not report.problems, [p.message for p in report.problems]
    assert report.valid


# -- lookup and errors ----------------------------------------------------------------


def test_find_a_rule_by_its_id_alone() -> None:
    rule = find_rule("GP-4.2")
    assert (rule.page, rule.title) == ("goblin-poker", "Fold")
    assert "smallest number showing on any stack" in rule.text


def test_find_a_rule_with_its_game_and_case_ignored() -> None:
    assert find_rule("sp-2.6", "saint-poker").id == "SP-2.6"
    assert find_rule("OP-3.1", "orc").page == "orc-poker"


def test_a_common_rule_is_found_with_any_game() -> None:
    assert find_rule("C-3", "goblin-poker").page == "common"


def test_rulings_sit_under_their_rules() -> None:
    assert "**Ruling" in find_rule("GP-2.4").text
    assert "younger" in find_rule("SP-2.6").text and "**Ruling" in find_rule("SP-2.6").text
    assert "C-6, C-8, C-4, C-7, C-5" not in find_rule("C-8").text


def test_errors_are_value_errors_of_cardcore() -> None:
    assert issubclass(RulebookError, CardcoreError) and issubclass(RulebookError, ValueError)


def test_an_unknown_rule_names_what_exists() -> None:
    with pytest.raises(RulebookError) as caught:
        find_rule("GP-9.1")
    assert str(caught.value) == "no rule GP-9.1 in Goblin Poker: its rules are GP-1.1 ... GP-6.3"


def test_an_unknown_rule_in_a_known_section_names_the_section() -> None:
    with pytest.raises(RulebookError, match=r"section OP-3 has OP-3\.1 \.\.\. OP-3\.7"):
        find_rule("OP-3.9")


def test_an_unknown_section_names_the_sections() -> None:
    with pytest.raises(RulebookError, match=r"in the sections SP-1, SP-2, SP-3"):
        find_rule("SP-4")


def test_a_rule_of_another_game_says_where_it_is() -> None:
    with pytest.raises(RulebookError, match=r"GP-4\.2 is a rule of Goblin Poker, not of Orc Poker"):
        find_rule("GP-4.2", "orc-poker")


def test_an_unknown_page_lists_the_pages() -> None:
    with pytest.raises(RulebookError) as caught:
        resolve_page("gin-rummy")
    assert str(caught.value) == ("no page 'gin-rummy': the pages are common, goblin-poker, "
                                 "orc-poker, saint-poker, auction, transcript")


def test_a_page_prefix_is_enough_but_nothing_is_not() -> None:
    assert resolve_page("gob") == "goblin-poker"
    with pytest.raises(RulebookError, match="no page ''"):
        resolve_page("")


def test_not_a_rule_id() -> None:
    with pytest.raises(RulebookError, match=r"'XP-1\.1' is not a rule ID"):
        page_of_rule("XP-1.1")


def test_search_finds_a_rule_by_a_word_of_its_heading_first() -> None:
    """The rule headed Bust comes before those that only say the word in their text."""
    hits = search("bust")
    assert (hits[0].rule_id, hits[0].page, hits[0].heading) == ("GP-4.6", "goblin-poker", "Bust")
    assert "busts them" in hits[0].excerpt
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)


def test_search_needs_every_word_and_reads_endings() -> None:
    """All words must be in the part; ``busted`` finds what ``bust`` finds."""
    assert [hit.lookup for hit in search("busted")] == [hit.lookup for hit in search("bust")]
    both = {hit.lookup for hit in search("bust fold")}
    assert both and both <= {hit.lookup for hit in search("bust")}
    assert all("fold" in hit.excerpt.lower() or hit.rule_id == "GP-4.2"
               or "fold" in load_page(hit.page).text.lower() for hit in search("bust fold"))
    assert search("bust xyzzy") == ()


def test_search_names_parts_of_pages_that_are_no_rule() -> None:
    """A page's introduction or worked example is found too, by page and heading."""
    hits = {(hit.page, hit.heading) for hit in search("worked example")
            if hit.rule_id is None}
    assert ("goblin-poker", "Worked example") in hits


def test_search_reads_a_rule_id_as_one_word() -> None:
    """``C-3`` finds the rule C-3 first, and only parts that say C-3, not every C and 3."""
    hits = search("C-3")
    assert hits[0].rule_id == "C-3"
    assert all("C-3" in find_rule(hit.rule_id).text + hit.heading + hit.rule_id
               if hit.rule_id else "C-3" in load_page(hit.page).text for hit in hits)


def test_search_excerpts_are_plain_and_short() -> None:
    """The excerpt is words (no Markdown marks) and about a line long."""
    for hit in search("joker"):
        assert "**" not in hit.excerpt and "](" not in hit.excerpt and "`" not in hit.excerpt
        assert len(hit.excerpt) <= 100


def test_search_without_words_finds_nothing() -> None:
    """Punctuation alone is no search."""
    assert search(" -- ") == ()
