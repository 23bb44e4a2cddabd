"""``cardcore coverage``: which rules a set of transcripts exercises.

A rule maintainer runs it on ``fixtures/`` to see which rules no fixture would
catch breaking; with ``--gate`` it is the check CI runs (``.ci/run``). What
counts as exercising a rule, and the rules excused with their reasons, are in
:mod:`cardcore.replay.coverage` and :mod:`cardcore.replay.rule_gaps`; this
module only prints.
"""

from __future__ import annotations

import sys

import click

from cardcore.cli.inputs import FORMATS, ExistingPath, emit_json, files
from cardcore.cli.render import say
from cardcore.cli.walk import Skipped
from cardcore.replay import rule_gaps
from cardcore.replay.coverage import (
    Coverage,
    RuleCount,
    coverage_json,
    gate_failures,
    measure,
    stale_gaps,
)
from cardcore.rulebook import load_page
from cardcore.standings import plural

__all__ = ["coverage"]


def _table(coverage: Coverage) -> list[str]:
    """Every rule with the number of transcripts that exercise it, page by page."""
    lines: list[str] = []
    page = None
    width = max(len(r.id) for r in coverage.rules)
    for rule in coverage.rules:
        if rule.page != page:
            page = rule.page
            lines.append(click.style(load_page(page).title, bold=True))
        mark = "" if rule.count or rule.section else (
            " (unreachable)" if rule.id in rule_gaps.UNREACHABLE
            else " (to do)" if rule.id in rule_gaps.NEEDS_FIXTURE
            else " (NOT EXERCISED)")
        indent = "  " if rule.section or rule.page == "common" else "    "
        lines.append(f"{indent}{rule.id:<{width}} {rule.count:>4}  {rule.title}{mark}")
    return lines


def _never(coverage: Coverage) -> list[str]:
    """The rules no transcript exercises, by why: unreachable, a to-do, or unlisted."""
    never = coverage.never()
    unlisted = gate_failures(coverage)
    groups = (("unreachable by a transcript", rule_gaps.UNREACHABLE),
              ("to do: needs a fixture", rule_gaps.NEEDS_FIXTURE))
    found = [[r for r in never if r.id in listed] for _, listed in groups]
    lines = [f"never exercised: {plural(len(never), 'rule')} ({len(found[0])} unreachable, "
             f"{len(found[1])} to do, {len(unlisted)} not listed)"]
    for (heading, listed), rules in zip(groups, found, strict=True):
        if rules:
            lines.append(f"  {heading} ({len(rules)}):")
            lines += [f"    {r.id}: {listed[r.id]}" for r in rules]
    if unlisted:
        lines.append(click.style(f"  not listed, with no reason ({len(unlisted)}):", fg="red"))
        lines += [f"    {r.id} {r.title} ({load_page(r.page).title})" for r in unlisted]
    return lines


def _stale_line(rule: RuleCount) -> str:
    exercise = "exercises" if rule.count == 1 else "exercise"
    return click.style(f"listed as never exercised, but {plural(rule.count, 'transcript')} "
                       f"{exercise} it: {rule.id} (take it off cardcore/replay/rule_gaps.py)",
                       fg="red")


@click.command()
@click.argument("paths", nargs=-1, required=True, type=ExistingPath())
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True,
              help="text for people, json for programs")
@click.option("--gate", is_flag=True,
              help="exit 1 if a rule is exercised by no transcript and not listed as "
                   "unreachable or as a known gap, or is listed but exercised")
def coverage(paths: tuple[str, ...], fmt: str, gate: bool) -> None:
    """How many transcripts exercise each rule of every game: a problem cites it
    (a fixture's expected problems too), or an effect or transfer is made under it.

    PATHS are files and folders (searched for *.json); `cardcore coverage
    fixtures` is the main use. An event allowed on a rule's turn (the rule that
    decides whose step it is) exercises it too. Sections (GP-4) count the
    transcripts of all their rules. The rules never exercised are listed with
    why: unreachable by a transcript, a known gap still to do (a fixture is
    missing), or not listed at all (cardcore/replay/rule_gaps.py holds the lists).

    Exit status: 0 done (with --gate: every rule is exercised or listed), 1 with
    --gate, a rule is exercised by no transcript and listed nowhere, or listed
    but exercised, 2 a file is not a readable transcript (or bad usage).
    """
    names = list(files(paths))
    skipped = [name for name in names if isinstance(name, Skipped)]
    found = measure(name for name in names if not isinstance(name, Skipped))
    failures = gate_failures(found)
    stale = stale_gaps(found)
    if fmt == "json":
        emit_json(coverage_json(found))
    else:
        click.echo(f"rule coverage of {plural(found.transcripts, 'transcript')}")
        for line in _table(found):
            click.echo(line)
        for line in _never(found):
            click.echo(line)
        for rule in stale:
            click.echo(_stale_line(rule))
        if found.forgotten:
            say(f"left out: {plural(len(found.forgotten), 'file')} with forgotten cards "
                "(\"!\"), judged value by value (cardcore validate)")
        for path in found.unreadable:
            say(f"not a readable transcript: {path} (cardcore validate {path} says why)",
                fg="red")
        for entry in skipped:
            say(f"skipped: {entry.path}: {entry.reason}", fg="red")
    if found.unreadable or skipped:
        sys.exit(2)
    if gate and (failures or stale):
        sys.exit(1)
