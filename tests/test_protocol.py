"""The kernel's shared vocabulary (cardcore.protocol): here, who may sit at a table and
the outcome a state gives."""

from __future__ import annotations

import pytest

from cardcore.errors import SetupError
from cardcore.play import RandomPolicy, play
from cardcore.protocol import Outcome, check_players
from cardcore.registry import GAMES


@pytest.mark.parametrize(("names", "how", "seat"), [
    (["Aki", "Ben", "Aki "], "with white space at an end", 2),
    (["\tBen", "Ben", "Chie"], "with white space at an end", 1),
    (["Jos\u00e9", "Jose\u0301"], "in another Unicode form", 1),
    (["Aki", "Ben", "Aki\u200b"], r"prints as nothing \(U\+200B\)", 2),
    (["A\u00adki", "Aki"], r"prints as nothing \(U\+00AD\)", 1),
    (["Ben", "\ufeffBen "], r"prints as nothing \(U\+FEFF\)", 1),
])
def test_two_names_that_print_alike_are_one_name_written_twice(names: list[str], how: str,
                                                                 seat: int) -> None:
    """A reader cannot tell "Aki" from "Aki " or the two Unicode forms of "José"
    apart, so which player an event names would not show: refused at the second
    name, saying how the two differ."""
    with pytest.raises(SetupError, match=how) as refused:
        check_players(names, 2, 8, "Goblin Poker")
    assert refused.value.path == ("players", seat)


@pytest.mark.parametrize(("players", "words"), [
    ({"Aki", "Ben", "Cy"}, r"not \{'.*'\}: a set has no order, and the seats would fall at "
                           r"random$"),
    (frozenset({"Aki", "Ben"}), r"not frozenset\(\{'.*'\}\): a set has no order"),
    ((name for name in ["Aki", "Ben"]), r"not <generator object .*>$"),
    ({"Aki": 31, "Ben": 40}, r"not \{'Aki': 31, 'Ben': 40\}$"),
])
def test_players_that_are_no_sequence_are_refused(players: object, words: str) -> None:
    """A set of players was taken, in the order Python's set gives (random from one
    run to the next), so the seats fell at random; a generator or a mapping was
    taken too. The players are a sequence of names in seat order: anything else
    is refused, quoted as the program wrote it."""
    with pytest.raises(SetupError, match=r"^the players are a sequence of names in seat order, "
                                         r"like \('Aki', 'Ben'\), " + words) as refused:
        check_players(players, 2, 8, "Goblin Poker")  # type: ignore[arg-type]
    assert refused.value.path == ("players",)


@pytest.mark.parametrize("name", [" ", "\t", "\u200b", " \u2060\u00ad "])
def test_a_name_that_prints_as_nothing_is_refused(name: str) -> None:
    """White space and characters that print as nothing (a zero-width space, a
    word joiner, a soft hyphen) name no one a reader can see."""
    with pytest.raises(SetupError, match="it prints as nothing") as refused:
        check_players(["Aki", name], 2, 8, "Goblin Poker")
    assert refused.value.path == ("players", 1)


def test_names_a_reader_tells_apart_stay_players_of_their_own() -> None:
    """Case, inner white space, other letters (full-width ones too) and a direction
    mark (which every command prints escaped, so it shows) make different names; a
    name with white space at an end, alone at its table, is a name as the format
    allows."""
    names = ["Aki", "aki", "Aki Ben", "Aki  Ben", "José", "Ben ", "\uff21\uff4b\uff49", "\u202eikA"]
    assert check_players(names, 2, 8, "Goblin Poker") == tuple(names)


@pytest.mark.parametrize("game", list(GAMES))
def test_an_outcome_s_table_of_chips_or_points_is_read_only(game: str) -> None:
    """Every game's outcome, mid-game and at the end, gives its chips or points as a
    read-only map, as every other collection it gives is (they were plain dicts a
    program could change); equal to the dict of its items."""
    log = play(game, [RandomPolicy(1), RandomPolicy(2), RandomPolicy(3)], seed=4,
               options={"target": 50} if game == "auction" else None)
    for state in (log.states[len(log) // 2], log.state):
        outcome = log.rules.outcome(state)
        table = outcome.chips if outcome.chips is not None else outcome.scores
        assert table is not None and dict(table) == table
        with pytest.raises(TypeError, match="read-only"):
            table[log.players[0]] = 0  # type: ignore[index]
        with pytest.raises(TypeError, match="read-only"):
            table.update({})  # type: ignore[attr-defined]
    assert log.outcome.winners


def test_an_outcome_built_from_dicts_holds_read_only_copies() -> None:
    """An Outcome a program builds from plain dicts keeps read-only copies: the
    dicts may change after, the outcome does not (and it hashes, as a frozen
    value does)."""
    chips, scores = {"Aki": 3, "Ben": 5}, {"Aki": 1}
    outcome = Outcome(complete=False, chips=chips, scores=scores)
    chips["Aki"], scores["Aki"] = 0, 9
    assert outcome.chips == {"Aki": 3, "Ben": 5} and outcome.scores == {"Aki": 1}
    with pytest.raises(TypeError, match="read-only"):
        outcome.chips["Aki"] = 7  # type: ignore[index]
    assert hash(outcome) == hash(Outcome(complete=False, chips={"Aki": 3, "Ben": 5},
                                         scores={"Aki": 1}))
