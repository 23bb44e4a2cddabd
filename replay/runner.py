"""The replay runner: fold a transcript's events and judge what it claims.

A rule violation becomes a ``rule`` problem at its event and stops the fold
(nothing after it is judged). ``check`` events and the ``result`` are compared
with the derived state; a mismatch is a ``check`` problem that does not stop
the fold, so every disagreement is reported with the derived value beside the
recorded one; a report that stopped says what was left unchecked. This is the
hot path: one ``apply`` per event and nothing kept unless a caller asks for the
steps.

An unexpected exception while reading or replaying a file is a bug, not a
problem of the file: :func:`replay_file` reports it as an ``internal`` problem
(exit code 3) so that a caller judging many files goes on with the others.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from os import PathLike
from typing import TYPE_CHECKING, Any, BinaryIO

import attrs

from cardcore.effects import Effect
from cardcore.errors import RuleViolation
from cardcore.protocol import Check, Outcome
from cardcore.readings import disagreements
from cardcore.reduction import Reduction
from cardcore.replay.jsonload import JsonError, parse_json, read_text
from cardcore.replay.leaves import FORGOTTEN_CARD
from cardcore.replay.problems import (
    CHECK,
    FORMAT,
    INTERNAL,
    KEPT_PROBLEMS,
    RULE,
    Problem,
    pointer,
    split_pointer,
)
from cardcore.replay.transcript import Result, Transcript, TranscriptError, load_transcript

if TYPE_CHECKING:  # imported when a fold keeps its steps, and by fixtures with an expect
    from cardcore.replay.expected_problems import ExpectedProblem
    from cardcore.replay.steps import Step

__all__ = ["SHOWN_NOTE", "Report", "expect_lines", "note_lines", "path_label", "replay_file",
           "replay_transcript", "rule_problems"]

SHOWN_NOTE = 1000
"""The longest ``meta.note`` a failure shows whole; a longer one is shown by its
start, cut at a word, and how many characters are left out. Most fixtures' notes
are shorter (half under 600 characters); the longest hold 2,400 of arithmetic,
which a maintainer reads in the file rather than in every failure of a run."""


@attrs.frozen(kw_only=True)
class Report:
    """What a reader found in one transcript."""

    path: str | None = None
    transcript: Transcript | None = None
    problems: tuple[Problem, ...] = ()
    outcome: Outcome | None = None
    steps: tuple[Step, ...] = ()
    stopped_at: int | None = None
    """Index of the event a rule problem stopped the fold at; ``outcome`` is then
    the state before that event."""
    unchecked_events: int = 0
    """Events after ``stopped_at`` that were not replayed (``check`` events not counted)."""
    unchecked_checks: int = 0
    """``check`` events after ``stopped_at`` that were not compared."""
    unchecked_result: bool = False
    """The transcript has a ``result`` that was not compared, since the fold stopped."""
    expected: tuple[ExpectedProblem, ...] | None = None
    """The transcript's ``expect``, kept by :meth:`slim` when the transcript is dropped."""
    later: tuple[Problem, ...] = ()
    """With ``keep_going``: the problems found after the first rule problem, the
    event it refused passed over (the table went on, so the replay does). They are
    reported, each as found after an earlier one; the verdict stays the first
    problem's (unless a fixture's ``expect`` pins them with ``"after": true``)."""
    kept_going: bool = False
    """The fold went on past a rule problem (``validate --keep-going``)."""
    forgotten: tuple[str, ...] = ()
    """The pointers of the file's forgotten cards (``"!"``): it was judged with each
    value they could have had, and ``transcript`` is None (no one replay is the file's)."""
    notes: tuple[str, ...] = ()
    """What a reader should know besides the problems (a forgotten card the outcome
    does not depend on: :mod:`cardcore.replay.forgotten`)."""
    more_problems: int = 0
    """Problems found beyond the first :data:`~cardcore.replay.problems.KEPT_PROBLEMS`
    (``problems``): counted, not kept, so that memory per file stays bounded."""
    noted: str | None = None
    """The file's ``meta.note`` as :attr:`meta_note` shows it, kept by :meth:`slim`
    when the transcript is dropped (or given when there is none to read it from)."""

    def slim(self) -> Report:
        """This report without the transcript and the steps: what printing a
        validation needs, small enough to send between processes."""
        return attrs.evolve(self, transcript=None, steps=(), expected=self.expect,
                            noted=self.meta_note)

    @property
    def readable(self) -> bool:
        return not any(p.kind in (FORMAT, INTERNAL) for p in self.problems)

    @property
    def internal(self) -> bool:
        """cardcore failed on this file (a bug to report), so it was not judged."""
        return any(p.kind == INTERNAL for p in self.problems)

    @property
    def complete(self) -> bool:
        return self.outcome is not None and self.outcome.complete and self.stopped_at is None

    @property
    def expect(self) -> tuple[ExpectedProblem, ...] | None:
        return self.expected if self.transcript is None else self.transcript.expect

    @property
    def meta_note(self) -> str | None:
        """The file's ``meta.note``, where a fixture's author says what it pins and
        shows the arithmetic: what a maintainer whose change broke the fixture
        needs beside the problems. On one line (its white space made single
        spaces) and cut after :data:`SHOWN_NOTE` characters; None when the file
        has no note, or one that is not text."""
        return self.noted if self.transcript is None else _shown_note(self.transcript.meta)

    @property
    def matches_expect(self) -> bool:
        """True when the problems are exactly what ``expect`` says (none without it).

        An entry marked ``after`` names a problem found after the first rule
        problem: it is compared only when the fold went on (``kept_going``), and
        then every later problem must be named so."""
        expected = [e for e in self.expect or () if not e.after]
        if not _matches(expected, self.problems) or self.more_problems:
            return False
        later = [e for e in self.expect or () if e.after]
        return not (self.kept_going and later) or _matches(later, self.later)

    @property
    def valid(self) -> bool:
        """Passes: no problems, or (for a fixture of illegal play) exactly the expected ones."""
        return not self.internal and self.matches_expect

    @property
    def exit_code(self) -> int:
        """0 valid, 1 rule or check problems, 2 not a readable transcript, 3 internal error."""
        if self.internal:
            return 3
        if self.valid:
            return 0
        return 1 if self.readable else 2


