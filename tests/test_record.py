"""`cardcore record`: scripts (--event, --amend) and a person at a real terminal (pexpect)."""

from __future__ import annotations

import io
import json
import os
import shutil
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.registry import GAMES
from cardcore.replay.runner import replay_file

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _new(tmp_path: Path, *events: str) -> tuple[int, str, Path]:
    target = tmp_path / "game.json"
    args = ["record", "goblin-poker", "--players", "Aki,Ben,Chie", str(target)]
    code, out = run(*args, *(part for event in events for part in ("--event", event)))
    return code, out, target


def test_a_script_records_events_and_shows_their_effects(tmp_path: Path) -> None:
    """--event (a line or JSON, repeatable) is judged, told with its effects, and saved."""
    code, out, target = _new(tmp_path, "deal", '{"type": "reveal", "cards": '
                             '{"Aki": 4, "Ben": 2, "Chie": 7}}', "pitch Ben")
    assert code == 0 and "Aki pays the ante of 1 (GP-1.1)" in out and "3 events recorded" in out
    code, out = run("record", str(target), "--event", "fold Chie")
    assert code == 0 and "Chie -> pot: 2 [GP-4.2]" in out
    assert replay_file(target).exit_code == 0 and len(json.loads(target.read_text())["events"]) == 4


def test_the_helps_unseen_card_example_is_accepted_where_its_kind_may_come(
        tmp_path: Path) -> None:
    """The help's example of a card the table did not see is a legal entry once it
    is that player's turn (a pitched card is face down; a stacked one is face up and
    must be named, so it would be a bad example)."""
    from cardcore.cli.record_prompt import grammar

    example = grammar("goblin-poker")[-1].rsplit("did not see: ", 1)[1].strip()
    assert example.endswith(" ?")
    code, out, target = _new(tmp_path, "deal", "reveal Aki=4 Ben=2 Chie=7", example)
    assert code == 0, out
    assert json.loads(target.read_text())["events"][-1].get("card", None) is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_example_of_the_help_is_a_line_the_games_reader_reads(game: str) -> None:
    """The help's examples are the game's own: each line is read by the game's line
    reader as an event of the kind it starts with, the JSON one too, and the unseen
    card's example leaves a card unnamed."""
    from cardcore.cli.record_prompt import GRAMMAR_EXAMPLES
    from cardcore.replay.recording import Recorder

    recorder = Recorder.new(GAMES[game], ["Aki", "Ben", "Chie"])
    json_example, examples = GRAMMAR_EXAMPLES[game]
    assert json.loads(json_example)["type"] == recorder.read(json_example).TYPE
    for line in (line for lines in examples for line in lines):
        assert line.split()[0] == recorder.read(line).TYPE, line
    (unseen,) = examples[-1]
    assert "None" in repr(recorder.read(unseen)), unseen


def test_the_help_at_an_auction_shows_auction_lines_only(tmp_path: Path) -> None:
    """An Auction session's help writes no Goblin or Orc Poker event (it once showed
    ``pitch Ben 7`` and ``reveal Aki=4``, which an Auction refuses)."""
    code, out = run("record", "auction", "--players", "Aki,Ben", str(tmp_path / "a.json"),
                    stdin="help\nquit\n")
    assert code == 0 and "bid Ben pair 9" in out
    assert "pitch" not in out and "reveal" not in out and "draws." not in out


def test_a_refused_script_entry_exits_1_with_validates_message_and_writes_nothing(
        tmp_path: Path) -> None:
    """All or nothing: the third event breaks C-5, so not even the file is created; then
    the same message as validate gives for a file holding that event."""
    code, out, target = _new(tmp_path, "deal", "reveal Aki=4 Ben=2 Chie=7", "pitch Aki")
    assert code == 1 and not target.exists()
    line = "/events/2/player: rule [C-5]: Aki cannot pitch now: it is Ben's turn (GP-4.1)"
    assert line in out
    filed = tmp_path / "filed.json"
    filed.write_text(json.dumps({"format": "cardcore-transcript/1", "game": "goblin-poker",
                                 "players": ["Aki", "Ben", "Chie"], "events": [
                                     {"type": "deal"}, {"type": "reveal", "cards": {
                                         "Aki": 4, "Ben": 2, "Chie": 7}},
                                     {"type": "pitch", "player": "Aki"}]}))
    assert line in run("validate", str(filed))[1]


