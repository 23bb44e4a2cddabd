"""``cardcore validate`` with a path that does not exist: one unreadable file, not a stop."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardcore.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "goblin-poker" / "rules-example.json"
NO_SUCH = ("format: no such file or folder: validate takes files, folders (searched for "
           "*.json) and - for standard input")


def _validate(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def _good(folder: Path, name: str = "good.json") -> Path:
    path = folder / name
    path.write_bytes(EXAMPLE.read_bytes())
    return path


def test_a_missing_path_is_reported_and_the_other_files_are_still_judged(tmp_path: Path) -> None:
    """Like grep or a linter: the missing path is an unreadable file (exit 2, as the
    docs give for one), and the good file after it is judged, not a usage error."""
    missing, good = tmp_path / "nope.json", _good(tmp_path)
    code, out = _validate(str(missing), str(good))
    assert code == 2 and "Usage" not in out and "Traceback" not in out
    assert out.splitlines() == [
        f"BAD  {missing}",
        f"  {missing}:(whole file): {NO_SUCH}",
        f"ok   {good}: chips: Aki 95, Ben 108, Chie 97; pot: 0; winners: Ben",
        "2 files: 1 valid, 0 invalid, 1 unreadable",
    ]


def test_a_missing_path_in_json_is_shaped_like_any_unreadable_file(tmp_path: Path) -> None:
    """--format json: the entry has the keys and problem form of a file that is not
    JSON, in its place among the others."""
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    missing = tmp_path / "gone"
    code, out = _validate("--format", "json", str(broken), str(missing), str(_good(tmp_path)))
    files = json.loads(out)["files"]
    assert code == 2 and [entry["path"] for entry in files][1] == str(missing)
    assert set(files[1]) == set(files[0]) and files[1]["valid"] is False
    assert files[1]["problems"] == [{"kind": "format", "pointer": "", "message": NO_SUCH[8:]}]


def test_jobs_folders_and_standard_input_keep_their_order_with_a_missing_path(
        tmp_path: Path) -> None:
    """A missing path between a folder and standard input: the same output, in the
    input's order, with --jobs 2 as with one process."""
    folder = tmp_path / "games"
    folder.mkdir()
    _good(folder, "a.json")
    _good(folder, "b.json")
    args = (str(folder), str(tmp_path / "missing-folder"), "-")
    one = _validate(*args, stdin=EXAMPLE.read_text(encoding="utf-8"))
    two = _validate("--jobs", "2", *args, stdin=EXAMPLE.read_text(encoding="utf-8"))
    assert one == two and one[0] == 2
    marks = [line.split()[0:2] for line in one[1].splitlines() if line[:1] != " "][:-1]
    assert marks == [["ok", f"{folder / 'a.json'}:"], ["ok", f"{folder / 'b.json'}:"],
                     ["BAD", str(tmp_path / "missing-folder")], ["ok", "<stdin>:"]]


def test_an_empty_path_is_missing_not_the_current_folder(tmp_path: Path) -> None:
    """"" names nothing: it is reported, and the current folder is not searched."""
    code, out = _validate("", str(_good(tmp_path)))
    assert code == 2 and out.startswith(f"BAD  ''\n  '':(whole file): {NO_SUCH}\n")
    assert out.strip().endswith("2 files: 1 valid, 0 invalid, 1 unreadable")


def test_the_help_says_a_missing_path_does_not_stop_the_others() -> None:
    """--help tells what happens to a path that does not exist, and its exit status."""
    code, out = _validate("--help")
    assert code == 0
    text = " ".join(out.split())
    assert "A path that does not exist is reported as an unreadable file" in text
    assert "2 one could not be read as a transcript or does not exist" in text
