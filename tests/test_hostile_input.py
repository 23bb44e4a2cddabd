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

from bounded import bounded
from documents import at, paths
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


CLAIMS = ("result", "expect", "options", "ages")
"""Top-level keys whose inner keys and values the key mutations reach (and check events)."""


def _claim_keys(document: Any) -> list[tuple[Any, ...]]:
    """Paths of keys inside the claims and options of a transcript (and its check events)."""
    roots: list[tuple[Any, ...]] = [(key,) for key in CLAIMS if isinstance(document.get(key), dict)]
    events = document.get("events")
    if isinstance(events, list):
        roots += [("events", i) for i, event in enumerate(events)
                  if isinstance(event, dict) and event.get("type") == "check"]
    return [path for root in roots for path in paths(at(document, root), root)[1:]
            if isinstance(at(document, path[:-1]), dict)]


def _rekey(draw: st.DrawFn, document: Any) -> None:
    """Misspell, re-case or retype one key inside a claim, options or ages."""
    keys = _claim_keys(document)
    if not keys:
        return
    *parent_path, key = draw(st.sampled_from(keys))
    parent = at(document, tuple(parent_path))
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
        every = paths(document)
        path = draw(st.sampled_from(every[1:] or every))
        if not path:
            break
        *parent_path, last = path
        parent = at(document, tuple(parent_path))
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
        for path in paths(document):
            value = at(document, path)
            place = tuple("#" if type(part) is int else part for part in path)
            if type(value) is not int or path[:1] == ("meta",) or place in places:
                continue
            places.add(place)
            for number in HUGE:
                mangled = copy.deepcopy(document)
                at(mangled, path[:-1])[path[-1]] = number
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


# -- hostile files: each case of issue 18 ------------------------------------------------

EXAMPLE = ROOT / "fixtures" / "goblin-poker" / "rules-example.json"

CONTROL = set(map(chr, [*range(0x00, 0x0A), *range(0x0B, 0x20), *range(0x7F, 0xA0)]))
"""What a terminal obeys rather than shows (a line break is only ours to print)."""


def _game(**changes: Any) -> dict[str, Any]:
    """The rules example (a valid three-player Goblin game), with ``changes`` to its envelope."""
    document: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    document.update(changes)
    return document


