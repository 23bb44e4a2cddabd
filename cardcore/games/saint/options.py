"""Saint Poker options (RULES.md, Saint Poker header)."""

from __future__ import annotations

import attrs

from cardcore.options import between, one_of

__all__ = ["SaintOptions"]


@attrs.frozen(kw_only=True)
class SaintOptions:
    """Table options; omitted ones take the RULES.md defaults.

    >>> SaintOptions().rounds, SaintOptions().wheel
    (8, True)
    >>> SaintOptions(rounds=9)
    Traceback (most recent call last):
    ...
    cardcore.errors.OptionsError: option 'rounds' must be from 1 to 8, not 9
    """

    rounds: int = attrs.field(default=8, validator=between(1, 8))
    """Rounds in the game; at most 8, since a hand runs short after 8."""
    wheel: bool = attrs.field(default=True, validator=one_of(True, False))
    """A-2-3-4-5 counts as a straight (the lowest one), as in Texas Hold'em (SP-2.4)."""
