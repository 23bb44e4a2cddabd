"""Rendering ``cardcore diff A B``: where two records of one game part, and what changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardcore.cli.render import (
    REPORT_FORMAT,
    effect_json,
    problem_lines,
    report_json,
    say,
    standings_lines,
)
from cardcore.replay.alignment import DIFFERS, EXTRA, MISSING, Gap
from cardcore.replay.diff import Diff
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.runner import Report
from cardcore.replay.transcript import event_json
from cardcore.standings import plural

__all__ = ["SHOWN_GAPS", "diff_json", "gap_text", "not_one_game", "outcome_change_lines",
           "print_diff", "reading_note", "words"]

SHOWN_GAPS = 50
"""How many differences of the alignment the text names, and how many effects of
each side after the parting (the JSON names them all)."""


def _event_at(report: Report | None, index: int | None) -> Any:
    if report is None or report.transcript is None or index is None:
        return None
    events = report.transcript.events
    return event_json(events[index]) if index < len(events) else None


def _what(event: Any) -> str:
    """``give_up of Fumi``, ``deal``: an event in a few words."""
    player = event.get("player")
    return f"{event.get('type')}" + (f" of {player}" if player is not None else "")


Places = Mapping[tuple[str, int], tuple[int, int]]
"""The line and column of events in the files, by (``left`` or ``right``, index)."""


def _at(side: str, index: int, places: Places) -> str:
    """``/events/12`` and, where known, the line it is written on."""
    place = places.get((side, index))
    return f"/events/{index}" + ("" if place is None else f" (line {place[0]})")


def _place(report: Report | None, side: str, index: int, places: Places) -> str:
    """A pointer to where an event stands (or would stand) in a record."""
    count = 0 if report is None or report.transcript is None else len(report.transcript.events)
    return _at(side, index, places) if index < count else f"the end (after its {count} events)"


def gap_text(gap: Gap, result: Diff, places: Places | None = None) -> str:
    """One difference of the alignment in words, with a pointer into each record
    (and the line of each event in its file, from ``places``), each event written
    after its own record's pointer.

    "B has no give_up of Fumi where A has one at /events/12 (line 20): {A's event};
    B goes on at /events/12 (line 19): {B's event there}"
    """
    places = places or {}
    a, b = _event_at(result.left, gap.left), _event_at(result.right, gap.right)
    if gap.kind == DIFFERS:
        return (f"A's {_at('left', gap.left, places)} and B's {_at('right', gap.right, places)}"
                f" differ: A {json_text(a)}, B {json_text(b)}")
    if gap.kind == MISSING:
        return (f"B has no {_what(a)} where A has one at {_at('left', gap.left, places)}: "
                f"{json_text(a)}; B goes on at "
                f"{_place(result.right, 'right', gap.right, places)}{_then(b)}")
    return (f"A has no {_what(b)} where B has one at {_at('right', gap.right, places)}: "
            f"{json_text(b)}; A goes on at "
            f"{_place(result.left, 'left', gap.left, places)}{_then(a)}")


def reading_note(result: Diff, places: Places | None = None) -> str | None:
    """Words for a parting that is a reading only (a ``check`` one record alone has,
    or two written otherwise): where the records first disagree about the game,
    or that they never do; None where the parting is in play."""
    first = result.first_in_play
    if result.alignment is None or not result.alignment.gaps or first == result.alignment.gaps[0]:
        return None
    if first is None:
        return "a reading only: every difference is of readings"
    return f"a reading only: the first difference in play is {_in_play(first, places or {})}"


def _in_play(gap: Gap, places: Places) -> str:
    """Where a difference is, in a few words: the pointers into the record(s) with
    its events (the alignment's list below gives it in full)."""
    if gap.kind == DIFFERS:
        return f"A's {_at('left', gap.left, places)} and B's {_at('right', gap.right, places)}"
    if gap.kind == MISSING:
        return f"A's {_at('left', gap.left, places)}, which B has not"
    return f"B's {_at('right', gap.right, places)}, which A has not"


def _then(event: Any) -> str:
    """The event a record goes on with, after its pointer (nothing past its end)."""
    return "" if event is None else f": {json_text(event)}"


def _gap_json(gap: Gap, result: Diff, places: Places) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": gap.kind, "left": f"/events/{gap.left}",
                            "right": f"/events/{gap.right}"}
    for side, index in (("left", gap.left), ("right", gap.right)):
        place = places.get((side, index))
        if place is not None:
            data[f"{side}_line"], data[f"{side}_column"] = place
    if gap.kind != MISSING:
        data["right_event"] = _event_at(result.right, gap.right)
    if gap.kind == MISSING or gap.kind == DIFFERS:
        data["left_event"] = _event_at(result.left, gap.left)
    return data


def diff_json(result: Diff, left: str, right: str,
              places: Places | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"report_format": REPORT_FORMAT, "left": left, "right": right,
                            "comparable": result.comparable, "same_outcome": result.same_outcome}
    if not result.comparable:
        data["reason"] = result.reason
        return data
    data["parting"] = None if result.parting is None else f"/events/{result.parting}"
    data["left_event"] = _event_at(result.left, result.parting)
    data["right_event"] = _event_at(result.right, result.parting)
    first = result.first_in_play
    data["first_in_play"] = None if first is None else {
        side: None if kind == first.kind else f"/events/{index}"
        for side, index, kind in (("left", first.left, EXTRA), ("right", first.right, MISSING))}
    data["differences"] = [{"what": w, "left": a, "right": b} for w, a, b in result.differences]
    alignment = result.alignment
    data["aligned"] = [] if alignment is None else [_gap_json(g, result, places or {})
                                                          for g in alignment.gaps]
    data["aligned_by_position_from"] = (
        None if alignment is None or alignment.gave_up is None
        else f"/events/{alignment.gave_up[0]}")
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


def _print_alignment(result: Diff, places: Places) -> None:
    alignment = result.alignment
    if alignment is None:
        return
    gaps = alignment.gaps
    say(f"aligned event by event, {plural(len(gaps), 'difference')}:", bold=True)
    for gap in gaps[:SHOWN_GAPS]:
        if gap.kind == DIFFERS and gap.left == result.parting:  # both are shown above
            say(f"  A's {_at('left', gap.left, places)} and B's "
                f"{_at('right', gap.right, places)} differ (shown above)")
        else:
            say(f"  {gap_text(gap, result, places)}")
    if len(gaps) > SHOWN_GAPS:
        say(f"  ... and {len(gaps) - SHOWN_GAPS} more (--format json lists them all)")
    if alignment.gave_up is not None:
        say(f"  (too many differences to align: compared position by position from "
            f"A's /events/{alignment.gave_up[0]})")


def words(value: object) -> str:
    if value is None:
        return "none yet"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "nobody"
    return str(value)


def outcome_change_lines(differences: Sequence[tuple[str, Any, Any]]) -> list[str]:
    """What a change did to the outcome, in words: one line, "same outcome", or a
    heading and each value that changed, old -> new. ``diff FILE --option``
    (a rule change) and ``record --amend`` (a corrected event) say it alike.

    >>> outcome_change_lines([])
    ['same outcome']
    >>> outcome_change_lines([("chips of Aki", 95, 94), ("winners", None, ["Aki"])])
    ['the outcome changes:', '  chips of Aki: 95 -> 94', '  winners: none yet -> Aki']
    """
    if not differences:
        return ["same outcome"]
    return ["the outcome changes:",
            *(f"  {what}: {words(old)} -> {words(new)}" for what, old, new in differences)]


def not_one_game(result: Diff) -> str:
    """Why two records are not compared, as ``diff`` and ``report`` both refuse them."""
    return f"not records of one game: {result.reason}"


def print_diff(result: Diff, left: str, right: str, places: Places | None = None) -> None:
    """Two records in words: where they part, every difference of the alignment (up
    to :data:`SHOWN_GAPS`), each side's problems, the outcome, and every effect from
    the parting on that only one side has (whether the outcomes differ or not: the
    JSON lists them, and a payment can differ where the totals agree; up to
    :data:`SHOWN_GAPS` a side, as two records that part early in a long game
    differ in every effect after), each with a pointer (and, from ``places``, the
    line) into its own record."""
    if not result.comparable:
        say(not_one_game(result))
        return
    places = places or {}
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
            event = _event_at(report, result.parting)  # the records agree before it
            shown = json_text(event) if event else "(no more events)"
            say(f"  {labels[side]}: {shown}")
        note = reading_note(result, places)
        if note:
            say(f"  ({note})")
        _print_alignment(result, places)
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
    else:
        say("the outcomes differ:", bold=True)
        for what, a, b in result.differences:
            say(f"  {what}: A {words(a)}, B {words(b)}")
    for side in ("left", "right"):  # same outcome or not, as the JSON lists them
        effects = result.effects_after_parting(side)
        if effects:
            say(f"from the parting on, only in {labels[side]}:")
            for index, effect in effects[:SHOWN_GAPS]:
                transfers = "; ".join(str(t) for t in effect.transfers)
                say(f"  {_at(side, index, places)}: {effect.text} ({effect.rule})"
                    + (f"  [{transfers}]" if transfers else ""))
            if len(effects) > SHOWN_GAPS:
                say(f"  ... and {len(effects) - SHOWN_GAPS} more (--format json lists them all)")

