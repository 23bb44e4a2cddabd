"""Rendering reports for people (text) and programs (JSON)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import click
from cardcore.replay.problems import Problem
from cardcore.replay.runner import Report, Step
from cardcore.replay.transcript import event_json

from cardcore.effects import Effect
from cardcore.protocol import Outcome

__all__ = [
    "effect_json",
    "final_json",
    "problem_lines",
    "report_json",
    "standings_lines",
    "step_lines",
]


def _number(value: object) -> object:
    from fractions import Fraction

    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    return value


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
        data["scores"] = {name: _number(v) for name, v in outcome.scores.items()}
    if outcome.winners is not None:
        data["winners"] = list(outcome.winners)
    return data


def effect_json(effect: Effect) -> dict[str, Any]:
    data = attrs.asdict(effect, recurse=True)
    data["transfers"] = [
        {k: v for k, v in attrs.asdict(t).items() if v is not None} for t in effect.transfers
    ]
    return data


def report_json(report: Report) -> dict[str, Any]:
    return {
        "path": report.path,
        "valid": report.valid,
        "complete": report.complete,
        "problems": [p.to_json() for p in report.problems],
        "final": final_json(report.outcome),
    }


def step_json(step: Step) -> dict[str, Any]:
    return {
        "index": step.index,
        "pointer": f"/events/{step.index}",
        "position": step.position,
        "event": event_json(step.event),
        "effects": [effect_json(e) for e in step.effects],
    }


def problem_lines(path: str | None, problems: Iterable[Problem]) -> list[str]:
    lines = []
    for problem in problems:
        at = problem.pointer or "(whole file)"
        where = f"{path}:{at}" if path else at
        rule = f" [{problem.rule}]" if problem.rule else ""
        lines.append(f"  {where}: {problem.kind}{rule}: {problem.message}")
    return lines


def standings_lines(outcome: Outcome | None) -> list[str]:
    if outcome is None:
        return []
    parts = []
    if outcome.chips is not None:
        parts.append("chips: " + ", ".join(f"{n} {c}" for n, c in outcome.chips.items()))
    if outcome.scores is not None:
        parts.append("points: " + ", ".join(f"{n} {_number(c)}" for n, c in outcome.scores.items()))
    if outcome.pot is not None:
        parts.append(f"pot: {outcome.pot}")
    if outcome.forgiven:
        parts.append(f"forgiven: {outcome.forgiven}")
    if outcome.winners is not None:
        parts.append("winners: " + ", ".join(outcome.winners))
    else:
        parts.append("not complete")
    return ["; ".join(parts)]


def _event_words(step: Step) -> str:
    data = event_json(step.event)
    kind = data.pop("type")
    note = data.pop("note", None)
    player = data.pop("player", None)
    words = [kind] + ([str(player)] if player is not None else [])
    words += [f"{key}={_compact(value)}" for key, value in data.items()]
    text = " ".join(words)
    return text + (f'  "{note}"' if note else "")


def _compact(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + " ".join(_compact(v) for v in value) + "]"
    return str(value)


def step_lines(step: Step) -> list[str]:
    lines = [f"  #{step.index:<3} {_event_words(step)}"]
    for effect in step.effects:
        lines.append("        " + click.style(f"{effect.text} ({effect.rule})", fg="cyan"))
        for transfer in effect.transfers:
            lines.append(f"          {transfer}")
    return lines
