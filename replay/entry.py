"""Events typed at the table: one line per event, for every game without per-game code.

A line is the event's ``type``, then its values (docs/recording.md)::

    pitch Ben                    # positional: the fields in order (player first)
    pitch Ben 7                  # ... then card
    bid Bob pair 9               # ... kind, then rank: in the order people say them
    reveal Aki=4 Ben=2 Chie=7    # NAME=VALUE: the event's table keyed by player names
    reveal Aki=3 Ben=9 draws.Ben=2   # FIELD.NAME=VALUE: another table keyed by names
    show Ann=JK,AH,AD Bob=QS,QH  # a list: values joined by commas
    win Bob 8D,8S note="pairs"   # FIELD=VALUE: any field by name
    {"type": "pitch", "player": "Ben"}   # or the event's JSON

The grammar is generated from the event classes' fields: who acts (the
``ACTOR`` field), cards, lists and tables keyed by names (``NAMED``), so a new
game gets it for free. Values written without ``FIELD=`` fill the fields in one
general order, the same for every kind (:func:`kind_of`): the player, then
every field that is not a table, as the class declares them; a value passes
over an optional field it cannot be (:meth:`Field.takes`). A line only becomes the event's JSON object here; that
object is then read by the transcript loader itself (:func:`structure_event`),
so an entered event is checked exactly like one in a file, with the same
messages.
"""

from __future__ import annotations

import collections.abc
import re
import shlex
import typing
from collections.abc import Sequence
from types import NoneType, UnionType
from typing import Any

import attrs

from cardcore.cards import Card, PairsCard
from cardcore.game import GameRules
from cardcore.protocol import Check, Event
from cardcore.quoting import quoted
from cardcore.replay.errors import EntryError
from cardcore.replay.jsonload import JsonError, parse_json
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.transcript import (
    FORMAT_ID,
    RESULT_ONLY,
    TranscriptError,
    check_has_no,
    event_json,
    load_transcript,
)
from cardcore.table import likely

__all__ = ["EntryError", "Field", "Kind", "event_line", "kind_of", "parse_line",
           "structure_event"]

ONE, LIST, TABLE = "one", "list", "table"
"""The shapes of a field: one value, a list of values, a table keyed by player names."""


@attrs.frozen
class Field:
    """One field of an event kind, as the line grammar sees it."""

    name: str
    shape: str
    """ONE, LIST or TABLE; a TABLE's values are lists when ``of_lists``."""
    of_lists: bool
    number: bool
    """Its values are JSON numbers (Pairs cards, chips): ``7`` is written ``7``."""
    placeholder: str
    """Its value in a synopsis: PLAYER, CARD, KIND ..."""
    optional: bool
    """It may be left out (it has a default; "?" is a value, not an absence)."""
    actor: bool
    bare: bool
    """Its value may be written without ``name=``: the player, then every field
    that is not a table, in the order the class declares them."""

    def takes(self, token: str) -> bool:
        """Whether a value written without ``name=`` goes to this field, when it is
        the next free one: a required field takes any value; an optional one is
        passed over by a value it cannot be, so ``bid Bob two_pair 9,5`` leaves
        ``rank`` (one value) for ``ranks`` (a list), and ``bid Bob single Q S``
        leaves ``ranks`` for ``suit``. A single value that no later field takes
        is a list of one for the optional list it passed over (``win Bob 8D,8S ?``:
        ``from_stock`` ``["?"]``, :func:`parse_line`); where a later field takes
        it, a list of one is written by name (``ranks=9``)."""
        if not self.optional:
            return True
        return ("," in token) == (self.shape == LIST)


@attrs.frozen
class Kind:
    """An event kind's grammar: its fields, those taken in order, its main table."""

    name: str
    """The event type (``pitch``)."""
    cls: type[Event]
    fields: tuple[Field, ...]
    positional: tuple[str, ...]
    """The fields bare values fill, in order (the player first)."""
    table: str | None
    """The table ``NAME=VALUE`` fills (the first ``NAMED`` field)."""

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    def synopsis(self) -> str:
        """``pitch PLAYER [CARD]``, ``reveal NAME=CARD ... [draws.NAME=CARD ...]``."""
        def item(field: Field, text: str) -> str:
            return f"[{text}]" if field.optional else text

        def bare(field: Field) -> str:
            plain = field.actor or field.name in ("card", "cards")
            return item(field, field.placeholder if plain else _named(field))

        ordered = [f for name in self.positional for f in self.fields if f.name == name]
        words = [self.name]
        words += [bare(f) for f in ordered if not f.optional]
        words += [item(f, f"NAME={f.placeholder} ...") for f in self.fields
                  if f.name == self.table]
        words += [bare(f) for f in ordered if f.optional]
        words += [item(f, f"{f.name}={f.placeholder}") for f in self.fields
                  if f.shape != TABLE and not f.bare]
        words += [item(f, f"{f.name}.NAME={f.placeholder} ...") for f in self.fields
                  if f.shape == TABLE and f.name != self.table]
        return " ".join(words)


