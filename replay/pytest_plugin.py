"""A pytest plugin: every transcript of a folder is a test.

A club that keeps its disputed games, or a program that writes transcripts,
wants them checked with its other tests, each file one test that says what is
wrong in the file's own terms (file, pointer, rule, message), not as a
traceback through cardcore. Installed with cardcore (entry point ``pytest11``,
name ``cardcore``), the plugin does nothing until it is given folders:

    pytest --cardcore-fixtures games/          # repeatable

or in the pytest configuration (paths relative to it)::

    [tool.pytest.ini_options]
    cardcore_fixtures = ["fixtures"]

Every ``*.json`` (any case) under those folders is one item, ``FILE::replay``;
it passes when the transcript is valid, or, with ``expect``, fails exactly as
expected; a failure shows the file's ``meta.note`` under its problems. Disable
the plugin with ``-p no:cardcore``.

What runs is what pytest runs, the folders counting as paths:

- ``--cardcore-fixtures DIR`` is a path to run, besides any given: alone, it
  runs DIR's transcripts and nothing else (not ``testpaths``). A path given
  inside DIR (the id of a failure, ``DIR/x.json::replay``) runs only that.
- The configured folders are run when pytest is given no path (as ``testpaths``
  are, beside them); given paths inside them are always collected as
  transcripts: ``pytest fixtures``, ``pytest fixtures/x.json::replay``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

__all__ = ["TranscriptFailure", "TranscriptFile", "TranscriptItem"]

ROOTS = pytest.StashKey[list[Path]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("cardcore", "cardcore transcripts")
    group.addoption("--cardcore-fixtures", action="append", default=[], metavar="DIR",
                    dest="cardcore_fixtures",
                    help="run every *.json under DIR as a transcript test, as a path "
                         "(repeatable; with no other path, nothing else runs)")
    parser.addini("cardcore_fixtures", type="paths", default=[],
                  help="folders of transcripts, run as tests when pytest is given no path; "
                       "a path given inside them is collected as transcripts (relative "
                       "to the configuration file)")


def _given(config: pytest.Config) -> list[Path]:
    """The paths given to pytest (``FILE::name`` as FILE), when it was given any."""
    if config.args_source != pytest.Config.ArgsSource.ARGS:
        return []
    start = config.invocation_params.dir
    return [(start / arg.partition("::")[0]).resolve() for arg in config.args]


def pytest_configure(config: pytest.Config) -> None:
    """The folders whose files are transcripts, and the paths pytest runs: those
    given, and a folder to run unless a path given holds it or lies in it (so that
    the id of one failure runs that file alone)."""
    start = config.invocation_params.dir
    named = [(start / given).resolve() for given in config.getoption("cardcore_fixtures")]
    configured = [Path(path).resolve() for path in config.getini("cardcore_fixtures")]
    given = _given(config)
    run = named or ([] if given else configured)  # configured: like testpaths, if no path
    for root in run:
        if not root.is_dir():
            raise pytest.UsageError(f"cardcore fixtures: {root} is not a folder")
    if named and not given:  # the option names what to run, as a path would
        config.args[:] = []
    present = given or [Path(arg).resolve() for arg in config.args]  # testpaths, or none
    for root in run:
        if not any(path == root or root in path.parents or path in root.parents
                   for path in present):
            config.args.append(str(root))
            present.append(root)
    config.stash[ROOTS] = [*named, *configured]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> TranscriptFile | None:
    if file_path.suffix.lower() != ".json":
        return None
    roots = parent.config.stash.get(ROOTS, [])
    if any(root == file_path or root in file_path.parents for root in roots):
        found: TranscriptFile = TranscriptFile.from_parent(parent, path=file_path)
        return found
    return None


class TranscriptFailure(Exception):
    """A transcript that is not valid; ``lines`` say why, in the file's terms."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        super().__init__("\n".join(lines))


class TranscriptFile(pytest.File):
    """One transcript file: it holds one item, the replay."""

    def collect(self) -> Iterator[pytest.Item]:
        yield TranscriptItem.from_parent(self, name="replay")


class TranscriptItem(pytest.Item):
    """The replay of one transcript, judged as ``cardcore validate`` judges it."""

    def runtest(self) -> None:
        from cardcore.quoting import visible
        from cardcore.replay.problems import moved_text
        from cardcore.replay.runner import expect_lines, note_lines, replay_file

        report = replay_file(self.path)
        if any(expected.after for expected in report.expect or ()):  # it pins --keep-going
            report = replay_file(self.path, keep_going=True)
        if report.valid:
            return
        name = self._shown_path()
        lines = [f"{name}:{problem}" for problem in report.problems]
        for problem in report.problems:
            if problem.moved_by is not None:
                lines.append(f"  {problem.pointer}: {moved_text(problem)}")
        lines += expect_lines(report) + note_lines(report)
        raise TranscriptFailure([visible(line) for line in lines] or [f"{name}: not valid"])

    def _shown_path(self) -> str:
        """The file as the user named it: relative to where pytest was started."""
        start = self.config.invocation_params.dir
        return str(self.path.relative_to(start)) if start in self.path.parents else str(self.path)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        """The problems of the file, without a traceback through cardcore."""
        if isinstance(excinfo.value, TranscriptFailure):
            return "\n".join(excinfo.value.lines)
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"transcript {self.path.name}"
