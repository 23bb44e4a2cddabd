"""A record kept live at the table: every accepted event saved at once, mistakes
corrected in the open (docs/recording.md).

:class:`Recorder` is what ``cardcore record`` drives, at the prompt or from a
script. An entry is read by the transcript loader (:mod:`cardcore.replay.entry`)
and judged by the rules, and a ``check`` is compared with the standings, so it
is refused with exactly the problems ``validate`` would report for the file
with that event; a refused entry changes nothing, on disk or in memory.

Mistakes: :meth:`Recorder.undo` takes back the last event entered, once, before
the next one is entered (a slip caught at once is no part of the game). Any
later change is an amendment (:meth:`Recorder.amend`): the events after it are
judged again, and ``meta.corrections`` keeps what was changed, so that nobody
can later say the record was quietly rewritten.

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
from cardcore.replay.errors import RecordingError, Refused
from cardcore.replay.problems import RULE, Problem, pointer
from cardcore.replay.runner import compare
from cardcore.replay.steps import Step
from cardcore.replay.store import load_log, log_transcript, transcript_text, write_atomic
from cardcore.replay.transcript import Result, dump_transcript, event_json, read_transcript

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


def _rule_problems(index: int, violation: RuleViolation) -> list[Problem]:
    """A refused event's problems as the replay runner reports them."""
    return [Problem(kind=RULE, pointer=pointer("events", index, *each.path),
                    message=each.message, rule=each.rule) for each in violation.problems]


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
    whether the last event may still be taken back."""

    def __init__(self, log: GameLog[Any], path: Path | None, *,
                 on_disk: bytes | None = None) -> None:
        """``on_disk``: the bytes of ``path`` the log was read from (None: the
        file is not there yet); a save refuses if the file is no longer that."""
        self.log = log
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

        A ``result`` other than the one the recorder writes (:func:`derived_result`)
        is a claim someone made: the record is closed (the claim would be
        replaced, and a later event would contradict it), and it is refused with
        that reason. Unreadable or broken files raise the loader's errors with
        their problems.
        """
        on_disk = _file_bytes(path)  # first: a change made while it is replayed shows at a save
        claimed = read_transcript(path).result
        log = load_log(path)
        if claimed is not None and claimed != derived_result(log):
            raise RecordingError(f"{path} has a result: it is a closed record, and recording "
                                 "more events would contradict it (remove 'result' to go on)")
        return cls(log, path, on_disk=on_disk)

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

    def read(self, line: str, index: int | None = None) -> Event:
        """The event a line (or JSON object) writes, read by the transcript loader
        as the event at ``index`` of the file (default: the next one). Raises
        EntryError or TranscriptError."""
        data = parse_line(line, self.rules, chips=self.chips)
        where = len(self.log) if index is None else index
        return structure_event(data, self.rules, self.log.players, where)

    def enter(self, event: Event, *, save: bool = True) -> Accepted:
        """Take ``event`` into the record and save it, or raise :class:`Refused`
        with ``validate``'s problems and change nothing."""
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
            raise Refused(_rule_problems(index, violation)) from None
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

    def _replace(self, log: GameLog[Any], unsaved: str) -> None:
        """Make ``log`` the record and save it; if the file cannot be written, the
        record stays as it was (memory and file agree)."""
        previous = self.log
        self.log = log
        try:
            self.save(unsaved=unsaved)
        except RecordingError:
            self.log = previous
            raise
        self._undoable = False

    # -- mistakes ---------------------------------------------------------------

    def undo(self, index: int | None = None) -> Event:
        """Take back the last event entered, before another is entered; save.
        ``index`` (``undo N``) must then be that event's: any other is an amendment."""
        last = len(self.log) - 1
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
        """Replace the event at ``index`` (None: remove it), judge every event
        after it again, note the correction in ``meta.corrections`` and save; a
        change that breaks a later event is refused with its problems. An event
        written as it already is (the same JSON) changes nothing: None, nothing
        noted or written."""
        events = list(self.log.events)
        if not 0 <= index < len(events):
            last = f"0 to {len(events) - 1}" if events else "none yet"
            raise RecordingError(f"there is no event #{index}: the events are {last}")
        old = events[index]
        if event is not None:
            self._refuse_empty_check(event)
        if event is not None and event_json(event) == event_json(old):
            return None
        events[index:index + 1] = [] if event is None else [event]
        correction = {"event": index, "was": event_json(old),
                      "now": None if event is None else event_json(event)}
        meta = dict(self.log.meta or {})
        meta["corrections"] = [*meta.get("corrections", []), correction]
        self._replace(self._rebuilt(events, meta=meta, judge=True),
                      "the amendment was not recorded")
        return correction

    def _rebuilt(self, events: Sequence[Event], *, meta: Mapping[str, Any] | None = None,
                 judge: bool = False) -> GameLog[Any]:
        """A log of the same table holding ``events``; with ``judge``, checks are
        compared too, and any problem raises :class:`Refused`."""
        log = self.log
        fresh: GameLog[Any] = GameLog(log.rules, log.players, log.options, ages=log.ages,
                                      meta=log.meta if meta is None else meta)
        for index, event in enumerate(events):
            if judge and isinstance(event, Check):
                problems = compare(event, fresh.outcome, ("events", index), log.rules.title)
                if problems:
                    raise Refused(problems)
            try:
                fresh.append(event)
            except RuleViolation as violation:
                raise Refused(_rule_problems(index, violation)) from None
        return fresh


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
