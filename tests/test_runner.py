"""The replay runner: rule problems stop the fold, check problems do not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cardcore.play import simulate
from cardcore.replay.runner import path_label, replay_file, replay_transcript
from cardcore.replay.transcript import load_transcript
from tests.documents import README_GOBLIN


def transcript(events: list[dict[str, Any]], **extra: Any) -> Any:
    return load_transcript({"format": "cardcore-transcript/1", "game": "goblin-poker",
                            "players": ["Aki", "Ben", "Chie"], "events": events, **extra})


def test_mismatches_are_reported_with_derived_beside_recorded_and_do_not_stop() -> None:
    """A wrong check and a wrong result are both reported; the fold goes on to the end."""
    events = [*README_GOBLIN[:4], {"type": "check", "chips": {"Chie": 98, "Ben": 99}, "pot": 5},
              *README_GOBLIN[4:]]
    report = replay_transcript(transcript(events, result={"chips": {"Ben": 107},
                                                          "winners": ["Aki"]}))
    found = {p.pointer: p for p in report.problems}
    assert set(found) == {"/events/4/chips/Chie", "/result/chips/Ben", "/result/winners"}
    assert (found["/events/4/chips/Chie"].derived, found["/events/4/chips/Chie"].recorded) == (97, 98)
    assert found["/result/chips/Ben"].derived == 108
    assert found["/result/winners"].derived == ["Ben"]
    assert all(p.kind == "check" for p in report.problems)
    assert report.complete and report.exit_code == 1


def test_a_rule_problem_stops_the_fold_and_nothing_after_is_judged() -> None:
    """The result is not compared after a rule problem; the state is the one before it."""
    events = [*README_GOBLIN[:2], {"type": "pitch", "player": "Aki"}, {"type": "check", "pot": 99}]
    report = replay_transcript(transcript(events, result={"pot": 1}))
    assert [(p.kind, p.pointer, p.rule) for p in report.problems] == [
        ("rule", "/events/2/player", "C-5")]
    assert report.stopped_at == 2 and not report.complete
    assert report.outcome is not None and report.outcome.pot == 3


def test_winners_of_an_incomplete_game_are_a_check_problem() -> None:
    """There are no winners yet in a game in progress."""
    report = replay_transcript(transcript(README_GOBLIN[:3], result={"winners": ["Ben"]}))
    (problem,) = report.problems
    assert problem.pointer == "/result/winners" and "not complete" in problem.message


def test_expect_matches_exactly() -> None:
    """A fixture of illegal play passes only with exactly the expected problems."""
    events = [*README_GOBLIN[:2], {"type": "pitch", "player": "Aki"}]
    good = replay_transcript(transcript(events, expect={"problems": [
        {"pointer": "/events/2/player", "rule": "C-5"}]}))
    assert good.valid and good.exit_code == 0
    wrong_rule = replay_transcript(transcript(events, expect={"problems": [
        {"pointer": "/events/2/player", "rule": "C-4"}]}))
    assert not wrong_rule.valid and wrong_rule.exit_code == 1
    too_many = replay_transcript(transcript(events, expect={"problems": [
        {"pointer": "/events/2/player", "rule": "C-5"}, {"pointer": "/result", "rule": "C-5"}]}))
    assert not too_many.valid
    nothing_wrong = replay_transcript(transcript(README_GOBLIN, expect={"problems": [
        {"pointer": "/events/2/player", "rule": "C-5"}]}))
    assert not nothing_wrong.valid


def test_steps_carry_positions_and_effects() -> None:
    """replay --at and the telling of a game use the kept steps."""
    report = replay_transcript(transcript(README_GOBLIN), steps=True, stop_after=3)
    assert [s.index for s in report.steps] == [0, 1, 2, 3]
    assert report.steps[3].position == "game 1, round 1"
    assert report.steps[3].effects[0].rule == "GP-4.2"
    assert report.outcome is not None and report.outcome.chips == {"Aki": 99, "Ben": 99, "Chie": 97}


def test_an_unknown_player_in_an_event_is_located_and_lists_the_players() -> None:
    """A name that is not at the table: C-7 at the field, with the players to choose from."""
    events = [*README_GOBLIN[:2], {"type": "pitch", "player": "Bne"}]
    (problem,) = replay_transcript(transcript(events)).problems
    assert (problem.kind, problem.pointer, problem.rule) == ("rule", "/events/2/player", "C-7")
    assert "'Bne'" in problem.message and "Aki, Ben, Chie" in problem.message
    reveal = [README_GOBLIN[0], {"type": "reveal", "cards": {"Aki": 4, "Ben": 2, "Chi": 7}}]
    stranger, missing = replay_transcript(transcript(reveal)).problems
    assert (stranger.pointer, stranger.rule) == ("/events/1/cards/Chi", "C-7")
    assert (missing.pointer, missing.rule) == ("/events/1/cards", "C-3")


def test_a_path_may_be_given_as_a_string() -> None:
    """replay_file and read_transcript take a path as a plain string too, as GameLog's
    save and load do; the report names the file as given."""
    from cardcore.replay.transcript import read_transcript

    path = Path(__file__).resolve().parents[1] / "fixtures" / "goblin-poker" / "rules-example.json"
    report = replay_file(str(path))
    assert report.exit_code == 0 and report.path == str(path)
    assert read_transcript(str(path)).game == "goblin-poker"


def _checked_game(events: int, wrong: dict[str, int] | None = None) -> dict[str, Any]:
    """A simulated eight-player Goblin game of ``events`` events, each followed by a
    check that gives every player ``wrong`` chips (default 1: always wrong)."""
    from itertools import islice

    from cardcore.games.goblin import RULES
    from cardcore.replay.transcript import Transcript, dump_transcript

    names = [f"P{i}" for i in range(1, 9)]
    options = RULES.setup(names, {"starting_chips": 100000, "games": 5000}).options
    played = tuple(islice(simulate(RULES, names, options, 2), events))
    data = dump_transcript(Transcript(game="goblin-poker", players=tuple(names),
                                      events=played, options=options))
    reading = {"type": "check", "chips": {name: 1 for name in names} if wrong is None else wrong}
    data["events"] = [item for event in data["events"] for item in (event, reading)]
    return data


def test_a_mismatch_names_its_first_20_movers_and_counts_the_others() -> None:
    """P1's chips read wrong after 1,500 events: the mismatch names the first 20
    events that moved them since the start and counts the rest, which together are
    every event whose entries in P1's account do not cancel out."""
    from cardcore.replay.accounts import account
    from cardcore.replay.runner import KEPT_MOVERS

    data = _checked_game(1500, wrong={})
    data["result"] = {"chips": {"P1": 1}}
    report = replay_transcript(load_transcript(data), steps=True)
    (problem,) = report.problems
    net: dict[int, Any] = {}
    for entry in account(report, "P1").entries:
        net[entry.index] = net.get(entry.index, 0) + entry.amount
    moved = [f"/events/{index}" for index in sorted(net) if net[index]]
    assert len(moved) > KEPT_MOVERS
    assert problem.moved_by == tuple(moved[:KEPT_MOVERS])
    assert problem.moved_more == len(moved) - KEPT_MOVERS
    assert problem.to_json()["moved_more"] == problem.moved_more


