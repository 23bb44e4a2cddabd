"""One of the games as a PettingZoo AEC environment (:class:`CardTable`).

The agents are stepped in a fixed cycle, ``player_0`` to ``player_{n-1}`` and
round again, whatever the game's own order: an agent whose part it is not takes
the action :attr:`CardTable.wait` (the only one its mask allows). A fixed cycle
is what PettingZoo's parallel wrapper and its ``max_cycles`` convention expect,
and it fits the steps the seats take together (a reveal, a show): every seat
gives its part on its own turn, and the parts are played as one event when the
last is given. The dealer (seeded by ``reset(seed=...)``) plays every chance
step between two agents' steps.

The game can end on any agent's step, but the episode ends only when that
cycle does: the agents after it in the cycle still take their turn, with only
:attr:`CardTable.wait` in their mask, and then every agent is terminated and
paid together. PettingZoo's parallel wrapper (``aec_to_parallel``) requires it:
it steps every agent of ``agents`` once per cycle with the action it was
given, and an agent terminated part-way through would be stepped with an
action that is not ``None``, which PettingZoo refuses for a dead agent.

An action is a number of the game's :func:`~cardcore.play.catalogue`, or
:attr:`CardTable.pass_` (Auction's pass, the play loop's convention), or
:attr:`CardTable.wait`: an int or a NumPy integer from 0 to ``wait``, a number
of the action space. Anything else (``None`` for an agent still playing, a
float, a bool, a number outside the action space such as -1) is an
:class:`ActionError`, never rounded or wrapped into another action. An action
number outside the mask is refused: nothing is played,
``infos[agent]["refused"]`` holds it, and the agent is asked again on its next
turn (a random agent that ignores its mask still makes progress, and
``max_cycles`` truncates a game that makes none).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from cardcore.game import GameRules
from cardcore.gamelog import GameLog
from cardcore.pettingzoo.errors import ActionError, TableError
from cardcore.play import PASS, Match, Pass, Policy, View, catalogue
from cardcore.play.steps import check_seed, whole_number
from cardcore.protocol import Event
from cardcore.quoting import python_quoted
from cardcore.registry import get_game
from cardcore.standings import plural

__all__ = ["ActionError", "CardTable", "TableError"]

DEFAULT_MAX_CYCLES = 100_000
"""Cycles (every agent stepped once) before an episode is truncated: far more
than any game takes with agents that keep to their masks."""

OBSERVATION_BYTES = {"auction": 1 << 16}
"""Bytes of an observation per game (default :data:`OTHER_BYTES`)."""
OTHER_BYTES = 1 << 14

RENDER_MODES = ("ansi", "human")


def _answer(offer: Any) -> Policy:
    """The policy that answers what its agent chose (the loop asks it in turn)."""

    def answer(view: View[Any], offers: Sequence[Any]) -> Any:
        return offer

    return answer


def _seats(rules: GameRules[Any], players: object, num_players: object) -> int:
    """The number of seats asked for by ``players`` or PettingZoo's ``num_players``
    (the game's fewest by default); TableError for both at once or for what is
    not a whole number (names, as :func:`cardcore.play.play` takes, or ``"3"``):
    the table names its agents itself. A number the game is not for is the
    game's own SetupError, when the table seats them."""
    if players is not None and num_players is not None:
        raise TableError(f"players={python_quoted(players)} and num_players={python_quoted(num_players)} are "
                         "the same number of seats by two names: give one")
    count = players if num_players is None else num_players
    if count is None:
        return rules.min_players
    if isinstance(count, (bool, np.bool_)) or not isinstance(count, (int, np.integer)):
        raise TableError(f"players is the number of seats, a whole number from "
                         f"{rules.min_players} to {rules.max_players} for {rules.title}, not "
                         f"{python_quoted(count)}: the agents are named player_0 onwards")
    return int(count)


class CardTable(AECEnv):  # type: ignore[misc]
    """A table of ``players`` playing ``game`` (a transcript name:
    ``"goblin-poker"``, ``"orc-poker"``, ``"saint-poker"``, ``"auction"``, or
    the start of just one, as :func:`~cardcore.registry.get_game` reads it)
    with the game's ``options``. ``players`` is the number of seats (the agents
    are named ``player_0`` onwards); by default the fewest the game is for
    (three at Orc Poker, two at the others). ``num_players`` is the same number
    by the keyword PettingZoo's classic card games take; give one or the other.

    Observation: a dict of ``"observation"``, the seat's information state
    (:meth:`cardcore.play.View.information_state`, UTF-8, zero-padded; past the
    size, its first line and its most recent bytes), and ``"action_mask"``.
    Reward: 0 on every step but the last; when the episode ends, the chips each
    seat won or lost (Goblin Poker, Orc Poker) or the points it scored (Saint
    Poker, Abbott's Auction). The chips' rewards sum to minus the chips left in
    the pot: a split's remainder that no later game or round won (GP-1.3,
    OP-4.1) is no seat's. The whole game so far is :attr:`log`, its
    transcript :meth:`transcript`.
    """

    def __init__(self, game: str, players: int | None = None, options: Any = None, *,
                 num_players: int | None = None, render_mode: str | None = None,
                 max_cycles: int = DEFAULT_MAX_CYCLES) -> None:
        super().__init__()
        self.rules = get_game(game)
        players = _seats(self.rules, players, num_players)
        if render_mode not in (None, *RENDER_MODES):
            raise TableError(f"render_mode {python_quoted(render_mode)} is not one of: None, "
                             + ", ".join(map(python_quoted, RENDER_MODES)))
        self.metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES),
                                         "name": f"{self.rules.name}_v0", "is_parallelizable": True}
        """PettingZoo's: a fixed cycle of agents makes the parallel wrapper safe."""
        self.game_options = options
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self.catalogue = catalogue(self.rules, players)
        self.pass_ = len(self.catalogue)
        """The action of a seat that passes (Auction's bidding; never legal elsewhere)."""
        self.wait = self.pass_ + 1
        """The action of an agent whose part it is not."""
        size = OBSERVATION_BYTES.get(self.rules.name, OTHER_BYTES)
        self._size = size
        space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0, 255, (size,), np.uint8),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.wait + 1,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self.wait + 1)
                              for agent in self.possible_agents}
        self._seeds = random.Random()
        self.reset()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ---------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, its dealer seeded by ``seed``, a whole number of 0 or more (an
        int or a NumPy integer), or by the seeds of the last seeded reset (None).
        SetupError for anything else (:func:`~cardcore.play.steps.check_seed`): a
        float or a string was taken as Python's ``random`` takes it, ``True`` as
        seed 1 and -1 as 1. ``options`` are not read: the game's options are the
        table's, fixed when it is made."""
        if seed is not None:
            self._seeds.seed(check_seed(
                seed, ", or None (the seeds of the last seeded reset go on)"))
        self.match: Match[Any] = Match(self.rules, self.possible_agents, self.game_options,
                                       seed=self._seeds.getrandbits(63))
        self._start = self._standing()
        self._parts: dict[int, Event] = {}
        self._cycles = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._deal()
        self._masks: dict[int, np.ndarray[Any, Any]] | None = None

    @property
    def log(self) -> GameLog[Any]:
        """The game so far, every card true: ``cardcore.save_log(log, path)``
        writes its transcript to a file (a GameLog has no ``save`` of its own)."""
        return self.match.log

    def transcript(self) -> str:
        """The JSON text of the game's transcript (as ``cardcore.save_log`` writes it)."""
        from cardcore.replay.store import log_transcript, transcript_text
        from cardcore.replay.transcript import dump_transcript

        return transcript_text(dump_transcript(log_transcript(self.match.log)))

    def _deal(self) -> None:
        """Play chance's steps until a seat's, or the end."""
        match = self.match
        while match.whose().chance:
            match.deal()

    def _standing(self) -> dict[str, float]:
        """Each seat's chips or points now."""
        outcome = self.match.log.outcome
        table = outcome.chips if outcome.chips is not None else outcome.scores or {}
        return {name: float(table.get(name, 0)) for name in self.possible_agents}

    def _offers(self) -> dict[int, Sequence[Any]]:
        """The seats that have a part to play now, and what each is offered."""
        match = self.match
        whose = match.whose()
        if whose.over:
            return {}
        if whose.together:
            return {seat: match.legal(seat) for seat in whose.seats if seat not in self._parts}
        seat, offers = match.asking.ask(match.state, whose, match.legal)
        return {seat: offers}

    def _mask(self, seat: int) -> np.ndarray[Any, Any]:
        if self._masks is None:
            state = self.match.state
            masks = {}
            index = self.catalogue.index
            for asked, offers in self._offers().items():
                # one pass over the offers (PASS among them), not the catalogue's
                # mask over a copy without it: Auction's wins are thousands
                marks = np.zeros(self.wait + 1, np.int8)
                for offer in offers:
                    marks[self.pass_ if isinstance(offer, Pass) else index(state, offer)] = 1
                masks[asked] = marks
            self._masks = masks
        found = self._masks.get(seat)
        if found is None:
            found = np.zeros(self.wait + 1, np.int8)
            found[self.wait] = 1
        return found

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self.possible_agents.index(agent)
        text = self.match.views[seat].information_state().encode()
        size = self._size
        if len(text) > size:
            head = text.split(b"\n", 1)[0] + b"\n"
            text = head + text[len(text) - (size - len(head)):]
        observation = np.zeros(size, np.uint8)
        observation[:len(text)] = np.frombuffer(text, np.uint8)
        return {"observation": observation, "action_mask": self._mask(seat).copy()}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = self._action_number(agent, action)
        self._clear_rewards()
        seat = self.possible_agents.index(agent)
        mask = self._mask(seat)
        self.infos[agent] = {}
        if not mask[number]:
            self.infos[agent] = {"refused": number}
        elif number != self.wait:
            self._play(seat, number)
        self._next_agent(seat)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _action_number(self, agent: str, action: Any) -> int:
        """``action`` as an action number, or an :class:`ActionError` saying what
        an action is. A whole number as a program gives one
        (:func:`~cardcore.play.steps.whole_number`: what ``operator.index`` takes,
        an int, a NumPy integer, a 0-d integer array) is one, and a float is
        refused rather than truncated; a bool is an int to Python but never an
        action here. A
        number outside the action space (``action_space(agent).contains`` is
        false) is no action either: -1 is not the last action, and neither it nor
        a number past the end may be taken as an action that was only refused."""
        allowed = (f"an action is an int from 0 to {self.wait} (its mask marks the "
                   "legal ones; None only for an agent that is done)")
        if action is None:
            raise ActionError(f"{agent} is still playing: None is the action only of an "
                              f"agent that is done; {allowed}")
        number = whole_number(action)
        if number is None:
            raise ActionError(f"action {python_quoted(action)} for {agent} is not an int: "
                              f"{allowed}; "
                              "a float or a bool is refused, not rounded")
        if not 0 <= number <= self.wait:
            raise ActionError(f"action {number} for {agent} is not in the action space: "
                              f"{allowed}")
        return number

    def _play(self, seat: int, number: int) -> None:
        match = self.match
        offers = self._offers()[seat]
        offer: Any = PASS if number == self.pass_ else self.catalogue.event(
            match.state, offers, number)
        whose = match.whose()
        if whose.together:
            self._parts[seat] = offer
            if len(self._parts) < len(whose.seats):
                self._masks = None
                return
            parts = dict(self._parts)
            self._parts = {}
            match.step([_answer(parts.get(seat)) for seat in range(len(self.possible_agents))])
        else:
            match.step([_answer(offer)] * len(self.possible_agents))
        self._masks = None
        self._deal()

    def _next_agent(self, seat: int) -> None:
        """Hand the turn on; at the end of a cycle, end the episode if the game is
        over (every agent terminated and paid at once, see the module's notes on
        the parallel wrapper), else truncate it after ``max_cycles``."""
        following = (seat + 1) % len(self.possible_agents)
        if following == 0:
            self._cycles += 1
            if self.match.whose().over:
                end = self._standing()
                for name in self.agents:
                    self.rewards[name] = end[name] - self._start[name]
                    self.terminations[name] = True
            elif self._cycles >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[following]

    def render(self) -> str | None:
        """The table as the agent to act knows it: the standing, then what it saw."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        outcome = self.match.log.outcome
        table = outcome.chips if outcome.chips is not None else outcome.scores
        seat = self.possible_agents.index(self.agent_selection)
        lines = [f"{self.rules.title}, {plural(len(self.match.log), 'event')}; "
                 f"{'over, won by ' + ', '.join(outcome.winners or ()) if outcome.complete else 'to act: ' + self.agent_selection}",
                 "standing: " + ", ".join(f"{name} {value}" for name, value in (table or {}).items()),
                 *self.match.views[seat].information_state().splitlines()[-8:]]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
