"""`cardcore report`: where the page goes, and the exit status."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from cardcore.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "goblin-poker" / "rules-example.json"


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _copy(tmp_path: Path, name: str = "game.json") -> Path:
    target = tmp_path / name
    shutil.copy(EXAMPLE, target)
    return target


def test_the_page_is_written_beside_the_record_by_default(tmp_path: Path) -> None:
    """game.json gives game.html; the record is not touched; exit 0 for a valid record."""
    record = _copy(tmp_path)
    before = record.read_bytes()
    code, out = run("report", str(record))
    page = tmp_path / "game.html"
    assert code == 0 and f"wrote {page}" in out
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert record.read_bytes() == before


def test_two_records_make_one_page_named_after_both(tmp_path: Path) -> None:
    """mine.json and yours.json give mine-vs-yours.html."""
    mine, yours = _copy(tmp_path, "mine.json"), _copy(tmp_path, "yours.json")
    code, _ = run("report", str(mine), str(yours))
    page = (tmp_path / "mine-vs-yours.html").read_text(encoding="utf-8")
    assert code == 0 and page.count('class="record"') == 2


def test_standard_input_and_output(tmp_path: Path) -> None:
    """`-` reads the record from standard input; the page then goes to standard output."""
    code, out = run("report", "-", stdin=EXAMPLE.read_text(encoding="utf-8"))
    assert code == 0 and out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    code, out = run("report", str(EXAMPLE), "-o", "-")
    assert code == 0 and "wrote" not in out and "<svg" in out


def test_a_rule_problem_still_writes_the_page_and_exits_1(tmp_path: Path) -> None:
    """The page is what shows the problem; the exit status says there is one."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["events"][3]["player"] = "Aki"
    record = tmp_path / "bad.json"
    record.write_text(json.dumps(data), encoding="utf-8")
    code, _ = run("report", str(record), "-o", str(tmp_path / "page.html"))
    assert code == 1 and "rule [C-5]" in (tmp_path / "page.html").read_text(encoding="utf-8")


def test_an_unreadable_record_writes_no_page_and_exits_2(tmp_path: Path) -> None:
    """Not a transcript: its problems are said, and nothing is written."""
    record = tmp_path / "notes.json"
    record.write_text('{"format": "cardcore-transcript/1", "game": "chess"}', encoding="utf-8")
    code, out = run("report", str(record))
    assert code == 2 and "not a readable transcript" in out and "/game" in out
    assert not (tmp_path / "notes.html").exists()


def test_a_record_with_a_forgotten_card_writes_no_page_and_says_why(tmp_path: Path) -> None:
    """A record with a forgotten card ("!") is valid to validate, judged for every
    value the card could have had; report said "not a readable transcript" of it,
    wrote no page and exited 0. It says that the record stands for many games
    and that validate judges it, and exits 2 as for any record it cannot show."""
    record = tmp_path / "forgot.json"
    shutil.copy(ROOT / "fixtures" / "auction" / "forgotten-shown-card-does-not-decide.json",
                record)
    before = record.read_bytes()
    assert run("validate", str(record))[0] == 0
    code, out = run("report", str(record))
    assert code == 2
    assert 'has forgotten cards ("!"): report shows records whose every card is named' in out
    assert "not a readable transcript" not in out
    assert not (tmp_path / "forgot.html").exists() and record.read_bytes() == before


def test_bad_usage_exits_2_and_never_overwrites_a_record(tmp_path: Path) -> None:
    """Three records, or a page named like its record, are refused."""
    record = _copy(tmp_path)
    before = record.read_bytes()
    code, out = run("report", str(record), "-o", str(record))
    assert code == 2 and "never" in out and record.read_bytes() == before
    code, out = run("report", str(record), str(record), str(record))
    assert code == 2 and "not 3" in out


def test_a_page_that_cannot_be_written_there_is_said_in_words(tmp_path: Path) -> None:
    """-o into a folder that does not exist: "cannot write", exit 2, no traceback."""
    target = tmp_path / "missing" / "page.html"
    code, out = run("report", str(EXAMPLE), "-o", str(target))
    assert code == 2 and f"cannot write {target}" in out
    assert not (tmp_path / "missing").exists()


def test_two_records_of_different_games_are_refused_as_diff_refuses_them(
        tmp_path: Path) -> None:
    """A Goblin record and an Auction record, or the same game with other player
    names: no page, exit 2, and the words diff gives for the pair."""
    auction = ROOT / "fixtures" / "auction" / "declare-mid-bidding-declarer-loses.json"
    renamed = tmp_path / "renamed.json"
    renamed.write_text(EXAMPLE.read_text(encoding="utf-8").replace('"Chie"', '"Chiyo"'),
                       encoding="utf-8")
    for other, words in ((auction, "the games differ: goblin-poker and auction"),
                         (renamed, "the players differ: Aki, Ben, Chie and Aki, Ben, Chiyo")):
        page = tmp_path / "pair.html"
        code, out = run("report", str(EXAMPLE), str(other), "-o", str(page))
        assert code == 2 and f"not records of one game: {words}" in out
        assert not page.exists()
        diffed = CliRunner().invoke(main, ["diff", str(EXAMPLE), str(other)])
        assert diffed.exit_code == 2 and f"not records of one game: {words}" in diffed.output
