"""The Goblin Poker state: immutable, per-seat data as tuples."""

from __future__ import annotations

import enum

import attrs

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.games.goblin.options import GoblinOptions
from cardcore.ledger import Ledger
from cardcore.protocol import per_seat
from cardcore.seats import live_seats
from cardcore.zones import DISCARD, STOCK, CardAccount, hand

__all__ = ["DISCARD", "MAX_PLAYERS", "PITCHED", "STOCK", "Choice", "GoblinState", "Phase", "hand",
           "stack_zone"]

PITCHED = "the pitched cards"
"""The zone of the cards pitched in a round, face down until dealt onto the stacks
(GP-4.3, GP-4.5)."""


def stack_zone(name: str) -> str:
    """The zone of a player's stack, face up in front of them (GP-2.1)."""
    return f"{name}'s stack"


MAX_PLAYERS = 8
"""The most players at a table (RULES.md, Goblin Poker header)."""

class Phase(enum.Enum):
    """What the game waits for. ``DEAL``: before a game (the session's first, or the next one);
    ``REVEAL``: every player reveals a first stack card (GP-2.1); ``TIEBREAK``: tied players are dealt stack cards from the stock (GP-2.3);
    ``PLAY``: players pitch or fold in turn (GP-4.1); ``DEAL_STACKS``: the pitched cards are
    dealt onto the stacks (GP-4.5); ``OVER``: the game is over (nothing may come but a
    check)."""

    DEAL = 1
    REVEAL = 2
    TIEBREAK = 3
    PLAY = 4
    DEAL_STACKS = 5
    OVER = 6


class Choice(enum.Enum):
    """What a pending table choice decides."""

    START = "start"
    """The start player of a round (GP-2.4, GP-3.2)."""
    DEAL = "deal"
    """Whose stack the pitched cards are dealt to first (GP-3.2, GP-4.5)."""


@attrs.frozen(kw_only=True, slots=False)
class GoblinState:
    """A Goblin Poker session between two events: the chips, the game and round,
    who is still in, the stacks, the cards, and any tie-break or table choice
    under way. Not slotted, so that :func:`cardcore.evolve.evolve` copies it cheaply."""

    options: GoblinOptions
    """The session's options."""
    players: tuple[str, ...]
    """The players, clockwise in seat order; per-seat fields are tuples in this order."""
    ledger: Ledger
    """The chips: per seat, the pot and what was forgiven (GP-1.1, GP-4.2)."""
    phase: Phase = Phase.DEAL
    """What the game waits for (:data:`Phase`)."""
    games_started: int = 0
    """Games dealt so far in the session (the current one included)."""
    games_done: int = 0
    """Games of the session played to their end."""
    round: int = 0
    """The round being played; 0 while preparing (GP-2)."""
    in_session: tuple[bool, ...] = per_seat(True)
    """False once a player had no chips at a game start (GP-1.1)."""
    in_game: tuple[bool, ...] = per_seat(False)
    """Dealt into the current game and neither folded nor busted."""
    stacks: tuple[tuple[PairsCard, ...], ...] = per_seat(())
    """Per seat, the face-up cards of the player's stack in the order they came
    (GP-2.1, GP-4.6); what the min stack is read from (GP-3)."""
    account: CardAccount[PairsCard] = attrs.field(factory=lambda: CardAccount.shuffled(PAIRS_DECK))
    """Where every card is (each hand and stack, the stock, the pitched cards...),
    known or not: the card account the kernel checks every move against (C-1)."""
    tied: tuple[int, ...] = ()
    """Tie-break: the seats tied at the start of the current level."""
    waiting: tuple[int, ...] = ()
    """Tie-break: tied seats still to be dealt a card that does not pair."""
    level_cards: tuple[tuple[int, PairsCard], ...] = ()
    """Tie-break: (seat, card) dealt at the current level."""
    choice: tuple[int, ...] = ()
    """Admissible seats of a pending table choice (empty: none pending)."""
    choice_for: Choice = Choice.START
    """What the pending table choice decides (:class:`Choice`)."""
    choice_rule: str = ""
    """The rule that makes the pending choice the table's (GP-2.4 or GP-3.2), cited
    in its messages."""
    held_choice: tuple[int, tuple[PairsCard, ...]] | None = None
    """The seat the table chose among identical smallest stacks, and its stack
    then: the choice holds while that stack is unchanged (GP-3.2)."""
    turns: tuple[int, ...] = ()
    """Seats still to pitch or fold this round, in order."""
    receivers: tuple[int, ...] = ()
    """Seats still to be dealt a pitched card, in order (GP-4.5)."""
    ended_by: str = ""
    """Why the session is over, in words (empty while it is not)."""

    def active(self) -> tuple[int, ...]:
        """Seats still in the current game."""
        return live_seats(self.in_game)

    @property
    def complete(self) -> bool:
        """GP-6.3: over, or between games after at least one (without ``games``)."""
        if self.phase is Phase.OVER:
            return True
        return self.phase is Phase.DEAL and self.games_done >= 1 and self.options.games is None