def test_unreadable_entries_and_bad_usage_exit_2_without_a_traceback(tmp_path: Path) -> None:
    """A line that is no event, an unknown game, a bad option, a missing file."""
    code, out, target = _new(tmp_path, "deal", "reveal Aki=4 Ben=2 Chie=x")
    assert code == 2 and "/events/1/cards/Chie" in out and not target.exists()
    assert run("record", "poker", "--players", "A,B", str(target))[0] == 2
    code, out = run("record", "saint-poker", "--players", "A,B", "--option", "rounds=99",
                    str(target), "--event", "deal future=3H,4H,5H")
    assert code == 2 and "rounds" in out and not target.exists()
    assert run("record", str(tmp_path / "missing.json"))[0] == 2
    closed = tmp_path / "closed.json"
    data = json.loads((FIXTURES / "orc-poker" / "bankruptcy-ends-game.json").read_text())
    del data["result"]["winners"]  # a result someone claimed, not the derived one
    closed.write_text(json.dumps(data))
    code, out = run("record", str(closed), "--event", "check Aki=5")
    assert code == 2 and "has a result: it is a closed record" in out  # nothing written
    assert json.loads(closed.read_text()) == data


def test_a_record_with_a_forgotten_card_is_not_called_unreadable(tmp_path: Path) -> None:
    """Going on with a record that has a forgotten card ("!"), which validate finds
    valid: it was refused as "not a readable transcript". It is refused (exit 2,
    nothing written) saying that a record goes on from one whose every card is
    named or unknown, with the pointer of the card."""
    record = tmp_path / "forgot.json"
    shutil.copy(FIXTURES / "auction" / "forgotten-shown-card-does-not-decide.json", record)
    before = record.read_bytes()
    code, out = run("record", str(record), "--event", "deal")
    assert code == 2 and "not a readable transcript" not in out
    assert f'{record} has forgotten cards ("!"): a record goes on from one whose every card ' \
           'is named or unknown ("?"):' in out
    assert "/events/" in out and record.read_bytes() == before


def test_a_new_record_named_as_a_folder_is_said_to_be_a_folder(tmp_path: Path) -> None:
    """record GAME --players A,B adir.json where adir.json is a folder: exit 2 and
    "is a folder, not a file" at once, not advice to continue it (which cannot work)."""
    folder = tmp_path / "adir.json"
    folder.mkdir()
    code, out = run("record", "goblin", "--players", "A,B", str(folder))
    assert code == 2
    assert f"{folder} is a folder, not a file" in out and "continue it" not in out
    assert list(folder.iterdir()) == []


def test_a_script_amends_an_earlier_event_and_the_record_notes_it(tmp_path: Path) -> None:
    """--amend N EVENT replaces event N, replays the rest and adds meta.corrections."""
    _new(tmp_path, "deal", "reveal Aki=4 Ben=2 Chie=7", "pitch Ben", "fold Chie")
    target = tmp_path / "game.json"
    code, out = run("record", str(target), "--amend", "2", "pitch Ben 5")
    assert code == 0, out
    data = json.loads(target.read_text())
    assert data["meta"]["corrections"] == [{"event": 2, "was": {"type": "pitch", "player": "Ben"},
                                            "now": {"type": "pitch", "player": "Ben",
                                                    "card": 5}}]
    code, out = run("record", str(target), "--amend", "2", "delete")
    assert code == 1 and "/events/2/player" in out  # Chie's fold would be out of turn


def test_the_prompt_reads_lines_from_a_pipe_too(tmp_path: Path) -> None:
    """Without a terminal the prompt still works line by line: help, standings, quit;
    the refused line makes the exit status 1."""
    target = tmp_path / "game.json"
    code, out = run("record", "goblin-poker", "--players", "Aki,Ben", str(target),
                    stdin="help\ndeal\nstandings\nbogus\nquit\n")
    assert code == 1 and "deal [NAME=CARD,... ...]   e.g. deal" in out
    assert "standings: chips: Aki 99, Ben 99; pot: 2; not complete" in out
    assert "'bogus' is not a kind of event or a command" in out
    assert len(json.loads(target.read_text())["events"]) == 1


def test_a_refused_line_from_a_pipe_makes_the_exit_status_1(tmp_path: Path) -> None:
    """Lines piped to the prompt (standard input no terminal): a refused one is
    only refused, the next ones are still read and recorded, and the session ends
    with 1 and the count on standard error, so that a script can tell; with none
    refused it ends with 0. (At a terminal it stays 0: the pexpect tests.)"""
    target = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["record", "goblin-poker", "--players", "Aki,Ben",
                                       str(target)], input="bad line\ndeal\nreveal Aki=4 Ben=2\n")
    assert result.exit_code == 1, result.output
    assert "1 line of the input was refused (exit status 1)" in result.stderr
    assert len(json.loads(target.read_text())["events"]) == 2
    code, out = run("record", str(target), stdin="standings\nquit\n")
    assert code == 0 and "of the input" not in out


