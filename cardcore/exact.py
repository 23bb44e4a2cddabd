"""Chips and points: whole numbers, or exact fractions where Abbott's Auction splits.

Only Abbott's Auction's scores can be fractions (an exact split, AU-5.3); every
other game counts in whole numbers. Importing :mod:`fractions` (which imports
:mod:`decimal` and :mod:`numbers`) costs some 8.5 million instructions, a
fortieth of ``cardcore validate ONE_FILE``, so the modules every game loads
name the class without importing it, through this module:

- :func:`is_fraction` asks whether a value is a Fraction by looking in
  ``sys.modules`` first: a value can only be a Fraction once :mod:`fractions`
  has been imported (by whatever made it), so a test never needs the import;
- :data:`Number` is the annotation of such a value: ``int | Fraction`` for the
  type checker. Some readers evaluate annotations at run time and key on the
  result (the loaders' plans, :mod:`cardcore.eventfields`, cattrs, the schema)
  or take the union apart (``record``'s line grammar finds ``int`` in it), and
  ``int | Fraction`` cannot be evaluated without the class. At run time it is
  ``int | _Fraction``, where ``_Fraction`` stands for the class: a union all the
  same, keyed on as one value by those readers, with ``int`` in it, and
  ``isinstance(value, Number)`` true of an int or a Fraction.

A fraction is made where the rules or a transcript call for one (a split, a
score written ``"23/3"``), importing :mod:`fractions` there, at that moment.

>>> from fractions import Fraction
>>> [isinstance(value, Number) for value in (3, Fraction(23, 3), 2.5, "23/3")]
[True, True, False, False]
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction
    from typing import TypeAlias, TypeGuard

__all__ = ["Number", "is_fraction"]


def is_fraction(value: object) -> TypeGuard[Fraction]:
    """Whether ``value`` is a :class:`~fractions.Fraction`, without importing
    :mod:`fractions`: if nothing has imported it, nothing has made one.

    >>> is_fraction(3), is_fraction("23/3")
    (False, False)
    >>> from fractions import Fraction
    >>> is_fraction(Fraction(23, 3)), is_fraction(Fraction(6, 3))
    (True, True)
    """
    fractions = sys.modules.get("fractions")
    # another thread may be importing it right now: the module is in sys.modules
    # before its class is made, and until then nothing can be a Fraction either
    kind = getattr(fractions, "Fraction", None)
    return kind is not None and isinstance(value, kind)


if TYPE_CHECKING:
    Number: TypeAlias = int | Fraction
    """A whole number, or the exact Fraction of a split (AU-5.3): chips and points."""
else:
    class _FractionKind(type):
        """The kind of :class:`_Fraction`: ``isinstance`` answers as for a Fraction."""

        def __instancecheck__(cls, value: object) -> bool:
            return is_fraction(value)

    class _Fraction(metaclass=_FractionKind):
        """:class:`fractions.Fraction` in :data:`Number` at run time, without the
        import: nothing is ever of this class itself, but ``isinstance`` is true
        of a Fraction (so ``isinstance(value, Number)`` is as for ``int | Fraction``)."""

        __slots__ = ()

        def __new__(cls) -> _Fraction:
            raise TypeError("a Fraction is made by fractions.Fraction")

    Number = int | _Fraction
