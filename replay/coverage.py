"""Rule coverage: which rules a set of transcripts exercises, and how many of them do.

A rule maintainer relies on ``fixtures/``: a rule broken must make some fixture
fail. A transcript *exercises* a rule when its replay cites that rule ID or decides
under it: a problem cites it (a fixture's ``expect`` too, which names the
problems it must produce), an event's effect or one of its transfers is made
under it, or an event was allowed on a turn that rule gives (the rule that
decides whose step it is: an Orc Poker draw is taken on the turn OP-3.2 gives).
A rule no transcript exercises is one whose breaking no fixture is sure to
notice.

The rules are those of the rule pages (:mod:`cardcore.rulebook`), the common
rules and every game's. A section (``GP-4``) is exercised when any of its rules
is, or when it is cited itself. The gate (:func:`gate_failures`) concerns the
rules, not the sections: each must be exercised, or be listed in
:mod:`cardcore.replay.rule_gaps` with the reason it is not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from cardcore.errors import RuleViolation
from cardcore.protocol import Check
from cardcore.reduction import transitions
from cardcore.replay import rule_gaps
from cardcore.replay.runner import Report, replay_file
from cardcore.replay.transcript import Transcript
from cardcore.rulebook import Page, pages

__all__ = ["COVERAGE_FORMAT", "Coverage", "RuleCount", "cited_rules", "coverage_json",
           "decided_rules", "gate_failures", "measure", "stale_gaps"]

COVERAGE_FORMAT = 1
"""The version of ``cardcore coverage --format json``'s shape."""


def cited_rules(report: Report) -> frozenset[str]:
    """The rule IDs the problems of one replay cite, and those its ``expect`` names
    (a fixture of illegal play is there to pin them)."""
    cited = {problem.rule for problem in report.problems if problem.rule}
    cited.update(expected.rule for expected in report.expect or () if expected.rule)
    return frozenset(cited)


def decided_rules(transcript: Transcript) -> frozenset[str]:
    """The rules the events of ``transcript`` were taken and settled under, up to
    the first event the rules refuse: for each event, the rule of the turn it was
    allowed on (the rule that decides whose step it is, :class:`~cardcore.protocol.Turn`)
    and the rules of its effects and their transfers."""
    rules = transcript.rules
    state = rules.start(transcript.players, transcript.options, ages=transcript.ages)
    turn = rules.turn
    decided: set[str] = set()
    try:
        for event, (after, effects) in zip(transcript.events,
                                           transitions(rules, state, transcript.events),
                                           strict=False):
            if not isinstance(event, Check):
                decided.add(turn(state).rule)
            for effect in effects:
                decided.add(effect.rule)
                decided.update(transfer.rule for transfer in effect.transfers)
            state = after
    except RuleViolation:
        pass  # the refused event is judged by its problem, which the report holds
    decided.discard("")
    return frozenset(decided)


@attrs.frozen(kw_only=True)
class RuleCount:
    """One rule (or section) of a page and the transcripts that exercise it."""

    id: str
    title: str
    page: str
    section: bool
    files: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.files)


@attrs.frozen(kw_only=True)
class Coverage:
    """The rules of every page with the transcripts that exercise each, in page order."""

    rules: tuple[RuleCount, ...]
    transcripts: int
    """Transcripts read and replayed (those that could not be read count in ``unreadable``)."""
    unreadable: tuple[str, ...] = ()
    """Files that are no readable transcript, or that cardcore failed on."""
    forgotten: tuple[str, ...] = ()
    """Files with forgotten cards ("!"): judged value by value, no one replay is the
    file's, so they are left out (and listed)."""

    def never(self) -> tuple[RuleCount, ...]:
        """The rules (not sections) that no transcript exercises."""
        return tuple(r for r in self.rules if not r.section and not r.count)


