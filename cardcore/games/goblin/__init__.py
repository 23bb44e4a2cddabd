"""Goblin Poker (``goblin-poker``): RULES.md GP-1 to GP-6."""

from __future__ import annotations

from cardcore.games.goblin.events import Deal, Fold, Pitch, Reveal, Stack
from cardcore.games.goblin.expect import expected
from cardcore.games.goblin.options import GoblinOptions
from cardcore.games.goblin.rules import apply, outcome, position, start
from cardcore.games.goblin.simulate import simulate
from cardcore.games.goblin.state import GoblinState, Phase
from cardcore.protocol import Check, GameRules, Ruling

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
    event_types={e.TYPE: e for e in (Deal, Reveal, Stack, Fold, Pitch, Check, Ruling)},
    start=start,
    apply=apply,
    expected=expected,
    outcome=outcome,
    position=position,
    simulate=simulate,
)
