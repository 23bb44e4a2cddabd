"""Goblin Poker (``goblin-poker``): RULES.md GP-1 to GP-6."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.goblin import preparation, rules, turns
from cardcore.games.goblin.events import Deal, Fold, Pitch, Reveal, Stack
from cardcore.games.goblin.options import GoblinOptions
from cardcore.games.goblin.state import MAX_PLAYERS, GoblinState, Phase
from cardcore.protocol import Handler

__all__ = ["RULES", "Deal", "Fold", "GoblinOptions", "GoblinState", "Phase", "Pitch", "Reveal",
           "Stack"]

RULES: GameRules[GoblinState] = GameRules(
    name="goblin-poker", title="Goblin Poker", min_players=2, max_players=MAX_PLAYERS,
    options_type=GoblinOptions, whole="session",
    handlers={
        Deal: Handler(preparation.deal, preparation.deal_cards),
        Reveal: Handler(preparation.reveal, preparation.reveal_cards),
        Stack: Handler(rules.stack, rules.stack_cards),
        Fold: Handler(rules.fold),
        Pitch: Handler(rules.pitch, rules.pitch_cards),
    },
    begin=rules.begin, turn=turns.turn, words=turns.words, where=rules.where,
    ended=turns.ended, seated=turns.seated, absent=turns.absent, choose=rules.choose,
    verbs={Deal: "be dealt cards", Stack: "be dealt a card"})
