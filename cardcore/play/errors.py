"""Every error of the play layer, each a :class:`~cardcore.errors.CardcoreError`,
in one place as the kernel's (:mod:`cardcore.errors`) and the replay layer's
(:mod:`cardcore.replay.errors`) are; the module that raises one also exports it.
"""

from __future__ import annotations

from cardcore.errors import CardcoreError

__all__ = ["DealerError", "PolicyError"]


class DealerError(CardcoreError):
    """The dealer was asked for a card it does not hold: the log was given chance
    events the dealer did not write (its stock and the state's disagree)."""


class PolicyError(CardcoreError):
    """A policy answered with something it was not offered (a pass where none is
    allowed, or not an event)."""
