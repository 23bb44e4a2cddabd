"""The leaves of a transcript: each scalar annotation, and its one conversion.

Both loaders read the same leaves: the full one (:mod:`cardcore.replay.convert`,
cattrs) registers :attr:`Leaf.convert` as the structure hook of each
annotation, and the fast one (:mod:`cardcore.replay.direct`) calls the very same
function for a value it has not seen, keeping the result by value, and takes a
value as its own result only where :attr:`Leaf.kinds` and :attr:`Leaf.bound`
say it plainly is. A leaf is added or changed here, once; the two cannot drift
(tests/test_direct.py holds them to equal results).

Each conversion refuses instead of coercing (``str(3)``, ``int("7")``): a
transcript that says ``"7"`` where a Pairs card belongs is a mistake to report,
not to repair; its ``ValueError`` (every cardcore error is one) quotes the value
and says what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs

from cardcore.cards import UNKNOWN as UNKNOWN_CARD
from cardcore.cards import (
    Card,
    PairsCard,
    RankText,
    SuitText,
    parse_card,
    parse_pairs_card,
    rank_text,
    suit_text,
)
from cardcore.errors import CardNotationError
from cardcore.exact import Number
from cardcore.replay.problems import MAX_INTEGER, describe_value, out_of_range

__all__ = ["FORGOTTEN", "FORGOTTEN_CARD", "LEAVES", "Leaf"]

FORGOTTEN = "!"
"""A card that was seen but nobody remembers: where the rules want a named card,
the replay judges every value it could have had (:mod:`cardcore.replay.forgotten`)."""

FORGOTTEN_CARD = ("\"!\" marks a forgotten card: validate judges a record with it for every "
                  "value the card could have had (once the record has no other format "
                  "problem); an entry being recorded must name the card")
"""What a loader says of one, seen only where the record cannot be judged value by
value (beside other format problems, or by ``record``, which applies each entry
as it comes); the runner finds the forgotten cards by these very words."""


def _forgotten(value: object) -> None:
    """Refuse ``"!"`` as a card of this transcript: the one place a forgotten card
    is told from the others (the replay then tries each value in its place)."""
    if value == FORGOTTEN:
        raise CardNotationError(FORGOTTEN_CARD)


def _string(value: object, _: type) -> str:
    if not isinstance(value, str):
        hint = ""
        if type(value) is int and -1000 < value < 1000:  # a rank written as a number: "rank": 9
            hint = f' (a string is written in quotes: "{value}")'
        raise ValueError(f"expected a string, not {describe_value(value)}{hint}")
    return value


def _rank_text(value: object, _: type) -> str:
    """A bid's rank in its one spelling ("T" as "10"); what is no rank is kept as
    written, for the rules to refuse it (AU-2.7) and quote it."""
    return rank_text(_string(value, str))


def _suit_text(value: object, _: type) -> str:
    """A bid's suit as its letter ("♠" as "S"); what is no suit is kept as written."""
    return suit_text(_string(value, str))


def _number_hint(value: object) -> str:
    """A hint for a whole number written in quotes (``"3"``: a transcript's numbers
    are JSON numbers, and a string is refused, not read as one) or with a
    fraction or an exponent (``3.0``, ``3e0``: its numbers are whole, and a
    number written so is refused, not read as the whole one), or ""."""
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,16}", value):
        return f" (a whole number is written without quotes: {int(value)})"
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_INTEGER:
        return f" (a whole number is written without a fraction or an exponent: {int(value)})"
    return ""


def _integer(value: object, _: type) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, not {describe_value(value)}"
                         f"{_number_hint(value)}")
    if not -MAX_INTEGER <= value <= MAX_INTEGER:
        raise ValueError(out_of_range(value))
    return value


def _boolean(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {describe_value(value)}")
    return value


def _pairs_card(value: object, _: type) -> PairsCard | None:
    if value == UNKNOWN_CARD:
        return None
    _forgotten(value)
    return parse_pairs_card(value)


def _standard_card(value: object, _: type) -> Card | None:
    if value == UNKNOWN_CARD:
        return None
    _forgotten(value)
    if not isinstance(value, str):
        raise CardNotationError(
            f"{describe_value(value)} is not a card: cards are strings like \"AS\" or \"10H\""
        )
    return parse_card(value)


_FRACTION = r"(-?)([0-9]+)/([0-9]+)"
"""A fraction of points as written, ``"23/3"``: ASCII digits, as the schema says
(compiled where first used, through :mod:`re`'s cache: a score written as a
whole number, the usual one, does without it)."""


def _whole(digits: str) -> int | None:
    """The whole number written ``digits``, or None beyond :data:`MAX_INTEGER`
    (counted before it is converted: Python refuses to convert very long ones,
    leading zeros included)."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(MAX_INTEGER)) or int(digits) > MAX_INTEGER:
        return None
    return int(digits)


def _score(value: object, _: type) -> Number:
    """Points: a whole number, or an exact fraction written as a string ``"23/3"``
    (its top and bottom each within the range of a transcript's numbers)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _integer(value, int)
    found = re.fullmatch(_FRACTION, value) if isinstance(value, str) else None
    if found is not None:
        sign, top, bottom = found[1], _whole(found[2]), _whole(found[3])
        if top is None or bottom is None:
            raise ValueError(f"{describe_value(value)} is out of range: a fraction of points "
                             f"has a top and a bottom of at most {MAX_INTEGER}")
        if bottom > 0:
            from fractions import Fraction  # here: a score written whole does without it

            return Fraction(-top if sign else top, bottom)
    hint = " (a fraction's bottom is 1 or more)" if found is not None else _number_hint(value)
    raise ValueError("expected points as a whole number or a fraction like \"23/3\", not "
                     f"{describe_value(value)}{hint}")


@attrs.frozen
class Leaf:
    """One scalar annotation of the events and options, as both loaders read it."""

    annotation: Any
    """The exact annotation (``PairsCard | None``), as the event classes write it."""
    convert: Callable[[object, Any], Any]
    """The conversion: the value's result, or a ValueError in words (a hook's shape:
    the value and the annotation)."""
    kinds: frozenset[type]
    """The JSON types of a value the fast loader reads without doubt (``type(value)
    in kinds``); any other value is left to the full loader."""
    remembered: bool = False
    """The fast loader keeps each result by value (a card is parsed once per
    process); else a value of ``kinds`` is its own result."""
    bound: int | None = None
    """A whole number is its own result only from ``-bound`` to ``bound``."""


LEAVES: tuple[Leaf, ...] = (
    Leaf(str, _string, frozenset({str})),
    Leaf(int, _integer, frozenset({int}), bound=MAX_INTEGER),
    Leaf(bool, _boolean, frozenset({bool})),
    Leaf(PairsCard | None, _pairs_card, frozenset({int, str}), remembered=True),
    Leaf(Card | None, _standard_card, frozenset({str}), remembered=True),
    # any string is read (the rules judge a rank or suit), each spelling once
    Leaf(RankText, _rank_text, frozenset({str}), remembered=True),
    Leaf(SuitText, _suit_text, frozenset({str}), remembered=True),
    # a fraction "23/3" is left to the full loader by the fast one (kinds: int only)
    Leaf(Number, _score, frozenset({int}), bound=MAX_INTEGER),
)
"""Every leaf the transcript format has: the one table both loaders read."""
