"""Files the commands write for others: whole, never through a link, and a place that
cannot hold them said in words."""

from __future__ import annotations

import os
from pathlib import Path

import click
import pytest

from cardcore.cli.output import check_place, write_file


def test_a_file_is_written_whole_with_no_temporary_file_left(tmp_path: Path) -> None:
    """The text is there, and nothing else is in the folder."""
    write_file(tmp_path / "page.html", "<p>é</p>\n")
    assert (tmp_path / "page.html").read_text(encoding="utf-8") == "<p>é</p>\n"
    assert [path.name for path in tmp_path.iterdir()] == ["page.html"]


def test_a_place_that_cannot_be_written_exits_2_in_words(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """Inside a folder that is a file: "cannot write ...", exit 2, no traceback."""
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        write_file(tmp_path / "plain" / "page.html", "text")
    assert stopped.value.code == 2
    assert capsys.readouterr().err.startswith(f"cannot write {tmp_path / 'plain' / 'page.html'}")


def test_check_place_refuses_a_missing_folder_in_words(tmp_path: Path) -> None:
    """The option is named, and the folder that is not there."""
    with pytest.raises(click.BadParameter) as refused:
        check_place(tmp_path / "gone" / "page.html", "--chart")
    assert refused.value.param_hint == "--chart"
    assert f"there is no folder {tmp_path / 'gone'}" in refused.value.format_message()
    check_place(tmp_path / "page.html", "--chart")  # a folder that is there: no complaint


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="a folder's permissions do not stop root")
def test_check_place_refuses_a_folder_that_cannot_be_written(tmp_path: Path) -> None:
    """A read-only folder: refused before anything is done."""
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    try:
        with pytest.raises(click.BadParameter, match="cannot be written"):
            check_place(folder / "page.html", "--chart")
    finally:
        folder.chmod(0o700)
