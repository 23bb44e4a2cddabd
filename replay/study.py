"""Studies: many games played with policies, summed into a :class:`Study`.

Game ``i`` of a study with seed ``S`` is dealt by seed ``S + i``, and seat ``k``
plays with the policy seeded ``(S + i) * 64 + k`` (made by the maker of that
seat's policy, :meth:`StudySpec.policy_of`): each game depends on its own
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
import inspect
import os
import re
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

import cardcore
from cardcore.errors import RuleViolation
from cardcore.gamelog import GameLog
from cardcore.play import Policy, RandomPolicy, play
from cardcore.play.answers import seat_name
from cardcore.play.errors import PolicyError, RefusedAnswer
from cardcore.play.policies import Offer
from cardcore.play.steps import check_seed
from cardcore.quoting import with_article
from cardcore.replay.cluster import Executor, InProcess
from cardcore.replay.errors import PolicyFailed, PolicyNameError
from cardcore.replay.tally import GameResult, Paired, Tally

__all__ = ["ENDING_KINDS", "Chunk", "PolicyFailed", "PolicyMaker", "PolicyNameError", "Study",
           "StudySpec", "check_policies", "check_policy", "game_result", "load_policy",
           "play_chunk", "read_policies", "run_study", "seat_name", "seat_seed"]

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


_SEAT = re.compile(r"P([1-9][0-9]*)")
"""A seat as :func:`seat_name` writes it."""


def read_policies(texts: Sequence[str]) -> tuple[str | None, tuple[tuple[int, str], ...]]:
    """``--policy``'s values: ``MODULE:NAME`` for every seat (at most one), and
    ``SEAT=MODULE:NAME`` for one seat, named as the report names it (``P2``);
    the policy of every seat (None: random play) and those of single seats, as
    (seat from 0, name). A module's name has no ``=``, so an ``=`` says a seat
    is given. The seats are checked against the study's by :class:`StudySpec`,
    the names by :func:`load_policy`.

    >>> read_policies(["mybots:Cautious", "P2=mybots:Bold"])
    ('mybots:Cautious', ((1, 'mybots:Bold'),))
    """
    everyone: str | None = None
    seats: list[tuple[int, str]] = []
    for text in texts:
        seat, equals, name = text.partition("=")
        if not equals:
            if everyone is not None:
                raise PolicyNameError(f"{everyone!r} and {text!r} are both for every seat: "
                                      "give one policy without a seat, and SEAT=MODULE:NAME "
                                      "for each seat of its own, like P1=mybots:Cautious")
            everyone = text
            continue
        found = _SEAT.fullmatch(seat)
        if found is None:
            raise PolicyNameError(f"{text!r}: name the seat as the report does, P1 for the "
                                  "first, like P1=mybots:Cautious")
        seats.append((int(found.group(1)) - 1, name))
    return everyone, tuple(seats)


def load_policy(name: str | None) -> Callable[[int], Policy]:
    """The policy maker named ``module:Name``, called with a seat's seed (or with
    nothing, if it takes no argument: a bot class without a constructor, as
    docs/writing-a-bot.md writes one) to make that seat's policy; None:
    :class:`~cardcore.play.RandomPolicy`. What cannot be called so is refused
    here, before any game (:class:`PolicyNameError`)."""
    if name is None:
        return RandomPolicy
    module_name, colon, attribute = name.partition(":")
    if not colon or not module_name or not attribute:
        raise PolicyNameError(f"{name!r}: name a policy as module:Name, "
                              "like mybots:Cautious")
    try:
        found = getattr(_import_beside(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise PolicyNameError(f"{name!r} cannot be imported: {error}") from None
    if not callable(found):
        raise PolicyNameError(f"{name!r} is not callable: it should make a policy from a seed")
    return PolicyMaker(name, found, _takes_seed(name, found))


def _import_beside(module_name: str) -> Any:
    """The module named, found as ``python -m`` would find it: a bot in a file
    beside the command (``mybots.py`` in the current folder) too. The installed
    ``cardcore`` command does not put the current folder on ``sys.path``, so a
    module found nowhere else is looked for there, last (a file of the current
    folder never hides an installed module of the same name)."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        here = os.getcwd()
        if error.name != module_name.partition(".")[0] or here in sys.path or "" in sys.path:
            raise
        sys.path.append(here)
        return importlib.import_module(module_name)


_MAKER = ("--policy names what makes a policy: a class or function called with a seat's "
          "seed or with nothing")


def _parameters(found: Callable[..., Any]) -> inspect.Signature | None:
    """What ``found`` takes; None for a callable Python cannot say it of (some builtins)."""
    try:
        return inspect.signature(found)
    except (TypeError, ValueError):
        return None


def _binds(signature: inspect.Signature, *arguments: object) -> bool:
    try:
        signature.bind(*arguments)
    except TypeError:
        return False
    return True


