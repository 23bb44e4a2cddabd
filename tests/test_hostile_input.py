"""Hostile and mangled transcripts: every one gets problems, none a traceback.

Hypothesis mutates the shipped fixtures (values of the wrong type, cards out of
range, events dropped, repeated or swapped, names changed; keys inside
``check``, ``result``, ``expect``, ``options`` and ``ages`` misspelled, re-cased
or given values of another type) and checks that loading and replaying report
problems with JSON pointers into the input instead of raising, and never modify
the input. CI (``CI=true``) runs a few thousand examples.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcore.replay.problems import split_pointer
from cardcore.replay.runner import Report, replay_transcript
from cardcore.replay.transcript import TranscriptError, load_transcript

EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", 3000 if os.environ.get("CI") else 300))
"""Examples of the loading test (the command-line test runs a tenth of them)."""

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "fixtures").rglob("*.json"))
DOCUMENTS = [json.loads(path.read_text(encoding="utf-8")) for path in SOURCES]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(
        ["?", "AS", "10h", "JK", "11", "", "Aki", "Ben", "deal", "🂡"]) | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "player", "card", "cards", "hands", "Aki", "Ben", "x"]),
        inner, max_size=4),
    max_leaves=8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


CLAIMS = ("result", "expect", "options", "ages")
"""Top-level keys whose inner keys and values the key mutations reach (and check events)."""


def _claim_keys(document: Any) -> list[tuple[Any, ...]]:
    """Paths of keys inside the claims and options of a transcript (and its check events)."""
    roots: list[tuple[Any, ...]] = [(key,) for key in CLAIMS if isinstance(document.get(key), dict)]
    events = document.get("events")
    if isinstance(events, list):
        roots += [("events", i) for i, event in enumerate(events)
                  if isinstance(event, dict) and event.get("type") == "check"]
    return [path for root in roots for path in _paths(_at(document, root), root)[1:]
            if isinstance(_at(document, path[:-1]), dict)]


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        document = document[part]
    return document


def _rekey(draw: st.DrawFn, document: Any) -> None:
    """Misspell, re-case or retype one key inside a claim, options or ages."""
    paths = _claim_keys(document)
    if not paths:
        return
    *parent_path, key = draw(st.sampled_from(paths))
    parent = _at(document, tuple(parent_path))
    how = draw(st.sampled_from(["misspell", "recase", "retype"]))
    if how == "retype":
        parent[key] = draw(json_values)
        return
    new = key.swapcase() if how == "recase" else draw(st.sampled_from(
        [key[:-1], key + key[-1:], key[1:], "x" + key]))
    if new and new not in parent:
        parent[new] = parent.pop(key)


@st.composite
def mangled(draw: st.DrawFn) -> Any:
    document = copy.deepcopy(draw(st.sampled_from(DOCUMENTS)))
    if draw(st.booleans()):
        _rekey(draw, document)
    for _ in range(draw(st.integers(0, 3))):
        paths = _paths(document)
        path = draw(st.sampled_from(paths[1:] or paths))
        if not path:
            break
        *parent_path, last = path
        parent = document
        for part in parent_path:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "delete", "duplicate", "swap"]))
        if action == "replace":
            parent[last] = draw(json_values)
        elif action == "delete":
            del parent[last]
        elif isinstance(parent, list) and parent:
            other = draw(st.integers(0, len(parent) - 1))
            if action == "duplicate":
                parent.insert(other, copy.deepcopy(parent[last]))
            else:
                parent[last], parent[other] = parent[other], parent[last]
    return document


def _resolves(document: Any, pointer: str) -> bool:
    """The pointer names a place in the document, or a missing key of an object in it."""
    node = document
    for part in split_pointer(pointer):
        if isinstance(node, dict):
            if part not in node:
                return True
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=EXAMPLES)
@given(mangled())
def test_mangled_transcripts_get_located_problems_not_tracebacks(document: Any) -> None:
    """Loading and replaying a mangled fixture never raises; every problem points into it."""
    before = json.dumps(document, sort_keys=True)
    try:
        transcript = load_transcript(document)
    except TranscriptError as error:
        problems = error.problems
        assert problems and all(p.kind == "format" for p in problems)
    else:
        report: Report = replay_transcript(transcript, steps=True)
        problems = list(report.problems)
        assert report.exit_code in (0, 1)
    for problem in problems:
        assert problem.message
        assert _resolves(document, problem.pointer), (problem.pointer, problem.message)
    assert json.dumps(document, sort_keys=True) == before


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=max(EXAMPLES // 10, 30))
@given(mangled())
def test_the_command_line_reports_mangled_files_without_a_traceback(document: Any) -> None:
    """validate and replay, text and JSON, on a mangled file: exit 0, 1 or 2, no traceback."""
    import tempfile

    from click.testing import CliRunner

    from cardcore.cli.main import main

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mangled.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        for args in (["validate", str(path)], ["replay", str(path)],
                     ["replay", "--format", "json", str(path)]):
            result = CliRunner().invoke(main, args)
            assert isinstance(result.exception, SystemExit | None), result.output
            assert result.exit_code in (0, 1, 2), result.output  # 3 would be a bug
            assert "Traceback" not in result.output and "internal error" not in result.output


def test_key_mutations_reach_checks_results_options_and_ages() -> None:
    """The documents the key mutations start from have keys in every claim to change."""
    reached = {path[0] if path[0] != "events" else "check"
               for document in DOCUMENTS for path in _claim_keys(document)}
    assert reached == {"result", "expect", "options", "ages", "check"}


HUGE = (2**53, -int("9" * 4300))
"""Whole numbers beyond a transcript's range: just past it, and the longest Python reads."""


def test_a_huge_number_in_place_of_any_number_of_any_fixture_is_refused_where_it_is() -> None:
    """Every whole number of every fixture (options, ages, cards, checks, result),
    replaced by one beyond 2**53 - 1: a format problem at that very pointer, never
    a transcript that loads (and whose totals would outgrow what Python prints)."""
    from cardcore.replay.problems import pointer

    tried = 0
    for document in DOCUMENTS:
        places = set()  # each kind of place once a document: /events/#/chips/Aki
        for path in _paths(document):
            value = _at(document, path)
            place = tuple("#" if type(part) is int else part for part in path)
            if type(value) is not int or path[:1] == ("meta",) or place in places:
                continue
            places.add(place)
            for number in HUGE:
                mangled = copy.deepcopy(document)
                _at(mangled, path[:-1])[path[-1]] = number
                try:
                    load_transcript(mangled)
                except TranscriptError as error:
                    where = {p.pointer for p in error.problems if p.kind == "format"}
                    assert pointer(*path) in where, (path, error.problems)
                    assert all(len(p.message) < 300 for p in error.problems)
                else:
                    raise AssertionError(f"{pointer(*path)} = {number} loaded")
                tried += 1
    assert tried > 500
