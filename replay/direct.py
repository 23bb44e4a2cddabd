"""Structuring well-formed JSON without cattrs: the loader's fast path.

:func:`cardcore.replay.convert.structure` (cattrs, with detailed validation)
explains every mistake at its path, and pays for that on every value: loading a
long transcript that way costs more than replaying it, and importing cattrs is
a good part of the start-up of ``cardcore validate ONE_FILE``. Most files have
no mistake at all, so :func:`build` builds the very same values directly from
the parsed JSON, and at the first doubt raises :class:`Unsure`: it never says
what is wrong, only that the full loader must be asked (which then finds every
problem and words it as it always has). A value :func:`build` returns is equal
to what ``structure`` returns for it; tests/test_direct.py holds it to that.

"Well-formed" is deliberately narrower than what ``structure`` accepts: JSON's
own types only (``type(value) is str``, not a subclass), a card already in
canonical or lenient notation that the kernel's parser accepts, scores as whole
numbers (a fraction ``"23/3"`` goes the long way). Anything else, including an
annotation this module does not know, is :class:`Unsure`.

Builders are made once per annotation and kept (:func:`builder`). An event
class whose ``__init__`` is attrs' own and does nothing but store its fields
(no validator, converter or post-init hook) is filled through its slots
without calling ``__init__``: that call costs more than the rest of building a
small event, and the object is the same.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from cardcore.cards import UNKNOWN, Card, PairsCard, parse_card, parse_pairs_card
from cardcore.errors import CardcoreError

__all__ = ["Unsure", "build", "builder", "event_builder"]

Build = Callable[[Any], Any]
"""Builds one value from JSON, or raises :class:`Unsure`."""


class Unsure(Exception):
    """Not plainly well-formed: the full loader must judge this value."""


class _Leaf:
    """A scalar's builder (:attr:`one`) that also builds a list or an object of
    them (a hand of cards, the chips by player) in one comprehension, rather
    than with one call per value.

    ``table`` maps every value already seen to be good to its result (None: a
    value of ``kinds`` is its own result); only values of ``kinds`` are looked
    up, so that ``True`` is never taken for the card ``1``, nor ``1.0`` for it.
    ``parse`` makes the result of a value not yet in the table, or raises
    ValueError: the kernel's own card parser, so the table holds nothing but
    the spellings it accepts (a bounded set).
    """

    def __init__(self, kinds: frozenset[type], parse: Callable[[Any], Any] | None = None
                 ) -> None:
        self.kinds = kinds
        self.table: dict[Any, Any] | None = None if parse is None else {}
        self.parse = parse
        self.one = self._make_one()

    def _make_one(self) -> Build:
        kinds, table = self.kinds, self.table
        if table is None:
            def same(value: Any) -> Any:
                if type(value) not in kinds:
                    raise Unsure
                return value

            return same

        def looked_up(value: Any) -> Any:
            if type(value) not in kinds:
                raise Unsure
            try:
                return table[value]
            except KeyError:
                return self._learn(value)

        return looked_up

    def _learn(self, value: Any) -> Any:
        assert self.table is not None and self.parse is not None
        try:
            result = self.parse(value)
        except (ValueError, TypeError):
            raise Unsure from None
        self.table[value] = result
        return result

    def sequence(self, value: Any) -> tuple[Any, ...]:
        """The results of the JSON list ``value``, as a tuple."""
        if type(value) is not list:
            raise Unsure
        kinds, table = self.kinds, self.table
        if table is None:
            found = tuple([item for item in value if type(item) in kinds])
        else:
            try:
                found = tuple([table[item] for item in value if type(item) in kinds])
            except KeyError:  # a spelling not seen yet
                found = tuple([self.one(item) for item in value])
        if len(found) != len(value):  # an item of another type was left out
            raise Unsure
        return found

    def mapping(self, value: Any) -> dict[str, Any]:
        """The results of the JSON object ``value``, as a new dict."""
        if type(value) is not dict:
            raise Unsure
        kinds, table = self.kinds, self.table
        if table is None:
            found = {key: item for key, item in value.items() if type(item) in kinds}
        else:
            try:
                found = {key: table[item] for key, item in value.items() if type(item) in kinds}
            except KeyError:
                found = {key: self.one(item) for key, item in value.items()}
        if len(found) != len(value):
            raise Unsure
        return found


def _pairs_card(value: object) -> PairsCard | None:
    """convert._pairs_card's result for a value the kernel accepts."""
    return None if value == UNKNOWN else parse_pairs_card(value)


