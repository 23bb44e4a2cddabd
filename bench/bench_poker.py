"""Benchmark cardcore.poker against treys, the pure-Python peer, on the same random hands.

    python bench/bench_poker.py [--hands N] [--seed S] [--treys-ten M]

Times, per hand: best of 7 cards (Saint Poker: river + two), ours vs
``treys.Evaluator.evaluate(board, hand)``; best of 10 cards (an Auction hand),
ours vs treys over all 252 five-card subsets. Both sides get their cards
already converted to their own representation, outside the timed loop, and
are timed in alternating chunks. The treys 10-card side is slow, so it times
only the first ``--treys-ten`` hands and the output says so. Also times ``import cardcore.poker`` in a fresh
interpreter. Needs treys (``pip install treys``, the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cardcore.cards import SUITS, Card
from cardcore.poker import best_hand

try:
    import treys  # type: ignore[import-untyped]
except ImportError:
    treys = None


def race(
    ours: Callable[[Sequence[Any]], object],
    our_hands: Sequence[Any],
    theirs: Callable[[Sequence[Any]], object],
    their_hands: Sequence[Any],
    chunks: int = 20,
    repeat: int = 3,
) -> tuple[float, float]:
    """Microseconds per hand for both sides, timed chunk by chunk in turn.

    Interleaving makes both sides see the same machine: a shared or throttled
    CPU drifts by tens of percent within seconds. Each side keeps its best
    (least disturbed) of ``repeat`` passes.
    """
    chunks = max(1, min(chunks, len(our_hands), len(their_hands)))
    best_ours = best_theirs = float("inf")
    for _ in range(repeat):
        spent_ours = spent_theirs = 0.0
        for i in range(chunks):
            mine = our_hands[i * len(our_hands) // chunks : (i + 1) * len(our_hands) // chunks]
            other = their_hands[
                i * len(their_hands) // chunks : (i + 1) * len(their_hands) // chunks
            ]
            start = time.perf_counter()
            ours(mine)
            middle = time.perf_counter()
            theirs(other)
            spent_ours += middle - start
            spent_theirs += time.perf_counter() - middle
        best_ours, best_theirs = min(best_ours, spent_ours), min(best_theirs, spent_theirs)
    return best_ours / len(our_hands) * 1e6, best_theirs / len(their_hands) * 1e6


def import_ms() -> tuple[float, float]:
    """Fresh-interpreter import time of cardcore.poker: in all, and on top of cardcore.cards."""
    code = (
        "import time; t0 = time.perf_counter(); import cardcore.cards; "
        "t1 = time.perf_counter(); import cardcore.poker; t2 = time.perf_counter(); "
        "print((t2 - t0) * 1e3, (t2 - t1) * 1e3)"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, check=True, capture_output=True, text=True
    )
    total, own = map(float, out.stdout.split())
    return total, own


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands (100000)")
    parser.add_argument("--seed", type=int, default=20240501, help="random seed")
    parser.add_argument(
        "--treys-ten", type=int, default=2_000, help="hands timed for treys' 252-subset side (2000)"
    )
    args = parser.parse_args(argv)
    if args.hands < 1 or args.treys_ten < 1:
        parser.error("--hands and --treys-ten must be at least 1")
    if treys is None:
        print(
            "bench_poker: treys is not installed; run `pip install treys` "
            "(or `pip install -e .[bench]`)",
            file=sys.stderr,
        )
        return 2

    deck = [Card(rank, suit) for rank in range(2, 15) for suit in SUITS]
    to_treys = {
        card: treys.Card.new("23456789TJQKA"[card.rank - 2] + card.suit.lower()) for card in deck
    }
    rng = random.Random(args.seed)
    ours = [tuple(rng.sample(deck, 10)) for _ in range(args.hands)]
    theirs = [[to_treys[card] for card in hand] for hand in ours]
    sevens = [hand[:7] for hand in ours]
    boards = [hand[:5] for hand in theirs]
    holes = [hand[5:7] for hand in theirs]
    evaluator = treys.Evaluator()
    evaluate, five = evaluator.evaluate, evaluator._five  # _five: treys' own 5-card step
    ten_subset = theirs[: min(args.treys_ten, args.hands)]

    # Warm up both (our lazy tables; treys builds its table in the constructor) and
    # check that they agree on which of two hands is better, with 7 and 10 cards.
    pairs = list(zip(ours[:400], theirs[:400], strict=True))[: len(ours) // 2 * 2]
    for (a, ta), (b, tb) in zip(pairs[::2], pairs[1::2], strict=True):
        for size in (7, 10):
            we_say = best_hand(a[:size]) > best_hand(b[:size])
            they_say = min(map(five, combinations(ta[:size], 5))) < min(
                map(five, combinations(tb[:size], 5))
            )
            if we_say != they_say:
                print(
                    f"bench_poker: cardcore and treys disagree: {a[:size]} vs {b[:size]}",
                    file=sys.stderr,
                )
                return 1

    def ours_best(hands: Sequence[tuple[Card, ...]]) -> None:
        for hand in hands:
            best_hand(hand)

    def treys_7(hands: Sequence[tuple[list[int], list[int]]]) -> None:
        for board, hole in hands:
            evaluate(board, hole)

    def treys_10(hands: Sequence[list[int]]) -> None:
        for hand in hands:
            min(map(five, combinations(hand, 5)))

    n = args.hands
    ours7, treys7 = race(ours_best, sevens, treys_7, list(zip(boards, holes, strict=True)))
    ours10, treys10 = race(ours_best, ours, treys_10, ten_subset, repeat=2)

    print(f"{n} random hands, seed {args.seed}, Python {sys.version.split()[0]}")
    total, own = import_ms()
    print(
        f"import cardcore.poker (fresh interpreter): {total:.1f} ms, "
        f"of which {own:.1f} ms after cardcore.cards (attrs) is loaded"
    )
    print(f"{'':26}{'cardcore':>12}{'treys':>12}{'treys/ours':>12}")
    print(f"{'best of 7 (us/hand)':26}{ours7:12.2f}{treys7:12.2f}{treys7 / ours7:11.1f}x")
    print(f"{'best of 10 (us/hand)':26}{ours10:12.2f}{treys10:12.2f}{treys10 / ours10:11.1f}x")
    print(
        f"(treys best of 10 = min of evaluator._five over all 252 subsets, timed on the first "
        f"{len(ten_subset)} hands and given per hand; cardcore timed on all {n})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
