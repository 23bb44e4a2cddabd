"""What would this rule change do? One record replayed under two sets of options.

A club that considers a rising ante, a shorter game or exact splits wants to see
the change on games it actually played before adopting it. The same events are
folded under the transcript's options and under the changed ones; the *parting*
is the first event that one side allows and the other refuses, or that causes
other effects (other payments, other rules). The outcomes are then compared
player by player. Over a corpus, :class:`CorpusChange` keeps a running summary
(files whose winner changes, the largest swing, the first files that change)
so that memory does not grow with the corpus.

The changed replay drops the record's ``result`` and ``expect``: they were
written under the old rules, so disagreeing with them says nothing about the
change. Its recorded ``check`` readings are compared, but only rule problems
count as parting.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from cardcore.effects import Effect
from cardcore.exact import Number
from cardcore.replay.changes import unknown_options, with_options
from cardcore.replay.diff import standing_values, value_differences
from cardcore.replay.errors import RefusedOptions
from cardcore.replay.problems import INTERNAL, RULE, Problem
from cardcore.replay.runner import Report, forgotten_pointers, internal_error, replay_transcript
from cardcore.replay.transcript import Transcript, TranscriptError, read_transcript

if TYPE_CHECKING:
    from cardcore.replay.cluster import Executor

__all__ = ["CorpusChange", "FileVerdict", "RefusedOptions", "RuleChange", "Swing",
           "change_corpus", "change_rules", "judge_change", "judge_changes"]

Amount = Number
"""A player's chips or points under one set of options."""

FIRST_FILES = 5
"""How many changed files a corpus summary names."""


@attrs.frozen(kw_only=True)
class Swing:
    """A player's figure under the old and the new options."""

    player: str
    unit: str
    before: Amount
    after: Amount

    @property
    def change(self) -> Amount:
        return self.after - self.before


@attrs.frozen(kw_only=True)
class RuleChange:
    """One record under its own options (``before``) and the changed ones (``after``)."""

    changes: Mapping[str, object]
    before: Report
    after: Report
    parting: int | None
    """The first event judged otherwise, or with other effects (None: none)."""
    differences: tuple[tuple[str, Any, Any], ...]
    """(what, before, after) for every outcome value that differs."""

    @property
    def same_outcome(self) -> bool:
        return not self.differences

    @property
    def winners_changed(self) -> bool:
        return any(what == "winners" for what, _, _ in self.differences)

    def refusals(self, side: str) -> tuple[Problem, ...]:
        """The rule problems of the parting event on ``side`` (``before``/``after``)."""
        report = self.before if side == "before" else self.after
        if self.parting is None or report.stopped_at != self.parting:
            return ()
        return tuple(p for p in report.problems if p.kind == RULE)

    def stop(self, side: str) -> tuple[int, tuple[Problem, ...]] | None:
        """Where ``side``'s replay stopped after the parting, and its rule problems:
        a record that goes on past the end the changed rules give, say."""
        report = self.before if side == "before" else self.after
        if report.stopped_at is None or report.stopped_at == self.parting:
            return None
        return report.stopped_at, tuple(p for p in report.problems if p.kind == RULE)

    def effects_at_parting(self, side: str) -> tuple[Effect, ...]:
        """The effects of the parting event that ``side`` has and the other has not."""
        if self.parting is None:
            return ()
        mine, theirs = ((self.before, self.after) if side == "before"
                        else (self.after, self.before))
        others = Counter(_effects_at(theirs, self.parting))
        only = []
        for effect in _effects_at(mine, self.parting):
            if others[effect]:
                others[effect] -= 1
            else:
                only.append(effect)
        return tuple(only)

    def swings(self) -> tuple[Swing, ...]:
        """Every player's figure on both sides, where it differs, largest change first."""
        old, new = self.before.outcome, self.after.outcome
        if old is None or new is None:
            return ()
        unit = "chips" if old.chips is not None else "points"
        first = old.chips if old.chips is not None else old.scores or {}
        second = new.chips if new.chips is not None else new.scores or {}
        found = [Swing(player=name, unit=unit, before=first[name], after=second[name])
                 for name in first if name in second and first[name] != second[name]]
        return tuple(sorted(found, key=lambda swing: -abs(float(swing.change))))


