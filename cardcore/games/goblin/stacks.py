"""Stack comparison (GP-3): which stack is the *min stack*.

A stack never holds a number twice (a pair busts), so it is a set of numbers.
GP-3.1: looking at 1, 2, 3, ... the first number held by exactly one of two
stacks makes that stack the smaller. That is the same as comparing the sorted
numbers lexicographically where a stack that extends the other is smaller, so a
sort key with a sentinel above every card does it in one tuple comparison.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["smallest_stacks", "stack_key"]

_AFTER_EVERY_CARD = 11


def stack_key(stack: Sequence[int]) -> tuple[int, ...]:
    """Sort key: smaller key, smaller stack (GP-3.1).

    The rules' own examples: 3-2 is smaller than 2-4, and 2-3-6 than 2-3.

    >>> stack_key([3, 2]) < stack_key([2, 4])
    True
    >>> stack_key([2, 3, 6]) < stack_key([2, 3])
    True
    """
    return (*sorted(stack), _AFTER_EVERY_CARD)


def smallest_stacks(stacks: Sequence[Sequence[int]], seats: Sequence[int]) -> list[int]:
    """The seats among ``seats`` whose stacks are the smallest (several if identical).

    >>> smallest_stacks([[2, 5], [5, 2], [1, 9]], [0, 1])
    [0, 1]
    >>> smallest_stacks([[2, 5], [5, 2], [1, 9]], [0, 1, 2])
    [2]
    """
    keys = {seat: stack_key(stacks[seat]) for seat in seats}
    low = min(keys.values())
    return [seat for seat in seats if keys[seat] == low]
