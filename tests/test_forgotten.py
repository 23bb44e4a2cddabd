"""Forgotten cards ("!"): every value judged, the outcome said to depend on it or not.

The fixtures' branches are computed by hand in their ``meta.note``; these tests
hold the replay's words to that arithmetic.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from cardcore.replay.forgotten import MAX_COMBINATIONS
from cardcore.replay.leaves import FORGOTTEN_CARD
from cardcore.replay.runner import replay_file
from cardcore.replay.transcript import TranscriptError, load_transcript

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


def test_the_loaders_refuse_a_forgotten_card_at_its_pointer() -> None:
    """Loaded as an ordinary transcript, "!" is no card: each is a problem at its place."""
    data = _fixture("saint-poker/forgotten-shown-card-decides-winner.json")
    with pytest.raises(TranscriptError) as caught:
        load_transcript(data)
    assert [(p.pointer, p.message) for p in caught.value.problems] == [
        ("/events/2/cards/Ann/1", FORGOTTEN_CARD)]


def test_goblin_a_dealt_card_that_decides_a_bust() -> None:
    """5 pairs Ben's 5: Ben busts and Aki takes 7; 1-4 and 6-10 split the pot of 2."""
    report = replay_file(FIXTURES / "goblin-poker/forgotten-dealt-card-decides-bust.json")
    (problem,) = report.problems
    assert (problem.kind, problem.pointer) == ("check", "/events/5/card")
    assert problem.message.startswith("the outcome depends on the forgotten card at /events/5/card:")
    assert ("if it was 1-4, 6-10: Aki, Ben win; chips Aki 10, Ben 10; pot 0 "
            "(rules GP-6.2, GP-6.3; the record agrees)") in problem.message
    assert "if it was 5: Aki wins; chips Aki 16, Ben 4; pot 0 (rules GP-4.6" in problem.message
    assert "impossible" not in problem.message  # every number still has a copy
    assert report.valid and report.exit_code == 0  # its expect names this very problem
    assert report.forgotten == ("/events/5/card",)


def test_goblin_a_revealed_card_that_does_not_decide() -> None:
    """4-10 all give Aki 6, Ben 14; 1-2 and 3 are impossible, each with its rule."""
    report = replay_file(FIXTURES / "goblin-poker/forgotten-reveal-does-not-decide.json")
    assert report.problems == () and report.exit_code == 0
    assert report.outcome is not None and report.outcome.chips == {"Aki": 6, "Ben": 14}
    (note,) = report.notes
    assert note.startswith("the outcome does not depend on the forgotten card at "
                           "/events/1/cards/Ben: 4-10 all give: Ben wins; chips Aki 6, Ben 14")
    assert "1-2 impossible (C-5 at /events/2)" in note
    assert "3 impossible (C-4 at /events/2)" in note


def test_orc_the_issues_tie_break_card() -> None:
    """1 prices the give-ups at 1, 3 at 2; 2 is C-1, 4 ties again, 5-10 let Ben start."""
    report = replay_file(FIXTURES / "orc-poker/forgotten-tie-break-card-prices-give-ups.json")
    (problem,) = report.problems
    message = problem.message
    assert "if it was 1: Aki wins; chips Aki 34, Ben 28, Chie 28; pot 0" in message
    assert "if it was 3: Aki wins; chips Aki 36, Ben 27, Chie 27; pot 0" in message
    assert message.index("the record disagrees") < message.index("if it was 3")
    assert message.endswith("the record agrees); 2 impossible (C-1 at /events/2); "
                            "4 impossible (C-4 at /events/3); 5-10 impossible (C-5 at /events/4)")


def test_orc_a_first_reveal_that_does_not_decide() -> None:
    """3-10 give the same round; 1 would make Chie start alone, 2 is C-1."""
    report = replay_file(FIXTURES / "orc-poker/forgotten-reveal-does-not-decide.json")
    assert report.valid and report.problems == ()
    (note,) = report.notes
    assert "3-10 all give: Aki wins; chips Aki 36, Ben 27, Chie 27; pot 0" in note
    assert "1 impossible (C-4 at /events/2); 2 impossible (C-1 at /events/1)" in note


def _values(text: str) -> set[str]:
    return set(text.split(", "))


def test_saint_a_shown_card_that_decides_the_winner() -> None:
    """12 cards give Ann three aces or two pair over Ben's jacks and eights; 32 leave
    her a pair of aces; the 8 known cards are impossible."""
    report = replay_file(FIXTURES / "saint-poker/forgotten-shown-card-decides-winner.json")
    (problem,) = report.problems
    branches = problem.message.split("if it was ")[1:]
    ann = next(b for b in branches if ": Ann wins" in b)
    ben = next(b for b in branches if ": Ben wins" in b)
    assert _values(ann.split(": ")[0]) == {"AH", "AC", "8C", "8D", "JH", "JS", "2C", "2D", "2H",
                                           "5D", "5H", "5S"}
    assert "points Ann 1, Ben 0" in ann and "the record agrees" in ann
    assert len(_values(ben.split(": ")[0])) == 32 and "points Ann 0, Ben 1" in ben
    assert not {"2S", "8H", "JD", "AS", "5C", "AD", "JC", "8S"} & _values(ben.split(": ")[0])