def _named(field: Field) -> str:
    """A positional field's word in a synopsis: its name (``KIND``, ``STARTER``), a
    list's with ``,...`` (``RANK,...``)."""
    name = field.name.upper()
    return f"{name.removesuffix('S')},..." if field.shape == LIST else name


def _strip_optional(hint: Any) -> tuple[Any, bool]:
    """``X | None`` -> (X, True)."""
    if typing.get_origin(hint) in (typing.Union, UnionType):
        args = [arg for arg in typing.get_args(hint) if arg is not NoneType]
        optional = len(args) < len(typing.get_args(hint))
        return (args[0] if len(args) == 1 else typing.Union[tuple(args)]), optional  # noqa: UP007
    return hint, False


def _leaves(hint: Any) -> tuple[Any, ...]:
    hint, _ = _strip_optional(hint)
    if typing.get_origin(hint) in (typing.Union, UnionType):
        return tuple(arg for arg in typing.get_args(hint) if arg is not NoneType)
    return (hint,)


def _placeholder(leaves: tuple[Any, ...], name: str) -> str:
    if PairsCard in leaves or Card in leaves:
        return "CARD"
    if int in leaves:
        return "N"
    return name.upper()


def _field(name: str, hint: Any, *, actor: bool, bare: bool, optional: bool) -> Field:
    inner, _ = _strip_optional(hint)
    origin = typing.get_origin(inner)
    shape, of_lists = ONE, False
    if origin in (collections.abc.Mapping, dict):
        shape = TABLE
        inner = typing.get_args(inner)[1]
        stripped, _ = _strip_optional(inner)
        if typing.get_origin(stripped) in (collections.abc.Sequence, list, tuple):
            of_lists, inner = True, typing.get_args(stripped)[0]
    elif origin in (collections.abc.Sequence, list, tuple):
        shape, inner = LIST, typing.get_args(inner)[0]
    leaves = _leaves(inner)
    number = any(leaf in (int, PairsCard) for leaf in leaves)
    placeholder = "PLAYER" if actor else _placeholder(leaves, name)
    if shape == LIST and placeholder == name.upper():
        placeholder = placeholder.removesuffix("S")  # ranks: RANK,...
    if shape == LIST or of_lists:
        placeholder = f"{placeholder},..."
    return Field(name=name, shape=shape, of_lists=of_lists, number=number,
                 placeholder=placeholder, optional=optional, actor=actor,
                 bare=bare and shape != TABLE)


CHIP_FIELDS = {True: ("chips", "pot"), False: ("scores",)}
"""The figures a ``check`` reads in a chip game and in a points game: a game has
only its own (Auction keeps points, no pot)."""


def kind_of(cls: type[Event], chips: bool = True) -> Kind:
    """The grammar of an event class. ``chips`` says which figures a ``check``
    reads: ``chips`` (its ``NAME=N``) and ``pot`` in a chip game, ``scores`` in a
    points game.

    The positional fields, in one rule for every kind: the actor first, then
    every field that is not a table, in declared order."""
    hints = typing.get_type_hints(cls)
    declared = [f for f in attrs.fields(cls) if f.name != "note"]
    if cls is Check:
        declared = [f for f in declared if f.name in CHIP_FIELDS[chips]]
    fields = tuple(_field(f.name, hints[f.name], actor=f.name == cls.ACTOR, bare=True,
                          optional=f.default is not attrs.NOTHING)
                   for f in declared)
    positional = tuple(sorted((f.name for f in fields if f.bare),
                              key=lambda name: name != cls.ACTOR))
    tables = [f.name for f in fields if f.shape == TABLE]
    table = next((name for name in cls.NAMED if name in tables), None)
    if cls is Check:
        table = "chips" if chips else "scores"
    return Kind(name=cls.TYPE, cls=cls, fields=fields, positional=positional, table=table)


_WHOLE = re.compile(r"-?[0-9]+")


