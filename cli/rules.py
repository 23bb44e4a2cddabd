"""``cardcore rules``: the rule pages and single rules, shown offline, and searched.

Every problem cardcore reports cites a rule ID; this command lets a player at
the table read that rule without the repository or a network, and find a rule
by its words when no ID is at hand. The pages come from the installed package
(:mod:`cardcore.rulebook`) and are laid out for the terminal by
:mod:`cardcore.markdown_render`; this module picks what to show and how: styled
only on a terminal (and never with ``NO_COLOR``), through a pager only when the
text is longer than a terminal's screen.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap

import attrs
import click

from cardcore.markdown_render import render
from cardcore.quoting import quoted, visible
from cardcore.rulebook import (
    Page,
    Rule,
    RulebookError,
    SearchHit,
    find_rule,
    load_page,
    looks_like_rule_id,
    pages,
    search,
)

__all__ = ["rules"]

USAGE = """\
How to use it:
  cardcore rules GAME            a whole page          cardcore rules goblin-poker
  cardcore rules GAME RULE-ID    one rule              cardcore rules goblin-poker GP-4.2
  cardcore rules RULE-ID         the prefix names the game: GP-4.2, OP-3.1, SP-2.6, AU-5.1
  cardcore rules SECTION         all rules of a section: GP-4
  cardcore rules C-3             a common rule (they hold in every game)
  cardcore rules --search WORDS  the rules and pages with these words: --search bust"""

SHOWN_HITS = 10
"""Search results listed; the rest are counted (more words narrow the search)."""

SUGGESTED_HITS = 5
"""Search results suggested for a page name that is no page."""


class NotFound(click.ClickException):
    """An unknown page or rule: bad usage, so exit status 2, and no traceback."""

    exit_code = 2


class NoMatch(click.ClickException):
    """A search that finds nothing: exit status 1, as grep's."""

    exit_code = 1


@attrs.frozen
class Screen:
    """Where the text goes: its width, and whether it is a terminal that may be styled."""

    width: int
    height: int
    terminal: bool
    styled: bool

    @classmethod
    def of_stdout(cls) -> Screen:
        """The standard output as it is: a terminal (styled unless NO_COLOR) or not."""
        terminal = sys.stdout.isatty()
        size = shutil.get_terminal_size((80, 24))
        styled = terminal and not os.environ.get("NO_COLOR")
        return cls(width=size.columns, height=size.lines, terminal=terminal, styled=styled)

    def bold(self, text: str) -> str:
        return click.style(text, bold=True) if self.styled else text


def _index() -> str:
    lines = ["The rules of the games and the transcript format, as shipped with cardcore.", ""]
    for page in pages():
        ids = page.ids()
        span = f"{ids[0]} ... {ids[-1]}" if ids else ""
        lines.append(f"  {page.name:<14}{page.title:<24}{span}".rstrip())
    return "\n".join([*lines, "", USAGE])


def _rule_text(rule: Rule, screen: Screen, raw: bool) -> str:
    title = load_page(rule.page).title
    footer = f"(the whole page: cardcore rules {rule.page})"
    body = rule.text if raw else render(rule.text, width=screen.width, styled=screen.styled)
    return f"{screen.bold(f'{title}, {rule.heading}')}\n\n{body}\n\n{footer}"


def _page_text(page: Page, screen: Screen, raw: bool) -> str:
    if raw:
        return page.text.rstrip("\n")
    return render(page.text, width=screen.width, styled=screen.styled)


def _hit_heading(hit: SearchHit) -> str:
    """A rule as ``GP-4.6 Bust (goblin-poker)``; a part of a page that is no rule as
    ``goblin-poker: Worked example``."""
    if hit.rule_id is None:
        return f"{hit.page}: {hit.heading}"
    return f"{hit.rule_id} {hit.heading} ({hit.page})".replace("  ", " ")


def _hit_lines(hits: tuple[SearchHit, ...], screen: Screen) -> list[str]:
    lines: list[str] = []
    for hit in hits:
        lines.append(screen.bold(_hit_heading(hit)))
        if hit.excerpt:  # plain words already: wrapped, not read as Markdown again
            lines.extend(textwrap.wrap(hit.excerpt, width=max(screen.width, 24),
                                       initial_indent="    ", subsequent_indent="    "))
    return lines


