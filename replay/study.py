"""Studies: many games played with policies, summed into a :class:`Study`.

Game ``i`` of a study with seed ``S`` is dealt by seed ``S + i``, and seat ``k``
plays with the policy seeded ``(S + i) * 64 + k``: each game depends on its own
seed only, so the games can be played in any chunks, in any process or on any
worker, and the tallies added (exactly, :mod:`cardcore.replay.tally`) give the
same study. With a second option set (``versus``), every game is played again
with the same seeds under it, and the differences are summed game by game
(paired), which cancels most of the luck of the deal.

>>> spec = StudySpec(game="goblin-poker", players=2, games=4, seed=1)
>>> study = run_study(spec)
>>> study.base.games, sum(study.base.wins) >= 4
(4, True)
>>> run_study(spec, chunk=1) == study
True
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from cardcore.gamelog import GameLog
from cardcore.play import Policy, RandomPolicy, play
from cardcore.replay.cluster import Executor, InProcess
from cardcore.replay.errors import PolicyNameError
from cardcore.replay.tally import GameResult, Paired, Tally

__all__ = ["ENDING_KINDS", "Chunk", "PolicyNameError", "Study", "StudySpec", "game_result",
           "load_policy", "play_chunk", "run_study", "seat_seed"]

ENDING_KINDS = frozenset({"game_over", "session_over", "last_round"})
"""Effects that say why a whole game or session ended; a game that ends without
one (a session of unplanned length) ended as its last event's last effect says."""

SEATS_PER_GAME = 64
"""Seat seeds of consecutive games never meet (a game has fewer seats)."""


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of ``seat``'s policy in the game dealt by ``game_seed``.

    >>> seat_seed(5, 0), seat_seed(5, 1), seat_seed(6, 0)
    (320, 321, 384)
    """
    return game_seed * SEATS_PER_GAME + seat


def load_policy(name: str | None) -> Callable[[int], Policy]:
    """The policy maker named ``module:Name`` (called with a seat's seed, it returns
    that seat's policy); None: :class:`~cardcore.play.RandomPolicy`."""
    if name is None:
        return RandomPolicy
    module_name, colon, attribute = name.partition(":")
    if not colon or not module_name or not attribute:
        raise PolicyNameError(f"{name!r}: name a policy as module:Name, "
                              "like mybots:Cautious")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise PolicyNameError(f"{name!r} cannot be imported: {error}") from None
    if not callable(found):
        raise PolicyNameError(f"{name!r} is not callable: it should make a policy from a seed")
    return found  # type: ignore[no-any-return]


@attrs.frozen
class StudySpec:
    """What to play: ``games`` games of ``game`` with ``players`` seats, ``options``
    (and ``versus``, a second option set), policies made by ``policy``."""

    game: str
    players: int
    games: int
    seed: int = 0
    options: Any = None
    versus: Any = None
    policy: str | None = None


@attrs.frozen
class Chunk:
    """The games ``start`` to ``stop - 1`` of a study: what travels to a worker."""

    spec: StudySpec
    start: int
    stop: int


@attrs.frozen
class Study:
    """The summed games: under the options, under ``versus``, and their paired
    differences (both None without ``versus``)."""

    spec: StudySpec
    base: Tally
    versus: Tally | None = None
    paired: Paired | None = None

    def __add__(self, other: Study) -> Study:
        return Study(self.spec, self.base + other.base,
                     None if self.versus is None or other.versus is None
                     else self.versus + other.versus,
                     None if self.paired is None or other.paired is None
                     else self.paired + other.paired)


def _ending(log: GameLog[Any]) -> str:
    """Why the game ended, the same words for every game ended so: the rule, then
    the effect's sentence with player names as P and numbers as N."""
    last = log.effects[-1] if log.effects else ()
    ending = [effect for effect in last if effect.kind in ENDING_KINDS]
    effect = ending[-1] if ending else next(
        (effect for effect in reversed(last) if effect.kind != "winners"), None)
    if effect is None:
        return "no effect"
    text = effect.text
    for name in sorted(log.players, key=len, reverse=True):
        text = text.replace(name, "P")
    return f"{effect.rule}: {re.sub(r'[0-9]+', 'N', text)}"


def game_result(log: GameLog[Any]) -> GameResult:
    """The small record of a finished game."""
    outcome = log.outcome
    figures = outcome.chips if outcome.chips is not None else outcome.scores or {}
    winners = set(outcome.winners or ())
    rules: Counter[str] = Counter(effect.rule for effects in log.effects for effect in effects)
    return GameResult(
        events=len(log), deals=sum(event.TYPE == "deal" for event in log.events),
        ending=_ending(log), rules=tuple(sorted(rules.items())),
        winners=tuple(seat for seat, name in enumerate(log.players) if name in winners),
        finals=tuple(figures.get(name, 0) for name in log.players))


def _played(spec: StudySpec, make: Callable[[int], Policy], seed: int, options: Any
            ) -> GameResult:
    policies = [make(seat_seed(seed, seat)) for seat in range(spec.players)]
    return game_result(play(spec.game, policies, seed=seed, options=options))


def play_chunk(chunk: Chunk) -> Study:
    """Play a chunk's games and sum them (module-level: it is sent to processes and
    Dask workers by reference)."""
    spec = chunk.spec
    make = load_policy(spec.policy)
    base = Tally(seats=spec.players)
    versus = Tally(seats=spec.players) if spec.versus is not None else None
    paired = Paired(seats=spec.players) if spec.versus is not None else None
    for index in range(chunk.start, chunk.stop):
        seed = spec.seed + index
        one = _played(spec, make, seed, spec.options)
        base += Tally.of(one)
        if versus is not None and paired is not None:
            other = _played(spec, make, seed, spec.versus)
            versus += Tally.of(other)
            paired += Paired.of(one, other)
    return Study(spec, base, versus, paired)


def chunks(spec: StudySpec, size: int) -> Iterator[Chunk]:
    """The study's games in chunks of ``size``."""
    for start in range(0, spec.games, size):
        yield Chunk(spec, start, min(spec.games, start + size))


def run_study(spec: StudySpec, run: Executor | None = None, *, chunk: int | None = None,
              done: Callable[[int], None] | None = None) -> Study:
    """Play the study on ``run`` (default: this process) in chunks of ``chunk`` games
    (default: a few chunks per worker, at most 500 games each); ``done(games)`` is
    called as each chunk comes back (a progress bar)."""
    run = run or InProcess()
    size = chunk or max(1, min(500, spec.games // (run.workers * 8) or 1))
    total = Study(spec, Tally(seats=spec.players),
                  Tally(seats=spec.players) if spec.versus is not None else None,
                  Paired(seats=spec.players) if spec.versus is not None else None)
    for part in run.map(play_chunk, chunks(spec, size)):
        total += part
        if done is not None:
            done(part.base.games)
    return total
