"""How ``cardcore record`` tells what happened, in a script (--event, --amend)
and at the prompt alike: an accepted event and its effects, a refusal with
the problems ``validate`` reports, an amendment, what it put right and what
it changed in the outcome, the standings at the end, each wrapped to the
terminal's width (:mod:`cardcore.cli.record`, :mod:`cardcore.cli.record_prompt`)."""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Mapping
from typing import Any

import attrs
import click

from cardcore.cli.records import outcome_change_lines
from cardcore.cli.render import problem_lines, say, standings_lines, step_lines
from cardcore.errors import CardcoreError
from cardcore.protocol import Event
from cardcore.quoting import visible
from cardcore.replay.diff import standing_values, value_differences
from cardcore.replay.entry import EntryError, event_line
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.problems import FORMAT, Problem
from cardcore.replay.recording import (
    Accepted,
    Recorder,
)
from cardcore.replay.steps import Step
from cardcore.replay.transcript import TranscriptError
from cardcore.standings import plural

__all__ = ["amend_hint", "amendment", "echo_fitted", "fixed_lines", "no_change", "now_text",
           "outcome_lines", "outcome_values", "show", "stops_at", "summary", "tell",
           "tell_refusal", "tell_unreadable", "told_lines"]


def _width() -> int:
    """The terminal's width (80 where it cannot be told), less one column so that
    a full line does not wrap on its own in terminals that wrap at the edge; no
    bound where the output is no terminal (a file or a pipe keeps whole lines,
    for grep)."""
    if not sys.stdout.isatty():
        return sys.maxsize
    return max(shutil.get_terminal_size((80, 24)).columns - 1, 20)


def show(text: str, *, indent: str = "", more: str | None = None, err: bool = False,
          **style: Any) -> None:
    """Say ``text`` (made visible first), wrapped at word boundaries to the terminal's
    width; the lines after the first start with ``more`` (default: ``indent``)."""
    shown = visible(text)
    indent += shown[:len(shown) - len(shown.lstrip())]  # the text's own indent kept
    shown = shown.strip()
    width = _width()
    lines = [indent + shown] if len(indent + shown) <= width else textwrap.wrap(
        shown, width=width, initial_indent=indent,
        subsequent_indent=indent if more is None else more,
        break_long_words=False, break_on_hyphens=False) or [""]
    for line in lines:
        click.echo(click.style(line, **style) if style else line, err=err)


def echo_fitted(line: str) -> None:
    """A line already made visible (and maybe styled): as it is if it fits, else
    wrapped at word boundaries, its continuation indented under its text."""
    plain = click.unstyle(line)
    if len(plain) <= _width():
        click.echo(line)
        return
    indent = plain[:len(plain) - len(plain.lstrip())]
    for part in textwrap.wrap(plain.strip(), width=_width(), initial_indent=indent,
                              subsequent_indent=indent + "    ", break_long_words=False,
                              break_on_hyphens=False):
        click.echo(part)


def tell_refusal(name: str, problems: tuple[Problem, ...], err: bool = False,
             why: str | None = None) -> None:
    """A refusal and the problems ``validate`` reports; ``why``: a step that a
    record which does not validate cannot take, and what to do instead."""
    say("refused, nothing written:", fg="red", err=err)
    if why is not None:
        show(f"  {why}", more="    ", err=err)
    for line in problem_lines(name, problems):
        show(line, more=line[:len(line) - len(line.lstrip())] + "    ", err=err)


def tell_unreadable(name: str, error: CardcoreError, err: bool = False) -> None:
    if isinstance(error, TranscriptError):
        tell_refusal(name, tuple(error.problems), err=err)
        return
    problem = Problem(kind=FORMAT, pointer="", message=str(error))
    if isinstance(error, EntryError):
        say("cannot read that, nothing written:", fg="red", err=err)
        show(f"  {problem.message}", more="    ", err=err)
    else:
        show(str(error), err=err)


def told_lines(accepted: Accepted) -> list[str]:
    """The lines that tell an accepted event and its effects (made visible by step_lines)."""
    step = Step(index=accepted.index, event=accepted.event, position=accepted.position,
                effects=accepted.effects)
    return step_lines(step)


def tell(accepted: Accepted) -> None:
    for line in told_lines(accepted):
        echo_fitted(line)


def summary(recorder: Recorder) -> str:
    if recorder.failure is not None:
        return (f"{recorder.path}: {plural(len(recorder.events), 'event')}; "
                f"{recorder.failure}; the file is left as it is")
    return (f"{recorder.path}: {plural(len(recorder.log), 'event')} recorded; "
            + "; ".join(standings_lines(recorder.log.outcome)))


def now_text(correction: dict[str, Any]) -> str:
    """What an amendment made of its event: its JSON, or "removed"."""
    return "removed" if correction["now"] is None else json_text(correction["now"])


def outcome_values(recorder: Recorder) -> dict[str, Any]:
    """The record's outcome as the values a comparison names (each player's chips
    or points, the pot, complete, the winners): taken before amendments, for
    :func:`outcome_lines`."""
    return standing_values(recorder.log.outcome)


def outcome_lines(before: Mapping[str, Any], recorder: Recorder) -> list[str]:
    """What amendments to a valid record did to its outcome (``before``: its
    :func:`outcome_values` before them): "same outcome", or each value that
    changed, old -> new, in the words ``diff FILE --option`` gives a rule
    change's. A player who corrects an event of a game played or being played
    wants to see who it makes pay or win what; the event alone does not say."""
    return outcome_change_lines(value_differences(before, outcome_values(recorder)))


def fixed_lines(name: str, problems: tuple[Problem, ...]) -> list[str]:
    """The lines that tell what an amendment put right: the problems the record
    had (where they were written in the file no longer matters: it is rewritten)."""
    unplaced = [attrs.evolve(problem, line=None, column=None) for problem in problems]
    return ["the record validates now; put right:", *problem_lines(name, unplaced)]


def no_change(recorder: Recorder, index: int, event: Event | None) -> str:
    """What an amendment to what the event already is says (``event``: what it
    was amended to, None only for a removal, which always changes something)."""
    assert event is not None
    written = event_line(event, recorder.rules, chips=recorder.chips)
    return f"#{index} is already {written}: no change, nothing noted"


def amend_hint(recorder: Recorder, command: str = "amend") -> str:
    """The amendment a record that does not validate needs, as ``command`` (the
    prompt's ``amend``, or the option ``--amend``) writes it."""
    stops = stops_at(recorder)
    if stops is None:  # only the result disagrees
        return f"{command} N EVENT"
    return f"{command} {stops} EVENT, or {command} {stops} delete"


def stops_at(recorder: Recorder) -> int | None:
    """The event where a record that does not validate stops being replayed (its
    log, and so its position and standings, end before it); None when every
    event is replayed (it is valid, or only its result disagrees)."""
    failing = recorder.first_problem
    return failing if failing is not None and failing < len(recorder.events) else None


def amendment(recorder: Recorder, index: int, line: str,
               help_hint: str = "type help") -> Event | None:
    """What ``amend N LINE`` puts at #N: the event the line writes (never a
    command), or None (``delete``)."""
    if line.strip() == "delete":
        return None
    return recorder.read(line, index, commands=False, help_hint=help_hint)
