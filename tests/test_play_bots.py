"""A bot that sees only its view plays random players through ``play``, in every
game; every saved game validates (issue 20's "shown by")."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from cardcore.play import RandomPolicy, View, play
from cardcore.play.listing import Listing
from cardcore.play.policies import Offer
from cardcore.replay.runner import replay_file
from cardcore.replay.store import save_log
from cardcore.zones import hand
from tests.playing import OPTIONS

TABLES = {"goblin-poker": 2, "orc-poker": 3, "saint-poker": 2, "auction": 2}
"""A bot and random players: Orc Poker needs three at the table."""
FULL = 1000
QUICK = int(os.environ.get("PLAY_GAMES", "25"))

PREFERENCE = ("win", "bid", "pitch", "reveal", "river", "show", "take", "draw", "pass",
              "declare", "ruling", "fold", "give_up")


class Bot:
    """Plays the first offer of the kind it likes best; it reads its own hand from
    its view, and checks that the view knows no other player's dealt cards."""

    def __init__(self) -> None:
        self.looks = 0

    def __call__(self, view: View[Any], offers: Sequence[Offer]) -> Offer:
        state = view.state
        self.looks += 1
        mine = state.account.zone(hand(view.player))
        assert mine.unknown == 0, "a seat knows its own hand"
        assert isinstance(offers, Listing)
        kinds = offers.kind_names()
        kind = min(kinds, key=PREFERENCE.index)
        chosen = offers.of_kind(kind)
        if not len(chosen):
            chosen = offers
        answer: Offer = chosen[0]
        return answer


def _play(game: str, count: int, folder: Path) -> None:
    seats = TABLES[game]
    for number in range(count):
        bot = Bot()
        policies: list[Any] = [RandomPolicy(random.Random(number * 10 + seat))
                               for seat in range(seats)]
        at = number % seats
        policies[at] = bot
        log = play(game, policies, seed=number, options=OPTIONS[game])
        assert log.outcome.complete and bot.looks > 0
        path = folder / f"{game}-{number}.json"
        save_log(log, path)
        report = replay_file(path)
        assert report.exit_code == 0, (number, report.problems)
        others = [name for name in log.players if name != log.players[at]]
        assert not any(_known_after_deal(log, at, name) for name in others)


def _known_after_deal(log: Any, seat: int, other: str) -> Any:
    """The cards seat ``seat`` knows in ``other``'s hand right after the first deal."""
    from cardcore.play.views import View as SeatView
    from cardcore.protocol import Setup

    setup = Setup(players=log.players, options=log.options, ages=(None,) * len(log.players))
    first = list(log.events[:1])
    return SeatView(log.rules, setup, seat, first).state.account.zone(hand(other)).known


@pytest.mark.parametrize("game", TABLES)
def test_a_bot_and_random_players_play_and_every_game_validates(game: str,
                                                                 tmp_path: Path) -> None:
    """A few games of each (PLAY_GAMES of them; the slow test plays 1,000)."""
    _play(game, QUICK, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("game", TABLES)
def test_a_thousand_games_of_a_bot_and_random_players_validate(game: str,
                                                                tmp_path: Path) -> None:
    """1,000 games of each game, every saved one replayed without a problem."""
    _play(game, FULL, tmp_path)
