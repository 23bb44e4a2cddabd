"""Orc Poker played under a rigged shuffle: the rare rules are reached; and a
simulation may record a moot table choice."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardcore.cards import PairsCard
from cardcore.games.orc import RULES, Deal, OrcOptions, Phase, Reveal
from cardcore.play import Dealer, Match, RandomPolicy, simulate
from cardcore.play.dealer import Shuffle
from cardcore.play.policies import Offer
from cardcore.protocol import Event, Ruling
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript


def _twins(count: int) -> Shuffle:
    """A rigged shuffle: hands dealt round-robin from a nearly sorted deck, so that hands
    look alike and tie-breaks run long (short stocks, stacks, OP-2.5)."""

    def shuffle(deck: list[PairsCard], rng: random.Random) -> None:
        noise = rng.choice([0.0, 0.5, 1.5, 3.0])
        deck.sort(key=lambda card: -card + rng.random() * noise)
        hands = [deck[seat:6 * count:count] for seat in range(count)]
        rest = deck[6 * count:]
        rng.shuffle(rest)
        deck[:] = [card for held in hands for card in held] + rest

    return shuffle


SEEDS = 600
"""Games at most: the loop stops once every rare rule was seen (after 229 games
when this was written: a stock running dry in a tie-break is the rarest)."""


class LowFirst:
    """A random player who reveals its lowest card half the time (hands dealt alike
    then tie often, and tie-breaks run long)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.random = rng, RandomPolicy(rng, {"give_up": 0.18})

    def __call__(self, view: object, offers: Sequence[Offer]) -> Offer:
        first = offers[0]
        if isinstance(first, Reveal) and self.rng.random() < 0.5:
            return first  # offers are low first
        return self.random(None, offers)


def test_rigged_games_reach_the_rare_rules() -> None:
    """Rigged deals and players who often reveal their lowest card reach tie-breaks,
    stacked cards, a stock running dry, the farthest-clockwise rule, bankruptcies,
    splits and a player at exactly 0."""
    wanted = ("tiebreak", "stacked", "short stock", "farthest", "bankrupt", "split", "bust",
              "give_up", "win", "zero")
    seen: Counter[str] = Counter()
    for seed in range(SEEDS):
        count = (8, 3, 5, 8)[seed % 4]
        players = tuple(f"P{n}" for n in range(count))
        options = OrcOptions(starting_chips=(None, 8)[seed % 2])
        rng = random.Random(seed)
        match: Match[Any] = Match(RULES, players, options,
                                  seed=Dealer(rng, shuffle=_twins(count)))
        policies = [LowFirst(rng)] * count
        while match.step(policies):
            state, effects = match.state, match.log.effects[-1] if len(match.log) else ()
            for effect in effects:
                seen[effect.kind] += 1
                seen["stacked"] += effect.kind == "tiebreak" and "(" in effect.text
                seen["short stock"] += effect.kind == "draws" and "runs out" in effect.text
                seen["farthest"] += "farthest" in effect.text
            seen["zero"] += state.phase is Phase.DEAL and 0 in state.ledger.chips
        if all(seen[kind] for kind in wanted):
            break
    assert [kind for kind in wanted if not seen[kind]] == []


def test_the_simulator_may_record_a_moot_table_choice() -> None:
    """OP-2.5: where the start player was a (moot) table choice, the simulator sometimes
    writes a ruling naming an admissible player, and it is accepted."""
    players = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen", "Hana")
    others = dict.fromkeys(players[2:], 10)
    events: list[Event] = [Deal(), Reveal(cards={"Aki": 2, "Ben": 2, **others})]
    for card in range(3, 11):
        events.append(Reveal(cards={"Aki": card, "Ben": card},
                             draws={"Aki": None} if card == 6 else None))
    state = RULES.start(players, None)
    for event in events:
        state, _ = RULES.apply(state, event)
    assert state.moot_choice == (0, 1)
    setup = RULES.setup(players)
    written = [next(simulate(RULES, setup, rng=random.Random(seed), from_state=state)) for seed in range(20)]
    rulings = [e for e in written if isinstance(e, Ruling)]
    assert rulings and {e.player for e in rulings} <= {"Aki", "Ben"}
    assert any(isinstance(e, Deal) for e in written)
    RULES.apply(state, rulings[0])


def test_a_long_game_with_eight_players_validates_quickly() -> None:
    """A long game of 8 players with many chips replays with no problem."""
    players = tuple(f"P{n}" for n in range(8))
    options = OrcOptions(preset="long", starting_chips=1_000)
    transcript = Transcript(game="orc-poker", players=players, options=options,
                            events=tuple(simulate(RULES, players, options, random.Random(1))))
    report = replay_transcript(transcript)
    assert report.problems == () and report.complete
    assert report.outcome is not None and report.outcome.chips is not None
    assert sum(report.outcome.chips.values()) + (report.outcome.pot or 0) == 8_000
