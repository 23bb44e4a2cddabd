"""Saint Poker (``saint-poker``): RULES.md SP-1 to SP-3."""

from __future__ import annotations

from cardcore.game import GameRules
from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.options import SaintOptions
from cardcore.games.saint.rules import (
    begin,
    choice_refusal,
    choose,
    deal,
    deal_cards,
    describe,
    outcome,
    position,
    river,
    river_cards,
    show,
    show_cards,
    take,
    take_cards,
    turn,
    wrong_taker,
)
from cardcore.games.saint.simulate import SIMULATOR
from cardcore.games.saint.state import Phase, SaintState
from cardcore.protocol import Handler

__all__ = [
    "RULES",
    "Deal",
    "Phase",
    "River",
    "SaintOptions",
    "SaintState",
    "Show",
    "Take",
]

RULES: GameRules[SaintState] = GameRules(
    name="saint-poker",
    title="Saint Poker",
    min_players=2,
    max_players=5,
    options_type=SaintOptions,
    events=(Deal, River, Show, Take),
    begin=begin,
    turn=turn,
    describe=describe,
    handlers={
        "deal": Handler(deal, deal_cards),
        "river": Handler(river, river_cards),
        "show": Handler(show, show_cards),
        "take": Handler(take, take_cards),
    },
    outcome=outcome,
    position=position,
    simulator=SIMULATOR,
    choose=choose,
    verbs={"river": "add a river card", "show": "show cards", "take": "take a card"},
    wrong_actor_words=wrong_taker,
    choice_refusal=choice_refusal,
)
