"""The transcript model (TRANSCRIPT.md) and its strict JSON form.

Loading refuses what the format does not allow (unknown keys, wrong types, bad
card notation, duplicate keys) with a ``format`` problem per mistake, each with
a JSON pointer; it never repairs. Dumping writes the canonical form, and
``load_transcript(dump_transcript(t)) == t``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from os import PathLike
from typing import TYPE_CHECKING, Any, BinaryIO

import attrs

from cardcore.cards import UNKNOWN, Card
from cardcore.errors import SetupError
from cardcore.exact import Number, is_fraction
from cardcore.game import GameRules
from cardcore.options import OptionsError
from cardcore.protocol import Check, Event, check_players
from cardcore.quoting import names, nesting, quoted
from cardcore.registry import GAMES, UnknownGameError, game_named
from cardcore.replay.direct import Unsure, build, event_builders
from cardcore.replay.errors import TranscriptError
from cardcore.replay.jsonload import MAX_DEPTH, JsonError, parse_json, read_text
from cardcore.replay.jsonwrite import json_number
from cardcore.replay.problems import (
    CHECK,
    FORMAT,
    KEPT_PROBLEMS,
    RULE,
    Problem,
    describe_value,
    pointer,
)
from cardcore.table import closest, likely, no_such_player

if TYPE_CHECKING:  # imported when a transcript has an ``expect``
    from cardcore.replay.expected_problems import ExpectedProblem

__all__ = [
    "FORMAT_ID",
    "RESULT_ONLY",
    "Result",
    "Transcript",
    "TranscriptError",
    "check_has_no",
    "dump_transcript",
    "load_transcript",
    "read_options",
    "read_transcript",
    "read_transcript_text",
]

FORMAT_ID = "cardcore-transcript/1"

ENVELOPE_KEYS = ("format", "game", "options", "players", "ages", "meta", "events", "result",
                 "expect")
REQUIRED_KEYS = ("format", "game", "players", "events")


@attrs.frozen(kw_only=True)
class Result:
    """A final state someone claims (every key optional; only given ones compare)."""

    chips: Mapping[str, int] | None = None
    pot: int | None = None
    scores: Mapping[str, Number] | None = None
    winners: tuple[str, ...] | None = None


@attrs.frozen(kw_only=True)
class Transcript:
    """One session of one game as the table saw it."""

    game: str
    players: tuple[str, ...]
    events: tuple[Event, ...] = ()
    options: Any = None
    """The game's options object (its defaults when the file gives none)."""
    ages: Mapping[str, int] | None = None
    meta: Mapping[str, Any] | None = None
    result: Result | None = None
    expect: tuple[ExpectedProblem, ...] | None = None

    @property
    def rules(self) -> GameRules[Any]:
        return GAMES[self.game]


PROBLEM_KINDS = (FORMAT, RULE, CHECK)
"""The kinds a problem of ``expect`` may name."""




