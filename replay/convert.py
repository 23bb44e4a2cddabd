"""cattrs structuring with strict leaves and located errors.

cattrs turns JSON values into the engine's frozen event and option classes.
Its default hooks coerce (``str(3)``, ``int("7")``); ours refuse instead, since
a transcript that says ``"7"`` where a Pairs card belongs is a mistake to
report, not to repair. Errors come back as (path, message) pairs; the caller
turns the path into a JSON pointer.

Only the errors that bad input causes become messages: a hook's ``ValueError``
(every cardcore error is one), a missing or unknown key. Anything else is a bug
and propagates, so that it is reported as one instead of as "invalid value".
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from cardcore.cards import UNKNOWN as UNKNOWN_CARD
from cardcore.cards import Card, CardNotationError, PairsCard, parse_card, parse_pairs_card
from cardcore.errors import CardcoreError
from cardcore.frozen import FrozenMap
from cardcore.options import OptionsError
from cardcore.replay.problems import MAX_INTEGER, describe_value, out_of_range, pointer

__all__ = ["StructureFailure", "converter", "describe_value", "structure"]

PathPart = str | int


class StructureFailure(CardcoreError):
    """Located messages for everything that did not fit.

    >>> str(StructureFailure([(("rounds",), "option 'rounds' must be from 1 to 5, not 9")]))
    "/rounds: option 'rounds' must be from 1 to 5, not 9"
    """

    def __init__(self, failures: list[tuple[tuple[PathPart, ...], str]]) -> None:
        self.failures = failures
        super().__init__("; ".join(f"{pointer(*path)}: {message}" if path else message
                                   for path, message in failures))


BAD_INPUT = (ValueError, KeyError, BaseValidationError, ForbiddenExtraKeysError)
"""What structuring raises for input that does not fit (cardcore errors are
ValueErrors); anything else is a bug."""


def _string(value: object, _: type) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, not {describe_value(value)}")
    return value


def _integer(value: object, _: type) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, not {describe_value(value)}")
    if not -MAX_INTEGER <= value <= MAX_INTEGER:
        raise ValueError(out_of_range(value))
    return value


def _boolean(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {describe_value(value)}")
    return value


def _pairs_card(value: object, _: type) -> PairsCard | None:
    if value == UNKNOWN_CARD:
        return None
    return parse_pairs_card(value)


def _standard_card(value: object, _: type) -> Card | None:
    if value == UNKNOWN_CARD:
        return None
    if not isinstance(value, str):
        raise CardNotationError(
            f"{describe_value(value)} is not a card: cards are strings like \"AS\" or \"10H\""
        )
    return parse_card(value)


_FRACTION = re.compile(r"(-?)([0-9]+)/([0-9]+)")
"""A fraction of points as written, ``"23/3"``: ASCII digits, as the schema says."""


def _whole(digits: str) -> int | None:
    """The whole number written ``digits``, or None beyond :data:`MAX_INTEGER`
    (counted before it is converted: Python refuses to convert very long ones,
    leading zeros included)."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(MAX_INTEGER)) or int(digits) > MAX_INTEGER:
        return None
    return int(digits)


