"""Derived effects: what an event caused, each with the rule behind it.

Effects are how a player follows where every chip or point went: an engine
returns them from ``apply`` and the replay prints them. A :class:`Transfer` is
one movement of chips or points; ``forgiven`` is the part of a payment the
payer could not make (the shortfall rule), which never enters the pot.

Effects and the ledger are frozen attrs classes without slots: an event builds
one or two of each, and attrs fills a dict instance faster than slots.

An effect is *worded when read*: the replay's fold makes every effect, but
``validate`` reads none of their sentences unless a reading disagrees. So the
rules make their effects with :func:`effect`, which keeps the facts (who, what,
how much, the rule) and the sentence as data: a function that words it and the
values it words, ``words(*args)`` being called the first time ``text`` is read
(and then kept). Such an effect is the same value as one given its text:
equal, hashed, printed, pickled and copied alike. :func:`transfer` is the same
idea for a :class:`Transfer`: the value without attrs' ``__init__``, for the
fold's inner loop.

Why data and not a closure: ``GameLog.append`` keeps every effect, and
CPython's cyclic collector walks every object it keeps that can hold others.
A closure per effect is a function object, a tuple of cells and a cell per
value it reads, all tracked and walked at each collection for as long as the
log lives. ``words`` is a module-level function, one object shared by every
effect it words, and ``args`` a tuple of immutable values (names, numbers,
cards, events): one object per effect, which the collector stops tracking
once it has seen that it holds only atoms (names, numbers and tuples of
them); the cards, payments and events it may hold are kept by the deck, the
effect and the log anyway. The type of :func:`effect` ties the two together:
mypy checks ``args`` against ``words``' parameters. A lambda, a nested
function or a bound method would bring the closure back, and
tests/test_effects.py refuses every one a game makes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

if sys.version_info >= (3, 11):  # in typing: get_type_hints(effect) works at run time
    from typing import TypeVarTuple, Unpack

    Values = TypeVarTuple("Values")
elif TYPE_CHECKING:  # Python 3.10: typing_extensions, the type checker's only
    from typing_extensions import TypeVarTuple, Unpack

    Values = TypeVarTuple("Values")

__all__ = ["BANK", "POT", "Effect", "Transfer", "effect", "transfer"]

POT = "pot"
"""Payer or receiver name for the pot."""

BANK = "bank"
"""Payer name for points that come from nowhere (scoring in point games)."""


@attrs.frozen(kw_only=True, slots=False)
class Transfer:
    """``amount`` moves from ``payer`` to ``receiver`` under ``rule``.

    >>> str(Transfer(payer="Aki", receiver="pot", amount=3, owed=5, rule="GP-4.2"))
    'Aki -> pot: 3 (owed 5, 2 forgiven) [GP-4.2]'
    """

    payer: str
    receiver: str
    amount: int
    rule: str
    owed: int | None = None
    """What the rule asked for, when the payer could not pay all of it."""

    @property
    def forgiven(self) -> int:
        return 0 if self.owed is None else self.owed - self.amount

    def __str__(self) -> str:
        text = f"{self.payer} -> {self.receiver}: {self.amount}"
        if self.owed is not None and self.owed != self.amount:
            text += f" (owed {self.owed}, {self.forgiven} forgiven)"
        return f"{text} [{self.rule}]"


@attrs.frozen(kw_only=True, slots=False)
class Effect:
    """One derived consequence of an event.

    ``kind`` is a short stable tag (``ante``, ``fold``, ``bust``, ``start_player``,
    ``win``, ``split``, ...) for programs; ``text`` is the sentence for people.
    """

    kind: str
    rule: str
    text: str
    players: tuple[str, ...] = ()
    transfers: tuple[Transfer, ...] = ()

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"

    def __getattr__(self, name: str) -> Any:
        """Called only for an attribute the instance lacks: the ``text`` of an
        effect made by :func:`effect`, worded now and kept."""
        fields = self.__dict__
        if name == "text" and "_words" in fields:
            text = fields["text"] = fields.pop("_words")(*fields.pop("_args"))
            return text
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and copied as the effect given its text: the text, never its words."""
        return {"kind": self.kind, "rule": self.rule, "text": self.text,
                "players": self.players, "transfers": self.transfers}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)


_new = object.__new__
_set = object.__setattr__


def effect(kind: str, rule: str, words: Callable[[Unpack[Values]], str],
           args: tuple[Unpack[Values]], players: tuple[str, ...] = (),
           transfers: tuple[Transfer, ...] = ()) -> Effect:
    """An :class:`Effect` whose text ``words(*args)`` makes when it is first read.

    ``words`` is a function defined at the top of a module, never a lambda or
    a function defined inside another (the module's docstring says why), and
    ``args`` holds only values that do not change (an event, names, numbers,
    cards, tuples of them): never the working state of a fold, which the next
    event changes (cardcore.working), nor a list.

    >>> def folds(name: str, amount: int) -> str:
    ...     return f"{name} folds and pays {amount}"
    >>> folded = effect("fold", "GP-4.2", folds, ("Aki", 3), ("Aki",))
    >>> folded == Effect(kind="fold", rule="GP-4.2", text="Aki folds and pays 3",
    ...                  players=("Aki",))
    True
    >>> str(folded)
    'Aki folds and pays 3 (GP-4.2)'
    """
    made: Effect = _new(Effect)
    _set(made, "__dict__", {"kind": kind, "rule": rule, "players": players,
                            "transfers": transfers, "_words": words, "_args": args})
    return made


def transfer(payer: str, receiver: str, amount: int, rule: str, owed: int | None = None
             ) -> Transfer:
    """``Transfer(payer=..., receiver=..., amount=..., rule=..., owed=...)``, made
    without attrs' ``__init__`` (the fold makes one per payment).

    >>> transfer("Aki", "pot", 3, "GP-4.2") == Transfer(payer="Aki", receiver="pot",
    ...                                                  amount=3, rule="GP-4.2")
    True
    """
    made: Transfer = _new(Transfer)
    _set(made, "__dict__", {"payer": payer, "receiver": receiver, "amount": amount,
                            "rule": rule, "owed": owed})
    return made
