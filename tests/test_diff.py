"""Semantic diff of two records of one game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.cli.records import gap_text
from cardcore.replay.diff import diff_transcripts
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.transcript import load_transcript

EXAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "goblin-poker" / "rules-example.json"
AUCTION = EXAMPLE.parents[1] / "auction" / "rules-example.json"


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def test_notes_and_unknown_cards_are_no_difference() -> None:
    """A record that knows a pitched card agrees with one that does not."""
    a, b = example(), example()
    b["events"][2]["card"] = 8
    b["events"][3]["note"] = "something else"
    result = diff_transcripts(load_transcript(a), load_transcript(b))
    assert result.parting is None and result.same_outcome


def chie_pitched() -> dict[str, Any]:
    """The example as a player who remembers Chie pitching instead of folding wrote it."""
    b = example()
    b["events"][3] = {"type": "pitch", "player": "Chie"}
    b["events"][4:] = [{"type": "pitch", "player": "Aki"},
                       {"type": "stack", "player": "Ben", "card": 8},
                       {"type": "stack", "player": "Chie", "card": 9},
                       {"type": "stack", "player": "Aki", "card": 4}]
    del b["result"]
    return b


def test_the_first_real_difference_is_the_parting_and_outcomes_are_compared() -> None:
    """Chie pitched instead of folding: the records part at event 3."""
    a, b = example(), chie_pitched()
    result = diff_transcripts(load_transcript(a), load_transcript(b))
    assert result.parting == 3 and not result.same_outcome
    changed = {what: (x, y) for what, x, y in result.differences}
    assert changed["chips of Chie"] == (97, 99)
    assert changed["pot"] == (0, 7)
    assert any(effect.rule == "GP-4.2" for _, effect in result.effects_after_parting("left"))


def test_a_shorter_record_parts_where_it_ends() -> None:
    """A record that stops early parts at its end."""
    a, b = example(), example()
    b["events"] = b["events"][:4]
    del b["result"]
    result = diff_transcripts(load_transcript(a), load_transcript(b))
    assert result.parting == 4


def test_records_of_different_tables_are_not_comparable() -> None:
    """Other players: no event-by-event comparison."""
    a, b = example(), example()
    b["players"] = ["Aki", "Ben", "Dan"]
    for event in b["events"]:
        if event.get("player") == "Chie":
            event["player"] = "Dan"
    b["events"][1]["cards"] = {"Aki": 4, "Ben": 2, "Dan": 7}
    del b["result"]
    result = diff_transcripts(load_transcript(a), load_transcript(b))
    assert not result.comparable and "players" in result.reason


def test_cli_diff_exit_codes(tmp_path: Path) -> None:
    """0 same outcome, 1 different, 2 unreadable."""
    same = tmp_path / "same.json"
    same.write_text(json.dumps(example()))
    other = example()
    other["events"] = other["events"][:4]
    del other["result"]
    (tmp_path / "other.json").write_text(json.dumps(other))
    (tmp_path / "bad.json").write_text("[]")
    runner = CliRunner()
    assert runner.invoke(main, ["diff", str(EXAMPLE), str(same)]).exit_code == 0
    result = runner.invoke(main, ["diff", str(EXAMPLE), str(tmp_path / "other.json")])
    assert result.exit_code == 1 and "part at event #4" in result.output
    assert "chips of Ben: A 108, B 99" in result.output
    data = json.loads(runner.invoke(main, ["diff", "--format", "json", str(EXAMPLE),
                                           str(tmp_path / "other.json")]).output)
    assert data["parting"] == "/events/4" and data["left_event"]["type"] == "pitch"
    assert runner.invoke(main, ["diff", str(EXAMPLE), str(tmp_path / "bad.json")]).exit_code == 2


def test_diff_says_what_is_wrong_with_both_files_when_neither_can_be_read(
        tmp_path: Path) -> None:
    """Two players bring two broken records: each file's problems are shown, not only
    the first's, and the exit is 2."""
    (tmp_path / "a.json").write_text("[]")
    (tmp_path / "b.json").write_text('{"format": "cardcore-transcript/1", "game": "gin"}')
    result = CliRunner().invoke(main, ["diff", str(tmp_path / "a.json"),
                                       str(tmp_path / "b.json")])
    assert result.exit_code == 2
    assert f"{tmp_path / 'a.json'}: not a readable transcript" in result.output
    assert f"{tmp_path / 'b.json'}: not a readable transcript" in result.output
    assert "'gin'" in result.output


