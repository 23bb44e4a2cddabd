"""The replay runner: fold a transcript's events and judge what it claims.

A rule violation becomes a ``rule`` problem at its event and stops the fold
(nothing after it is judged). ``check`` events and the ``result`` are compared
with the derived state; a mismatch is a ``check`` problem that does not stop
the fold, so every disagreement is reported with the derived value beside the
recorded one. This is the hot path: one ``apply`` per event and nothing kept
unless a caller asks for the steps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
from cardcore.replay.problems import CHECK, FORMAT, RULE, Problem, pointer
from cardcore.replay.transcript import (
    ExpectedProblem,
    Result,
    Transcript,
    TranscriptError,
    read_transcript,
)

from cardcore.effects import Effect
from cardcore.errors import RuleViolation
from cardcore.protocol import Check, Event, Outcome

__all__ = ["Report", "Step", "replay_file", "replay_transcript"]


@attrs.frozen(kw_only=True)
class Step:
    """One event with where it happened and what it caused."""

    index: int
    event: Event
    position: str
    effects: tuple[Effect, ...]


@attrs.frozen(kw_only=True)
class Report:
    """What a reader found in one transcript."""

    path: str | None = None
    transcript: Transcript | None = None
    problems: tuple[Problem, ...] = ()
    outcome: Outcome | None = None
    steps: tuple[Step, ...] = ()
    stopped_at: int | None = None
    """Index of the event a rule problem stopped the fold at."""

    @property
    def readable(self) -> bool:
        return not any(p.kind == FORMAT for p in self.problems)

    @property
    def complete(self) -> bool:
        return self.outcome is not None and self.outcome.complete and self.stopped_at is None

    @property
    def expect(self) -> tuple[ExpectedProblem, ...] | None:
        return None if self.transcript is None else self.transcript.expect

    @property
    def matches_expect(self) -> bool:
        """True when the problems are exactly what ``expect`` says (none without it)."""
        expected = self.expect or ()
        if len(expected) != len(self.problems):
            return False
        wanted = Counter((e.pointer, e.rule, e.kind) for e in expected)
        for problem in self.problems:
            for key in ((problem.pointer, problem.rule, problem.kind),
                        (problem.pointer, problem.rule, None)):
                if wanted[key]:
                    wanted[key] -= 1
                    break
            else:
                return False
        return True

    @property
    def valid(self) -> bool:
        """Passes: no problems, or (for a fixture of illegal play) exactly the expected ones."""
        return self.matches_expect

    @property
    def exit_code(self) -> int:
        if self.valid:
            return 0
        return 1 if self.readable else 2


def _differs(kind: str, where: str, message: str, derived: object, recorded: object) -> Problem:
    return Problem(kind=CHECK, pointer=where, message=message, derived=derived, recorded=recorded)


def _json_number(value: object) -> object:
    from fractions import Fraction

    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    return value


def compare(recorded: Check | Result, outcome: Outcome, base: tuple[str | int, ...],
            title: str) -> list[Problem]:
    """Check problems for every value ``recorded`` gives that the rules derive otherwise."""
    problems: list[Problem] = []

    def per_player(key: str, given: Mapping[str, Any] | None,
                   derived: Mapping[str, Any] | None, unit: str) -> None:
        if given is None:
            return
        if derived is None:
            problems.append(_differs(CHECK, pointer(*base, key),
                                     f"{title} keeps no {unit}", None, dict(given)))
            return
        for name, value in given.items():
            if derived[name] != value:
                problems.append(_differs(
                    CHECK, pointer(*base, key, name),
                    f"{name} has {_json_number(derived[name])} {unit} by the rules; "
                    f"the record says {_json_number(value)}",
                    _json_number(derived[name]), _json_number(value),
                ))

    per_player("chips", recorded.chips, outcome.chips, "chips")
    per_player("scores", recorded.scores, outcome.scores, "points")
    if recorded.pot is not None:
        if outcome.pot is None:
            problems.append(_differs(CHECK, pointer(*base, "pot"), f"{title} has no pot",
                                     None, recorded.pot))
        elif outcome.pot != recorded.pot:
            problems.append(_differs(
                CHECK, pointer(*base, "pot"),
                f"the pot holds {outcome.pot} by the rules; the record says {recorded.pot}",
                outcome.pot, recorded.pot,
            ))
    winners = getattr(recorded, "winners", None)
    if winners is not None:
        if outcome.winners is None:
            problems.append(_differs(
                CHECK, pointer(*base, "winners"),
                "there are no winners yet: the game is not complete", None, list(winners),
            ))
        elif sorted(outcome.winners) != sorted(winners):
            problems.append(_differs(
                CHECK, pointer(*base, "winners"),
                f"the winners by the rules are {', '.join(outcome.winners)}; "
                f"the record says {', '.join(winners) or 'nobody'}",
                list(outcome.winners), list(winners),
            ))
    return problems


def replay_transcript(
    transcript: Transcript, *, path: str | None = None, steps: bool = False,
    stop_after: int | None = None,
) -> Report:
    """Fold the events; ``steps`` keeps every event's effects (for telling the game);
    ``stop_after`` ends the fold after that event index (``replay --at``)."""
    rules = transcript.rules
    if rules.takes_ages:
        state = rules.start(transcript.players, transcript.options, ages=transcript.ages)
    else:
        state = rules.start(transcript.players, transcript.options)
    apply = rules.apply
    position = rules.position
    problems: list[Problem] = []
    kept: list[Step] = []
    stopped: int | None = None
    for index, event in enumerate(transcript.events):
        if stop_after is not None and index > stop_after:
            break
        if isinstance(event, Check):
            problems += compare(event, rules.outcome(state), ("events", index), rules.title)
            if steps:
                kept.append(Step(index=index, event=event, position=position(state), effects=()))
            continue
        try:
            after, effects = apply(state, event)
        except RuleViolation as violation:
            problems.append(Problem(kind=RULE, pointer=pointer("events", index, *violation.path),
                                    message=violation.message, rule=violation.rule))
            stopped = index
            break
        if steps:
            kept.append(Step(index=index, event=event, position=position(state), effects=effects))
        state = after
    outcome = rules.outcome(state)
    if stopped is None and stop_after is None and transcript.result is not None:
        problems += compare(transcript.result, outcome, ("result",), rules.title)
    return Report(path=path, transcript=transcript, problems=tuple(problems), outcome=outcome,
                  steps=tuple(kept), stopped_at=stopped)


def replay_file(path: Path, *, steps: bool = False, stop_after: int | None = None) -> Report:
    """Read and replay one file; unreadable input gives a report of format problems."""
    try:
        transcript = read_transcript(path)
    except TranscriptError as error:
        return Report(path=str(path), problems=tuple(error.problems))
    return replay_transcript(transcript, path=str(path), steps=steps, stop_after=stop_after)
