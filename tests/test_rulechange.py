"""What a rule change does: one record, and a corpus, replayed under changed options."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.replay.rulechange import change_corpus, change_rules
from cardcore.replay.transcript import read_transcript

ROOT = Path(__file__).resolve().parent.parent
GOBLIN = ROOT / "fixtures" / "goblin-poker"


def test_a_higher_ante_parts_at_the_deal_and_changes_the_chips() -> None:
    """rules-example under ante=2: every ante is 2 at /events/0 (GP-1.1); Ben ends on
    110 instead of 108, Aki on 94, Chie on 96; Ben still wins."""
    change = change_rules(read_transcript(GOBLIN / "rules-example.json"), {"ante": 2})
    assert change.parting == 0
    old = change.effects_at_parting("before")
    new = change.effects_at_parting("after")
    assert {(e.rule, t.payer, t.amount) for e in old for t in e.transfers} == {
        ("GP-1.1", name, 1) for name in ("Aki", "Ben", "Chie")}
    assert {(e.rule, t.payer, t.amount) for e in new for t in e.transfers} == {
        ("GP-1.1", name, 2) for name in ("Aki", "Ben", "Chie")}
    assert dict((w, (a, b)) for w, a, b in change.differences) == {
        "chips of Aki": (95, 94), "chips of Ben": (108, 110), "chips of Chie": (97, 96)}
    assert not change.winners_changed
    assert change.swings()[0].player == "Ben" and change.swings()[0].change == 2


def test_a_shorter_session_refuses_the_second_game() -> None:
    """games=1 on a record of two games: the first game's last stack ends the session
    (GP-6.3), the next deal is refused (C-6), and the split pot changes the winners."""
    change = change_rules(read_transcript(GOBLIN / "split-remainder-won-next-game.json"),
                          {"games": 1})
    assert change.parting == 22
    assert [e.rule for e in change.effects_at_parting("after")] == ["GP-6.3"]
    stop = change.stop("after")
    assert stop is not None and stop[0] == 24 and [p.rule for p in stop[1]] == ["C-6"]
    changed = {w: (a, b) for w, a, b in change.differences}
    assert changed["winners"] == (["Aki"], ["Aki", "Ben"]) and change.winners_changed
    assert "complete" not in changed


def test_an_option_that_changes_nothing_parts_nowhere() -> None:
    """rounds=1 on a game that ends in round 1: no parting, the same outcome."""
    change = change_rules(read_transcript(GOBLIN / "rules-example.json"), {"rounds": 1})
    assert change.parting is None and change.same_outcome


def test_the_cli_tells_the_parting_and_the_changed_outcome() -> None:
    """diff FILE --option: the parting event, the payments on each side, exit 1."""
    result = CliRunner().invoke(main, ["diff", str(GOBLIN / "rules-example.json"),
                                       "--option", "ante=2"])
    assert result.exit_code == 1
    assert "under ante=2 (was 1)" in result.output
    assert "the replays part at event #0 (/events/0)" in result.output
    assert "Aki pays the ante of 2 (GP-1.1)" in result.output
    assert "chips of Ben: 108 -> 110" in result.output
    same = CliRunner().invoke(main, ["diff", str(GOBLIN / "rules-example.json"),
                                     "--option", "rounds=1", "--format", "json"])
    data = json.loads(same.output)
    assert same.exit_code == 0 and data["same_outcome"] and data["parting"] is None


def test_bad_options_exit_2_with_the_located_message(tmp_path: Path) -> None:
    """An unknown option or a bad value: the message a transcript's options would get."""
    runner = CliRunner()
    path = str(GOBLIN / "rules-example.json")
    result = runner.invoke(main, ["diff", path, "--option", "gmaes=3"])
    assert result.exit_code == 2
    assert f"{path}:/options/gmaes: format: unknown key 'gmaes'" in result.output
    result = runner.invoke(main, ["diff", str(GOBLIN), "--option", "ante=-1"])
    assert result.exit_code == 2 and "/options/ante: format: option 'ante' must be" in result.output
    result = runner.invoke(main, ["diff", path, "--option", "ante"])
    assert result.exit_code == 2 and "KEY=VALUE" in result.output
    for args in ([path], [path, path, "--option", "ante=2"], [str(GOBLIN), path]):
        assert runner.invoke(main, ["diff", *args]).exit_code == 2, args
    assert "Traceback" not in result.output


