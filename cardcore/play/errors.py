"""Every error of the play layer, each a :class:`~cardcore.errors.CardcoreError`,
in one place as the kernel's (:mod:`cardcore.errors`) and the replay layer's
(:mod:`cardcore.replay.errors`) are; the module that raises one also exports it.
"""

from __future__ import annotations

from cardcore.errors import CardcoreError

__all__ = ["CatalogueError", "DealerError", "PolicyError", "ResumeError", "SeatError",
           "WeightError"]


class CatalogueError(CardcoreError, KeyError):
    """A number that is no action of a catalogue, or an action no legal event has
    now. A ``KeyError`` too, as the catalogue's refusal was before it had a class
    of its own."""

    def __str__(self) -> str:  # a KeyError's str is the repr of its message
        return str(self.args[0]) if self.args else ""


class DealerError(CardcoreError):
    """The dealer was asked for a card it does not hold: the log was given chance
    events the dealer did not write (its stock and the state's disagree); or a
    program gave a :class:`~cardcore.play.Match` a player's event with a chance
    field filled in, which is the dealer's (the game's ``GamePlay.dealt``: Orc
    Poker's draw's card, Auction's ``from_stock``), or asked it to deal when the
    next step is not chance's."""


class PolicyError(CardcoreError):
    """Policies that cannot play a game, or an answer that cannot be taken: not
    one callable per seat (or one per player's name, a policy's class among
    them), a policy answering with something it was not offered (a pass where
    none is allowed, not an event, another player's act, an event of a kind not
    offered), a random player
    offered nothing to pick from; in a step taken together, a part that is not
    the seat's own, or a seat's second part, or a whole event given to a
    :class:`~cardcore.play.Match` once some seat's part is held."""


class ResumeError(CardcoreError):
    """A game :meth:`~cardcore.play.Match.resume` cannot play on: one that is over,
    one whose record leaves cards outside the stock unknown (a record with "?",
    where the dealer could not know what it holds), or a dealer given whose
    stock is not the game's."""


class SeatError(CardcoreError, IndexError):
    """A seat that is none of the table's: seats are the whole numbers 0 to n - 1,
    in the order of the players (a bool, a negative number or a name is none:
    ``-1`` is not the last seat). An ``IndexError`` too, as indexing the seats'
    views past the end was before it had a class of its own (``match.views[5]``)."""


class WeightError(CardcoreError):
    """A random player's weights name no kind of event of any game, or give a kind
    a weight that is not a number of 0 or more."""