def _matches(expected: list[ExpectedProblem], problems: tuple[Problem, ...]) -> bool:
    """True when ``problems`` are exactly the ``expected`` ones, in any order."""
    if len(expected) != len(problems):
        return False
    wanted = Counter((e.pointer, e.rule, e.kind) for e in expected)
    for problem in problems:  # the entry that names the most of it first
        for key in ((problem.pointer, problem.rule, problem.kind),
                    (problem.pointer, problem.rule, None),
                    (problem.pointer, None, problem.kind)):
            if wanted[key]:
                wanted[key] -= 1
                break
        else:
            return False
    return True


def _brief(where: str, what: str | None) -> str:
    """A problem, expected or found, as ``expect`` names it: pointer, then rule ID or kind."""
    return f"{where} {what or ''}".strip()


def _shown_note(meta: object) -> str | None:
    """``meta.note`` of a transcript's ``meta`` (a free-form object) as a report
    shows it: see :attr:`Report.meta_note`.

    >>> _shown_note({"note": "Aki pays 2\\n  (GP-4.2)"}), _shown_note({"note": 3}), _shown_note(None)
    ('Aki pays 2 (GP-4.2)', None, None)
    """
    note = meta.get("note") if isinstance(meta, Mapping) else None
    words = " ".join(note.split()) if isinstance(note, str) else ""
    if len(words) <= SHOWN_NOTE:
        return words or None
    start = words[:SHOWN_NOTE + 1]
    start = start.rsplit(" ", 1)[0] if " " in start else start[:SHOWN_NOTE]
    return f"{start} ... ({len(words) - len(start)} characters more in the file's meta.note)"


def note_lines(report: Report) -> list[str]:
    """The fixture's own words under its failure, its ``meta.note``; none without
    one. The words of both printers of a failed fixture, ``cardcore validate``
    (for a file with ``expect``, the one kind it knows to be a fixture) and the
    pytest plugin (for every file, all fixtures)."""
    return [] if report.meta_note is None else [f"meta.note: {report.meta_note}"]


def expect_lines(report: Report) -> list[str]:
    """Why a fixture with ``expect`` failed: what it expected and what the replay
    found, in the same short form (pointer, rule ID or kind), so that the two lists
    can be compared; none without ``expect``. The words of both printers of a
    failed validation, ``cardcore validate`` and the pytest plugin. A file cardcore
    failed on was not judged, so nothing is said to be found in it."""
    if report.expect is None:
        return []
    wanted = ", ".join(_brief(e.pointer, e.rule or e.kind) + (" (after)" if e.after else "")
                       for e in report.expect if report.kept_going or not e.after)
    lines = [f"expected exactly: {wanted or 'no problems'}"]
    if not report.internal:
        found = ", ".join([_brief(p.pointer, p.rule or p.kind) for p in report.problems]
                          + [_brief(p.pointer, p.rule or p.kind) + " (after)"
                             for p in report.later])
        lines.append(f"the replay found: {found}" if found else "the replay found no problem")
    return lines


