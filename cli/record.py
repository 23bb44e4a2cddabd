"""``cardcore record``: keep the transcript live at the table (docs/recording.md).

A line-oriented prompt, on purpose: it works the same in any terminal, over
ssh, in a pipe and in tests, and every line is one step; at a terminal the line
is edited with readline (:mod:`cardcore.cli.prompt`) and what is said is
wrapped to its width. The logic (reading an entry, judging it, saving, the
result, undo, amendments) is :class:`Recorder`'s. This module is the command:
it starts or continues a record and takes the entries given as options
(--event, --amend); the prompt is :mod:`cardcore.cli.record_prompt`, and what
both say is :mod:`cardcore.cli.record_words`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from cardcore.cli.inputs import game_argument
from cardcore.cli.record_prompt import BARE_COMMANDS, session
from cardcore.cli.record_words import (
    amend_hint,
    amendment,
    echo_fitted,
    fixed_lines,
    no_change,
    now_text,
    outcome_lines,
    outcome_values,
    show,
    summary,
    tell_refusal,
    tell_unreadable,
    told_lines,
)
from cardcore.cli.render import problem_lines, say
from cardcore.quoting import quoted, visible
from cardcore.replay.entry import EntryError
from cardcore.replay.recording import (
    Recorder,
    RecordingError,
    Refused,
)
from cardcore.replay.runner import forgotten_pointers
from cardcore.replay.store import RecordError
from cardcore.replay.transcript import FORMAT_ID, TranscriptError, load_transcript
from cardcore.standings import plural

__all__ = ["record"]


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
        what = ("has forgotten cards (\"!\"): a record goes on from one whose every card is "
                "named or unknown (\"?\")" if forgotten_pointers(error.problems)
                else "is not a readable transcript")
        _fail([f"{path} {what}:", *problem_lines(str(path), error.problems, error.more)], 2)
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
    Amendments (here or at the prompt) say what they change in the outcome:
    each player's chips or points that changed (the pot, complete, the
    winners), old -> new, as `diff FILE --option` says it, or "same outcome".

    A record that does not validate (an event the rules refuse, a check or
    its result disagreeing, as `cardcore validate FILE` reports) is opened
    all the same, to be corrected: --amend N EVENT (or `amend N EVENT` at the
    prompt) at or before its first problem saves it once the whole record is
    valid and says what it put right (then, at the prompt, the standings: it
    had no outcome to compare); if problems remain they are shown and
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
    sys.exit(session(recorder))


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
            amendments = [(index, amendment(recorder, index, _no_command(line), _OPTION_HELP))
                          for index, line in amends]
            broken = recorder.problems
            before = outcome_values(recorder)
            corrections = recorder.amend_all(amendments, save=False)
            for (index, event), correction in zip(amendments, corrections, strict=True):
                told.append(visible(
                    f"amended #{index}: {now_text(correction)}" if correction is not None
                    else no_change(recorder, index, event)))
            taken = len(amends)
            changed = sum(correction is not None for correction in corrections)
            if broken:  # no outcome before (its replay stopped): the summary says the one now
                told += fixed_lines(name, broken)
            elif changed:
                told += outcome_lines(before, recorder)
        for line in events:
            event = recorder.read(_no_command(line), commands=False, help_hint=_OPTION_HELP)
            told += told_lines(recorder.enter(event, save=False))
            taken += 1
            changed += 1
    except RecordError as error:
        how = amend_hint(recorder, "--amend")
        tell_refusal(name, error.problems, err=True, why=f"{error}: {how} (--amend may be given "
                 "more than once: the record is judged after all of them)")
        _not_either(taken)
        return 1
    except Refused as refusal:
        tell_refusal(name, refusal.problems, err=True)
        _not_either(taken)
        return 1
    except (EntryError, TranscriptError, RecordingError) as error:
        tell_unreadable(name, error, err=True)
        _not_either(taken)
        return 2
    if changed:  # a file whose amendments all changed nothing is left as it is
        _save(recorder, "nothing was recorded")
    for line in told:
        echo_fitted(line)
    show(summary(recorder), more="  ")
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
    if word in BARE_COMMANDS:
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
