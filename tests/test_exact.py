"""cardcore.exact: a Fraction told, and annotated, without importing fractions."""

from __future__ import annotations

import sys
import typing
from fractions import Fraction

import pytest
from imports import imported_by

from cardcore.exact import Number, is_fraction


class Third(Fraction):
    """A subclass of Fraction, which is a Fraction all the same."""


@pytest.mark.parametrize("value,fraction,number", [
    (Fraction(23, 3), True, True),
    (Fraction(6, 3), True, True),
    (Third(1, 3), True, True),
    (7, False, True),
    (True, False, True),  # a bool is an int, as for ``int | Fraction``
    (2.5, False, False),
    ("23/3", False, False),
    (None, False, False),
])
def test_fractions_and_numbers_are_told_as_by_the_class(
        value: object, fraction: bool, number: bool) -> None:
    """is_fraction is isinstance(value, Fraction), and isinstance(value, Number) is
    isinstance(value, int | Fraction), for fractions, whole numbers and others."""
    assert is_fraction(value) is fraction is isinstance(value, Fraction)
    assert isinstance(value, Number) is number is isinstance(value, int | Fraction)


def test_telling_a_number_imports_no_fractions() -> None:
    """Asking whether a whole number is a fraction, or a Number, and evaluating an
    annotation that names Number, import neither fractions nor decimal nor numbers."""
    loaded = imported_by("import typing\n"
                         "from cardcore.exact import Number, is_fraction\n"
                         "from cardcore.protocol import Check\n"
                         "assert not is_fraction(7) and isinstance(7, Number)\n"
                         "assert typing.get_type_hints(Check)['scores'] is not None\n")
    assert "cardcore.protocol" in loaded
    assert [name for name in ("fractions", "decimal", "numbers") if name in loaded] == []


def test_number_at_run_time_is_a_union_with_int_in_it() -> None:
    """Readers that take an annotation apart find ``int`` in Number, and one more
    member standing for Fraction, which nothing can be made of."""
    whole, stand_in = typing.get_args(Number)
    assert whole is int
    assert isinstance(Fraction(1, 3), stand_in)
    with pytest.raises(TypeError, match=r"fractions\.Fraction"):
        stand_in()


def test_a_fractions_module_still_being_imported_holds_no_fraction(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """While another thread imports fractions, sys.modules holds the module before
    its class exists (``validate --jobs 2`` met this): a value is then told not to
    be a Fraction, as none can be yet, instead of an AttributeError."""
    import types

    monkeypatch.setitem(sys.modules, "fractions", types.ModuleType("fractions"))
    assert not is_fraction(3) and not is_fraction("23/3")
    assert not isinstance(3.5, Number) and isinstance(3, Number)