def test_diff_says_a_side_is_invalid_and_not_that_the_records_agree(tmp_path: Path) -> None:
    """Same events, but one result disagrees with the rules: that side is named invalid."""
    wrong = example()
    wrong["result"]["chips"]["Ben"] = 100
    (tmp_path / "wrong.json").write_text(json.dumps(wrong))
    result = CliRunner().invoke(main, ["diff", str(EXAMPLE), str(tmp_path / "wrong.json")])
    assert "the records agree" not in result.output
    assert f"no event differs, but B ({tmp_path / 'wrong.json'}) is not valid" in result.output


def test_diff_lists_only_the_effects_that_differ() -> None:
    """An effect both sides have after the parting is not listed; one only a side has is."""
    a, b = example(), chie_pitched()
    result = diff_transcripts(load_transcript(a), load_transcript(b))
    left = [effect for _, effect in result.effects_after_parting("left")]
    right = [effect for _, effect in result.effects_after_parting("right")]
    assert left and right and not set(left) & set(right)
    assert any(effect.rule == "GP-4.2" for effect in left)


def test_records_of_other_tables_exit_2_and_name_the_players(tmp_path: Path) -> None:
    """Not records of one game: exit 2, the players as names."""
    other = example()
    other["players"] = ["Aki", "Ben", "Dan"]
    for event in other["events"]:
        if event.get("player") == "Chie":
            event["player"] = "Dan"
    other["events"][1]["cards"] = {"Aki": 4, "Ben": 2, "Dan": 7}
    del other["result"]
    (tmp_path / "other.json").write_text(json.dumps(other))
    result = CliRunner().invoke(main, ["diff", str(EXAMPLE), str(tmp_path / "other.json")])
    assert result.exit_code == 2
    assert "the players differ: Aki, Ben, Chie and Aki, Ben, Dan" in result.output


def test_a_record_with_one_event_deleted_names_it_and_goes_on(tmp_path: Path) -> None:
    """B lacks A's event 3 (Chie's fold): the diff names it as missing with a pointer
    into each record, and finds nothing else differing after it."""
    b = example()
    del b["events"][3]
    del b["result"]
    result = diff_transcripts(load_transcript(example()), load_transcript(b))
    assert result.alignment is not None and result.parting == 3
    assert [(g.kind, g.left, g.right) for g in result.alignment.gaps] == [("missing", 3, 3)]
    path = tmp_path / "b.json"
    text_b = json.dumps(b)
    path.write_text(text_b)
    runner = CliRunner()
    text = runner.invoke(main, ["diff", str(EXAMPLE), str(path)]).output
    # The example has one event a line, the first on line 7; B is written on one line.
    fold, pitch = json_text(example()["events"][3]), json_text(b["events"][3])
    assert (f"B has no fold of Chie where A has one at /events/3 (line 10): {fold}; "
            f"B goes on at /events/3 (line 1): {pitch}") in text
    assert "aligned event by event, 1 difference:" in text
    data = json.loads(runner.invoke(main, ["diff", "--format", "json", str(EXAMPLE),
                                           str(path)]).output)
    assert data["aligned"] == [{"kind": "missing", "left": "/events/3", "right": "/events/3",
                                "left_line": 10, "left_column": 5, "right_line": 1,
                                "right_column": text_b.index('{"type": "pitch", "player": "Aki"}') + 1,
                                "left_event": example()["events"][3]}]


