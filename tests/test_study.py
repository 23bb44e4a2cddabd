"""Studies: games partitioned by seed, played in chunks, summed to one study."""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
import pytest

from cardcore.play import RandomPolicy, play
from cardcore.replay.cluster import Processes
from cardcore.replay.study import (
    PolicyFailed,
    PolicyNameError,
    StudySpec,
    check_policies,
    check_policy,
    game_result,
    load_policy,
    read_policies,
    run_study,
    seat_seed,
)
from cardcore.replay.tally import Sums, Tally

ORC = StudySpec(game="orc-poker", players=3, games=12, seed=40)


def test_the_same_seed_gives_the_same_study_whatever_the_chunks() -> None:
    """Chunks of 1, 5 or all the games sum to the same study."""
    whole = run_study(ORC, chunk=12)
    assert run_study(ORC, chunk=1) == whole
    assert run_study(ORC, chunk=5) == whole
    assert whole.base.games == 12


def test_game_i_is_dealt_with_seed_s_plus_i() -> None:
    """A study of games 40 and 41 is the sum of the one-game studies of seeds 40 and 41."""
    two = run_study(StudySpec(game="orc-poker", players=3, games=2, seed=40))
    first = run_study(StudySpec(game="orc-poker", players=3, games=1, seed=40))
    second = run_study(StudySpec(game="orc-poker", players=3, games=1, seed=41))
    assert two.base == first.base + second.base
    assert first.base != second.base


def test_a_game_is_played_with_its_seed_and_seat_seeded_random_policies() -> None:
    """The one-game study of seed 9 is the game play() gives with the dealer seeded 9
    and seat k's RandomPolicy seeded seat_seed(9, k)."""
    log = play("goblin-poker", [RandomPolicy(seat_seed(9, k)) for k in range(2)], seed=9)
    result = game_result(log)
    study = run_study(StudySpec(game="goblin-poker", players=2, games=1, seed=9))
    assert study.base.events == ((len(log), 1),)
    assert study.base.wins == tuple(int(seat in result.winners) for seat in range(2))
    assert study.base.finals == tuple(((value, 1),) for value in log.outcome.chips.values())


def test_processes_give_the_study_this_process_gives() -> None:
    """Two local processes: the same study as one process."""
    with Processes(2) as run:
        assert run_study(ORC, run, chunk=3) == run_study(ORC)


def test_the_ending_names_the_rule_with_players_and_numbers_generalised() -> None:
    """Orc Poker ends under OP-4.2, for every player name and round alike."""
    log = play("orc-poker", {"Aki": RandomPolicy(1), "Ben": RandomPolicy(2),
                             "Cy": RandomPolicy(3)}, seed=1)
    ending = game_result(log).ending
    assert ending.startswith("OP-4.2: the game is over: ")
    assert not any(name in ending for name in ("Aki", "Ben", "Cy"))
    assert not any(ch.isdigit() for ch in ending.removeprefix("OP-4.2"))


def test_versus_the_same_options_differs_by_nothing() -> None:
    """The same seeds under the same options twice: equal tallies, zero differences."""
    both = run_study(StudySpec(game="goblin-poker", players=2, games=6, seed=3,
                               versus=_goblin_defaults()))
    assert both.versus == both.base
    assert both.paired is not None
    assert both.paired.wins == (Sums(6, 0, 0), Sums(6, 0, 0))
    assert both.paired.events == Sums(6, 0, 0)


def _goblin_defaults() -> object:
    from cardcore.registry import get_game

    return get_game("goblin-poker").options_type()


def test_versus_pairs_each_seed_under_both_option_sets() -> None:
    """rising_ante changes Orc Poker's games; the paired event difference is the
    difference of the two tallies' event totals."""
    options = type(_orc_defaults())(rising_ante=True)
    both = run_study(StudySpec(game="orc-poker", players=3, games=10, seed=0, versus=options))
    assert both.versus is not None and both.paired is not None
    total = sum(value * count for value, count in both.base.events)
    other = sum(value * count for value, count in both.versus.events)
    assert both.paired.events.total == other - total
    assert both.paired.events.n == 10


def _orc_defaults() -> object:
    from cardcore.registry import get_game

    return get_game("orc-poker").options_type()


