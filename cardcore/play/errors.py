"""Every error of the play layer, each a :class:`~cardcore.errors.CardcoreError`,
in one place as the kernel's (:mod:`cardcore.errors`) and the replay layer's
(:mod:`cardcore.replay.errors`) are; the module that raises one also exports it.
"""

from __future__ import annotations

from cardcore.errors import CardcoreError, RuleViolation

__all__ = ["CatalogueError", "DealerError", "PolicyError", "RefusedAnswer", "ResumeError",
           "SeatError", "WeightError", "whose_policy"]


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


class RefusedAnswer(RuleViolation):
    """A policy's answer that the rules refuse, in a game the loop plays: the rules'
    refusal (its rule, message and path, as a :class:`~cardcore.errors.RuleViolation`
    has them, so that a program catching those catches this) and the seat whose
    policy answered it, which the refusal alone does not say (a study names the
    seat of the user's policy that broke a rule).

    >>> refused = RefusedAnswer(RuleViolation("C-5", "Ben cannot fold now"), 1, "Ben")
    >>> str(refused), refused.rule, refused.seat
    ("seat 1's policy (Ben) answered an event the rules refuse: Ben cannot fold now (C-5)", 'C-5', 1)
    """

    def __init__(self, refusal: RuleViolation, seat: int, player: str) -> None:
        super().__init__(refusal.rule, refusal.message, refusal.path, refusal.also)
        self.refusal = refusal
        """The rules' refusal itself."""
        self.seat = seat
        self.player = player

    def __str__(self) -> str:
        return f"{whose_policy(self.seat, self.player)} answered an event the rules refuse: " \
               f"{self.refusal}"


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


def whose_policy(seat: int, name: str) -> str:
    """A seat's policy, in words that name its seat (as a program counts them,
    from 0) and its player (as a record and the command line name them): every
    message about a policy's answer begins so.

    >>> whose_policy(1, "P2")
    "seat 1's policy (P2)"
    """
    return f"seat {seat}'s policy ({name})"
