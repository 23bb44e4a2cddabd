"""The JSON Schema of the transcript format, generated from the engines' classes.

The schema is derived from the same attrs classes the loader structures into,
so it cannot drift from what is accepted. It describes the shape only: which
cards may appear where, whose turn it is and every other rule are the replay's
business. One ``if game == X then events are X's events`` branch per game.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardcore.cards import Card, PairsCard
from cardcore.exact import Number
from cardcore.registry import GAMES
from cardcore.replay.problems import MAX_INTEGER
from cardcore.replay.transcript import ENVELOPE_KEYS, FORMAT_ID, REQUIRED_KEYS

__all__ = ["transcript_schema"]

_PAIRS = {"description": "a Pairs card (1-10), \"?\" (hidden) or \"!\" (seen, forgotten)",
          "oneOf": [{"type": "integer", "minimum": 1, "maximum": 10}, {"enum": ["?", "!"]}]}
_CARD = {"description": "a card like \"AS\", \"10H\", \"TH\", \"JK\", \"?\" (hidden) "
                        "or \"!\" (seen, forgotten)",
         "type": "string",
         "pattern": "^(\\?|!|[jJ][kK]|([2-9]|10|[tTjJqQkKaA])[SHDCshdc♠♥♦♣♤♡♢♧])$"}
_INTEGER = {"type": "integer", "minimum": -MAX_INTEGER, "maximum": MAX_INTEGER}
"""Every whole number of a transcript lies within +-(2**53 - 1) (the loader's bound)."""
_SCORE = {"oneOf": [dict(_INTEGER), {"type": "string", "pattern": "^-?[0-9]+/[0-9]+$"}]}


def _type_schema(hint: Any) -> dict[str, Any]:
    if hint == PairsCard | None or hint is PairsCard:
        return dict(_PAIRS)
    if hint == Card | None or hint is Card:
        return dict(_CARD)
    if hint is Number:
        return dict(_SCORE)
    if isinstance(hint, typing.NewType):  # a bid's rank or suit: any string (the rules judge it)
        return _type_schema(hint.__supertype__)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            return _type_schema(options[0])
        return {"anyOf": [_type_schema(a) for a in options]}
    if origin in (Mapping, dict):
        return {"type": "object", "additionalProperties": _type_schema(args[1])}
    if origin in (Sequence, tuple, list):
        return {"type": "array", "items": _type_schema(args[0])}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return dict(_INTEGER)
    if hint is str:
        return {"type": "string"}
    if isinstance(hint, type) and attrs.has(hint):
        return _class_schema(hint)
    return {}


def _class_schema(cls: type, tag: str | None = None) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    properties: dict[str, Any] = {}
    required: list[str] = []
    if tag is not None:
        properties["type"] = {"const": tag}
        required.append("type")
    for field in attrs.fields(cls):
        properties[field.name] = _type_schema(hints[field.name])
        if field.default is attrs.NOTHING:
            required.append(field.name)
    schema: dict[str, Any] = {"type": "object", "properties": properties,
                              "additionalProperties": False}
    if required:
        schema["required"] = required
    if cls.__doc__:
        schema["description"] = cls.__doc__.strip().splitlines()[0]
    return schema


def transcript_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``cardcore-transcript/1``."""
    from cardcore.replay.expected_problems import _Expect
    from cardcore.replay.transcript import Result

    branches = []
    for name, rules in GAMES.items():
        events = [_class_schema(cls, tag) for tag, cls in rules.event_types.items()]
        branches.append({
            "if": {"properties": {"game": {"const": name}}},
            "then": {"properties": {
                "options": _class_schema(rules.options_type),
                "players": {"minItems": rules.min_players, "maxItems": rules.max_players},
                "events": {"items": {"oneOf": events}},
            }},
        })
    properties: dict[str, Any] = {
        "format": {"const": FORMAT_ID},
        "game": {"enum": list(GAMES)},
        "options": {"type": "object"},
        "players": {"type": "array", "items": {"type": "string", "minLength": 1},
                    "uniqueItems": True},
        "ages": {"type": "object", "additionalProperties": {**_INTEGER, "minimum": 0}},
        "meta": {"type": "object"},
        "events": {"type": "array"},
        "result": _class_schema(Result),
        "expect": _class_schema(_Expect),
    }
    assert set(properties) == set(ENVELOPE_KEYS)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "cardcore transcript, format 1",
        "type": "object",
        "properties": properties,
        "required": list(REQUIRED_KEYS),
        "additionalProperties": False,
        "allOf": branches,
    }
