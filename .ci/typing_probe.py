"""What a program type-checked against the installed cardcore sees (run by
.ci/typecheck.py with mypy --strict, from a folder outside the checkout, so
that ``cardcore`` is found through the install alone)."""

from __future__ import annotations

from typing_extensions import assert_type

from cardcore import GameLog
from cardcore.games.auction import AuctionState
from cardcore.games.goblin import GoblinState
from cardcore.games.orc import OrcState
from cardcore.games.saint import SaintState
from cardcore.play import PASS, Match, RandomPolicy, catalogue, play
from cardcore.play.catalogue import Catalogue

auction = GameLog("auction", ["Aki", "Ben"])
assert_type(auction, GameLog[AuctionState])
assert_type(auction.state.standing is None, bool)
goblin = play("goblin-poker", [RandomPolicy(1), RandomPolicy(2)], seed=3)
assert_type(goblin, GameLog[GoblinState])
match = Match("saint-poker", ["Aki", "Ben"], seed=1)
assert_type(match, Match[SaintState])
assert_type(match.views[0].state, SaintState)
assert_type(PASS.TYPE, str)


def resumed(log: GameLog[GoblinState]) -> None:
    """A saved game played on is a match of the log's game."""
    assert_type(Match.resume(log, seed=2), Match[GoblinState])


from cardcore.games.auction import BidEvent  # noqa: E402 - a bid as the docs write one

bid = BidEvent(player="Aki", kind="pair", rank="K")
assert_type(bid.rank, str | None)

from cardcore import Effect, Event  # noqa: E402 - what an append takes and gives

effects: tuple[Effect, ...] = auction.append(bid)
first: Event = auction.events[0]

# PettingZoo ships no types: its wrappers are Any to a checker, but what env() and
# parallel_env() return is typed down to the table, so table.unwrapped.log is checked.
from typing import Any  # noqa: E402

from cardcore.pettingzoo import (  # noqa: E402 - the pettingzoo extra's tables
    AECTable,
    CardTable,
    ParallelTable,
    env,
    parallel_env,
    saint_poker_v0,
)

table = env("saint-poker", players=2)
assert_type(table, AECTable)
assert_type(table.unwrapped, CardTable)
assert_type(table.unwrapped.log, GameLog[Any])
assert_type(table.unwrapped.log.outcome.winners, tuple[str, ...] | None)
assert_type(parallel_env("auction", players=3), ParallelTable)
assert_type(parallel_env("auction", players=3).unwrapped.log, GameLog[Any])
assert_type(saint_poker_v0.env().unwrapped, CardTable)
assert_type(catalogue("orc-poker", 3), Catalogue[OrcState])
