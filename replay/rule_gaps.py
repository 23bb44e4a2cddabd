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
    "GP-4.3": "a pitch causes nothing but its own card going face down, which the common "
              "card rules judge (C-1 to C-3); what becomes of the pitched cards is GP-4.5",
    "GP-6.1": "it restates GP-4.4 for the game's end, and the last player's win cites "
              "GP-4.4, the rule it points to",
    "OP-2.6": "once the start player is known no event takes from the stock: a draw takes "
              "from the action deck (OP-3.3), and a card it cannot hold is a C- problem",
    "AU-7.1": "the player count is judged when the transcript is read, before any event: "
              "9 players is a format problem at /players, which cites no rule",
    "AU-7.4": "it says how a bid is written; by its own words a bid naming part of its "
              "rank signature cites AU-2.7, and a whole one is cited by the order it takes",
    "AU-7.5": "it says which rule each problem cites; by its own words a problem cites "
              "that rule, never AU-7.5",
    "AU-7.6": "legal play cannot reach it: while the pile is short of a bid, the stock "
              "holds 20 cards or more",
})
"""Rules no transcript can exercise under their own ID, with the reason; each rule's
page says it too."""

NEEDS_FIXTURE: Final[Mapping[str, str]] = MappingProxyType({})
"""Known gaps, a to-do: rules a fixture would exercise that none does yet, each with
the case the fixture must show. Empty: every other rule has a fixture."""
