"""The refill order (SP-2.6): who takes the next card from the pool.

Players pick weakest hand first, best hand last, then a second pass in the
same order. Among equal hands the younger player picks first. The RULES.md
ruling makes the order a table choice when the tied players' ages are not all
given or are equal; the first ``take`` among them (or a ``ruling``) fixes it.

Applied as the ruling reads: when any of the tied players' ages is missing,
their whole order is a table choice (ages that are given do not constrain it:
the ruling speaks of the tied players' ages as a whole). When all are given, the
younger picks first, and players of equal age among them are a table choice.
A choice settles one place at a time: with three or more equal hands another
choice may follow.

The first-pass order is kept in the state as far as it is fixed
(:attr:`SaintState.order`): every pick the rules force is appended at once, and
a table choice appends the chosen player and then whatever that forces.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.games.saint.state import SaintState
from cardcore.poker import HandRank
from cardcore.table import names

__all__ = ["Groups", "candidates", "choice_reason", "fix_forced", "groups", "next_pickers",
           "order_text", "pick_reason", "refusal"]

Groups = tuple[tuple[int, ...], ...]
"""Seats grouped by equal hands, weakest first (:func:`groups`)."""


def groups(hands: Sequence[HandRank]) -> Groups:
    """Seats grouped by equal hands, weakest group first, seat order within a group.

    >>> from cardcore.poker import Category
    >>> pair, flush = HandRank(Category.PAIR, (5,), (9, 8, 7)), HandRank(Category.FLUSH, (9, 7, 5, 4, 2))
    >>> groups([flush, pair, flush])
    ((1,), (0, 2))
    """
    # On the keys, not the HandRanks: tuple comparisons run in C, HandRank's
    # __eq__/__lt__/__hash__ in Python. The sort is stable: seat order within a group.
    keys = [value.key for value in hands]
    ranking: list[list[int]] = []
    previous: tuple[int, ...] | None = None
    for seat in sorted(range(len(keys)), key=keys.__getitem__):
        key = keys[seat]
        if key == previous:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
            previous = key
    return tuple([tuple(group) for group in ranking])


def _younger(ages: Sequence[int | None], a: int, b: int) -> bool:
    """``a`` is known to be younger than ``b``: both ages given and ``a``'s smaller."""
    age_a, age_b = ages[a], ages[b]
    return age_a is not None and age_b is not None and age_a < age_b


def _all_aged(group: Sequence[int], ages: Sequence[int | None]) -> bool:
    return all(ages[seat] is not None for seat in group)


