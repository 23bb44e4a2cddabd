"""The four games as PettingZoo environments (cardcore.pettingzoo): PettingZoo's
own API, seed and max-cycles tests on every game and table size, rewards as the
games score them, and every episode's transcript validating."""

from __future__ import annotations

import functools
import os
import re
import types
from typing import Any

import pytest

if os.environ.get("CI") != "true":
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed "
                        "(pip install -e '.[pettingzoo]'); CI=true requires it")

import numpy as np
from pettingzoo.test import api_test, max_cycles_test, seed_test

from cardcore import replay_file
from cardcore.pettingzoo import env, parallel_env
from cardcore.registry import get_game

GAMES = ("goblin-poker", "orc-poker", "saint-poker", "auction")
TABLES = [(game, players) for game in GAMES
          for players in range(get_game(game).min_players, get_game(game).max_players + 1)]


def _episode(table: Any, seed: int) -> int:
    """Play one episode with agents that sample within their masks; its length."""
    table.reset(seed=seed)
    steps = 0
    for agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        action = None if terminated or truncated else table.action_space(agent).sample(
            observation["action_mask"])
        table.step(action)
        steps += 1
    return steps


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_api(game: str, players: int) -> None:
    """PettingZoo's api_test passes (a few cycles: the checks are per step)."""
    api_test(env(game, players), num_cycles=20)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_seed(game: str, players: int) -> None:
    """PettingZoo's seed_test: two tables reset with one seed play alike."""
    seed_test(functools.partial(env, game, players), num_cycles=20)


@pytest.mark.parametrize(("seed", "why"), [
    (1.5, ""), ("x", ""), (True, ""), (np.float64(2.0), ""),
    (-1, ": it would give the same random numbers as 1, and so play the same game")])
def test_a_seed_that_is_no_whole_number_of_0_or_more_is_refused(seed: Any, why: str) -> None:
    """``reset(seed=1.5)`` and ``reset(seed="x")`` were taken as Python's random takes
    them, ``reset(seed=True)`` played the game of seed 1 and ``reset(seed=-1)`` that
    of 1 too: each is a SetupError in the words of the dealer's seed check."""
    from cardcore.errors import SetupError

    table = env("goblin-poker", 2)
    with pytest.raises(SetupError, match=r"^a seed is a whole number of 0 or more, or None "
                                         rf"\(the seeds of the last seeded reset go on\), not .*{why}"):
        table.reset(seed=seed)


def test_a_numpy_integer_seed_is_the_seed_it_stands_for_and_none_goes_on() -> None:
    """``reset(seed=np.int64(3))`` raised Python's TypeError from random.seed: a
    NumPy integer is a seed as the int it stands for is (as it is an action), and
    None goes on from the last seeded reset's seeds, as PettingZoo's API has it."""
    def first_deal(seed: Any) -> Any:
        table = env("goblin-poker", 2)
        table.reset(seed=seed)
        return table.unwrapped.log.events

    assert first_deal(np.int64(3)) == first_deal(3) != first_deal(4)
    table = env("goblin-poker", 2)
    table.reset(seed=3)
    table.reset()
    assert table.unwrapped.log.events != first_deal(3)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_max_cycles(game: str, players: int) -> None:
    """PettingZoo's max_cycles_test: every agent acts max_cycles times, then the
    episode is truncated (unmasked random actions are refused, not fatal)."""
    table = types.SimpleNamespace(env=functools.partial(env, game, players),
                                  parallel_env=functools.partial(parallel_env, game, players))
    max_cycles_test(table)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_episode_transcript_validates(game: str, players: int, tmp_path: Any) -> None:
    """A whole episode ends the game, and its transcript validates with cardcore."""
    table = env(game, players)
    _episode(table, seed=players)
    log = table.unwrapped.log
    assert log.outcome.complete
    path = tmp_path / "episode.json"
    path.write_text(table.unwrapped.transcript())
    report = replay_file(path)
    assert report.exit_code == 0 and report.complete, report.problems