def test_saint_a_shown_card_that_does_not_decide() -> None:
    """Nothing Ann's card could be beats Ben's wheel: 44 values, one outcome."""
    report = replay_file(FIXTURES / "saint-poker/forgotten-shown-card-does-not-decide.json")
    assert report.valid and report.problems == ()
    (note,) = report.notes
    possible = note.split(": ", 1)[1].split(" all give")[0]
    assert len(_values(possible)) == 44
    assert "all give: Ben wins; points Ann 0, Ben 1" in note


def test_auction_a_shown_card_that_decides_the_hand() -> None:
    """8 cards give Ann better than two pair kings and queens; the rest (the second
    joker, unusable, among them) leave her a pair of aces."""
    report = replay_file(FIXTURES / "auction/forgotten-shown-card-decides-hand.json")
    (problem,) = report.problems
    branches = problem.message.split("if it was ")[1:]
    ann = next(b for b in branches if "points Ann 6, Bob 0" in b)
    bob = next(b for b in branches if "points Ann 0, Bob 6" in b)
    assert _values(ann.split(": ")[0]) == {"AC", "AS", "10D", "10H", "10S", "7C", "7D", "7H"}
    assert "JK" in _values(bob.split(": ")[0]) and "the record agrees" in ann


def test_auction_a_shown_card_that_does_not_decide() -> None:
    """Three aces at best against a full house: 42 values, Bob scores the pile of 6."""
    report = replay_file(FIXTURES / "auction/forgotten-shown-card-does-not-decide.json")
    assert report.valid
    (note,) = report.notes
    assert len(_values(note.split(": ", 1)[1].split(" all give")[0])) == 42
    assert "no winner yet; points Ann 0, Bob 6" in note


def test_a_forgotten_card_no_value_fits_is_a_rule_problem(tmp_path: Path) -> None:
    """When every value breaks a rule (here a second fold by Aki, after the game, for
    any value), no branch is left: a rule problem lists each value with its rule."""
    data = _fixture("goblin-poker/forgotten-reveal-does-not-decide.json")
    data["events"].append({"type": "fold", "player": "Aki"})  # Aki is out: C-6/C-7 for all
    report = replay_file(_write(tmp_path, data))
    (problem,) = report.problems
    assert problem.kind == "rule" and problem.message.startswith(
        "no value of the forgotten card at /events/1/cards/Ben is possible")
    assert report.exit_code == 1


def test_a_record_broken_before_the_card_is_reported_as_it_is(tmp_path: Path) -> None:
    """A rule broken before the forgotten card has nothing to do with its value."""
    data = _fixture("goblin-poker/forgotten-reveal-does-not-decide.json")
    data["events"].insert(0, {"type": "fold", "player": "Aki"})
    report = replay_file(_write(tmp_path, data))
    assert [(p.pointer, p.rule) for p in report.problems][:1] == [("/events/0", "C-4")]


def test_several_forgotten_cards_are_judged_together(tmp_path: Path) -> None:
    """Two Pairs cards: 100 combinations, each branch named by player and value."""
    data = _fixture("orc-poker/forgotten-tie-break-card-prices-give-ups.json")
    data["events"][1]["cards"]["Chie"] = "!"
    del data["expect"]
    report = replay_file(_write(tmp_path, data))
    (problem,) = report.problems
    assert problem.message.startswith("the outcome depends on the forgotten cards at "
                                      "/events/1/cards/Chie, /events/2/cards/Aki: if they were (")
    assert "(Chie 5, Aki 1)" in problem.message and report.exit_code == 1


def test_past_the_bound_the_file_is_refused_not_sampled(tmp_path: Path) -> None:
    """Four Pairs cards are 10,000 combinations: refused with a problem that says so."""
    data = _fixture("orc-poker/forgotten-tie-break-card-prices-give-ups.json")
    data["events"][1]["cards"] = {"Aki": "!", "Ben": "!", "Chie": "!"}
    report = replay_file(_write(tmp_path, data))
    (problem,) = report.problems
    assert f"could have 10000 combinations of values (10 cards each); cardcore judges at " \
           f"most {MAX_COMBINATIONS}: name some of them" in problem.message
    assert report.exit_code == 1


def test_two_standard_cards_near_the_bound_are_judged_in_seconds(tmp_path: Path) -> None:
    """2,704 combinations of a whole Saint Poker game stay well within the time a
    person waits (about 4 s on one idle core; 60 s allows a loaded machine)."""
    data = _fixture("saint-poker/full-game-two-players.json")
    data["events"][-2]["cards"]["Ann"] = ["3C", "!"]
    data["events"][-2]["cards"]["Ben"] = ["!", "10D"]
    started = time.perf_counter()
    report = replay_file(_write(tmp_path, data))
    assert time.perf_counter() - started < 60
    assert report.problems and report.problems[0].message.startswith(
        "the outcome depends on the forgotten cards at")


def test_beside_another_format_problem_a_forgotten_card_is_reported_not_judged(
        tmp_path: Path) -> None:
    """Values are tried only in a record that is otherwise a transcript: here the
    mistyped event and the "!" are both format problems, each at its pointer."""
    data = _fixture("goblin-poker/forgotten-reveal-does-not-decide.json")
    data["events"][2]["type"] = "folds"
    report = replay_file(_write(tmp_path, data))
    assert {p.pointer for p in report.problems} == {"/events/1/cards/Ben", "/events/2/type"}
    assert report.forgotten == () and report.exit_code == 2
    assert FORGOTTEN_CARD in [p.message for p in report.problems]