class _Reader:
    """Reads one transcript; the one place where failures become located problems."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.more = 0
        """Problems found beyond the first :data:`KEPT_PROBLEMS`: counted, not kept."""

    def refuse(self, path: tuple[str | int, ...], message: str) -> None:
        if len(self.problems) < KEPT_PROBLEMS:
            self.problems.append(Problem(kind=FORMAT, pointer=pointer(*path), message=message))
        else:
            self.more += 1

    def structure(self, value: object, cls: Any, *path: str | int) -> Any:
        """``value`` structured into ``cls``, or None with every failure located under ``path``."""
        from cardcore.replay.convert import StructureFailure, structure  # cattrs: only here

        try:
            return structure(value, cls)
        except StructureFailure as failure:
            for inner, message in failure.failures:
                self.refuse((*path, *inner), message)
            return None

    def events(self, raw: object, rules: GameRules[Any], players: tuple[str, ...]
               ) -> tuple[Event, ...]:
        """The events of the list ``raw``, each problem at its event."""
        return _events(raw, rules, players, self)

    def names(self, names: Iterable[object], players: tuple[str, ...], *path: str | int) -> None:
        """Every name (a key of a per-player object, or an entry of a list) is a player."""
        for index, name in enumerate(names):
            if isinstance(name, str) and name not in players:
                where = (*path, name) if not path or path[-1] != "winners" else (*path, index)
                self.refuse(where, not_a_player(name, players))


class _Direct(_Reader):
    """The fast path's reader (:mod:`cardcore.replay.direct`): the same reading,
    with values built without cattrs, and :class:`Unsure` at the first thing
    that is not plainly right, refused or not. It words nothing; the caller then
    reads the file again with :class:`_Reader`, whose problems are the answer."""

    def refuse(self, path: tuple[str | int, ...], message: str) -> None:
        raise Unsure

    def structure(self, value: object, cls: Any, *path: str | int) -> Any:
        return build(value, cls)

    def events(self, raw: object, rules: GameRules[Any], players: tuple[str, ...]
               ) -> tuple[Event, ...]:
        """:func:`_events` in one comprehension: each item is an object whose
        ``type`` names an event of the game (else a KeyError or TypeError: a
        list, a number, no type, an unknown or unhashable one) and builds."""
        if type(raw) is not list:
            raise Unsure
        builders = event_builders(rules.event_types, len(raw))
        try:
            events = tuple([builders[item["type"]](item) for item in raw])
        except (KeyError, TypeError):
            raise Unsure from None
        readings = {cls for cls in rules.event_types.values() if issubclass(cls, Check)}
        if not readings.isdisjoint(map(type, events)):  # rare: a reading names players
            for index, event in enumerate(events):
                if isinstance(event, Check):
                    _claimed_names(event, players, self, "events", index)
        return events


def not_a_player(name: str, players: Sequence[str]) -> str:
    """The message for a name that is not at the table: who is, and the likely one.

    >>> not_a_player("Tomm", ["Tom", "Ann"])
    "'Tomm' is not a player of this transcript: the players are Tom, Ann (did you mean 'Tom'?)"
    """
    message = f"{quoted(name)} is not a player of this transcript: the players are {names(players)}"
    return message + no_such_player(name, players)


def load_transcript(data: object) -> Transcript:
    """Build a :class:`Transcript` from parsed JSON, or raise :class:`TranscriptError`.

    One pass over the shape: the envelope, then what depends on the game (its
    players, options, events and what the transcript claims). Every problem is
    reported at once, each at its JSON pointer.

    The pass runs first with the fast reader (:class:`_Direct`), which builds
    the same transcript several times faster and gives up at the first doubt;
    only then is it run again with cattrs, which locates and words every problem.
    """
    try:
        return _read(data, _Direct())
    except Unsure:
        return _read(data, _Reader())


def _read(data: object, reader: _Reader) -> Transcript:
    """The one reading of a transcript, whichever reader builds and refuses."""
    rules = _envelope(data, reader)
    if rules is None:
        raise TranscriptError(reader.problems, reader.more)
    assert isinstance(data, dict)
    players = _players(data["players"], rules, reader)
    options = reader.structure(data.get("options", {}), rules.options_type, "options")
    ages = None
    if "ages" in data:
        ages = reader.structure(data["ages"], Mapping[str, int], "ages")
        if ages is not None:
            reader.names(ages, players, "ages")
            for name, age in ages.items():
                if age < 0:
                    reader.refuse(("ages", name), f"an age is a whole number of 0 or more, "
                                  f"not {age}")
    meta = data.get("meta")
    if "meta" in data and not isinstance(meta, dict):
        reader.refuse(("meta",), f"meta is a free-form object, not {describe_value(meta)}")
    elif meta and nesting(meta, MAX_DEPTH) > MAX_DEPTH:  # every writer of it would recurse
        reader.refuse(("meta",), f"meta is a free-form object, but nested more than "
                      f"{MAX_DEPTH} levels deep")
    events = reader.events(data["events"], rules, players)
    result = None
    if "result" in data:
        result = reader.structure(data["result"], Result, "result")
        if result is not None:
            _claimed_names(result, players, reader, "result")
    expect = None
    if "expect" in data:
        from cardcore.replay.expected_problems import _Expect  # only fixtures have one

        found = reader.structure(data["expect"], _Expect, "expect")
        expect = None if found is None else found.problems
        for index, problem in enumerate(expect or ()):
            _expected_problem(problem, rules.name, reader, "expect", "problems", index)
    if not reader.problems:
        _start(rules, players, options, ages, reader)
    if reader.problems:
        raise TranscriptError(reader.problems, reader.more)
    return Transcript(game=rules.name, players=players, events=events, options=options,
                      ages=ages, meta=meta, result=result, expect=expect)


def _envelope(data: object, reader: _Reader) -> GameRules[Any] | None:
    """The top level: an object with the known keys, this format and a game there is."""
    if not isinstance(data, dict):
        reader.refuse((), "a transcript is a JSON object with the keys " + ", ".join(REQUIRED_KEYS)
                      + f", not {describe_value(data)}")
        return None
    absent = tuple(key for key in ENVELOPE_KEYS if key not in data)
    meant: set[str | None] = set()  # required keys an unknown key misspells: said once, there
    for key in data:
        if key not in ENVELOPE_KEYS:
            reader.refuse((key,), f"unknown key {quoted(key)}: a transcript has only "
                          + ", ".join(ENVELOPE_KEYS) + likely(key, absent))
            meant.add(closest(key, absent))
    unknown_keys = len(reader.problems)  # reported, but the rest is still read
    missing = [key for key in REQUIRED_KEYS if key not in data]
    for key in missing:
        if key not in meant:
            reader.refuse((key,), f"the key {quoted(key)} is required")
    if "format" in data and data["format"] != FORMAT_ID:
        reader.refuse(("format",), f"format {quoted(data['format'])} is not read by this version: "
                      f"it reads {FORMAT_ID!r}")
    rules = None
    if "game" in data:
        name = data["game"]
        if isinstance(name, str) and name in GAMES:  # as the format spells it: in full
            rules = GAMES[name]
        else:
            reader.refuse(("game",), _no_game(name))
    return None if missing or len(reader.problems) > unknown_keys else rules


def _no_game(name: object) -> str:
    """Why a transcript's ``game`` names no game: the games there are, and the one
    it begins (a program and the command line take ``orc`` for ``orc-poker``, as
    :func:`~cardcore.registry.get_game` reads a name; a file spells it out)."""
    message = str(UnknownGameError(name, tuple(GAMES)))
    try:
        meant = game_named(name)
    except UnknownGameError:
        return message
    return f"{message} (a transcript spells its game's name in full: {meant!r})"


def _players(raw: object, rules: GameRules[Any], reader: _Reader) -> tuple[str, ...]:
    """The engine's own check of the players (:func:`check_players`), located."""
    if not isinstance(raw, list):
        reader.refuse(("players",), f"players is a list of names in seat order, "
                      f"not {describe_value(raw)}")
        return ()
    try:  # names first (any count), so that a bad name is located at its entry
        check_players(raw, 0, len(raw), rules.title)
    except SetupError as error:
        low, high = 0, len(raw)  # the shortest prefix that fails ends with the bad name
        while low + 1 < high:
            middle = (low + high) // 2
            try:
                check_players(raw[:middle], 0, middle, rules.title)
                low = middle
            except SetupError:
                high = middle
        reader.refuse(("players", high - 1), str(error))
        return ()
    try:
        return check_players(raw, rules.min_players, rules.max_players, rules.title)
    except SetupError as error:
        reader.refuse(("players",), str(error))
        return ()