def test_a_bid_typed_without_its_rank_is_told_at_the_event_how_to_name_it(
        tmp_path: Path) -> None:
    """``bid Ben pair`` at the prompt was refused at /events/1/ranks, a key the
    line never gave, with "one rank, no more"; it is refused at the event, with
    the rank to write."""
    target = tmp_path / "game.json"
    code, out = run("record", "auction", "--players", "Ann,Ben", str(target),
                    stdin="deal starter=7D\nbid Ben pair\nquit\n")
    assert code == 1
    assert ("game.json:/events/1: rule [AU-2.7]: a pair bid names its rank, and this one "
            'names none: write it, like "rank": "9"') in out


def test_the_help_says_when_the_prompt_exits_1(tmp_path: Path) -> None:
    """--help's exit status names the piped prompt's refused lines."""
    code, out = run("record", "--help")
    assert code == 0
    assert "standard input is no terminal" in " ".join(out.split())


def test_a_prompt_command_given_to_event_says_how_to_correct_without_the_prompt(
        tmp_path: Path) -> None:
    """``--event undo`` is not "not a kind of event or a command": undo is the
    prompt's; with --event a correction is --amend N EVENT or --amend N delete.
    Other commands of the prompt are named as such too; nothing is written."""
    _new(tmp_path, "deal")
    target = tmp_path / "game.json"
    before = target.read_bytes()
    for line in ("undo", "amend 0 deal"):
        code, out = run("record", str(target), "--event", line)
        assert code == 2 and f"{line.split()[0]!r} is a command at the prompt, not an event: " \
            "with --event and --amend, a correction is --amend N EVENT, or --amend N delete" \
            in " ".join(out.split()), out
    code, out = run("record", str(target), "--event", "standings")
    assert code == 2 and "--event takes events only" in out
    code, out = run("record", str(target), "--amend", "0", "undo")
    assert code == 2 and "'undo' is a command at the prompt" in out
    assert target.read_bytes() == before


def test_a_word_that_is_no_event_is_not_offered_as_a_command_where_none_is_taken(
        tmp_path: Path) -> None:
    """A misspelt event given to --event or --amend (or to amend at the prompt) is
    "not a kind of event", not "of event or a command", and an option points to
    --help, where there is no prompt to type help at; at the prompt, a line that
    is neither is still said to be neither, with "type help"."""
    _new(tmp_path, "deal")
    target = tmp_path / "game.json"
    for args in (("--event", "pich Aki"), ("--amend", "0", "pich Aki")):
        code, out = run("record", str(target), *args)
        assert code == 2
        assert ("'pich' is not a kind of event: Goblin Poker events are" in out
                and "(did you mean 'pitch'?) (cardcore record --help shows how events are "
                "written)" in " ".join(out.split())), out
    _, out = run("record", str(target), stdin="amend 0 pich Aki\npich Aki\nquit\n")
    said = " ".join(out.split())
    assert "'pich' is not a kind of event: Goblin" in said
    assert "'pich' is not a kind of event or a command: Goblin" in said
    assert said.count("(did you mean 'pitch'?) (type help)") == 2


def test_auction_standings_mid_hand_name_the_starter_pile_and_its_worth(tmp_path: Path) -> None:
    """Mid-hand the points are all 0: `standings` also shows the pile a player weighs."""
    target = tmp_path / "game.json"
    code, out = run("record", "auction", "--players", "Aki,Ben", str(target),
                    stdin="deal starter=QH\nstandings\nquit\n")
    assert code == 0, out
    assert "standings: points: Aki 0, Ben 0; starter pile: QH (worth 5 points)" in out


# -- a person at a terminal ---------------------------------------------------------------

PROMPT = r"#\d+> "