def _leaf(text: str, field: Field) -> object:
    """A token as JSON: a whole number where the field holds numbers, else the text
    (the loader judges it: ``x`` for a Pairs card is its card notation error)."""
    return int(text) if field.number and _WHOLE.fullmatch(text) else text


def _value(text: str, field: Field, in_table: bool = False) -> object:
    if field.shape == LIST or (in_table and field.of_lists):
        return [] if text == "" else [_leaf(part, field) for part in text.split(",")]
    return _leaf(text, field)


def _kinds_words(rules: GameRules[Any]) -> str:
    return ", ".join(rules.event_types)


def parse_line(line: str, rules: GameRules[Any], *, chips: bool = True, commands: bool = True,
               help_hint: str = "type help") -> dict[str, Any]:
    """The JSON object of the event a line writes; :class:`EntryError` says why not.

    ``commands``: whether the place the line was typed also takes commands (the
    prompt does; an amendment's event and ``--event`` do not), so that a word
    that is no event is said to be neither only where a command could be;
    ``help_hint``: where the notation is explained, from there.

    >>> from cardcore.registry import GAMES
    >>> parse_line("reveal Aki=3 Ben=9 draws.Ben=2", GAMES["orc-poker"])
    {'type': 'reveal', 'cards': {'Aki': 3, 'Ben': 9}, 'draws': {'Ben': 2}}
    >>> parse_line("win Bob 8D,8S note='a pair'", GAMES["auction"])
    {'type': 'win', 'player': 'Bob', 'cards': ['8D', '8S'], 'note': 'a pair'}
    >>> parse_line("win Bob 8D,8S ?", GAMES["auction"])
    {'type': 'win', 'player': 'Bob', 'cards': ['8D', '8S'], 'from_stock': ['?']}
    """
    text = line.strip()
    if text.startswith("{"):
        try:
            parsed = parse_json(text)
        except JsonError as error:
            raise EntryError("not an event's JSON: "
                             + "; ".join(p.message for p in error.problems)) from None
        if not isinstance(parsed, dict):  # pragma: no cover - text starts with "{"
            raise EntryError("an event's JSON is an object")
        return parsed
    try:
        tokens = shlex.split(text)
    except ValueError as error:
        raise EntryError(f"cannot split the line into words ({error}): close the quote") from None
    if not tokens:
        raise EntryError("an empty line is no event")
    word = tokens[0].replace("-", "_")
    cls = rules.event_types.get(word)
    if cls is None:
        raise EntryError(f"{quoted(tokens[0])} is not a kind of event"
                         f"{' or a command' if commands else ''}: "
                         f"{rules.title} events are {_kinds_words(rules)}"
                         f"{likely(word, tuple(rules.event_types))} ({help_hint})")
    kind = kind_of(cls, chips)
    data: dict[str, Any] = {"type": kind.name}
    bare: list[str] = []
    for token in tokens[1:]:
        key, equals, value = token.partition("=")
        if not equals:
            bare.append(token)
            continue
        head, dot, name = key.partition(".")
        if head != "note" and kind.field(head) is None and head in attrs.fields_dict(cls):
            raise EntryError(f"{rules.title} keeps no {head}: write {kind.synopsis()}")
        if cls is Check and not dot and key in RESULT_ONLY:
            raise EntryError(f"{quoted(token)}: {check_has_no(key)}: write {kind.synopsis()} "
                             f"({kind.table}.{key}=N for a player named {key})")
        field = kind.field(head) if dot else None
        if field is not None and field.shape == TABLE and name:
            table = data.setdefault(field.name, {})
            if not isinstance(table, dict):  # pragma: no cover - tables are only set here
                raise EntryError(f"{field.name} is given twice")
            if name in table:
                raise EntryError(f"{field.name}.{name} is given twice")
            table[name] = _value(value, field, in_table=True)
        elif key == "note":
            _put(data, "note", value)
        elif kind.field(key) is not None:
            field = kind.field(key)
            assert field is not None
            if field.shape == TABLE:
                raise EntryError(f"{key} is a table keyed by player names: write "
                                 f"{key}.NAME=VALUE for each player"
                                 + (" (or NAME=VALUE)" if key == kind.table else ""))
            _put(data, key, _value(value, field))
        elif kind.table is not None:
            field = kind.field(kind.table)
            assert field is not None
            table = data.setdefault(kind.table, {})
            if key in table:
                raise EntryError(f"{key} is given twice")
            table[key] = _value(value, field, in_table=True)
        else:
            names = ", ".join(f.name for f in kind.fields) or "none"
            raise EntryError(f"{kind.name} has no field {quoted(key)} (its fields: {names}; "
                             f"write {kind.synopsis()})")
    free = [f for name in kind.positional if name not in data
            for f in kind.fields if f.name == name]
    for number, token in enumerate(bare):
        taker = next((i for i, f in enumerate(free) if f.takes(token)), None)
        if taker is None:  # no field takes it as it is: a list of one, if a list is left
            taker = next((i for i, f in enumerate(free) if f.shape == LIST), None)
        if taker is None:
            extra = " ".join(bare[number:])
            raise EntryError(f"too many values for {kind.name} ({quoted(extra)} left over): "
                             f"write {kind.synopsis()}")
        field = free[taker]
        del free[:taker + 1]
        data[field.name] = _value(token, field)
    return {"type": data.pop("type"), **{f.name: data[f.name] for f in kind.fields
                                         if f.name in data},
            **({"note": data["note"]} if "note" in data else {})}


