"""Goblin Poker options (RULES.md, Goblin Poker header)."""

from __future__ import annotations

import attrs

from cardcore.options import at_least, between, optional_at_least

__all__ = ["GoblinOptions"]


@attrs.frozen(kw_only=True)
class GoblinOptions:
    """Table options; omitted ones take the RULES.md defaults.

    >>> GoblinOptions().starting_chips, GoblinOptions().rounds
    (100, 5)
    >>> GoblinOptions(rounds=6)
    Traceback (most recent call last):
    ...
    cardcore.errors.OptionsError: option 'rounds' must be from 1 to 5, not 6
    """

    starting_chips: int = attrs.field(default=100, validator=at_least(1))
    ante: int = attrs.field(default=1, validator=at_least(0))
    games: int | None = attrs.field(default=None, validator=optional_at_least(1))
    """How many games the session is planned for; None: the transcript decides."""
    rounds: int = attrs.field(default=5, validator=between(1, 5))
    """Rounds per game; at most 5, since a hand holds 5 cards to pitch."""