def _score(value: object, _: type) -> int | Fraction:
    """Points: a whole number, or an exact fraction written as a string ``"23/3"``
    (its top and bottom each within the range of a transcript's numbers)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _integer(value, int)
    found = _FRACTION.fullmatch(value) if isinstance(value, str) else None
    if found is not None:
        sign, top, bottom = found[1], _whole(found[2]), _whole(found[3])
        if top is None or bottom is None:
            raise ValueError(f"{describe_value(value)} is out of range: a fraction of points "
                             f"has a top and a bottom of at most {MAX_INTEGER}")
        if bottom > 0:
            return Fraction(-top if sign else top, bottom)
    raise ValueError(
        f"expected points as a whole number or a fraction like \"23/3\", not {describe_value(value)}"
    )


@functools.cache
def _item_hook(type_: Any) -> Callable[[object], Any]:
    """The structuring of one entry type, looked up once per type rather than
    once per card: a long transcript holds tens of thousands of them."""
    hook = converter.get_structure_hook(type_)
    if not attrs.has(type_):
        return lambda value: hook(value, type_)

    def structured(value: object) -> Any:
        if not isinstance(value, dict):
            raise ValueError(f"expected an object, not {describe_value(value)}")
        return hook(value, type_)

    return structured


def _mapping(value: object, type_: Any) -> FrozenMap[str, Any]:
    """A JSON object as a read-only mapping (events and transcripts are
    immutable all the way down; the fast loader builds the same)."""
    if not isinstance(value, dict):
        raise ValueError(f"expected an object, not {describe_value(value)}")
    _, item_type = typing.get_args(type_) or (str, Any)
    item_hook = _item_hook(item_type)
    result: dict[str, Any] = {}
    failures: list[tuple[tuple[PathPart, ...], str]] = []
    for key, item in value.items():
        try:
            result[key] = item_hook(item)
        except BAD_INPUT as error:
            failures.extend(((key, *path), message) for path, message in _failures(error))
    if failures:
        raise StructureFailure(failures)
    return FrozenMap(result)


def _sequence(value: object, type_: Any) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, not {describe_value(value)}")
    args = typing.get_args(type_)
    item_hook = _item_hook(args[0] if args else Any)
    result = []
    failures: list[tuple[tuple[PathPart, ...], str]] = []
    for index, item in enumerate(value):
        try:
            result.append(item_hook(item))
        except BAD_INPUT as error:
            failures.extend(((index, *path), message) for path, message in _failures(error))
    if failures:
        raise StructureFailure(failures)
    return tuple(result)


def _is_mapping(type_: Any) -> bool:
    return typing.get_origin(type_) in (Mapping, dict, typing.Mapping)


def _is_sequence(type_: Any) -> bool:
    from collections.abc import Sequence

    return typing.get_origin(type_) in (Sequence, tuple, list, typing.Sequence)


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(str, _string)
    conv.register_structure_hook(int, _integer)
    conv.register_structure_hook(bool, _boolean)
    conv.register_structure_hook(PairsCard | None, _pairs_card)
    conv.register_structure_hook(Card | None, _standard_card)
    conv.register_structure_hook(int | Fraction, _score)
    conv.register_structure_hook_func(_is_mapping, _mapping)
    conv.register_structure_hook_func(_is_sequence, _sequence)
    return conv


converter = _make_converter()


def _failures(error: BaseException) -> Iterator[tuple[tuple[PathPart, ...], str]]:
    """Flatten a cattrs error (group) into (path, message) pairs."""
    step: tuple[PathPart, ...] = ()
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, AttributeValidationNote):
            step = (note.name,)
        elif isinstance(note, IterableValidationNote):
            step = (note.index,)
    if isinstance(error, StructureFailure):
        for path, message in error.failures:
            yield (*step, *path), message
    elif isinstance(error, ForbiddenExtraKeysError):
        allowed = ", ".join(sorted(a.name for a in attrs.fields(error.cl)))
        for key in sorted(error.extra_fields):
            yield (*step, key), f"unknown key {key!r}: allowed here are {allowed}"
    elif isinstance(getattr(error, "exceptions", None), tuple):  # an exception group
        for sub in error.exceptions:  # type: ignore[attr-defined]
            for path, message in _failures(sub):
                yield (*step, *path), message
    elif isinstance(error, OptionsError) and error.option:
        yield (*step, error.option), str(error)
    elif isinstance(error, KeyError) and step:
        yield step, f"the key {step[-1]!r} is required"
    elif isinstance(error, ValueError):
        yield step, str(error)
    else:  # not bad input: a bug, reported as one by the caller
        raise error


@functools.cache
def _has_defaults(cls: type) -> frozenset[str]:
    return frozenset(a.name for a in attrs.fields(cls) if a.default is not attrs.NOTHING)


def structure(value: object, cls: Any) -> Any:
    """Structure ``value`` into ``cls`` (an attrs class, or a type like ``Mapping[str, int]``);
    raise :class:`StructureFailure` with paths."""
    if attrs.has(cls) and not isinstance(value, dict):
        raise StructureFailure([((), f"expected an object, not {describe_value(value)}")])
    try:
        return converter.structure(value, cls)
    except OptionsError as error:
        raise StructureFailure([((error.option,) if error.option else (), str(error))]) from None
    except BAD_INPUT as error:
        raise StructureFailure(list(_failures(error))) from None
