"""The transcript model (TRANSCRIPT.md) and its strict JSON form.

Loading refuses what the format does not allow (unknown keys, wrong types, bad
card notation, duplicate keys) with a ``format`` problem per mistake, each with
a JSON pointer; it never repairs. Dumping writes the canonical form, and
``load_transcript(dump_transcript(t)) == t``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
from cardcore.replay.convert import StructureFailure, structure
from cardcore.replay.jsonload import JsonError, read_json
from cardcore.replay.problems import FORMAT, Problem, pointer

from cardcore.cards import UNKNOWN, Card
from cardcore.protocol import Event, GameRules, SetupError, check_players
from cardcore.registry import GAMES

__all__ = [
    "FORMAT_ID",
    "ExpectedProblem",
    "Result",
    "Transcript",
    "TranscriptError",
    "dump_transcript",
    "load_transcript",
    "read_transcript",
]

FORMAT_ID = "cardcore-transcript/1"

ENVELOPE_KEYS = ("format", "game", "options", "players", "ages", "meta", "events", "result",
                 "expect")
REQUIRED_KEYS = ("format", "game", "players", "events")


class TranscriptError(ValueError):
    """The input is not a transcript of this format; ``problems`` say where."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


@attrs.frozen(kw_only=True)
class Result:
    """A final state someone claims (every key optional; only given ones compare)."""

    chips: Mapping[str, int] | None = None
    pot: int | None = None
    scores: Mapping[str, int | Fraction] | None = None
    winners: tuple[str, ...] | None = None


@attrs.frozen(kw_only=True)
class ExpectedProblem:
    """A problem a fixture of illegal play must produce: pointer and rule ID."""

    pointer: str
    rule: str | None = None
    kind: str | None = None


@attrs.frozen(kw_only=True)
class _Expect:
    problems: tuple[ExpectedProblem, ...]


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


def _problem(path: tuple[str | int, ...], message: str) -> Problem:
    return Problem(kind=FORMAT, pointer=pointer(*path), message=message)


def _located(failure: StructureFailure, *prefix: str | int) -> list[Problem]:
    return [_problem((*prefix, *path), message) for path, message in failure.failures]


def _names(value: object, players: tuple[str, ...], *path: str | int) -> list[Problem]:
    """Keys of a per-player object must be players of the transcript."""
    if not isinstance(value, dict):
        return []
    return [
        _problem((*path, name), f"{name!r} is not a player of this transcript "
                 f"(players: {', '.join(players)})")
        for name in value if name not in players
    ]


def load_transcript(data: object) -> Transcript:
    """Build a :class:`Transcript` from parsed JSON, or raise :class:`TranscriptError`."""
    if not isinstance(data, dict):
        raise TranscriptError([_problem((), "a transcript is a JSON object with the keys "
                                         + ", ".join(REQUIRED_KEYS))])
    unknown = [
        _problem((key,), f"unknown key {key!r}: a transcript has only "
                 + ", ".join(ENVELOPE_KEYS))
        for key in data if key not in ENVELOPE_KEYS
    ]
    problems = [
        _problem((key,), f"the key {key!r} is required") for key in REQUIRED_KEYS
        if key not in data
    ]
    form = data.get("format")
    if "format" in data and form != FORMAT_ID:
        problems.append(_problem(("format",), f"format {form!r} is not read by this version: "
                                 f"it reads {FORMAT_ID!r}"))
    game = data.get("game")
    if "game" in data and (not isinstance(game, str) or game not in GAMES):
        problems.append(_problem(("game",), f"{game!r} is not a game: the games are "
                                 + ", ".join(GAMES)))
    if problems:
        raise TranscriptError(unknown + problems)
    problems = unknown
    rules = GAMES[game]  # type: ignore[index]
    players: tuple[str, ...] = ()
    raw_players = data["players"]
    if not isinstance(raw_players, list):
        problems.append(_problem(("players",), "players is a list of names in seat order"))
    else:
        for index, name in enumerate(raw_players):
            if not isinstance(name, str) or not name:
                problems.append(_problem(("players", index), f"{name!r} is not a player name: "
                                         "names are non-empty strings"))
            elif name in raw_players[:index]:
                problems.append(_problem(("players", index), f"{name!r} sits twice: "
                                         "player names must be unique"))
        if not problems:
            players = tuple(raw_players)
            try:
                check_players(players, rules.min_players, rules.max_players, rules.title)
            except SetupError as error:
                problems.append(_problem(("players",), str(error)))
    options = None
    try:
        options = structure(data.get("options", {}), rules.options_type)
    except StructureFailure as failure:
        problems += _located(failure, "options")
    ages = None
    if "ages" in data:
        try:
            ages = structure_mapping(data["ages"], int)
            problems += _names(data["ages"], players, "ages")
            problems += [_problem(("ages", name), f"an age is 0 or more, not {age}")
                         for name, age in ages.items() if age < 0]
        except StructureFailure as failure:
            problems += _located(failure, "ages")
    meta = data.get("meta")
    if "meta" in data and not isinstance(meta, dict):
        problems.append(_problem(("meta",), "meta is a free-form object"))
    events = _events(data["events"], rules, problems)
    result = None
    if "result" in data:
        try:
            result = structure(data["result"], Result)
            for key in ("chips", "scores"):
                problems += _names(data["result"].get(key), players, "result", key)
            for index, name in enumerate(result.winners or ()):
                if name not in players:
                    problems.append(_problem(("result", "winners", index),
                                             f"{name!r} is not a player of this transcript"))
        except StructureFailure as failure:
            problems += _located(failure, "result")
    expect = None
    if "expect" in data:
        try:
            expect = structure(data["expect"], _Expect).problems
        except StructureFailure as failure:
            problems += _located(failure, "expect")
    if problems:
        raise TranscriptError(problems)
    return Transcript(game=rules.name, players=players, events=events, options=options,
                      ages=ages, meta=meta, result=result, expect=expect)


def structure_mapping(value: object, item: type) -> dict[str, Any]:
    from cardcore.replay.convert import converter

    try:
        result: dict[str, Any] = converter.structure(value, Mapping[str, item])  # type: ignore[valid-type,arg-type]
        return result
    except StructureFailure:
        raise
    except ValueError as error:
        raise StructureFailure([((), str(error))]) from None


def _events(raw: object, rules: GameRules[Any], problems: list[Problem]) -> tuple[Event, ...]:
    if not isinstance(raw, list):
        problems.append(_problem(("events",), "events is a list of event objects"))
        return ()
    kinds = ", ".join(rules.event_types)
    events: list[Event] = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict):
            problems.append(_problem(("events", index), "an event is an object with a 'type'"))
            continue
        kind = item.get("type")
        cls = rules.event_types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            what = "has no 'type'" if "type" not in item else f"has the unknown type {kind!r}"
            problems.append(_problem(("events", index, "type") if "type" in item
                                     else ("events", index),
                                     f"this event {what}: {rules.title} events are {kinds}"))
            continue
        fields = {key: value for key, value in item.items() if key != "type"}
        try:
            events.append(structure(fields, cls))
        except StructureFailure as failure:
            problems += _located(failure, "events", index)
    return tuple(events)


def read_transcript(path: Path) -> Transcript:
    """Read, parse and load one file; raise :class:`TranscriptError` if it is no transcript."""
    try:
        data = read_json(path)
    except JsonError as error:
        raise TranscriptError(error.problems) from None
    return load_transcript(data)


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
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
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
