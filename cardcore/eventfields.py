"""An event's fields checked and frozen where the event is built.

A program builds events in Python; a wrong type there (``Pitch(card=4.0)``,
``Win(cards=["8D"])``, a string where a list of ranks belongs) used to travel
into the rules and fail deep inside them, or be accepted and saved as a file
the loader refuses. :func:`checked` reads each field's annotation once per
event class and checks every value against it when the event is built, so a
mistake raises :class:`~cardcore.errors.EventValueError` naming the event,
the field, what was given and what is allowed, before any rule is judged. It
also freezes the value: a mapping becomes a :class:`~cardcore.frozen.FrozenMap`
and a list a tuple, all the way down, so an event is immutable however it
was built.

The transcript loader's fast path (:mod:`cardcore.replay.direct`) builds
events from values it has checked and frozen itself, without calling
``__init__``, so a replay does not pay for this twice. The play layer does
the same with :func:`unchecked`: the events it offers and deals are made by
the rules' own code from values read off a state (names, cards, tuples,
:class:`~cardcore.frozen.FrozenMap`), which are right and frozen already, and
checking them again was a fifth to a quarter of a random player's game.
"""

from __future__ import annotations

import abc
import linecache
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from cardcore.cards import (
    PAIRS_HIGH,
    PAIRS_LOW,
    Card,
    PairsCard,
    RankText,
    SuitText,
    rank_text,
    suit_text,
)
from cardcore.errors import EventValueError, PathPart
from cardcore.exact import Number, is_fraction
from cardcore.frozen import FrozenMap, freeze
from cardcore.quoting import python_quoted, with_article

__all__ = ["checked", "unchecked"]


class _Wrong(Exception):
    """A value refused at ``path`` (inside the field), with what is allowed there."""

    def __init__(self, value: object, allowed: str, path: tuple[PathPart, ...] = ()) -> None:
        super().__init__()
        self.value = value
        self.allowed = allowed
        self.path = path


class _Field(abc.ABC):
    """What one annotation allows: :attr:`words` says it, calling one checks a
    value and returns it frozen, or raises :class:`_Wrong`."""

    words: str

    @abc.abstractmethod
    def __call__(self, value: Any) -> Any:
        """The value checked and frozen, or :class:`_Wrong`."""


class _Scalar(_Field):
    def __init__(self, test: Callable[[Any], bool], words: str) -> None:
        self.test = test
        self.words = words

    def __call__(self, value: Any) -> Any:
        if not self.test(value):
            raise _Wrong(value, self.words)
        return value


class _Spelled(_Field):
    """A string kept in its normal form (``spelled``: a bid's rank or suit in its
    canonical spelling, or the string as given when it writes none)."""

    words = "a string"  # any string: what is no rank or suit is the rules' to refuse

    def __init__(self, spelled: Callable[[str], str]) -> None:
        self.spelled = spelled

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise _Wrong(value, self.words)
        return self.spelled(value)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pairs_card(value: object) -> bool:
    return _whole(value) and PAIRS_LOW <= value <= PAIRS_HIGH  # type: ignore[operator]


_STRING = _Scalar(lambda value: isinstance(value, str), "a string")
_LEAVES: dict[Any, _Field] = {
    str: _STRING,
    RankText: _Spelled(rank_text),
    SuitText: _Spelled(suit_text),
    int: _Scalar(_whole, "a whole number"),
    bool: _Scalar(lambda value: isinstance(value, bool), "True or False"),
    Number: _Scalar(lambda value: _whole(value) or is_fraction(value),
                    "a whole number or a Fraction"),
    PairsCard: _Scalar(_pairs_card, f"a Pairs card: an integer from {PAIRS_LOW} to "
                       f"{PAIRS_HIGH} (PairsCard(7))"),
    Card: _Scalar(lambda value: isinstance(value, Card),
                  "a Card, like Card.parse('AS') (a string is the card's notation, not the card)"),
}


class _Optional(_Field):
    def __init__(self, inner: _Field, card: bool) -> None:
        self.inner = inner
        self.words = inner.words + (", or None for a card the record does not know" if card
                                    else ", or None")

    def __call__(self, value: Any) -> Any:
        if value is None:
            return None
        try:
            return self.inner(value)
        except _Wrong as wrong:
            if not wrong.path:
                wrong.allowed = self.words
            raise


class _Mapping(_Field):
    """Player names to values (every mapping an event holds is keyed by names)."""

    def __init__(self, inner: _Field) -> None:
        self.inner = inner
        self.words = f"a mapping of player names to values that are each {inner.words}"

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, Mapping):
            raise _Wrong(value, self.words)
        inner = self.inner
        frozen = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise _Wrong(key, "a player's name (a string)", (key,))
            try:
                frozen[key] = inner(item)
            except _Wrong as wrong:
                wrong.path = (key, *wrong.path)
                raise
        return FrozenMap(frozen)


