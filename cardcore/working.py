"""The fold's private working state: a game state that one fold changes in place.

The promise is an immutable public state per event, not an immutable object
per intermediate step (docs/architecture.md, "The working state"). Inside one
fold the kernel keeps a *working state*, a mutable twin of the game's state
class, and freezes it into the public class only where a caller can see it:
each state ``GameRules.apply`` returns, each state
:class:`cardcore.reduction.Reduction` is asked for, ``GameLog.append``, a
``check``, the end, a refused event. Clojure's transients and Immer's drafts
are the pattern.

A game declares nothing for it: the twin of a state class is made here, once,
from the class itself: a plain class with the same methods and properties,
whose instance dict holds the same fields, so every function of a game (its
``turn``, its words, its handlers) reads a working state as it reads a public
one. Its instance dict is the public state's ``__dict__`` to be: ``evolve``
changes a working state with one ``dict.update`` (no attribute is set one by
one, no frozen class is worked around), and freezing copies that one dict
(measured on CPython 3.11: a field of either reads about as fast as a slot,
as the interpreter specialises both reads, and an update and a copy cost a
fraction of setting or reading every slot). Its card account
(every state's ``account``) is a :class:`cardcore.zones.Draft` there, whose
zone table the event's card moves replace (:meth:`~cardcore.zones.Draft.adopt`)
instead of a new frozen account per event.
:func:`cardcore.evolve.evolve` on a working state changes it in place and
returns it; on a public state it makes a new one, as ever.

The rule for a game author: never keep a reference to the working state (in
an effect, a cache, a value returned for later): the next event changes it.
Keep the values read from it instead; they are immutable. A twin refuses an
attribute set (``working.scores = ...`` raises ``AttributeError``): the fold
changes it through its dict only, so the refusal costs the fold nothing.
"""

from __future__ import annotations

from typing import Any, Final, NoReturn, TypeVar

import attrs

from cardcore.zones import Draft

__all__ = ["WORKING", "freeze", "public_class", "thaw", "working_class"]

T = TypeVar("T")

WORKING: Final[set[type[Any]]] = set()
"""Every working class made so far (:func:`cardcore.evolve.evolve` asks)."""

_TWINS: dict[type[Any], type[Any]] = {}
_THAW: dict[type[Any], Any] = {}
_FREEZE: dict[type[Any], Any] = {}


def working_class(public: type[T]) -> type[T]:
    """The working twin of the attrs state class ``public`` (made once).

    >>> import attrs
    >>> @attrs.frozen(slots=False)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    ...     def norm(self) -> int:
    ...         return abs(self.x) + abs(self.y)
    >>> from cardcore.evolve import evolve
    >>> working = thaw(Point(3, -4))
    >>> evolve(working, y=4).norm(), freeze(working)
    (7, Point(x=3, y=4))
    """
    twin = _TWINS.get(public)
    if twin is None:
        twin = _TWINS[public] = _twin(public)
    return twin


def public_class(working: type[Any]) -> type[Any]:
    """The public state class a working class is the twin of."""
    public: type[Any] = working.__public__
    return public


def _twin(public: type[Any]) -> type[Any]:
    names = tuple(field.name for field in attrs.fields(public))
    namespace: dict[str, Any] = {
        "__public__": public, "__module__": public.__module__,
        "__qualname__": f"{public.__qualname__}.Working",
        "__doc__": f"The working twin of :class:`{public.__qualname__}` (cardcore.working).",
        "__repr__": _working_repr,
        "__setattr__": _refuse_setting, "__delattr__": _refuse_setting,
    }
    for klass in reversed(public.__mro__[:-1]):  # the methods and properties a game wrote
        for key, value in vars(klass).items():
            if key.startswith("__") or key in names or key.startswith("_attrs"):
                continue
            namespace[key] = value
    twin = type(f"{public.__name__}Working", (), namespace)
    to_draft = "    f['account'] = Draft(f['account'])\n" if "account" in names else ""
    to_account = "    d['account'] = d['account'].account()\n" if "account" in names else ""
    source = (f"def thaw(p):\n    w = new(W)\n    f = w.__dict__\n    f.update(p.__dict__)\n"
              f"{to_draft}    return w\n"
              f"def freeze(w):\n    d = w.__dict__.copy()\n{to_account}"
              "    p = new(P)\n    put(p, '__dict__', d)\n    return p\n")
    scope: dict[str, Any] = {"new": object.__new__, "put": object.__setattr__, "W": twin,
                             "P": public, "Draft": Draft}
    exec(source, scope)  # the class's own thaw and freeze, with its account's conversion
    _THAW[public] = scope["thaw"]
    _FREEZE[twin] = scope["freeze"]
    WORKING.add(twin)
    return twin


def _refuse_setting(self: Any, name: str, *value: Any) -> NoReturn:
    """A working state is changed through its dict (:func:`cardcore.evolve.evolve`),
    never an attribute at a time: so setting one is refused at no cost to the
    fold, and a caller lent the state (``GameLog.lend``) that writes to it by
    mistake is stopped before it changes the log."""
    raise AttributeError(f"{type(self).__qualname__} is read-only: a working state lent "
                         f"by GameLog.lend may only be read (setting {name!r} would change "
                         "the log itself)")


def _working_repr(self: Any) -> str:
    return f"{type(self).__qualname__}({freeze(self)!r})"


def thaw(state: T) -> T:
    """A working twin of the public ``state``, holding the same values (the state
    itself is untouched: the twin is changed in its place)."""
    make = _THAW.get(type(state))
    if make is None:
        working_class(type(state))
        make = _THAW[type(state)]
    working: T = make(state)
    return working


def freeze(working: T) -> T:
    """The public state a working state holds now: a frozen copy of its fields
    (each field's value is immutable already, so the copy is shallow)."""
    public: T = _FREEZE[type(working)](working)
    return public
