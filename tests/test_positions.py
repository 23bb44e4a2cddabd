"""Placing a JSON pointer's value at its line and column in the file."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from cardcore.cli.main import main
from cardcore.replay.positions import located, offsets
from cardcore.replay.problems import Problem
from cardcore.replay.runner import replay_file

EXAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "goblin-poker" / "rules-example.json"

TEXT = '{\n  "a/b": [1, "x,]", {"k\\"ey": {"z": 3}}],\n  "c": {}, "d": []\n}\n'


def test_offsets_find_values_behind_escaped_keys_and_tricky_strings() -> None:
    """A key with a slash or a quote, a string holding a comma and a bracket: each
    value is found where it starts."""
    found = offsets(TEXT, ["/a~1b/2/k\"ey/z", "/a~1b/1", "/c", "/d"])
    assert TEXT[found["/a~1b/2/k\"ey/z"]:].startswith("3}")
    assert TEXT[found["/a~1b/1"]:].startswith('"x,]"')
    assert TEXT[found["/c"]:].startswith("{}") and TEXT[found["/d"]:].startswith("[]")


def test_a_value_the_file_lacks_is_placed_at_the_deepest_one_it_has() -> None:
    """A missing key: its object; an index past the end: the array."""
    found = offsets(TEXT, ["/c/missing", "/d/4", "/nothing/at/all"])
    assert TEXT[found["/c/missing"]:].startswith("{}")
    assert TEXT[found["/d/4"]:].startswith("[]")
    assert found["/nothing/at/all"] == 0


def test_located_gives_line_and_column_and_leaves_placed_problems_alone() -> None:
    """Line and column count from 1; a problem already placed keeps its place."""
    problems = [Problem(kind="rule", pointer="/a~1b/2", message="m"),
                Problem(kind="format", pointer="", message="syntax", line=9, column=9)]
    first, second = located(TEXT, problems)
    assert (first.line, first.column) == (2, TEXT.splitlines()[1].index("{") + 1)
    assert second == problems[1]


def test_a_rule_problem_in_a_file_has_the_line_of_its_event(tmp_path: Path) -> None:
    """A wrong player at /events/3 is placed on the line of that event's player, in the
    text and JSON reports; read from standard input, too."""
    data = json.loads(EXAMPLE.read_text())
    data["events"][3]["player"] = "Aki"
    text = json.dumps(data, indent=2)
    path = tmp_path / "wrong.json"
    path.write_text(text)
    lines = text.splitlines()
    expected_line = next(i for i, line in enumerate(lines, 1) if '"player": "Aki"' in line
                         and '"type": "fold"' in lines[i - 2])
    expected_column = lines[expected_line - 1].index('"Aki"') + 1
    (problem,) = replay_file(path).problems
    assert (problem.pointer, problem.line, problem.column) == (
        "/events/3/player", expected_line, expected_column)
    (piped,) = replay_file(io.BytesIO(text.encode()), name="<stdin>").problems
    assert (piped.line, piped.column) == (expected_line, expected_column)
    runner = CliRunner()
    out = runner.invoke(main, ["validate", str(path)]).output
    assert f"      at line {expected_line}, column {expected_column}" in out
    report = json.loads(runner.invoke(main, ["validate", "--format", "json", str(path)]).output)
    assert report["files"][0]["problems"][0]["line"] == expected_line


def test_a_problem_of_the_files_shape_is_placed_too(tmp_path: Path) -> None:
    """An unknown key in an event, and a key given twice, are placed at their values."""
    path = tmp_path / "shape.json"
    path.write_text('{"format": "cardcore-transcript/1", "game": "goblin-poker",\n'
                    ' "players": ["Aki", "Ben"],\n "events": [\n  {"type": "deal", "colour": 1}\n]}')
    out = CliRunner().invoke(main, ["validate", str(path)]).output
    assert "/events/0/colour" in out and "      at line 4, column 30" in out
    twice = tmp_path / "twice.json"
    twice.write_text('{"format": "cardcore-transcript/1",\n "format": 2}')
    out = CliRunner().invoke(main, ["validate", str(twice)]).output
    assert "/format" in out and "      at line 1, column 12" in out


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=4),
    max_leaves=20)


def _pointers(value: Any, path: str = "") -> list[tuple[str, Any]]:
    found = [(path, value)]
    if isinstance(value, dict):
        for key, item in value.items():
            escaped = key.replace("~", "~0").replace("/", "~1")
            found += _pointers(item, f"{path}/{escaped}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _pointers(item, f"{path}/{index}")
    return found


@given(_JSON, st.sampled_from([None, 1, 2]))
def test_every_pointer_of_any_document_starts_its_own_value(value: Any,
                                                             indent: int | None) -> None:
    """For any JSON document, written compact or indented, the value read at the
    offset of each of its pointers is the value that pointer names."""
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    pointers = _pointers(value)
    found = offsets(text, [pointer for pointer, _ in pointers])
    for pointer, expected in pointers:
        assert json.JSONDecoder().raw_decode(text, found[pointer])[0] == expected, pointer


def test_a_deeply_nested_value_is_placed_alike_from_any_depth_of_the_callers_stack() -> None:
    """The scan steps over values with the standard library's recursive scanner, whose
    limit depends on how deep the caller's stack is: a value 900 levels down was
    placed by ``validate`` and put at its container by a ``--jobs`` process (whose
    stack is deeper), so the two printed different columns for one problem."""
    depth = 900
    text = '{"events": [{"a": ' + "[" * depth + "1" + "]" * depth + '}, {"card": 7}]}'
    expected = text.index('{"card"')

    def from_depth(levels: int) -> dict[str, int]:
        return offsets(text, ["/events/1"]) if levels == 0 else from_depth(levels - 1)

    assert offsets(text, ["/events/1"]) == {"/events/1": expected}
    assert from_depth(300) == {"/events/1": expected}