def test_diff_over_a_simulated_corpus_summarises_the_change(tmp_path: Path) -> None:
    """20 simulated one-game sessions under ante=3: every game parts at its first deal,
    the summary gives the winner changes, the largest swing and the first files."""
    runner = CliRunner()
    corpus = tmp_path / "corpus"
    made = runner.invoke(main, ["simulate", "goblin-poker", "--count", "20", "--seed", "1",
                                "--out", str(corpus), "--option", "games=1"])
    assert made.exit_code == 0, made.output
    summary = change_corpus(sorted(str(p) for p in corpus.glob("*.json")), {"ante": 3})
    assert summary.files == 20 and summary.changed + summary.same_outcome == 20
    assert summary.largest is not None and len(summary.first) == 5
    assert all(changed.parting == 0 for changed in summary.first)
    result = runner.invoke(main, ["diff", str(corpus), "--option", "ante=3", "--limit", "5"])
    assert result.exit_code == 1
    assert "under ante=3: 20 games replayed" in result.output
    assert f"{summary.winners_changed} game" in result.output
    assert "largest swing:" in result.output and "first 5 files that change:" in result.output
    data = json.loads(runner.invoke(main, ["diff", str(corpus), "--option", "ante=3",
                                           "--format", "json"]).output)
    assert data["files"] == 20 and data["largest_swing"]["path"] == summary.largest[0]


def test_a_mixed_corpus_leaves_out_games_without_the_option(tmp_path: Path) -> None:
    """split=exact applies to Auction files only; the others are counted as left out,
    and unreadable files are counted, never a traceback."""
    runner = CliRunner()
    runner.invoke(main, ["simulate", "auction", "--count", "2", "--out", str(tmp_path),
                         "--option", "target=20"])
    runner.invoke(main, ["simulate", "orc-poker", "--count", "2", "--out", str(tmp_path),
                         "--option", "rounds=1"])
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    result = runner.invoke(main, ["diff", str(tmp_path), "--option", "split=exact"])
    assert result.exit_code in (0, 1), result.output
    assert "2 games replayed" in result.output
    assert "left out: 2 files of games without this option" in result.output
    assert "left out: 1 file that is not readable transcripts" not in result.output
    assert "left out: 1 file that is not a readable transcript" in result.output


def test_a_folder_diff_leaves_out_forgotten_cards_as_such(tmp_path: Path) -> None:
    """A record with a forgotten card ("!") is judged by validate value by value;
    under a changed option it is left out and said to be one, never called an
    unreadable transcript (which validate would contradict); alone, diff says
    why it cannot compare it."""
    for name in ("forgotten-reveal-does-not-decide.json", "rules-example.json"):
        (tmp_path / name).write_bytes((ROOT / "fixtures" / "goblin-poker" / name).read_bytes())
    runner = CliRunner()
    result = runner.invoke(main, ["diff", str(tmp_path), "--option", "ante=2"])
    assert result.exit_code in (0, 1), result.output
    assert "under ante=2: 1 game replayed" in result.output
    assert 'left out: 1 file with forgotten cards ("!")' in result.output
    assert "not a readable transcript" not in result.output
    data = json.loads(runner.invoke(main, ["diff", str(tmp_path), "--option", "ante=2",
                                           "--format", "json"]).output)
    assert (data["forgotten"], data["unreadable"]) == (1, 0)
    alone = runner.invoke(main, ["diff", str(tmp_path / "forgotten-reveal-does-not-decide.json"),
                                 "--option", "ante=2"])
    assert alone.exit_code == 2
    assert "has forgotten cards" in alone.output and "not a readable" not in alone.output