def test_same_maps_a_name_spelled_two_ways(tmp_path: Path) -> None:
    """'Chie' in A is 'Chie K' in B: without --same not one game, with it the same."""
    b = json.loads(json.dumps(example()).replace('"Chie"', '"Chie K"'))
    path = tmp_path / "b.json"
    path.write_text(json.dumps(b))
    runner = CliRunner()
    assert runner.invoke(main, ["diff", str(EXAMPLE), str(path)]).exit_code == 2
    same = runner.invoke(main, ["diff", str(EXAMPLE), str(path), "--same", "Chie=Chie K"])
    assert same.exit_code == 0 and "the records agree event by event" in same.output
    wrong = runner.invoke(main, ["diff", str(EXAMPLE), str(path), "--same", "Dana=Chie K"])
    assert wrong.exit_code == 2 and "'Dana' is no player of A" in wrong.output
    typo = runner.invoke(main, ["diff", str(EXAMPLE), str(path), "--same", "Chei=Chie K"])
    assert typo.exit_code == 2 and "(did you mean 'Chie'?)" in typo.output


def test_an_extra_event_in_b_is_named_with_both_pointers() -> None:
    """B wrote Chie's fold twice: A has no second fold, and A goes on at /events/4;
    B's extra fold is written after B's pointer, A's event 4 (Aki's pitch) after A's."""
    b = example()
    b["events"].insert(4, dict(b["events"][3]))
    del b["result"]
    result = diff_transcripts(load_transcript(example()), load_transcript(b))
    assert result.alignment is not None
    assert [(g.kind, g.left, g.right) for g in result.alignment.gaps] == [("extra", 4, 4)]
    fold, pitch = json_text(example()["events"][3]), json_text(example()["events"][4])
    assert gap_text(result.alignment.gaps[0], result) == (
        f"A has no fold of Chie where B has one at /events/4: {fold}; "
        f"A goes on at /events/4: {pitch}")


def test_json_refusals_of_unreadable_files_are_json_reports(tmp_path: Path) -> None:
    """diff --format json A B where B cannot be read: one JSON report on stdout (not
    a line of text), not comparable, with each unreadable file's report as validate
    and replay give it (path, valid, problems with their line and column); exit 2."""
    (tmp_path / "empty.json").write_text("")
    result = CliRunner().invoke(main, ["diff", "--format", "json", str(EXAMPLE),
                                       str(tmp_path / "empty.json")])
    assert result.exit_code == 2
    data = json.loads(result.output)
    assert data["report_format"] == "cardcore-report/1"
    assert (data["left"], data["right"]) == (str(EXAMPLE), str(tmp_path / "empty.json"))
    assert data["comparable"] is False and data["same_outcome"] is False
    assert data["reason"] == f"{tmp_path / 'empty.json'}: not a readable transcript"
    (file,) = data["files"]
    assert file["path"] == str(tmp_path / "empty.json") and file["valid"] is False
    assert file["problems"][0]["kind"] == "format" and file["problems"][0]["line"] == 1
    assert "the file is empty" in file["problems"][0]["message"]


def test_json_refusal_of_an_option_is_a_json_report(tmp_path: Path) -> None:
    """diff --format json FILE --option antee=2: the refused option as JSON (the
    path, the options asked for, the problems at their pointers), exit 2."""
    result = CliRunner().invoke(main, ["diff", "--format", "json", str(EXAMPLE),
                                       "--option", "antee=2"])
    assert result.exit_code == 2
    data = json.loads(result.output)
    assert data["report_format"] == "cardcore-report/1" and data["path"] == str(EXAMPLE)
    assert data["options"] == {"antee": 2}
    (problem,) = data["options_refused"]
    assert problem["pointer"] == "/options/antee" and "unknown key 'antee'" in problem["message"]