class _Sequence(_Field):
    """A list or tuple (never a string, which is a sequence of characters)."""

    def __init__(self, inner: _Field) -> None:
        self.inner = inner
        self.words = f"a list or tuple of values that are each {inner.words}"

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, Sequence) or isinstance(value, (str, bytes, bytearray)):
            raise _Wrong(value, self.words)
        inner = self.inner
        frozen = []
        for index, item in enumerate(value):
            try:
                frozen.append(inner(item))
            except _Wrong as wrong:
                wrong.path = (index, *wrong.path)
                raise
        return tuple(frozen)


class _AnyValue(_Field):
    words = "any value"

    def __call__(self, value: Any) -> Any:
        return freeze(value)


def _field(annotation: Any) -> _Field:
    """What ``annotation`` (as ``typing.get_type_hints`` resolves it) allows."""
    leaf = _LEAVES.get(annotation)
    if leaf is not None:
        return leaf
    if annotation is Any:
        return _AnyValue()
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if type(None) in args and len(args) == 2:
        inner = args[0] if args[1] is type(None) else args[1]
        return _Optional(_field(inner), card=inner in (PairsCard, Card))
    if origin in (Mapping, dict) and len(args) == 2:
        return _Mapping(_field(args[1]))
    if origin in (Sequence, list) and len(args) == 1:
        return _Sequence(_field(args[0]))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _Sequence(_field(args[0]))
    raise TypeError(f"an event field annotated {annotation!r} cannot be checked: "
                    "cardcore.eventfields knows strings, whole numbers, cards, and "
                    "optional values, mappings and sequences of them")


_PLANS: dict[type, tuple[tuple[str, _Field], ...]] = {}
"""Per event class, each field's name and what it allows (read on first use)."""


def _plan(cls: type) -> tuple[tuple[str, _Field], ...]:
    hints = typing.get_type_hints(cls)
    plan = tuple((field.name, _field(hints[field.name])) for field in attrs.fields(cls))
    _PLANS[cls] = plan
    return plan


def _shown(value: object) -> str:
    """A wrong value as the message quotes it, with its Python type: as Python
    writes it (``True``, ``None``), since a program built the event (a
    transcript's values are judged by the loader, in its file's JSON words)."""
    if isinstance(value, type):
        return f"the class {value.__qualname__}"
    kind = "string" if isinstance(value, str) else type(value).__name__
    return f"{python_quoted(value)} ({with_article(kind)})"


def checked(event: object) -> None:
    """Check every field of ``event`` (an attrs event, just built) and store it
    frozen; raise :class:`EventValueError` for the first that is wrong."""
    cls = type(event)
    plan = _PLANS.get(cls) or _plan(cls)
    store = object.__setattr__
    for name, field in plan:
        value = getattr(event, name)
        try:
            frozen = field(value)
        except _Wrong as wrong:
            allowed = wrong.allowed if wrong.path else field.words
            raise EventValueError(cls.__name__, (name, *wrong.path), _shown(wrong.value),
                                  allowed) from None
        if frozen is not value:
            store(event, name, frozen)


E = TypeVar("E")

_UNCHECKED: dict[type, Callable[..., Any]] = {}

_MAKER = """\
def make(*, {parameters}):
    made = new(cls)
{stores}    return made
"""
"""The source of :func:`unchecked`'s constructor: the class's keywords, each
stored in its slot (the slot's own setter: a frozen class refuses
``setattr``)."""


def unchecked(cls: type[E]) -> Callable[..., E]:
    """The constructor of the event class ``cls`` that skips the field checks: the
    same keywords and defaults as ``cls(...)``, the values stored as given.

    Only for values that are right and frozen already (a tuple, not a list; a
    :class:`~cardcore.frozen.FrozenMap`, not a dict): the rules' own code that
    builds events from what it read off a state (the play layer's offers and
    the dealer's events; their tests hold every one of them equal to, and of
    the same types as, the event the checking constructor makes). A program's
    events go through ``cls(...)``.

    >>> from cardcore.games.goblin import Pitch
    >>> pitch = unchecked(Pitch)
    >>> pitch(player="Aki", card=4) == Pitch(player="Aki", card=4)
    True
    >>> pitch(player="Aki", card=4).note is None
    True
    """
    found = _UNCHECKED.get(cls)
    if found is not None:
        return found
    names: dict[str, Any] = {"new": object.__new__, "cls": cls}
    parameters, stores = [], []
    for i, field in enumerate(attrs.fields(cls)):  # type: ignore[arg-type]  # an attrs event
        names[f"store_{i}"] = getattr(cls, field.name).__set__
        if field.default is attrs.NOTHING:
            parameters.append(field.name)
        else:
            names[f"default_{i}"] = field.default
            parameters.append(f"{field.name}=default_{i}")
        stores.append(f"    store_{i}(made, {field.name})\n")
    source = _MAKER.format(parameters=", ".join(parameters), stores="".join(stores))
    filename = f"<cardcore.eventfields unchecked {cls.__module__}.{cls.__qualname__}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), names)
    made: Callable[..., E] = names["make"]
    _UNCHECKED[cls] = made
    return made