def _effects_at(report: Report, index: int) -> tuple[Effect, ...]:
    for step in report.steps:
        if step.index == index:
            return step.effects
    return ()


def _rules_of(report: Report, index: int) -> frozenset[str]:
    return frozenset(p.rule or "" for p in report.problems
                     if p.kind == RULE and report.stopped_at == index)


def _parting(before: Report, after: Report, events: int) -> int | None:
    """The first index judged otherwise or with other effects on the two sides."""
    effects = [{step.index: step.effects for step in report.steps} for report in (before, after)]
    for index in range(events):
        stops = (before.stopped_at == index, after.stopped_at == index)
        if stops[0] != stops[1]:
            return index
        if stops[0]:
            return index if _rules_of(before, index) != _rules_of(after, index) else None
        if effects[0].get(index, ()) != effects[1].get(index, ()):
            return index
    return None


def _values(report: Report) -> dict[str, Any]:
    """The outcome values; ``complete`` as the rules see the state reached, since a
    record that goes on past the end of a shorter game stops there, complete."""
    return standing_values(report.outcome)


def change_rules(transcript: Transcript, changes: Mapping[str, object]) -> RuleChange:
    """Replay ``transcript`` under its options and under ``changes`` laid over them.

    Raises :class:`~cardcore.replay.transcript.TranscriptError` (located under
    ``/options``) when the changed options are not options of this game.
    """
    changed = with_options(transcript, changes)
    before = replay_transcript(transcript, steps=True)
    after = replay_transcript(changed, steps=True)
    parting = _parting(before, after, len(transcript.events))
    differences = value_differences(_values(before), _values(after))
    return RuleChange(changes=dict(changes), before=before, after=after, parting=parting,
                      differences=differences)


@attrs.frozen(kw_only=True)
class ChangedFile:
    """A file whose outcome the change alters, in a corpus summary."""

    path: str
    parting: int | None
    winners_before: tuple[str, ...] | None
    winners_after: tuple[str, ...] | None
    swing: Swing | None


@attrs.define
class CorpusChange:
    """A running summary of a rule change over many files (memory: a few files)."""

    files: int = 0
    unchanged: int = 0
    """Files where no event parts."""
    same_outcome: int = 0
    """Files that part, but end the same."""
    changed: int = 0
    winners_changed: int = 0
    largest: tuple[str, Swing] | None = None
    """(path, swing) of the largest change of one player's figure."""
    first: list[ChangedFile] = attrs.field(factory=list)
    """The first ``limit`` files that change outcome."""
    winner_changes: list[ChangedFile] = attrs.field(factory=list)
    """The first ``limit`` files whose winners change (every one, under the limit)."""
    limit: int = FIRST_FILES
    """How many files each list keeps; the others are only counted (a folder of a
    million games costs no memory per game)."""
    other_game: int = 0
    """Files of games that have not all the changed options (left out)."""
    first_other: tuple[str, tuple[Problem, ...]] | None = None
    """The first of those, with what its options would say (when no file is left)."""
    forgotten: int = 0
    """Files with forgotten cards ("!"): no one replay is the file's (validate judges
    every value the cards could have had), so none is replayed under a change."""
    unreadable: int = 0
    internal: int = 0
    """Of the unreadable files, those cardcore failed on (a bug to report)."""
    first_unreadable: list[tuple[str, tuple[Problem, ...]]] = attrs.field(factory=list)

    def skip_other_game(self, path: str, problems: tuple[Problem, ...]) -> None:
        self.other_game += 1
        if self.first_other is None:
            self.first_other = (path, problems)

    def skip_forgotten(self) -> None:
        self.forgotten += 1

    def refuse(self, path: str, problems: tuple[Problem, ...]) -> None:
        """A file that is not a readable transcript: counted, and the first few kept."""
        self.unreadable += 1
        self.internal += any(p.kind == INTERNAL for p in problems)
        if len(self.first_unreadable) < FIRST_FILES:
            self.first_unreadable.append((path, problems))

    def add(self, path: str, change: RuleChange) -> None:
        self.files += 1
        if change.parting is None and change.same_outcome:
            self.unchanged += 1
            return
        if change.same_outcome:
            self.same_outcome += 1
            return
        self.changed += 1
        self.winners_changed += change.winners_changed
        swings = change.swings()
        top = swings[0] if swings else None
        if top is not None and (self.largest is None
                                or abs(float(top.change)) > abs(float(self.largest[1].change))):
            self.largest = (path, top)
        if len(self.first) < self.limit or (change.winners_changed
                                            and len(self.winner_changes) < self.limit):
            old, new = change.before.outcome, change.after.outcome
            changed = ChangedFile(
                path=path, parting=change.parting, swing=top,
                winners_before=None if old is None else old.winners,
                winners_after=None if new is None else new.winners)
            if len(self.first) < self.limit:
                self.first.append(changed)
            if change.winners_changed and len(self.winner_changes) < self.limit:
                self.winner_changes.append(changed)


