"""``cardcore record``: keep the transcript live at the table (docs/recording.md).

A line-oriented prompt, on purpose: it works the same in any terminal, over
ssh, in a pipe and in tests, and every line is one step; at a terminal the line
is edited with readline (:mod:`cardcore.cli.prompt`) and what is said is
wrapped to its width. The logic (reading an entry, judging it, saving, the
result, undo, amendments) is :class:`Recorder`'s; this module only asks and
tells.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs
import click

from cardcore.cli.inputs import game_argument
from cardcore.cli.prompt import LONGEST_LINE, LineReader, history_path
from cardcore.cli.render import plural, problem_lines, say, standings_lines, step_lines
from cardcore.errors import CardcoreError
from cardcore.protocol import Event
from cardcore.quoting import quoted, visible
from cardcore.replay.entry import EntryError, event_line
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.problems import FORMAT, Problem
from cardcore.replay.recording import (
    Accepted,
    Recorder,
    RecordingError,
    Refused,
    derived_result,
)
from cardcore.replay.steps import Step
from cardcore.replay.store import RecordError
from cardcore.replay.transcript import FORMAT_ID, TranscriptError, load_transcript

__all__ = ["record"]

COMMANDS = (
    ("help", "this list: the events allowed now, each with an example line"),
    ("standings", "the chips or points now"),
    ("undo", "take back the last event entered (only that one, before the next; "
             "undo N: N must be its number)"),
    ("amend N EVENT", "correct event #N later (`amend N delete` removes it); "
                      "the record notes it in meta.corrections; a record that does "
                      "not validate is put right this way"),
    ("quit", "stop (everything accepted is already saved); also Ctrl-D"),
)

_GRAMMAR_ROWS = (
    ("KIND VALUE...", "values in the order shown"),
    ("NAME=VALUE", "the event's table keyed by player names"),
    ("FIELD=VALUE", "any field by name"),
    ("FIELD.NAME=VALUE", "a table named by its field, where an event has two"),
    ("A,B,C", "a list of cards"),
    ("?", "a card the table did not see"),
)
"""The ways to write an event, each shown with examples of the game being recorded
(:data:`GRAMMAR_EXAMPLES`)."""

GRAMMAR_EXAMPLES: dict[str, tuple[str, tuple[tuple[str, ...], ...]]] = {
    "goblin-poker": ('{"type": "pitch", "player": "Ben"}', (
        ("pitch Ben 7", "stack Ben 8"), ("reveal Aki=4 Ben=2",),
        ("pitch Ben card=7", 'fold Ben note="pays 2"'), (), ("deal Ben=1,4,4,7,9,10",),
        ("pitch Ben ?",))),
    "orc-poker": ('{"type": "give_up", "player": "Ben"}', (
        ("draw Ben 7", "give_up Ben"), ("reveal Aki=4 Ben=2 Chie=7",),
        ("draw Ben card=7", 'give_up Ben note="pays 2"'),
        ("reveal Aki=4 Ben=4 Chie=7 draws.Ben=2",), ("pitch Aki=3 Ben=7 Chie=9 order=9,3,7",),
        ("pitch Aki=3 Ben=? Chie=?",))),
    "saint-poker": ('{"type": "take", "player": "Ben", "card": "KD"}', (
        ("take Ben KD",), ("river Aki=JS Ben=KD Chie=2H future=3S,8C,QH",),
        ("take Ben card=KD", 'take Ben KD note="the younger first"'), (), ("deal 2C,5D,9H",),
        ("show Aki=4C,7H Ben=4D,7S Chie=?,?",))),
    "auction": ('{"type": "declare", "player": "Ben"}', (
        ("bid Ben pair 9", "win Ben 9D,9S"), ("show Aki=AS,AD,2C,5D,9H Ben=KS,KD,3C,4C,8H",),
        ("bid Ben pair rank=9", "bid Ben single K suit=S"), (), ("win Ben 9D,9S",),
        ("win Ben 9D,9S from_stock=?,?",))),
}
"""Per game, an event as JSON and each row's example lines (none where no event of
the game has that shape): each is read by the game's own line reader in the tests,
so that the help never shows a line the prompt would refuse to read."""


def grammar(game: str) -> list[str]:
    """How to write an event of ``game``, with its own examples, line by line."""
    json_example, examples = GRAMMAR_EXAMPLES[game]
    lines = [f"How to write an event (or paste its JSON: {json_example}):"]
    for (form, words), lines_of_form in zip(_GRAMMAR_ROWS, examples, strict=True):
        if lines_of_form:
            lines.append(f"  {form:<21}  {words}: {', '.join(lines_of_form)}")
    return lines


class _Stop(Exception):
    """The person at the prompt is done."""


class _Unread(_Stop):
    """The session ends at a line that is not read (too long): a refused line."""


def _fail(lines: list[str], code: int) -> None:
    for line in lines:
        say(line, err=True)
    sys.exit(code)


def _pairs(values: tuple[str, ...], what: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for text in values:
        key, equals, value = text.partition("=")
        if not equals or not key:
            raise click.UsageError(f"{quoted(text)}: write {what}")
        found[key] = value
    return found


def _option_value(text: str) -> Any:
    """``games=1`` gives 1, ``wheel=false`` false, ``split=exact`` the string."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _new_recorder(game: str, path: Path, players: str | None, options: tuple[str, ...],
                  ages: tuple[str, ...]) -> Recorder:
    game = game_argument(game)
    if not players:
        raise click.UsageError("a new record needs --players A,B,C (names in seat order)")
    if path.is_dir():  # checked first: "continue it" cannot work for a folder
        raise click.UsageError(f"{visible(str(path))} is a folder, not a file: name a new "
                               "file for the record")
    if path.exists():
        raise click.UsageError(f"{visible(str(path))} exists: continue it with "
                               f"`cardcore record {visible(str(path))}`, or name a new file")
    envelope: dict[str, Any] = {
        "format": FORMAT_ID, "game": game,
        "players": [name.strip() for name in players.split(",")], "events": [],
        "options": {k: _option_value(v) for k, v in _pairs(options, "KEY=VALUE").items()},
    }
    if ages:
        envelope["ages"] = {k: _option_value(v) for k, v in _pairs(ages, "NAME=AGE").items()}
    try:  # the loader's own checks and words for players, options and ages
        transcript = load_transcript(envelope)
    except TranscriptError as error:
        _fail(["cannot start this record:", *problem_lines(None, error.problems)], 2)
        raise  # pragma: no cover - _fail exits
    return Recorder.new(transcript.rules, transcript.players, transcript.options,
                        ages=transcript.ages, path=path)


