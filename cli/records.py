"""Rendering ``cardcore diff A B``: where two records of one game part, and what changes."""

from __future__ import annotations

from typing import Any

from cardcore.cli.render import (
    REPORT_FORMAT,
    effect_json,
    problem_lines,
    report_json,
    say,
    standings_lines,
)
from cardcore.replay.diff import Diff
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.runner import Report
from cardcore.replay.transcript import event_json

__all__ = ["diff_json", "print_diff", "words"]


def _event_at(report: Report | None, index: int | None) -> Any:
    if report is None or report.transcript is None or index is None:
        return None
    events = report.transcript.events
    return event_json(events[index]) if index < len(events) else None


def diff_json(result: Diff, left: str, right: str) -> dict[str, Any]:
    data: dict[str, Any] = {"report_format": REPORT_FORMAT, "left": left, "right": right,
                            "comparable": result.comparable, "same_outcome": result.same_outcome}
    if not result.comparable:
        data["reason"] = result.reason
        return data
    data["parting"] = None if result.parting is None else f"/events/{result.parting}"
    data["left_event"] = _event_at(result.left, result.parting)
    data["right_event"] = _event_at(result.right, result.parting)
    data["differences"] = [{"what": w, "left": a, "right": b} for w, a, b in result.differences]
    for side, report in (("left", result.left), ("right", result.right)):
        assert report is not None
        data[f"{side}_valid"] = report.valid
        data[f"{side}_problems"] = [p.to_json() for p in report.problems]
        data[f"{side}_final"] = report_json(report)["final"]
        data[f"{side}_effects"] = [
            {"index": index, **effect_json(effect)}
            for index, effect in result.effects_after_parting(side)
        ]
    return data


def words(value: object) -> str:
    if value is None:
        return "none yet"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "nobody"
    return str(value)


def print_diff(result: Diff, left: str, right: str) -> None:
    if not result.comparable:
        say(f"not records of one game: {result.reason}")
        return
    labels = {"left": f"A ({left})", "right": f"B ({right})"}
    invalid = [labels[side] for side, report in (("left", result.left), ("right", result.right))
               if report is not None and not report.valid]
    if result.parting is None and invalid:
        say(f"no event differs, but {' and '.join(invalid)} "
            f"{'is' if len(invalid) == 1 else 'are'} not valid (problems below)")
    elif result.parting is None:
        say("the records agree event by event")
    else:
        say(f"the records part at event #{result.parting} (/events/{result.parting}):",
            bold=True)
        for side, report in (("left", result.left), ("right", result.right)):
            event = _event_at(report, result.parting)
            shown = json_text(event) if event else "(no more events)"
            say(f"  {labels[side]}: {shown}")
    for side, report in (("left", result.left), ("right", result.right)):
        assert report is not None
        if report.problems:
            say(f"{labels[side]} is not valid; its problems:")
            for line in problem_lines(None, report.problems, report.more_problems):
                say(line)
            if report.stopped_at is not None:
                say(f"  so {labels[side]}'s outcome below is only what the rules derive "
                    f"before event #{report.stopped_at}, and effects after it are "
                    "missing from it")
    if result.same_outcome:
        say("same outcome: " + "; ".join(standings_lines(result.left.outcome
                                                                 if result.left else None)))
        return
    say("the outcomes differ:", bold=True)
    for what, a, b in result.differences:
        say(f"  {what}: A {words(a)}, B {words(b)}")
    for side in ("left", "right"):
        effects = result.effects_after_parting(side)
        if effects:
            say(f"from the parting on, only in {labels[side]}:")
            for index, effect in effects:
                transfers = "; ".join(str(t) for t in effect.transfers)
                say(f"  #{index} {effect.text} ({effect.rule})"
                    + (f"  [{transfers}]" if transfers else ""))

