"""Aligning two sequences of events: missing, extra and differing ones, bounded."""

from __future__ import annotations

import random
from itertools import pairwise

from cardcore.replay.alignment import DIFFERS, EXTRA, MISSING, Gap, align


def _eq(a: object, b: object) -> bool:
    return a == b


def test_one_item_deleted_is_named_missing_and_the_rest_match() -> None:
    """A sequence of 100,000 with one item removed: one gap, at its place."""
    a = list(range(100_000))
    b = a[:12] + a[13:]
    found = align(a, b, _eq, lambda x: 0)
    assert found.gaps == (Gap(MISSING, 12, 12),) and found.gave_up is None


def test_an_extra_item_and_a_changed_one_further_on() -> None:
    """An insertion and, far after it, a replaced item of the same kind."""
    a = [("bet", i) for i in range(1000)]
    b = [*a[:5], ("fold", 99), *a[5:700], ("bet", -1), *a[701:]]
    found = align(a, b, _eq, lambda x: x[0])
    assert found.gaps == (Gap(EXTRA, 5, 5), Gap(DIFFERS, 700, 701))


def test_what_is_left_after_the_gaps_matches() -> None:
    """Removing the gaps' items from both sides leaves equal sequences (a common
    subsequence), and no shorter script exists for tiny cases checked by brute force."""
    rng = random.Random(7)
    for _ in range(200):
        a = [rng.choice("abc") for _ in range(rng.randint(0, 10))]
        b = [rng.choice("abc") for _ in range(rng.randint(0, 10))]
        gaps = align(a, b, _eq, lambda x: None).gaps
        gone_a = {g.left for g in gaps if g.kind in (MISSING, DIFFERS)}
        gone_b = {g.right for g in gaps if g.kind in (EXTRA, DIFFERS)}
        kept_a = [x for i, x in enumerate(a) if i not in gone_a]
        kept_b = [x for i, x in enumerate(b) if i not in gone_b]
        assert kept_a == kept_b, (a, b, gaps)


def test_unrelated_sequences_give_up_and_compare_by_position() -> None:
    """Two unrelated long sequences: the search stops at its budget."""
    a = [f"a{i}" for i in range(3000)]
    b = [f"b{i}" for i in range(2000)]
    found = align(a, b, _eq, lambda x: x[0], max_steps=10_000)
    assert found.gave_up == (0, 0)
    assert sum(g.kind == DIFFERS for g in found.gaps) == 2000
    assert sum(g.kind == MISSING for g in found.gaps) == 1000


def test_a_run_of_changed_items_is_each_one_that_differs() -> None:
    """Two neighbouring items each written otherwise are two items that differ, not
    two missing and two extra: the count is of items, whatever differs in each."""
    a = [("bet", i) for i in range(20)]
    b = [*a[:5], ("bet", -5), ("bet", -6), *a[7:]]
    found = align(a, b, _eq, lambda x: x[0])
    assert found.gaps == (Gap(DIFFERS, 5, 5), Gap(DIFFERS, 6, 6))


def test_an_item_replaced_by_one_of_another_kind_differs() -> None:
    """A bet at the place of a fold (another type, or another player) is one item
    written otherwise at that place, not one missing and one extra."""
    a = [("bet", i) for i in range(20)]
    b = [*a[:5], ("fold", 5), *a[6:]]
    found = align(a, b, _eq, lambda x: x[0])
    assert found.gaps == (Gap(DIFFERS, 5, 5),)


def test_in_a_run_items_of_one_kind_are_paired_first() -> None:
    """A run where A has a fold and two bets and B two changed bets and a raise: the
    bets are the pairs that differ, the fold is missing and the raise extra (by
    position alone, the fold would be paired with a bet and a bet with the raise)."""
    a = [("bet", i) for i in range(20)]
    b = [*a[:5], ("bet", -6), ("bet", -7), ("raise", 8), *a[8:]]
    a[5] = ("fold", 5)
    found = align(a, b, _eq, lambda x: x[0])
    assert found.gaps == (Gap(MISSING, 5, 5), Gap(DIFFERS, 6, 5), Gap(DIFFERS, 7, 6),
                          Gap(EXTRA, 8, 7))


def test_no_item_is_missing_right_beside_one_extra() -> None:
    """Random small sequences: an item of A missing is never named right beside an
    item of B extra at the same place (they would be one item that differs), and
    each item of either side is named at most once."""
    rng = random.Random(11)
    for _ in range(300):
        a = [rng.choice("aAbBc") for _ in range(rng.randint(0, 9))]
        b = [rng.choice("aAbBc") for _ in range(rng.randint(0, 9))]
        gaps = align(a, b, _eq, str.lower).gaps
        for before, gap in pairwise(gaps):
            ends = (before.left + (before.kind != EXTRA), before.right + (before.kind != MISSING))
            beside = (gap.left, gap.right) == ends
            assert not (beside and {before.kind, gap.kind} == {MISSING, EXTRA}), (a, b, gaps)
        named_a = [g.left for g in gaps if g.kind != EXTRA]
        named_b = [g.right for g in gaps if g.kind != MISSING]
        assert len(set(named_a)) == len(named_a) and len(set(named_b)) == len(named_b)


def test_the_pairing_of_runs_spends_the_search_budget() -> None:
    """With no more budget than the search itself needs, a run is paired by
    position (bounded for any input); with enough, events of one kind first."""
    a = [("head", 0), *[("q", i) for i in range(12)], ("tail", 0)]
    b = [("head", 0), ("p", 0), *[("q", -1 - i) for i in range(12)], ("tail", 0)]
    steps = next(n for n in range(1, 10_000)
                 if align(a, b, _eq, lambda x: x[0], max_steps=n).gave_up is None)
    tight = align(a, b, _eq, lambda x: x[0], max_steps=steps).gaps
    assert tight == (*[Gap(DIFFERS, 1 + i, 1 + i) for i in range(12)], Gap(EXTRA, 13, 13))
    ample = align(a, b, _eq, lambda x: x[0]).gaps
    assert ample == (Gap(EXTRA, 1, 1), *[Gap(DIFFERS, 1 + i, 2 + i) for i in range(12)])
