"""Rendering reports for people (text) and programs (JSON).

Every text line built here from what an input says (a path, a player's name, a
key, a note, a message that quotes them) is made visible
(:func:`cardcore.quoting.visible`) as a whole, before any colour is added: a
control character or line break in a transcript is printed as its escape, so a
file can neither command the terminal nor print a line of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs
import click

from cardcore.effects import Effect
from cardcore.protocol import Outcome
from cardcore.quoting import visible
from cardcore.replay.jsonwrite import json_number
from cardcore.replay.problems import KEPT_PROBLEMS, Problem, moved_text, signed
from cardcore.replay.runner import Report, forgotten_pointers
from cardcore.replay.transcript import event_json
from cardcore.standings import plural

if TYPE_CHECKING:  # accounts and steps are imported by the commands that show them
    from cardcore.replay.accounts import Account
    from cardcore.replay.steps import Step

__all__ = [
    "REPORT_FORMAT",
    "account_json",
    "account_lines",
    "compact",
    "effect_json",
    "failure_lines",
    "failure_reason",
    "final_json",
    "pile_text",
    "problem_lines",
    "report_json",
    "say",
    "standings_lines",
    "step_lines",
]


REPORT_FORMAT = "cardcore-report/1"
"""The version of every ``--format json`` report's shape (its ``report_format``)."""


def say(line: str = "", *, err: bool = False, nl: bool = True, **style: Any) -> None:
    """Print one line of text that may hold what an input says, made visible
    as a whole (a line break in it is shown as ``\\n``, never printed), then
    styled with ``style`` (click's ``fg``, ``bold``) on a terminal."""
    shown = visible(line)
    click.echo(click.style(shown, **style) if style else shown, err=err, nl=nl)


def unchecked_text(report: Report) -> str | None:
    """What a stopped replay left unchecked, in words (None when it did not stop).

    "replay stopped at event 8: 11 later events, 1 check and the result were not checked"
    """
    if report.stopped_at is None:
        return None
    parts = [plural(report.unchecked_events, "later event")] if report.unchecked_events else []
    if report.unchecked_checks:
        parts.append(plural(report.unchecked_checks, "check"))
    if report.unchecked_result:
        parts.append("the result")
    if not parts:
        return f"replay stopped at event {report.stopped_at}: it was the last one"
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    single = report.unchecked_events + report.unchecked_checks + report.unchecked_result == 1
    return (f"replay stopped at event {report.stopped_at}: {listed} "
            f"{'was' if single else 'were'} not checked")


def final_json(outcome: Outcome | None) -> dict[str, Any] | None:
    """The derived state in the shape of a transcript's ``result``."""
    if outcome is None:
        return None
    data: dict[str, Any] = {}
    if outcome.chips is not None:
        data["chips"] = dict(outcome.chips)
    if outcome.pot is not None:
        data["pot"] = outcome.pot
    if outcome.scores is not None:
        data["scores"] = {name: json_number(v) for name, v in outcome.scores.items()}
    if outcome.winners is not None:
        data["winners"] = list(outcome.winners)
    return data


def effect_json(effect: Effect) -> dict[str, Any]:
    data = attrs.asdict(effect, recurse=True)
    data["transfers"] = [  # an exact split pays fractions: "11/3", as in transcripts
        {k: json_number(v) for k, v in attrs.asdict(t).items() if v is not None}
        for t in effect.transfers
    ]
    return data


def report_json(report: Report) -> dict[str, Any]:
    """One file's report; ``final`` is the derived state (before ``stopped_at`` if it stopped)."""
    data: dict[str, Any] = {
        "path": report.path,
        "valid": report.valid,
        "complete": report.complete,
        "problems": [p.to_json() for p in report.problems],
        "final": final_json(report.outcome),
    }
    if report.more_problems:
        data["more_problems"] = report.more_problems
    if report.stopped_at is not None:
        data["stopped_at"] = f"/events/{report.stopped_at}"
        data["unchecked"] = {"events": report.unchecked_events,
                             "checks": report.unchecked_checks,
                             "result": report.unchecked_result}
    return data


def failure_lines(report: Report, what: str | None = None) -> list[str]:
    """A file with no game in it to judge (unreadable, or cardcore failed on it), as
    every command says it: ``BAD  path: what``, then its problems. ``what`` says
    why, when the problems alone do not (diff's forgotten cards)."""
    what = what or failure_reason(report)
    return [click.style("BAD  ", fg="red") + visible(f"{report.path}: {what}"),
            *problem_lines(report.path, report.problems, report.more_problems)]


def failure_reason(report: Report, command: str | None = None) -> str:
    """Why a file has no game to judge, in a few words. ``command``: what a command
    that needs one game does with a record ("diff replays"), for a file whose
    forgotten cards (``"!"``) stand for many games: validate judges it (for every
    value the cards could have had), and says it is valid, so the file is
    readable, and saying it is not would send its reader looking for a fault
    that is not there."""
    if command is not None and (report.forgotten or forgotten_pointers(report.problems)):
        return (f"has forgotten cards (\"!\"): {command} records whose every card is named "
                "or unknown (\"?\"), and cardcore validate judges this one for every value "
                "they could have had")
    return "cardcore failed on it" if report.internal else "not a readable transcript"