def _claimed_names(claim: Check | Result, players: tuple[str, ...], reader: _Reader,
                   *path: str | int) -> None:
    """The names a ``check`` or ``result`` gives readings for sit at the table."""
    if not players:
        return  # the players are wrong already
    for key in ("chips", "scores"):
        table = getattr(claim, key)
        if table is not None:
            reader.names(table, players, *path, key)
    winners = getattr(claim, "winners", None)
    if winners is not None:
        reader.names(winners, players, *path, "winners")


def _expected_problem(problem: ExpectedProblem, game: str, reader: _Reader,
                      *path: str | int) -> None:
    if problem.pointer and not problem.pointer.startswith("/"):
        reader.refuse((*path, "pointer"), f"{quoted(problem.pointer)} is not a JSON pointer: "
                      "write \"\" for the whole file or start with \"/\", like \"/events/3\"")
    if problem.kind is not None and problem.kind not in PROBLEM_KINDS:
        reader.refuse((*path, "kind"), f"{quoted(problem.kind)} is not a kind of problem: "
                      f"the kinds are {', '.join(PROBLEM_KINDS)}")
    if problem.rule is not None:  # a rule no problem can cite: the entry could never match
        from cardcore.rulebook import unknown_rule  # only a fixture's expect reads the pages

        wrong = unknown_rule(problem.rule, game)
        if wrong is not None:
            reader.refuse((*path, "rule"), wrong)