def _resume(path: Path) -> Recorder:
    if not path.exists():
        raise click.UsageError(f"{visible(str(path))} does not exist: start a record with "
                               f"`cardcore record GAME --players A,B,C {path}`")
    try:
        return Recorder.resume(path)
    except TranscriptError as error:
        _fail([f"{path} is not a readable transcript:",
               *problem_lines(str(path), error.problems, error.more)], 2)
    except (RecordError, RecordingError) as error:  # a fixture of illegal play, a closed record
        _fail([str(error)], 2)
    raise AssertionError("unreachable")  # pragma: no cover


@click.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME] FILE")
@click.option("--players", metavar="A,B,C", help="a new record: the names in seat order")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="a new record: a rule option (repeatable), e.g. --option rounds=1")
@click.option("--age", "ages", multiple=True, metavar="NAME=AGE",
              help="a new record: a player's age (repeatable; Saint Poker SP-2.6)")
@click.option("--event", "events", multiple=True, metavar="EVENT",
              help="enter this event instead of prompting (a line like 'pitch Ben' or the "
                   "event's JSON; repeatable)")
@click.option("--amend", "amends", multiple=True, type=(int, str), metavar="N EVENT",
              help="correct event #N (EVENT 'delete' removes it), before any --event; "
                   "noted in meta.corrections; repeatable, the record valid after all; "
                   "also corrects a record that does not validate")