def _page_counts(page: Page, seen: Mapping[str, list[str]]) -> list[RuleCount]:
    counts: list[RuleCount] = []
    for rule in page.rules:
        files = set(seen.get(rule.id, ()))
        section = rule.is_section
        if section:
            for member in page.members(rule.id):
                files.update(seen.get(member, ()))
        counts.append(RuleCount(id=rule.id, title=rule.title, page=page.name, section=section,
                                files=tuple(sorted(files))))
    return counts


def measure(paths: Iterable[str]) -> Coverage:
    """Replay every file of ``paths`` and count, for each rule of the pages, the
    files that cite it or decide under it (a second fold, without the runner's
    comparisons, gathers the turns and effects: the runner keeps no turns)."""
    seen: dict[str, list[str]] = {}
    read = 0
    unreadable: list[str] = []
    forgotten: list[str] = []
    for path in paths:
        report = replay_file(path)
        if report.forgotten:  # judged value by value: no one replay is the file's
            forgotten.append(path)
            continue
        if not report.readable or report.transcript is None:
            unreadable.append(path)
            continue
        read += 1
        for rule in cited_rules(report) | decided_rules(report.transcript):
            seen.setdefault(rule, []).append(path)
    rules = [count for page in pages() for count in _page_counts(page, seen)]
    return Coverage(rules=tuple(rules), transcripts=read, unreadable=tuple(unreadable),
                    forgotten=tuple(forgotten))


def _lists(unreachable: Mapping[str, str] | None, needs_fixture: Mapping[str, str] | None
           ) -> tuple[Mapping[str, str], Mapping[str, str]]:
    """The lists given, else those of :mod:`cardcore.replay.rule_gaps` (read when
    called, so that a test may stand in its own)."""
    return (rule_gaps.UNREACHABLE if unreachable is None else unreachable,
            rule_gaps.NEEDS_FIXTURE if needs_fixture is None else needs_fixture)


def gate_failures(coverage: Coverage, unreachable: Mapping[str, str] | None = None,
                  needs_fixture: Mapping[str, str] | None = None) -> tuple[RuleCount, ...]:
    """The rules the gate refuses: exercised by no transcript, and listed neither as
    unreachable nor as a known gap (by default the lists of
    :mod:`cardcore.replay.rule_gaps`)."""
    unreachable, needs_fixture = _lists(unreachable, needs_fixture)
    return tuple(r for r in coverage.never() if r.id not in unreachable
                 and r.id not in needs_fixture)


def stale_gaps(coverage: Coverage, unreachable: Mapping[str, str] | None = None,
               needs_fixture: Mapping[str, str] | None = None) -> tuple[RuleCount, ...]:
    """Listed rules that a transcript does exercise: the list says something false
    about them (take them off it), so the gate refuses these too."""
    unreachable, needs_fixture = _lists(unreachable, needs_fixture)
    listed = unreachable.keys() | needs_fixture.keys()
    return tuple(r for r in coverage.rules if r.id in listed and r.count)


def coverage_json(coverage: Coverage) -> dict[str, Any]:
    """``cardcore coverage --format json``: every rule with its count and files, the
    rules never exercised by why, and what the gate refuses."""
    never = coverage.never()
    unreachable, needs_fixture = _lists(None, None)
    return {
        "coverage_format": COVERAGE_FORMAT,
        "transcripts": coverage.transcripts,
        "unreadable": list(coverage.unreadable),
        "rules": [{"rule": r.id, "page": r.page, "title": r.title, "section": r.section,
                   "transcripts": r.count, "files": list(r.files)} for r in coverage.rules],
        "never_exercised": {
            "unreachable": {r.id: unreachable[r.id] for r in never if r.id in unreachable},
            "needs_fixture": {r.id: needs_fixture[r.id] for r in never if r.id in needs_fixture},
            "unlisted": [r.id for r in gate_failures(coverage)],
        },
        "stale": [r.id for r in stale_gaps(coverage)],
    }
