"""Auction options (RULES.md, Auction header)."""

from __future__ import annotations

import attrs

from cardcore.options import at_least, one_of

__all__ = ["AuctionOptions"]


@attrs.frozen(kw_only=True)
class AuctionOptions:
    """Table options; omitted ones take the RULES.md defaults.

    >>> AuctionOptions().target, AuctionOptions().declare_bonus, AuctionOptions().split
    (150, 25, 'floor')
    >>> AuctionOptions(split="round")
    Traceback (most recent call last):
    ...
    cardcore.errors.OptionsError: option 'split' must be one of 'floor', 'exact', not 'round'
    """

    target: int = attrs.field(default=150, validator=at_least(1))
    """The game ends after a hand in which someone reaches this many points (AU-6.1)."""
    declare_bonus: int = attrs.field(default=25, validator=at_least(0))
    """What a declarer wins with the best hand, or loses without it (AU-5.4)."""
    wheel: bool = attrs.field(default=True, validator=one_of(True, False))
    """A-2-3-4-5 is a straight with top card 5, in hands and in bids (AU-5.2, AU-7.3)."""
    split: str = attrs.field(default="floor", validator=one_of("floor", "exact"))
    """How equal best hands share the pile: rounded down (the rest is lost) or
    exactly, as fractions (AU-5.3)."""

    @property
    def exact(self) -> bool:
        return self.split == "exact"
