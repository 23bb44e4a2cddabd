"""Chips and points as effects: payments with the shortfall rule, antes, taking
and splitting a pot, splitting points. One implementation each, for every game,
so that every game words a payment the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, overload

from cardcore.effects import BANK, Effect, Transfer, effect, transfer
from cardcore.exact import Number
from cardcore.ledger import Ledger
from cardcore.table import names

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from cardcore.effects import Values

__all__ = ["ante_paid", "antes", "pay", "shortfall", "split_points", "split_pot", "take_pot"]


def shortfall(paid: Transfer) -> str:
    """Words for a payment the shortfall rule cut short (empty if paid in full).

    >>> shortfall(Transfer(payer="Aki", receiver="pot", amount=1, owed=3, rule="GP-4.2"))
    '; holds only 1, 2 forgiven'
    """
    if not paid.forgiven:
        return ""
    return f"; holds only {paid.amount}, {paid.forgiven} forgiven"


def pay(ledger: Ledger, seat: int, owed: int, rule: str, kind: str,
        words: Callable[[Unpack[Values]], str], args: tuple[Unpack[Values]]
        ) -> tuple[Ledger, Effect]:
    """``seat`` pays ``owed`` to the pot (shortfall rule); ``words(*args)`` says
    why, worded when read (:func:`cardcore.effects.effect`), with what the
    shortfall rule forgave after it."""
    ledger, paid = ledger.pay(seat, owed, rule)
    name = ledger.players[seat]
    return ledger, effect(kind, rule, _paid_text, (words, args, paid), (name,), (paid,))


def _paid_text(words: Callable[..., str], args: tuple[object, ...], paid: Transfer) -> str:
    return words(*args) + shortfall(paid)


def antes(ledger: Ledger, seats: Sequence[int], amount: int, rule: str
          ) -> tuple[Ledger, tuple[Effect, ...]]:
    """Every one of ``seats`` pays the ante, in seat order."""
    ledger, transfers = ledger.pay_each(seats, amount, rule)
    return ledger, tuple([ante_paid(paid, amount) for paid in transfers])


def ante_paid(paid: Transfer, amount: int) -> Effect:
    """The effect of one ante ``paid`` (of ``amount`` asked, shortfall rule), for
    a game that charges antes one by one."""
    return effect("ante", paid.rule, _ante_text, (paid, amount), (paid.payer,), (paid,))


def _ante_text(paid: Transfer, amount: int) -> str:
    return f"{paid.payer} pays the ante of {amount}" + shortfall(paid)


def take_pot(ledger: Ledger, seat: int, rule: str, why: str) -> tuple[Ledger, Effect]:
    """``seat`` takes the whole pot; ``why`` (e.g. "is the only player left")."""
    ledger, won = ledger.take_pot(seat, rule)
    name = ledger.players[seat]
    return ledger, effect("win", rule, _win_text, (name, why, won.amount), (name,), (won,))


def _win_text(name: str, why: str, amount: int) -> str:
    return f"{name} {why} and takes the pot of {amount}"


def split_pot(ledger: Ledger, seats: Sequence[int], rule: str, when: str, kept_for: str
              ) -> tuple[Ledger, Effect]:
    """``seats`` share the pot equally; the remainder stays for the next ``kept_for``."""
    ledger, shares = ledger.split_pot(seats, rule)
    players = ledger.players
    seats = tuple(seats)
    return ledger, effect("split", rule, _split_text,
                          (when, players, seats, shares[0].amount, ledger.pot, kept_for),
                          tuple([players[s] for s in seats]), shares)


def _split_text(when: str, players: tuple[str, ...], seats: tuple[int, ...], each: int,
                left: int, kept_for: str) -> str:
    return (f"{when}{names(players, seats)} split the pot ({each} each)"
            + (f"; {left} stays in the pot for the next {kept_for}" if left else ""))


@overload
def split_points(points: int, ways: int, exact: Literal[False]) -> int: ...
@overload
def split_points(points: int, ways: int, exact: bool) -> Number: ...
def split_points(points: int, ways: int, exact: bool) -> Number:
    """Each share of ``points`` split ``ways`` ways: rounded down, or an exact fraction.

    >>> split_points(7, 2, False), split_points(7, 2, True), split_points(8, 2, True)
    (3, Fraction(7, 2), 4)
    """
    if not exact:
        return points // ways
    from fractions import Fraction  # here: only an exact split (Auction's) makes one

    share = Fraction(points, ways)
    return share.numerator if share.denominator == 1 else share


def award(players: Sequence[str], seats: Sequence[int], share: Number, rule: str
          ) -> tuple[Transfer, ...]:
    """Points from nowhere to each of ``seats``, a transfer each, of 0 too: a share
    rounded down to nothing is still the player's share, as a pot split to
    nothing is (:meth:`~cardcore.ledger.Ledger.split_pot`), and a player's account
    (``replay --player``) shows it where their tie went."""
    return tuple([transfer(BANK, players[s], share, rule)  # type: ignore[arg-type]
                  for s in seats])