def compare(recorded: Check | Result, outcome: Outcome, base: tuple[str | int, ...],
            title: str) -> list[Problem]:
    """Check problems for every value ``recorded`` gives that the rules derive
    otherwise (:func:`cardcore.readings.disagreements`, each at its pointer)."""
    return [Problem(kind=FORMAT, pointer=pointer(*base, *each.path), message=each.message)
            if each.unknown else
            Problem(kind=CHECK, pointer=pointer(*base, *each.path), message=each.message,
                    derived=each.derived, recorded=each.recorded)
            for each in disagreements(recorded, outcome, title)]


def rule_problems(index: int, violation: RuleViolation) -> list[Problem]:
    """The problems of the event at ``index`` that the rules refused, each at its
    pointer: every common rule it breaks, in RULES.md's order, or the game's rule."""
    return [Problem(kind=RULE, pointer=pointer("events", index, *each.path),
                    message=each.message, rule=each.rule) for each in violation.problems]


@attrs.define
class _Folded:
    """What a fold found (mutable while folding, read once after)."""

    problems: list[Problem] = attrs.Factory(list)
    later: list[Problem] = attrs.Factory(list)
    more: int = 0
    kept: list[Step] = attrs.Factory(list)
    stopped: int | None = None
    state_at_stop: Any = None


def _fold(transcript: Transcript, steps: bool, stop_after: int | None,
          keep_going: bool = False) -> tuple[_Folded, Any]:
    """The fold itself: problems (the checks' kept up to :data:`KEPT_PROBLEMS`),
    how many more checks disagreed, the steps kept, where it stopped, and the last
    state. With ``keep_going`` an event the rules refuse is passed over (the state
    stays the one before it) and the fold goes on; what it finds after the first
    rule problem goes to ``later``."""
    rules = transcript.rules
    state = rules.start(transcript.players, transcript.options, ages=transcript.ages)
    position = rules.position
    events = transcript.events if stop_after is None else transcript.events[:stop_after + 1]
    found = _Folded()
    if steps:  # only telling the game keeps them
        from cardcore.replay.steps import Step
    reduction = Reduction(rules, state)  # the state is frozen only where it is read
    apply = reduction.apply
    outcome = rules.outcome
    for done, event in enumerate(events):
        into = found.problems if found.stopped is None else found.later
        if steps:
            before = reduction.state
        try:  # the one reduction (cardcore.reduction); a check passes through unchanged
            effects = apply(event)
        except RuleViolation as violation:
            refused = rule_problems(done, violation)
            if found.stopped is None:
                found.problems += refused  # always kept: why the replay stopped
                found.stopped, found.state_at_stop = done, reduction.state
            else:
                room = max(0, KEPT_PROBLEMS - len(found.problems) - len(found.later))
                found.later += refused[:room]
            if not keep_going:
                return found, reduction.state
            continue  # the event is passed over: the next one is judged from the same state
        if type(event) is Check:  # kept up to a bound, the others counted
            differ = compare(event, outcome(reduction.state), ("events", done), rules.title)
            room = max(0, KEPT_PROBLEMS - len(found.problems) - len(found.later))
            into += differ[:room]
            found.more += len(differ[room:])
        if steps:
            found.kept.append(Step(index=done, event=event, position=position(before),
                                   effects=effects, standings=outcome(reduction.state)))
    return found, reduction.state


def _effects(transcript: Transcript, stop_after: int | None
             ) -> Iterator[tuple[int, tuple[Effect, ...]]]:
    """Each event's index and effects, folded again, as they come (none kept)."""
    rules = transcript.rules
    state = rules.start(transcript.players, transcript.options, ages=transcript.ages)
    events = transcript.events if stop_after is None else transcript.events[:stop_after + 1]
    apply = Reduction(rules, state).apply
    try:
        for index, event in enumerate(events):
            yield index, apply(event)
    except RuleViolation:
        return


FIGURES = ("chips", "scores")
"""The per-player keys of a reading whose mismatches name the events that moved them."""


def _reading(problem: Problem, events: int) -> tuple[int, str, str] | None:
    """(event index or ``events`` for the result, key, player) of a per-player mismatch."""
    if problem.kind != CHECK:
        return None
    parts = split_pointer(problem.pointer)
    if len(parts) == 4 and parts[0] == "events" and parts[2] in FIGURES:
        return int(parts[1]), parts[2], parts[3]
    if len(parts) == 3 and parts[0] == "result" and parts[1] in FIGURES:
        return events, parts[1], parts[2]
    return None


