"""A told replay's steps: each event with where it happened and what it caused.

Only telling a game keeps them (``replay``, the movers of a mismatch, the live
record), so :mod:`cardcore.replay.runner` imports this module when a fold is
asked for its steps: validating a file does
not build the class.
"""

from __future__ import annotations

import attrs

from cardcore.effects import Effect
from cardcore.protocol import Event, Outcome

__all__ = ["Step"]


@attrs.frozen(kw_only=True)
class Step:
    """One event with where it happened and what it caused."""

    index: int
    event: Event
    position: str
    effects: tuple[Effect, ...]
    standings: Outcome | None = None
    """The standings after the event (chips or points, pot, Auction's pile), for
    tables and charts over time; None where a step is built without them."""