def test_json_report_of_an_unreadable_file_under_an_option_is_replays(tmp_path: Path) -> None:
    """diff --format json FILE --option ... where FILE cannot be read: the file's
    report as replay --format json gives it, with the options asked for; exit 2."""
    (tmp_path / "empty.json").write_text("")
    result = CliRunner().invoke(main, ["diff", "--format", "json", str(tmp_path / "empty.json"),
                                       "--option", "ante=2"])
    assert result.exit_code == 2
    data = json.loads(result.output)
    replayed = json.loads(CliRunner().invoke(main, ["replay", "--format", "json",
                                                    str(tmp_path / "empty.json")]).output)
    del replayed["events"]
    assert data == {**replayed, "options": {"ante": 2}}


def test_records_of_two_games_say_the_games_differ() -> None:
    """A Goblin record and a Saint record: not comparable, "the games differ"
    (the plural, as "the players differ" and "the options differ")."""
    saint = Path(__file__).resolve().parents[1] / "fixtures" / "saint-poker"
    other = json.loads(next(iter(sorted(saint.glob("*.json")))).read_text(encoding="utf-8"))
    result = diff_transcripts(load_transcript(example()), load_transcript(other))
    assert not result.comparable
    assert result.reason == "the games differ: goblin-poker and saint-poker"


def test_each_side_of_a_missing_event_is_shown_under_its_own_name(tmp_path: Path) -> None:
    """B lacks A's event 3 (Chie's fold), so B's event 3 is Aki's pitch: the parting's
    heading shows A's fold under A and B's pitch under B, and the alignment's line
    puts A's fold after A's pointer and B's pitch after B's, never A's event where B
    goes on."""
    b = example()
    del b["events"][3]
    del b["result"]
    path = tmp_path / "b.json"
    path.write_text(json.dumps(b, indent=1))
    lines = CliRunner().invoke(main, ["diff", str(EXAMPLE), str(path)]).output.splitlines()
    fold, pitch = json_text(example()["events"][3]), json_text(example()["events"][4])
    at = lines.index("the records part at event #3 (/events/3):")
    assert lines[at + 1:at + 3] == [f"  A ({EXAMPLE}): {fold}", f"  B ({path}): {pitch}"]
    opening = [n for n, line in enumerate(json.dumps(b, indent=1).splitlines(), 1)
               if line == "  {"]  # each event of B starts a line of its own
    b_line = opening[3]
    assert (f"  B has no fold of Chie where A has one at /events/3 (line 10): {fold}; "
            f"B goes on at /events/3 (line {b_line}): {pitch}") in lines


def test_each_event_written_otherwise_is_one_difference(tmp_path: Path) -> None:
    """B has other cards in Ben's and Aki's stacks (events 5 and 6, side by side):
    two events differ, counted and named as two (not each as missing in B and extra
    in B); B naming another player for one pitch is one event that differs."""
    cards = example()
    cards["events"][5]["card"], cards["events"][6]["card"] = 9, 5
    del cards["result"]
    who = example()
    who["events"][4]["player"] = "Chie"
    del who["result"]
    runner = CliRunner()
    for changed, count, indexes in ((cards, 2, (5, 6)), (who, 1, (4,))):
        path = tmp_path / "b.json"
        path.write_text(json.dumps(changed))
        text = runner.invoke(main, ["diff", str(EXAMPLE), str(path)]).output
        assert f"aligned event by event, {count} difference{'s' * (count > 1)}:" in text
        assert "has no" not in text
        data = json.loads(runner.invoke(main, ["diff", "--format", "json", str(EXAMPLE),
                                               str(path)]).output)
        assert [(g["kind"], g["left"], g["right"]) for g in data["aligned"]] == [
            ("differs", f"/events/{i}", f"/events/{i}") for i in indexes]


def fold_owed(aki: int) -> dict[str, Any]:
    """Two players with one chip each: after the antes Ben folds owing Aki's
    revealed card and pays nothing (0 chips), so Aki takes the pot whatever the card:
    records that differ in that card reach the same outcome by other effects."""
    return {"format": "cardcore-transcript/1", "game": "goblin-poker",
            "options": {"starting_chips": 1, "games": 1}, "players": ["Aki", "Ben"],
            "events": [{"type": "deal"}, {"type": "reveal", "cards": {"Aki": aki, "Ben": 5}},
                       {"type": "pitch", "player": "Aki"}, {"type": "fold", "player": "Ben"}]}


