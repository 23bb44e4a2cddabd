"""A fuzz test of cardcore's own: thousands of mangled transcripts through the command line.

A seeded mutator turns the shipped fixtures into hostile files, at the level of
bytes (bytes flipped, inserted, deleted, repeated; the file cut; control bytes,
invalid UTF-8 and ``\\ud800`` escapes put in) and of structure (a value anywhere
replaced by one from a pool of hostile values: control characters, a forged
line, lone surrogates, a million characters, numbers beyond range, fractions,
lists nested hundreds deep; keys removed or added; events repeated; every
player renamed to a hostile name, so that the file stays valid and the name
reaches every line of output). The whole batch is judged by ``cardcore
validate`` in a process with bounds on time and memory, in JSON twice and with
``--jobs 2``, and in text (and a tenth of them by ``replay`` and ``diff``),
asserting:

- no traceback, no exit 3 and no problem of the ``internal`` kind;
- the same verdicts, byte for byte, on the second run and with ``--jobs 2``;
- no control character of a file reaches the text output.

The seed is ``CARDCORE_FUZZ_SEED`` (default 18), so a failure is reproduced by
running again with the seed it names; the number of files is
``CARDCORE_FUZZ_CASES`` (default 6,000 in CI, ``CI=true``; 400 otherwise),
which keeps the test near a minute in ``.ci/run`` on a small machine.
"""

from __future__ import annotations

import copy
import json
import os
import random
import time
from pathlib import Path
from typing import Any

from bounded import bounded
from documents import at, paths

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "fixtures").rglob("*.json"))
SEED = int(os.environ.get("CARDCORE_FUZZ_SEED", "18"))
CASES = int(os.environ.get("CARDCORE_FUZZ_CASES", 6000 if os.environ.get("CI") else 400))

CONTROL = set(map(chr, [*range(0x00, 0x0A), *range(0x0B, 0x20), *range(0x7F, 0xA0)]))
"""What a terminal obeys rather than shows (a line break is only ours to print)."""

DEEP = "@@DEEP@@"
"""A placeholder for a list nested deep, written into the text after json.dumps
(which could not write it in a test's own deep stack)."""

HOSTILE_STRINGS = (
    "\x1b]52;c;cHduZWQ=\x07", "\x1b[2J\x1b[H", "Aki\nok   forged.json: chips: all fine",
    "\r\x08\x7f", "\x9b31m", "\u202egnp.json", "\ud800", "x\udfffy", "\x00", "",
    "x" * 100_000, "23/3", "-1/2", "?", "🂡", "A" * 61, "\u2028", "\t",
)
HOSTILE_VALUES: tuple[Any, ...] = (
    *HOSTILE_STRINGS, None, True, False, 0, -1, 2**53, -(2**53), 10**300, 1.5, 1e308,
    [], {}, [[[]]], {"\x1b": "\x1b"}, DEEP, ["\ud800"] * 3,
)