GAMES_TYPED = {
    "goblin": (["goblin-poker", "--players", "Aki,Ben", "--option", "games=1"],
               FIXTURES / "goblin-poker" / "stack-comparison-3-2-vs-2-4.json", [
                   "deal", "reveal Aki=3 Ben=2", "pitch Ben", "pitch Aki", "stack Ben 4",
                   "stack Aki 2", "check Aki=99 Ben=99 pot=2", "pitch Aki", "pitch Ben",
                   "stack Aki 5", "stack Ben 4"]),
    "orc": (["orc-poker", "--players", "Aki,Ben,Chie", "--option", "rounds=1"],
            FIXTURES / "orc-poker" / "tiebreak-9-stacked-vs-9-3-order-played.json", [
                "deal Ben=9,9,9,9,9,9", "reveal Aki=9 Ben=9 Chie=10",
                "reveal Aki=3 Ben=9 draws.Ben=2", "pitch Ben=2", "draw Ben 3", "draw Chie 2",
                "draw Aki 9", "pitch Ben=9", "give_up Chie"]),
    "saint": (["saint-poker", "--players", "A,B,C,D", "--option", "rounds=1"],
              FIXTURES / "saint-poker" / "rules-example.json", [
                  "deal future=3H", "river A=4H B=5H C=8D D=10S",
                  "show A=6D,7C B=6H,7H C=KH,9H D=2S,6C"]),
    "auction": (["auction", "--players", "Ann,Bob"], FIXTURES / "auction" / "end-joker-flipped.json",
                ["deal starter=JK", "win Ann QS", "flip 7H", "bid Bob pair 8",
                 "win Bob 8D,8S", '{"type": "flip", "card": "JK"}',
                 "show Ann=JK,AH,AD,10C,4S Bob=QS,QH,7H,7C,2D"]),
}


def _spawn(args: list[str], cwd: Path, columns: int = 200) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb",
           "CARDCORE_HISTORY": str(cwd / "history")}
    for size in ("COLUMNS", "LINES"):  # the terminal's own size, not the runner's (xdist
        env.pop(size, None)           # workers set COLUMNS=80, which would override it)
    child = pexpect.spawn(sys.executable, ["-m", "cardcore", "record", *args], cwd=str(cwd),
                          env=env, encoding="utf-8", timeout=15, dimensions=(50, columns))
    child.delaybeforesend = None  # a typist needs no pause: each step waits for the prompt
    return child


@pytest.mark.parametrize("game", sorted(GAMES_TYPED))
def test_a_whole_short_game_typed_at_a_terminal(tmp_path: Path, game: str) -> None:
    """A person types a short game of each kind at a real pseudo terminal, with a refused
    entry (shown with its rule, nothing written), an undo and the standings; the file
    validates and reaches the fixture's result."""
    args, fixture, lines = GAMES_TYPED[game]
    child = _spawn([*args, "live.json"], tmp_path)
    child.expect("Type help for the commands")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Allowed now")
    child.expect(PROMPT)
    for number, line in enumerate(lines):
        if number == 1:  # a slip: the first line again, refused by the rules
            child.sendline(lines[0])
            child.expect(r"refused, nothing written:\s+live.json:/events/1")
            child.expect(r"rule \[[A-Z]+-[0-9.]+\]")
            child.expect(PROMPT)
        child.sendline(line)
        child.expect(rf"#{number}\s")  # the accepted event, told with its number
        child.expect(PROMPT)
        if number == 2:  # entered, taken back, entered again
            child.sendline("undo")
            child.expect("took back #2")
            child.expect(PROMPT)
            child.sendline("undo")
            child.expect("only the last event entered")
            child.expect(PROMPT)
            child.sendline(line)
            child.expect(PROMPT)
    child.sendline("standings")
    child.expect("standings: ")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(f"{len(lines)} events recorded")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    recorded = tmp_path / "live.json"
    code, out = run("validate", str(recorded))
    assert code == 0, out
    wanted = json.loads(fixture.read_text())["result"]
    outcome = replay_file(recorded).outcome
    assert outcome is not None
    for key in ("chips", "scores"):
        if key in wanted:
            assert dict(getattr(outcome, key)) == wanted[key]


def test_ctrl_d_at_the_prompt_leaves_the_record_saved(tmp_path: Path) -> None:
    """Ending the input (or closing the terminal) loses nothing that was accepted."""
    child = _spawn(["goblin-poker", "--players", "Aki,Ben", "g.json"], tmp_path)
    child.expect(PROMPT)
    child.sendline("deal")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("1 event recorded")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert replay_file(tmp_path / "g.json").exit_code == 0


UP, BACKSPACE, KILL_LINE = "\x1b[A", "\x7f", "\x15"
AUCTION_OPENING = ["deal JK", "win Ann QS", "flip 7H"]


def _type(child: pexpect.spawn, lines: list[str]) -> None:
    for line in lines:
        child.expect(PROMPT)
        child.sendline(line)


def _events_in(path: Path) -> list[dict[str, object]]:
    return json.loads(path.read_text())["events"]  # type: ignore[no-any-return]


