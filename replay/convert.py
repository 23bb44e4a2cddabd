"""cattrs structuring with strict leaves and located errors.

cattrs turns JSON values into the engine's frozen event and option classes.
Its default hooks coerce (``str(3)``, ``int("7")``); ours refuse instead, since
a transcript that says ``"7"`` where a Pairs card belongs is a mistake to
report, not to repair: the leaves' hooks are :data:`cardcore.replay.leaves.LEAVES`,
the table the fast loader reads too. Errors come back as (path, message) pairs;
the caller turns the path into a JSON pointer.

Only the errors that bad input causes become messages: a hook's ``ValueError``
(every cardcore error is one), a missing or unknown key. Anything else is a bug
and propagates, so that it is reported as one instead of as "invalid value".
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from cardcore.frozen import FrozenMap
from cardcore.options import OptionsError
from cardcore.quoting import quoted
from cardcore.replay.errors import StructureFailure
from cardcore.replay.leaves import LEAVES
from cardcore.replay.problems import describe_value
from cardcore.table import closest, likely

__all__ = ["StructureFailure", "converter", "describe_value", "structure"]

PathPart = str | int


BAD_INPUT = (ValueError, KeyError, BaseValidationError, ForbiddenExtraKeysError)
"""What structuring raises for input that does not fit (cardcore errors are
ValueErrors); anything else is a bug."""


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
            failures.extend(((key, *path), message) for path, message in _failures(error, item))
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
            failures.extend(((index, *path), message)
                            for path, message in _failures(error, item))
    if failures:
        raise StructureFailure(failures)
    return tuple(result)


def _is_mapping(type_: Any) -> bool:
    return typing.get_origin(type_) in (Mapping, dict, typing.Mapping)


def _is_sequence(type_: Any) -> bool:
    from collections.abc import Sequence

    return typing.get_origin(type_) in (Sequence, tuple, list, typing.Sequence)


_LEAF_ANNOTATIONS = frozenset(leaf.annotation for leaf in LEAVES)


def _is_optional(type_: Any) -> bool:
    """``X | None`` that is not a leaf (a leaf such as ``Card | None`` reads null itself)."""
    return (typing.get_origin(type_) in (typing.Union, types.UnionType)
            and type(None) in typing.get_args(type_) and len(typing.get_args(type_)) == 2
            and type_ not in _LEAF_ANNOTATIONS)


def _optional(value: object, type_: Any) -> Any:
    """``X | None`` read as X: the None is the field's default, for a key left
    out; a key given as null is refused in X's words ("expected a whole number,
    not null"), as the schema refuses it. A null that would mean "not given"
    makes a figure the user wrote (a blank spreadsheet cell) silently uncompared."""
    (inner,) = [arg for arg in typing.get_args(type_) if arg is not type(None)]
    return converter.structure(value, inner)


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    for leaf in LEAVES:  # the same conversions the fast loader uses (replay.leaves)
        conv.register_structure_hook(leaf.annotation, leaf.convert)
    conv.register_structure_hook_func(_is_optional, _optional)
    conv.register_structure_hook_func(_is_mapping, _mapping)
    conv.register_structure_hook_func(_is_sequence, _sequence)
    return conv


converter = _make_converter()


def _failures(error: BaseException, given: object = None
              ) -> Iterator[tuple[tuple[PathPart, ...], str]]:
    """Flatten a cattrs error (group) into (path, message) pairs. ``given``: the
    input the error's path starts from, to tell an unknown key that is a
    misspelt one of the keys left out (:func:`_meant`)."""
    step: tuple[PathPart, ...] = ()
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, AttributeValidationNote):
            step = (note.name,)
        elif isinstance(note, IterableValidationNote):
            step = (note.index,)
    here = _inside(given, step)
    if isinstance(error, StructureFailure):
        for path, message in error.failures:
            yield (*step, *path), message
    elif isinstance(error, ForbiddenExtraKeysError):
        allowed = sorted(a.name for a in attrs.fields(error.cl))
        absent = _absent(error.cl, here)
        for key in sorted(error.extra_fields):
            yield (*step, key), (f"unknown key {quoted(key)}: allowed here are "
                                 f"{', '.join(allowed)}{likely(key, absent)}")
    elif isinstance(getattr(error, "exceptions", None), tuple):  # an exception group
        subs: tuple[BaseException, ...] = error.exceptions  # type: ignore[attr-defined]
        meant = _meant(subs, here)
        for sub in subs:
            if isinstance(sub, KeyError) and _attribute(sub) in meant:
                continue  # said once, at the unknown key that misspells it
            for path, message in _failures(sub, here):
                yield (*step, *path), message
    elif isinstance(error, OptionsError) and error.option:
        yield (*step, error.option), str(error)
    elif isinstance(error, KeyError) and step:
        yield step, f"the key {quoted(step[-1])} is required"
    elif isinstance(error, ValueError):
        yield step, str(error)
    else:  # not bad input: a bug, reported as one by the caller
        raise error


def _inside(given: object, step: tuple[PathPart, ...]) -> object:
    """The part of ``given`` at ``step`` (a key or an index), or None where there is none."""
    if not step:
        return given
    (part,) = step
    if isinstance(given, dict) and isinstance(part, str):
        return given.get(part)
    if isinstance(given, list) and isinstance(part, int) and 0 <= part < len(given):
        return given[part]
    return None


def _absent(cls: type, given: object) -> tuple[str, ...]:
    """The keys ``cls`` allows that the object ``given`` leaves out: the ones an
    unknown key of it may be a misspelling of (one that is there is not misspelt)."""
    keys = given if isinstance(given, dict) else {}
    return tuple(a.name for a in attrs.fields(cls) if a.name not in keys)


def _attribute(error: BaseException) -> str | None:
    """The attribute a sub-error of a class's group is about, from cattrs' note."""
    names = [note.name for note in getattr(error, "__notes__", ())
             if isinstance(note, AttributeValidationNote)]
    return names[-1] if names else None


def _meant(subs: tuple[BaseException, ...], given: object) -> set[str]:
    """The required keys left out of the object ``given`` that one of its unknown
    keys misspells (``plyer`` for ``player``): its "key is required" is not said
    again, as if it were another mistake."""
    meant: set[str] = set()
    for sub in subs:
        if isinstance(sub, ForbiddenExtraKeysError):
            absent = _absent(sub.cl, given)
            meant.update(key for key in (closest(extra, absent) for extra in sub.extra_fields)
                         if key is not None)
    return meant


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
        raise StructureFailure(list(_failures(error, value))) from None
