"""Saint Poker (``saint-poker``): RULES.md SP-1 to SP-3."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.saint import rules
from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.options import SaintOptions
from cardcore.games.saint.state import Phase, SaintState
from cardcore.protocol import Handler

__all__ = ["RULES", "Deal", "Phase", "River", "SaintOptions", "SaintState", "Show", "Take"]

RULES: GameRules[SaintState] = GameRules(
    name="saint-poker", title="Saint Poker", min_players=2, max_players=5,
    options_type=SaintOptions,
    handlers={
        Deal: Handler(rules.deal, rules.deal_cards),
        River: Handler(rules.river, rules.river_cards),
        Show: Handler(rules.show, rules.show_cards),
        Take: Handler(rules.take, rules.take_cards),
    },
    begin=rules.begin, turn=rules.turn, words=rules.words, where=rules.where,
    ended=rules.ended, choose=rules.choose, wrong_actor_words=rules.wrong_actor_words,
    choice_refusal=rules.choice_refusal,
    verbs={River: "add a river card", Show: "show cards", Take: "take a card"})
