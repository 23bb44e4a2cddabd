"""Orc Poker (``orc-poker``): RULES.md OP-1 to OP-4."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch, Reveal
from cardcore.games.orc.options import OrcOptions
from cardcore.games.orc.rules import (
    absent,
    begin,
    choose,
    deal,
    deal_cards,
    describe,
    draw,
    draw_cards,
    give_up,
    outcome,
    pitch,
    pitch_cards,
    position,
    seated,
    turn,
)
from cardcore.games.orc.simulate import SIMULATOR
from cardcore.games.orc.startplayer import reveal, reveal_cards
from cardcore.games.orc.state import OrcState, Phase
from cardcore.protocol import Handler

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
    events=(Deal, Reveal, Pitch, Draw, GiveUp),
    begin=begin,
    turn=turn,
    describe=describe,
    handlers={
        "deal": Handler(deal, deal_cards),
        "reveal": Handler(reveal, reveal_cards),
        "pitch": Handler(pitch, pitch_cards),
        "draw": Handler(draw, draw_cards),
        "give_up": Handler(give_up),
    },
    outcome=outcome,
    position=position,
    simulator=SIMULATOR,
    seated=seated,
    absent=absent,
    choose=choose,
    verbs={"reveal": "play a card", "give_up": "give up", "pitch": "pitch"},
)
