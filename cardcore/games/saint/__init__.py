"""Saint Poker (``saint-poker``): RULES.md SP-1 to SP-3."""

from __future__ import annotations

from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.options import SaintOptions
from cardcore.games.saint.rules import apply, expected, outcome, position, start
from cardcore.games.saint.simulate import simulate
from cardcore.games.saint.state import Phase, SaintState
from cardcore.protocol import Check, GameRules, Ruling

__all__ = [
    "RULES",
    "Deal",
    "Phase",
    "River",
    "SaintOptions",
    "SaintState",
    "Show",
    "Take",
]

RULES: GameRules[SaintState] = GameRules(
    name="saint-poker",
    title="Saint Poker",
    min_players=2,
    max_players=5,
    options_type=SaintOptions,
    event_types={e.TYPE: e for e in (Deal, River, Show, Take, Check, Ruling)},
    start=start,
    apply=apply,
    expected=expected,
    outcome=outcome,
    position=position,
    simulate=simulate,
    takes_ages=True,
)
