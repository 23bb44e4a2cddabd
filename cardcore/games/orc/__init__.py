"""Orc Poker (``orc-poker``): RULES.md OP-1 to OP-4."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.orc import rules, startplayer
from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch, Reveal
from cardcore.games.orc.options import OrcOptions
from cardcore.games.orc.state import MAX_PLAYERS, OrcState, Phase
from cardcore.protocol import Handler

__all__ = ["RULES", "Deal", "Draw", "GiveUp", "OrcOptions", "OrcState", "Phase", "Pitch",
           "Reveal"]

RULES: GameRules[OrcState] = GameRules(
    name="orc-poker", title="Orc Poker", min_players=3, max_players=MAX_PLAYERS,
    options_type=OrcOptions,
    handlers={
        Deal: Handler(rules.deal, rules.deal_cards),
        Reveal: Handler(startplayer.reveal, startplayer.reveal_cards),
        Pitch: Handler(rules.pitch, rules.pitch_cards),
        Draw: Handler(rules.draw, rules.draw_cards),
        GiveUp: Handler(rules.give_up),
    },
    begin=rules.begin, turn=rules.turn, words=rules.words, where=rules.where,
    ended=rules.ended, seated=rules.seated, absent=rules.absent, choose=rules.choose,
    verbs={Reveal: "play a card", GiveUp: "give up"})
