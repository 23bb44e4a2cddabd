"""Structuring well-formed JSON without cattrs: the loader's fast path.

:func:`cardcore.replay.convert.structure` (cattrs, with detailed validation)
explains every mistake at its path, and pays for that on every value: loading a
long transcript that way cost more than replaying it, and importing cattrs is
a good part of the start-up of ``cardcore validate ONE_FILE``. Most files have
no mistake at all, so :func:`build` builds the very same values directly from
the parsed JSON, and at the first doubt raises :class:`Unsure`: it never says
what is wrong, only that the full loader must be asked (which then finds every
problem and words it as it always has). A value :func:`build` returns is equal
to what ``structure`` returns for it; tests/test_direct.py holds it to that.

"Well-formed" is deliberately narrower than what ``structure`` accepts: JSON's
own types (``type(value) is int``: never ``True`` for the card 1), a card in a
notation the kernel's parser accepts, whole numbers within the transcript's
range (:data:`~cardcore.replay.problems.MAX_INTEGER`: one comparison each),
scores as whole numbers (a fraction ``"23/3"`` goes the long way). Anything
else, including an annotation this module does not know, is :class:`Unsure`.

The cost that remains is Python's per value, so the builders are shaped by it
(CPython 3.11): they are made once per annotation and kept; a card already seen
is a dictionary lookup; lists and objects of scalars are built in one loop; and
an event class whose ``__init__`` only stores its fields (and checks and
freezes them, :mod:`cardcore.eventfields`: done here already, for the values
read) is built by a function written out for it (:func:`_filler`) that fills
the slots of a new object.
"""

from __future__ import annotations

import functools
import linecache
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cardcore.errors import CardcoreError
from cardcore.frozen import FrozenMap
from cardcore.protocol import Event
from cardcore.replay.leaves import LEAVES, Leaf

__all__ = ["Unsure", "build", "builder", "event_builder"]

Build = Callable[[Any], Any]
"""Builds one value from JSON, or raises :class:`Unsure`."""


class Unsure(Exception):
    """Not plainly well-formed: the full loader must judge this value."""