def record(args: tuple[str, ...], players: str | None, options: tuple[str, ...],
           ages: tuple[str, ...], events: tuple[str, ...],
           amends: tuple[tuple[int, str], ...]) -> None:
    """Keep a transcript live at the table: each accepted event is saved at once.

    `cardcore record GAME --players A,B,C FILE` starts a record,
    `cardcore record FILE` continues one, after a recap of its last events.
    At the prompt, type an event with its values in the order people say them
    (`pitch Ben`, `stack Ben 8`, `bid Bob pair 9`, `reveal Aki=4 Ben=2 Chie=7`,
    "?" for a card the table did not see; FIELD=VALUE for any field, as in
    `bid Bob pair rank=9`; or the event's JSON) or `help`, `standings`,
    `undo`, `amend N EVENT`, `quit`. An entry the rules refuse is shown with
    the message `validate` gives, and nothing is written. When the game is
    complete, the record gets its `result` (the outcome the rules derive).

    At a terminal, lines can be edited and the arrows recall earlier entries,
    kept between sessions in $CARDCORE_HISTORY (default
    ~/.local/state/cardcore/record_history; empty: none); output is wrapped
    to the terminal's width.

    With --event (and --amend) nothing is asked: the entries are taken in
    order and saved together, or, if one is refused, none is. The --amend
    options are made first, all of them, and the record as a whole must then
    be valid: the whole record is replayed from the start. They take events
    only: the prompt's `undo` is --amend N EVENT or --amend N delete here.

    A record that does not validate (an event the rules refuse, a check or
    its result disagreeing, as `cardcore validate FILE` reports) is opened
    all the same, to be corrected: --amend N EVENT (or `amend N EVENT` at the
    prompt) at or before its first problem saves it once the whole record is
    valid and says what it put right; if problems remain they are shown and
    nothing is written. A problem before the event amended is named, to be
    amended first (several --amend may be given). No new event is taken
    until the record is valid.

    FILE may be a symbolic link: the record it leads to is updated. A line
    at the prompt is at most 1 MiB (a longer one ends the session).

    Exit status with --event or --amend: 0 recorded, 1 an entry broke a rule or
    a check disagreed, or the record still does not validate (nothing
    written), 2 bad usage, an entry or a file that cannot be read (nothing
    written). At the prompt a refused entry is only refused and the next line
    is read; at a terminal the session ends with 0 (or 2 for bad usage). Where
    standard input is no terminal (lines piped or from a file), it ends with 1
    if a line was refused or not read (the lines after it are still read and
    recorded, as typed), else 0, so that a script can tell.
    """
    if len(args) > 2:
        raise click.UsageError("give FILE, or GAME and FILE")
    path = Path(args[-1])
    if len(args) == 2:
        recorder = _new_recorder(args[0], path, players, options, ages)
    else:
        if players or options or ages:
            raise click.UsageError("--players, --option and --age start a new record: "
                                   "give GAME and FILE (a record's table cannot change)")
        recorder = _resume(path)
    if events or amends:
        sys.exit(_script(recorder, amends, events))
    if not path.exists():
        _save(recorder, "the record was not started")
    sys.exit(_session(recorder))


def _save(recorder: Recorder, unsaved: str) -> None:
    try:
        recorder.save(unsaved=unsaved)
    except RecordingError as error:
        _fail([str(error)], 2)


