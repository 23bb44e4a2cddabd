"""``cardcore validate DIR``: only the folder's own regular files are read; the rest is said."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.cli.walk import Skipped, walk

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "goblin-poker" / "rules-example.json"
SECRET = 'API_TOKEN="s3cr3t-value-123"'


def _validate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """An uploaded folder: a good transcript, a link to it, links to a secret file,
    to /etc/passwd and to a folder outside, a FIFO named like a transcript."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "notes.json").write_text(SECRET)
    folder = tmp_path / "upload"
    (folder / "sub").mkdir(parents=True)
    (folder / "good.json").write_bytes(EXAMPLE.read_bytes())
    (folder / "alias.json").symlink_to("good.json")
    (folder / "notes.json").symlink_to(outside / "notes.json")
    (folder / "passwd.json").symlink_to("/etc/passwd")
    (folder / "sub" / "away").symlink_to(outside)
    (folder / "sub" / "back").symlink_to(folder)
    os.mkfifo(folder / "pipe.json")
    return folder


def test_links_leading_outside_the_folder_are_skipped_and_never_read(planted: Path) -> None:
    """Each link outside is reported as skipped in its place, the FIFO as no regular
    file; the link inside is read; no byte of a file outside is printed (exit 2)."""
    for fmt in ("text", "json"):
        code, output = _validate("--format", fmt, str(planted))
        assert code == 2 and SECRET not in output and "root:" not in output
        assert "s3cr3t" not in output
    code, output = _validate(str(planted))
    shown = [line[5:].split(": ")[0] for line in output.splitlines() if line[:5] in ("ok   ", "BAD  ")]
    assert shown == [str(planted / name) for name in (
        "alias.json", "good.json", "notes.json", "passwd.json", "pipe.json", "sub/away")]
    assert output.count("a link to a file outside the folder given") == 2
    assert "a link to a folder outside the folder given" in output
    assert "not a regular file" in output
    assert output.splitlines()[-1] == "6 files: 2 valid, 0 invalid, 4 unreadable"


def test_follow_links_reads_them_and_never_walks_a_folder_twice(planted: Path) -> None:
    """--follow-links reads the links outside (the user asked), descends a linked
    folder once, and a link back to the folder makes no loop."""
    found = list(walk(str(planted), follow_links=True))
    paths = [entry for entry in found if isinstance(entry, str)]
    assert str(planted / "notes.json") in paths and str(planted / "sub/away/notes.json") in paths
    assert len(paths) == len(set(paths)) == 5
    assert [entry.path for entry in found if isinstance(entry, Skipped)] == [
        str(planted / "pipe.json")]


def _validate_as_nobody(*args: str) -> tuple[int, str]:
    """``_validate`` in a child process of a user without privileges when the tests
    run as root (who reads every folder). The child is forked, not started, since
    that user may not read the interpreter's files: everything it needs is
    imported first, by judging the same paths once here."""
    if os.geteuid() != 0:
        return _validate(*args)
    _validate(*args)  # every module the command imports lazily is loaded now
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        try:
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            code, output = _validate(*args)
            os.write(writing, json.dumps([code, output]).encode())
        finally:
            os._exit(0)
    os.close(writing)
    with os.fdopen(reading, "rb") as pipe:
        data = pipe.read()
    os.waitpid(child, 0)
    code, output = json.loads(data)
    return code, output


@pytest.fixture
def shared() -> Iterator[Path]:
    """A folder under the system's temporary folder that another user may walk."""
    folder = Path(tempfile.mkdtemp())
    folder.chmod(0o755)
    yield folder
    for path in (folder, *folder.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(folder)


def test_folders_that_cannot_be_read_or_searched_are_reported_not_skipped(shared: Path) -> None:
    """A subfolder without read permission and one that can be read but not
    searched, each holding a broken transcript: both are said (exit 2), the good
    file is judged, and there is no traceback; before, "1 valid", exit 0."""
    (shared / "good.json").write_bytes(EXAMPLE.read_bytes())
    for name, mode in (("closed", 0o000), ("unsearchable", 0o444)):
        (shared / name).mkdir()
        (shared / name / "broken.json").write_text("{")
        (shared / name).chmod(mode)
    code, output = _validate_as_nobody(str(shared))
    assert code == 2 and "Traceback" not in output, output
    assert f"{shared / 'closed'}:(whole file): format: skipped: cannot read this folder" in output
    assert f"{shared / 'unsearchable' / 'broken.json'}:(whole file): format:" in output
    assert f"ok   {shared / 'good.json'}" in output
    assert output.splitlines()[-1] == "3 files: 1 valid, 0 invalid, 2 unreadable"


def test_a_file_name_that_is_not_utf8_or_holds_escapes_is_judged_and_shown_escaped(
        tmp_path: Path) -> None:
    """An archive may hold a file named with a byte that is not UTF-8 and an ESC:
    it is read, and its name printed as escapes (text and JSON), no traceback."""
    name = os.fsdecode(b"\xff\x1b[2J.json")
    (tmp_path / name).write_bytes(EXAMPLE.read_bytes())
    code, output = _validate(str(tmp_path))
    assert code == 0 and f"ok   {tmp_path}/\\udcff\\u001b[2J.json: chips" in output
    code, output = _validate("--format", "json", str(tmp_path))
    assert code == 0 and json.loads(output)["files"][0]["path"] == f"{tmp_path}/{name}"
