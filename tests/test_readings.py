"""A reading (a check, a result) compared with the rules: the one comparison."""

from __future__ import annotations

from fractions import Fraction

from cardcore.protocol import Check, Outcome
from cardcore.readings import Disagreement, disagreements

DERIVED = Outcome(complete=False, chips={"Aki": 97, "Ben": 103}, pot=0)


def test_a_true_reading_has_no_disagreement() -> None:
    """Every value the check gives is the derived one."""
    assert disagreements(Check(chips={"Aki": 97}, pot=0), DERIVED, "Goblin Poker") == []


def test_each_wrong_value_is_one_disagreement_at_its_path() -> None:
    """Chips per player, then the pot; each with both values as JSON writes them."""
    found = disagreements(Check(chips={"Aki": 96, "Ben": 103}, pot=1), DERIVED, "Goblin Poker")
    assert found == [
        Disagreement(("chips", "Aki"), "Aki has 97 chips by the rules; the record says 96",
                     97, 96),
        Disagreement(("pot",), "the pot holds 0 by the rules; the record says 1", 0, 1),
    ]


def test_points_a_game_does_not_keep_and_strangers_are_named() -> None:
    """Scores for a chips game, and a name that is no player, are said in words."""
    found = disagreements(Check(scores={"Aki": Fraction(23, 3)}, chips={"Zed": 1}), DERIVED,
                          "Goblin Poker")
    assert [(d.path, d.message, d.unknown) for d in found] == [
        (("chips", "Zed"), "'Zed' is not a player of this game: the players are Aki, Ben", True),
        (("scores",), 'Goblin Poker keeps no points: it keeps chips, under "chips", and a '
                      'pot, under "pot"', False),
    ]
    assert found[1].recorded == {"Aki": Fraction(23, 3)}


def test_chips_or_a_pot_in_a_points_game_are_told_where_its_points_go() -> None:
    """Chips or a pot in a reading of Saint Poker read only "Saint Poker keeps no
    chips" (or "has no pot"), though a misspelt key is told "did you mean
    'scores'": each says what the game keeps, and under which key."""
    outcome = Outcome(complete=False, scores={"Ann": 0, "Bob": 0})
    found = disagreements(Check(chips={"Ann": 1, "Bob": 2}, pot=3), outcome, "Saint Poker")
    assert [(d.path, d.message) for d in found] == [
        (("chips",), 'Saint Poker keeps no chips: it keeps points, under "scores"'),
        (("pot",), 'Saint Poker has no pot: it keeps points, under "scores"'),
    ]


def test_one_point_or_one_chip_is_said_in_the_singular() -> None:
    """A derived count of 1 reads "1 point", "1 chip" (it read "1 points")."""
    outcome = Outcome(complete=False, scores={"Cid": 1, "Dee": 2})
    (one,) = disagreements(Check(scores={"Cid": 0}), outcome, "Saint Poker")
    assert one.message == "Cid has 1 point by the rules; the record says 0"
    (two,) = disagreements(Check(scores={"Dee": 0}), outcome, "Saint Poker")
    assert two.message == "Dee has 2 points by the rules; the record says 0"