def _script(recorder: Recorder, amends: tuple[tuple[int, str], ...],
            events: tuple[str, ...]) -> int:
    """Take every entry or none; the exit status. What the entries did is told
    only once all are saved: told before a refusal, it would read as recorded."""
    name = str(recorder.path)
    told: list[str] = []
    taken = changed = 0
    try:
        if amends:
            amendments = [(index, _amendment(recorder, index, _no_command(line), _OPTION_HELP))
                          for index, line in amends]
            broken = recorder.problems
            corrections = recorder.amend_all(amendments, save=False)
            for (index, event), correction in zip(amendments, corrections, strict=True):
                told.append(visible(
                    f"amended #{index}: {_now(correction)}" if correction is not None
                    else _no_change(recorder, index, event)))
            if broken:
                told += _fixed(name, broken)
            taken = len(amends)
            changed = sum(correction is not None for correction in corrections)
        for line in events:
            event = recorder.read(_no_command(line), commands=False, help_hint=_OPTION_HELP)
            told += _told(recorder.enter(event, save=False))
            taken += 1
            changed += 1
    except RecordError as error:
        how = _correction(recorder, "--amend")
        _refusal(name, error.problems, err=True, why=f"{error}: {how} (--amend may be given "
                 "more than once: the record is judged after all of them)")
        _not_either(taken)
        return 1
    except Refused as refusal:
        _refusal(name, refusal.problems, err=True)
        _not_either(taken)
        return 1
    except (EntryError, TranscriptError, RecordingError) as error:
        _unreadable(name, error, err=True)
        _not_either(taken)
        return 2
    if changed:  # a file whose amendments all changed nothing is left as it is
        _save(recorder, "nothing was recorded")
    for line in told:
        _echo_fitted(line)
    _show(_summary(recorder), more="  ")
    return 0


def _no_command(line: str) -> str:
    """A line of --event or --amend, refused if it is a command of the prompt
    (``undo``, ``help``): with options there is no prompt, and "not a kind of
    event or a command" would leave the way to correct an event unsaid."""
    word = line.strip().partition(" ")[0].lower()
    if word in ("undo", "amend"):
        raise EntryError(f"{quoted(word)} is a command at the prompt, not an event: with "
                         "--event and --amend, a correction is --amend N EVENT, or --amend N "
                         "delete (N the event's number)")
    if word in _BARE_COMMANDS:
        raise EntryError(f"{quoted(word)} is a command at the prompt, not an event: --event "
                         "takes events only (`cardcore record FILE` opens the prompt)")
    return line


def _not_either(taken: int) -> None:
    """After a refused entry of a batch: the ones before it were not recorded."""
    if taken:
        say(f"the {plural(taken, 'entry', 'entries')} before it "
            f"{'was' if taken == 1 else 'were'} not recorded either (all or none)", err=True)


_OPTION_HELP = "cardcore record --help shows how events are written"
"""Where a line given as an option (--event, --amend) is explained: there is no
prompt to type help at."""


def _amendment(recorder: Recorder, index: int, line: str,
               help_hint: str = "type help") -> Event | None:
    """What ``amend N LINE`` puts at #N: the event the line writes (never a
    command), or None (``delete``)."""
    if line.strip() == "delete":
        return None
    return recorder.read(line, index, commands=False, help_hint=help_hint)


def _now(correction: dict[str, Any]) -> str:
    """What an amendment made of its event: its JSON, or "removed"."""
    return "removed" if correction["now"] is None else json_text(correction["now"])


def _fixed(name: str, problems: tuple[Problem, ...]) -> list[str]:
    """The lines that tell what an amendment put right: the problems the record
    had (where they were written in the file no longer matters: it is rewritten)."""
    unplaced = [attrs.evolve(problem, line=None, column=None) for problem in problems]
    return ["the record validates now; put right:", *problem_lines(name, unplaced)]


def _refusal(name: str, problems: tuple[Problem, ...], err: bool = False,
             why: str | None = None) -> None:
    """A refusal and the problems ``validate`` reports; ``why``: a step that a
    record which does not validate cannot take, and what to do instead."""
    say("refused, nothing written:", fg="red", err=err)
    if why is not None:
        _show(f"  {why}", more="    ", err=err)
    for line in problem_lines(name, problems):
        _show(line, more=line[:len(line) - len(line.lstrip())] + "    ", err=err)


def _unreadable(name: str, error: CardcoreError, err: bool = False) -> None:
    if isinstance(error, TranscriptError):
        _refusal(name, tuple(error.problems), err=err)
        return
    problem = Problem(kind=FORMAT, pointer="", message=str(error))
    if isinstance(error, EntryError):
        say("cannot read that, nothing written:", fg="red", err=err)
        _show(f"  {problem.message}", more="    ", err=err)
    else:
        _show(str(error), err=err)