def test_same_outcome_by_other_effects_lists_the_effects_in_words(tmp_path: Path) -> None:
    """Aki revealed a 3 in A and a 4 in B: the outcomes are the same (exit 0, as
    --help says), but the start player's card and Ben's fold (owes 3, or 4) are
    effects only one side has; the text lists each of them, as the JSON does, with
    a pointer (and the line) into the record that has it."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(fold_owed(3), indent=1))
    b.write_text(json.dumps(fold_owed(4)))
    runner = CliRunner()
    result = runner.invoke(main, ["diff", str(a), str(b)])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    data = json.loads(runner.invoke(main, ["diff", "--format", "json", str(a),
                                           str(b)]).output)
    assert data["same_outcome"] and data["left_effects"] and data["right_effects"]
    opening = [n for n, line in enumerate(a.read_text().splitlines(), 1)
               if line == "  {"]  # each event of A starts a line of its own
    fold_line = opening[3]
    for side, label, line in (("left", f"A ({a})", fold_line), ("right", f"B ({b})", 1)):
        at = lines.index(f"from the parting on, only in {label}:")
        listed = lines[at + 1:at + 1 + len(data[f"{side}_effects"])]
        assert [line.split(": ", 1)[1].split(" (GP-")[0] for line in listed] == [
            effect["text"] for effect in data[f"{side}_effects"]]
        owed = 3 if side == "left" else 4
        assert (f"  /events/3 (line {line}): Ben folds and pays {owed}, the smallest number "
                f"showing (Aki's stack); holds only 0, {owed} forgiven (GP-4.2)  "
                f"[Ben -> pot: 0 (owed {owed}, {owed} forgiven) [GP-4.2]]") in listed


def test_the_text_names_every_effect_the_json_lists(tmp_path: Path) -> None:
    """Whether the outcomes agree or not, each effect of ``left_effects`` and
    ``right_effects`` is a line of the text under its record's name."""
    pairs = [(fold_owed(3), fold_owed(4)), (example(), chie_pitched())]
    for n, (first, second) in enumerate(pairs):
        a, b = tmp_path / f"a{n}.json", tmp_path / f"b{n}.json"
        a.write_text(json.dumps(first))
        b.write_text(json.dumps(second))
        runner = CliRunner()
        text = runner.invoke(main, ["diff", str(a), str(b)]).output
        data = json.loads(runner.invoke(main, ["diff", "--format", "json", str(a),
                                               str(b)]).output)
        for side, label in (("left", f"A ({a})"), ("right", f"B ({b})")):
            shown = text.split(f"from the parting on, only in {label}:\n", 1)[1]
            shown = shown.split("from the parting on", 1)[0]  # this side's lines only
            for effect in data[f"{side}_effects"]:
                assert f"/events/{effect['index']} (line 1): {effect['text']} " \
                       f"({effect['rule']})" in shown


def test_a_long_run_of_effects_after_the_parting_is_cut_as_the_differences_are(
        tmp_path: Path) -> None:
    """Two games of Abbott's Auction dealt by other seeds part at once and differ in nearly
    every effect after: the text names the first SHOWN_GAPS of each side and says
    how many more the JSON lists, as it does for the differences of the alignment."""
    from cardcore.cli.records import SHOWN_GAPS

    runner = CliRunner()
    paths = []
    for seed in (1, 2):
        path = tmp_path / f"auction-{seed}.json"
        out = runner.invoke(main, ["simulate", "auction", "--players", "3", "--seed",
                                   str(seed), "--output", str(path)])
        assert out.exit_code == 0, out.output
        paths.append(str(path))
    text = runner.invoke(main, ["diff", *paths]).output
    data = json.loads(runner.invoke(main, ["diff", "--format", "json", *paths]).output)
    for side, label in (("left", f"A ({paths[0]})"), ("right", f"B ({paths[1]})")):
        effects = data[f"{side}_effects"]
        assert len(effects) > SHOWN_GAPS
        shown = text.split(f"from the parting on, only in {label}:\n", 1)[1].splitlines()
        assert all(line.startswith("  /events/") for line in shown[:SHOWN_GAPS])
        assert shown[SHOWN_GAPS] == (f"  ... and {len(effects) - SHOWN_GAPS} more "
                                     "(--format json lists them all)")


