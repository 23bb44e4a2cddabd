"""The rulebook: the rule pages shipped with cardcore, looked up by rule ID.

Every message cardcore prints cites a rule ID (``GP-4.2``, ``C-3``); a player
settling a dispute at the table must be able to read that rule without the
repository or a network. So the pages of ``docs/`` ship inside the package as
``cardcore.docs`` and are read with :mod:`importlib.resources`, which works the
same from a checkout, a wheel or a zip.

A page is Markdown. Every rule ID is a heading (``## GP-4 A round``,
``### GP-4.2 Fold``); a rule's text is everything under its heading up to the
next heading of the same or a higher level, so a section (``GP-4``) holds its
rules. Headings inside fenced code blocks are not headings.

>>> rule = find_rule("GP-4.2")
>>> rule.page, rule.title
('goblin-poker', 'Fold')
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Iterator
from typing import Final

import attrs

from cardcore.errors import RulebookError
from cardcore.markdown_render import plain_inline, render
from cardcore.quoting import quoted
from cardcore.table import unique_prefix

__all__ = [
    "PAGES",
    "PREFIXES",
    "Page",
    "Rule",
    "RulebookError",
    "SearchHit",
    "find_rule",
    "load_page",
    "looks_like_rule_id",
    "normalize_rule_id",
    "page_of_rule",
    "pages",
    "parse_page",
    "resolve_page",
    "search",
    "unknown_rule",
]

PAGES: Final = ("common", "goblin-poker", "orc-poker", "saint-poker", "auction", "transcript")
"""The pages in reading order; each is ``<name>.md`` in ``cardcore.docs``."""

PREFIXES: Final = {
    "C": "common",
    "GP": "goblin-poker",
    "OP": "orc-poker",
    "SP": "saint-poker",
    "AU": "auction",
}
"""A rule ID's prefix names its page, so ``GP-4.2`` needs no game given with it."""

RULE_ID: Final = re.compile(r"(?:C|GP|OP|SP|AU)-\d+(?:\.\d+)?")
"""What a rule ID looks like (``C-3``, ``GP-4``, ``AU-7.8``)."""

_HEADING = re.compile(r"(#{1,6})\s+(.*?)\s*#*\s*$")
_RULE_HEADING = re.compile(r"((?:C|GP|OP|SP|AU)-\d+(?:\.\d+)?)(?![\w.-])\s*(.*)")
_ANY_ID = re.compile(r"([A-Za-z]+)-(\d+(?:\.\d+)?)")
_FENCE = re.compile(r"\s*(```|~~~)")
_TITLE_NAME = re.compile(r"\s*\(`[^`]*`\)$")


@attrs.frozen(kw_only=True)
class Rule:
    """One rule (or section of rules) of a page.

    ``text`` is the Markdown under the heading, without the heading itself.
    """

    id: str
    title: str
    page: str
    level: int
    text: str

    @property
    def heading(self) -> str:
        """The rule ID and its title, as the page's heading says them.

        >>> Rule(id="C-3", title="An unknown card", page="common", level=2, text="").heading
        'C-3 An unknown card'
        """
        return f"{self.id} {self.title}".strip()

    @property
    def is_section(self) -> bool:
        """A group heading such as ``GP-4``, whose rules are ``GP-4.1``, ``GP-4.2``, ..."""
        return self.page != "common" and "." not in self.id


