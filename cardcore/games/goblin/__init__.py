"""Goblin Poker (``goblin-poker``): RULES.md GP-1 to GP-6."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.goblin import expect, preparation, rules
from cardcore.games.goblin.events import Deal, Fold, Pitch, Reveal, Stack
from cardcore.games.goblin.options import GoblinOptions
from cardcore.games.goblin.state import MAX_PLAYERS, GoblinState, Phase

__all__ = ["RULES", "Deal", "Fold", "GoblinOptions", "GoblinState", "Phase", "Pitch", "Reveal",
           "Stack"]

RULES: GameRules[GoblinState] = GameRules.assemble(
    name="goblin-poker", title="Goblin Poker", players=(2, MAX_PLAYERS), options=GoblinOptions,
    events=(Deal, Reveal, Stack, Fold, Pitch), parts=(expect, preparation, rules),
    verbs={"deal": "be dealt cards", "stack": "be dealt a card"},
    whole="session")
