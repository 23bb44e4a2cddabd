"""Auction's messages cite only their own rule (RULES.md AU-7.5, revised).

A problem's words say why; the one rule ID a reader sees is the rule broken.
The sweep puts simulated events where they do not belong (another point of the
same game, another player's name), so that every kind of problem an Auction
event can have is met: the common rules' and the game's own.
"""

from __future__ import annotations

import random
import re

import attrs
import pytest

from cardcore.errors import RuleViolation
from cardcore.games.auction import RULES
from cardcore.play import simulate
from cardcore.protocol import Event

RULE_ID = re.compile(r"\b(?:C|AU|GP|OP|SP)-\d+(?:\.\d+)?\b")
PLAYERS = ("Aki", "Ben", "Chie", "Dan")


def foreign_rules(violation: RuleViolation) -> list[tuple[str, str]]:
    """(rule cited, message) for every problem whose words cite another rule."""
    return [(problem.rule, problem.message) for problem in violation.problems
            if set(RULE_ID.findall(problem.message)) - {problem.rule}]


def misplaced(events: list[Event], rng: random.Random) -> tuple[int, Event]:
    """An event put at a random point of the game, or renamed to another player."""
    at = rng.randrange(len(events))
    event = rng.choice(events)
    player = getattr(event, "player", None)
    if player is not None and rng.random() < 0.5:
        event = attrs.evolve(event, player=rng.choice(PLAYERS))
    return at, event


@pytest.mark.parametrize("seed", range(12))
def test_no_auction_message_cites_another_rule(seed: int) -> None:
    """Every problem met by misplacing events of a simulated game cites one rule,
    in its ID and nowhere in its words (the C-5 message of a win by the wrong
    player once ended in "(AU-2.1)")."""
    rng = random.Random(seed)
    players = PLAYERS[: 2 + seed % 3]
    events = list(simulate(RULES, players, None, rng))
    states = [RULES.start(players)]
    for event in events[:-1]:
        states.append(RULES.apply(states[-1], event)[0])
    met: set[str] = set()
    wrong: list[tuple[str, str]] = []
    for _ in range(300):
        at, event = misplaced(events, rng)
        try:
            RULES.apply(states[at], event)
        except RuleViolation as violation:
            met.update(problem.rule for problem in violation.problems)
            wrong += foreign_rules(violation)
    assert not wrong, wrong[:5]
    assert {"C-4", "C-5"} <= met, met
