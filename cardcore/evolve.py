"""A fast ``attrs.evolve`` for game states: the replay's inner loop.

``attrs.evolve`` re-runs ``__init__`` through every field (about 15 us for a
state of 25 fields); a state changes a few fields per event, thousands of times
per transcript. States are frozen attrs classes with ``slots=False`` and no
validators or converters, so a copy of the instance dict with the changes laid
over it, set as the new instance's dict (a frozen class refuses ``setattr``, so
through ``object.__setattr__``), is the same value, at a tenth of the cost.
"""

from __future__ import annotations

from typing import Any, TypeVar

from cardcore.working import WORKING, public_class

__all__ = ["evolve", "with_value"]

T = TypeVar("T")


def evolve(instance: T, **changes: Any) -> T:
    """A copy of ``instance`` with ``changes``; unknown field names are refused.

    >>> import attrs
    >>> @attrs.frozen(slots=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> evolve(Point(1, 2), y=5)
    Point(x=1, y=5)
    >>> evolve(Point(1, 2), z=5)
    Traceback (most recent call last):
    ...
    TypeError: Point has no field 'z'

    A working state (:mod:`cardcore.working`, the fold's private state) is
    changed in place and returned itself: inside a fold, nobody else sees it.
    """
    if type(instance) in WORKING:
        fields = instance.__dict__
        count = len(fields)
        fields.update(changes)
        if len(fields) != count:  # a name that is no field grew the dict
            unknown = [name for name in changes if name not in _public_fields(instance)]
            for name in unknown:
                del fields[name]
            raise TypeError(f"{type(instance).__name__} has no field {unknown[0]!r}")
        return instance
    fields = instance.__dict__.copy()
    count = len(fields)
    fields.update(changes)
    if len(fields) != count:  # a name that is no field grew the dict
        name = next(name for name in changes if name not in instance.__dict__)
        raise TypeError(f"{type(instance).__name__} has no field {name!r}")
    new = _new(type(instance))
    _set(new, "__dict__", fields)
    return new


_new = object.__new__
_set = object.__setattr__


def with_value(instance: T, field: str, value: Any) -> T:
    """A copy of ``instance`` with one known field replaced: :func:`evolve`
    without the keyword dict and the name check, for the kernel's own field
    (every state's ``account``, after an event's card moves).

    >>> import attrs
    >>> @attrs.frozen(slots=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> with_value(Point(1, 2), "y", 5)
    Point(x=1, y=5)
    """
    if type(instance) in WORKING:
        instance.__dict__[field] = value
        return instance
    fields = instance.__dict__.copy()
    fields[field] = value
    new = _new(type(instance))
    _set(new, "__dict__", fields)
    return new


def _public_fields(working: Any) -> set[str]:
    """The field names of a working state's public class (for a refusal's words)."""
    import attrs

    return {field.name for field in attrs.fields(public_class(type(working)))}