def step_json(step: Step) -> dict[str, Any]:
    return {
        "index": step.index,
        "pointer": f"/events/{step.index}",
        "position": step.position,
        "event": event_json(step.event),
        "effects": [effect_json(e) for e in step.effects],
    }


def problem_lines(path: str | None, problems: Iterable[Problem], more: int = 0) -> list[str]:
    """Each problem on its line (under it: where in the file its value is written,
    a syntax error's context and a mismatch's movers), and ``more``, the problems found past those kept, counted."""
    lines = []
    for problem in problems:
        at = problem.pointer or "(whole file)"
        where = f"{path}:{at}" if path else at
        rule = f" [{problem.rule}]" if problem.rule else ""
        lines.append(visible(f"  {where}: {problem.kind}{rule}: {problem.message}"))
        if problem.placed is not None:
            lines.append(f"      at {problem.placed}")
        if problem.context is not None:
            lines += [visible(f"      {line}") for line in problem.context.split("\n")]
        if problem.moved_by is not None:
            lines.append(f"      {moved_text(problem)}")
    if more:
        lines.append(f"  ... and {plural(more, 'more problem')} (a file keeps its first "
                     f"{KEPT_PROBLEMS})")
    return lines


def standings_lines(outcome: Outcome | None) -> list[str]:
    if outcome is None:
        return []
    parts = []
    if outcome.chips is not None:
        parts.append("chips: " + ", ".join(f"{n} {c}" for n, c in outcome.chips.items()))
    if outcome.scores is not None:
        parts.append("points: " + ", ".join(f"{n} {json_number(c)}" for n, c in outcome.scores.items()))
    if outcome.pot is not None:
        parts.append(f"pot: {outcome.pot}")
    if outcome.forgiven:
        parts.append(f"forgiven: {outcome.forgiven}")
    if outcome.pile is not None:
        parts.append(pile_text(outcome))
    if outcome.winners is not None:
        parts.append("winners: " + ", ".join(outcome.winners))
    else:
        parts.append("not complete")
    return [visible("; ".join(parts))]


def pile_text(outcome: Outcome) -> str:
    """Auction's starter pile and what it would score now, in one phrase.

    >>> pile_text(Outcome(complete=False, scores={}, pile=("7C", "KS"), pile_value=6))
    'starter pile: 7C KS (worth 6 points)'
    """
    cards = " ".join(outcome.pile or ()) or "empty"
    return f"starter pile: {cards} (worth {plural(outcome.pile_value or 0, 'point')})"


def _event_words(step: Step) -> str:
    data = event_json(step.event)
    kind = data.pop("type")
    note = data.pop("note", None)
    player = data.pop("player", None)
    words = [kind] + ([str(player)] if player is not None else [])
    words += [f"{key}={compact(value)}" for key, value in data.items()]
    text = " ".join(words)
    return text + (f'  "{note}"' if note else "")


def compact(value: object, between: str = " ") -> str:
    """A JSON value on one line, in the words an event line uses: ``{Aki: [QS 8D]}``
    (``between``: what stands between a list's items; the report page writes ", ")."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {compact(v, between)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + between.join(compact(v, between) for v in value) + "]"
    return str(value)


def step_lines(step: Step) -> list[str]:
    lines = [visible(f"  #{step.index:<3} {_event_words(step)}")]
    for effect in step.effects:
        lines.append("        " + click.style(visible(f"{effect.text} ({effect.rule})"), fg="cyan"))
        for transfer in effect.transfers:
            lines.append(visible(f"          {transfer}"))
    return lines


def account_lines(found: Account, report: Report, title: str) -> list[str]:
    """A player's account: the start, each gain or loss (or share or payment of 0)
    with its event and rule, the sum."""
    where = (f"before event #{report.stopped_at}" if report.stopped_at is not None
             else "at the end" if not report.steps or report.complete
             else f"after event #{report.steps[-1].index}")
    lines = [f"{found.player}'s {found.unit} in {report.path} ({title})",
             f"  {'start':<11} {json_number(found.start):>5}"]
    for entry in found.entries:
        way = "from" if entry.incoming else "to"
        at = f"/events/{entry.index}"
        lines.append(f"  {at:<11} {signed(entry.amount):>5}  {entry.rule:<7} "
                     f"{entry.text} ({way} {entry.other})")
    gained = sum((e.amount for e in found.entries if e.amount > 0), start=0)
    lost = sum((-e.amount for e in found.entries if e.amount < 0), start=0)
    check = "" if found.total == found.final else (
        f"; the rules give {json_number(found.final)}: a bug in cardcore, please report it")
    total = plural(found.total, found.unit.removesuffix("s"), found.unit)
    lines.append(f"  sum: {json_number(found.start)} + {json_number(gained)} gained - "
                 f"{json_number(lost)} lost = {total} {where}{check}")
    return [visible(line) for line in lines]


def account_json(found: Account) -> dict[str, Any]:
    return {
        "player": found.player, "unit": found.unit, "start": json_number(found.start),
        "entries": [{"pointer": f"/events/{e.index}", "amount": json_number(e.amount),
                     "rule": e.rule, "other": e.other, "text": e.text} for e in found.entries],
        "sum": json_number(found.total), "final": json_number(found.final),
    }