def _standard_card(value: object) -> Card | None:
    """convert._standard_card's result for a value the kernel accepts."""
    return None if value == UNKNOWN else parse_card(value)


_STRING = _Leaf(frozenset({str}))
_INTEGER = _Leaf(frozenset({int}))

_LEAVES: dict[Any, _Leaf] = {
    str: _STRING,
    int: _INTEGER,
    bool: _Leaf(frozenset({bool})),
    PairsCard | None: _Leaf(frozenset({int, str}), _pairs_card),
    Card | None: _Leaf(frozenset({str}), _standard_card),
    int | Fraction: _INTEGER,  # a fraction "23/3" is left to the full loader
}
"""The leaves convert.py registers hooks for (the exact annotations)."""

Part = Build | _Leaf
"""What :func:`builder` gives: a builder, or a leaf (whose ``one`` builds one value)."""


def _one(part: Part) -> Build:
    return part.one if isinstance(part, _Leaf) else part


def _optional(inner: Part) -> Build:
    one = _one(inner)

    def optional(value: Any) -> Any:
        return None if value is None else one(value)

    return optional


def _sequence(inner: Part) -> Build:
    if isinstance(inner, _Leaf):
        return inner.sequence

    def sequence(value: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise Unsure
        return tuple([inner(item) for item in value])

    return sequence


def _mapping(inner: Part) -> Build:
    if isinstance(inner, _Leaf):
        return inner.mapping

    def mapping(value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise Unsure
        return {key: inner(item) for key, item in value.items()}

    return mapping


def _unsure(value: Any) -> Any:
    raise Unsure


@functools.cache
def _part(annotation: Any) -> Part:
    """The builder (or leaf) of one annotation, as convert.py's hooks read it."""
    leaf = _LEAVES.get(annotation)
    if leaf is not None:
        return leaf
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return _optional(_part(args[0] if args[1] is type(None) else args[1]))
    if origin in (Mapping, dict) and len(args) == 2 and args[0] is str:
        return _mapping(_part(args[1]))
    if origin in (Sequence, list) and len(args) == 1:
        return _sequence(_part(args[0]))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _sequence(_part(args[0]))
    if isinstance(annotation, type) and attrs.has(annotation):
        return _attrs_builder(annotation, ignore=None)
    return _unsure  # not an annotation the loader's hooks are known to treat plainly


def builder(annotation: Any) -> Build:
    """The builder of one annotation (an option class, ``Mapping[str, int]``, ...)."""
    return _one(_part(annotation))


def event_builder(cls: type[Any]) -> Build:
    """The builder of an event object as a transcript writes it, ``type`` included
    (the caller has looked the class up by it)."""
    found = _EVENT_BUILDERS.get(cls)
    if found is None:
        found = _EVENT_BUILDERS[cls] = _attrs_builder(cls, ignore="type")
    return found


_EVENT_BUILDERS: dict[type[Any], Build] = {}


def _plain_init(cls: type, fields: Sequence[attrs.Attribute[Any]]) -> bool:
    """``cls.__init__`` does nothing but store its arguments in the slots: it is
    attrs' own, with no validator, converter, factory or hook, and the fields
    are all the slots there are. Anything else is built by calling the class."""
    code = getattr(getattr(cls, "__init__", None), "__code__", None)
    if code is None or not code.co_filename.startswith("<attrs generated"):
        return False
    if any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__",
                                           "__attrs_init__")):
        return False
    slots = {name for klass in cls.__mro__ for name in vars(klass).get("__slots__", ())}
    slots.discard("__weakref__")
    return slots == {field.name for field in fields} and all(
        field.init and field.alias == field.name and field.validator is None
        and field.converter is None and _no_hook(field.on_setattr)
        and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        for field in fields)


