"""Tallies of many games: exact sums that add in any order, and their intervals."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from cardcore.replay.tally import GameResult, Paired, Sums, Tally, mean_interval, wilson


def _result(events: int, winners: tuple[int, ...], finals: tuple[int | Fraction, ...],
            ending: str = "X-1: over", rules: tuple[tuple[str, int], ...] = (("X-1", 1),)
            ) -> GameResult:
    return GameResult(events=events, deals=1, ending=ending, rules=rules, winners=winners,
                      finals=finals)


RESULTS = [
    _result(10, (0,), (30, 10)),
    _result(12, (1,), (5, 35), ending="X-2: bust", rules=(("X-1", 2), ("X-2", 1))),
    _result(10, (0, 1), (20, 20)),
    _result(7, (1,), (Fraction(1, 2), Fraction(79, 2))),
]


def test_wilson_matches_the_interval_worked_by_hand() -> None:
    """50 of 100: centre 0.5, half-width 1.96 * sqrt(0.0025 + 3.8415 / 40000) / 1.038415;
    0 of 10: the interval starts at 0 and ends at 2 * 0.19207 / 1.38415."""
    assert wilson(50, 100) == (0.4038, 0.5962)
    assert wilson(0, 10) == (0.0, 0.2775)
    assert wilson(0, 0) == (0.0, 1.0)


def test_tallies_add_the_same_in_any_order_and_grouping() -> None:
    """Every order of adding the games' tallies gives one tally (merging is exact)."""
    tallies = [Tally.of(result) for result in RESULTS]
    sums = set()
    for order in itertools.permutations(tallies):
        left = (order[0] + order[1]) + (order[2] + order[3])
        right = order[0] + (order[1] + (order[2] + order[3]))
        assert left == right
        sums.add(left)
    assert len(sums) == 1


def test_a_tally_counts_wins_shared_wins_endings_and_rules() -> None:
    """Each winner of a shared game counts a win; a rule counts once per game in
    rule_games and once per effect in rule_effects."""
    total = Tally(seats=2)
    for result in RESULTS:
        total += Tally.of(result)
    assert total.games == 4
    assert total.wins == (2, 3)
    assert total.shared == 1
    assert total.events == ((7, 1), (10, 2), (12, 1))
    assert total.endings == (("X-1: over", 3), ("X-2: bust", 1))
    assert total.rule_games == (("X-1", 4), ("X-2", 1))
    assert total.rule_effects == (("X-1", 5), ("X-2", 1))
    assert total.finals[0] == ((Fraction(1, 2), 1), (5, 1), (20, 1), (30, 1))


def test_paired_differences_are_versus_minus_base_per_game() -> None:
    """A game won by seat 0 under the base and by seat 1 under versus: seat 0's win
    difference is -1 and seat 1's +1; the final figures' differences are summed exactly."""
    paired = Paired.of(RESULTS[0], RESULTS[1]) + Paired.of(RESULTS[2], RESULTS[2])
    assert paired.wins == (Sums(2, -1, 1), Sums(2, 1, 1))
    assert paired.finals[0] == Sums(2, -25, 625)
    assert paired.events == Sums(2, 2, 4)


def test_mean_interval_is_students_t_interval_of_the_mean() -> None:
    """Differences 1, -1, 1, -1: mean 0, sample variance 4/3, half-width
    t(3 df) * sqrt(4/3 / 4) = 3.1824 * 0.5774 = 1.8374 (the normal 1.96 gave a
    far too narrow 1.1316 for four games); two games 1 and -1: 12.7062 * 1;
    one game: unbounded; no spread at all: a zero interval."""
    assert mean_interval(Sums.of([1, -1, 1, -1])) == (0.0, -1.8374, 1.8374)
    assert mean_interval(Sums.of([1, -1])) == (0.0, -12.7062, 12.7062)
    assert mean_interval(Sums.of([3])) == (3.0, -math.inf, math.inf)
    assert mean_interval(Sums.of([2, 2, 2])) == (2.0, 2.0, 2.0)
    assert mean_interval(Sums()) == (0.0, 0.0, 0.0)
