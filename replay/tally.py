"""Mergeable summaries of many played games, and the intervals read from them.

A study's games are played in chunks, anywhere (:mod:`cardcore.replay.cluster`);
each chunk returns a :class:`Tally` (counts and exact sums, never logs), and the
tallies are added. Addition is exact (integers and fractions, no floats), so it
is associative and commutative: the same games give the same tally whatever
the chunks and whichever worker finished first.

>>> wilson(50, 100)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Final, TypeVar

import attrs

__all__ = ["Z95", "Counts", "GameResult", "Paired", "Sums", "Tally", "counts", "mean_interval",
           "t95", "wilson"]

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""

_T95: Final = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622,
               2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009,
               2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518,
               2.0484, 2.0452, 2.0423)
"""Student's t quantile of a two-sided 95% interval, for 1 to 30 degrees of freedom."""


def t95(freedom: int) -> float:
    """The two-sided 95% quantile of Student's t with ``freedom`` degrees of freedom:
    tabled up to 30, then the normal quantile with its first corrections (within
    0.0005 of the exact value from 31 on).

    >>> t95(1), t95(9), round(t95(60), 3), round(t95(10_000), 3)
    (12.7062, 2.2622, 2.0, 1.96)
    """
    if freedom <= len(_T95):
        return _T95[freedom - 1]
    z = Z95
    return z + (z ** 3 + z) / (4 * freedom) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * freedom ** 2)

Number = int | Fraction
K = TypeVar("K", str, int, Fraction)
Counts = tuple[tuple[K, int], ...]
"""A histogram as sorted (value, count) pairs: immutable, and equal whatever order
its counts were added in."""


def counts(counter: Mapping[K, int]) -> tuple[tuple[K, int], ...]:
    """A counter as sorted pairs."""
    return tuple(sorted(counter.items()))


def _add(left: tuple[tuple[K, int], ...], right: tuple[tuple[K, int], ...]
         ) -> tuple[tuple[K, int], ...]:
    total: Counter[K] = Counter(dict(left))
    total.update(dict(right))
    return counts(total)


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a proportion, rounded to 4 places; it stays
    inside [0, 1] and is sensible near 0 and 1, where the normal one is not."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


@attrs.frozen
class Sums:
    """Count, sum and sum of squares of a quantity: its mean and the 95% interval
    of the mean (normal; used for paired differences over many games)."""

    n: int = 0
    total: Number = 0
    squares: Number = 0

    @classmethod
    def of(cls, values: Iterable[Number]) -> Sums:
        values = list(values)
        return cls(len(values), sum(values), sum(v * v for v in values))

    def __add__(self, other: Sums) -> Sums:
        return Sums(self.n + other.n, self.total + other.total, self.squares + other.squares)


def mean_interval(sums: Sums) -> tuple[float, float, float]:
    """(mean, low, high) of the mean of ``sums``, rounded to 4 places: Student's t
    interval, which a few games need (the normal one is far too narrow for them),
    and which is the normal one for many. One value has no spread to measure: its
    interval is unbounded (a study refuses to pair fewer than 2 games).

    >>> mean_interval(Sums.of([1, -1, 1, -1]))
    (0.0, -1.8374, 1.8374)
    >>> mean_interval(Sums.of([3]))
    (3.0, -inf, inf)
    """
    if sums.n == 0:
        return (0.0, 0.0, 0.0)
    mean = Fraction(sums.total) / sums.n
    if sums.n == 1:
        return (round(float(mean), 4), -math.inf, math.inf)
    variance = (Fraction(sums.squares) - sums.n * mean * mean) / (sums.n - 1)
    half = t95(sums.n - 1) * math.sqrt(variance / sums.n)
    return (round(float(mean), 4), round(float(mean) - half, 4), round(float(mean) + half, 4))


@attrs.frozen
class GameResult:
    """What a study keeps of one played game (the log itself is dropped)."""

    events: int
    deals: int
    """Deal events: the hands, rounds or games of a session."""
    ending: str
    rules: tuple[tuple[str, int], ...]
    """Effects per rule ID."""
    winners: tuple[int, ...]
    finals: tuple[Number, ...]
    """Per seat: the final chips or points."""


def _zero_seats(seats: int) -> tuple[Counts[Fraction], ...]:
    return ((),) * seats


@attrs.frozen
class Tally:
    """A sum of games of one option set: every field adds."""

    seats: int
    games: int = 0
    wins: tuple[int, ...] = attrs.field()
    shared: int = 0
    """Games won by more than one seat (each winner counts a win)."""
    events: Counts[int] = ()
    deals: Counts[int] = ()
    endings: Counts[str] = ()
    rule_effects: Counts[str] = ()
    rule_games: Counts[str] = ()
    finals: tuple[Counts[Fraction], ...] = attrs.field()

    @wins.default
    def _no_wins(self) -> tuple[int, ...]:
        return (0,) * self.seats

    @finals.default
    def _no_finals(self) -> tuple[Counts[Fraction], ...]:
        return _zero_seats(self.seats)

    @classmethod
    def of(cls, result: GameResult) -> Tally:
        seats = len(result.finals)
        return cls(
            seats=seats, games=1,
            wins=tuple(int(seat in result.winners) for seat in range(seats)),
            shared=int(len(result.winners) > 1),
            events=((result.events, 1),), deals=((result.deals, 1),),
            endings=((result.ending, 1),), rule_effects=result.rules,
            rule_games=tuple((rule, 1) for rule, _ in result.rules),
            finals=tuple(((Fraction(value), 1),) for value in result.finals))

    def __add__(self, other: Tally) -> Tally:
        if self.seats != other.seats:
            raise ValueError(f"tallies of {self.seats} and {other.seats} seats do not add")
        return Tally(
            seats=self.seats, games=self.games + other.games,
            wins=tuple(a + b for a, b in zip(self.wins, other.wins, strict=True)),
            shared=self.shared + other.shared,
            events=_add(self.events, other.events), deals=_add(self.deals, other.deals),
            endings=_add(self.endings, other.endings),
            rule_effects=_add(self.rule_effects, other.rule_effects),
            rule_games=_add(self.rule_games, other.rule_games),
            finals=tuple(_add(a, b) for a, b in zip(self.finals, other.finals, strict=True)))


@attrs.frozen
class Paired:
    """Per-game differences (versus minus base) over the same seeds: per seat the
    win (-1, 0 or 1) and the final figure, and the number of events."""

    seats: int
    wins: tuple[Sums, ...] = attrs.field()
    finals: tuple[Sums, ...] = attrs.field()
    events: Sums = Sums()

    @wins.default
    def _no_wins(self) -> tuple[Sums, ...]:
        return (Sums(),) * self.seats

    @finals.default
    def _no_finals(self) -> tuple[Sums, ...]:
        return (Sums(),) * self.seats

    @classmethod
    def of(cls, base: GameResult, versus: GameResult) -> Paired:
        seats = len(base.finals)
        return cls(
            seats=seats,
            wins=tuple(Sums.of([int(s in versus.winners) - int(s in base.winners)])
                       for s in range(seats)),
            finals=tuple(Sums.of([Fraction(versus.finals[s]) - Fraction(base.finals[s])])
                         for s in range(seats)),
            events=Sums.of([versus.events - base.events]))

    def __add__(self, other: Paired) -> Paired:
        return Paired(
            seats=self.seats,
            wins=tuple(a + b for a, b in zip(self.wins, other.wins, strict=True)),
            finals=tuple(a + b for a, b in zip(self.finals, other.finals, strict=True)),
            events=self.events + other.events)