def _told(accepted: Accepted) -> list[str]:
    """The lines that tell an accepted event and its effects (made visible by step_lines)."""
    step = Step(index=accepted.index, event=accepted.event, position=accepted.position,
                effects=accepted.effects)
    return step_lines(step)


def _tell(accepted: Accepted) -> None:
    for line in _told(accepted):
        _echo_fitted(line)


def _summary(recorder: Recorder) -> str:
    if recorder.failure is not None:
        return (f"{recorder.path}: {plural(len(recorder.events), 'event')}; "
                f"{recorder.failure}; the file is left as it is")
    return (f"{recorder.path}: {plural(len(recorder.log), 'event')} recorded; "
            + "; ".join(standings_lines(recorder.log.outcome)))


# -- the prompt ------------------------------------------------------------------------


RECAP = 5
"""The events shown when a record is continued: enough to see where the table is."""


def _width() -> int:
    """The terminal's width (80 where it cannot be told), less one column so that
    a full line does not wrap on its own in terminals that wrap at the edge; no
    bound where the output is no terminal (a file or a pipe keeps whole lines,
    for grep)."""
    if not sys.stdout.isatty():
        return sys.maxsize
    return max(shutil.get_terminal_size((80, 24)).columns - 1, 20)


def _show(text: str, *, indent: str = "", more: str | None = None, err: bool = False,
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


def _echo_fitted(line: str) -> None:
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


def _session(recorder: Recorder) -> int:
    """The prompt, until quit or the end of the input; the exit status: 0, or 1
    where the input is no terminal (a script's) and a line of it was refused or
    not read, which a script could not tell otherwise. Each refused line is
    only refused, and the next is read, as at a terminal."""
    refused = 0
    scripted = not sys.stdin.isatty()
    rules, log = recorder.rules, recorder.log
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:  # a byte that is not UTF-8 is an unreadable entry, no traceback
        reconfigure(errors="replace")
    reader = LineReader(history_path())
    _show(f"Recording {rules.title} ({', '.join(log.players)}) in {recorder.path}: "
          f"{plural(len(recorder.events), 'event')} so far, each saved as it is accepted. "
          "Type help for the commands" + (", the arrows to edit and recall lines."
                                          if reader.editing else "."))
    _recap(recorder)
    position = None
    shown: str | None = None
    try:
        while True:
            shown = _next(recorder, shown)
            try:
                line = _ask(reader, f"#{len(recorder.events)}> ")
            except _Unread:
                refused += 1
                break
            except _Stop:
                break
            if not line.strip():
                continue
            word = line.strip().split(" ", 1)[0].lower()
            if word in ("help", "?", "h"):
                shown = None  # help ends with what comes next
            try:
                position, was_refused = _one(recorder, line, position)
            except _Stop:
                break
            refused += was_refused
    finally:
        reader.close()
    _show(_summary(recorder), more="  ")
    if scripted and refused:
        say(f"{plural(refused, 'line')} of the input {'was' if refused == 1 else 'were'} "
            "refused (exit status 1)", err=True)
        return 1
    return 0


def _recap(recorder: Recorder) -> None:
    """Where a continued record stands: its last events and where the game is;
    for a record that does not validate, the events around its first problem,
    its problems as ``validate`` reports them and how to put it right."""
    events = recorder.events
    failing = recorder.first_problem
    if not events and failing is None:  # a new record: nothing to recap
        return
    if events:
        first = max(len(events) - RECAP, 0)
        if failing is not None:  # the event that fails is shown, with the one before it
            first = min(first, max(failing - 1, 0))
        end = min(first + RECAP, len(events))
        say(f"The last {plural(end - first, 'event')}:" if first and end == len(events)
            else "The events:" if end == len(events)
            else f"Events #{first} to #{end - 1} of {len(events)}:")
        for index in range(first, end):
            line = event_line(events[index], recorder.rules, chips=recorder.chips)
            _show(f"  #{index:<3} {line}", more="        ")
    if failing is not None:
        say("This record does not validate:", fg="red")
        for line in problem_lines(str(recorder.path), recorder.problems):
            _show(line, more=line[:len(line) - len(line.lstrip())] + "    ")
        _show(f"To put it right, {_put_right(recorder)}: the whole record is then replayed, "
              "and saved once it is valid. No new event is taken until then.")
    stops = _stops_at(recorder)
    _show(("Now" if stops is None else f"Before #{stops}, where it fails") + ": "
          + f"{recorder.rules.position(recorder.log.state)}; "
          + "; ".join(standings_lines(recorder.log.outcome)))


def _correction(recorder: Recorder, command: str = "amend") -> str:
    """The amendment a record that does not validate needs, as ``command`` (the
    prompt's ``amend``, or the option ``--amend``) writes it."""
    stops = _stops_at(recorder)
    if stops is None:  # only the result disagrees
        return f"{command} N EVENT"
    return f"{command} {stops} EVENT, or {command} {stops} delete"


def _put_right(recorder: Recorder) -> str:
    """What to correct in a record that does not validate, and how, at the prompt."""
    return f"correct {recorder.to_correct} with {_correction(recorder)}"


def _stops_at(recorder: Recorder) -> int | None:
    """The event where a record that does not validate stops being replayed (its
    log, and so its position and standings, end before it); None when every
    event is replayed (it is valid, or only its result disagrees)."""
    failing = recorder.first_problem
    return failing if failing is not None and failing < len(recorder.events) else None


def _ask(reader: LineReader, prompt: str) -> str:
    try:
        line = reader.ask(prompt)
    except KeyboardInterrupt:
        click.echo()
        raise _Stop from None
    except EOFError:  # end of input (Ctrl-D)
        click.echo()
        raise _Stop from None
    if line is None:
        click.echo()
        say(f"a line of more than {LONGEST_LINE} characters: that is not an entry; the "
            "session ends here (every accepted event is saved)", err=True)
        raise _Unread
    return line


def _next(recorder: Recorder, shown: str | None) -> str:
    """Say what may come next, in one line, when it is not what was said last
    (``help`` says it again); what was said. For a record that does not validate:
    the amendment it needs, and what the rules allow in that event's place."""
    expected = recorder.log.expected
    rule = (f" ({expected.rule})" if expected.rule and expected.rule not in expected.text
            else "")
    if expected.over:
        forms = "check, amend N EVENT, standings, quit"
    else:
        single = expected.players[0] if len(expected.players) == 1 else None
        forms = "  |  ".join(c.synopsis.replace("PLAYER", single) if single else c.synopsis
                             for c in recorder.choices(examples=False) if c.kind != "check")
    stops = _stops_at(recorder)
    if recorder.failure is None:
        text = f"{expected.text}{rule}: {forms}"
    elif stops is not None:
        text = (f"{_correction(recorder)} (the record fails at #{stops}); allowed as "
                f"#{stops}: {expected.text}{rule}: {forms}")
    else:
        text = f"{_correction(recorder)} ({recorder.to_correct})"
    if text != shown:
        _show("next: " + text, more="      ", bold=True)
    return text


def _one(recorder: Recorder, line: str, position: str | None) -> tuple[str | None, bool]:
    """Carry out one line at the prompt; the position of the last event told, and
    whether the line was refused."""
    name = str(recorder.path)
    word, _, rest = line.strip().partition(" ")
    command = word.lower()
    try:
        if command in _BARE_COMMANDS and rest.strip():
            raise RecordingError(f"{quoted(line.strip())}: {command} takes nothing after it: "
                                 f"write {command}")
        if command in ("quit", "exit", "q"):
            raise _Stop
        if command in ("help", "?", "h"):
            _help(recorder)
        elif command == "standings":
            stops = _stops_at(recorder)
            when = "" if stops is None else f" (before #{stops}, where the record fails)"
            _show(f"standings{when}: " + "; ".join(standings_lines(recorder.log.outcome)),
                  more="  ")
        elif command == "undo":
            event = recorder.undo(_undo_index(line, rest))
            _show(f"took back #{len(recorder.log)} ({event.TYPE}); saved. "
                  "Only the last event can be taken back, before the next one is "
                  "entered: later corrections are amendments (amend N EVENT).")
        elif command == "amend":
            _amend_line(recorder, rest)
        else:
            before = derived_result(recorder.log)
            accepted = recorder.enter(recorder.read(line))
            if accepted.position != position:
                say(f"-- {accepted.position} --", bold=True)
            _tell(accepted)
            result = derived_result(recorder.log)
            if result is not None and result != before:
                _show("The game is complete: the result is written: "
                      + "; ".join(standings_lines(recorder.log.outcome))
                      + ("" if recorder.log.expected.over else
                         " (the record may end here, or go on)"), bold=True)
            return accepted.position, False
    except RecordError as error:
        _refusal(name, error.problems, why=f"{error}: {_correction(recorder)}")
    except Refused as refusal:
        _refusal(name, refusal.problems)
    except (EntryError, TranscriptError, RecordingError) as error:
        _unreadable(name, error)
    else:
        return position, False
    return position, True


_BARE_COMMANDS = ("quit", "exit", "q", "help", "?", "h", "standings")
"""The commands that take no words after them (a word after one is refused, not dropped)."""


def _undo_index(line: str, rest: str) -> int | None:
    """``undo`` gives None (the last event), ``undo N`` gives N."""
    text = rest.strip()
    if not text:
        return None
    if not _NUMBER.fullmatch(text):
        raise RecordingError(f"{quoted(line.strip())}: write undo, or undo N with N the "
                             "number of the last event entered")
    return int(text)


_NUMBER = re.compile(r"[0-9]{1,18}")
"""An event's number at the prompt: ASCII digits (``str.isdigit`` takes "²", which
``int`` refuses), few enough for ``int`` to read."""


def _amend_line(recorder: Recorder, rest: str) -> None:
    index_text, _, entry = rest.strip().partition(" ")
    if not _NUMBER.fullmatch(index_text) or not entry.strip():
        raise RecordingError("write: amend N EVENT (the event's new line or JSON), "
                             "or amend N delete")
    index = int(index_text)
    event = _amendment(recorder, index, entry)
    broken = recorder.problems
    correction = recorder.amend(index, event)
    if correction is None:
        _show(_no_change(recorder, index, event))
        return
    holds = "" if broken else "every later event still holds; "
    _show(f"amended #{index}: was {json_text(correction['was'])}, now {_now(correction)}; "
          f"{holds}noted in meta.corrections; saved")
    if broken:
        for line in _fixed(str(recorder.path), broken):
            _show(line, more=line[:len(line) - len(line.lstrip())] + "    ")


def _no_change(recorder: Recorder, index: int, event: Event | None) -> str:
    """What an amendment to what the event already is says (``event``: what it
    was amended to, None only for a removal, which always changes something)."""
    assert event is not None
    written = event_line(event, recorder.rules, chips=recorder.chips)
    return f"#{index} is already {written}: no change, nothing noted"


def _help(recorder: Recorder) -> None:
    expected = recorder.log.expected
    stops = _stops_at(recorder)
    if recorder.failure is None:
        _show(f"Allowed now ({expected.text}):")
    else:
        where = (f"as #{stops}" if stops is not None else "next, once the record is valid")
        _show(f"{recorder.failure}: to put it right, {_put_right(recorder)}. Allowed "
              f"{where} ({expected.text}):")
    for choice in recorder.choices():
        example = f"   e.g. {choice.example}" if choice.example else ""
        _show(f"  {choice.synopsis}{example}", more="      ")
    say("Commands:")
    width = max(len(name) for name, _ in COMMANDS)
    for name, words in COMMANDS:
        _show(f"  {name:<{width}}  {words}", more=" " * (width + 4))
    for line in grammar(recorder.rules.name):
        _show(line, more=" " * 25)