def test_a_file_keeps_its_first_100_problems_and_counts_the_others() -> None:
    """200 events each followed by a check that is wrong for all eight players:
    1,600 mismatches, of which the report keeps the first 100 in order and counts
    the other 1,500; such a file cannot match an expect."""
    from cardcore.replay.problems import KEPT_PROBLEMS

    report = replay_transcript(load_transcript(_checked_game(200)))
    assert len(report.problems) == KEPT_PROBLEMS == 100
    assert report.problems[0].pointer == "/events/1/chips/P1"
    assert report.more_problems == 200 * 8 - 100
    assert report.exit_code == 1 and not report.matches_expect


def test_format_problems_are_kept_up_to_the_bound_and_counted(tmp_path: Path) -> None:
    """A file of 1,000 events of an unknown type: 100 problems kept, 900 counted."""
    import json

    data = {"format": "cardcore-transcript/1", "game": "goblin-poker", "players": ["A", "B"],
            "events": [{"type": "x"}] * 1000}
    path = tmp_path / "unknown.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    report = replay_file(path)
    assert len(report.problems) == 100 and report.more_problems == 900
    assert report.problems[-1].pointer == "/events/99/type"



def test_keep_going_passes_over_the_refused_event_and_reports_later_problems() -> None:
    """With keep_going the out-of-turn pitch is passed over (state unchanged), the
    record goes on, and a later wrong check and a later rule problem are reported
    apart from the first; the verdict is still the first problem's."""
    events = [*README_GOBLIN[:2], {"type": "pitch", "player": "Aki"}, *README_GOBLIN[2:4],
              {"type": "check", "pot": 99}, {"type": "fold", "player": "Chie"}]
    plain = replay_transcript(transcript(events, result={"pot": 1}))
    kept = replay_transcript(transcript(events, result={"pot": 1}), keep_going=True)
    assert [(p.pointer, p.rule) for p in kept.problems] == [("/events/2/player", "C-5")]
    assert kept.problems == plain.problems and plain.later == () and not plain.kept_going
    # pot 3 antes + Chie's fold paying the smallest number showing, 2 (Ben's): 5;
    # Chie's second fold: out of the game (C-7) and not her turn, Aki's (C-5), both cited
    assert [(p.kind, p.pointer, p.rule) for p in kept.later] == [
        ("check", "/events/5/pot", None), ("rule", "/events/6/player", "C-7"),
        ("rule", "/events/6/player", "C-5"), ("check", "/result/pot", None)]
    assert kept.later[0].derived == 5
    assert kept.kept_going and kept.stopped_at == 2 and kept.exit_code == plain.exit_code == 1
    assert kept.outcome == plain.outcome  # the standings before the first problem, as without
    assert (kept.unchecked_events, kept.unchecked_checks, kept.unchecked_result) == (0, 0, False)


