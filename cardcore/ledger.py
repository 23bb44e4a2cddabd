"""Chips per seat and the pot, with the shortfall rule.

Shortfall (RULES.md, common terms): a player who must pay more than they hold
pays all they hold; the rest is forgiven and never enters the pot. Hence chips
are conserved exactly: the players' chips plus the pot always equal the chips
the session started with. What was forgiven is tracked separately.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardcore.effects import POT, Transfer, transfer

__all__ = ["Ledger"]


@attrs.frozen(slots=False)
class Ledger:
    """Immutable chip accounts.

    >>> ledger = Ledger.start(("Aki", "Ben"), 3)
    >>> ledger, paid = ledger.pay(0, 5, "GP-4.2")
    >>> ledger.chips, ledger.pot, ledger.forgiven, str(paid)
    ((0, 3), 3, 2, 'Aki -> pot: 3 (owed 5, 2 forgiven) [GP-4.2]')
    >>> ledger, won = ledger.split_pot((0, 1), "GP-6.2")
    >>> ledger.chips, ledger.pot
    ((1, 4), 1)
    """

    players: tuple[str, ...]
    chips: tuple[int, ...]
    pot: int = 0
    forgiven: int = 0

    @classmethod
    def start(cls, players: Sequence[str], chips: int) -> Ledger:
        return cls(tuple(players), (chips,) * len(players))

    @property
    def total(self) -> int:
        """Chips on the table: every player's plus the pot (constant over a session)."""
        return sum(self.chips) + self.pot

    def pay(self, seat: int, owed: int, rule: str) -> tuple[Ledger, Transfer]:
        """``seat`` pays ``owed`` into the pot, or all they hold if that is less."""
        ledger, (transfer,) = self.pay_each((seat,), owed, rule)
        return ledger, transfer

    def pay_each(self, seats: Sequence[int], owed: int, rule: str
                 ) -> tuple[Ledger, tuple[Transfer, ...]]:
        """Each of ``seats`` pays ``owed`` into the pot (shortfall rule), in order:
        one new ledger for all of them (an ante round is one event).

        >>> ledger, paid = Ledger.start(("Aki", "Ben", "Cal"), 2).pay_each((0, 2), 3, "OP-1.2")
        >>> ledger.chips, ledger.pot, ledger.forgiven, [str(t) for t in paid]
        ((0, 2, 0), 4, 2, ['Aki -> pot: 2 (owed 3, 1 forgiven) [OP-1.2]', 'Cal -> pot: 2 (owed 3, 1 forgiven) [OP-1.2]'])
        """
        chips = list(self.chips)
        players = self.players
        pot = self.pot
        forgiven = self.forgiven
        transfers = []
        for seat in seats:
            held = chips[seat]
            paid = min(held, owed)
            chips[seat] = held - paid
            pot += paid
            forgiven += owed - paid
            transfers.append(transfer(players[seat], POT, paid, rule,
                                      owed if paid < owed else None))
        return _ledger(players, tuple(chips), pot, forgiven), tuple(transfers)

    def take_pot(self, seat: int, rule: str) -> tuple[Ledger, Transfer]:
        """``seat`` takes the whole pot."""
        chips = list(self.chips)
        chips[seat] += self.pot
        won = transfer(POT, self.players[seat], self.pot, rule)
        return _ledger(self.players, tuple(chips), 0, self.forgiven), won

    def split_pot(self, seats: Sequence[int], rule: str) -> tuple[Ledger, tuple[Transfer, ...]]:
        """Share the pot equally among ``seats``; the remainder stays in the pot."""
        share = self.pot // len(seats)
        chips = list(self.chips)
        transfers = []
        for seat in seats:
            chips[seat] += share
            transfers.append(transfer(POT, self.players[seat], share, rule))
        pot = self.pot - share * len(seats)
        return _ledger(self.players, tuple(chips), pot, self.forgiven), tuple(transfers)


_new = object.__new__
_set = object.__setattr__


def _ledger(players: tuple[str, ...], chips: tuple[int, ...], pot: int, forgiven: int
            ) -> Ledger:
    """``Ledger(players, chips, pot, forgiven)`` without attrs' ``__init__``: the
    fold makes one for every payment."""
    made: Ledger = _new(Ledger)
    _set(made, "__dict__", {"players": players, "chips": chips, "pot": pot,
                            "forgiven": forgiven})
    return made
