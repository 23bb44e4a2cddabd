"""The live record: entries judged like a file's, saved at once, mistakes corrected openly."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
import pytest

from cardcore.registry import GAMES
from cardcore.replay.entry import EntryError
from cardcore.replay.errors import RecordError
from cardcore.replay.recording import Recorder, RecordingError, Refused
from cardcore.replay.runner import replay_file
from cardcore.replay.store import write_atomic
from cardcore.replay.transcript import TranscriptError, read_transcript

GOBLIN = GAMES["goblin-poker"]
PLAYERS = ["Aki", "Ben", "Chie"]
OPENING = ["deal", "reveal Aki=4 Ben=2 Chie=7", "pitch Ben"]


def _recorder(tmp_path: Path, lines: list[str] = OPENING) -> Recorder:
    recorder = Recorder.new(GOBLIN, PLAYERS, path=tmp_path / "game.json")
    recorder.save()
    for line in lines:
        recorder.enter(recorder.read(line))
    return recorder


def _events(path: Path) -> list[dict[str, object]]:
    return json.loads(path.read_text(encoding="utf-8"))["events"]  # type: ignore[no-any-return]


def test_every_accepted_event_is_on_disk_at_once(tmp_path: Path) -> None:
    """After each entry the file holds every event so far and validates."""
    recorder = _recorder(tmp_path, [])
    for count, line in enumerate(OPENING, start=1):
        accepted = recorder.enter(recorder.read(line))
        assert accepted.index == count - 1
        assert len(_events(tmp_path / "game.json")) == count
        assert replay_file(tmp_path / "game.json").exit_code == 0


def test_a_refused_entry_has_validates_problems_and_writes_nothing(tmp_path: Path) -> None:
    """The refusal is what validate reports for the file with that event (but for
    the line and column, which a file has and a typed entry has not); the file and
    the log are unchanged."""
    recorder = _recorder(tmp_path)
    before = (tmp_path / "game.json").read_bytes()
    with pytest.raises(Refused) as caught:
        recorder.enter(recorder.read("pitch Aki"))
    data = json.loads(before)
    data["events"].append({"type": "pitch", "player": "Aki"})
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data))
    assert caught.value.problems == tuple(attrs.evolve(p, line=None, column=None)
                                          for p in replay_file(other).problems)
    assert (tmp_path / "game.json").read_bytes() == before and len(recorder.log) == 3


def test_a_check_that_disagrees_is_refused_with_the_check_problem(tmp_path: Path) -> None:
    """A scoresheet reading is compared at once; only a reading that agrees is kept."""
    recorder = _recorder(tmp_path)
    with pytest.raises(Refused) as caught:
        recorder.enter(recorder.read("check Aki=99 Ben=98 pot=3"))
    assert [(p.kind, p.pointer) for p in caught.value.problems] == [
        ("check", "/events/3/chips/Ben")]
    recorder.enter(recorder.read("check Aki=99 Ben=99 pot=3"))
    assert _events(tmp_path / "game.json")[-1]["type"] == "check"


def test_a_line_that_is_not_an_event_raises_the_loaders_or_the_grammars_error(
        tmp_path: Path) -> None:
    """Bad card notation is the loader's format problem at the next event's pointer."""
    recorder = _recorder(tmp_path)
    with pytest.raises(TranscriptError) as caught:
        recorder.read("stack Ben x")
    assert caught.value.problems[0].pointer == "/events/3/card"
    with pytest.raises(EntryError):
        recorder.read("shuffle")


def test_undo_takes_back_only_the_last_event_and_only_once(tmp_path: Path) -> None:
    """undo removes the last event entered from the log and the file; a second undo is
    refused with the way to amend instead."""
    recorder = _recorder(tmp_path)
    assert recorder.undo().TYPE == "pitch"
    assert len(recorder.log) == 2 and len(_events(tmp_path / "game.json")) == 2
    with pytest.raises(RecordingError, match="amend 1 EVENT"):
        recorder.undo()
    assert "corrections" not in json.loads((tmp_path / "game.json").read_text()).get("meta", {})


def test_nothing_recorded_before_this_session_can_be_undone(tmp_path: Path) -> None:
    """A resumed record's last event is amended, not undone."""
    _recorder(tmp_path)
    again = Recorder.resume(tmp_path / "game.json")
    with pytest.raises(RecordingError, match="only the last event entered"):
        again.undo()