def test_a_reading_one_record_alone_has_points_on_to_the_first_difference_in_play(
        tmp_path: Path) -> None:
    """A wrote down a scoresheet reading after the reveal that B did not, and B
    remembers Chie pitching: the records part at A's check, which changes nothing
    in the game, so the headline says that it is a reading and where the records
    first disagree about the game (A's /events/4, B's /events/3), in words and in
    the JSON's first_in_play."""
    a, b = example(), chie_pitched()
    a["events"].insert(2, {"type": "check", "pot": 3})
    paths = tmp_path / "a.json", tmp_path / "b.json"
    for path, data in zip(paths, (a, b), strict=True):
        path.write_text(json.dumps(data))
    runner = CliRunner()
    lines = runner.invoke(main, ["diff", *map(str, paths)]).output.splitlines()
    assert lines[0] == "the records part at event #2 (/events/2):"
    assert lines[3] == ("  (a reading only: the first difference in play is A's /events/4 "
                        "(line 1) and B's /events/3 (line 1))")
    data = json.loads(runner.invoke(main, ["diff", "--format", "json",
                                           *map(str, paths)]).output)
    assert data["parting"] == "/events/2"
    assert data["first_in_play"] == {"left": "/events/4", "right": "/events/3"}


def test_records_that_differ_in_readings_alone_say_so() -> None:
    """Only A wrote a reading, and the games agree: no difference is in play, and
    where the first difference is in play the headline adds nothing."""
    a, b = example(), example()
    a["events"].insert(2, {"type": "check", "pot": 3})
    only_readings = diff_transcripts(load_transcript(a), load_transcript(b))
    assert only_readings.parting == 2 and only_readings.first_in_play is None
    in_play = diff_transcripts(load_transcript(example()), load_transcript(chie_pitched()))
    assert in_play.alignment is not None
    assert in_play.first_in_play == in_play.alignment.gaps[0]


def auction_bids(**written: str) -> dict[str, Any]:
    """Auction's rules example with four bids, single 10, Q, K and KS, before
    Aki's win of KS; ``written`` spells them otherwise (``ten="T"``, ``queen``,
    ``king``, ``spades``)."""
    data: dict[str, Any] = json.loads(AUCTION.read_text(encoding="utf-8"))
    data["events"][1:3] = [
        {"type": "bid", "player": "Ben", "kind": "single", "rank": written.get("ten", "10")},
        {"type": "bid", "player": "Aki", "kind": "single", "rank": written.get("queen", "Q")},
        {"type": "bid", "player": "Ben", "kind": "single", "rank": written.get("king", "K")},
        {"type": "bid", "player": "Aki", "kind": "single", "rank": "K",
         "suit": written.get("spades", "S")}]
    return data


def test_a_bid_whose_rank_or_suit_is_written_otherwise_is_no_difference() -> None:
    """"T" for "10", "q" for "Q", "k" for "K", "\u2660" for "S": the same bids to the
    rules, so the records agree event by event (a user's trial: two records that
    differed only in "rank": "Q" and "q" were said to part there)."""
    a = load_transcript(auction_bids())
    b = load_transcript(auction_bids(ten="T", queen="q", king="k", spades="\u2660"))
    result = diff_transcripts(a, b)
    assert result.parting is None and result.alignment is not None
    assert result.alignment.gaps == () and result.same_outcome


