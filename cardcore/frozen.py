"""Read-only mappings, and values frozen all the way down.

States and events are immutable all the way down (docs/architecture.md,
"Immutable all the way down"): every container reachable from one is a tuple,
a frozenset or a :class:`FrozenMap`, so that no program can change a state or
an event in place, and no two states share anything that could change.

:class:`FrozenMap` is a ``dict`` whose changing methods all raise. Being a
``dict`` keeps what the replay's inner loop relies on at C speed (``get``,
``in``, iteration, ``dict(frozen)`` for a working copy) and keeps it equal to
a plain dict of the same items; ``types.MappingProxyType`` would have done the
reading part, but it cannot be pickled or deep-copied.

The kernel's own code builds a new map by changing a private working copy and
freezing it (:class:`cardcore.zones.Draft`). ``dict.__setitem__(frozen, ...)``
or ``frozen.__init__(more)`` still change one, as ``object.__setattr__`` does a
frozen attrs class: what is promised is that no method a program calls on a
state or an event changes it, not that Python's own back doors are closed (a
guarded ``__init__`` made every map four times as slow to build).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeVar

__all__ = ["FrozenMap", "freeze"]

K = TypeVar("K")
V = TypeVar("V")


def _refuse(self: FrozenMap[Any, Any], *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(f"a {type(self).__name__} is read-only: states and events are "
                    "immutable (build a new value, e.g. with attrs.evolve)")


class FrozenMap(dict[K, V]):
    """A read-only dictionary: equal to the dict of its items, hashable when its
    values are, and picklable (unlike ``types.MappingProxyType``).

    >>> zones = FrozenMap({"the stock": 40})
    >>> zones["the stock"], zones == {"the stock": 40}
    (40, True)
    >>> zones["the stock"] = 39
    Traceback (most recent call last):
    ...
    TypeError: a FrozenMap is read-only: states and events are immutable (build a new value, e.g. with attrs.evolve)
    >>> import pickle
    >>> pickle.loads(pickle.dumps(zones)) == zones, type(pickle.loads(pickle.dumps(zones))).__name__
    (True, 'FrozenMap')
    """

    __slots__ = ()

    __setitem__ = _refuse
    __delitem__ = _refuse
    __ior__ = _refuse
    clear = _refuse
    pop = _refuse
    popitem = _refuse
    setdefault = _refuse
    update = _refuse

    def __reduce__(self) -> tuple[Callable[..., FrozenMap[K, V]], tuple[dict[K, V]]]:
        """Pickled as its items: the default for a dict subclass would refill it
        item by item through the refused ``__setitem__``."""
        return type(self), (dict(self),)

    def __copy__(self) -> FrozenMap[K, V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenMap[K, V]:
        from copy import deepcopy

        return type(self)({deepcopy(key, memo): deepcopy(value, memo)
                           for key, value in self.items()})

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({dict.__repr__(self)})"


def freeze(value: Any) -> Any:
    """``value`` with every mapping in it a :class:`FrozenMap`, every list or
    tuple a tuple and every set a frozenset, all the way down (strings and
    other scalars as they are); a value frozen already is returned itself.

    >>> freeze({"Aki": [4, 2]})
    FrozenMap({'Aki': (4, 2)})
    """
    if isinstance(value, Mapping):
        items = {key: freeze(item) for key, item in value.items()}
        if type(value) is FrozenMap and all(items[key] is item for key, item in value.items()):
            return value
        return FrozenMap(items)
    if isinstance(value, (list, tuple)):
        frozen = tuple([freeze(item) for item in value])
        if type(value) is tuple and all(a is b for a, b in zip(frozen, value, strict=True)):
            return value
        return frozen
    if isinstance(value, (set, frozenset)):
        members = [freeze(item) for item in value]
        if type(value) is frozenset and all(a is b for a, b in zip(members, value, strict=True)):
            return value
        return frozenset(members)
    return value

