"""Goblin Poker (``goblin-poker``): RULES.md GP-1 to GP-6."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.goblin.events import Deal, Fold, Pitch, Reveal, Stack
from cardcore.games.goblin.expect import absent, describe, seated, turn
from cardcore.games.goblin.options import GoblinOptions
from cardcore.games.goblin.preparation import deal, deal_cards, reveal, reveal_cards
from cardcore.games.goblin.rules import (
    begin,
    choose,
    fold,
    outcome,
    pitch,
    pitch_cards,
    position,
    stack,
    stack_cards,
)
from cardcore.games.goblin.simulate import SIMULATOR
from cardcore.games.goblin.state import GoblinState, Phase
from cardcore.protocol import Handler

__all__ = [
    "RULES",
    "Deal",
    "Fold",
    "GoblinOptions",
    "GoblinState",
    "Phase",
    "Pitch",
    "Reveal",
    "Stack",
]

RULES: GameRules[GoblinState] = GameRules(
    name="goblin-poker",
    title="Goblin Poker",
    min_players=2,
    max_players=8,
    options_type=GoblinOptions,
    events=(Deal, Reveal, Stack, Fold, Pitch),
    begin=begin,
    turn=turn,
    describe=describe,
    handlers={
        "deal": Handler(deal, deal_cards),
        "reveal": Handler(reveal, reveal_cards),
        "stack": Handler(stack, stack_cards),
        "pitch": Handler(pitch, pitch_cards),
        "fold": Handler(fold),
    },
    outcome=outcome,
    position=position,
    simulator=SIMULATOR,
    seated=seated,
    absent=absent,
    choose=choose,
    verbs={"deal": "be dealt cards", "stack": "be dealt a card"},
)