CALLS: list[int] = []


def test_a_policy_named_by_import_path_is_made_from_each_seats_seed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``module:Name`` is called with seat_seed(game seed, seat) for every seat of
    every game, and its policies play."""
    (tmp_path / "first_bot.py").write_text(
        "from tests_calls import CALLS\n"
        "class First:\n"
        "    def __init__(self, seed):\n"
        "        CALLS.append(seed)\n"
        "    def __call__(self, view, offers):\n"
        "        return offers[0]\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "tests_calls", sys.modules[__name__])
    CALLS.clear()
    spec = StudySpec(game="goblin-poker", players=2, games=3, seed=5, policy="first_bot:First")
    assert run_study(spec).base.games == 3
    assert [seat_seed(seed, seat) for seed in (5, 6, 7) for seat in (0, 1)] == CALLS


def test_a_bad_policy_name_says_what_is_wanted() -> None:
    """No colon, nothing to import, or nothing callable: PolicyNameError saying so."""
    with pytest.raises(PolicyNameError, match="module:Name"):
        load_policy("random")
    with pytest.raises(PolicyNameError, match="cannot be imported"):
        load_policy("no_such_module_here:Bot")
    with pytest.raises(PolicyNameError, match="not callable"):
        load_policy("cardcore.replay.study:SEATS_PER_GAME")
    assert load_policy(None) is RandomPolicy




def test_a_policy_a_worker_cannot_import_is_refused_saying_where(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command checks --policy where it runs, and each worker loads it again:
    a worker without the module (another machine, another folder) is named by
    its host and folder, with how to give it the module, not refused in the
    words the command would use for a module it cannot find itself."""
    import socket

    (tmp_path / "far_bot.py").write_text("class Far:\n    def __call__(self, view, offers):\n"
                                         "        return offers[0]\n", encoding="utf-8")
    with monkeypatch.context() as here:
        here.syspath_prepend(str(tmp_path))
        check_policy("far_bot:Far", 0)  # the command's own check passes
    monkeypatch.delitem(sys.modules, "far_bot")  # a worker: the module is nowhere
    spec = StudySpec(game="goblin-poker", players=2, games=3, seed=5, policy="far_bot:Far")
    with pytest.raises(PolicyNameError) as caught:
        run_study(spec, chunk=3)
    assert str(caught.value) == (
        f"'far_bot:Far' cannot be imported: No module named 'far_bot', in the process that "
        f"plays games 0 to 2 (on {socket.gethostname()}, in {Path.cwd()}): each worker "
        "imports the policy's module itself, so it must be installed there or be in the "
        "folder the worker runs in (a Dask worker can be sent a one-file module with "
        "client.upload_file)")


def test_a_maker_that_takes_no_seed_is_called_with_nothing(bots: str) -> None:
    """A bot class written as the tutorial writes one (no constructor) makes each
    seat's policy, called without a seed, and the games are played with it."""
    policy = load_policy(f"{bots}:NoSeed")(7)
    assert type(policy).__name__ == "NoSeed"
    spec = StudySpec(game="goblin-poker", players=2, games=2, policy=f"{bots}:NoSeed")
    assert run_study(spec).base.games == 2


def test_what_cannot_make_a_policy_is_refused_before_any_game(bots: str) -> None:
    """A policy itself (not its maker) and a maker of two arguments are refused when
    loaded; a maker that makes something that is not a policy of (view, offers), or
    that raises, when check_policy makes a first policy: each PolicyNameError says
    what it takes and what --policy allows (a kind named with its article: "an int")."""
    with pytest.raises(PolicyNameError, match=r"takes \(view, offers\).*not a policy itself"):
        load_policy(f"{bots}:INSTANCE")
    with pytest.raises(PolicyNameError, match=r"takes \(a, b\).*with a seat's seed or with nothing"):
        load_policy(f"{bots}:two_seeds")
    with pytest.raises(PolicyNameError, match=r"made '0' \(a str\), not a policy"):
        check_policy(f"{bots}:text", 0)
    with pytest.raises(PolicyNameError, match=r"made 0 \(an int\), not a policy"):
        check_policy(f"{bots}:number", 0)
    with pytest.raises(PolicyNameError, match=r"takes \(offers\).*\(view, offers\)"):
        check_policy(f"{bots}:one_argument", 0)
    with pytest.raises(PolicyNameError, match=r"raised KeyError: 0"):
        check_policy(f"{bots}:broken_maker", 0)
    check_policy(f"{bots}:NoSeed", 0)
    check_policy(None, 0)