@attrs.frozen(kw_only=True)
class Page:
    """One page of the rulebook: its name, title, Markdown text and rules."""

    name: str
    title: str
    text: str
    rules: tuple[Rule, ...] = ()

    def ids(self, *, sections: bool = False) -> tuple[str, ...]:
        """The rule IDs in page order; sections (``GP-4``) only when asked for."""
        return tuple(r.id for r in self.rules if sections or not r.is_section)

    def rule(self, rule_id: str) -> Rule:
        """The rule ``rule_id`` of this page; a RulebookError that says what exists.

        >>> page = parse_page("goblin-poker", "# Goblin Poker\\n## GP-1 Start\\n### GP-1.1 Ante\\nPay.\\n")
        >>> page.rule("gp-1.1").text
        'Pay.'
        >>> page.rule("GP-1.2")
        Traceback (most recent call last):
        ...
        cardcore.errors.RulebookError: no rule GP-1.2 in Goblin Poker: its rules are GP-1.1; section GP-1 has GP-1.1
        """
        wanted = normalize_rule_id(rule_id)
        for rule in self.rules:
            if rule.id == wanted:
                return rule
        raise RulebookError(self._missing(wanted or rule_id))

    def members(self, section: str) -> tuple[str, ...]:
        """The IDs of the rules in ``section`` (``GP-4`` -> GP-4.1, GP-4.2, ...)."""
        return tuple(r for r in self.ids() if r.startswith(section + "."))

    def _missing(self, rule_id: str) -> str:
        if not self.rules:
            return f"the page {self.name!r} ({self.title}) has no numbered rules"
        message = f"no rule {rule_id} in {self.title}: its rules are {_span(self.ids())}"
        section = rule_id.split(".")[0]
        members = self.members(section)
        sections = tuple(r.id for r in self.rules if r.is_section)
        if section != rule_id and members:
            message += f"; section {section} has {_span(members)}"
        elif section == rule_id and sections:
            message += f", in the sections {_span(sections)}"
        return message


def _span(ids: tuple[str, ...]) -> str:
    """A list of IDs in words: all of them when few, else the first and the last.

    >>> _span(("C-1", "C-2"))
    'C-1, C-2'
    >>> _span(("GP-1.1", "GP-1.2", "GP-1.3", "GP-2.1"))
    'GP-1.1 ... GP-2.1'
    """
    return ", ".join(ids) if len(ids) <= 3 else f"{ids[0]} ... {ids[-1]}"


def normalize_rule_id(text: str) -> str | None:
    """The canonical form of a rule ID (upper case), or None if ``text`` is none.

    >>> normalize_rule_id("gp-4.2"), normalize_rule_id(" C-3 "), normalize_rule_id("goblin-poker")
    ('GP-4.2', 'C-3', None)
    """
    candidate = text.strip().upper()
    return candidate if RULE_ID.fullmatch(candidate) else None


def looks_like_rule_id(text: str) -> bool:
    """Letters, a dash and a number: meant as a rule ID even if no such prefix exists.

    >>> looks_like_rule_id("XP-1.1"), looks_like_rule_id("orc-poker")
    (True, False)
    """
    return _ANY_ID.fullmatch(text.strip()) is not None


def page_of_rule(rule_id: str) -> str:
    """The page a rule ID belongs to, by its prefix.

    >>> page_of_rule("OP-3.1"), page_of_rule("c-8")
    ('orc-poker', 'common')
    >>> page_of_rule("XP-1.1")
    Traceback (most recent call last):
    ...
    cardcore.errors.RulebookError: 'XP-1.1' is not a rule ID: rule IDs begin with C-, GP-, OP-, SP- or AU- (like GP-4.2 or C-3)
    """
    wanted = normalize_rule_id(rule_id)
    if wanted is None:
        prefixes = ", ".join(f"{p}-" for p in list(PREFIXES)[:-1]) + f" or {list(PREFIXES)[-1]}-"
        raise RulebookError(f"{rule_id!r} is not a rule ID: rule IDs begin with {prefixes} "
                            "(like GP-4.2 or C-3)")
    return PREFIXES[wanted.split("-")[0]]


def _lines_outside_code(text: str) -> Iterator[tuple[int, str, bool]]:
    """Each line with its index and whether it lies outside a fenced code block."""
    fence: str | None = None
    for index, line in enumerate(text.splitlines()):
        match = _FENCE.match(line)
        if match:
            if fence is None:
                fence = match.group(1)
            elif match.group(1) == fence:
                fence = None
            yield index, line, False
            continue
        yield index, line, fence is None