KEPT_MOVERS = 20
"""How many events a mismatch names at most (the first ones since the last agreeing
reading); it counts the others (``moved_more``). Naming every one would make a
record with a wrong check after each event cost time and output quadratic in its
length."""


def _explained(transcript: Transcript, problems: list[Problem],
               steps: Iterable[tuple[int, tuple[Effect, ...]]]) -> list[Problem]:
    """Each per-player mismatch with the events that moved that figure since the last
    reading of it that agreed (or since the start): where to look on the scoresheet.

    Linear in the record: one pass finds every agreeing reading and one the events
    that moved each player; each mismatch then looks both up by bisection."""
    from bisect import bisect_left, bisect_right

    from cardcore.replay.accounts import movers  # only a file with a mismatch pays for it

    disagreeing = {p.pointer for p in problems if p.kind == CHECK}
    agreeing: dict[tuple[str, str], list[int]] = {}
    for index, event in enumerate(transcript.events):
        if isinstance(event, Check):
            for key in FIGURES:
                for name in getattr(event, key) or ():
                    if pointer("events", index, key, name) not in disagreeing:
                        agreeing.setdefault((key, name), []).append(index)
    moved_by = movers(steps)
    explained = []
    for problem in problems:
        found = _reading(problem, len(transcript.events))
        if found is None:
            explained.append(problem)
            continue
        at, key, name = found
        readings = agreeing.get((key, name), [])
        before = bisect_left(readings, at)
        since = readings[before - 1] if before else None
        moves = moved_by.get(name, [])
        indexes = [index for index, _, _ in moves]
        first = bisect_right(indexes, -1 if since is None else since)
        last = bisect_left(indexes, at)
        kept = moves[first:min(last, first + KEPT_MOVERS)]
        explained.append(attrs.evolve(
            problem, since=None if since is None else pointer("events", since),
            moved_by=tuple(pointer("events", index) for index, _, _ in kept),
            movements=tuple((amount, rules) for _, amount, rules in kept),
            moved_more=last - first - len(kept)))
    return explained


def replay_transcript(
    transcript: Transcript, *, path: str | None = None, steps: bool = False,
    stop_after: int | None = None, keep_going: bool = False,
) -> Report:
    """Fold the events; ``steps`` keeps every event's effects (for telling the game);
    ``stop_after`` ends the fold after that event index (``replay --at``);
    ``keep_going`` passes over an event the rules refuse and reports what is found
    after it in ``later`` (``validate --keep-going``).

    A per-player ``check`` or ``result`` mismatch names the events that moved that
    figure since its last agreeing reading; only a file with such a mismatch pays
    for a second fold that keeps the effects."""
    rules = transcript.rules
    found, state = _fold(transcript, steps, stop_after, keep_going)
    problems, stopped, more = found.problems, found.stopped, found.more
    if stop_after is None and transcript.result is not None and (stopped is None or keep_going):
        claimed = compare(transcript.result, rules.outcome(state), ("result",), rules.title)
        into = problems if stopped is None else found.later
        room = max(0, KEPT_PROBLEMS - len(problems) - len(found.later))
        into += claimed[:room]
        more += len(claimed[room:])
    outcome = rules.outcome(state if stopped is None else found.state_at_stop)
    if any(_reading(problem, 0) for problem in problems):
        history = (((step.index, step.effects) for step in found.kept) if steps
                   else _effects(transcript, stop_after))
        problems = _explained(transcript, problems, history)
    later = transcript.events[stopped + 1:] if stopped is not None and not keep_going else ()
    checks = sum(isinstance(event, Check) for event in later)
    return Report(path=path, transcript=transcript, problems=tuple(problems), outcome=outcome,
                  steps=tuple(found.kept), stopped_at=stopped,
                  unchecked_events=len(later) - checks, unchecked_checks=checks,
                  unchecked_result=(stopped is not None and not keep_going
                                    and transcript.result is not None),
                  later=tuple(found.later), kept_going=keep_going and stopped is not None,
                  more_problems=more)


def forgotten_pointers(problems: tuple[Problem, ...] | list[Problem]) -> list[str] | None:
    """The pointers of the forgotten cards (``"!"``) when they are all that kept a
    file from loading; None when there is none, or when something else is wrong
    too (that is reported as it is, the forgotten cards with it)."""
    if not problems or any(p.message != FORGOTTEN_CARD for p in problems):
        return None
    return [p.pointer for p in problems]


