"""``cardcore rules``: the rule pages and single rules, printed offline.

Every problem cardcore reports cites a rule ID; this command lets a player at
the table read that rule without the repository or a network. The pages come
from the installed package (:mod:`cardcore.rulebook`); this module only picks
what to print.
"""

from __future__ import annotations

import click

from cardcore.rulebook import (
    Page,
    Rule,
    RulebookError,
    find_rule,
    load_page,
    looks_like_rule_id,
    pages,
)

__all__ = ["rules"]

USAGE = """\
How to use it:
  cardcore rules GAME            a whole page          cardcore rules goblin-poker
  cardcore rules GAME RULE-ID    one rule              cardcore rules goblin-poker GP-4.2
  cardcore rules RULE-ID         the prefix names the game: GP-4.2, OP-3.1, SP-2.6, AU-5.1
  cardcore rules SECTION         all rules of a section: GP-4
  cardcore rules C-3             a common rule (they hold in every game)"""


class NotFound(click.ClickException):
    """An unknown page or rule: bad usage, so exit status 2, and no traceback."""

    exit_code = 2


def _index() -> str:
    lines = ["The rules of the games and the transcript format, as shipped with cardcore.", ""]
    for page in pages():
        ids = page.ids()
        span = f"{ids[0]} ... {ids[-1]}" if ids else ""
        lines.append(f"  {page.name:<14}{page.title:<24}{span}".rstrip())
    return "\n".join([*lines, "", USAGE])


def _rule_text(rule: Rule) -> str:
    title = load_page(rule.page).title
    footer = f"(the whole page: cardcore rules {rule.page})"
    return f"{title}, {rule.heading}\n\n{rule.text}\n\n{footer}"


def _page_text(page: Page) -> str:
    return page.text.rstrip("\n")


def _lookup(game: str | None, rule_id: str | None) -> str:
    if game is None:
        return _index()
    if rule_id is None:
        if looks_like_rule_id(game):
            return _rule_text(find_rule(game))
        return _page_text(load_page(game))
    return _rule_text(find_rule(rule_id, game))


@click.command(name="rules")
@click.argument("game", required=False, metavar="[GAME]")
@click.argument("rule_id", required=False, metavar="[RULE-ID]")
def rules(game: str | None, rule_id: str | None) -> None:
    """Print the rules: a page, one rule by its ID, or the list of pages.

    GAME is one of the pages (common, goblin-poker, orc-poker, saint-poker,
    auction, transcript). RULE-ID is a rule as messages cite it (GP-4.2, C-3);
    its prefix names the game, so GAME may be left out. Without arguments the
    pages are listed. Exit 2 for an unknown page or rule.
    """
    # As messages print it: "rule [C-5]" or "(GP-4.1)"; the brackets are not the ID.
    game, rule_id = (None if word is None else word.strip("[]()")
                     for word in (game, rule_id))
    try:
        text = _lookup(game, rule_id)
    except RulebookError as error:
        raise NotFound(str(error)) from None
    click.echo(text)

