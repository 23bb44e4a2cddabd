"""Listings of events built on demand (cardcore.play.listing)."""

from __future__ import annotations

from itertools import combinations, permutations
from math import comb, factorial

from cardcore.games.goblin import Fold
from cardcore.play.listing import Listing, given, nth_combination, nth_permutation, worked_out


def test_the_nth_permutation_is_the_nth_of_itertools() -> None:
    """Every index of 0 to 6 items, in order (looked up for 2 to 5, worked out
    for the others)."""
    for count in range(7):
        items = "abcdef"[:count]
        assert [nth_permutation(items, i) for i in range(factorial(count))] == list(
            permutations(items))


def test_a_run_is_worked_out_only_when_needed() -> None:
    """Choosing a kind and reading another kind's events leaves a run unworked."""
    worked: list[str] = []

    def work() -> tuple[int, object]:
        worked.append("fold")
        return 3, lambda i: Fold(player="ABC"[i])

    listing = Listing([given("pass", ("p",)), worked_out("fold", work)])
    assert listing.kind_names() == ["pass", "fold"]
    assert listing.of_kind("pass")[0] == "p" and worked == []
    assert len(listing) == 4 and worked == ["fold"]
    assert listing[-1] == Fold(player="C") and listing == ["p", *(Fold(player=n) for n in "ABC")]
    assert listing.kinds == {"pass": [(0, 1)], "fold": [(1, 3)]}


def test_the_nth_combination_is_the_nth_of_itertools() -> None:
    """Every size of choice of 0 to 12 items, in itertools' order (looked up among
    at most ten items, worked out among more)."""
    for count in range(13):
        items = "abcdefghijkl"[:count]
        for size in range(count + 1):
            assert [nth_combination(items, size, i) for i in range(comb(count, size))] == list(
                combinations(items, size))