def test_the_up_arrow_recalls_the_last_entry_to_edit_and_history_outlives_the_session(
        tmp_path: Path) -> None:
    """At a terminal the arrows edit lines instead of being read as an entry: Up
    recalls `bid Bob pair 9`, a Backspace and `10` make it Bob's higher bid; the next
    session recalls the same line from the history file."""
    child = _spawn(["auction", "--players", "Ann,Bob", "a.json"], tmp_path)
    _type(child, [*AUCTION_OPENING, "bid Bob pair 9"])
    child.expect(PROMPT)
    child.send(UP)
    child.send(BACKSPACE)
    child.sendline("10")
    child.expect(r"#4\s+bid")
    _type(child, ["quit"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert _events_in(tmp_path / "a.json")[-1] == {"type": "bid", "player": "Bob",
                                                  "kind": "pair", "rank": "10"}
    assert "bid Bob pair 10" in (tmp_path / "history").read_text()
    child = _spawn(["a.json"], tmp_path)
    child.expect(PROMPT)
    child.send(UP + UP)  # quit, then the bid
    child.expect_exact("bid Bob pair 10")
    child.send(KILL_LINE)
    _type(child, ["quit"])
    child.expect("5 events recorded")
    child.expect(pexpect.EOF)
    assert len(_events_in(tmp_path / "a.json")) == 5


def test_a_continued_record_recaps_its_last_events_and_where_the_game_stands(
        tmp_path: Path) -> None:
    """On resume the last five events are shown as lines one could type, then the
    position and the standings."""
    target = tmp_path / "g.json"
    code, out = run("record", "auction", "--players", "Ann,Bob", str(target),
                    *(x for line in [*AUCTION_OPENING, "bid Bob pair 8", "win Bob 8D,8S",
                                     "flip JK"] for x in ("--event", line)))
    assert code == 0, out
    code, out = run("record", str(target), stdin="quit\n")
    assert code == 0
    recap = out[out.index("The last 5 events:"):out.index("next:")]
    assert [line.split()[0] for line in recap.splitlines()[1:6]] == [
        "#1", "#2", "#3", "#4", "#5"]
    assert "#3   bid Bob pair 8" in recap and "#5   flip JK" in recap
    assert "Now: hand 1, the show; points: Ann 0, Bob 0" in recap


def test_output_fits_the_terminal_and_next_is_said_once(tmp_path: Path) -> None:
    """At 60 columns every line fits (wrapped at word boundaries, no word cut), and
    `next:` is said when it changes or after help, not again after `standings`."""
    child = _spawn(["auction", "--players", "Ann,Bob", "w.json"], tmp_path, columns=60)
    screen = io.StringIO()
    child.logfile_read = screen
    _type(child, ["help", "deal JK", "standings", "standings", "quit"])
    child.expect(pexpect.EOF)
    child.close()
    lines = screen.getvalue().replace("\r", "").split("\n")
    too_wide = [line for line in lines if len(line) >= 60 and " " in line.strip()]
    assert not too_wide
    assert screen.getvalue().count("next: ") == 3  # at the start, after help, after deal
    flowing = " ".join(" ".join(lines).split())
    assert ("Type help for the commands, the arrows to edit and recall lines." in flowing)
    assert "bid PLAYER KIND [RANK] [RANK,...] [SUIT]" in flowing


def test_auctions_help_offers_only_what_a_points_game_has(tmp_path: Path) -> None:
    """A points game's check reads points: no pot and no chips.NAME in its help."""
    code, out = run("record", "auction", "--players", "Ann,Bob", str(tmp_path / "h.json"),
                    stdin="help\nquit\n")
    assert code == 0 and "check [NAME=N ...]   e.g. check Ann=0 Bob=0" in out
    assert "pot" not in out.lower() and "chips." not in out


def test_a_short_auction_typed_as_said_writes_its_result(tmp_path: Path) -> None:
    """The game of fixtures/auction/end-joker-flipped.json with a target of 5, typed in
    the order people say it: Bob's 7 points end it (AU-6.1), and the record then holds
    the result that fixture computes by hand, with Bob the winner."""
    child = _spawn(["auction", "--players", "Ann,Bob", "--option", "target=5", "s.json"],
                   tmp_path, columns=80)
    _type(child, [*AUCTION_OPENING, "bid Bob pair 8", "win Bob 8D,8S", "flip JK",
                  "show Ann=JK,AH,AD,10C,4S Bob=QS,QH,7H,7C,2D"])
    child.expect("The game is complete: the result is written: points: Ann 0, Bob 7; "
                 "winners: Bob")
    _type(child, ["quit"])
    child.expect(pexpect.EOF)
    child.close()
    data = json.loads((tmp_path / "s.json").read_text())
    fixture = json.loads((FIXTURES / "auction" / "end-joker-flipped.json").read_text())
    assert data["result"] == {**fixture["result"], "winners": ["Bob"]}
    assert run("validate", str(tmp_path / "s.json"))[0] == 0


def test_undo_n_and_words_after_a_command_are_not_ignored(tmp_path: Path) -> None:
    """`undo 2` when #3 is the last event is refused with the way to amend #2 (it
    once took back #3); words after help, standings or quit are refused with the
    command's usage, not dropped."""
    target = tmp_path / "u.json"
    code, out = run("record", "goblin", "--players", "Aki,Ben,Chie", str(target),
                    stdin="deal\nreveal Aki=4 Ben=2 Chie=7\npitch Ben\nfold Chie\nundo 2\n"
                          "undo two\nstandings now\nhelp me\nquit now\nundo 3\n")
    assert code == 1 and "5 lines of the input were refused" in out
    assert "to correct event #2, write: amend 2 EVENT" in out and "took back #3" in out
    assert "'undo two': write undo, or undo N" in out
    for line in ("standings now", "help me", "quit now"):
        assert f"{line!r}: {line.split()[0]} takes nothing after it" in out
    assert "Allowed now" not in out and "standings: chips" not in out
    assert len(json.loads(target.read_text())["events"]) == 3


def test_an_event_number_in_other_digits_is_a_usage_problem_not_a_traceback(
        tmp_path: Path) -> None:
    """`amend ² ...` and `undo ²`: "²" is a digit to str.isdigit but no number to int."""
    code, out = run("record", "goblin", "--players", "Aki,Ben", str(tmp_path / "g.json"),
                    stdin="deal\namend \u00b2 deal\nundo \u00b2\nundo 1" + "0" * 5000 + "\n")
    assert code == 1 and "3 lines of the input were refused" in out
    assert "write: amend N EVENT" in out and "write undo, or undo N" in out


def test_a_refused_batch_shows_no_effects_as_if_recorded(tmp_path: Path) -> None:
    """With --event, the effects of the entries before a refused one are not told
    (they read as recorded, though nothing is written); the refusal says that the
    entries before it were not recorded either."""
    code, out, target = _new(tmp_path, "deal", "reveal Aki=4 Ben=2 Chie=7", "pitch Aki")
    assert code == 1 and not target.exists()
    assert "pays the ante" not in out and "#0" not in out
    assert "the 2 entries before it were not recorded either" in out


def test_a_record_in_a_missing_folder_says_what_was_not_done(tmp_path: Path) -> None:
    """No entry's effects before "cannot write"; at the prompt, where nothing was typed,
    no word of a last entry: the record was not started."""
    target = tmp_path / "nowhere" / "g.json"
    code, out = run("record", "goblin", "--players", "Aki,Ben", str(target), "--event", "deal")
    assert code == 2 and "cannot write" in out and "nothing was recorded" in out
    assert "pays the ante" not in out
    code, out = run("record", "goblin", "--players", "Aki,Ben", str(target), stdin="deal\n")
    assert code == 2 and "cannot write" in out and "the record was not started" in out
    assert "entry" not in out and not target.parent.exists()


def test_an_amendment_run_twice_says_no_change_the_second_time(tmp_path: Path) -> None:
    """The same --amend run again (or typed at the prompt) says "no change" and adds
    no second correction to meta.corrections."""
    _new(tmp_path, "deal", "reveal Aki=4 Ben=2 Chie=7", "pitch Ben", "fold Chie")
    target = tmp_path / "game.json"
    assert run("record", str(target), "--amend", "2", "pitch Ben 5")[0] == 0
    target.write_text(target.read_text().replace("\n    ", "\n\t"))  # as a hand might
    before = target.read_bytes()
    code, out = run("record", str(target), "--amend", "2", "pitch Ben 5")
    assert code == 0 and "#2 is already pitch Ben 5: no change" in out
    assert target.read_bytes() == before  # not even written again
    code, out = run("record", str(target), stdin="amend 2 pitch Ben 5\nquit\n")
    assert code == 0 and "no change, nothing noted" in out
    assert len(json.loads(target.read_text())["meta"]["corrections"]) == 1


def _outcome_lines(out: str) -> list[str]:
    """The lines an amendment says of the outcome: "same outcome", or the heading and
    each value that changed, indented under it."""
    found: list[str] = []
    heading = False
    for line in out.splitlines():
        if line in ("same outcome", "the outcome changes:"):
            found.append(line)
            heading = True
        elif heading and line.startswith("  "):
            found.append(line)
        else:
            heading = False
    return found


def test_a_script_amendment_says_what_it_changes_in_the_outcome(tmp_path: Path) -> None:
    """--amend on a valid record says, after the events amended, each figure that
    changed, old -> new, and no other (Chie pays Ben's revealed 1, not 2; Aki and
    Ben are left as they were); several --amend are one change; an amendment that
    changes no figure says "same outcome", and one that changes nothing says neither."""
    _new(tmp_path, "deal", "reveal Aki=4 Ben=2 Chie=7", "pitch Ben", "fold Chie")
    target = tmp_path / "game.json"
    code, out = run("record", str(target), "--amend", "1", "reveal Aki=4 Ben=1 Chie=7",
                    "--amend", "2", "pitch Ben 5")
    assert code == 0, out
    assert ('amended #2: {"type": "pitch", "player": "Ben", "card": 5}\n'
            "the outcome changes:\n  chips of Chie: 97 -> 98\n  pot: 5 -> 4\n"
            f"{target}: 4 events recorded; chips: Aki 99, Ben 99, Chie 98;") in out
    code, out = run("record", str(target), "--amend", "2", "pitch Ben 3")
    assert code == 0 and 'amended #2: {"type": "pitch", "player": "Ben", "card": 3}\n' \
        "same outcome\n" in out
    code, out = run("record", str(target), "--amend", "2", "pitch Ben 3")
    assert code == 0 and "no change" in out and "outcome" not in out


def test_amending_a_finished_game_says_whom_it_no_longer_pays_and_that_it_reopens(
        tmp_path: Path) -> None:
    """A fixture's finished game (its result written) with its last event removed:
    the split of the pot is undone, so Ben and Dan's chips, the pot, complete and
    the winners are said old -> new; Aki and Chie's, unchanged, are not."""
    target = tmp_path / "game.json"
    shutil.copy(FIXTURES / "goblin-poker" / "fold-pays-another-players-smaller-card.json",
                target)
    code, out = run("record", str(target), "--amend", "16", "delete")
    assert code == 0, out
    assert _outcome_lines(out) == ["the outcome changes:", "  chips of Ben: 102 -> 99",
                                   "  chips of Dan: 102 -> 99", "  pot: 0 -> 6",
                                   "  complete: yes -> no", "  winners: Ben, Dan -> none yet"]
    assert "result" not in json.loads(target.read_text())


def test_amend_at_the_prompt_says_what_it_changes_in_the_outcome(tmp_path: Path) -> None:
    """`amend N EVENT` at the prompt says, after "amended #N ... saved", the figures
    that changed, old -> new, or "same outcome" where none did."""
    _new(tmp_path, "deal", "reveal Aki=4 Ben=2 Chie=7", "pitch Ben", "fold Chie")
    target = tmp_path / "game.json"
    code, out = run("record", str(target), stdin="amend 1 reveal Aki=4 Ben=1 Chie=7\n"
                    "amend 2 pitch Ben 5\nquit\n")
    assert code == 0, out
    assert _outcome_lines(out) == ["the outcome changes:", "  chips of Chie: 97 -> 98",
                                   "  pot: 5 -> 4", "same outcome"]
    assert ("noted in meta.corrections; saved\nthe outcome changes:\n" in out
            and "noted in meta.corrections; saved\nsame outcome\n" in out)


BROKEN = [{"type": "deal"}, {"type": "reveal", "cards": {"Aki": 4, "Ben": 2, "Chie": 7}},
          {"type": "pitch", "player": "Ben"}, {"type": "pitch", "player": "Ben"},
          {"type": "fold", "player": "Aki"}]
"""A record as a table wrote it: #3 is Ben's pitch where it is Chie's turn (C-5)."""
BROKEN_AT = "/events/3/player: rule [C-5]: Ben cannot pitch now: it is Chie's turn (GP-4.1)"


def _broken(tmp_path: Path) -> Path:
    target = tmp_path / "broken.json"
    target.write_text(json.dumps({"format": "cardcore-transcript/1", "game": "goblin-poker",
                                  "players": ["Aki", "Ben", "Chie"], "events": BROKEN}))
    assert BROKEN_AT in run("validate", str(target))[1]
    return target


def test_amend_puts_right_a_record_that_breaks_a_rule_and_says_what_it_fixed(
        tmp_path: Path) -> None:
    """--amend 3 on the record validate reports at /events/3: saved, the correction
    noted, and the output names the problem it put right (pointer and rule)."""
    target = _broken(tmp_path)
    code, out = run("record", str(target), "--amend", "3", "pitch Chie")
    assert code == 0, out
    assert "amended #3" in out and "put right" in out and BROKEN_AT in out
    assert run("validate", str(target))[0] == 0
    data = json.loads(target.read_text())
    assert data["meta"]["corrections"] == [{"event": 3, "was": BROKEN[3],
                                            "now": {"type": "pitch", "player": "Chie"}}]


def test_an_amendment_that_leaves_problems_exits_1_and_shows_them_as_validate(
        tmp_path: Path) -> None:
    """An amendment before the problem that does not mend it: exit 1, the problem
    that remains (pointer and rule ID), and the file as it was."""
    target = _broken(tmp_path)
    before = target.read_bytes()
    code, out = run("record", str(target), "--amend", "2", "pitch Ben 5")
    assert code == 1 and "refused, nothing written" in out
    assert f"{target}:{BROKEN_AT}" in out
    assert target.read_bytes() == before


def test_a_problem_before_the_amended_event_is_named_and_several_amends_mend_it(
        tmp_path: Path) -> None:
    """--amend 4 alone: exit 1, naming #3's problem and saying to correct #3 first;
    a new event: refused the same way; --amend 3 and --amend 4 together: saved."""
    target = _broken(tmp_path)
    before = target.read_bytes()
    code, out = run("record", str(target), "--amend", "4", "fold Chie")
    assert code == 1 and BROKEN_AT in out
    assert "before event #4" in out and "correct first event #3" in out
    assert "--amend 3 EVENT" in out and "more than once" in out
    code, out = run("record", str(target), "--event", "stack Ben 8")
    assert code == 1 and BROKEN_AT in out and "no new event is taken" in out
    assert target.read_bytes() == before
    code, out = run("record", str(target), "--amend", "3", "pitch Chie",
                    "--amend", "4", "pitch Aki", "--event", "stack Ben 8")
    assert code == 0, out
    assert run("validate", str(target))[0] == 0 and len(_events_in(target)) == 6


def test_a_record_that_breaks_a_rule_is_put_right_at_the_prompt(tmp_path: Path) -> None:
    """At a terminal, `record FILE` on that record opens it: the recap shows where it
    breaks a rule and the amendment that can fix it; an event is refused until
    `amend 3 pitch Chie` makes it valid and saves it; then events are taken again."""
    target = _broken(tmp_path)
    before = target.read_bytes()
    child = _spawn([target.name], tmp_path)
    child.expect("This record does not validate:")
    child.expect_exact(f"{target.name}:{BROKEN_AT}")
    child.expect_exact("amend 3 EVENT, or amend 3 delete")
    child.expect_exact("Before #3, where it fails: game 1, round 1")
    child.expect_exact("allowed as #3: Chie pitches or folds")
    _type(child, ["stack Ben 8"])
    child.expect("no new event is taken until the record is valid")
    _type(child, ["amend 4 fold Chie"])
    child.expect("before event #4")
    child.expect(PROMPT)
    assert target.read_bytes() == before
    child.sendline("amend 3 pitch Chie")
    child.expect("amended #3")
    child.expect("the record validates now; put right:")
    child.expect_exact(BROKEN_AT)
    _type(child, ["stack Ben 8", "quit"])
    child.expect("6 events recorded")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert run("validate", str(target))[0] == 0
    assert _events_in(target)[3:] == [{"type": "pitch", "player": "Chie"}, BROKEN[4],
                                      {"type": "stack", "player": "Ben", "card": 8}]


def test_amend_that_puts_a_record_right_says_the_standings_after_what_it_fixed(
        tmp_path: Path) -> None:
    """A record that did not validate had no outcome to compare (its replay stopped at
    #3): at the prompt, the amendment that puts it right says what it fixed, then the
    standings now, as `standings` says them; with --amend, the summary that ends the
    output gives them, and no "old -> new" compares them with the stopped replay's."""
    target = _broken(tmp_path)
    copy = tmp_path / "copy.json"
    shutil.copy(target, copy)
    code, out = run("record", str(target), stdin="amend 3 pitch Chie\nquit\n")
    assert code == 0, out
    assert (f"the record validates now; put right:\n  {target}:{BROKEN_AT}\n"
            "standings: chips: Aki 97, Ben 99, Chie 99; pot: 5; not complete\n") in out
    code, out = run("record", str(copy), "--amend", "3", "pitch Chie")
    assert code == 0, out
    assert (f"put right:\n  {copy}:{BROKEN_AT}\n{copy}: 5 events recorded; "
            "chips: Aki 97, Ben 99, Chie 99; pot: 5; not complete\n") in out
    assert _outcome_lines(out) == []