class _Leaf:
    """A scalar: :attr:`one` builds one value, :attr:`sequence` and :attr:`mapping`
    a JSON list or object of them (a hand of cards, the chips by player), each
    a closure made for the leaf's kind of value.

    ``table`` (None: a value of ``kinds`` is its own result) maps each value
    already read to its result, so that a card is parsed once per process;
    ``parse`` is the kernel's own parser, which makes the result of a value not
    yet there or raises ValueError, so the table holds nothing but spellings
    the kernel accepts: a bounded set for a card; a bid's rank or suit is read
    whatever it writes (the rules judge it), so a table stops learning at
    :data:`LEARNED` values and converts the rest each time. A value is looked
    up only if it is of ``kinds``: the number ``1`` is a key, and ``True == 1``,
    ``1.0 == 1``. A table of strings alone needs no such test: nothing else
    equals a string (a string subclass reads as the string it equals).

    ``bound`` (whole numbers only, with no table): a value is its own result only
    if it lies from ``-bound`` to ``bound``.
    """

    def __init__(self, kinds: frozenset[type], parse: Callable[[Any], Any] | None = None,
                 bound: int | None = None) -> None:
        assert bound is None or (parse is None and kinds == {int})
        self.kinds = kinds
        self.table: dict[Any, Any] | None = None if parse is None else {}
        self.parse = parse
        self.bound = bound
        self.by_text = self.table is not None and kinds == {str}
        self.one = self._make_one()
        self.sequence = self._make_sequence()
        self.mapping = self._make_mapping()

    def _make_one(self) -> Build:
        kinds, table, bound = self.kinds, self.table, self.bound
        if bound is not None:
            low = -bound

            def bounded(value: Any) -> Any:
                if type(value) not in kinds or not low <= value <= bound:
                    raise Unsure
                return value

            return bounded
        if table is None:
            def same(value: Any) -> Any:
                if type(value) not in kinds:
                    raise Unsure
                return value

            return same

        def looked_up(value: Any) -> Any:
            if type(value) not in kinds:
                raise Unsure
            found = table.get(value, _MISSING)
            return self._learn(value) if found is _MISSING else found

        return looked_up

    def _learn(self, value: Any) -> Any:
        assert self.table is not None and self.parse is not None
        try:
            result = self.parse(value)
        except (ValueError, TypeError):
            raise Unsure from None
        if len(self.table) < LEARNED:
            self.table[value] = result
        return result

    def _make_sequence(self) -> Callable[[Any], tuple[Any, ...]]:
        """The builder of a JSON list of these scalars, as a tuple."""
        kinds, table, one = self.kinds, self.table, self.one
        if table is not None and self.by_text:
            look = table.__getitem__

            def texts(value: Any) -> tuple[Any, ...]:
                if type(value) is not list:
                    raise Unsure
                try:
                    return tuple(map(look, value))  # the loop in C
                except (KeyError, TypeError):  # a spelling not read yet, or not a string
                    return tuple([one(item) for item in value])

            return texts
        if table is not None:
            def looked_up(value: Any) -> tuple[Any, ...]:
                if type(value) is not list:
                    raise Unsure
                found = []
                for item in value:  # a loop, not a comprehension: cheaper for a few items
                    if type(item) not in kinds:
                        raise Unsure
                    found.append(table[item] if item in table else one(item))
                return tuple(found)

            return looked_up

        if self.bound is not None:
            low, high = -self.bound, self.bound

            def bounded(value: Any) -> tuple[Any, ...]:
                if type(value) is not list:
                    raise Unsure
                for item in value:
                    if type(item) not in kinds or not low <= item <= high:
                        raise Unsure
                return tuple(value)

            return bounded

        def same(value: Any) -> tuple[Any, ...]:
            if type(value) is not list:
                raise Unsure
            for item in value:
                if type(item) not in kinds:
                    raise Unsure
            return tuple(value)

        return same

    def _make_mapping(self) -> Callable[[Any], dict[str, Any]]:
        """The builder of a JSON object of these scalars, as a new dict."""
        kinds, table, one = self.kinds, self.table, self.one
        if table is not None:
            def looked_up(value: Any) -> dict[str, Any]:
                if type(value) is not dict:
                    raise Unsure
                found = {}
                for key, item in value.items():
                    if type(item) not in kinds:
                        raise Unsure
                    found[key] = table[item] if item in table else one(item)
                return FrozenMap(found)

            return looked_up

        if self.bound is not None:
            low, high = -self.bound, self.bound

            def bounded(value: Any) -> dict[str, Any]:
                if type(value) is not dict:
                    raise Unsure
                for item in value.values():
                    if type(item) not in kinds or not low <= item <= high:
                        raise Unsure
                return FrozenMap(value)

            return bounded

        def same(value: Any) -> dict[str, Any]:
            if type(value) is not dict:
                raise Unsure
            for item in value.values():
                if type(item) not in kinds:
                    raise Unsure
            return FrozenMap(value)

        return same


LEARNED = 4096
"""Values a leaf's table keeps (:class:`_Leaf`): every spelling of every card many
times over, and a bound on what a file of made-up ranks can add to a process."""


Part = Build | _Leaf
"""What an annotation is built by (:func:`_part`)."""


def _one(part: Part) -> Build:
    """The builder of one value by ``part``."""
    return part.one if isinstance(part, _Leaf) else part


def _leaf(leaf: Leaf) -> _Leaf:
    """The fast reading of one of the leaves both loaders share: a value of its
    kinds is its own result (within its bound), or the result of the shared
    conversion, kept by value."""
    if not leaf.remembered:
        return _Leaf(leaf.kinds, bound=leaf.bound)
    convert, annotation = leaf.convert, leaf.annotation
    return _Leaf(leaf.kinds, lambda value: convert(value, annotation))


_LEAVES: dict[Any, _Leaf] = {leaf.annotation: _leaf(leaf) for leaf in LEAVES}
"""The leaves of :data:`cardcore.replay.leaves.LEAVES`, by their exact annotation."""