@attrs.frozen
class FileVerdict:
    """What one file says about a change, small enough to send back from a worker:
    its slim :class:`RuleChange`, or the problems that leave it out (``kind``:
    ``unreadable``, ``other_game``) or refuse the options (``refused``); a file
    ``ignored`` is neither (a game without the option that takes it anyway)."""

    path: str
    change: RuleChange | None = None
    kind: str = ""
    problems: tuple[Problem, ...] = ()


def judge_change(path: str, changes: Mapping[str, object]) -> FileVerdict:
    """One file of a corpus under ``changes`` (read, replayed twice, slimmed)."""
    try:
        transcript = read_transcript(Path(path))
    except TranscriptError as error:
        kind = "forgotten" if forgotten_pointers(error.problems) else "unreadable"
        return FileVerdict(path, kind=kind, problems=tuple(error.problems))
    except Exception as error:  # a bug: said, and the other files are still compared
        return FileVerdict(path, kind="unreadable", problems=(internal_error(path, error),))
    try:
        if unknown_options(transcript.rules, changes):
            try:
                with_options(transcript, changes)
            except TranscriptError as error:
                return FileVerdict(path, kind="other_game", problems=tuple(error.problems))
            return FileVerdict(path, kind="ignored")  # as before: not counted
        change = change_rules(transcript, changes)
    except TranscriptError as error:
        return FileVerdict(path, kind="refused", problems=tuple(error.problems))
    except Exception as error:  # a bug, as above
        return FileVerdict(path, kind="unreadable", problems=(internal_error(path, error),))
    return FileVerdict(path, attrs.evolve(change, before=change.before.slim(),
                                          after=change.after.slim()))


def judge_changes(chunk: tuple[Mapping[str, object], list[str]]) -> list[FileVerdict]:
    """:func:`judge_change` over a chunk of paths: what an executor maps."""
    changes, paths = chunk
    return [judge_change(path, changes) for path in paths]


def change_corpus(paths: Iterable[str], changes: Mapping[str, object], *,
                  limit: int = FIRST_FILES, run: Executor | None = None,
                  chunk: int = 16) -> CorpusChange:
    """The summary of ``changes`` over the files ``paths``, read one at a time
    (here, or in chunks of ``chunk`` files on ``run``: local processes or a Dask
    cluster, :mod:`cardcore.replay.cluster`; the summary is the same).

    A file of a game without one of the options is left out (a corpus may mix
    games), and so is one with forgotten cards (``"!"``); one that is no
    readable transcript is counted and left out; a value
    the game refuses raises :class:`RefusedOptions` with its located problems.
    ``limit`` files are named in each list of the summary.
    """
    if run is None:
        verdicts: Iterable[FileVerdict] = (judge_change(path, changes) for path in paths)
    else:
        parts = ((changes, part) for part in _chunks(paths, chunk))
        verdicts = itertools.chain.from_iterable(run.map(judge_changes, parts))
    summary = CorpusChange(limit=limit)
    for verdict in verdicts:  # in the order of the paths, wherever they were judged
        if verdict.change is not None:
            summary.add(verdict.path, verdict.change)
        elif verdict.kind == "refused":
            raise RefusedOptions(verdict.path, verdict.problems)
        elif verdict.kind == "other_game":
            summary.skip_other_game(verdict.path, verdict.problems)
        elif verdict.kind == "forgotten":
            summary.skip_forgotten()
        elif verdict.kind == "unreadable":
            summary.refuse(verdict.path, verdict.problems)
    return summary


def _chunks(paths: Iterable[str], size: int) -> Iterator[list[str]]:
    iterator = iter(paths)
    while part := list(itertools.islice(iterator, size)):
        yield part
