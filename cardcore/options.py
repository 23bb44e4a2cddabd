"""Validators for game options: the message names the option and what is allowed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from cardcore.errors import OptionsError, SetupError

__all__ = ["OptionsError", "at_least", "between", "game_options", "one_of", "optional_at_least"]

OptionsT = TypeVar("OptionsT")


_DEFAULTS: dict[type, object] = {}
"""Each options class's defaults (options are frozen: every game without options
given shares them; a program plays thousands of games)."""


def game_options(options: object, kind: type[OptionsT], title: str) -> OptionsT:
    """``options`` itself, the defaults for None, or the options a mapping names
    (``{"starting_chips": 8}``, as a transcript writes them); anything else is a
    SetupError.

    >>> @attrs.frozen(kw_only=True)
    ... class TestOptions:
    ...     rounds: int = 5
    >>> game_options({"rounds": 3}, TestOptions, "Test Poker")
    TestOptions(rounds=3)
    >>> game_options({"round": 3}, TestOptions, "Test Poker")
    Traceback (most recent call last):
    ...
    cardcore.errors.SetupError: Test Poker has no option 'round': its options are rounds
    >>> game_options(3, TestOptions, "Test Poker")
    Traceback (most recent call last):
    ...
    cardcore.errors.SetupError: Test Poker takes TestOptions or a mapping of its options, not int
    """
    if options is None:  # the defaults: one frozen object per game, made once
        made = _DEFAULTS.get(kind)
        if made is None:
            made = _DEFAULTS[kind] = kind()
        return made  # type: ignore[return-value]  # _DEFAULTS[kind] is a kind
    if isinstance(options, kind):
        return options
    if isinstance(options, Mapping):
        known = [field.name for field in attrs.fields(kind)]  # type: ignore[arg-type]
        for name in options:
            if name not in known:
                raise SetupError(f"{title} has no option {name!r}: its options are "
                                 + ", ".join(known), ("options", name))
        return kind(**options)
    raise SetupError(f"{title} takes {kind.__name__} or a mapping of its options, "
                     f"not {type(options).__name__}")

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def between(low: int, high: int) -> Validator:
    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not _is_int(value) or not low <= value <= high:
            message = f"option {attribute.name!r} must be from {low} to {high}, not {value!r}"
            raise OptionsError(message, attribute.name)

    return check


def at_least(low: int) -> Validator:
    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not _is_int(value) or value < low:
            message = f"option {attribute.name!r} must be a whole number of {low} or more, not {value!r}"
            raise OptionsError(message, attribute.name)

    return check


def optional_at_least(low: int) -> Validator:
    inner = at_least(low)

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return check


def one_of(*allowed: object) -> Validator:
    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            choices = ", ".join(repr(a) for a in allowed)
            message = f"option {attribute.name!r} must be one of {choices}, not {value!r}"
            raise OptionsError(message, attribute.name)

    return check
