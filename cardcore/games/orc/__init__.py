"""Orc Poker (``orc-poker``): RULES.md OP-1 to OP-4."""

from __future__ import annotations

from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch, Reveal
from cardcore.games.orc.options import OrcOptions
from cardcore.games.orc.rules import apply, expected, outcome, position, start
from cardcore.games.orc.simulate import simulate
from cardcore.games.orc.state import OrcState, Phase
from cardcore.protocol import Check, GameRules, Ruling

__all__ = [
    "RULES",
    "Deal",
    "Draw",
    "GiveUp",
    "OrcOptions",
    "OrcState",
    "Phase",
    "Pitch",
    "Reveal",
]

RULES: GameRules[OrcState] = GameRules(
    name="orc-poker",
    title="Orc Poker",
    min_players=3,
    max_players=8,
    options_type=OrcOptions,
    event_types={e.TYPE: e for e in (Deal, Reveal, Pitch, Draw, GiveUp, Check, Ruling)},
    start=start,
    apply=apply,
    expected=expected,
    outcome=outcome,
    position=position,
    simulate=simulate,
)