def _put(data: dict[str, Any], key: str, value: object) -> None:
    if key in data:
        raise EntryError(f"{key} is given twice")
    data[key] = value


def structure_event(data: dict[str, Any], rules: GameRules[Any], players: Sequence[str],
                    index: int) -> Event:
    """The event of a JSON object, read by the transcript loader as the event at
    ``index`` of a file: :class:`TranscriptError` carries the same problems, at
    the same pointers, as ``validate`` would report for that file."""
    envelope = {"format": FORMAT_ID, "game": rules.name, "players": list(players),
                "events": [data]}
    try:
        return load_transcript(envelope).events[0]
    except TranscriptError as error:
        moved = [attrs.evolve(p, pointer=_relocate(p.pointer, index)) for p in error.problems]
        raise TranscriptError(moved) from None


def _relocate(pointer: str, index: int) -> str:
    if pointer == "/events/0" or pointer.startswith("/events/0/"):
        return f"/events/{index}" + pointer[len("/events/0"):]
    return pointer  # pragma: no cover - an event's problems are inside it


def _token(value: object) -> str | None:
    if isinstance(value, list):
        parts = [_token(item) for item in value]
        if not value or any(p is None or "," in p for p in parts):
            return None
        return ",".join(p for p in parts if p is not None)
    if isinstance(value, bool) or value is None or isinstance(value, dict):
        return None
    return str(value)


def event_line(event: Event, rules: GameRules[Any], *, chips: bool = True) -> str:
    """The line that writes ``event`` (:func:`parse_line` reads it back as the same
    event), or the event's JSON where the grammar cannot say it.

    >>> from cardcore.games.goblin import RULES, Pitch
    >>> event_line(Pitch(player="Ben", card=7, note="last card"), RULES)
    "pitch Ben 7 'note=last card'"
    """
    data = event_json(event)
    kind = kind_of(type(event), chips)
    fallback = json_text(data)
    if any(kind.field(name) is None for name in data if name not in ("type", "note")):
        return fallback  # a check's figure this game does not keep
    words = [kind.name]
    leading = True  # bare values only while no bare field before them is left out
    ordered = [f for name in kind.positional for f in kind.fields if f.name == name]
    tables = [f for f in kind.fields if f.shape == TABLE]
    tables.sort(key=lambda f: f.name != kind.table)
    # in the synopsis' order: the values needed, the table, then optional values
    # (named once a table is written: ``check Aki=99 pot=3``)
    for field in [*(f for f in ordered if not f.optional), *tables[:1],
                  *(f for f in ordered if f.optional), *tables[1:]]:
        if field.name not in data:
            leading = leading and not field.bare
            continue
        value = data[field.name]
        if field.shape == TABLE:
            leading = False
            if not value:
                return fallback
            for name, item in value.items():
                token = _token(item)
                if token is None or "=" in name:
                    return fallback
                plain = (field.name == kind.table and kind.field(name) is None
                         and name != "note" and "." not in name)
                words.append(f"{name}={token}" if plain else f"{field.name}.{name}={token}")
            continue
        token = "" if value == [] else _token(value)
        if token is None:
            return fallback
        if field.bare and leading and token and "=" not in token and field.takes(token):
            words.append(token)
        else:
            leading = leading and not field.bare
            words.append(f"{field.name}={token}")
    if "note" in data:
        words.append(f"note={data['note']}")
    return shlex.join(words)