def _sequence(inner: Part) -> Build:
    if isinstance(inner, _Leaf):
        return inner.sequence
    one = _one(inner)

    def sequence(value: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise Unsure
        return tuple([one(item) for item in value])

    return sequence


def _mapping(inner: Part) -> Build:
    if isinstance(inner, _Leaf):
        return inner.mapping
    one = _one(inner)

    def mapping(value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise Unsure
        return FrozenMap({key: one(item) for key, item in value.items()})

    return mapping


def _unsure(value: Any) -> Any:
    raise Unsure


@functools.cache
def _part(annotation: Any) -> Part:
    """What builds values of one annotation, as convert.py's hooks read it."""
    leaf = _LEAVES.get(annotation)
    if leaf is not None:
        return leaf
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        # X | None is read as X: None is the default of a key left out; a null
        # given is refused, as convert.py refuses it (the full loader words it)
        return _part(args[0] if args[1] is type(None) else args[1])
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


def build(value: Any, annotation: Any) -> Any:
    """What ``convert.structure(value, annotation)`` returns, if ``value`` is plainly
    well-formed; else :class:`Unsure`."""
    return builder(annotation)(value)


def event_builder(cls: type[Any], *, written_out: bool = True) -> Build:
    """The builder of an event object as a transcript writes it, ``type`` included
    (the caller has looked the class up by it); ``written_out``: the one written
    out for the class (:func:`_filler`), where it has a plain ``__init__``."""
    key = (cls, written_out)
    found = _EVENT_BUILDERS.get(key)
    if found is None:
        if written_out and _plain_init(cls, attrs.fields(cls)):
            found = _filler(cls, _plan(cls), "type")
        else:
            found = _attrs_builder(cls, ignore="type")
        _EVENT_BUILDERS[key] = found
    return found


_EVENT_BUILDERS: dict[tuple[type[Any], bool], Build] = {}

WRITE_OUT_AFTER = 2000
"""Events a process reads before its event builders are written out: writing
one out (compiling it) costs as much as some 500 events built the plain way,
so that ``validate ONE_FILE`` is not slowed by builders it would hardly use."""

_events_read = 0


class _Builders(dict[str, Build]):
    """A game's event builders by ``type``, each made when first asked for."""

    def __init__(self, event_types: Mapping[str, type[Any]], written_out: bool) -> None:
        super().__init__()
        self.event_types = event_types
        self.written_out = written_out

    def __missing__(self, kind: str) -> Build:
        found = self[kind] = event_builder(self.event_types[kind],  # KeyError: no such event
                                           written_out=self.written_out)
        return found


def event_builders(event_types: Mapping[str, type[Any]], events: int) -> Mapping[str, Build]:
    """The builders of a game's events (``event_types``: by type) for reading
    ``events`` more; written out once the process has read :data:`WRITE_OUT_AFTER`."""
    global _events_read
    _events_read += events
    written_out = _events_read > WRITE_OUT_AFTER
    key = (id(event_types), written_out)
    found = _BUILDERS.get(key)
    if found is None or found.event_types is not event_types:
        found = _BUILDERS[key] = _Builders(event_types, written_out)
    return found


_BUILDERS: dict[tuple[int, bool], _Builders] = {}

_MISSING = object()


def _annotation(cls: type, name: str) -> Any:
    """The annotation of field ``name`` of ``cls``, evaluated as
    :func:`typing.get_type_hints` evaluates it, in the class that declares it.

    get_type_hints compiles every annotation string of every class in the MRO
    again at each call: for the events of one game, some 70 compilations and a
    good part of the start-up of ``validate``. Here each declared annotation is
    evaluated once (``note``, declared by Event, serves every event class).
    """
    for base in cls.__mro__:
        declared = vars(base).get("__annotations__", {})
        if name in declared:
            key = (base, name)
            if key not in _EVALUATED:
                _EVALUATED[key] = _evaluate(base, declared[name])
            return _EVALUATED[key]
    raise KeyError(name)


_EVALUATED: dict[tuple[type, str], Any] = {}


def _evaluate(base: type, annotation: object) -> Any:
    """An annotation of ``base`` as get_type_hints gives it: a string is evaluated
    with the names of the module first, then those of the class."""
    if annotation is None:
        return type(None)
    if not isinstance(annotation, str):
        return annotation
    module = sys.modules[base.__module__].__dict__
    return eval(_compiled(annotation), dict(vars(base)), module)  # as typing evaluates it


@functools.cache
def _compiled(annotation: str) -> types.CodeType:
    """An annotation's code, compiled once however many classes write it."""
    return compile(annotation, "<annotation>", "eval")


Plan = tuple[tuple[str, Part, Any], ...]
"""Per field of a class: its name, its part and its default (``_MISSING``: required)."""


def _plan(cls: type) -> Plan:
    """How to build each field of ``cls`` (an annotation that does not evaluate
    is :func:`_unsure`: cattrs decides)."""
    plan = []
    for field in attrs.fields(cls):
        try:
            part = _part(_annotation(cls, field.name))
        except Exception:
            part = _unsure
        plan.append((field.name, part,
                     _MISSING if field.default is attrs.NOTHING else field.default))
    return tuple(plan)


def _attrs_builder(cls: type, *, ignore: str | None) -> Build:
    """The builder of an attrs class from a JSON object (keys as its fields;
    ``ignore``: one more key that may be there, an event's ``type``)."""
    fields = attrs.fields(cls)
    plan = _plan(cls)
    if _plain_init(cls, fields):
        return _slot_filler(cls, plan, ignore)
    allowed = frozenset({name for name, _, _ in plan} | ({ignore} if ignore else set()))
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


def _plain_init(cls: type, fields: Sequence[attrs.Attribute[Any]]) -> bool:
    """``cls.__init__`` does nothing but store its arguments in the slots: it is
    attrs' own, with no validator, converter, factory or hook, and the fields
    are all the slots there are. Anything else is built by calling the class."""
    code = getattr(getattr(cls, "__init__", None), "__code__", None)
    if code is None or not code.co_filename.startswith("<attrs generated"):
        return False
    if any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_init__")):
        return False
    if getattr(cls, "__attrs_post_init__", _checks_fields) is not _checks_fields:
        return False
    slots = {name for klass in cls.__mro__ for name in vars(klass).get("__slots__", ())}
    slots.discard("__weakref__")
    return slots == {field.name for field in fields} and all(
        field.init and field.alias == field.name and field.validator is None
        and field.converter is None and _no_hook(field.on_setattr)
        and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        for field in fields)


_checks_fields = Event.__attrs_post_init__
"""Every event's own hook: it checks and freezes the fields
(:mod:`cardcore.eventfields`), which the builders here have done already."""


def _no_hook(on_setattr: object) -> bool:
    return on_setattr is None or on_setattr is attrs.setters.NO_OP


def _slot_filler(cls: type, plan: Plan, ignore: str | None) -> Build:
    """A builder for a class with a plain ``__init__`` (:func:`_plain_init`): a new
    object whose slots are stored one by one, without calling ``__init__``
    (:func:`_filler` is the same, written out for the class)."""
    new = object.__new__
    setters = tuple((getattr(cls, name).__set__, name, _one(part), default)
                    for name, part, default in plan)

    def filled(value: Any) -> Any:
        if type(value) is not dict:
            raise Unsure
        made: Any = new(cls)
        given = 1 if ignore is not None and ignore in value else 0
        for store, name, one, default in setters:
            item = value.get(name, _MISSING)
            if item is not _MISSING:
                given += 1
                store(made, one(item))
            elif default is not _MISSING:
                store(made, default)
            else:
                raise Unsure
        if given != len(value):  # a key that is no field
            raise Unsure
        return made

    return filled


_FILLER = """\
def fill(value):
    if type(value) is not dict:
        raise Unsure
{reads}{lookup}    made = new(cls)
    given = {ignored}
{fields}    if given != len(value):
        raise Unsure
{remember}    return made
"""
"""The source of a plain class's builder (:func:`_filler`). ``given`` counts the
keys that are fields (and the ignored one): any other key leaves it short."""

_READ = """\
    item_{i} = value.get({name!r}, MISSING)
"""

_FIELD = """\
    if item_{i} is MISSING:
        {absent}
    else:
        given += 1
        store_{i}(made, {built})
"""
"""One field: absent, its default (or Unsure); given, built and stored in its slot."""

_LOOKUP = """\
    key = {key}
    try:
        made = known.get(key)
    except TypeError:  # a list or an object where a scalar belongs
        raise Unsure from None
    if made is not None:
        return made
"""
_REMEMBER = """\
    if key is not None and len(known) < KNOWN:
        known[key] = made
"""
"""An event read before is the object built then (:func:`_filler`)."""

KNOWN = 4096
"""Events kept per class for reading again (a table's names times its cards)."""


def _expression(part: Part, item: str, i: int, names: dict[str, Any]) -> str:
    """The Python expression that builds the value ``item`` by ``part`` in the
    filler (the names it uses go into ``names``): what is plainly right inline,
    the rest, a card not read yet or anything wrong, by the part's builder."""
    names[f"build_{i}"] = _one(part)
    if not isinstance(part, _Leaf):
        return f"build_{i}({item})"
    if len(part.kinds) == 1:
        (names[f"kind_{i}"],) = part.kinds
        kind_test = f"type({item}) is kind_{i}"
    else:
        names[f"kinds_{i}"] = part.kinds
        kind_test = f"type({item}) in kinds_{i}"
    if part.bound is not None:  # the bound written as literals: constants of the code
        return (f"{item} if {kind_test} and {-part.bound} <= {item} <= {part.bound} "
                f"else build_{i}({item})")
    if part.table is None:
        return f"{item} if {kind_test} else build_{i}({item})"
    names[f"table_{i}"] = part.table
    return f"table_{i}[{item}] if {kind_test} and {item} in table_{i} else build_{i}({item})"


def _key(plan: Plan, ignored: str) -> str | None:
    """The expression of the key under which an event is remembered, or None
    when its class cannot be: the number of keys, the ignored key's presence,
    and every field's value as given (the absent marker, or None), with its
    type unless it is a string (``1``, ``1.0`` and ``True`` are equal keys).
    A list or an object in an optional field (a bid's ``ranks``) makes the key
    None: that event is built, not remembered."""
    parts = ["len(value)", ignored]
    unkeyed = []
    for i, (_, part, default) in enumerate(plan):
        if isinstance(part, _Leaf):
            parts.append(f"item_{i}" if part.kinds == {str} else f"item_{i}, type(item_{i})")
        elif default is not _MISSING:
            parts.append(f"item_{i}")
            unkeyed.append(f"item_{i} is MISSING")
        else:
            return None  # a required list or object: no event of it is remembered
    key = f"({', '.join(parts)})"
    return f"{key} if {' and '.join(unkeyed)} else None" if unkeyed else key


def _filler(cls: type, plan: Plan, ignore: str | None) -> Build:
    """A builder for a class with a plain ``__init__`` (:func:`_plain_init`): a new
    object whose slots are stored one by one, without calling ``__init__``;
    where the class's fields allow, an event given again is the one built the
    first time (an equal frozen value; the game sees only values).

    Written out per class, so that an event costs its fields and nothing else:
    a loop over the fields, a call per scalar and the call of ``__init__``
    with its keywords are most of what a small event costs otherwise.
    """
    names: dict[str, Any] = {"new": object.__new__, "cls": cls, "MISSING": _MISSING,
                             "Unsure": Unsure, "known": {}, "KNOWN": KNOWN}
    reads, fields = [], []
    for i, (name, part, default) in enumerate(plan):
        names[f"store_{i}"] = getattr(cls, name).__set__
        names[f"default_{i}"] = default
        absent = "raise Unsure" if default is _MISSING else f"store_{i}(made, default_{i})"
        reads.append(_READ.format(i=i, name=name))
        fields.append(_FIELD.format(i=i, absent=absent,
                                    built=_expression(part, f"item_{i}", i, names)))
    ignored = f"({ignore!r} in value)" if ignore else "0"
    key = _key(plan, ignored)
    source = _FILLER.format(reads="".join(reads), ignored=ignored, fields="".join(fields),
                            lookup=_LOOKUP.format(key=key) if key else "",
                            remember=_REMEMBER if key else "")
    filename = f"<cardcore.replay.direct builder of {cls.__module__}.{cls.__qualname__}>"
    # a traceback through the builder shows its source, as attrs and cattrs do for theirs
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), names)
    fill: Build = names["fill"]
    return fill
