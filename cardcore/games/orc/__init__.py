"""Orc Poker (``orc-poker``): RULES.md OP-1 to OP-4."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.orc import rules, startplayer
from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch, Reveal
from cardcore.games.orc.options import OrcOptions
from cardcore.games.orc.state import MAX_PLAYERS, OrcState, Phase

__all__ = ["RULES", "Deal", "Draw", "GiveUp", "OrcOptions", "OrcState", "Phase", "Pitch",
           "Reveal"]

RULES: GameRules[OrcState] = GameRules.assemble(
    name="orc-poker", title="Orc Poker", players=(3, MAX_PLAYERS), options=OrcOptions,
    events=(Deal, Reveal, Pitch, Draw, GiveUp), parts=(rules, startplayer),
    verbs={"reveal": "play a card", "give_up": "give up"})
