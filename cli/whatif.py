"""Rendering ``cardcore diff FILE|DIR --option KEY=VALUE``: what a rule change does.

For one record: the first event judged otherwise or with other effects (the
payments on each side, with their rules), then every outcome value that
changes. For a folder: how many games change winner, the largest swing of one
player's chips or points, and the first files that change, to open one by one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardcore.cli.records import outcome_change_lines, words
from cardcore.cli.render import REPORT_FORMAT, effect_json, problem_lines, say
from cardcore.effects import Effect
from cardcore.replay.jsonwrite import json_number, json_text
from cardcore.replay.problems import Problem, signed
from cardcore.replay.rulechange import ChangedFile, CorpusChange, RuleChange, Swing
from cardcore.replay.transcript import Transcript, event_json
from cardcore.standings import plural

__all__ = ["change_json", "changes_text", "corpus_json", "print_change", "print_corpus"]


def changes_text(changes: Mapping[str, object], transcript: Transcript | None = None) -> str:
    """``ante=2 (was 1)``: the options as given, with the old values when known."""
    parts = []
    for key, value in changes.items():
        text = f"{key}={json_text(value)}" if not isinstance(value, str) else f"{key}={value}"
        if transcript is not None:
            text += f" (was {json_text(getattr(transcript.options, key, None))})"
        parts.append(text)
    return ", ".join(parts)


def _effect_line(effect: Effect) -> str:
    transfers = "; ".join(str(t) for t in effect.transfers)
    return f"    {effect.text} ({effect.rule})" + (f"  [{transfers}]" if transfers else "")


def _placed(problems: Sequence[Problem], text: str | None) -> list[Problem]:
    """``problems`` at their line and column in the record's ``text`` (when read)."""
    if text is None:
        return list(problems)
    from cardcore.replay.positions import located

    return located(text, problems)


def print_change(result: RuleChange, path: str, transcript: Transcript,
                 text: str | None = None) -> None:
    """One record under the old and the changed options, in words; ``text``, the
    record's file, places the problems at their lines."""
    new = changes_text(result.changes)
    say(f"{path}: {transcript.rules.title} under {changes_text(result.changes, transcript)}")
    if not result.before.valid:
        say(f"  note: the record itself is not valid under its own options "
            f"({plural(len(result.before.problems), 'problem')}: cardcore validate {path})")
    if result.parting is None:
        say("no event is judged otherwise or has other effects"
            + ("" if result.same_outcome else "; the figures differ from the start"))
    else:
        event = event_json(transcript.events[result.parting])
        say(f"the replays part at event #{result.parting} (/events/{result.parting}): "
            f"{json_text(event)}", bold=True)
        for side, label in (("before", "with the record's options"), ("after", f"with {new}")):
            refused = result.refusals(side)
            if refused:
                say(f"  refused {label}:")
                for line in problem_lines(path, _placed(refused, text)):
                    say("  " + line)
                continue
            only = result.effects_at_parting(side)
            if only:
                say(f"  only {label}:")
                for effect in only:
                    say(_effect_line(effect))
    for side, label in (("before", "with the record's options"), ("after", f"with {new}")):
        stop = result.stop(side)
        if stop is not None:
            say(f"{label}, the replay stops at event #{stop[0]}:")
            for line in problem_lines(path, _placed(stop[1], text)):
                say(line)
    heading, *changed = outcome_change_lines(result.differences)
    say(heading, bold=bool(changed))
    for line in changed:
        say(line)


def change_json(result: RuleChange, path: str, transcript: Transcript,
                text: str | None = None) -> dict[str, Any]:
    parting = result.parting
    data: dict[str, Any] = {
        "report_format": REPORT_FORMAT, "path": path, "options": dict(result.changes),
        "record_valid": result.before.valid, "same_outcome": result.same_outcome,
        "parting": None if parting is None else f"/events/{parting}",
        "event": None if parting is None else event_json(transcript.events[parting]),
    }
    for side in ("before", "after"):
        data[f"{side}_refused"] = [p.to_json() for p in _placed(result.refusals(side), text)]
        data[f"{side}_effects"] = [effect_json(e) for e in result.effects_at_parting(side)]
        stop = result.stop(side)
        data[f"{side}_stopped"] = None if stop is None else {
            "pointer": f"/events/{stop[0]}",
            "problems": [p.to_json() for p in _placed(stop[1], text)]}
    data["differences"] = [{"what": w, "before": a, "after": b}
                           for w, a, b in result.differences]
    return data