def _start(rules: GameRules[Any], players: tuple[str, ...], options: object,
           ages: Mapping[str, int] | None, reader: _Reader) -> None:
    """The engine's own check that it can start with these players and options."""
    try:
        rules.setup(players, options, ages)
    except OptionsError as error:
        reader.refuse(("options", error.option) if error.option else ("options",), str(error))
    except SetupError as error:
        reader.refuse(("options",), str(error))


def read_options(rules: GameRules[Any], raw: object, players: tuple[str, ...],
                 ages: Mapping[str, int] | None = None) -> Any:
    """The options object for ``raw`` (a transcript's ``options`` value), refused
    with the very problems a transcript giving them would get, at ``/options/...``:
    ``diff --option`` and ``simulate --option`` say the same as ``validate``."""
    reader = _Reader()
    options = reader.structure(raw, rules.options_type, "options")
    if not reader.problems:
        _start(rules, players, options, ages, reader)
    if reader.problems:
        raise TranscriptError(reader.problems, reader.more)
    return options


def _events(raw: object, rules: GameRules[Any], players: tuple[str, ...],
            reader: _Reader) -> tuple[Event, ...]:
    if not isinstance(raw, list):
        reader.refuse(("events",), f"events is a list of event objects, not {describe_value(raw)}")
        return ()
    events: list[Event] = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict):
            reader.refuse(("events", index), f"an event is an object with a 'type', "
                          f"not {describe_value(item)}")
            continue
        kind = item.get("type")
        cls = rules.event_types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            _no_type(item, kind, rules, reader, "events", index)
            continue
        fields = {key: value for key, value in item.items() if key != "type"}
        if issubclass(cls, Check):
            fields = _check_fields(fields, cls, reader, "events", index)
        event = reader.structure(fields, cls, "events", index)
        if isinstance(event, Check):
            _claimed_names(event, players, reader, "events", index)
        if event is not None:
            events.append(event)
    return tuple(events)


def _no_type(item: dict[str, Any], kind: object, rules: GameRules[Any], reader: _Reader,
             *path: str | int) -> None:
    """An event whose ``type`` names none of the game's: unknown, or not given
    (said at a key that misspells it, ``"Type"``, where there is one)."""
    kinds = ", ".join(rules.event_types)
    if "type" in item:
        reader.refuse((*path, "type"), f"this event has the unknown type {quoted(kind)}: "
                      f"{rules.title} events are {kinds}" + likely(kind, tuple(rules.event_types)))
        return
    typo = next((key for key in item if closest(key, ("type",))), None)
    if typo is None:
        reader.refuse(path, f"this event has no 'type': {rules.title} events are {kinds}")
    else:
        reader.refuse((*path, typo), f"unknown key {quoted(typo)}{likely(typo, ('type',))}: "
                      f"this event has no 'type'; {rules.title} events are {kinds}")


RESULT_ONLY = tuple(name for name in attrs.fields_dict(Result)
                    if name not in attrs.fields_dict(Check))
"""A result's keys that a ``check`` has not (``winners``)."""


