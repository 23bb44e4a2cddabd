"""The chip ledger and the shortfall rule."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardcore.ledger import Ledger


def test_a_payment_within_means_is_paid_in_full() -> None:
    """No shortfall: nothing forgiven, owed not recorded."""
    ledger, paid = Ledger.start(("Aki", "Ben"), 10).pay(1, 4, "GP-4.2")
    assert ledger.chips == (10, 6) and ledger.pot == 4 and ledger.forgiven == 0
    assert paid.amount == 4 and paid.owed is None and paid.forgiven == 0


def test_shortfall_pays_all_and_forgives_the_rest() -> None:
    """The forgiven part never enters the pot."""
    ledger, paid = Ledger.start(("Aki", "Ben"), 3).pay(0, 7, "GP-4.6")
    assert ledger.chips == (0, 3) and ledger.pot == 3 and ledger.forgiven == 4
    assert (paid.amount, paid.owed, paid.forgiven) == (3, 7, 4)


def test_split_leaves_the_remainder_in_the_pot() -> None:
    """GP-6.2 / OP-4.1: equal shares; what does not divide stays."""
    ledger = Ledger(("A", "B", "C"), (0, 0, 0), pot=11)
    ledger, shares = ledger.split_pot((0, 2), "GP-6.2")
    assert ledger.chips == (5, 0, 5) and ledger.pot == 1
    assert [s.amount for s in shares] == [5, 5]


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 30)), max_size=40))
def test_chips_are_conserved_by_any_payments(payments: list[tuple[int, int]]) -> None:
    """Players plus pot stay constant; forgiven equals owed minus paid."""
    ledger = Ledger.start(("A", "B", "C", "D"), 20)
    owed = paid = 0
    for seat, amount in payments:
        ledger, transfer = ledger.pay(seat, amount, "X")
        owed += amount
        paid += transfer.amount
        assert min(ledger.chips) >= 0
    assert ledger.total == 80
    assert ledger.forgiven == owed - paid
    ledger, _ = ledger.take_pot(2, "X")
    assert ledger.pot == 0 and ledger.total == 80