@pytest.mark.parametrize(("maker", "words"), [
    ("says_fold", r"seed 0: seat 0's policy \(P1\) answered 'fold'"),
    ("raises", r"seed 0: P1's policy raised RuntimeError: no idea \(study_bots.py, line 16\)"),
    ("cheats", r"seed 0: P2's policy answered an event the rules do not allow: 10 cannot be "
               r"pitched from P2's hand"),
])
def test_a_policy_that_misbehaves_in_play_is_a_policy_failure(
        bots: str, maker: str, words: str) -> None:
    """A policy that answers what it was not offered, one that raises and one that
    answers an event the rules forbid stop the study with PolicyFailed, naming the
    game's seed, the seat and the rule's words (never a raw exception: the last
    named no seat, "a policy answered ...")."""
    spec = StudySpec(game="goblin-poker", players=2, games=3, policy=f"{bots}:{maker}")
    with pytest.raises(PolicyFailed, match=words):
        run_study(spec)


MADE: list[tuple[str, int]] = []

SEAT_BOTS = (
    "from tests_made import MADE\n"
    "class First:\n"
    "    def __init__(self, seed):\n"
    "        MADE.append(('First', seed))\n"
    "    def __call__(self, view, offers):\n"
    "        return offers[0]\n"
    "class Last:\n"
    "    def __init__(self, seed):\n"
    "        MADE.append(('Last', seed))\n"
    "    def __call__(self, view, offers):\n"
    "        return offers[-1]\n"
)
"""Makers that write down each policy they make, by maker and seed."""


@pytest.fixture
def seat_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """:data:`SEAT_BOTS`, importable as ``seat_bots``, with :data:`MADE` emptied."""
    (tmp_path / "seat_bots.py").write_text(SEAT_BOTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "tests_made", sys.modules[__name__])
    monkeypatch.delitem(sys.modules, "seat_bots", raising=False)
    MADE.clear()
    return "seat_bots"


def test_a_seat_policy_plays_that_seat_and_random_players_the_others(seat_bots: str) -> None:
    """seat_policies ((1, First),): First is made for seat 1 of every game only, from
    that seat's seed, and the study is the one play() gives with First in seat 1
    and seat 0's seeded RandomPolicy, game by game."""
    spec = StudySpec(game="goblin-poker", players=2, games=4, seed=5,
                     seat_policies=((1, f"{seat_bots}:First"),))
    study = run_study(spec)
    assert [("First", seat_seed(seed, 1)) for seed in range(5, 9)] == MADE
    first = load_policy(f"{seat_bots}:First")
    expected = Tally(seats=2)
    for seed in range(5, 9):
        log = play("goblin-poker", [RandomPolicy(seat_seed(seed, 0)), first(0)], seed=seed)
        expected += Tally.of(game_result(log))
    assert study.base == expected
    assert study.base != run_study(StudySpec(game="goblin-poker", players=2, games=4,
                                             seed=5)).base


def test_the_seats_not_named_play_the_policy_for_every_seat(seat_bots: str) -> None:
    """policy Last with seat 0 given First: seat 0's policies are First's, seat 1's
    Last's, each from its own seat's seed."""
    spec = StudySpec(game="goblin-poker", players=2, games=2, seed=3,
                     policy=f"{seat_bots}:Last", seat_policies=((0, f"{seat_bots}:First"),))
    assert run_study(spec).base.games == 2
    assert sorted(MADE) == sorted([("First", seat_seed(seed, 0)) for seed in (3, 4)]
                                  + [("Last", seat_seed(seed, 1)) for seed in (3, 4)])


def test_processes_play_a_seat_policy_as_this_process_does(seat_bots: str) -> None:
    """Two local processes: the study of a seat policy one process gives."""
    spec = attrs.evolve(ORC, seat_policies=((2, f"{seat_bots}:First"),))
    with Processes(2) as run:
        assert run_study(spec, run, chunk=3) == run_study(spec)