def test_a_folder_diff_names_every_game_whose_winner_changes(tmp_path: Path) -> None:
    """Every file whose winners differ under the change is named, in text and JSON;
    past --limit the others are counted and the limit is said."""
    runner = CliRunner()
    corpus = tmp_path / "c"
    runner.invoke(main, ["simulate", "goblin-poker", "--count", "30", "--seed", "1",
                         "--out", str(corpus), "--option", "games=3"])
    paths = sorted(str(p) for p in corpus.glob("*.json"))
    expected = set()
    for path in paths:
        change = change_rules(read_transcript(Path(path)), {"ante": 5})
        if change.winners_changed:
            expected.add(path)
    assert expected  # the corpus has at least one game whose winner changes
    data = json.loads(runner.invoke(main, ["diff", str(corpus), "--option", "ante=5",
                                           "--format", "json"]).output)
    assert {f["path"] for f in data["winner_changes"]} == expected
    assert data["winners_changed"] == len(expected)
    text = runner.invoke(main, ["diff", str(corpus), "--option", "ante=5"]).output
    assert all(f"    {path}: " in text for path in expected)
    limited = runner.invoke(main, ["diff", str(corpus), "--option", "ante=5", "--limit", "0"])
    assert f"... and {len(expected)} more (--limit 0" in limited.output


def test_a_rule_change_that_stops_a_replay_places_the_problem_at_its_line(
        tmp_path: Path) -> None:
    """Under rounds=1 the second round's first event is refused: the problem gives the
    line of that event in the record's file, in text and JSON."""
    runner = CliRunner()
    runner.invoke(main, ["simulate", "goblin-poker", "--seed", "1", "--out", str(tmp_path),
                         "--count", "1", "--option", "games=1"])
    (simulated,) = tmp_path.glob("*.json")
    record = json.loads(simulated.read_text())
    events = record.pop("events")
    head = json.dumps(record)[:-1]  # the other members on line 1, then one event a line
    path = tmp_path / "one-event-a-line.json"
    path.write_text(head + ', "events": [\n' + ",\n".join(json.dumps(e) for e in events)
                    + "\n]}\n")
    data = json.loads(runner.invoke(main, ["diff", str(path), "--option", "rounds=1",
                                           "--format", "json"]).output)
    stopped = data["after_stopped"]
    (problem, *_) = stopped["problems"]
    index = int(stopped["pointer"].rsplit("/", 1)[1])
    assert problem["pointer"] == f"/events/{index}" and problem["line"] == index + 2
    assert problem["column"] == 1
    out = runner.invoke(main, ["diff", str(path), "--option", "rounds=1"]).output
    assert f"      at line {problem['line']}, column {problem['column']}" in out


def test_a_corpus_judged_in_processes_gives_the_summary_judged_here(tmp_path: Path) -> None:
    """change_corpus on two local processes, in chunks of 3 files, gives the summary
    of one process (the same files first, the same largest swing); so does
    ``diff DIR --option --jobs 2``."""
    from cardcore.replay.cluster import Processes

    runner = CliRunner()
    corpus = tmp_path / "corpus"
    made = runner.invoke(main, ["simulate", "goblin-poker", "--count", "12", "--seed", "4",
                                "--out", str(corpus), "--option", "games=1"])
    assert made.exit_code == 0, made.output
    (corpus / "broken.json").write_text("{", encoding="utf-8")
    paths = sorted(str(p) for p in corpus.glob("*.json"))
    here = change_corpus(paths, {"ante": 3})
    with Processes(2) as run:
        assert change_corpus(paths, {"ante": 3}, run=run, chunk=3) == here
    assert here.files == 12 and here.unreadable == 1
    args = ["diff", str(corpus), "--option", "ante=3", "--format", "json"]
    assert runner.invoke(main, [*args, "--jobs", "2"]).output == runner.invoke(main, args).output
