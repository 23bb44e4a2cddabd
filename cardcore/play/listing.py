"""A sequence of events built on demand: a seat may have thousands of legal
events (every order in which Auction's winner may lay five cards), of which a
policy usually looks at one, so an event is built only when it is read."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar, overload

__all__ = ["Listing", "Segment", "given", "listed", "nth_permutation"]

T = TypeVar("T")


def nth_permutation(items: Sequence[T], index: int) -> tuple[T, ...]:
    """The ``index``-th ordering of ``items`` in the order of
    :func:`itertools.permutations` (the factorial number system).

    >>> [nth_permutation("abc", i) for i in (0, 1, 5)]
    [('a', 'b', 'c'), ('a', 'c', 'b'), ('c', 'b', 'a')]
    """
    pool = list(items)
    out = []
    for left in range(len(pool), 0, -1):
        block = math.factorial(left - 1)
        place, index = divmod(index, block)
        out.append(pool.pop(place))
    return tuple(out)


Segment = tuple[str, int, Callable[[int], Any]]
"""A run of one kind of event: its kind, how many, and how to build the i-th."""


class Listing(Sequence[Any]):
    """Events in segments: each segment is ``count`` events of one kind, the
    ``i``-th built by ``build(i)``. Equal to another sequence of the same events
    in the same order; :meth:`runs` says where each kind is without building any.

    >>> from cardcore.games.goblin import Fold
    >>> listing = Listing([("fold", 2, lambda i: Fold(player="AB"[i]))])
    >>> len(listing), listing[1].player, [e.player for e in listing]
    (2, 'B', ['A', 'B'])
    """

    __slots__ = ("_segments", "_starts", "_total", "kinds")

    def __init__(self, segments: Sequence[Segment]) -> None:
        self._segments: list[tuple[int, Callable[[int], Any]]] = []
        self._starts: list[int] = []
        self.kinds: dict[str, list[tuple[int, int]]] = {}
        """Per kind of event, where its runs are: (first index, length)."""
        total = 0
        for kind, count, build in segments:
            if count:
                self._segments.append((count, build))
                self._starts.append(total)
                runs = self.kinds.get(kind)
                if runs is None:
                    self.kinds[kind] = [(total, count)]
                else:
                    runs.append((total, count))
                total += count
        self._total = total

    def __len__(self) -> int:
        return self._total

    def segments(self) -> list[Segment]:
        """The segments, as given (without empty ones)."""
        kinds = {start: kind for kind, runs in self.kinds.items() for start, _ in runs}
        return [(kinds[start], count, build)
                for start, (count, build) in zip(self._starts, self._segments, strict=True)]

    def __add__(self, other: Listing) -> Listing:
        return Listing([*self.segments(), *other.segments()])

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._total))]
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError("listing index out of range")
        for count, build in self._segments:
            if index < count:
                return build(index)
            index -= count
        raise AssertionError("unreachable")  # pragma: no cover

    def __iter__(self) -> Iterator[Any]:
        for count, build in self._segments:
            for i in range(count):
                yield build(i)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Listing({len(self)} events)"


def listed(kind: str, items: Sequence[Any], build: Callable[[Any], Any]) -> Segment:
    """A segment of one event per item."""
    return kind, len(items), lambda i: build(items[i])


def given(kind: str, events: Sequence[Any]) -> Segment:
    """A segment of events already built."""
    return kind, len(events), events.__getitem__