def _search_text(words: str, screen: Screen) -> str:
    hits = search(words)
    if not hits:
        raise NoMatch(f"nothing in the rule pages has the words {words!r}: try fewer or "
                      "other words, or 'cardcore rules' for the list of pages")
    shown = hits[:SHOWN_HITS]
    count = f"{len(hits)} place{'s' if len(hits) != 1 else ''}"
    lines = [f"{count} in the rules with {words!r}, best first:", "", *_hit_lines(shown, screen)]
    if len(hits) > len(shown):
        lines += ["", f"... and {len(hits) - len(shown)} more: more words narrow the search"]
    lines += ["", f"Read one with: cardcore rules {shown[0].lookup}"]
    return "\n".join(lines)


def _no_page(error: RulebookError, name: str) -> NotFound:
    """An unknown page, with the rules that have the word when some do."""
    try:
        hits = search(name)
    except RulebookError:
        hits = ()
    if not hits:
        return NotFound(str(error))
    listed = "\n".join(f"  {_hit_heading(hit)}" for hit in hits[:SUGGESTED_HITS])
    shown = visible(name)
    more = f" (all {len(hits)}: cardcore rules --search {shown})" if len(hits) > 1 else ""
    return NotFound(f"{error}\nThe rules with the word {quoted(name)}{more}:\n{listed}")


def _lookup(game: str | None, rule_id: str | None, screen: Screen, raw: bool) -> str:
    if game is None:
        return _index()
    if rule_id is None:
        if looks_like_rule_id(game):
            return _rule_text(find_rule(game), screen, raw)
        try:
            page = load_page(game)
        except RulebookError as error:
            raise _no_page(error, game) from None
        return _page_text(page, screen, raw)
    return _rule_text(find_rule(rule_id, game), screen, raw)


def _show(text: str, screen: Screen) -> None:
    """Print ``text``; through the pager ($PAGER, else less) when it is longer than the
    terminal's screen. Off a terminal it is never paged."""
    if screen.terminal and text.count("\n") + 1 >= screen.height:
        click.echo_via_pager(text, color=None if screen.styled else False)
    else:
        click.echo(text, color=screen.styled)


@click.command(name="rules")
@click.argument("game", required=False, metavar="[GAME]")
@click.argument("rule_id", required=False, metavar="[RULE-ID]")
@click.option("--search", "-s", "words", metavar="WORDS",
              help="List the rules and parts of pages that have all these words, best first.")
@click.option("--raw", "--markdown", "raw", is_flag=True,
              help="The Markdown source of the page or rule, unformatted (to pipe or save).")
def rules(game: str | None, rule_id: str | None, words: str | None, raw: bool) -> None:
    """Show the rules: a page, one rule by its ID, or the list of pages; or search them.

    GAME is one of the pages (common, goblin-poker, orc-poker, saint-poker,
    auction, transcript). RULE-ID is a rule as messages cite it (GP-4.2, C-3);
    its prefix names the game, so GAME may be left out. Without arguments the
    pages are listed.

    --search WORDS finds the rules and parts of pages that have all the words
    (a word also finds the words it begins: bust finds busts and busted), best
    first, each with its rule ID, its page and a line of it. Quote several words,
    or give them after --search: cardcore rules --search tie break.

    On a terminal a page is laid out to its width, bold is shown as bold, and a
    text longer than the screen goes through the pager ($PAGER, else less);
    NO_COLOR turns the styling off. Off a terminal the text is plain and never
    paged.

    Exit 0 when something is shown; 1 when a search finds nothing; 2 for an
    unknown page or rule.
    """
    screen = Screen.of_stdout()
    if words is not None:
        query = " ".join(word for word in (words, game, rule_id) if word)
        if not query.strip():
            raise click.UsageError("--search needs words to look for (--search bust)")
        _show(_search_text(query, screen), screen)
        return
    # As messages print it: "rule [C-5]" or "(GP-4.1)"; the brackets are not the ID.
    game, rule_id = (None if word is None else word.strip("[]()")
                     for word in (game, rule_id))
    try:
        text = _lookup(game, rule_id, screen, raw)
    except RulebookError as error:
        raise NotFound(str(error)) from None
    _show(text, screen)
