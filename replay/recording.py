"""A record kept live at the table: every accepted event saved at once, mistakes
corrected in the open (docs/recording.md).

:class:`Recorder` is what ``cardcore record`` drives, at the prompt or from a
script. An entry is read by the transcript loader (:mod:`cardcore.replay.entry`)
and judged by the rules, and a ``check`` is compared with the standings, so it
is refused with exactly the problems ``validate`` would report for the file
with that event; a refused entry changes nothing, on disk or in memory.

Mistakes: :meth:`Recorder.undo` takes back the last event entered, once, before
the next one is entered (a slip caught at once is no part of the game). Any
later change is an amendment (:meth:`Recorder.amend`): the record is replayed
from the start, and ``meta.corrections`` keeps what was changed, so that nobody
can later say the record was quietly rewritten.

A record that does not validate (an event the rules refuse, a ``check`` or a
``result`` that disagrees: written by hand, or by a table without the
recorder) is still opened, since amending it is how it is put right: it keeps
its problems (``validate``'s) and takes no new event until an amendment at or
before its first problem leaves the whole record valid; only then is it saved.

One file, one writer at a time: a save first compares the file with what this
recorder last read or wrote (a digest of its bytes; a modification time is too
coarse), and refuses when someone else changed it (another session on the same
file, an edit by hand), so that nobody's saved events are overwritten.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardcore.errors import RuleViolation
from cardcore.game import GameRules
from cardcore.gamelog import GameLog
from cardcore.protocol import Check, Event
from cardcore.replay.entry import event_line, kind_of, parse_line, structure_event
from cardcore.replay.errors import RecordError, RecordingError, Refused
from cardcore.replay.problems import CHECK, Problem, split_pointer
from cardcore.replay.runner import compare, rule_problems
from cardcore.replay.steps import Step
from cardcore.replay.store import log_transcript, replay_log, transcript_text, write_atomic
from cardcore.replay.transcript import (
    Result,
    Transcript,
    dump_transcript,
    event_json,
    read_transcript_text,
)

__all__ = ["Accepted", "Choice", "Recorder", "RecordingError", "Refused", "derived_result"]


Accepted = Step
"""An event taken into the record, where it happened and what it caused: the
replay's own :class:`~cardcore.replay.steps.Step`."""


@attrs.frozen(kw_only=True)
class Choice:
    """One kind of event allowed now: how to write it, and a line that does."""

    kind: str
    synopsis: str
    example: str | None


def derived_result(log: GameLog[Any]) -> Result | None:
    """The ``result`` a finished game's record carries: the outcome the rules
    derive (chips and pot, or points, and the winners); None while it goes on."""
    outcome = log.outcome
    if not outcome.complete:
        return None
    return Result(chips=outcome.chips, pot=outcome.pot, scores=outcome.scores,
                  winners=outcome.winners)


