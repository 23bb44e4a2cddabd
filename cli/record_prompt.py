"""The prompt of ``cardcore record``: a line-oriented session at the table,
each line an event or a command (``help``, ``standings``, ``undo``, ``amend``,
``quit``), each accepted event saved at once (:mod:`cardcore.cli.record`
starts it; what is said is :mod:`cardcore.cli.record_words`')."""

from __future__ import annotations

import re
import sys

import click

from cardcore.cli.prompt import LONGEST_LINE, LineReader, history_path
from cardcore.cli.record_words import (
    amend_hint,
    amendment,
    fixed_lines,
    no_change,
    now_text,
    outcome_lines,
    outcome_values,
    show,
    stops_at,
    summary,
    tell,
    tell_refusal,
    tell_unreadable,
)
from cardcore.cli.render import problem_lines, say, standings_lines
from cardcore.quoting import quoted
from cardcore.replay.entry import EntryError, event_line
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.recording import (
    Recorder,
    RecordingError,
    Refused,
    derived_result,
)
from cardcore.replay.store import RecordError
from cardcore.replay.transcript import TranscriptError
from cardcore.standings import plural

__all__ = ["BARE_COMMANDS", "COMMANDS", "GRAMMAR_EXAMPLES", "grammar", "session"]

COMMANDS = (
    ("help", "this list: the events allowed now, each with an example line"),
    ("standings", "the chips or points now"),
    ("undo", "take back the last event entered (only that one, before the next; "
             "undo N: N must be its number)"),
    ("amend N EVENT", "correct event #N later (`amend N delete` removes it); "
                      "the record notes it in meta.corrections, and what it changes "
                      "in the outcome is said; a record that does not validate is "
                      "put right this way"),
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


RECAP = 5
"""The events shown when a record is continued: enough to see where the table is."""


def session(recorder: Recorder) -> int:
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
    show(f"Recording {rules.title} ({', '.join(log.players)}) in {recorder.path}: "
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
    show(summary(recorder), more="  ")
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
            show(f"  #{index:<3} {line}", more="        ")
    if failing is not None:
        say("This record does not validate:", fg="red")
        for line in problem_lines(str(recorder.path), recorder.problems):
            show(line, more=line[:len(line) - len(line.lstrip())] + "    ")
        show(f"To put it right, {_put_right(recorder)}: the whole record is then replayed, "
              "and saved once it is valid. No new event is taken until then.")
    stops = stops_at(recorder)
    show(("Now" if stops is None else f"Before #{stops}, where it fails") + ": "
          + f"{recorder.rules.position(recorder.log.state)}; "
          + "; ".join(standings_lines(recorder.log.outcome)))


def _put_right(recorder: Recorder) -> str:
    """What to correct in a record that does not validate, and how, at the prompt."""
    return f"correct {recorder.to_correct} with {amend_hint(recorder)}"


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
    stops = stops_at(recorder)
    if recorder.failure is None:
        text = f"{expected.text}{rule}: {forms}"
    elif stops is not None:
        text = (f"{amend_hint(recorder)} (the record fails at #{stops}); allowed as "
                f"#{stops}: {expected.text}{rule}: {forms}")
    else:
        text = f"{amend_hint(recorder)} ({recorder.to_correct})"
    if text != shown:
        show("next: " + text, more="      ", bold=True)
    return text


def _one(recorder: Recorder, line: str, position: str | None) -> tuple[str | None, bool]:
    """Carry out one line at the prompt; the position of the last event told, and
    whether the line was refused."""
    name = str(recorder.path)
    word, _, rest = line.strip().partition(" ")
    command = word.lower()
    try:
        if command in BARE_COMMANDS and rest.strip():
            raise RecordingError(f"{quoted(line.strip())}: {command} takes nothing after it: "
                                 f"write {command}")
        if command in ("quit", "exit", "q"):
            raise _Stop
        if command in ("help", "?", "h"):
            _help(recorder)
        elif command == "standings":
            show(_standings(recorder), more="  ")
        elif command == "undo":
            event = recorder.undo(_undo_index(line, rest))
            show(f"took back #{len(recorder.log)} ({event.TYPE}); saved. "
                  "Only the last event can be taken back, before the next one is "
                  "entered: later corrections are amendments (amend N EVENT).")
        elif command == "amend":
            _amend_line(recorder, rest)
        else:
            before = derived_result(recorder.log)
            accepted = recorder.enter(recorder.read(line))
            if accepted.position != position:
                say(f"-- {accepted.position} --", bold=True)
            tell(accepted)
            result = derived_result(recorder.log)
            if result is not None and result != before:
                show("The game is complete: the result is written: "
                      + "; ".join(standings_lines(recorder.log.outcome))
                      + ("" if recorder.log.expected.over else
                         " (the record may end here, or go on)"), bold=True)
            return accepted.position, False
    except RecordError as error:
        tell_refusal(name, error.problems, why=f"{error}: {amend_hint(recorder)}")
    except Refused as refusal:
        tell_refusal(name, refusal.problems)
    except (EntryError, TranscriptError, RecordingError) as error:
        tell_unreadable(name, error)
    else:
        return position, False
    return position, True


def _standings(recorder: Recorder) -> str:
    """The chips or points now, as the command ``standings`` says them (for a record
    that does not validate: before the event where it fails)."""
    stops = stops_at(recorder)
    when = "" if stops is None else f" (before #{stops}, where the record fails)"
    return f"standings{when}: " + "; ".join(standings_lines(recorder.log.outcome))


BARE_COMMANDS = ("quit", "exit", "q", "help", "?", "h", "standings")
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
    event = amendment(recorder, index, entry)
    broken = recorder.problems
    before = outcome_values(recorder)
    correction = recorder.amend(index, event)
    if correction is None:
        show(no_change(recorder, index, event))
        return
    holds = "" if broken else "every later event still holds; "
    show(f"amended #{index}: was {json_text(correction['was'])}, now {now_text(correction)}; "
          f"{holds}noted in meta.corrections; saved")
    # a record that did not validate had no outcome (its replay stopped): the one it has now
    lines = ([*fixed_lines(str(recorder.path), broken), _standings(recorder)] if broken
             else outcome_lines(before, recorder))
    for line in lines:
        show(line, more=line[:len(line) - len(line.lstrip())] + "    ")


def _help(recorder: Recorder) -> None:
    expected = recorder.log.expected
    stops = stops_at(recorder)
    if recorder.failure is None:
        show(f"Allowed now ({expected.text}):")
    else:
        where = (f"as #{stops}" if stops is not None else "next, once the record is valid")
        show(f"{recorder.failure}: to put it right, {_put_right(recorder)}. Allowed "
              f"{where} ({expected.text}):")
    for choice in recorder.choices():
        example = f"   e.g. {choice.example}" if choice.example else ""
        show(f"  {choice.synopsis}{example}", more="      ")
    say("Commands:")
    width = max(len(name) for name, _ in COMMANDS)
    for name, words in COMMANDS:
        show(f"  {name:<{width}}  {words}", more=" " * (width + 4))
    for line in grammar(recorder.rules.name):
        show(line, more=" " * 25)