def test_records_part_where_they_differ_past_a_bid_written_otherwise(tmp_path: Path) -> None:
    """A rank written "T" in one record and "10" in the other hid where the records
    really part (a trial's two records of one hand parted at the rank, not at the
    flip they disagreed on): the parting is the show they write otherwise, and
    the text writes the bid in its one spelling."""
    a = auction_bids()
    b = auction_bids(ten="T", queen="q")
    ben = b["events"][-1]["cards"]["Ben"]
    ben[ben.index("8C")] = "3C"
    left, right = tmp_path / "a.json", tmp_path / "b.json"
    left.write_text(json.dumps(a), encoding="utf-8")
    right.write_text(json.dumps(b), encoding="utf-8")
    result = diff_transcripts(load_transcript(a), load_transcript(b))
    assert result.parting == 7 and result.alignment is not None
    assert [(gap.kind, gap.left) for gap in result.alignment.gaps] == [("differs", 7)]
    out = CliRunner().invoke(main, ["diff", str(left), str(right)]).output
    assert "the records part at event #7 (/events/7)" in out
    assert '"rank": "T"' not in out and '"rank": "q"' not in out


TWO_PAIR = ["KS", "KC", "5S", "5C"]
FLUSH = ["KS", "9S", "5S", "3S", "2S"]
FULL_HOUSE = ["KS", "KC", "KD", "5S", "5C"]


def auction_won_with(bid: dict[str, Any], cards: list[str]) -> dict[str, Any]:
    """Auction's rules example where Aki bids ``bid`` (``kind``, ``rank`` or
    ``ranks``, ``suit``, as a transcript writes them) over Ben's single Q and
    wins with ``cards`` (none of them shown at the end)."""
    data: dict[str, Any] = json.loads(AUCTION.read_text(encoding="utf-8"))
    data.pop("result")
    data["events"][2] = {"type": "bid", "player": "Aki", **bid}
    data["events"][3]["cards"] = cards
    return data