@pytest.mark.parametrize("game", GAMES)
def test_rewards_are_the_games_score(game: str) -> None:
    """The rewards summed over an episode are each seat's chips won (from the
    starting stack) or points scored, as the game's outcome says."""
    table = env(game, 3)
    table.reset(seed=5)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        table.step(None if terminated or truncated else
                   table.action_space(agent).sample(observation["action_mask"]))
    outcome = table.unwrapped.log.outcome
    start = table.unwrapped.log.rules.outcome(table.unwrapped.log.states[0])
    if outcome.chips is not None:
        expected = {name: outcome.chips[name] - start.chips[name] for name in totals}
        # chips change hands; a split's remainder left in the pot is no seat's
        assert sum(expected.values()) == -outcome.pot
    else:
        expected = {name: float(outcome.scores[name]) for name in totals}
    assert totals == expected


def test_refused_action_plays_nothing() -> None:
    """An action outside the mask is refused (noted in infos) and the game is as before."""
    table = env("goblin-poker", 2)
    table.reset(seed=1)
    observation, *_ = table.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    events = len(table.unwrapped.log)
    agent = table.agent_selection
    table.step(illegal)
    assert table.infos[agent] == {"refused": illegal}
    assert len(table.unwrapped.log) == events


def test_render_ansi_shows_the_table() -> None:
    """render() in ansi mode returns the game, the standing and what the agent saw."""
    table = env("saint-poker", 2, render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert text.startswith("Saint Poker") and "standing: " in text and "player_0" in text


def test_render_counts_one_event_in_the_singular() -> None:
    """The count of events is worded as a count: "1 event" after the deal alone, not
    "1 events"."""
    table = env("auction", 2, render_mode="ansi")
    table.reset(seed=2)
    assert len(table.unwrapped.log) == 1
    assert table.render().startswith("Abbott's Auction, 1 event; to act: ")


@pytest.mark.parametrize("game", ["goblin-poker", "orc-poker", "saint-poker", "auction"])
def test_a_table_seats_the_fewest_players_its_game_is_for_by_default(game: str) -> None:
    """env(game) with no number of players seats the fewest the game is for (three at
    Orc Poker, which is for 3 to 8: a default of two was refused by the game, in a
    message about a number the user never wrote), as its per-game module does."""
    import importlib

    from cardcore.registry import GAMES

    module = importlib.import_module(f"cardcore.pettingzoo.{game.replace('-', '_')}_v0")
    for table in (env(game), parallel_env(game), module.env(), module.raw_env()):
        assert len(table.possible_agents) == GAMES[game].min_players


def test_num_players_is_taken_as_pettingzoos_classic_games_take_it() -> None:
    """``num_players``, the keyword of PettingZoo's classic card games, gives the
    number of seats as ``players`` does, in env() and in the per-game modules."""
    from cardcore.pettingzoo import orc_poker_v0

    assert len(orc_poker_v0.env(num_players=4).possible_agents) == 4
    assert len(env("saint-poker", num_players=3).possible_agents) == 3
    assert len(orc_poker_v0.parallel_env(num_players=5).possible_agents) == 5


@pytest.mark.parametrize(("players", "quote"), [("3", "'3'"), (["a", "b", "c"], "['a', 'b', 'c']"),
                                                (3.0, "3.0"), (True, "True")])
def test_players_that_are_not_a_whole_number_are_refused_in_words(players: Any, quote: str
                                                                  ) -> None:
    """A number of players given as a string, as names (play() and Match take names,
    a table names its agents itself), as a float or a bool is a TableError quoting
    it and saying what the game is for, not a TypeError from range()."""
    from cardcore.pettingzoo.table import TableError

    with pytest.raises(TableError, match=rf"players is the number of seats, a whole number "
                       rf"from 3 to 8 for Orc Poker, not {re.escape(quote)}: the agents are "
                       r"named player_0 onwards"):
        env("orc-poker", players)


def test_players_and_num_players_together_are_refused() -> None:
    """``players`` and ``num_players`` at once are refused, even when they agree: one
    number by two names is one too many to check against each other."""
    from cardcore.pettingzoo.table import TableError

    with pytest.raises(TableError, match="players=3 and num_players=3 are the same number of "
                       "seats by two names: give one"):
        env("orc-poker", 3, num_players=3)


def test_observation_is_the_seats_information_state() -> None:
    """An agent's observation is its own view's information state, other hands hidden."""
    table = env("goblin-poker", 3)
    table.reset(seed=4)
    raw = table.unwrapped
    for seat, agent in enumerate(table.possible_agents):
        encoded = raw.observe(agent)["observation"]
        text = bytes(encoded[encoded != 0]).decode()
        assert text == raw.match.views[seat].information_state()
        assert "?" in text                      # the others' cards are unknown to it


def test_only_the_asked_seat_has_choices_the_others_wait() -> None:
    """In Auction's bidding one seat is asked (it may pass); every other agent's mask
    allows only the wait action, which plays nothing."""
    table = env("auction", 3)
    table.reset(seed=2)
    raw = table.unwrapped
    masks = {agent: raw.observe(agent)["action_mask"] for agent in table.possible_agents}
    choosing = [agent for agent, mask in masks.items() if not mask[raw.wait]]
    assert len(choosing) == 1 and masks[choosing[0]][raw.pass_] == 1
    for agent, mask in masks.items():
        if agent not in choosing:
            assert list(np.flatnonzero(mask)) == [raw.wait]
    events, waited = len(raw.log), 0
    while table.agent_selection not in choosing:   # the first asked is the dealer's left
        agent = table.agent_selection
        table.step(raw.wait)
        assert table.infos[agent] == {}            # accepted, not refused
        waited += 1
    assert waited >= 1 and len(raw.log) == events


@pytest.mark.parametrize("module", ["goblin_poker_v0", "orc_poker_v0", "saint_poker_v0",
                                    "auction_v0"])
def test_one_module_per_game(module: str) -> None:
    """Each game's module (laid out like PettingZoo's classic ones) makes its game's
    table, AEC and parallel, and passes max_cycles_test at its default size."""
    import importlib

    game = importlib.import_module(f"cardcore.pettingzoo.{module}")
    table = game.env()
    assert table.unwrapped.rules.name == game.GAME
    assert len(table.possible_agents) == table.unwrapped.rules.min_players
    max_cycles_test(game)


def test_a_table_takes_the_start_of_a_games_name_and_is_named_in_full() -> None:
    """``env("auc")`` said "no game is called 'auc'" where ``cardcore study auc``
    played Abbott's Auction; now it is Auction's table, named ``auction_v0`` (not
    ``auc_v0``), with Auction's larger observation (not the default size)."""
    short, full = env("auc", players=2).unwrapped, env("auction", players=2).unwrapped
    assert short.rules is full.rules
    assert short.metadata["name"] == full.metadata["name"] == "auction_v0"
    assert short.observation_space("player_0") == full.observation_space("player_0")
    assert short.observation_space("player_0") != env("saint", 2).observation_space("player_0")


def test_the_tables_are_of_the_types_their_constructors_name() -> None:
    """env() returns an AECTable and parallel_env() a ParallelTable (the types a
    checker is given, .ci/typing_probe.py), each unwrapping to the CardTable; so
    do the per-game modules'."""
    from cardcore.pettingzoo import AECTable, CardTable, ParallelTable, saint_poker_v0

    for table in (env("saint-poker", 2), saint_poker_v0.env()):
        assert isinstance(table, AECTable) and type(table.unwrapped) is CardTable
    for parallel in (parallel_env("saint-poker", 2), saint_poker_v0.parallel_env()):
        assert isinstance(parallel, ParallelTable) and type(parallel.unwrapped) is CardTable


def test_unknown_render_mode_is_refused_in_words() -> None:
    """A render mode the table does not offer is a TableError quoting it, at once."""
    from cardcore.errors import CardcoreError
    from cardcore.pettingzoo.table import TableError

    with pytest.raises(TableError, match="'rgb_array' is not one of: None, 'ansi', 'human'") as raised:
        env("orc-poker", 3, render_mode="rgb_array")
    assert isinstance(raised.value, CardcoreError)


PARALLEL_OPTIONS = {"auction": {"target": 50}}
"""A shorter Auction (fewer hands to the target), so that whole episodes stay quick."""


PARALLEL_TABLES = [("goblin-poker", 2), ("goblin-poker", 3), ("orc-poker", 3), ("orc-poker", 4),
                   ("saint-poker", 2), ("saint-poker", 3), ("auction", 2), ("auction", 3)]


@pytest.mark.parametrize(("game", "players"), PARALLEL_TABLES)
def test_parallel_episodes_run_to_the_end(game: str, players: int) -> None:
    """Whole parallel episodes with legal random actions end the game, every agent
    terminated at once, and pay the game's score: a Goblin or Orc game often ends
    on an agent's step in the middle of a cycle, which PettingZoo's parallel
    wrapper accepts only if the agents die at the end of that cycle."""
    for seed in range(5):
        table = parallel_env(game, players, PARALLEL_OPTIONS.get(game))
        observations, _ = table.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(table.possible_agents, 0.0)
        for _ in range(10_000):
            if not table.agents:
                break
            actions = {agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
                       for agent in table.agents}
            observations, rewards, terminations, truncations, _ = table.step(actions)
            for agent, reward in rewards.items():
                totals[agent] += reward
            assert len(set(terminations.values())) == 1      # all die together, or none
            assert not any(truncations.values())
        assert not table.agents, f"seed {seed}: the episode did not end"
        raw = table.unwrapped
        assert raw.log.outcome.complete
        start = raw.log.rules.outcome(raw.log.states[0])
        outcome = raw.log.outcome
        if outcome.chips is not None:
            expected = {name: float(outcome.chips[name] - start.chips[name]) for name in totals}
        else:
            expected = {name: float(outcome.scores[name]) for name in totals}
        assert totals == expected, f"seed {seed}"


def test_parallel_api_test_passes_on_a_game_that_ends_mid_cycle(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """PettingZoo's parallel_api_test passes on Goblin Poker for three, whose games
    (with these seeds) end on an agent's step before the cycle's last: the table
    terminates every agent only when that cycle ends."""
    from pettingzoo.test import parallel_api_test

    table = parallel_env("goblin-poker", 3)
    raw = table.unwrapped
    for number, agent in enumerate(raw.possible_agents):
        raw.action_space(agent).seed(number)
    ended_by: list[str] = []
    step = raw.step

    def spying_step(action: Any) -> None:
        """The table's step, noting the agent whose step ends the game."""
        agent, over = raw.agent_selection, raw.match.whose().over
        step(action)
        if not over and raw.match.whose().over:
            ended_by.append(agent)

    monkeypatch.setattr(raw, "step", spying_step)
    parallel_api_test(table, num_cycles=1000)
    assert set(ended_by) - {raw.possible_agents[-1]}      # the case in point was played


def test_game_over_mid_cycle_the_rest_of_the_cycle_waits() -> None:
    """In the AEC env, the agents after the one whose step ended the game keep
    their turn in that cycle, with only the wait action, and no reward yet; then
    every agent is terminated with its reward."""
    table = env("goblin-poker", 3)
    table.reset(seed=5)
    raw = table.unwrapped
    rng = np.random.default_rng(5)
    while not raw.match.whose().over:
        observation, *_ = table.last()
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    next_up = raw.possible_agents.index(table.agent_selection)
    assert next_up != 0, "this seed's game ended at a cycle's end"
    waiting = raw.possible_agents[next_up:]
    for agent in waiting:
        observation, reward, terminated, truncated, _ = table.last()
        assert (table.agent_selection, reward, terminated, truncated) == (agent, 0, False, False)
        assert list(np.flatnonzero(observation["action_mask"])) == [raw.wait]
        table.step(raw.wait)
    assert all(table.terminations.values()) and len(table.agents) == 3
    assert sum(table.rewards.values()) == -raw.log.outcome.pot   # a remainder stays (GP-1.3)


def test_none_for_a_live_agent_is_refused_in_words() -> None:
    """None is the action of a done agent only: for a live one it is an ActionError
    (a TableError, and a TypeError as Python's own for a wrong type) saying what
    an action is, and nothing is played."""
    from cardcore.pettingzoo.table import ActionError, TableError

    table = env("goblin-poker", 2)
    table.reset(seed=1)
    events = len(table.unwrapped.log)
    with pytest.raises(ActionError, match=r"player_0 is still playing: None is the action "
                       r"only of an agent that is done; an action is an int from 0 to \d+"
                       ) as raised:
        table.step(None)
    assert isinstance(raised.value, TableError) and isinstance(raised.value, TypeError)
    assert len(table.unwrapped.log) == events and table.agent_selection == "player_0"


@pytest.mark.parametrize(("action", "quote"), [(15.9, "15.9"), (3.0, "3.0"), (True, "True"),
                                               ("3", "'3'"), (np.float64(2.0), repr(np.float64(2.0)))])
def test_an_action_that_is_not_an_int_is_refused_not_rounded(action: Any, quote: str) -> None:
    """A float (even a whole one), a bool or a string is refused with an ActionError
    quoting it as the Python value it is (``True``, not JSON's ``true``: an action
    comes from a program, not a file), never truncated to the number of another
    action."""
    from cardcore.pettingzoo.table import ActionError

    table = env("goblin-poker", 2)
    table.reset(seed=1)
    events = len(table.unwrapped.log)
    with pytest.raises(ActionError, match=rf"action {re.escape(quote)} for player_0 is not an "
                       r"int: an action is an int from 0 to \d+"):
        table.step(action)
    assert len(table.unwrapped.log) == events and table.infos["player_0"] == {}


def test_a_numpy_integer_is_an_action() -> None:
    """A NumPy integer (what a Gymnasium space samples) is an action like an int."""
    table = env("goblin-poker", 2)
    table.reset(seed=1)
    observation, *_ = table.last()
    legal = np.flatnonzero(observation["action_mask"])[0]
    table.step(np.int64(legal))
    assert table.infos["player_0"] == {} and table.agent_selection == "player_1"


@pytest.mark.parametrize("past", [-1, -10**6, 1, 10**6, np.int64(-1)])
def test_a_number_outside_the_action_space_is_an_action_error(past: Any) -> None:
    """A number outside the action space (``past`` below 0, or past ``wait`` when
    positive) is no action: an ActionError naming the range, nothing played and
    nothing noted in infos, not a "refused" action as an in-range number outside
    the mask is (-1 is not the last action)."""
    from cardcore.pettingzoo.table import ActionError

    table = env("saint-poker", 2)
    table.reset(seed=1)
    wait = table.unwrapped.wait
    number = past if past < 0 else wait + past
    assert not table.action_space("player_0").contains(number)
    events = len(table.unwrapped.log)
    with pytest.raises(ActionError, match=rf"action {number} for player_0 is not in the "
                       rf"action space: an action is an int from 0 to {wait} "):
        table.step(number)
    assert len(table.unwrapped.log) == events and table.infos["player_0"] == {}
    assert table.agent_selection == "player_0"


def test_a_number_outside_the_action_space_is_an_action_error_in_parallel() -> None:
    """The parallel environment steps the AEC table with each agent's action: a
    number outside the action space is an ActionError there too, and the game
    stays as it was."""
    from cardcore.pettingzoo.table import ActionError

    table = parallel_env("saint-poker", 2)
    observations, _ = table.reset(seed=1)
    raw = table.unwrapped
    events = len(raw.log)
    legal = {agent: int(np.flatnonzero(observations[agent]["action_mask"])[0])
             for agent in table.agents}
    with pytest.raises(ActionError, match=rf"action {raw.wait + 1} for player_1 is not in "
                       rf"the action space: an action is an int from 0 to {raw.wait} "):
        table.step({**legal, "player_1": raw.wait + 1})
    assert len(raw.log) == events


def test_an_in_range_action_outside_the_mask_is_refused_in_parallel() -> None:
    """In the parallel environment too, an action number of the space that is not
    legal now is refused in infos, not an error, and plays nothing."""
    table = parallel_env("saint-poker", 2)
    observations, _ = table.reset(seed=1)
    raw = table.unwrapped
    events = len(raw.log)
    illegal = {agent: int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
               for agent in table.agents}
    _, _, _, _, infos = table.step(illegal)
    assert infos == {agent: {"refused": number} for agent, number in illegal.items()}
    assert len(raw.log) == events


def test_a_remainder_left_in_the_pot_is_no_seats_reward() -> None:
    """A session of Goblin Poker can end with a split's remainder in the pot
    (GP-1.3, GP-6.2; this seed and these legal random actions leave 1 chip): each
    seat's reward is still its chips won or lost, so the rewards sum to minus
    the pot, as docs/pettingzoo.md says, not to zero."""
    table = env("goblin-poker", 4)
    table.reset(seed=3337)
    rng = np.random.default_rng(3337)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        table.step(None if terminated or truncated else
                   int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    log = table.unwrapped.log
    start = log.rules.outcome(log.states[0])
    assert log.outcome.complete and log.outcome.pot == 1
    assert totals == {name: float(log.outcome.chips[name] - start.chips[name]) for name in totals}
    assert sum(totals.values()) == -1