class Recorder:
    """One record being kept: a :class:`GameLog`, the file it is saved to, and
    whether the last event may still be taken back; for a record that does not
    validate, also its problems and the events from the first one on."""

    def __init__(self, log: GameLog[Any], path: Path | None, *,
                 on_disk: bytes | None = None) -> None:
        """``on_disk``: the bytes of ``path`` the log was read from (None: the
        file is not there yet); a save refuses if the file is no longer that."""
        self.log = log
        """The events that replay cleanly: all of them when the record is valid."""
        self.rest: tuple[Event, ...] = ()
        """The events of a record that does not validate from its first problem on
        (none when only its ``result`` disagrees): kept as the file has them,
        judged again by an amendment."""
        self.problems: tuple[Problem, ...] = ()
        """What ``validate`` reports for the record: none while it is valid."""
        self._claimed: Result | None = None
        """The ``result`` of a record opened with problems: a claim not yet judged
        (the fold stopped before it), judged with the record once it is amended."""
        self.path = path
        self._undoable = False
        self._examples: dict[str, Event] | None = None
        self._digest = None if on_disk is None else _digest(on_disk)

    @classmethod
    def new(cls, rules: GameRules[Any], players: Sequence[str], options: Any = None, *,
            ages: Mapping[str, int] | None = None, path: Path | None = None) -> Recorder:
        """A record with no events yet (not saved until :meth:`save`)."""
        return cls(GameLog(rules, players, options, ages=ages), path)

    @classmethod
    def resume(cls, path: Path) -> Recorder:
        """The open record in ``path``, rebuilt by replaying it.

        A record that does not validate is opened with its :attr:`problems` (each
        placed at its line and column, as ``validate`` places them), so that an
        amendment can put it right; it takes no new event until then.

        A ``result`` other than the one the recorder writes (:func:`derived_result`)
        is a claim someone made: the record is closed (the claim would be
        replaced, and a later event would contradict it), and it is refused with
        that reason (for a record with problems, once an amendment makes it
        valid). An unreadable file raises the loader's errors with their
        problems, and a fixture of illegal play :class:`RecordError`.
        """
        on_disk = _file_bytes(path)  # first: a change made while it is replayed shows at a save
        transcript, text = read_transcript_text(path)
        log, report = replay_log(transcript, path)
        recorder = cls(log, path, on_disk=on_disk)
        if report.problems:
            from cardcore.replay.positions import located  # only a broken record pays for it

            recorder.rest = transcript.events[len(log):]
            recorder.problems = tuple(located(text, report.problems))
            recorder._claimed = transcript.result
        else:
            _refuse_a_claim(path, transcript.result, log)
        return recorder

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the record, the ones from its first problem on too."""
        return (*self.log.events, *self.rest)

    @property
    def first_problem(self) -> int | None:
        """The number of the first event whose problem keeps the record from
        validating (its number of events when only its ``result`` disagrees);
        None while it is valid."""
        return _event_of(self.problems[0], len(self.events)) if self.problems else None

    @property
    def failure(self) -> str | None:
        """Where a record that does not validate first fails, in a few words (its
        :attr:`problems` tell it in full); None while it is valid."""
        if not self.problems:
            return None
        problem = self.problems[0]
        what = (f"breaks rule {problem.rule}" if problem.rule else
                "disagrees with the rules" if problem.kind == CHECK else
                f"has a {problem.kind} problem")
        return f"the record does not validate: {problem.pointer or '(whole file)'} {what}"

    @property
    def to_correct(self) -> str | None:
        """What an amendment must correct for a record that does not validate, in a
        few words; None while it is valid."""
        first = self.first_problem
        if first is None:
            return None
        if first >= len(self.events):
            return "the event that makes the result disagree"
        return f"event #{first} (or an earlier event that led to it)"

    # -- what may come next -----------------------------------------------------

    @property
    def rules(self) -> GameRules[Any]:
        return self.log.rules

    @property
    def chips(self) -> bool:
        """A chip game: a ``check``'s NAME=N gives chips (else points)."""
        return self.log.outcome.chips is not None

    def choices(self, *, examples: bool = True) -> list[Choice]:
        """The kinds of event allowed now (and ``check``), each with its synopsis and
        an example line: the first such event of a random game at this table,
        its hidden optional cards left out and the player one who may act now."""
        expected = self.log.expected
        kinds = [*(k for k in self.rules.event_types if k in expected.kinds), "check"]
        found = []
        for name in kinds:
            kind = kind_of(self.rules.event_types[name], self.chips)
            example = self._example(name) if examples else None
            found.append(Choice(kind=name, synopsis=kind.synopsis(), example=example))
        return found

    def _example(self, name: str) -> str | None:
        expected = self.log.expected
        if name == "check":
            outcome = self.log.outcome
            event: Event = Check(chips=outcome.chips, pot=outcome.pot,
                                        scores=None if self.chips else outcome.scores)
        elif name == "ruling":
            event = self.rules.event_types["ruling"](player=expected.players[0])  # type: ignore[call-arg]
        else:
            simulated = self._simulated().get(name)
            if simulated is None:
                return None
            cls = type(simulated)
            hidden = {f.name: None for f in attrs.fields(cls)
                      if f.name in cls.SECRET and f.default is None}
            if cls.ACTOR and expected.players:
                hidden[cls.ACTOR] = expected.players[0]  # type: ignore[assignment]
            event = attrs.evolve(simulated, **hidden)
        return event_line(event, self.rules, chips=self.chips)

    def _simulated(self) -> dict[str, Event]:
        """The first event of each kind in a random game at this table (built once)."""
        if self._examples is None:
            from cardcore.play import simulate  # the play layer only when an example is asked

            self._examples = {}
            for event in simulate(self.rules, self.log.players, self.log.options,
                                  random.Random(0)):
                self._examples.setdefault(event.TYPE, event)
        return self._examples

    # -- entering events --------------------------------------------------------

    def read(self, line: str, index: int | None = None, *, commands: bool = True,
             help_hint: str = "type help") -> Event:
        """The event a line (or JSON object) writes, read by the transcript loader
        as the event at ``index`` of the file (default: the next one). Raises
        EntryError or TranscriptError (``commands`` and ``help_hint``: as
        :func:`~cardcore.replay.entry.parse_line` takes them)."""
        data = parse_line(line, self.rules, chips=self.chips, commands=commands,
                          help_hint=help_hint)
        where = len(self.events) if index is None else index
        return structure_event(data, self.rules, self.log.players, where)

    def enter(self, event: Event, *, save: bool = True) -> Accepted:
        """Take ``event`` into the record and save it, or raise :class:`Refused`
        with ``validate``'s problems and change nothing. A record that does not
        validate takes none: :class:`RecordError` with its problems (an event
        after a broken one would be judged against a game that never was)."""
        if self.problems:
            raise RecordError(f"{self.failure}: no new event is taken until the record "
                              f"is valid; correct first {self.to_correct}", self.problems)
        self._refuse_empty_check(event)
        index = len(self.log)
        position = self.rules.position(self.log.state)
        if isinstance(event, Check):
            problems = compare(event, self.log.outcome, ("events", index), self.rules.title)
            if problems:
                raise Refused(problems)
        try:
            effects = self.log.append(event)
        except RuleViolation as violation:
            raise Refused(rule_problems(index, violation)) from None
        if save:
            try:
                self.save(unsaved="the entry was not recorded")
            except RecordingError:
                self.log = self._rebuilt(self.log.events[:-1])
                raise
        self._undoable = True
        return Accepted(index=index, event=event, position=position, effects=effects)

    def _refuse_empty_check(self, event: Event) -> None:
        """A ``check`` with no figure reads nothing off the scoresheet: it would be
        kept as a check that checks nothing (the format allows it; a record kept
        live has no use for it)."""
        if isinstance(event, Check) and not event.chips and event.pot is None \
                and not event.scores:
            form = kind_of(Check, self.chips).synopsis()
            raise RecordingError(f"a check with no figures checks nothing: write {form}")

    def save(self, *, unsaved: str = "nothing was written") -> None:
        """Write the record to its file atomically (:func:`cardcore.replay.store.write_atomic`),
        with the ``result`` once the game is over (:func:`derived_result`): an undo
        or an amendment that reopens the game takes it away again.

        Refused with :class:`RecordingError` when the file cannot be written or
        was changed since this recorder last read or wrote it (:meth:`_check_unchanged`);
        ``unsaved`` says in the message what was therefore not done."""
        if self.path is None:
            return
        if self.problems:  # pragma: no cover - enter, undo and amend leave none to save
            raise RecordingError(f"{self.failure}: {unsaved}")
        self._check_unchanged(unsaved)
        transcript = attrs.evolve(log_transcript(self.log), result=derived_result(self.log))
        text = transcript_text(dump_transcript(transcript))
        try:
            write_atomic(self.path, text)
        except OSError as error:
            raise RecordingError(f"cannot write {self.path} ({error.strerror or error}): "
                                 f"{unsaved}") from None
        self._digest = _digest(text.encode("utf-8"))  # write_atomic writes UTF-8, "\n"

    def _check_unchanged(self, unsaved: str) -> None:
        """Refuse to save over a file that is not what this recorder last read or
        wrote: another session saved events there, or someone edited it. (A save
        that comes between this comparison and the rename is not caught: the
        window is one write.)"""
        assert self.path is not None
        if self.path.exists() and not self.path.is_file():  # a FIFO or a device: never read
            raise RecordingError(f"{self.path} is not a regular file: {unsaved}")
        try:
            found: str | None = _digest(self.path.read_bytes())
        except FileNotFoundError:
            found = None
        except OSError as error:
            raise RecordingError(f"cannot read {self.path} ({error.strerror or error}) to see "
                                 f"whether someone else changed it: {unsaved}") from None
        if found == self._digest:
            return
        again = f"`cardcore record {self.path}`"
        if self._digest is None:
            why = ("was created by someone else after this record was started",
                   "name another file for this record")
        elif found is None:
            why = ("was removed or moved since this session last read or wrote it",
                   f"put it back and run {again} again to go on from it")
        else:
            why = ("was changed since this session last read or wrote it (by another "
                   "`cardcore record` of the same file, or an edit)",
                   f"to go on from what it holds now, quit and run {again} again")
        raise RecordingError(f"{self.path} {why[0]}: {unsaved}, and the file is left as it "
                             f"is; {why[1]}")

    def _replace(self, log: GameLog[Any], unsaved: str, *, save: bool = True) -> None:
        """Make ``log`` (of a valid record) the record and save it (unless not
        ``save``: a batch saves once, at its end); if the file cannot be
        written, the record stays as it was (memory and file agree)."""
        previous = self.log, self.rest, self.problems, self._claimed
        self.log, self.rest, self.problems, self._claimed = log, (), (), None
        try:
            if save:
                self.save(unsaved=unsaved)
        except RecordingError:
            self.log, self.rest, self.problems, self._claimed = previous
            raise
        self._undoable = False

    # -- mistakes ---------------------------------------------------------------

    def undo(self, index: int | None = None) -> Event:
        """Take back the last event entered, before another is entered; save.
        ``index`` (``undo N``) must then be that event's: any other is an amendment."""
        last = len(self.events) - 1
        if index is not None and not 0 <= index <= last:
            span = f"0 to {last}" if last >= 0 else "none yet"
            raise RecordingError(f"undo {index}: there is no event #{index}: the events "
                                 f"are {span}")
        if not self._undoable or (index is not None and index != last):
            target = last if index is None else index
            fix = (f"; to correct event #{target}, write: amend {target} EVENT "
                   "(noted in meta.corrections)") if target >= 0 else ""
            said = "" if index is None else f"undo {index}: "
            which = f" (#{last})" if index is not None and self._undoable else ""
            raise RecordingError(f"{said}undo takes back only the last event entered{which}, "
                                 "once, before the next one is entered" + fix)
        events = self.log.events
        self._replace(self._rebuilt(events[:-1]), "nothing was taken back")
        return events[-1]

    def amend(self, index: int, event: Event | None) -> dict[str, Any] | None:
        """Replace the event at ``index`` (None: remove it): :meth:`amend_all` of
        this one amendment, saved."""
        return self.amend_all([(index, event)])[0]

    def amend_all(self, amendments: Sequence[tuple[int, Event | None]], *,
                  save: bool = True) -> list[dict[str, Any] | None]:
        """Make each amendment in turn (an index, and the event to put there or
        None to remove it; each index counts the events as the amendments before
        it left them), replay the whole record from the start, note each
        correction in ``meta.corrections`` and save (unless not ``save``); the
        corrections made, in order.

        The record as a whole, after every amendment, must be valid, as
        ``validate`` judges it; else :class:`Refused` with what it reports, and
        nothing changes. An amendment written as the event already is (the same
        JSON) changes nothing: its correction is None, nothing noted, and when
        no amendment changes anything nothing is written. A record that does not
        validate before the first event amended cannot be put right by it:
        :class:`RecordError` with those earlier problems."""
        events = list(self.events)
        meta = dict(self.log.meta or {})
        made: list[dict[str, Any] | None] = []
        for index, event in amendments:
            if not 0 <= index < len(events):
                last = f"0 to {len(events) - 1}" if events else "none yet"
                raise RecordingError(f"there is no event #{index}: the events are {last}")
            old = events[index]
            if event is not None:
                self._refuse_empty_check(event)
            if event is not None and event_json(event) == event_json(old):
                made.append(None)
                continue
            events[index:index + 1] = [] if event is None else [event]
            made.append({"event": index, "was": event_json(old),
                         "now": None if event is None else event_json(event)})
        self._refuse_earlier(min((index for index, _ in amendments), default=len(events)))
        if not any(made):
            if self.problems:
                raise Refused(self.problems)
            return made
        meta["corrections"] = [*meta.get("corrections", []), *filter(None, made)]
        log, problems = self._judged(events, meta)
        if problems:
            raise Refused(problems)
        _refuse_a_claim(self.path, self._claimed, log)
        self._replace(log, "the amendment was not recorded", save=save)
        return made

    def _refuse_earlier(self, index: int) -> None:
        """Raise :class:`RecordError` if the record does not validate before
        event ``index``: an amendment there leaves that problem as it is."""
        earlier = tuple(p for p in self.problems if _event_of(p, len(self.events)) < index)
        if earlier:
            raise RecordError(f"{self.failure}, before event #{index}, the one amended, "
                              f"which cannot put it right: correct first {self.to_correct}",
                              earlier)

    def _judged(self, events: Sequence[Event], meta: Mapping[str, Any]
                ) -> tuple[GameLog[Any], tuple[Problem, ...]]:
        """The record with ``events`` and ``meta`` (and a ``result`` it claims),
        replayed from the start as ``validate`` replays a file: its log and its
        problems."""
        log = self.log
        transcript = Transcript(game=log.rules.name, players=log.players, events=tuple(events),
                                options=log.options, ages=log.ages, meta=meta,
                                result=self._claimed)
        judged, report = replay_log(transcript, self.path or "the record")
        return judged, report.problems

    def _rebuilt(self, events: Sequence[Event]) -> GameLog[Any]:
        """A log of the same table holding ``events``, which it took before."""
        log = self.log
        fresh: GameLog[Any] = GameLog(log.rules, log.players, log.options, ages=log.ages,
                                      meta=log.meta)
        for event in events:
            fresh.append(event)
        return fresh


def _event_of(problem: Problem, events: int) -> int:
    """The number of the event a problem is at (``events``, the number of events,
    for one of the ``result``: it is judged after the last)."""
    parts = split_pointer(problem.pointer)
    if len(parts) >= 2 and parts[0] == "events" and parts[1].isdecimal():
        return int(parts[1])
    return events


def _refuse_a_claim(path: Path | None, claimed: Result | None, log: GameLog[Any]) -> None:
    """A ``result`` other than the one the recorder writes closes the record
    (``path`` names it in the message)."""
    if claimed is not None and claimed != derived_result(log):
        raise RecordingError(f"{path} has a result: it is a closed record, and recording "
                             "more events would contradict it (remove 'result' to go on)")


def _file_bytes(path: Path) -> bytes | None:
    """The bytes of ``path`` if it is a regular file that can be read; else None,
    and the loader, which reads within a time bound, says why. A FIFO is never
    read here: no writer, and reading it waits for ever; a writer, and this read
    would take what the loader is to read."""
    if not path.is_file():
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def _digest(data: bytes) -> str:
    """What a save compares: a file's bytes, in short."""
    return hashlib.sha256(data).hexdigest()