def _renamed(document: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The document with player ``old`` called ``new`` everywhere (keys and values)."""
    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {new if key == old else key: walk(item) for key, item in value.items()}
        if isinstance(value, list):
            return [walk(item) for item in value]
        return new if value == old else value
    return walk(document)  # type: ignore[no-any-return]


def _cli(*args: str) -> tuple[int, str]:
    """Run cardcore in this process: its exit status and output (standard error too)."""
    from click.testing import CliRunner

    from cardcore.cli.main import main

    result = CliRunner().invoke(main, list(args))
    assert isinstance(result.exception, SystemExit | None), (args, result.output,
                                                              result.exception)
    return result.exit_code, result.output


def _write(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_fraction_in_a_chip_game_s_scores_is_a_check_problem_in_every_json_report(
        tmp_path: Path) -> None:
    """A Goblin game whose check or result gives points as a fraction string
    ("23/3", Auction's notation): every JSON report is written (exit 1: Goblin
    keeps no points), with the recorded value as the file wrote it, and the file
    after it in the batch is still judged."""
    document = _game()
    document["events"].insert(2, {"type": "check", "scores": {"Aki": "23/3"}})
    checked = _write(tmp_path / "check-scores.json", document)
    resulted = _write(tmp_path / "result-scores.json",
                      _game(result={"scores": {"Aki": "1/2"}}))
    fine = _write(tmp_path / "z-fine.json", _game())
    code, output = _cli("validate", "--format", "json", str(checked), str(resulted), str(fine))
    assert code == 1
    files = json.loads(output)["files"]
    assert [f["problems"][0]["recorded"] if f["problems"] else None for f in files] == [
        {"Aki": "23/3"}, {"Aki": "1/2"}, None]
    for path in (checked, resulted):
        code, output = _cli("replay", "--format", "json", str(path))
        assert code == 1 and json.loads(output)["problems"][0]["kind"] == "check"


def test_one_fraction_to_json_for_every_report() -> None:
    """The five writers of a fraction in JSON (runner, diff, render, whatif,
    transcript) are one function: no module of replay/ or cli/ turns a
    Fraction into JSON by itself."""
    for folder in ("replay", "cli"):
        for path in (ROOT / folder).glob("*.py"):
            if path.name == "jsonwrite.py":
                continue
            text = path.read_text(encoding="utf-8")
            assert "denominator == 1" not in text, path


COMMANDS = (("validate", "{a}"), ("validate", "--format", "json", "{a}"), ("replay", "{a}"),
            ("replay", "--format", "json", "{a}"), ("replay", "--player", "{name}", "{a}"),
            ("diff", "{a}", "{b}"), ("diff", "{a}", "--option", "ante=2"),
            ("record", "{c}", "--event", "deal"))
"""Every command that prints what a transcript says, with the file(s) it reads."""


def _every_command(tmp_path: Path, document: dict[str, Any], name: str) -> list[str]:
    """The output of every command on ``document`` (a copy for diff and record)."""
    a = _write(tmp_path / "a.json", document)
    b = _write(tmp_path / "b.json", document)
    outputs = []
    for command in COMMANDS:
        c = _write(tmp_path / "c.json", {key: value for key, value in document.items()
                                         if key not in ("events", "result")} | {"events": []})
        args = [arg.format(a=a, b=b, c=c, name=name) for arg in command]
        code, output = _cli(*args)
        assert code in (0, 1, 2), (command, output)
        if "--format" in command:
            json.loads(output)
        outputs.append(output)
    return outputs


def test_a_lone_surrogate_in_a_name_prints_safely_in_every_command(tmp_path: Path) -> None:
    """A player called "Aki\\ud800" (JSON allows the escape, UTF-8 cannot write the
    character): every command judges the file and prints the name as its escape."""
    name = "Aki\ud800"
    outputs = _every_command(tmp_path, _renamed(_game(), "Aki", name), name)
    assert all("\ud800" not in output for output in outputs)
    assert "Aki\\ud800" in outputs[0] and "Aki\\ud800" in outputs[2]


def test_a_name_ending_in_a_zero_width_space_prints_its_escape_in_every_command(
        tmp_path: Path) -> None:
    """"Aki" and a zero-width space is not "Aki": a rule's message, a standings line,
    a report that printed it as it is would show a name the file does not hold (and
    a check written with it would then name no one). Every command prints its escape."""
    name = "Aki\u200b"
    outputs = _every_command(tmp_path, _renamed(_game(), "Aki", name), name)
    assert all("\u200b" not in output for output in outputs)
    assert "Aki\\u200b" in outputs[0] and "Aki\\u200b" in outputs[2]


HOSTILE_NAMES = ("Chie\x1b]52;c;cHduZWQ=\x07\x1b[2J", "Chie\nok   forged.json: chips: all fine",
                 "Chie\r\x9b2J\u202e\x7f")
"""A name that sets the clipboard and clears the screen, one that prints a line
of its own, one with a carriage return, a C1 CSI, a right-to-left mark and DEL."""


def test_control_characters_from_a_transcript_never_reach_the_terminal(tmp_path: Path) -> None:
    """Player names, unknown keys, names in a check, notes: every command prints them
    with their control characters escaped, and no line of their own."""
    for name in HOSTILE_NAMES:
        document = _renamed(_game(), "Chie", name)
        document["events"][3]["note"] = name
        outputs = _every_command(tmp_path, document, name)
        document["events"].insert(2, {"type": "check", "chips": {name: 1}, name: 1})
        outputs += _every_command(tmp_path, document, name)
        for output in outputs:
            assert not CONTROL & set(output), output
            assert not any(line.startswith("ok   forged") for line in output.splitlines())
            assert "\u202e" not in output


def test_the_context_line_of_a_syntax_error_shows_control_characters_escaped(
        tmp_path: Path) -> None:
    """JSON with a raw ESC inside a string (a control character JSON refuses there):
    the line shown under the syntax error has it as ``\\u001b``, with the caret
    under that escape, the mistake."""
    path = tmp_path / "raw.json"
    path.write_bytes(b'{"players": ["A\x1b[2J",]}')
    code, output = _cli("validate", str(path))
    assert code == 2 and not CONTROL & set(output)
    line, caret = output.splitlines()[2:4]
    assert line.strip().startswith('{"players": ["A\\u001b[2J"')
    assert line.index("\\u001b") == caret.index("^")


def test_a_fifo_that_no_one_writes_is_given_up_after_the_time_bound(
        tmp_path: Path, monkeypatch: Any) -> None:
    """A FIFO given where a transcript belongs, that no writer ever opens: every
    reading command waits the bound (here 0.3 s) and reports it unread, exit 2."""
    import time

    from cardcore.replay import bounded

    monkeypatch.setattr(bounded, "READ_SECONDS", 0.3)
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    fine = _write(tmp_path / "fine.json", _game())
    for args in (["validate", str(fifo)], ["replay", str(fifo)], ["diff", str(fifo), str(fine)],
                 ["diff", str(fine), str(fifo)], ["record", str(fifo), "--event", "deal"]):
        start = time.monotonic()
        code, output = _cli(*args)
        assert code == 2 and "did not end within 0.3 seconds" in output, (args, output)
        assert time.monotonic() - start < 5


def test_a_fifo_with_a_writer_is_read_as_a_transcript(tmp_path: Path) -> None:
    """A FIFO whose writer comes a little later (as ``<(cmd)`` gives): read and
    judged like the file its writer sends."""
    import threading

    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    writer = threading.Timer(0.2, lambda: fifo.write_text(EXAMPLE.read_text()))
    writer.start()
    try:
        code, output = _cli("validate", str(fifo))
    finally:
        writer.join(10)
    assert code == 0 and "winners: Ben" in output


def test_the_bound_on_memory_measures_the_command_not_the_test_run() -> None:
    """The peak the bounded command reports is its own: with this process grown
    to 400 MB, a small validate still reports tens of MB (its ``ru_maxrss`` would
    report this process's 400 MB, and every memory bound above would fail)."""
    grown = bytearray(400 << 20)
    grown[::4096] = b"\x01" * len(range(0, len(grown), 4096))  # the pages made resident
    code, _output, _seconds, peak = bounded(["validate", "--quiet", str(ROOT / "fixtures" / "auction")],
                                            seconds=60)
    del grown
    assert code == 0
    assert 5 << 20 < peak < 200 << 20


def test_a_device_or_a_folder_given_as_a_file_is_read_with_a_bound(tmp_path: Path) -> None:
    """/dev/zero given as a file is refused as too large after 32 MiB, in bounded
    time and memory; a folder given to replay or diff is refused in words."""
    for args in (["validate", "/dev/zero"], ["replay", "/dev/zero"]):
        code, output, _seconds, peak = bounded(args, seconds=30)
        assert code == 2 and "larger than 32 MiB (33,554,432 bytes)" in output, (args, output)
        assert peak < 300 * 1024 * 1024
    code, output = _cli("replay", str(tmp_path))
    assert code == 2
    code, output = _cli("validate", "/proc/self/status")  # says it is empty; read in time
    assert code == 2 and "not JSON" in output


def test_standard_input_is_read_with_a_bound(tmp_path: Path) -> None:
    """``validate -`` and ``replay -`` from /dev/zero: refused as too large after
    32 MiB, under a 1 GiB address-space limit, not read until memory runs out."""
    for args in (["validate", "-"], ["replay", "-"]):
        with open("/dev/zero", "rb") as zero:
            code, output, _seconds, peak = bounded(args, stdin=zero, seconds=30)
        assert code == 2 and "larger than 32 MiB (33,554,432 bytes)" in output, output
        assert peak < 300 * 1024 * 1024


def test_the_recorder_s_prompt_reads_lines_with_a_bound(tmp_path: Path) -> None:
    """``cardcore record FILE < /dev/zero`` (one endless line): the session ends
    after one mebibyte with a word, the record intact, within the bounds; the
    line not read makes the exit status 1 (standard input is no terminal)."""
    path = _write(tmp_path / "game.json", {key: value for key, value in _game().items()
                                           if key not in ("events", "result")} | {"events": []})
    before = path.read_bytes()
    with open("/dev/zero", "rb") as zero:
        code, output, _seconds, peak = bounded(["record", str(path)], stdin=zero, seconds=30)
    assert code == 1 and "that is not an entry" in output and "Traceback" not in output
    assert peak < 300 * 1024 * 1024
    assert json.loads(path.read_bytes()) == json.loads(before)


def test_a_path_with_a_nul_byte_is_a_format_problem_in_words() -> None:
    """``read_transcript("a\\x00b")`` raises a TranscriptError that says why, and
    ``replay_file`` reports it as the file's problem, not as a bug of cardcore."""
    import pytest

    from cardcore.errors import CardcoreError
    from cardcore.replay.runner import replay_file
    from cardcore.replay.transcript import read_transcript

    with pytest.raises(CardcoreError, match="NUL byte"):
        read_transcript("a\x00b")
    report = replay_file("a\x00b")
    assert report.exit_code == 2 and "NUL byte" in report.problems[0].message


DEEP = "[" * 970 + "]" * 970
"""A list nested 970 deep: within what the JSON parser reads (about 990 levels,
in every process alike), far past what a message could write out by recursion."""


def test_a_deeply_nested_value_anywhere_is_a_format_problem_not_a_crash(tmp_path: Path) -> None:
    """A card, a player, an event type, the game, a check's chips, the result,
    the options, the ages, the expect or the meta given as [[[...]]] 970 deep:
    a format problem at its place (exit 2), in text and JSON, never exit 3."""
    places: list[tuple[Any, ...]] = [
        ("events", 1, "cards", "Aki"), ("events", 2, "player"), ("events", 2, "type"),
        ("game",), ("players", 0), ("result", "chips", "Aki"), ("result", "winners"),
        ("options",), ("ages",), ("meta",), ("meta", "note"), ("expect",), ("events", 0)]
    for number, place in enumerate(places):
        document = _game()
        at(document, place[:-1])[place[-1]] = "DEEP"
        text = json.dumps(document).replace('"DEEP"', DEEP)
        (tmp_path / f"deep-{number:02}.json").write_text(text, encoding="utf-8")
    code, output, _, _ = bounded(["validate", str(tmp_path)])
    assert code == 2 and f"{len(places)} unreadable" in output, output[-3000:]
    assert "internal error" not in output and len(output) < 20000
    code, output, _, _ = bounded(["validate", "--format", "json", str(tmp_path)])
    assert code == 2 and all(not f["valid"] for f in json.loads(output)["files"])


def test_a_wrong_check_after_every_event_costs_time_linear_in_the_record(
        tmp_path: Path) -> None:
    """4,000 events of an eight-player game, each followed by a check wrong for
    every player (quadratic before: about 9 minutes and 650 MB): judged in seconds
    and a bounded memory, with every kept mismatch naming at most 20 events."""
    from test_runner import _checked_game

    path = _write(tmp_path / "checks.json", _checked_game(4000))
    code, output, seconds, peak = bounded(["validate", "--format", "json", str(path)],
                                           seconds=60, memory=1 << 30)
    (report,) = json.loads(output)["files"]
    assert code == 1 and report["more_problems"] == 4000 * 8 - 100
    assert all(len(p["moved_by"]) <= 20 for p in report["problems"])
    assert seconds < 30 and peak < 250 * 1024 * 1024, (seconds, peak)


def test_millions_of_format_problems_cost_no_memory_per_problem(tmp_path: Path) -> None:
    """A file of 1,000,000 events of an unknown type (17 MB; before: 25 s and
    1.6 GB): 100 problems kept and the rest counted, within 60 s and 1 GiB."""
    path = tmp_path / "unknown.json"
    path.write_text(json.dumps({
        "format": "cardcore-transcript/1", "game": "goblin-poker", "players": ["A", "B"],
        "events": [{"type": "x"}] * 1_000_000}, separators=(",", ":")))
    code, output, _, peak = bounded(["validate", "--format", "json", str(path)],
                                     seconds=60, memory=1 << 30)
    (report,) = json.loads(output)["files"]
    assert code == 2 and len(report["problems"]) == 100
    assert report["more_problems"] == 999_900
    assert peak < 600 * 1024 * 1024, peak


def test_simulate_into_a_place_it_cannot_write_says_so_in_words(tmp_path: Path) -> None:
    """--output under a missing folder, --out under a file (no folder can be made
    there): "cannot write ...", exit 2, no traceback, nothing written."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for args in (["--output", str(tmp_path / "missing" / "s.json")],
                 ["--count", "2", "--out", str(blocker / "sub")],
                 ["--output", str(blocker / "s.json")]):
        code, output = _cli("simulate", "goblin", *args)
        assert code == 2 and "cannot write" in output and "Traceback" not in output, output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_simulate_never_writes_through_a_link_at_the_target_name(tmp_path: Path) -> None:
    """A link planted where --out or --output writes: replaced by the transcript;
    the file it led to is unchanged."""
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (tmp_path / "out").mkdir()
    for target, args in ((tmp_path / "out" / "goblin-poker-0.json", ["--out", "out"]),
                         (tmp_path / "one.json", ["--output", "one.json"])):
        target.symlink_to(victim)
        cwd = os.getcwd()
        os.chdir(tmp_path)
        try:
            code, _ = _cli("simulate", "goblin", *args)
        finally:
            os.chdir(cwd)
        assert code == 0 and not target.is_symlink()
        assert json.loads(target.read_text())["game"] == "goblin-poker"
        assert victim.read_text() == "mine"


def test_record_through_a_link_updates_the_record_it_leads_to(tmp_path: Path) -> None:
    """``cardcore record LINK --event ...``: the real record grows, the link stays."""
    real = _write(tmp_path / "real.json", {key: value for key, value in _game().items()
                                           if key not in ("events", "result")} | {"events": []})
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, output = _cli("record", str(link), "--event", "deal")
    assert code == 0, output
    assert link.is_symlink() and json.loads(real.read_text())["events"] == [{"type": "deal"}]


def test_jobs_are_bounded_and_never_more_than_the_files(tmp_path: Path,
                                                        monkeypatch: Any) -> None:
    """--jobs 10000 is bad usage (at most 64); --jobs 8 for two files starts two
    processes, for one file none beside this one."""
    from cardcore.cli import validate as command

    code, output = _cli("validate", "--jobs", "10000", str(EXAMPLE))
    assert code == 2 and "10000" in output
    started: list[int] = []
    judge_all = command.judge_all

    def counted(sources: Any, *, jobs: int, chunk: int, keep_going: bool = False,
                scheduler: str | None = None) -> Any:
        started.append(jobs)
        return judge_all(sources, jobs=jobs, chunk=chunk, keep_going=keep_going,
                         scheduler=scheduler)

    monkeypatch.setattr(command, "judge_all", counted)
    other = _write(tmp_path / "other.json", _game())
    assert _cli("validate", "--jobs", "8", str(EXAMPLE), str(other))[0] == 0
    assert _cli("validate", "--jobs", "8", str(EXAMPLE))[0] == 0
    assert started == [2, 1]


def test_very_long_strings_are_quoted_by_their_start_and_length() -> None:
    """An expect rule, an unknown key or event type, a format, a name in a check,
    each of a million characters: every message quotes its start and its length,
    never the whole string, and none takes long to word (the rule ID's likeness
    to the real ones took 16 s)."""
    import time

    started = time.monotonic()
    long = "x" * 1_000_000
    cases: list[dict[str, Any]] = [
        _game(expect={"problems": [{"pointer": "/events/2", "rule": long}]}),
        _game(format=long), _game(**{long: 1}),
        _game(events=[{"type": long}]),
        _game(expect={"problems": [{"pointer": long, "kind": long}]}),
    ]
    checked = _game()
    checked["events"].insert(2, {"type": "check", "chips": {long: 1}})
    cases.append(checked)
    for document in cases:
        try:
            load_transcript(document)
        except TranscriptError as error:
            assert all(len(p.message) < 400 for p in error.problems), [
                p.message[:100] for p in error.problems]
            assert any("(1000000 characters)" in p.message for p in error.problems)
        else:
            raise AssertionError("a transcript with a million-character name loaded")
    assert time.monotonic() - started < 10


def test_simulate_and_rules_print_control_characters_of_their_arguments_escaped() -> None:
    """Names given to simulate (in the transcript it prints and in its errors) and a
    page name given to rules: no control character reaches the output."""
    for args in (["simulate", "goblin", "--players", "A\x1b[2J,B\x9b"],
                 ["simulate", "goblin", "--players", "A\x1b[2J,A\x1b[2J"],
                 ["simulate", "goblin", "--option", "ante=\x1b[2J"],
                 ["rules", "\x1b]52;c;eA==\x07"]):
        code, output = _cli(*args)
        assert code in (0, 2) and not CONTROL & set(output), (args, output)


def test_bytes_that_are_not_utf8_at_the_recorder_s_prompt_are_an_entry_refused(
        tmp_path: Path) -> None:
    """A prompt line holding bytes that are not UTF-8 is read as text with
    replacement characters and refused as an entry (exit status 1: standard
    input is no terminal), and the next line still records: no
    UnicodeDecodeError traceback."""
    path = _write(tmp_path / "game.json", {key: value for key, value in _game().items()
                                           if key not in ("events", "result")} | {"events": []})
    typed = tmp_path / "typed"
    typed.write_bytes(b"\xff\xfe\x1b[2J pitch\ndeal\nquit\n")
    with typed.open("rb") as stdin:
        code, output, _, _ = bounded(["record", str(path)], stdin=stdin, seconds=30)
    assert code == 1 and "Traceback" not in output and not CONTROL & set(output), output
    assert json.loads(path.read_text())["events"] == [{"type": "deal"}]


def test_a_message_that_lists_the_players_shortens_each_long_name() -> None:
    """Players with names of 100,000 characters and a check naming someone else:
    the message lists them by their starts and lengths, not whole."""
    long = ["A" * 100_000, "B" * 100_000, "Chie"]
    document = _renamed(_renamed(_game(), "Aki", long[0]), "Ben", long[1])
    document["events"].insert(2, {"type": "check", "chips": {"Zed": 1}})
    try:
        load_transcript(document)
    except TranscriptError as error:
        (problem,) = error.problems
        assert "'Zed' is not a player" in problem.message and len(problem.message) < 400
    else:
        raise AssertionError("a check naming Zed loaded")