def diffed(tmp_path: Path, a: dict[str, Any], b: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``cardcore diff`` of two records, in text and in JSON."""
    paths = [str(tmp_path / "a.json"), str(tmp_path / "b.json")]
    for path, data in zip(paths, (a, b), strict=True):
        Path(path).write_text(json.dumps(data), encoding="utf-8")
    runner = CliRunner()
    text = runner.invoke(main, ["diff", *paths]).output
    return text, json.loads(runner.invoke(main, ["diff", "--format", "json", *paths]).output)


@pytest.mark.parametrize(("kind", "ranks", "respelled", "cards"), [
    ("two_pair", ["K", "5"], ["5", "K"], TWO_PAIR),
    ("flush", ["K", "9", "5", "3", "2"], ["2", "9", "K", "3", "5"], FLUSH),
])
def test_two_pair_or_flush_ranks_in_another_order_are_no_difference(
        tmp_path: Path, kind: str, ranks: list[str], respelled: list[str],
        cards: list[str]) -> None:
    """AU-2.7 reads a two pair's and a flush's ranks from the top, in whatever
    order they are written (docs/auction.md, "writing a bid"): one bid, so the
    records agree event by event (they were said to part at the bid)."""
    a = auction_won_with({"kind": kind, "ranks": ranks}, cards)
    b = auction_won_with({"kind": kind, "ranks": respelled}, cards)
    result = diff_transcripts(load_transcript(a), load_transcript(b))
    assert result.alignment is not None and result.alignment.gaps == ()
    assert result.parting is None and result.same_outcome
    assert result.left is not None and result.left.valid
    text, data = diffed(tmp_path, a, b)
    assert text.startswith("the records agree event by event\n")
    assert data["parting"] is None and data["aligned"] == [] and data["same_outcome"]


def test_a_bid_of_one_rank_is_one_bid_as_rank_or_ranks_but_not_as_both() -> None:
    """``"rank": "K"`` and ``"ranks": ["K"]`` name one pair of kings (AU-2.7),
    and so does ``"rank": "9"`` of a straight's top card: no difference. Both
    fields at once name no bid (AU-2.7 refuses it, as validate says): that is a
    difference from either, not a missing field that matches anything."""
    pair = ["KS", "KC"]
    rank = load_transcript(auction_won_with({"kind": "pair", "rank": "K"}, pair))
    ranks = load_transcript(auction_won_with({"kind": "pair", "ranks": ["K"]}, pair))
    both = load_transcript(auction_won_with({"kind": "pair", "rank": "K", "ranks": ["K"]}, pair))
    alike = diff_transcripts(rank, ranks)
    assert alike.alignment is not None and alike.alignment.gaps == () and alike.same_outcome
    straight = ["9S", "8S", "7D", "6H", "5C"]
    top = diff_transcripts(
        load_transcript(auction_won_with({"kind": "straight", "rank": "9"}, straight)),
        load_transcript(auction_won_with({"kind": "straight", "ranks": ["9"]}, straight)))
    assert top.alignment is not None and top.alignment.gaps == ()
    for one in (rank, ranks):
        refused = diff_transcripts(one, both)
        assert refused.right is not None and not refused.right.valid
        assert refused.alignment is not None and refused.parting == 2
        assert [(gap.kind, gap.left, gap.right) for gap in refused.alignment.gaps] == [
            ("differs", 2, 2)]


@pytest.mark.parametrize(("bid", "other", "cards"), [
    ({"kind": "full_house", "ranks": ["K", "5"]}, {"kind": "full_house", "ranks": ["5", "K"]},
     FULL_HOUSE),
    ({"kind": "two_pair", "ranks": ["5", "K"]}, {"kind": "two_pair"}, TWO_PAIR),
    ({"kind": "two_pair", "ranks": ["5", "K"]}, {"kind": "two_pair", "ranks": ["K", "4"]},
     TWO_PAIR),
    ({"kind": "single", "rank": "K"}, {"kind": "single", "ranks": ["A"]}, ["KS"]),
    ({"kind": "single", "rank": "K"}, {"kind": "single", "rank": "K", "suit": "S"}, ["KS"]),
])
def test_a_different_bid_is_a_difference_quoted_as_each_record_writes_it(
        tmp_path: Path, bid: dict[str, Any], other: dict[str, Any], cards: list[str]) -> None:
    """Bids compare by the bid they name, so a different bid is still one: a full
    house of kings over fives is not one of fives over kings (AU-2.7 names the
    triple first), two pair of the kind alone is beaten by any ranked one
    (AU-2.8), and a rank or a suit that one record has and the other has not is
    no unknown value that matches anything. The text and the JSON quote each
    bid as its record writes it."""
    a, b = auction_won_with(bid, cards), auction_won_with(other, cards)
    result = diff_transcripts(load_transcript(a), load_transcript(b))
    assert result.alignment is not None and result.parting == 2
    assert [(gap.kind, gap.left, gap.right) for gap in result.alignment.gaps] == [
        ("differs", 2, 2)]
    text, data = diffed(tmp_path, a, b)
    assert text.startswith("the records part at event #2 (/events/2):\n")
    assert f"  A ({tmp_path / 'a.json'}): {json_text(a['events'][2])}\n" in text
    assert f"  B ({tmp_path / 'b.json'}): {json_text(b['events'][2])}\n" in text
    assert data["left_event"] == a["events"][2] and data["right_event"] == b["events"][2]


def test_a_folder_under_an_option_of_no_game_is_refused_with_a_hint() -> None:
    """``diff fixtures --option antee=2`` was refused as the folder's first file, an
    Auction record, would refuse it, listing Auction's options; Goblin's ante, the
    one meant, went unnamed. It is refused as an option of no game, with the hint,
    before any file is replayed; a key given twice is refused too."""
    result = CliRunner().invoke(main, ["diff", str(EXAMPLE.parents[1]), "--option", "antee=2"])
    assert result.exit_code == 2
    assert "'antee' is an option of no game (did you mean 'ante'?)" in result.output
    assert "auction" not in result.output
    result = CliRunner().invoke(main, ["diff", str(EXAMPLE.parent),
                                       "--option", "ante=2", "--option", "ante=3"])
    assert result.exit_code == 2 and "'ante' is given twice (ante=2, ante=3)" in result.output