def _no_hook(on_setattr: object) -> bool:
    return on_setattr is None or on_setattr is attrs.setters.NO_OP


_MISSING = object()

_FILLER = """\
def fill(value):
    if type(value) is not dict or not allowed.issuperset(value):
        raise Unsure
    made = new(cls)
{fields}    return made
"""
"""The source of a plain class's builder (:func:`_filler`)."""

_FIELD = """\
    item = value.get({name!r}, MISSING)
    if item is MISSING:
        {absent}
    else:
        store_{index}(made, {made})
"""
"""One field of it: absent, its default or Unsure; given, built and stored in its slot."""


def _filler(cls: type, plan: Sequence[tuple[str, Part, Any]], allowed: frozenset[str]) -> Build:
    """A builder for a class with a plain ``__init__`` (:func:`_plain_init`): a new
    object whose slots are stored one by one, without calling ``__init__``.

    Written out per class, so that an event costs its fields and nothing else:
    the loop over fields, and the call of ``__init__``, are most of what a
    small event costs otherwise. A field of JSON's own type (a player's name)
    is only checked; any other is built by its part.
    """
    names: dict[str, Any] = {"allowed": allowed, "new": object.__new__, "cls": cls,
                             "MISSING": _MISSING, "Unsure": Unsure}
    fields = []
    for index, (name, part, default) in enumerate(plan):
        names[f"store_{index}"] = getattr(cls, name).__set__
        names[f"build_{index}"] = _one(part)
        names[f"default_{index}"] = default
        absent = "raise Unsure" if default is _MISSING else f"store_{index}(made, default_{index})"
        plain = isinstance(part, _Leaf) and part.table is None and len(part.kinds) == 1
        if plain:
            assert isinstance(part, _Leaf)
            (kind,) = part.kinds
            names[f"kind_{index}"] = kind
        made = f"item if type(item) is kind_{index} else build_{index}(item)" if plain else \
            f"build_{index}(item)"
        fields.append(_FIELD.format(name=name, absent=absent, index=index, made=made))
    code = compile(_FILLER.format(fields="".join(fields)),
                   f"<cardcore.replay.direct builder of {cls.__module__}.{cls.__qualname__}>",
                   "exec")
    exec(code, names)
    fill: Build = names["fill"]
    return fill


def _attrs_builder(cls: type, *, ignore: str | None) -> Build:
    """The builder of an attrs class from a JSON object (keys as its fields;
    ``ignore``: one more key that may be there, an event's ``type``)."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # an annotation that does not evaluate: cattrs decides
        return _unsure
    fields = attrs.fields(cls)
    plan = tuple((field.name, _part(hints[field.name]),
                  _MISSING if field.default is attrs.NOTHING else field.default)
                 for field in fields)
    allowed = frozenset({name for name, _, _ in plan} | ({ignore} if ignore else set()))
    if _plain_init(cls, fields):
        return _filler(cls, plan, allowed)
    parts = tuple((name, _one(part), default) for name, part, default in plan)

    def initialised(value: Any) -> Any:
        if type(value) is not dict or not allowed.issuperset(value):
            raise Unsure
        given = {}
        for name, one, default in parts:
            item = value.get(name, _MISSING)
            if item is not _MISSING:
                given[name] = one(item)
            elif default is _MISSING:
                raise Unsure
        try:
            return cls(**given)
        except (CardcoreError, ValueError, TypeError):  # an option out of range, say
            raise Unsure from None

    return initialised


def build(value: Any, annotation: Any) -> Any:
    """What ``convert.structure(value, annotation)`` returns, if ``value`` is plainly
    well-formed; else :class:`Unsure`."""
    return builder(annotation)(value)
