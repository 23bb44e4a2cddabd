"""Orc Poker options (RULES.md, Orc Poker header; OP-1.1 for the ante)."""

from __future__ import annotations

from typing import Final

import attrs

from cardcore.options import one_of, optional_at_least

__all__ = ["PRESETS", "OrcOptions"]

PRESETS: Final = {"standard": (30, 7), "long": (50, 10)}
"""Preset name -> (starting chips, rounds): OP-4.2's standard and long game."""

ANTE_CYCLE: Final = 5
"""With ``rising_ante`` the ante runs 1, 2, 3, 4, 5 and starts again (OP-1.1)."""


@attrs.frozen(kw_only=True)
class OrcOptions:
    """Table options; omitted ones take the RULES.md defaults.

    ``starting_chips`` and ``rounds`` override the preset when given; the
    values in force are :attr:`chips` and :attr:`total_rounds`.

    >>> OrcOptions().chips, OrcOptions().total_rounds
    (30, 7)
    >>> options = OrcOptions(preset="long", rounds=3)
    >>> options.chips, options.total_rounds
    (50, 3)
    >>> [OrcOptions(rising_ante=True).ante(r) for r in range(1, 12)]
    [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1]
    >>> OrcOptions(preset="short")
    Traceback (most recent call last):
    ...
    cardcore.errors.OptionsError: option 'preset' must be one of 'standard', 'long', not 'short'
    """

    preset: str = attrs.field(default="standard", validator=one_of(*PRESETS))
    starting_chips: int | None = attrs.field(default=None, validator=optional_at_least(1))
    """Overrides the preset's chips (30 or 50)."""
    rounds: int | None = attrs.field(default=None, validator=optional_at_least(1))
    """Overrides the preset's rounds (7 or 10)."""
    rising_ante: bool = attrs.field(default=False, validator=one_of(False, True))

    @property
    def chips(self) -> int:
        """The chips each player starts with."""
        if self.starting_chips is not None:
            return self.starting_chips
        return PRESETS[self.preset][0]

    @property
    def total_rounds(self) -> int:
        """How many rounds the game has unless a bankruptcy ends it sooner (OP-4.2)."""
        if self.rounds is not None:
            return self.rounds
        return PRESETS[self.preset][1]

    def ante(self, round_number: int) -> int:
        """The ante of round ``round_number`` (1-based), OP-1.1."""
        if not self.rising_ante:
            return 1
        return (round_number - 1) % ANTE_CYCLE + 1
