"""A sequence of events built on demand: a seat may have thousands of legal
events (every order in which Auction's winner may lay five cards), of which a
policy usually looks at one, so an event is built only when it is read, and a
run of events whose number takes work to know (Auction's wins) is worked out
only when something asks for it."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, permutations
from typing import Any, Final, TypeVar, overload

__all__ = ["Listing", "Segment", "given", "listed", "nth_combination", "nth_permutation",
           "worked_out"]

T = TypeVar("T")

Build = Callable[[int], Any]
Segment = tuple[str, int, Build] | tuple[str, None, Callable[[], tuple[int, Build]]]
"""A run of one kind of event: its kind, how many and how to build the i-th; or
its kind, None and how to work out the other two when first needed."""


def _getters(indices: Iterable[tuple[int, ...]]) -> tuple[Callable[[Sequence[Any]], Any], ...]:
    return tuple(operator.itemgetter(*chosen) for chosen in indices)


_ORDERINGS: Final = {count: _getters(permutations(range(count))) for count in range(2, 6)}
_CHOICES: dict[tuple[int, int], tuple[Callable[[Sequence[Any]], Any], ...]] = {
    (count, size): _getters(combinations(range(count), size))
    for count in range(3, 6) for size in range(2, count)}
"""The orderings and choices of 2 to 5 items, by index, as getters (in C): a
random player's win lays a group or a hand of five in one of its orders, and
working the order out digit by digit cost more than all the rest of the win.
Choices among 6 to :data:`_TABLED` items are added when first asked for (an
Auction hand of ten shows one of its 252 fives at every show)."""

_TABLED: Final = 10
"""The most items whose choices are looked up (:data:`_CHOICES`): at most
1,024 getters a count, made once."""


def nth_permutation(items: Sequence[T], index: int) -> tuple[T, ...]:
    """The ``index``-th ordering of ``items`` in the order of
    :func:`itertools.permutations` (the factorial number system; looked up for
    2 to 5 items).

    >>> for index in (0, 1, 5):
    ...     print("".join(nth_permutation("abc", index)))
    abc
    acb
    cba
    """
    orderings = _ORDERINGS.get(len(items))
    if orderings is not None:
        ordered: tuple[T, ...] = orderings[index](items)
        return ordered
    pool = list(items)
    out = []
    for left in range(len(pool), 0, -1):
        place, index = divmod(index, math.factorial(left - 1))
        out.append(pool.pop(place))
    return tuple(out)


def nth_combination(items: Sequence[T], size: int, index: int) -> tuple[T, ...]:
    """The ``index``-th choice of ``size`` of ``items`` in the order of
    :func:`itertools.combinations` (the combinatorial number system), without
    making the others: a hand of fifteen has 3,003 fives to show. One item, or
    all of them, or a choice among at most ten items is found at once.

    >>> pairs = ["".join(nth_combination("abcd", 2, index)) for index in range(6)]
    >>> pairs
    ['ab', 'ac', 'ad', 'bc', 'bd', 'cd']
    """
    count = len(items)
    if size == 1:
        return (items[index],)
    if size == count:
        return tuple(items)
    choices = _CHOICES.get((count, size))
    if choices is None and size and count <= _TABLED:  # (no getter picks none)
        choices = _CHOICES[count, size] = _getters(combinations(range(count), size))
    if choices is not None:
        chosen: tuple[T, ...] = choices[index](items)
        return chosen
    out = []
    start = 0
    for left in range(size, 0, -1):
        while True:  # skip the choices that start with items[start]: comb(...) of them
            with_it = math.comb(count - start - 1, left - 1)
            if index < with_it:
                break
            index -= with_it
            start += 1
        out.append(items[start])
        start += 1
    return tuple(out)


class Listing(Sequence[Any]):
    """Events in segments, each of one kind (:data:`Segment`). Equal to another
    sequence of the same events in the same order; :meth:`kind_names` and
    :meth:`of_kind` let a policy choose a kind first without building or even
    counting the events of the others.

    >>> from cardcore.games.goblin import Fold
    >>> listing = Listing([("fold", 2, lambda i: Fold(player="AB"[i]))])
    >>> len(listing), listing[1].player, [e.player for e in listing]
    (2, 'B', ['A', 'B'])
    """

    __slots__ = ("_segments",)

    def __init__(self, segments: Sequence[Segment]) -> None:
        # a loop, not a comprehension: a listing is made every step of every game,
        # of a few segments, and a comprehension is one more call
        kept: list[Any] = []
        for segment in segments:
            if segment[1] is None:  # a run to work out: a list, to keep what it works out
                kept.append(list(segment))
            elif segment[1]:
                kept.append(segment)
        self._segments = kept

    @classmethod
    def kept(cls, segments: list[Any]) -> Listing:
        """A listing of ``segments`` as a listing keeps them (a run to work out as a
        list, no empty run), without looking at each: for a game's play module that
        makes one every step and knows its segments are so."""
        made = cls.__new__(cls)
        made._segments = segments
        return made

    def _count(self, segment: Any) -> int:
        if segment[1] is None:  # a run worked out when first needed (a list, so it keeps it)
            segment[1], segment[2] = segment[2]()
        count: int = segment[1]
        return count

    def __len__(self) -> int:
        return sum(self._count(segment) for segment in self._segments)

    def segments(self) -> list[Segment]:
        """The segments, as given (those worked out so far, worked out)."""
        return [(kind, count, build) for kind, count, build in self._segments]

    def kind_names(self) -> list[str]:
        """The kinds of event listed, in order, without working any run out (a run
        worked out later may turn out empty)."""
        names = []
        for segment in self._segments:
            if segment[0] not in names:  # a few segments: a list beats a dict here
                names.append(segment[0])
        return names

    def holds(self, kind: str) -> bool:
        """Whether a segment of ``kind`` is listed (without working any run out:
        one worked out later may turn out empty)."""
        for segment in self._segments:  # noqa: SIM110 - any() of a generator: one more frame
            if segment[0] == kind:
                return True
        return False

    def pick(self, kind: str, fraction: float) -> Any:
        """The event at ``fraction`` (0 <= fraction < 1) of the way through the events
        of one kind (None if it has none): a random player's draw, without building
        a listing of the kind."""
        segments = self._segments
        count = 0
        found = None
        for segment in segments:
            if segment[0] == kind:
                count += self._count(segment)
                if found is None:
                    found = segment
        if not count:
            return None
        if found is not None and count == found[1]:  # one run of the kind (nearly always)
            return found[2](int(fraction * count))
        index = int(fraction * count)
        for segment in self._segments:
            if segment[0] == kind:
                if index < segment[1]:
                    return segment[2](index)
                index -= segment[1]
        raise AssertionError("unreachable")  # pragma: no cover

    def of_kind(self, kind: str) -> Listing:
        """The events of one kind."""
        return Listing([segment for segment in self.segments() if segment[0] == kind])

    @property
    def kinds(self) -> dict[str, list[tuple[int, int]]]:
        """Per kind of event, where its runs are: (first index, length)."""
        found: dict[str, list[tuple[int, int]]] = {}
        start = 0
        for segment in self._segments:
            count = self._count(segment)
            if count:
                found.setdefault(segment[0], []).append((start, count))
            start += count
        return found

    def plus(self, segment: Segment) -> Listing:
        """This listing with one more segment at the end (the runs worked out so far
        stay worked out)."""
        more = Listing.__new__(Listing)  # the segments are this listing's, as they are
        more._segments = [*self._segments, segment if segment[1] is not None else list(segment)]
        return more

    def __add__(self, other: Listing) -> Listing:
        return Listing([*self.segments(), *other.segments()])

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index >= 0:
            for segment in self._segments:
                count = self._count(segment)
                if index < count:
                    return segment[2](index)
                index -= count
        raise IndexError("listing index out of range")

    def __iter__(self) -> Iterator[Any]:
        for segment in self._segments:
            count = self._count(segment)  # first: working a run out replaces its builder
            build = segment[2]
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


def worked_out(kind: str, work: Callable[[], tuple[int, Build]]) -> Segment:
    """A segment whose length and builder ``work`` works out when first needed."""
    return kind, None, work