def check_has_no(key: str) -> str:
    """Why a ``check`` has no ``key`` of :data:`RESULT_ONLY`, in the words both a file
    and the recorder's line say it.

    >>> check_has_no("winners")
    'a check has no winners (a result has; a check reads the standings)'
    """
    return f"a check has no {key} (a result has; a check reads the standings)"


def _check_fields(fields: dict[str, Any], cls: type[Check], reader: _Reader,
                  *path: str | int) -> dict[str, Any]:
    """A check's keys less those that are (or misspell) a key only a result has,
    each refused as such: ``"winner"`` is told that a check has no winners, not
    only which keys it has."""
    kept = dict(fields)
    for key in fields:
        meant = closest(key, RESULT_ONLY) if key not in attrs.fields_dict(cls) else None
        if meant is not None:
            allowed = ", ".join(sorted(attrs.fields_dict(cls)))
            reader.refuse((*path, key), f"unknown key {quoted(key)}: {check_has_no(meant)}: "
                          f"allowed here are {allowed}")
            del kept[key]
    return kept


def read_transcript(source: str | PathLike[str] | BinaryIO) -> Transcript:
    """Read, parse and load one file (a path, as a string or a ``Path``, or a
    binary stream such as standard input);
    raise :class:`TranscriptError` if it is no transcript."""
    return read_transcript_text(source)[0]


def read_transcript_text(source: str | PathLike[str] | BinaryIO) -> tuple[Transcript, str]:
    """:func:`read_transcript`, and the file's text, for placing later problems
    (a rule broken) at their line and column. Problems of the file's shape are
    placed here (:mod:`cardcore.replay.positions`)."""
    try:
        text = read_text(source)
    except JsonError as error:
        raise TranscriptError(error.problems, error.more) from None
    try:
        data = parse_json(text)
    except JsonError as error:  # a key given twice is placed; a syntax error has its place
        from cardcore.replay.positions import located  # only a refused file pays for it

        raise TranscriptError(located(text, error.problems), error.more) from None
    try:
        return load_transcript(data), text
    except TranscriptError as error:
        from cardcore.replay.positions import located

        raise TranscriptError(located(text, error.problems), error.more) from None


# -- dumping -----------------------------------------------------------------------


def _card_json(card: object) -> object:
    if card is None:
        return UNKNOWN
    if isinstance(card, Card):
        return str(card)
    return card


def _value_json(value: object) -> object:
    if isinstance(value, Mapping):
        return {key: _value_json(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_value_json(item) for item in value]
    if is_fraction(value):
        return json_number(value)
    return _card_json(value)


def _attrs_json(obj: Any, *, skip_defaults: bool) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        optional = field.default is not attrs.NOTHING
        if optional and (value is None or (skip_defaults and value == field.default)):
            continue
        data[field.name] = _value_json(value)
    return data


def event_json(event: Event) -> dict[str, Any]:
    """The canonical JSON object of one event (``type`` first, ``note`` last)."""
    data: dict[str, Any] = {"type": event.TYPE}
    body = _attrs_json(event, skip_defaults=False)
    note = body.pop("note", None)
    data.update(body)
    if note is not None:
        data["note"] = note
    return data


def dump_transcript(transcript: Transcript) -> dict[str, Any]:
    """The canonical JSON object of a transcript (options at their defaults omitted)."""
    data: dict[str, Any] = {"format": FORMAT_ID, "game": transcript.game}
    if transcript.options is not None:
        options = _attrs_json(transcript.options, skip_defaults=True)
        if options:
            data["options"] = options
    data["players"] = list(transcript.players)
    if transcript.ages is not None:
        data["ages"] = dict(transcript.ages)
    if transcript.meta is not None:
        data["meta"] = transcript.meta
    data["events"] = [event_json(event) for event in transcript.events]
    if transcript.result is not None:
        data["result"] = _attrs_json(transcript.result, skip_defaults=False)
    if transcript.expect is not None:
        data["expect"] = {"problems": [_attrs_json(p, skip_defaults=False)
                                       for p in transcript.expect]}
    return data