def _takes_seed(name: str, found: Callable[..., Any]) -> bool:
    """Whether the maker is called with the seed (it may be) or with nothing (it
    takes no argument); anything else is not a maker."""
    signature = _parameters(found)
    if signature is None or _binds(signature, 0):
        return True
    if _binds(signature):
        return False
    itself = ", not a policy itself" if _binds(signature, None, None) else ""
    raise PolicyNameError(f"{name!r} takes {_shown(signature)}: {_MAKER}{itself}")


def _shown(signature: inspect.Signature) -> str:
    """The parameters as the code names them, without annotations: ``(view, offers)``."""
    return f"({', '.join(signature.parameters)})"


_REPLAY = (str(Path(__file__).parent),)
"""Where this layer's modules are (replay/ in a checkout, not under cardcore/)."""


def _raised(error: BaseException) -> str:
    """An exception of a user's code in one line: its type, its words, and the last
    line of the user's code it passed through (a traceback is not shown, and an
    event the bot built wrong is raised by cardcore, from the bot's line)."""
    ours = (*(str(Path(folder)) for folder in (*cardcore.__path__, *_REPLAY)),
            "<attrs generated")  # an event class's __init__
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if not frame.filename.startswith(ours)]
    where = f" ({Path(frames[-1].filename).name}, line {frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {error}{where}"


@attrs.frozen
class PolicyMaker:
    """The maker ``--policy`` names, called as it takes (with the seat's seed, or
    with nothing), what it makes checked to be a policy of (view, offers)."""

    name: str
    make: Callable[..., Any]
    takes_seed: bool

    def __call__(self, seed: int) -> Policy:
        policy = self.make(seed) if self.takes_seed else self.make()
        if not callable(policy):
            raise PolicyNameError(f"{self.name!r} made {policy!r} ({with_article(type(policy).__name__)}), "
                                  "not a policy: a policy is a callable from a seat's view "
                                  "and its offers to one offer")
        signature = _parameters(policy)
        if signature is not None and not _binds(signature, None, None):
            raise PolicyNameError(f"{self.name!r} made a policy that takes "
                                  f"{_shown(signature)}: a policy is called with a seat's "
                                  "view and its offers, (view, offers)")
        return policy  # type: ignore[no-any-return]


def check_policy(name: str | None, seed: int, seat: int = 0) -> None:
    """Refuse, before a study is played, a ``--policy`` that names no maker of
    policies, or whose maker fails to make ``seat``'s policy (P1's by default) of
    the game dealt by ``seed`` (:class:`PolicyNameError`)."""
    make = load_policy(name)
    try:
        make(seat_seed(seed, seat))
    except PolicyNameError:
        raise
    except Exception as error:  # the user's code: any error is its own
        raise PolicyNameError(f"{name!r} raised {_raised(error)} when called to make a "
                              "policy") from None


@attrs.frozen
class _Guarded:
    """A user's policy whose errors say whose they are: :class:`PolicyFailed`
    naming the game's seed and the seat, not the bare exception from deep in the
    play loop."""

    policy: Policy
    seat: str
    seed: int

    def __call__(self, view: Any, offers: Any) -> Offer:
        try:
            return self.policy(view, offers)
        except Exception as error:  # the user's code: any error is its own
            raise PolicyFailed(f"the game dealt by seed {self.seed}: {self.seat}'s policy "
                               f"raised {_raised(error)}") from error


def _a_seed(spec: StudySpec, attribute: Any, seed: object) -> None:
    """The study's first seed is a seed (:func:`~cardcore.play.steps.check_seed`,
    SetupError otherwise): a whole number of 0 or more, so that every game's is,
    and no two games are dealt alike (seeds -1 and 1 would deal the same game)."""
    check_seed(seed)


def _seats_of_the_study(spec: StudySpec, attribute: Any,
                        given: tuple[tuple[int, str], ...]) -> None:
    """Each seat given a policy of its own is one of the study's, and given one
    only (:class:`PolicyNameError`: a seat that is not played would leave its
    policy unused, and a second policy for a seat could not both play)."""
    named: dict[int, str] = {}
    for seat, name in given:
        text = f"{seat_name(seat)}={name}"  # as --policy gives it
        if not 0 <= seat < spec.players:
            raise PolicyNameError(f"{text!r} names a seat a study of {spec.players} players "
                                  f"does not have: its seats are P1 to "
                                  f"{seat_name(spec.players - 1)}")
        if seat in named:
            raise PolicyNameError(f"{named[seat]!r} and {text!r} both give "
                                  f"{seat_name(seat)} a policy: give a seat one")
        named[seat] = text