def _forgotten_report(data: Any, pointers: list[str], label: str) -> Report:
    """The report of a file with forgotten cards (:mod:`cardcore.replay.forgotten`
    judges every value): no transcript, since no one version is the file."""
    from cardcore.replay.forgotten import judge_forgotten

    judged = judge_forgotten(
        data, pointers, lambda transcript: replay_transcript(transcript, path=label, steps=True))
    forgotten = tuple(pointers) if judged.judged else ()
    if judged.report is not None:
        notes = () if judged.note is None else (judged.note,)
        return attrs.evolve(judged.report.slim(), notes=notes, forgotten=forgotten)
    return Report(path=label, problems=judged.problems, more_problems=judged.more,
                  expected=judged.expect, forgotten=forgotten,
                  noted=_shown_note(data.get("meta") if isinstance(data, dict) else None))


def internal_error(name: str, error: BaseException, *others: str) -> Problem:
    """The problem that says cardcore failed on a file (or on it and ``others``
    together, as ``diff A B`` reads two), and what to report."""
    detail = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    if others:
        this, the, named = "these files", "the files", " and ".join((name, *others))
    else:
        this, the, named = "this file", "the file", name
    return Problem(kind=INTERNAL, pointer="", message=(
        f"internal error: cardcore failed on {this} ({detail}). This is a bug in "
        f"cardcore, not a mistake in {the}: please report it with {the} {named} "
        "and this message."))


def _located(text: str, problems: Sequence[Problem]) -> list[Problem]:
    """``problems`` with the line and column where each pointed value starts in
    ``text``; imported only for a file that has problems (valid ones pay nothing)."""
    from cardcore.replay.positions import located

    return located(text, problems)


def path_label(name: str) -> str:
    """A path named on the command line, spelled as ``str(pathlib.Path(name))`` spells
    it (``./a//b.json`` as ``a/b.json``, ``""`` as ``.``): the name every report of a
    command gives a file, and the path it is read by (``file.json/.`` reads
    ``file.json``, as a ``Path`` does).

    Written out for POSIX paths rather than asked of :mod:`pathlib`, whose import
    (with :mod:`urllib.parse` and :mod:`ipaddress`) costs more than reading and
    judging a small transcript; elsewhere :mod:`pathlib` spells it.
    tests/test_runner.py holds the two to the same result.

    >>> path_label("./fixtures//goblin-poker/./a.json"), path_label("//srv/x/"), path_label("")
    ('fixtures/goblin-poker/a.json', '//srv/x', '.')
    """
    if os.name != "posix":  # pragma: no cover - drives and both slashes: pathlib's rules
        from pathlib import Path

        return str(Path(name))
    relative = name.lstrip("/")
    slashes = len(name) - len(relative)
    root = "//" if slashes == 2 else "/" if slashes else ""  # POSIX keeps exactly two
    parts = [part for part in relative.split("/") if part and part != "."]
    return root + "/".join(parts) if root or parts else "."


def replay_file(source: str | PathLike[str] | BinaryIO, *, name: str | None = None,
                steps: bool = False, stop_after: int | None = None,
                keep_going: bool = False) -> Report:
    """Read and replay one file (a path, as a string or a ``Path``, or a binary
    stream such as standard input, named ``name``); unreadable input gives a report
    of format problems, and a failure of cardcore itself an ``internal`` problem
    instead of an exception."""
    label = (name if name is not None
             else os.fspath(source) if isinstance(source, (str, PathLike)) else "-")
    text: str | None = None
    data: Any = None
    try:
        text = read_text(source)
        data = parse_json(text)
        transcript = load_transcript(data)
    except JsonError as error:  # unreadable, or not JSON
        problems = error.problems if text is None else _located(text, error.problems)
        return Report(path=label, problems=tuple(problems), more_problems=error.more)
    except TranscriptError as error:
        forgotten = forgotten_pointers(error.problems)
        if forgotten is None:
            assert text is not None
            return Report(path=label, problems=tuple(_located(text, error.problems)),
                          more_problems=error.more)
        try:  # a card nobody remembers: judged with each value it could have had
            return _forgotten_report(data, forgotten, label)
        except Exception as error:  # a bug, as below
            return Report(path=label, problems=(internal_error(label, error),))
    except Exception as error:  # a bug: reported, so that other files are still judged
        return Report(path=label, problems=(internal_error(label, error),))
    try:
        report = replay_transcript(transcript, path=label, steps=steps, stop_after=stop_after,
                                   keep_going=keep_going)
        if not report.problems and not report.later:  # the fast path: nothing to place
            return report
        return attrs.evolve(report, problems=tuple(_located(text, report.problems)),
                            later=tuple(_located(text, report.later)))
    except Exception as error:  # a bug, as above
        return Report(path=label, transcript=transcript,
                      problems=(internal_error(label, error),))