def parse_page(name: str, text: str) -> Page:
    """Read one page: its title (the first ``#`` heading) and its rules.

    >>> page = parse_page("common", '''# Common rules
    ... Intro.
    ... ## C-1 Too many copies
    ... A card shown too often.
    ... ```
    ... ## C-3 not a heading: inside code
    ... ```
    ... ## Table choices
    ... Not a rule.
    ... ## C-2 From where it cannot be
    ... Elsewhere.
    ... ''')
    >>> page.title, page.ids()
    ('Common rules', ('C-1', 'C-2'))
    >>> print(page.rule("C-1").text)
    A card shown too often.
    ```
    ## C-3 not a heading: inside code
    ```
    """
    lines = text.splitlines()
    headings: list[tuple[int, int, str]] = []
    for index, line, outside in _lines_outside_code(text):
        match = _HEADING.fullmatch(line) if outside else None
        if match:
            headings.append((index, len(match.group(1)), match.group(2)))
    title = next((_TITLE_NAME.sub("", words) for _, level, words in headings if level == 1), name)
    rules: list[Rule] = []
    for position, (index, level, words) in enumerate(headings):
        found = _RULE_HEADING.fullmatch(words)
        if not found:
            continue
        end = next((i for i, lvl, _ in headings[position + 1:] if lvl <= level), len(lines))
        body = "\n".join(lines[index + 1:end]).strip()
        rules.append(Rule(id=found.group(1), title=found.group(2).strip(), page=name,
                          level=level, text=body))
    seen: set[str] = set()
    for rule in rules:
        if rule.id in seen:
            raise RulebookError(f"the page {name!r} has the rule {rule.id} twice")
        seen.add(rule.id)
    return Page(name=name, title=title, text=text, rules=tuple(rules))


def resolve_page(name: str) -> str:
    """The page ``name`` means: its exact name, or the one page it begins.

    >>> resolve_page("Goblin-Poker"), resolve_page("saint")
    ('goblin-poker', 'saint-poker')
    >>> resolve_page("poker")
    Traceback (most recent call last):
    ...
    cardcore.errors.RulebookError: no page 'poker': the pages are common, goblin-poker, orc-poker, saint-poker, auction, transcript
    """
    page = unique_prefix(name, PAGES)
    if page is not None:
        return page
    raise RulebookError(f"no page {name!r}: the pages are {', '.join(PAGES)}")


@functools.cache
def load_page(name: str) -> Page:
    """The page ``name`` as shipped in the installed package ``cardcore.docs``."""
    page = resolve_page(name)
    try:
        text = importlib.resources.files("cardcore.docs").joinpath(f"{page}.md").read_text(
            encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError) as error:
        raise RulebookError(f"the rule pages are not installed ({error}); "
                            "reinstall cardcore") from None
    return parse_page(page, text)


def pages() -> tuple[Page, ...]:
    """Every page, in reading order."""
    return tuple(load_page(name) for name in PAGES)


def find_rule(rule_id: str, page: str | None = None) -> Rule:
    """The rule ``rule_id``, on the page its prefix names.

    ``page``, when given, must be that page; a common rule (``C-3``) is found with
    any game, since the common rules hold in every game.

    >>> find_rule("C-3", "orc-poker").page
    'common'
    >>> find_rule("GP-4.2", "orc-poker")
    Traceback (most recent call last):
    ...
    cardcore.errors.RulebookError: GP-4.2 is a rule of Goblin Poker, not of Orc Poker: try 'cardcore rules GP-4.2'
    """
    home = page_of_rule(rule_id)
    wanted = normalize_rule_id(rule_id) or rule_id
    if page is not None:
        asked = resolve_page(page)
        if asked != home and home != "common":
            where = load_page(asked)
            other = (f"not of {where.title}" if where.rules
                     else f"and the page {asked!r} has no numbered rules")
            raise RulebookError(f"{wanted} is a rule of {load_page(home).title}, {other}: "
                                f"try 'cardcore rules {wanted}'")
    return load_page(home).rule(wanted)