def test_read_policies_tells_every_seat_from_one_seat() -> None:
    """MODULE:NAME is every seat's, P2=MODULE:NAME seat 1's (the report's P2); a
    seat not written as the report writes it, or two policies for every seat,
    are refused quoting the input."""
    assert read_policies([]) == (None, ())
    assert read_policies(["a:B"]) == ("a:B", ())
    assert read_policies(["P2=a:B", "c:D", "P1=e:F"]) == ("c:D", ((1, "a:B"), (0, "e:F")))
    for text in ("x=mod:name", "0=mod:name", "P0=mod:name", "p1=mod:name", "=mod:name"):
        with pytest.raises(PolicyNameError, match=f"^{text!r}: name the seat as the report "
                                                  "does, P1 for the first"):
            read_policies([text])
    with pytest.raises(PolicyNameError, match="'a:B' and 'c:D' are both for every seat"):
        read_policies(["a:B", "c:D"])


def test_a_seat_the_study_does_not_have_or_given_twice_is_refused() -> None:
    """A seat beyond the players, or one seat given two policies: PolicyNameError
    when the study is made, naming the seats it has (no policy left unplayed)."""
    with pytest.raises(PolicyNameError, match=r"^'P3=a:B' names a seat a study of 2 players "
                                              r"does not have: its seats are P1 to P2$"):
        StudySpec(game="goblin-poker", players=2, games=1, seat_policies=((2, "a:B"),))
    with pytest.raises(PolicyNameError, match=r"^'P1=a:B' and 'P1=c:D' both give P1 a policy"):
        StudySpec(game="goblin-poker", players=2, games=1,
                  seat_policies=((0, "a:B"), (0, "c:D")))


def test_a_seat_policy_is_checked_at_its_own_seat(bots: str) -> None:
    """check_policies asks a seat's maker for that seat's policy of the first game
    (broken_maker raises KeyError of the seed it is given) and quotes the policy
    as --policy gave it; the policy for every seat is checked, and quoted, as
    before."""
    with pytest.raises(PolicyNameError, match=rf"^'P2={bots}:broken_maker': "
                                              rf"'{bots}:broken_maker' raised KeyError: "
                                              rf"{seat_seed(7, 1)} "):
        check_policies(StudySpec(game="goblin-poker", players=2, games=1, seed=7,
                                 seat_policies=((1, f"{bots}:broken_maker"),)))
    with pytest.raises(PolicyNameError, match=rf"^'{bots}:broken_maker' raised KeyError: "
                                              rf"{seat_seed(7, 1)} "):
        check_policies(StudySpec(game="goblin-poker", players=2, games=1, seed=7,
                                 policy=f"{bots}:broken_maker",
                                 seat_policies=((0, f"{bots}:NoSeed"),)))
    check_policies(StudySpec(game="goblin-poker", players=2, games=1,
                             seat_policies=((1, f"{bots}:NoSeed"),)))


def test_a_seat_policy_that_fails_in_play_is_named_by_its_seat(bots: str) -> None:
    """A seat's policy that raises stops the study naming that seat: the random
    players of the other seats are not the ones blamed."""
    spec = StudySpec(game="goblin-poker", players=3, games=2,
                     seat_policies=((2, f"{bots}:raises"),))
    with pytest.raises(PolicyFailed, match=r"seed 0: P3's policy raised RuntimeError"):
        run_study(spec)


@pytest.mark.parametrize("seed", [-3, True, 1.5])
def test_a_study_whose_first_seed_is_no_seed_is_refused(seed: object) -> None:
    """``StudySpec(seed=-3, games=6)`` played seeds -3 to 2, dealing games -1 and 1
    (and -2 and 2) alike: a study's first seed is a whole number of 0 or more,
    checked as the dealer checks one, when the study is made."""
    from cardcore.errors import SetupError

    with pytest.raises(SetupError, match=r"^a seed is a whole number of 0 or more, not "):
        StudySpec(game="goblin-poker", players=2, games=6, seed=seed)  # type: ignore[arg-type]