def test_an_amendment_is_judged_again_and_noted_in_meta(tmp_path: Path) -> None:
    """Changing an earlier event replays the rest; meta.corrections keeps was and now."""
    recorder = _recorder(tmp_path, [*OPENING, "fold Chie"])
    correction = recorder.amend(2, recorder.read("pitch Ben 5", 2))
    assert correction == {"event": 2, "was": {"type": "pitch", "player": "Ben"},
                          "now": {"type": "pitch", "player": "Ben", "card": 5}}
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["meta"]["corrections"] == [correction]
    assert data["events"][2] == {"type": "pitch", "player": "Ben", "card": 5}
    assert replay_file(tmp_path / "game.json").exit_code == 0
    with pytest.raises(RecordingError, match="amend"):
        recorder.undo()  # an amendment is not taken back silently


def test_an_amendment_that_breaks_a_later_event_is_refused(tmp_path: Path) -> None:
    """The record is never left broken: the later event's problem is shown, nothing written."""
    recorder = _recorder(tmp_path, [*OPENING, "fold Chie"])
    before = (tmp_path / "game.json").read_bytes()
    with pytest.raises(Refused) as caught:
        recorder.amend(2, None)  # without Ben's pitch, Chie's fold is out of turn
    assert caught.value.problems[0].pointer == "/events/2/player"
    assert (tmp_path / "game.json").read_bytes() == before
    with pytest.raises(RecordingError, match="no event #9"):
        recorder.amend(9, None)