@attrs.frozen
class StudySpec:
    """What to play: ``games`` games of ``game`` with ``players`` seats, the first
    dealt by ``seed`` (a whole number of 0 or more; SetupError otherwise), with
    ``options`` (and ``versus``, a second option set), every seat's policy made by
    ``policy`` (None: random play) but those of the seats ``seat_policies`` gives
    (seat from 0, maker's name)."""

    game: str
    players: int
    games: int
    seed: int = attrs.field(default=0, validator=_a_seed)
    options: Any = None
    versus: Any = None
    policy: str | None = None
    seat_policies: tuple[tuple[int, str], ...] = attrs.field(
        default=(), validator=_seats_of_the_study)

    def policy_of(self, seat: int) -> str | None:
        """The name of the maker of ``seat``'s policy (from 0); None: random play."""
        return dict(self.seat_policies).get(seat, self.policy)

    def policies(self) -> tuple[str | None, ...]:
        """Each seat's maker's name, in seat order."""
        return tuple(self.policy_of(seat) for seat in range(self.players))


def check_policies(spec: StudySpec) -> None:
    """Refuse, before ``spec`` is played, a policy that cannot be made: each maker
    named is asked for the policy of the first seat it plays in the first game
    (:func:`check_policy`); a refusal of one given to single seats quotes the
    first, as ``--policy`` gave it (``'P2=mybots:Cautious': ...``)."""
    policies = spec.policies()
    for name in dict.fromkeys(policies):
        if name is None:
            continue
        seat = policies.index(name)
        try:
            check_policy(name, spec.seed, seat)
        except PolicyNameError as error:
            if name == spec.policy:  # given for every seat: as --policy gave it
                raise
            given = f"{seat_name(seat)}={name}"
            raise PolicyNameError(f"{given!r}: {error}") from None


def _makers(spec: StudySpec) -> tuple[Callable[[int], Policy], ...]:
    """The maker of each seat's policy, in seat order: the one place a study's
    policies are loaded (in whatever process plays the games); each name is
    imported once."""
    makers = {name: load_policy(name) for name in dict.fromkeys(spec.policies())}
    return tuple(makers[name] for name in spec.policies())


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


def _played(spec: StudySpec, makers: tuple[Callable[[int], Policy], ...], seed: int,
            options: Any) -> GameResult:
    if spec.policy is None and not spec.seat_policies:  # random play: legal by construction
        policies = [make(seat_seed(seed, seat)) for seat, make in enumerate(makers)]
        return game_result(play(spec.game, policies, seed=seed, options=options))
    return game_result(_played_by_user(spec, makers, seed, options))


def _played_by_user(spec: StudySpec, makers: tuple[Callable[[int], Policy], ...], seed: int,
                    options: Any) -> GameLog[Any]:
    """A game played by the user's policies (and random players in the seats given
    none): whatever the user's do wrong is a :class:`PolicyFailed` that says so
    (a ``--policy`` misbehaving in play)."""
    policies: list[Policy] = []
    for seat, make in enumerate(makers):
        name = seat_name(seat)
        if spec.policy_of(seat) is None:  # a random player: legal by construction
            policies.append(make(seat_seed(seed, seat)))
            continue
        try:
            policies.append(_Guarded(make(seat_seed(seed, seat)), name, seed))
        except PolicyNameError:
            raise
        except Exception as error:  # the user's code: any error is its own
            raise PolicyFailed(f"the game dealt by seed {seed}: making {name}'s policy "
                               f"raised {_raised(error)}") from error
    try:
        return play(spec.game, policies, seed=seed, options=options)
    except PolicyError as error:
        raise PolicyFailed(f"the game dealt by seed {seed}: {error}") from error
    except RefusedAnswer as error:  # a random player's never is: the user's policy's
        raise PolicyFailed(f"the game dealt by seed {seed}: {seat_name(error.seat)}'s policy "
                           f"answered an event the rules do not allow: {error.refusal}"
                           ) from error
    except RuleViolation as error:
        raise PolicyFailed(f"the game dealt by seed {seed}: a policy answered an event the "
                           f"rules do not allow: {error}") from error


def play_chunk(chunk: Chunk) -> Study:
    """Play a chunk's games and sum them (module-level: it is sent to processes and
    Dask workers by reference)."""
    spec = chunk.spec
    try:
        makers = _makers(spec)
    except PolicyNameError as error:  # the command loaded it before: this is another process
        raise PolicyNameError(f"{error}, in the process that plays games {chunk.start} to "
                              f"{chunk.stop - 1} ({_process()}): {_ELSEWHERE}") from None
    base = Tally(seats=spec.players)
    versus = Tally(seats=spec.players) if spec.versus is not None else None
    paired = Paired(seats=spec.players) if spec.versus is not None else None
    for index in range(chunk.start, chunk.stop):
        seed = spec.seed + index
        one = _played(spec, makers, seed, spec.options)
        base += Tally.of(one)
        if versus is not None and paired is not None:
            other = _played(spec, makers, seed, spec.versus)
            versus += Tally.of(other)
            paired += Paired.of(one, other)
    return Study(spec, base, versus, paired)


_ELSEWHERE = ("each worker imports the policy's module itself, so it must be installed "
              "there or be in the folder the worker runs in (a Dask worker can be sent a "
              "one-file module with client.upload_file)")


def _process() -> str:
    """Where this process runs, for a message from a worker: its host and folder."""
    import socket

    return f"on {socket.gethostname()}, in {os.getcwd()}"


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
