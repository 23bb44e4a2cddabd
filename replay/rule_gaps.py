"""The rules no fixture exercises, declared with the reason: the one place the
coverage gate (``cardcore coverage --gate``) reads.

A rule maintainer relies on ``fixtures/``: a rule broken must make some fixture
fail, so every rule with a page should be exercised by one (a problem cites it,
or an effect or transfer is made under it; see :mod:`cardcore.replay.coverage`).
Two kinds of rule are excused, each with its reason:

- :data:`UNREACHABLE`: no transcript can exercise the rule under its own ID. The
  rule's page says why too (``cardcore rules AU-7.6``), so a reader of the rules
  learns it where the rule is.
- :data:`NEEDS_FIXTURE`: a known gap, a to-do. The rule can be exercised, but no
  fixture or no effect does so yet; the text says what is missing. The gate lets
  these pass so that CI is green while the work is open, and the list shrinks as
  hand-computed fixtures (and effects citing the rule they apply) land. A rule
  listed here that a fixture does exercise is reported, so the list cannot go
  stale unnoticed.

A rule in neither list and exercised by no fixture fails the gate.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = ["NEEDS_FIXTURE", "UNREACHABLE"]

UNREACHABLE: Final[Mapping[str, str]] = MappingProxyType({
    "AU-7.1": "the player count is judged when the transcript is read, before any event: "
              "9 players is a format problem at /players, which cites no rule",
    "AU-7.5": "it says which rule each problem cites; by its own words a problem cites "
              "that rule, never AU-7.5",
    "AU-7.6": "legal play cannot reach it: while the pile is short of a bid, the stock "
              "holds 20 cards or more",
})
"""Rules no transcript can exercise under their own ID, with the reason."""

NEEDS_FIXTURE: Final[Mapping[str, str]] = MappingProxyType({
    "GP-2.1": "the reveal's effects cite GP-2.2 (who starts); no effect says the revealed "
              "cards begin the stacks",
    "GP-3.1": "the min stack's effect cites GP-4.5 or GP-4.1; the comparison itself is "
              "cited by no effect",
    "GP-4.3": "a pitch has no effect, and its card problems cite C- rules",
    "GP-5.1": "the next round's start is cited as GP-4.1 (who starts it)",
    "GP-6.1": "the last player's win is cited as GP-4.4, which GP-6.1 restates",
    "OP-2.1": "the reveal's effects cite OP-2.2 or OP-2.3 (who starts)",
    "OP-2.6": "no effect or problem cites the closed stock",
    "OP-3.2": "the order of turns is enforced through C-4 (a player out of turn)",
    "AU-5.2": "the hand values cite AU-5.1 and the score AU-5.3; the order of hands is "
              "cited by neither",
    "AU-7.2": "a suit named out of place cites AU-2.7, as AU-7.2 says",
    "AU-7.3": "a wheel bid is cited as a bid (AU-2.1 or AU-2.8); a bad top card as AU-2.7",
    "AU-7.4": "a partial rank signature cites AU-2.7, as AU-7.4 says",
    "AU-7.7": "a declaration between a win and its flip cites C-4, as AU-7.7 says",
    "AU-7.8": "the hand values shown cite AU-5.1",
})
"""Known gaps, a to-do: what is missing for each rule."""