def _placing(order: Sequence[int], ranking: Groups) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The weakest group with players still to be placed in the order, and those players."""
    placed = set(order)
    for group in ranking:
        left = tuple(seat for seat in group if seat not in placed)
        if left:
            return group, left
    return (), ()


def _left(order: Sequence[int], ranking: Groups) -> tuple[int, ...]:
    return _placing(order, ranking)[1]


def candidates(order: Sequence[int], ranking: Groups, ages: Sequence[int | None]) -> tuple[int, ...]:
    """Who may be placed next in the first-pass order (empty once all are placed).

    >>> candidates((), ((2,), (0, 1)), (None, None, None))
    (2,)
    >>> candidates((2,), ((2,), (0, 1)), (None, None, None))
    (0, 1)
    >>> candidates((2,), ((2,), (0, 1)), (40, 30, None))
    (1,)
    >>> candidates((), ((0, 1, 2),), (30, None, 20))
    (0, 1, 2)
    >>> candidates((), ((0, 1, 2),), (30, 20, 20))
    (1, 2)
    """
    group, left = _placing(order, ranking)
    return _admissible(group, left, ages)


def _admissible(group: Sequence[int], left: Sequence[int], ages: Sequence[int | None]
                ) -> tuple[int, ...]:
    """Who of ``left``, the players of ``group`` still to be placed, may be placed
    next: the youngest when every age of the group is given, else any of them."""
    if len(left) <= 1 or not _all_aged(group, ages):
        return tuple(left)
    youngest = min(ages[seat] or 0 for seat in left)
    return tuple(seat for seat in left if ages[seat] == youngest)


def fix_forced(order: tuple[int, ...], ranking: Groups, ages: Sequence[int | None]) -> tuple[int, ...]:
    """``order`` extended by every place the rules decide, up to the next table choice.

    >>> fix_forced((), ((3,), (0, 2), (1,)), (None,) * 4)
    (3,)
    >>> fix_forced((3, 2), ((3,), (0, 2), (1,)), (None,) * 4)
    (3, 2, 0, 1)
    >>> fix_forced((), ((3,), (0, 2), (1,)), (31, None, 27, None))
    (3, 2, 0, 1)
    """
    # The groups one by one, as :func:`candidates` would find them in turn, but
    # without looking for the weakest unplaced group again for every place.
    placed = set(order)
    fixed = list(order)
    for group in ranking:
        left = [seat for seat in group if seat not in placed]
        while len(left) > 1:  # the last one left is forced; before, ages may decide
            admissible = _admissible(group, left, ages)
            if len(admissible) != 1:
                return tuple(fixed)
            fixed.append(admissible[0])
            left.remove(admissible[0])
        fixed += left
    return tuple(fixed)


def next_pickers(state: SaintState) -> tuple[tuple[int, ...], bool]:
    """The seat(s) whose pick is next, and whether it is a table choice among them."""
    slot = state.picks % len(state.players)
    if slot < len(state.order):
        return (state.order[slot],), False
    return candidates(state.order, groups(state.hands), state.ages), True


def _group_of(seat: int, ranking: Groups) -> tuple[int, ...]:
    return next(group for group in ranking if seat in group)


def pick_reason(state: SaintState, seat: int) -> str:
    """Why ``seat`` picks now, in words (for ``expected`` and C-5 messages)."""
    players = state.players
    name = players[seat]
    count = len(players)
    if state.picks >= count:
        order = ", ".join(players[s] for s in state.order)
        return f"the second pass goes in the same order as the first: {order}"
    ranking = groups(state.hands)
    before = state.order[: state.picks]
    group = _group_of(seat, ranking)
    value = state.hands[seat]
    if len(group) == 1:
        return f"{name}'s hand, {value}, is the weakest of those still to pick"
    left = tuple(s for s in group if s not in before)
    if len(left) == 1:
        picked = names(players, [s for s in group if s != seat])
        return (f"{name}'s hand, {value}, equal to {picked}'s, is the weakest of those "
                "still to pick")
    tied = f"{names(players, left)} have equal hands, {value}, the weakest still to pick"
    if candidates(before, ranking, state.ages) == (seat,):
        return f"{tied}, and {name} is the youngest of them"
    first = "first" if len(left) == len(group) else "next"
    return f"{tied}, and the table chose {name} to pick {first} among them"


def choice_reason(state: SaintState, admissible: Sequence[int]) -> str:
    """Why the next pick is a table choice among ``admissible``, in words."""
    players = state.players
    ranking = groups(state.hands)
    group = _group_of(admissible[0], ranking)
    first = "first" if not set(group) & set(state.order) else "next"
    return (f"{names(players, sorted(admissible))} have equal hands "
            f"({state.hands[admissible[0]]}) and their ages do not decide who picks {first}")


def refusal(state: SaintState, seat: int, admissible: Sequence[int]) -> str:
    """Why ``seat`` may not pick next while that pick is a table choice among
    ``admissible``: a known younger player with an equal hand goes first, or
    ``seat`` is not among the equal hands whose turn it is."""
    players = state.players
    name = players[seat]
    left = _left(state.order, groups(state.hands))
    younger = [other for other in left if _younger(state.ages, other, seat)]
    choice = (f"the next pick is a table choice among {names(players, sorted(admissible))}, "
              f"since {choice_reason(state, admissible)}")
    if seat in left and younger:
        verb = "picks" if len(younger) == 1 else "pick"
        return (f"{names(players, younger)}, younger than {name} and with an equal hand, "
                f"{verb} before {name}; {choice}")
    return choice


def order_text(players: Sequence[str], ages: Sequence[int | None], ranking: Groups) -> str:
    """The refill order announced after the show (SP-2.6); ``ranking`` is
    ``groups(hands)``, which the show has worked out already. Given the players
    and ages, not a state, so that the show's effect can word it later."""
    parts = []
    for group in ranking:
        if len(group) == 1:
            parts.append(players[group[0]])
            continue
        decided = fix_forced((), (group,), ages)
        if len(decided) == len(group):
            parts.append(" then ".join(players[s] for s in decided)
                         + " (equal hands: the younger first)")
            continue
        aged = _all_aged(group, ages)
        how = ", the younger first, equal ages as the table chooses" if aged else ""
        parts.append(f"{names(players, group)} in an order the table chooses "
                     f"(equal hands{how})")
    return (f"refill order, weakest hand first: {', '.join(parts)}; "
            "then a second pass in the same order")
