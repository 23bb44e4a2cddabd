"""Saint Poker (``saint-poker``): RULES.md SP-1 to SP-3."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.saint import rules
from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.options import SaintOptions
from cardcore.games.saint.state import Phase, SaintState

__all__ = ["RULES", "Deal", "Phase", "River", "SaintOptions", "SaintState", "Show", "Take"]

RULES: GameRules[SaintState] = GameRules.assemble(
    name="saint-poker", title="Saint Poker", players=(2, 5), options=SaintOptions,
    events=(Deal, River, Show, Take), parts=(rules,),
    verbs={"river": "add a river card", "show": "show cards", "take": "take a card"})