def test_a_failed_save_keeps_the_log_as_the_file(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """If the disk refuses, the entry is not recorded in memory either, and says so."""
    recorder = _recorder(tmp_path)

    def refuse(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("cardcore.replay.recording.write_atomic", refuse)
    with pytest.raises(RecordingError, match="No space left on device"):
        recorder.enter(recorder.read("fold Chie"))
    assert len(recorder.log) == 3
    monkeypatch.setattr("cardcore.replay.recording.write_atomic", write_atomic)
    recorder.enter(recorder.read("fold Chie"))
    assert len(_events(tmp_path / "game.json")) == 4


FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_a_closed_record_is_not_resumed(tmp_path: Path) -> None:
    """A result someone claimed (not the whole derived one the recorder writes) would
    be lost or contradicted: refused, with the reason."""
    target = tmp_path / "done.json"
    data = json.loads((FIXTURES / "orc-poker/bankruptcy-ends-game.json").read_text())
    del data["result"]["winners"]  # a claim of the chips only
    target.write_text(json.dumps(data))
    with pytest.raises(RecordingError, match="has a result"):
        Recorder.resume(target)


@pytest.mark.parametrize("fixture", ["orc-poker/bankruptcy-ends-game.json",
                                     "auction/score-exactly-target-ends-game.json"])
def test_the_result_is_written_when_the_game_ends_and_taken_back_by_undo(
        tmp_path: Path, fixture: str) -> None:
    """Entering a finished fixture's events writes, with the last one, the result the
    fixture computes by hand; undo reopens the game and takes the result away; the
    recorder's own result does not close the record."""
    source = json.loads((FIXTURES / fixture).read_text())
    table = read_transcript(FIXTURES / fixture)
    target = tmp_path / "game.json"
    recorder = Recorder.new(table.rules, table.players, table.options, path=target)
    lines = [json.dumps(event) for event in source["events"]]
    ended = False
    for line in lines:
        recorder.enter(recorder.read(line))
        if not ended and "result" in json.loads(target.read_text()):
            ended = True
            recorder.undo()  # the game-ending event taken back: the game goes on
            assert "result" not in json.loads(target.read_text())
            recorder.enter(recorder.read(line))
        assert ("result" in json.loads(target.read_text())) == ended
    assert ended and json.loads(target.read_text())["result"] == source["result"]
    assert replay_file(target).exit_code == 0
    assert Recorder.resume(target).log.outcome.complete


def test_the_choices_now_have_examples_that_are_accepted(tmp_path: Path) -> None:
    """help's example lines are real lines: each reads as an event (games of every kind)."""
    for name, rules in GAMES.items():
        players = ["Aki", "Ben", "Chie"]
        recorder = Recorder.new(rules, players)
        for choice in recorder.choices():
            assert choice.example is not None, (name, choice.kind)
            recorder.read(choice.example)
    recorder = _recorder(tmp_path)
    examples = {c.kind: c.example for c in recorder.choices()}
    assert examples == {"pitch": "pitch Chie", "fold": "fold Chie",
                        "check": "check Aki=99 Ben=99 Chie=99 pot=3"}
    recorder.enter(recorder.read(examples["check"] or ""))
    assert os.path.exists(tmp_path / "game.json")


def test_a_second_session_on_the_same_file_is_never_overwritten(tmp_path: Path) -> None:
    """Two recorders on one file: the one that saves second finds the file changed
    since it last read or wrote it, refuses (its entry is not recorded) and leaves
    the other's saved events on disk; so for an undo or an amendment."""
    first = _recorder(tmp_path)
    path = tmp_path / "game.json"
    second = Recorder.resume(path)
    second.enter(second.read("fold Chie"))
    written = path.read_bytes()
    with pytest.raises(RecordingError, match=r"changed since this session last read or "
                                             r"wrote it.*entry was not recorded.*"
                                             r"cardcore record .*game\.json"):
        first.enter(first.read("pitch Chie 9"))
    with pytest.raises(RecordingError, match="nothing was taken back"):
        first.undo()
    with pytest.raises(RecordingError, match="the amendment was not recorded"):
        first.amend(2, first.read("pitch Ben 5", 2))
    assert path.read_bytes() == written and len(first.log) == 3
    second.enter(second.read("pitch Aki 5"))  # the session that wrote last goes on
    assert len(_events(path)) == 5


def test_a_hand_edit_while_a_session_is_open_is_kept(tmp_path: Path) -> None:
    """A note added by hand while the prompt is open is not lost by the next save."""
    recorder = _recorder(tmp_path)
    path = tmp_path / "game.json"
    data = json.loads(path.read_text())
    data["meta"] = {"venue": "the back room"}
    path.write_text(json.dumps(data))
    edited = path.read_bytes()
    with pytest.raises(RecordingError, match="the file is left as it is"):
        recorder.enter(recorder.read("fold Chie"))
    assert path.read_bytes() == edited


def test_undo_with_a_number_takes_back_only_that_last_event(tmp_path: Path) -> None:
    """undo N where N is not the last event is refused with the advice to amend N,
    and nothing changes; undo N with N the last event takes it back."""
    recorder = _recorder(tmp_path, [*OPENING, "fold Chie"])
    with pytest.raises(RecordingError, match=r"undo 2: .*only the last event.* \(#3\).*"
                                             r"amend 2 EVENT"):
        recorder.undo(2)
    with pytest.raises(RecordingError, match="there is no event #7"):
        recorder.undo(7)
    assert len(recorder.log) == 4 and len(_events(tmp_path / "game.json")) == 4
    assert recorder.undo(3).TYPE == "fold"
    assert len(_events(tmp_path / "game.json")) == 3


def test_an_amendment_that_changes_nothing_is_not_noted(tmp_path: Path) -> None:
    """Amending an event to what it already is writes nothing and notes nothing."""
    recorder = _recorder(tmp_path, [*OPENING, "fold Chie"])
    recorder.amend(2, recorder.read("pitch Ben 5", 2))
    before = (tmp_path / "game.json").read_bytes()
    assert recorder.amend(2, recorder.read("pitch Ben card=5", 2)) is None
    assert (tmp_path / "game.json").read_bytes() == before
    assert len(json.loads(before)["meta"]["corrections"]) == 1


def test_an_amendment_that_writes_a_bids_rank_otherwise_changes_nothing(
        tmp_path: Path) -> None:
    """A bid amended to the same bid written "T" for "10", "q" for "Q" or with the
    suit's symbol is the same event: nothing noted, nothing written."""
    recorder = Recorder.new(GAMES["auction"], ["Aki", "Ben"], path=tmp_path / "game.json")
    recorder.save()
    for line in ("deal starter=7C", "bid Ben single 10", "bid Aki single q",
                 "bid Ben single K", "bid Aki single K suit=S"):
        recorder.enter(recorder.read(line))
    before = (tmp_path / "game.json").read_bytes()
    assert _events(tmp_path / "game.json")[2]["rank"] == "Q"  # written in its one spelling
    assert recorder.amend_all([(1, recorder.read("bid Ben single T", 1)),
                               (2, recorder.read("bid Aki single Q", 2)),
                               (4, recorder.read("bid Aki single k suit=\u2660", 4))]
                              ) == [None, None, None]
    assert (tmp_path / "game.json").read_bytes() == before
    assert "corrections" not in json.loads(before).get("meta", {})


def test_a_check_of_nothing_is_refused(tmp_path: Path) -> None:
    """`check` with no figures (or the JSON of one) reads nothing: it is refused,
    not saved, with the form of a check; so as an amendment."""
    recorder = _recorder(tmp_path)
    before = (tmp_path / "game.json").read_bytes()
    for line in ("check", '{"type": "check", "chips": {}}'):
        with pytest.raises(RecordingError,
                           match=r"checks nothing: write check \[NAME=N \.\.\.\] \[POT\]"):
            recorder.enter(recorder.read(line))
    with pytest.raises(RecordingError, match="checks nothing"):
        recorder.amend(2, recorder.read("check", 2))
    assert (tmp_path / "game.json").read_bytes() == before and len(recorder.log) == 3


def test_check_winners_is_said_to_be_no_figure_of_a_check(tmp_path: Path) -> None:
    """`check winners=Aki` is not read as chips of a player named "winners": a check
    has no winners, and the message says what it reads and how to name such a player."""
    recorder = _recorder(tmp_path)
    with pytest.raises(EntryError, match=r"'winners=Aki': a check has no winners.*"
                                         r"write check \[NAME=N .*chips\.winners=N"):
        recorder.read("check winners=Aki")
    odd = Recorder.new(GOBLIN, ["winners", "Ben"])
    assert odd.read("check chips.winners=5") == odd.read('{"type": "check", "chips": '
                                                         '{"winners": 5}}')


BROKEN = [{"type": "deal"}, {"type": "reveal", "cards": {"Aki": 4, "Ben": 2, "Chie": 7}},
          {"type": "pitch", "player": "Ben"}, {"type": "pitch", "player": "Ben"},
          {"type": "fold", "player": "Aki"}]
"""A record as a table wrote it: #3 is Ben's pitch where it is Chie's turn (C-5)."""


def _broken(tmp_path: Path, events: list[dict[str, object]] = BROKEN,
            **more: object) -> Path:
    target = tmp_path / "broken.json"
    target.write_text(json.dumps({"format": "cardcore-transcript/1", "game": "goblin-poker",
                                  "players": PLAYERS, "events": events, **more}))
    return target


def test_a_record_that_breaks_a_rule_is_opened_with_validates_problems(
        tmp_path: Path) -> None:
    """Resumed, a record whose #3 breaks C-5 keeps all its events and the problems
    validate reports (placed at their line and column); it takes no new event, with
    the reason and the event to amend, and the file is left as it is."""
    target = _broken(tmp_path)
    before = target.read_bytes()
    recorder = Recorder.resume(target)
    assert recorder.problems == replay_file(target).problems
    assert [(p.pointer, p.rule) for p in recorder.problems] == [("/events/3/player", "C-5")]
    assert recorder.first_problem == 3 and len(recorder.events) == 5 and len(recorder.log) == 3
    with pytest.raises(RecordError, match=r"/events/3/player breaks rule C-5: no new event "
                                          r".*correct first event #3"):
        recorder.enter(recorder.read("pitch Chie"))
    assert target.read_bytes() == before and len(recorder.events) == 5


def test_an_amendment_that_makes_the_record_valid_saves_it_with_its_correction(
        tmp_path: Path) -> None:
    """Amending the broken #3 replays the whole record from the start; valid now, it
    is saved with the correction noted, and takes new events again."""
    target = _broken(tmp_path)
    recorder = Recorder.resume(target)
    correction = recorder.amend(3, recorder.read("pitch Chie", 3))
    assert correction == {"event": 3, "was": BROKEN[3],
                          "now": {"type": "pitch", "player": "Chie"}}
    assert recorder.problems == () and recorder.first_problem is None
    data = json.loads(target.read_text())
    assert data["meta"]["corrections"] == [correction] and data["events"][4] == BROKEN[4]
    assert replay_file(target).exit_code == 0
    recorder.enter(recorder.read("stack Ben 8"))
    assert len(_events(target)) == 6


def test_an_amendment_that_leaves_problems_is_refused_with_them(tmp_path: Path) -> None:
    """An amendment at or before the problem that does not put it right (or that
    changes nothing) is refused with what validate would report for the amended
    record; the file and the recorder stay as they were."""
    target = _broken(tmp_path)
    before = target.read_bytes()
    recorder = Recorder.resume(target)
    for index, line in ((2, "pitch Ben 5"), (3, "pitch Aki"), (3, "pitch Ben")):
        with pytest.raises(Refused) as caught:
            recorder.amend(index, recorder.read(line, index))
        assert [(p.pointer, p.rule) for p in caught.value.problems] == [
            ("/events/3/player", "C-5")], line
    assert target.read_bytes() == before
    assert recorder.first_problem == 3 and len(recorder.events) == 5


def test_a_problem_before_the_amended_event_is_named_to_be_amended_first(
        tmp_path: Path) -> None:
    """Amending #4 cannot mend #3: refused with #3's problem and the event to correct
    first; #3 and #4 amended together make the record valid (judged after both)."""
    target = _broken(tmp_path)
    before = target.read_bytes()
    recorder = Recorder.resume(target)
    with pytest.raises(RecordError, match=r"/events/3/player breaks rule C-5, before event "
                                          r"#4.*correct first event #3") as caught:
        recorder.amend(4, recorder.read("fold Chie", 4))
    assert [p.pointer for p in caught.value.problems] == ["/events/3/player"]
    assert target.read_bytes() == before
    made = recorder.amend_all([(3, recorder.read("pitch Chie", 3)),
                               (4, recorder.read("pitch Aki", 4))])
    assert [c and c["event"] for c in made] == [3, 4]
    assert replay_file(target).exit_code == 0
    assert len(json.loads(target.read_text())["meta"]["corrections"]) == 2


def test_amendments_together_are_judged_once_after_all_of_them(tmp_path: Path) -> None:
    """On a valid record too: removing Ben's pitch alone would put Chie's fold out of
    turn, but removing it and amending the fold to Ben's pitch leaves a valid record."""
    recorder = _recorder(tmp_path, [*OPENING, "fold Chie"])
    with pytest.raises(Refused):
        recorder.amend(2, None)
    made = recorder.amend_all([(2, None), (2, recorder.read("pitch Ben 5", 2))])
    assert made == [{"event": 2, "was": {"type": "pitch", "player": "Ben"}, "now": None},
                    {"event": 2, "was": {"type": "fold", "player": "Chie"},
                     "now": {"type": "pitch", "player": "Ben", "card": 5}}]
    assert replay_file(tmp_path / "game.json").exit_code == 0


def test_a_check_that_disagrees_is_amended_like_an_event(tmp_path: Path) -> None:
    """A record whose check at #4 disagrees opens with that check problem (the events
    before it replayed); amending the reading, or the reveal it depends on, saves it."""
    events = [*BROKEN[:3], {"type": "fold", "player": "Chie"},
              {"type": "check", "chips": {"Chie": 98}}, {"type": "pitch", "player": "Aki"}]
    recorder = Recorder.resume(_broken(tmp_path, events))
    assert [(p.kind, p.pointer) for p in recorder.problems] == [("check", "/events/4/chips/Chie")]
    assert recorder.first_problem == 4 and len(recorder.log) == 4
    recorder.amend(4, recorder.read("check Chie=97", 4))
    assert replay_file(tmp_path / "broken.json").exit_code == 0


def test_a_broken_record_s_result_is_judged_with_the_amended_record(tmp_path: Path) -> None:
    """The result of a record that stopped before it was never compared: it is a claim
    the amended record must agree with (else refused at /result, nothing written)."""
    target = _broken(tmp_path, result={"chips": {"Aki": 1, "Ben": 99, "Chie": 99}, "pot": 5})
    before = target.read_bytes()
    recorder = Recorder.resume(target)
    with pytest.raises(Refused) as caught:
        recorder.amend(3, recorder.read("pitch Chie", 3))
    assert [p.pointer for p in caught.value.problems] == ["/result/chips/Aki"]
    assert target.read_bytes() == before


def test_a_broken_record_changed_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    """The check that the file is what the session read holds for a record opened
    with problems: an amendment after a hand edit is not recorded."""
    target = _broken(tmp_path)
    recorder = Recorder.resume(target)
    data = json.loads(target.read_text())
    data["meta"] = {"venue": "the back room"}  # a note added by hand meanwhile
    target.write_text(json.dumps(data))
    edited = target.read_bytes()
    with pytest.raises(RecordingError, match="the amendment was not recorded"):
        recorder.amend(3, recorder.read("pitch Chie", 3))
    assert target.read_bytes() == edited and recorder.first_problem == 3