def test_an_expect_entry_marked_after_is_compared_only_when_the_replay_went_on() -> None:
    """``"after": true`` pins a problem found past the first one: ignored by a plain
    replay (existing files keep their meaning), required with keep_going."""
    events = [*README_GOBLIN[:2], {"type": "pitch", "player": "Aki"}, *README_GOBLIN[2:4],
              {"type": "check", "pot": 99}]
    first = {"pointer": "/events/2/player", "rule": "C-5"}
    later = {"pointer": "/events/5/pot", "kind": "check", "after": True}
    pinned = transcript(events, expect={"problems": [first, later]})
    assert replay_transcript(pinned).valid
    assert replay_transcript(pinned, keep_going=True).valid
    unpinned = transcript(events, expect={"problems": [first]})
    assert replay_transcript(unpinned, keep_going=True).valid  # later ones are not pinned
    wrong = transcript(events, expect={"problems": [first, {**later, "pointer": "/events/4"}]})
    assert replay_transcript(wrong).valid and not replay_transcript(wrong, keep_going=True).valid


def test_a_file_without_a_rule_problem_is_the_same_with_keep_going() -> None:
    """Nothing to pass over: the report is the plain one."""
    plain = replay_transcript(transcript(README_GOBLIN))
    assert replay_transcript(transcript(README_GOBLIN), keep_going=True) == plain


@given(st.lists(st.sampled_from(["/", ".", "..", "a", "b.json", " ", "\\"]), max_size=12))
def test_a_path_is_labelled_as_pathlib_spells_it(pieces: list[str]) -> None:
    """A file named on the command line is labelled (and read) as str(Path(name)): no
    "./", doubled or trailing slash; a leading "//" kept, "" as "." (written out,
    not asked of pathlib, whose import costs more than judging a small file)."""
    name = "".join(pieces)
    assert path_label(name) == str(Path(name))


def test_the_meta_note_is_shown_on_one_line_and_kept_by_slim() -> None:
    """What a fixture's author wrote it for, as a failure shows it: its white space
    made single spaces (a note of several lines prints as one); kept when the
    transcript is dropped to send the report between processes."""
    events = [*README_GOBLIN[:2], {"type": "pitch", "player": "Aki"}]
    report = replay_transcript(transcript(events, meta={"note": "Aki pitches\n  out of turn: C-5"}))
    assert report.meta_note == "Aki pitches out of turn: C-5"
    assert report.slim().transcript is None and report.slim().meta_note == report.meta_note
    for meta in ({}, {"note": ["not", "text"]}, {"note": " \n"}):
        assert replay_transcript(transcript(events, meta=meta)).meta_note is None


def test_a_very_long_meta_note_is_cut_at_a_word_and_says_how_much_is_left() -> None:
    """A note of thousands of characters is shown by its start, up to SHOWN_NOTE
    characters and a whole word, then how many characters the file holds besides."""
    from cardcore.replay.runner import SHOWN_NOTE

    note = " ".join(f"word{index}" for index in range(SHOWN_NOTE))
    shown = replay_transcript(transcript(README_GOBLIN[:2], meta={"note": note})).meta_note
    assert shown is not None
    start, _, rest = shown.partition(" ... (")
    assert len(start) <= SHOWN_NOTE and note.startswith(start + " ")
    assert rest == f"{len(note) - len(start)} characters more in the file's meta.note)"
