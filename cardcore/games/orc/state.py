"""The Orc Poker state: immutable, per-seat data as tuples."""

from __future__ import annotations

import enum

import attrs

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.games.orc.options import OrcOptions
from cardcore.ledger import Ledger
from cardcore.protocol import per_seat
from cardcore.seats import live_seats
from cardcore.zones import DISCARD, STOCK, CardAccount, hand

__all__ = ["ACTION", "DISCARD", "MAX_PLAYERS", "PITCHED", "STOCK", "OrcState", "Phase", "hand",
           "row_text", "row_zone"]

PITCHED = "the pitched cards"
"""The zone of the cards pitched face down in an action phase, on their way into the
action deck (OP-3.1)."""
ACTION = "the action deck"
"""The cards of the action deck whose place in it the record does not give."""

HAND_SIZE = 6
"""Cards dealt to each player (OP-1.3)."""
MAX_PLAYERS = 8
"""The most players at a table (RULES.md, Orc Poker header)."""
PHASES = 5
"""At most 5 action phases per round (OP-3)."""


def row_zone(name: str) -> str:
    """The zone of a player's row, face up in front of them (OP-2.1)."""
    return f"{name}'s row"


class Phase(enum.Enum):
    """What the game waits for. ``DEAL``: before a round (the first one, or the next);
    ``REVEAL``: every player reveals the first card of their row (OP-2.1); ``TIEBREAK``: the
    tied players play one more card each (OP-2.3); ``PITCH``: every player still in puts a
    card face down (OP-3.1); ``TURNS``: players draw or give up in turn (OP-3.2); ``OVER``:
    the game is over (nothing may come but a check)."""

    DEAL = 1
    REVEAL = 2
    TIEBREAK = 3
    PITCH = 4
    TURNS = 5
    OVER = 6


def row_text(row: tuple[PairsCard, ...], stacked: tuple[tuple[int, PairsCard], ...] = ()) -> str:
    """A row as the rules write it: visible cards in order, stacked ones in brackets.

    >>> row_text((9,), ((1, 9),))
    '9-(9)'
    >>> row_text((2, 4))
    '2-4'
    """
    parts: list[str] = []
    for place in range(len(row) + 1):
        if place:
            parts.append(str(row[place - 1]))
        parts += [f"({card})" for after, card in stacked if after == place]
    return "-".join(parts)


@attrs.frozen(kw_only=True, slots=False)
class OrcState:
    """An Orc Poker game between two events (slots=False, for evolve): the chips,
    the round and action phase, the rows, the cards, the action deck."""

    options: OrcOptions
    """The game's options."""
    players: tuple[str, ...]
    """The players, clockwise in seat order; per-seat fields are tuples in this order."""
    phase: Phase = Phase.DEAL
    """What the game waits for (:data:`Phase`)."""
    round: int = 0
    """The round being played (or the last one played, between rounds)."""
    action_phase: int = 0
    """The action phase being played; 0 while the start player is found (OP-2)."""
    ledger: Ledger
    """The chips: per seat, the pot and what was forgiven (OP-1.1, OP-1.2)."""
    in_round: tuple[bool, ...] = per_seat(False)
    """Neither busted nor given up this round (everyone is dealt in, OP-1.2)."""
    rows: tuple[tuple[PairsCard, ...], ...] = per_seat(())
    """The visible sequence of each row, in the order played (stacked cards add nothing)."""
    stacked: tuple[tuple[tuple[int, PairsCard], ...], ...] = per_seat(())
    """Stacked tie-break cards (OP-2.4): (visible cards before it, card), for telling only."""
    account: CardAccount[PairsCard] = attrs.field(factory=lambda: CardAccount.shuffled(PAIRS_DECK))
    """Where every card is (each hand and row, the stock, the action deck...), known
    or not: the card account the kernel checks every move against (C-1)."""
    tied: tuple[int, ...] = ()
    """Tie-break: the seats still tied."""
    moot_choice: tuple[int, ...] = ()
    """Admissible seats of an OP-2.5 table choice that OP-3.1 made moot (the round
    ended at once); a ``ruling`` may still record it until the next deal."""
    start_player: int | None = None
    """The start player of the current action phase (OP-2, OP-3.7)."""
    turns: tuple[int, ...] = ()
    """Seats still to draw or give up in this action phase, in order."""
    deck: tuple[PairsCard | None, ...] = ()
    """The action deck, top first: a card where the pitch's ``order`` gave it, else None."""
    bankrupt: tuple[int, ...] = ()
    """Seats that could not pay in full this round (OP-1.2): the game ends after it."""
    ended_by: str = ""
    """Why the game is over, in words (empty while it is not)."""

    def active(self) -> tuple[int, ...]:
        """Seats still in the current round."""
        return live_seats(self.in_round)

    def hand_size(self, seat: int) -> int:
        """Cards in ``seat``'s hand (known or not)."""
        return self.account.size(hand(self.players[seat]))

    def row_text(self, seat: int) -> str:
        """``seat``'s row as the rules write it (:func:`row_text`)."""
        return row_text(self.rows[seat], self.stacked[seat])

    @property
    def complete(self) -> bool:
        """OP-4.2: the last round is played, or a round with a bankruptcy is over."""
        return self.phase is Phase.OVER