def _skeleton(text: str) -> str:
    """A rule ID's letters and digits, in capitals: what survives a slip of hand
    (``gp-1.2``, ``GP 1.2``, ``gp-12``, ``GP1,2`` are all ``GP12``)."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def unknown_rule(rule_id: str, game: str) -> str | None:
    """Why no problem of a ``game`` transcript can cite ``rule_id``, or None if one can.

    A problem cites a rule ID of its game's page (a rule or a section) or a common
    rule, exactly as the page writes it; so a fixture's ``expect`` naming anything
    else could never be met. The message says what exists, and the ID meant when the
    slip is only in case or punctuation. A game without a page is not checked.

    >>> unknown_rule("GP-4.2", "goblin-poker") is None, unknown_rule("C-3", "auction") is None
    (True, True)
    >>> unknown_rule("pitched twice", "goblin-poker")
    "'pitched twice' is not a rule ID of Goblin Poker: its rules are GP-1.1 ... GP-6.3, and the common rules C-1 ... C-8 (cardcore rules goblin-poker lists them)"
    >>> unknown_rule("gp-12", "goblin-poker")
    "'gp-12' is not a rule ID of Goblin Poker (did you mean 'GP-1.2'?): a problem cites its rule ID exactly as the rules write it"
    >>> unknown_rule("OP-2.4", "goblin-poker")
    "'OP-2.4' is a rule ID of Orc Poker, not of Goblin Poker: its rules are GP-1.1 ... GP-6.3, and the common rules C-1 ... C-8 (cardcore rules goblin-poker lists them)"
    """
    try:
        page, common = load_page(game), load_page("common")
    except RulebookError:
        return None  # no page to check against (a game whose rules are not written yet)
    known = (*page.ids(sections=True), *common.ids())
    if rule_id in known:
        return None
    head = f"{quoted(rule_id)} is not a rule ID of {page.title}"
    wanted = normalize_rule_id(rule_id)
    home = PREFIXES[wanted.split("-")[0]] if wanted is not None else None
    if home is not None and home not in (page.name, "common"):
        elsewhere = load_page(home)
        if wanted in elsewhere.ids(sections=True):
            head = f"{quoted(rule_id)} is a rule ID of {elsewhere.title}, not of {page.title}"
    section = wanted.split(".")[0] if wanted is not None and "." in wanted else None
    members = page.members(section) if section else ()
    if members:
        detail = f"section {section} has {_span(members)} (cardcore rules {section} lists them)"
    else:
        detail = (f"its rules are {_span(page.ids())}, and the common rules "
                  f"{_span(common.ids())} (cardcore rules {page.name} lists them)")
    skeleton = _skeleton(rule_id)  # once: a hostile "rule ID" may be a million characters
    slips = [r for r in known if _skeleton(r) == skeleton]
    if slips:  # the words of cardcore.table.likely, whose likeness misses "gp-12"
        return (f"{head} (did you mean {slips[0]!r}?): a problem cites its rule ID exactly "
                "as the rules write it")
    return f"{head}: {detail}"


# Searching the pages by their words.

_WORD = re.compile(r"[a-z]{1,2}-\d+(?:\.\d+)?|[a-z0-9]+")
"""A word of text or of a search, in lower case; a rule ID (``gp-4.2``) is one word."""
_SUFFIXES: Final = ("ing", "ed", "es", "s")
_COMMON_WORDS: Final = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "its",
    "of", "on", "or", "the", "to", "with"})
"""Words a search drops when it has others: nearly every part of a page has them."""
_TITLE_WEIGHT: Final = 10
_MOST_HITS: Final = 8  # a long passage saying a word often is not that much more about it
_EXCERPT: Final = 90


@attrs.frozen(kw_only=True)
class SearchHit:
    """A part of a page that has every word searched for: a rule, or a heading's text.

    ``rule_id`` is None for a part that is no rule (a page's introduction, its
    options, a worked example); ``heading`` is its heading in plain words, and
    ``excerpt`` the line of it that best matches, cut short.
    """

    page: str
    rule_id: str | None
    heading: str
    excerpt: str
    score: int

    @property
    def lookup(self) -> str:
        """What to give ``cardcore rules`` to read it: the rule ID, or the page."""
        return self.rule_id or self.page


def _stem(word: str) -> str:
    """A searched word without its ending, so ``busted`` finds ``bust`` and ``busts``.

    >>> _stem("busted"), _stem("pairs"), _stem("ties"), _stem("bust")
    ('bust', 'pair', 'tie', 'bust')
    """
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[:-len(suffix)]
    return word


def _query(words: str) -> tuple[str, ...]:
    """The stems to look for: every word, the most common ones left out when others remain."""
    found = _WORD.findall(words.lower())
    kept = [w for w in found if w not in _COMMON_WORDS] or found
    return tuple(dict.fromkeys(_stem(w) for w in kept))


def _hits(stem: str, tokens: list[str]) -> int:
    return sum(1 for token in tokens if token.startswith(stem))


def _parts(page: Page) -> Iterator[tuple[str | None, str, str]]:
    """The page in parts, each a heading's own text up to the next heading of any
    level: (rule ID or None, heading words, Markdown). The text before the first
    heading belongs to the page's title."""
    heading: tuple[str | None, str] = (None, page.title)
    body: list[str] = []
    for _, line, outside in _lines_outside_code(page.text):
        match = _HEADING.fullmatch(line) if outside else None
        if not match:
            body.append(line)
            continue
        if any(text.strip() for text in body):
            yield (*heading, "\n".join(body))
        words = match.group(2)
        found = _RULE_HEADING.fullmatch(words)
        if len(match.group(1)) == 1:
            words = _TITLE_NAME.sub("", words)
        heading = ((found.group(1), plain_inline(found.group(2)).strip()) if found
                   else (None, plain_inline(words)))
        body = []
    yield (*heading, "\n".join(body))