def _hostile(rng: random.Random) -> Any:
    """A hostile value of its own (a list or object is copied: put in two places, the
    same one would let a later mutation make a document that contains itself)."""
    return copy.deepcopy(rng.choice(HOSTILE_VALUES))


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {names.get(key, key): _renamed(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    return names.get(value, value) if isinstance(value, str) else value


def _structure(rng: random.Random, document: Any) -> Any:
    """One to three structural mutations of a parsed fixture."""
    for _ in range(rng.randint(1, 3)):
        choice = rng.random()
        inside = paths(document)[1:]
        if choice < 0.25 and isinstance(document, dict) and isinstance(
                document.get("players"), list):
            names = {name: rng.choice(HOSTILE_STRINGS[:6]) + str(index)
                     for index, name in enumerate(document["players"]) if isinstance(name, str)}
            document = _renamed(document, names)
        elif choice < 0.65 and inside:
            path = rng.choice(inside)
            at(document, path[:-1])[path[-1]] = _hostile(rng)
        elif choice < 0.75 and inside:
            path = rng.choice(inside)
            parent = at(document, path[:-1])
            if isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent.pop(path[-1])
        elif choice < 0.85 and inside:
            path = rng.choice(inside)
            parent = at(document, path[:-1])
            if isinstance(parent, dict):
                parent[rng.choice(HOSTILE_STRINGS)] = _hostile(rng)
        elif isinstance(document, dict) and isinstance(document.get("events"), list):
            events = document["events"]
            if events:
                where = rng.randrange(len(events))
                events[where:where] = events[where:where + rng.randint(1, 3)] * rng.randint(1, 3)
    return document


def _bytes(rng: random.Random, data: bytes) -> bytes:
    """One to four byte-level mutations of a fixture's text."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        choice = rng.random()
        if choice < 0.25 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif choice < 0.45:
            data[at:at] = rng.choice([b"\x1b[2J", b"\x00", b"\xff", b"\xc0\xaf", b"\\ud800",
                                      b"\x9b", b",", b"]", b"{", b'"', b"\n", b"1e999"])
        elif choice < 0.6:
            del data[at:at + rng.randint(1, 40)]
        elif choice < 0.75:
            data[at:at] = data[at:at + rng.randint(1, 200)]
        elif choice < 0.85:
            del data[at:]
        else:
            data[at:at] = b"[" * rng.randint(500, 1200)
    return bytes(data)


def _case(rng: random.Random, number: int) -> bytes:
    source = rng.choice(SOURCES).read_bytes()
    if number % 3 == 0:
        return _bytes(rng, source)
    document = _structure(rng, json.loads(source))
    text = json.dumps(document, ensure_ascii=rng.random() < 0.5)
    depth = rng.randint(100, 975)
    return text.replace(json.dumps(DEEP), "[" * depth + "]" * depth).encode("utf-8", "surrogatepass")


def test_mangled_transcripts_are_judged_alike_every_time_and_never_crash(tmp_path: Path) -> None:
    """CASES mangled fixtures, judged in JSON twice and with --jobs 2, and in text:
    exit 0, 1 or 2, no traceback and no internal problem, the same output every
    time, and no control character in the text output."""
    rng = random.Random(SEED)
    folder = tmp_path / "cases"
    folder.mkdir()
    for number in range(CASES):
        (folder / f"case-{number:05}.json").write_bytes(_case(rng, number))
    started = time.monotonic()
    runs = [bounded(["validate", "--format", "json", *args, str(folder)], seconds=300,
                    memory=2 << 30) for args in ([], [], ["--jobs", "2"])]
    code, text, _, _ = bounded(["validate", str(folder)], seconds=300, memory=2 << 30)
    spent = time.monotonic() - started
    first = runs[0]
    assert first[0] in (0, 1, 2) and code == first[0], (SEED, first[0], code)
    assert "Traceback" not in first[1] + text, f"seed {SEED}"
    report = json.loads(first[1])
    assert len(report["files"]) == CASES
    internal = [f["path"] for f in report["files"]
                if any(p["kind"] == "internal" for p in f["problems"])]
    assert not internal, f"seed {SEED}: cardcore failed on {internal[:5]}"
    assert [run[1] for run in runs[1:]] == [first[1], first[1]], f"seed {SEED}: runs differ"
    assert not CONTROL & set(text), f"seed {SEED}: {sorted(CONTROL & set(text))}"
    kinds = {p["kind"] for f in report["files"] for p in f["problems"]}
    assert {"format", "rule", "check"} <= kinds  # the mutations reach every kind of problem
    print(f"fuzz: {CASES} files, seed {SEED}, four runs in {spent:.1f} s")


def test_mangled_transcripts_are_told_and_compared_without_a_crash(tmp_path: Path) -> None:
    """A tenth as many mangled fixtures, each told by ``replay`` (text and JSON) and
    compared with itself and with its source by ``diff``: exit 0, 1 or 2, no
    traceback, no internal error, no control character in the text."""
    from click.testing import CliRunner

    from cardcore.cli.main import main

    rng = random.Random(SEED + 1)
    runner = CliRunner()
    for number in range(max(CASES // 10, 20)):
        source = rng.choice(SOURCES)
        path = tmp_path / f"case-{number:05}.json"
        path.write_bytes(_case(rng, number))
        for args in (["replay", str(path)], ["replay", "--format", "json", str(path)],
                     ["diff", str(path), str(path)], ["diff", str(source), str(path)]):
            result = runner.invoke(main, args)
            assert isinstance(result.exception, SystemExit | None), (SEED, args, result.output)
            assert result.exit_code in (0, 1, 2), (SEED, args, result.output[-2000:])
            assert "internal error" not in result.output, (SEED, args)
            if "--format" not in args:
                assert not CONTROL & set(result.output), (SEED, args)
