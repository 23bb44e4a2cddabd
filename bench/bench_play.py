"""Random self-play against the fold, per game, side by side (issue 20, item 5).

    python bench/bench_play.py [--games N] [--repeat 3] [--only GAME ...] [--json FILE]
                               [--instructions]

For each game, plays ``--games`` whole games with a random player in every
seat through :func:`cardcore.play.play` (the dealer, the legal events, the
policies and the log: everything a program pays for) as the fold's corpus,
then times:

* ``play``: ``--games`` new games (seeds no pass has played: a hand's bids
  and wins are cached a while, and games played again would find them);
* ``fold``: ``rules.start`` and a ``Reduction`` over the corpus's events
  (bench_fold.py's fold, the fold validate makes);
* ``bot``: as many new games of a bot that reads its view after every event
  it is asked about (one fold per event for the view) against random
  players, as games per second.

Every figure is the best of ``--repeat`` passes, the passes going round the
games and stages in turn, so that they see the same machine. Prints events/s
of play and fold, their ratio (target: play >= half the fold), and the bot's
games/s.

``--instructions`` counts instead of timing (the stable figure on a shared
machine): the script runs itself under callgrind four times a game, once
only playing the corpus's games (``base``), once playing them and then new
games (``play``), once playing them and folding their events (``fold``),
once playing them and then the bot's new games (``bot``: the views' fold
counted too); each stage's instructions less ``base``'s, over its events,
are its instructions per event, and play's and fold's ratio stands for the
events/s ratio.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import callgrind

from cardcore.play import RandomPolicy, View, play
from cardcore.play.listing import Listing
from cardcore.play.policies import Offer
from cardcore.reduction import Reduction
from cardcore.registry import GAMES

TABLES: dict[str, tuple[int, Any]] = {
    "goblin-poker": (3, None),
    "orc-poker": (4, None),
    "saint-poker": (3, None),
    "auction": (3, {"target": 50}),
}
"""Players and options per game (Auction to 50, as the issue's trial played it)."""
TARGET = 0.5

PREFERENCE = ("win", "bid", "pitch", "reveal", "river", "show", "take", "draw", "pass",
              "declare", "ruling", "fold", "give_up")


def bot(view: View[Any], offers: Sequence[Offer]) -> Offer:
    """Looks at its view (the state its seat may know), then plays the first offer
    of the kind it likes best."""
    view.state  # noqa: B018 - the view's fold is what is being paid for
    assert isinstance(offers, Listing)
    kind = min(offers.kind_names(), key=PREFERENCE.index)
    chosen = offers.of_kind(kind)
    answer: Offer = (chosen if len(chosen) else offers)[0]
    return answer


def _policies(seed: int, count: int, with_bot: bool) -> list[Any]:
    policies: list[Any] = [RandomPolicy(random.Random(seed * 10 + seat)) for seat in range(count)]
    if with_bot:
        policies[seed % count] = bot
    return policies


def _corpora(games: Sequence[str], count: int
             ) -> dict[str, list[tuple[Any, tuple[Any, ...]]]]:
    """Per game, ``count`` games of random players: each one's setup and events."""
    corpora = {}
    for game in games:
        players, options = TABLES[game]
        logs = [play(game, _policies(seed, players, False), seed=seed, options=options)
                for seed in range(count)]
        corpora[game] = [(log.rules.setup(log.players, log.options), log.events)
                         for log in logs]
    gc.collect()
    gc.freeze()
    return corpora


def _fold(game: str, corpus: list[tuple[Any, tuple[Any, ...]]]) -> None:
    """The fold validate makes (one working state a game) over the corpus's events."""
    rules = GAMES[game]
    for setup, events in corpus:
        apply = Reduction(rules, rules.start(setup)).apply
        for event in events:
            apply(event)


def _play(game: str, seeds: range, with_bot: bool) -> int:
    """Plays a game from each seed; the number of events they took."""
    players, options = TABLES[game]
    return sum(len(play(game, _policies(seed, players, with_bot), seed=seed, options=options))
               for seed in seeds)


def _new_seeds(count: int, round_: int) -> range:
    """The seeds of a pass: never the corpus's (``range(count)``), nor another pass's."""
    return range(count * (round_ + 1), count * (round_ + 2))


def _instructions(args: argparse.Namespace) -> int:
    """``--instructions``: as the parent, count each stage under callgrind and print
    the table; as the child (``--stage``), do the stage's work once."""
    if args.stage:
        corpora = _corpora(args.only, args.games)
        (game,) = args.only
        events = sum(len(events) for _, events in corpora[game])
        if args.stage == "play":
            events = _play(game, _new_seeds(args.games, 0), False)
        elif args.stage == "fold":
            _fold(game, corpora[game])
        elif args.stage == "bot":
            events = _play(game, _new_seeds(args.games, 0), True)
        print(json.dumps({"events": events}))
        return 0
    callgrind.require_valgrind("bench_play")
    print(f"{'game':14} {'events':>8} {'play instr/ev':>14} {'fold instr/ev':>14} "
          f"{'fold/play':>9}  met  {'bot instr/ev':>13}")
    rows = {}
    for game in args.only:
        counts, events = {}, {}
        for stage in ("base", "play", "fold", "bot"):
            argv = [sys.executable, __file__, "--instructions", "--stage", stage,
                    "--only", game, "--games", str(args.games)]
            counts[stage], out = callgrind.counted(argv, os.environ)
            events[stage] = json.loads(out)["events"]
        play_cost = (counts["play"] - counts["base"]) / events["play"]
        fold_cost = (counts["fold"] - counts["base"]) / events["fold"]
        bot_cost = (counts["bot"] - counts["base"]) / events["bot"]
        ratio = fold_cost / play_cost
        rows[game] = {"events": events["fold"], "play_events": events["play"],
                      "play_instructions_per_event": play_cost,
                      "fold_instructions_per_event": fold_cost, "ratio": ratio,
                      "bot_events": events["bot"], "bot_instructions_per_event": bot_cost}
        print(f"{game:14} {events['fold']:8,} {play_cost:14,.0f} {fold_cost:14,.0f} {ratio:9.2f}  "
              f"{'yes' if ratio >= TARGET else 'NO':3}  {bot_cost:13,.0f}", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"python": sys.version.split()[0], "games": args.games,
                                         "instructions": rows}, indent=2) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per game (200)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", nargs="+", choices=list(TABLES), default=list(TABLES))
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--instructions", action="store_true",
                        help="count callgrind instructions per event instead of timing")
    parser.add_argument("--stage", choices=("base", "play", "fold", "bot"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.instructions:
        return _instructions(args)
    corpora = _corpora(args.only, args.games)
    rates: dict[str, dict[str, float]] = {game: {"play": 0.0, "fold": 0.0, "bot": 0.0}
                                          for game in args.only}
    for round_ in range(args.repeat):
        seeds = _new_seeds(args.games, round_)
        for game in args.only:
            best = rates[game]
            corpus = corpora[game]
            start = time.perf_counter()
            _fold(game, corpus)
            best["fold"] = max(best["fold"], sum(len(events) for _, events in corpus)
                               / (time.perf_counter() - start))
            start = time.perf_counter()
            events = _play(game, seeds, False)
            best["play"] = max(best["play"], events / (time.perf_counter() - start))
            start = time.perf_counter()
            _play(game, seeds, True)
            best["bot"] = max(best["bot"], len(seeds) / (time.perf_counter() - start))
    rows = {}
    print(f"{'game':14} {'events':>8} {'play ev/s':>11} {'fold ev/s':>11} {'ratio':>6}  "
          f"{'met':5} {'bot+random games/s':>19}")
    for game in args.only:
        events = sum(len(events) for _, events in corpora[game])
        play_rate, fold_rate, bot_rate = (rates[game][stage] for stage in ("play", "fold", "bot"))
        ratio = play_rate / fold_rate
        rows[game] = {"events": events, "play_events_per_s": play_rate,
                      "fold_events_per_s": fold_rate, "ratio": ratio,
                      "bot_games_per_s": bot_rate, "players": TABLES[game][0]}
        print(f"{game:14} {events:8,} {play_rate:11,.0f} {fold_rate:11,.0f} {ratio:6.2f}  "
              f"{'yes' if ratio >= TARGET else 'NO':5} {bot_rate:19,.1f}")
    if args.json:
        args.json.write_text(json.dumps({"python": sys.version.split()[0], "games": args.games,
                                         "results": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