def _excerpt(lines: list[str], stems: tuple[str, ...]) -> str:
    """The line that has the most of the words, cut to about _EXCERPT characters
    around the first of them."""
    def matched(line: str) -> tuple[int, int]:
        tokens = _WORD.findall(line.lower())
        counts = [_hits(stem, tokens) for stem in stems]
        return sum(1 for c in counts if c), sum(counts)

    best = max(lines, key=matched, default="")
    if len(best) <= _EXCERPT:
        return best
    first = min((m.start() for m in _WORD.finditer(best.lower())
                 if any(m.group().startswith(stem) for stem in stems)), default=0)
    start = max(0, min(first - _EXCERPT // 3, len(best) - _EXCERPT))
    if start:
        start = best.find(" ", start) + 1 or start
    end = start + _EXCERPT
    end = best.rfind(" ", start, end) if end < len(best) else len(best)
    cut = best[start:end].strip()
    return ("... " if start else "") + cut + (" ..." if end < len(best) else "")


def search(words: str) -> tuple[SearchHit, ...]:
    """The parts of the rule pages that hold every one of ``words``, best first.

    A word matches the words it begins (``bust`` finds busts and busted; endings
    of the searched word are ignored, so ``busted`` does too). A part scores its
    matches, those in its heading ten times over; ties go in reading order. No
    words to look for, or no part with all of them, is an empty result.

    >>> hit = search("bust")[0]
    >>> hit.rule_id, hit.page, hit.heading
    ('GP-4.6', 'goblin-poker', 'Bust')
    >>> search("xyzzy")
    ()
    """
    stems = _query(words)
    if not stems:
        return ()
    found: list[tuple[int, int, SearchHit]] = []
    for page in pages():
        for rule_id, heading, text in _parts(page):
            title_tokens = _WORD.findall(f"{rule_id or ''} {heading}".lower())
            lines = [line.strip() for line in render(text, width=10**6).splitlines()
                     if line.strip()]
            tokens = _WORD.findall(" ".join(lines).lower())
            score = 0
            for stem in stems:
                in_title, in_text = _hits(stem, title_tokens), _hits(stem, tokens)
                if not in_title and not in_text:
                    break
                score += _TITLE_WEIGHT * in_title + min(in_text, _MOST_HITS)
            else:
                hit = SearchHit(page=page.name, rule_id=rule_id, heading=heading,
                                excerpt=_excerpt(lines, stems), score=score)
                found.append((-score, len(found), hit))
    return tuple(hit for *_, hit in sorted(found, key=lambda entry: entry[:2]))
