"""Aligning two records of one game event by event.

Two people wrote down the same game; one forgot an event, or wrote one twice.
Compared position by position, every event after the slip looks different;
aligned as sequences, the slip is named for what it is (an event one record
lacks, or has in excess) and the events after it match again.

The alignment is Myers' O((N+M)D) difference algorithm with "compatible" as the
equality of two events (notes ignored; an unknown card matches any card), after
the common start and end are set aside: linear for records that mostly agree,
the common case. Hostile input (two unrelated records of 100,000 events) is
bounded: past :data:`MAX_STEPS` comparisons the search gives up, and the rest
of the records is compared position by position (``gave_up`` says from where).
Where the records differ in a *run* (events of A and events of B between the
same two matching events), the run is paired into events that *differ*: one
event at one place written otherwise is one difference, whatever and however
many of its fields differ (a card, a rank, the player, the type). Events of one
kind (type and player) are paired first, in order; the rest by position; what
one side has in excess is missing or extra.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

__all__ = ["DIFFERS", "EXTRA", "MAX_STEPS", "MISSING", "Alignment", "Gap", "align"]

MISSING = "missing"
"""An event of A that B has not."""
EXTRA = "extra"
"""An event of B that A has not."""
DIFFERS = "differs"
"""An event at the same place in both, written otherwise."""

MAX_STEPS = 1_000_000
"""Comparisons the search and the pairing of its runs may spend (a few seconds at
most): enough for two records of 100,000 events that differ in ten places far
apart, and a bound for any input."""


@attrs.frozen
class Gap:
    """One difference: ``kind`` is :data:`MISSING`, :data:`EXTRA` or :data:`DIFFERS`;
    ``left`` and ``right`` are the event indexes in A and B. For an event one side
    lacks, the index on that side is where it would stand (the index of the next
    event there, or the number of events)."""

    kind: str
    left: int
    right: int


@attrs.frozen
class Alignment:
    gaps: tuple[Gap, ...]
    gave_up: tuple[int, int] | None = None
    """Where the search gave up (A's and B's index), after which the gaps are by position."""


def align(left: Sequence[Any], right: Sequence[Any], same: Callable[[Any, Any], bool],
          kind: Callable[[Any], object], max_steps: int = MAX_STEPS) -> Alignment:
    """The differences between ``left`` and ``right``, in order.

    ``same`` says whether two items match; ``kind`` says which items of a run of
    differences are paired first as items that differ (an event's type and player).

    >>> a, b = list("abcde"), list("abde")
    >>> align(a, b, str.__eq__, str.upper).gaps
    (Gap(kind='missing', left=2, right=2),)
    >>> align(list("axc"), list("ayc"), str.__eq__, lambda s: 0).gaps
    (Gap(kind='differs', left=1, right=1),)
    """
    n, m = len(left), len(right)
    start = 0
    while start < n and start < m and same(left[start], right[start]):
        start += 1
    end_a, end_b = n, m
    while end_a > start and end_b > start and same(left[end_a - 1], right[end_b - 1]):
        end_a -= 1
        end_b -= 1
    script, spent = _myers(left, right, start, end_a, start, end_b, same, max_steps)
    gave_up = None
    if script is None:  # too many differences for the budget: by position from the start
        gave_up = (start, start)
        script = []
        for offset in range(max(end_a, end_b) - start):
            i, j = start + offset, start + offset
            if i < end_a and j < end_b:
                if not same(left[i], right[j]):
                    script.append(Gap(DIFFERS, i, j))
            elif i < end_a:
                script.append(Gap(MISSING, i, min(j, end_b)))
            else:
                script.append(Gap(EXTRA, min(i, end_a), j))
        return Alignment(tuple(script), gave_up)
    return Alignment(tuple(_paired(script, left, right, kind, max_steps - spent)))


def _myers(left: Sequence[Any], right: Sequence[Any], a0: int, a1: int, b0: int, b1: int,
           same: Callable[[Any, Any], bool],
           max_steps: int) -> tuple[list[Gap] | None, int]:
    """The shortest edit script of ``left[a0:a1]`` into ``right[b0:b1]`` as gaps of
    :data:`MISSING` and :data:`EXTRA`, or None past ``max_steps`` comparisons; and
    the comparisons spent, which the pairing of runs spends from the same budget."""
    n, m = a1 - a0, b1 - b0
    if n == 0 or m == 0:
        return ([Gap(MISSING, a0 + i, b0) for i in range(n)]
                + [Gap(EXTRA, a0, b0 + j) for j in range(m)]), 0
    limit = n + m
    frontier: dict[int, int] = {1: 0}
    trace: list[dict[int, int]] = []
    steps = 0
    for d in range(limit + 1):
        trace.append(dict(frontier))
        for k in range(-d, d + 1, 2):
            if k == -d or (k != d and frontier.get(k - 1, -1) < frontier.get(k + 1, -1)):
                x = frontier.get(k + 1, 0)
            else:
                x = frontier.get(k - 1, 0) + 1
            y = x - k
            while x < n and y < m and same(left[a0 + x], right[b0 + y]):
                x += 1
                y += 1
                steps += 1
            steps += 1
            frontier[k] = x
            if x >= n and y >= m:
                return _backtrack(trace, d, n, m, a0, b0), steps
        if steps > max_steps:
            return None, steps
    return None, steps  # not reached: d = n + m always ends


def _backtrack(trace: list[dict[int, int]], last: int, n: int, m: int, a0: int,
               b0: int) -> list[Gap]:
    gaps: list[Gap] = []
    x, y = n, m
    for d in range(last, 0, -1):
        frontier = trace[d]
        k = x - y
        if k == -d or (k != d and frontier.get(k - 1, -1) < frontier.get(k + 1, -1)):
            previous = k + 1
        else:
            previous = k - 1
        prev_x = frontier.get(previous, 0)
        prev_y = prev_x - previous
        while x > prev_x and y > prev_y:  # the matching run back to the edit
            x -= 1
            y -= 1
        if previous == k + 1:  # a step down: an item of B inserted
            gaps.append(Gap(EXTRA, a0 + x, b0 + prev_y))
        else:  # a step right: an item of A deleted
            gaps.append(Gap(MISSING, a0 + prev_x, b0 + y))
        x, y = prev_x, prev_y
    gaps.reverse()
    return gaps


Run = tuple[int, int, int, int]
"""``(a0, a1, b0, b1)``: the events ``left[a0:a1]`` and ``right[b0:b1]`` of one run."""


def _runs(script: Sequence[Gap]) -> list[Run]:
    """The runs of an edit script of :data:`MISSING` and :data:`EXTRA` gaps: a gap
    that starts where the one before it ends (no matching event between them) is
    in the same run.

    >>> _runs([Gap(MISSING, 5, 5), Gap(EXTRA, 6, 5), Gap(EXTRA, 9, 8)])
    [(5, 6, 5, 6), (9, 9, 8, 9)]
    """
    runs: list[Run] = []
    for gap in script:
        if runs and (gap.left, gap.right) == (runs[-1][1], runs[-1][3]):
            a0, a1, b0, b1 = runs.pop()
        else:
            a0, a1, b0, b1 = gap.left, gap.left, gap.right, gap.right
        runs.append((a0, a1 + (gap.kind == MISSING), b0, b1 + (gap.kind == EXTRA)))
    return runs


def _by_position(a0: int, a1: int, b0: int, b1: int) -> list[Gap]:
    """A run paired by position: its first events differ, the excess of one side
    is missing or extra, each at the place where it would stand in the other."""
    paired = min(a1 - a0, b1 - b0)
    return ([Gap(DIFFERS, a0 + i, b0 + i) for i in range(paired)]
            + [Gap(MISSING, a0 + i, b1) for i in range(paired, a1 - a0)]
            + [Gap(EXTRA, a1, b0 + j) for j in range(paired, b1 - b0)])


def _paired(script: list[Gap], left: Sequence[Any], right: Sequence[Any],
            kind: Callable[[Any], object], budget: int) -> list[Gap]:
    """Each run of ``script`` as the events that differ and those one side lacks.

    Within a run, the events of one kind are paired first (the longest common
    sequence of kinds, by the search that aligns the records, within what is left
    of its ``budget``), then what is between those pairs by position; past the
    budget a run is paired by position alone. A run of one side only (an event
    forgotten) costs nothing."""
    def same_kind(a: Any, b: Any) -> bool:
        return kind(a) == kind(b)

    paired: list[Gap] = []
    for a0, a1, b0, b1 in _runs(script):
        kinds, spent = _myers(left, right, a0, a1, b0, b1, same_kind, budget) \
            if budget > 0 else (None, 0)
        budget -= spent
        if kinds is None:
            paired.extend(_by_position(a0, a1, b0, b1))
            continue
        x, y = a0, b0  # where the events paired by kind begin
        for s0, s1, t0, t1 in _runs(kinds):
            paired.extend(Gap(DIFFERS, x + i, y + i) for i in range(s0 - x))
            paired.extend(_by_position(s0, s1, t0, t1))
            x, y = s1, t1
        paired.extend(Gap(DIFFERS, x + i, y + i) for i in range(a1 - x))
    return paired