def _swing_json(swing: Swing) -> dict[str, Any]:
    return {"player": swing.player, "unit": swing.unit, "before": json_number(swing.before),
            "after": json_number(swing.after), "change": json_number(swing.change)}


def _changed_json(f: ChangedFile) -> dict[str, Any]:
    return {"path": f.path, "parting": None if f.parting is None else f"/events/{f.parting}",
            "winners_before": None if f.winners_before is None else list(f.winners_before),
            "winners_after": None if f.winners_after is None else list(f.winners_after),
            "swing": None if f.swing is None else _swing_json(f.swing)}


def corpus_json(summary: CorpusChange, changes: Mapping[str, object]) -> dict[str, Any]:
    largest = summary.largest
    return {
        "report_format": REPORT_FORMAT, "options": dict(changes), "files": summary.files,
        "unchanged": summary.unchanged, "same_outcome": summary.same_outcome,
        "changed": summary.changed, "winners_changed": summary.winners_changed,
        "largest_swing": None if largest is None else {"path": largest[0],
                                                       **_swing_json(largest[1])},
        "first_changed": [_changed_json(f) for f in summary.first],
        "winner_changes": [_changed_json(f) for f in summary.winner_changes],
        "limit": summary.limit,
        "other_game": summary.other_game, "forgotten": summary.forgotten,
        "unreadable": summary.unreadable,
        "first_unreadable": [{"path": path, "problems": [p.to_json() for p in problems]}
                             for path, problems in summary.first_unreadable],
    }


def print_corpus(summary: CorpusChange, changes: Mapping[str, object]) -> None:
    """The summary of a rule change over a folder, in words."""
    say(f"under {changes_text(changes)}: {plural(summary.files, 'game')} replayed")
    say(f"  {summary.unchanged} unchanged, {summary.same_outcome} judged otherwise "
        f"but ending the same, {summary.changed} with another outcome")
    say(f"  {plural(summary.winners_changed, 'game')} change winner"
        + (":" if summary.winner_changes else ""))
    for changed in summary.winner_changes:
        say(f"    {changed.path}: {words(_names(changed.winners_before))} -> "
            f"{words(_names(changed.winners_after))}")
    unnamed = summary.winners_changed - len(summary.winner_changes)
    if unnamed:
        say(f"    ... and {unnamed} more (--limit {summary.limit}; raise it to name them)")
    if summary.largest is not None:
        path, swing = summary.largest
        say(f"  largest swing: {swing.player} {json_number(swing.before)} -> "
            f"{json_number(swing.after)} {swing.unit} ({signed(swing.change)}) in {path}")
    if summary.first:
        listed = "the" if len(summary.first) == summary.changed else "first"
        say(f"{listed} {plural(len(summary.first), 'file')} that change:")
    for changed in summary.first:
        where = "from the start" if changed.parting is None else f"part at /events/{changed.parting}"
        winners = ""
        if changed.winners_before != changed.winners_after:
            winners = (f"; winners {words(_names(changed.winners_before))} -> "
                       f"{words(_names(changed.winners_after))}")
        moved = "" if changed.swing is None else (f"; {changed.swing.player} "
                                                  f"{signed(changed.swing.change)} {changed.swing.unit}")
        say(f"  {changed.path}: {where}{winners}{moved}")
    if summary.changed > len(summary.first):
        say(f"  ... and {summary.changed - len(summary.first)} more (--limit {summary.limit})")
    if summary.other_game:
        say(f"left out: {plural(summary.other_game, 'file')} of games without "
            f"{'this option' if len(changes) == 1 else 'these options'}")
    if summary.forgotten:
        say(f"left out: {plural(summary.forgotten, 'file')} with forgotten cards (\"!\"), "
            "judged value by value (cardcore validate)")
    if summary.unreadable:
        what = ("file that is not a readable transcript" if summary.unreadable == 1
                else "files that are not readable transcripts")
        say(f"left out: {summary.unreadable} {what} (cardcore validate says why)")


def _names(winners: tuple[str, ...] | None) -> list[str] | None:
    return None if winners is None else list(winners)
