"""Strict JSON reading."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.replay import jsonload
from cardcore.replay.jsonload import JsonError, parse_json, read_json
from cardcore.replay.problems import FORMAT, Problem


def _problems(text: str) -> list[tuple[str, str]]:
    with pytest.raises(JsonError) as caught:
        parse_json(text)
    return [(p.pointer, p.message) for p in caught.value.problems]


def test_duplicate_keys_are_refused_where_they_are() -> None:
    """A key given twice is located by a pointer, however deep."""
    ((where, message),) = _problems('{"events": [{}, {"type": "deal", "type": "fold"}]}')
    assert where == "/events/1/type" and "more than once" in message


def test_not_json_says_where_parsing_stopped() -> None:
    """Line and column of the syntax error."""
    ((where, message),) = _problems('{"a": 1,\n  oops}')
    assert where == "" and "line 2" in message


@pytest.mark.parametrize("text", ["NaN", '{"a": Infinity}', '{"a": -Infinity}'])
def test_non_json_numbers_are_refused(text: str) -> None:
    """Python's parser accepts NaN and Infinity; the format does not."""
    assert "not a JSON number" in _problems(text)[0][1]


def test_hostile_nesting_and_huge_numbers_are_problems_not_tracebacks() -> None:
    """Deep nesting and a 5,000-digit integer are refused cleanly."""
    assert _problems("[" * 100_000 + "]" * 100_000)
    assert _problems("1" * 5000)


def test_oversized_and_non_utf8_files_are_refused(tmp_path: Path) -> None:
    """The size limit and the encoding are checked before parsing."""
    big = tmp_path / "big.json"
    big.write_text("[" + "0," * 100 + "0]")
    with pytest.raises(JsonError, match="larger than 50 bytes"):
        read_json(big, max_bytes=50)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"meta": "caf\xe9"}')
    with pytest.raises(JsonError, match="not UTF-8"):
        read_json(latin)
    with pytest.raises(JsonError, match="cannot read"):
        read_json(tmp_path / "missing.json")


# -- the fast strict parse against the one that sees every member ---------------------


def _seeing_every_member(text: str) -> object:
    """The strict parse as it was before the key count (parse_json's oracle): every
    object's members go through a hook, and repeated keys are located from it."""
    repeated = []

    def pairs(items: list[tuple[str, object]]) -> object:
        obj = dict(items)
        if len(obj) == len(items):
            return obj
        repeated.append(True)
        return jsonload._marked(items)

    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_constant=jsonload._constant)
    except ValueError:
        return parse_json(text)  # not JSON: the same parse fails the same way
    if repeated:
        raise JsonError(list(jsonload._duplicates(value, (), 0)))
    return value


def _outcome(parse: Callable[[str], object], text: str) -> object:
    try:
        return ("value", repr(parse(text)))
    except JsonError as error:
        return ("problems", [(p.pointer, p.message, p.line, p.column, p.context)
                             for p in error.problems])


KEYS = st.sampled_from(["a", "b", "type", "a:", ":", ":-)", '"', "\\", 'x": 1', " ", "\u00e9"])
SPACE = st.sampled_from(["", " ", "\n", "\t", " \r\n "])


@st.composite
def texts(draw: st.DrawFn, depth: int = 0) -> str:
    """JSON text with objects that may repeat keys, strings with colons, quotes and
    backslashes, and white space anywhere it may go (around a key's colon too)."""
    kind = draw(st.sampled_from(["scalar", "list", "object", "object"] if depth < 3
                                else ["scalar"]))
    if kind == "scalar":
        value = draw(st.none() | st.booleans() | st.integers() | KEYS | st.text(max_size=6))
        return json.dumps(value, ensure_ascii=draw(st.booleans()))
    if kind == "list":
        items = draw(st.lists(texts(depth + 1), max_size=3))
        return "[" + ",".join(draw(SPACE) + item + draw(SPACE) for item in items) + "]"
    members = draw(st.lists(st.tuples(KEYS, texts(depth + 1)), max_size=4))
    return "{" + ",".join(
        draw(SPACE) + json.dumps(key, ensure_ascii=draw(st.booleans())) + draw(SPACE) + ":"
        + draw(SPACE) + item for key, item in members) + draw(SPACE) + "}"


def _as_before(data: bytes) -> object:
    """read_json's decoding as it was: the "utf-8-sig" codec, then the parser; a
    byte it cannot decode is reported at its offset in the file (the codec counts
    from after the mark)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        offset = error.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        message = f"not UTF-8 text: (offset {offset} in the file)"
        raise JsonError([Problem(kind=FORMAT, pointer="", message=message)]) from None
    return parse_json(text)


def _read(read: Callable[[bytes], object], data: bytes) -> object:
    try:
        return ("value", repr(read(data)))
    except JsonError as error:
        return ("problems", [(p.pointer, _undecodable(p.message)) for p in error.problems])


def _undecodable(message: str) -> str:
    """A message about bytes that are not UTF-8, cut to what the oracle says of
    them: that they are not, and where in the file (any other message as it is)."""
    found = re.search(r"\(offset \d+ in the file\)", message)
    return f"not UTF-8 text: {found[0]}" if found and message.startswith("not UTF-8") else message


@pytest.mark.parametrize("data", [b'{"a": 1}', b'\xef\xbb\xbf{"a": 1}', b'{"a": "\xe9"}',
                                  b'\xef\xbb\xbf{"a": "\xe9"}', b'\xef\xbb\xbf\xef\xbb\xbf{}',
                                  b'\xef\xbb', b""])
def test_a_byte_order_mark_is_read_as_the_utf_8_sig_codec_reads_it(data: bytes) -> None:
    """One leading BOM is skipped and a bad byte is counted after it, as "utf-8-sig"
    does: the loader strips the mark itself rather than import that codec."""
    assert _read(lambda d: read_json(io.BytesIO(d)), data) == _read(_as_before, data)


@settings(max_examples=200)
@given(texts())
def test_the_key_count_finds_every_repeated_key_the_hook_finds(text: str) -> None:
    """Values, problems and messages are the oracle's, for any text."""
    assert _outcome(parse_json, text) == _outcome(_seeing_every_member, text)


@pytest.mark.parametrize("text", [
    '{"a": 1, "a" : 2}', '{"a" :1, "b": ":"}', '{"a": "x\\": 1", "a": 2}', '{"a": ":x"}',
    '{"a": {"b": 1, "b": 2}, "c": "d:e"}', '{"a\\"": 1, "a\\"": 2}', '{"k"\n:\n1,"k":2}',
    '[{"a": 1}, {"a": 1}]', '{"a": "\\":", "b": 1}', '{"": 1, "": 2}'])
def test_the_key_count_on_the_awkward_cases(text: str) -> None:
    """Colons in strings, escaped quotes before a colon, colons written apart."""
    assert _outcome(parse_json, text) == _outcome(_seeing_every_member, text)


def test_every_fixture_parses_as_before() -> None:
    """The shipped transcripts parse to what the oracle gives."""
    for path in sorted((Path(__file__).resolve().parent.parent / "fixtures").rglob("*.json")):
        text = path.read_text(encoding="utf-8")
        assert _outcome(parse_json, text) == _outcome(_seeing_every_member, text), path


def test_the_size_limit_holds_for_files_that_say_their_size_and_those_that_do_not(
        tmp_path: Path) -> None:
    """A file is read to one byte past the limit whatever size it reports: a regular
    file says it, a pipe says 0 and is read on."""
    import os
    import threading

    exact = tmp_path / "exact.json"
    exact.write_text("[" + "0," * 24 + "0]")  # 51 bytes
    assert read_json(exact, max_bytes=51) == [0] * 25
    with pytest.raises(JsonError, match="larger than 50 bytes"):
        read_json(exact, max_bytes=50)
    if not hasattr(os, "mkfifo"):
        return
    for limit, fits in ((51, True), (50, False)):
        pipe = tmp_path / f"pipe-{limit}"
        os.mkfifo(pipe)
        writer = threading.Thread(target=lambda p=pipe: p.write_text(exact.read_text()))
        writer.start()
        try:
            if fits:
                assert read_json(pipe, max_bytes=limit) == [0] * 25
            else:
                with pytest.raises(JsonError, match="larger than 50 bytes"):
                    read_json(pipe, max_bytes=limit)
        finally:
            writer.join(timeout=10)


# -- numbers no reader keeps, and syntax messages in whole words ---------------------

NUMBERS_ARE = "numbers in a transcript are whole numbers from -9007199254740991 to 9007199254740991"


def _located(text: str) -> tuple[int | None, int | None, str, str | None]:
    with pytest.raises(JsonError) as caught:
        parse_json(text)
    (problem,) = caught.value.problems
    assert problem.pointer == ""
    return problem.line, problem.column, problem.message, problem.context


@pytest.mark.parametrize("number", ["5" * 5000, "-" + "5" * 5000])
def test_an_integer_longer_than_python_reads_is_located_with_the_bound(number: str) -> None:
    """5000 digits, after strings that hold long digit runs, NaN, escaped quotes and
    colons: its line, column and caret, and what numbers may be, in the format's
    words (not Python's advice to call sys.set_int_max_str_digits)."""
    text = ('{"meta": {"a": "' + "7" * 5000 + ' \\" NaN 1e999999",\n'
            '  "b": [1.5, 12, "x:y"],\n  "n": ' + number + "}}")
    line, column, message, context = _located(text)
    assert (line, column) == (3, 8)
    assert message == f"line 3, column 8: a number of 5000 digits: {NUMBERS_ARE}"
    assert context is not None and context.splitlines()[1] == " " * 7 + "^"


@pytest.mark.parametrize("before", [
    "", "[", '{"a": "\\\\", "b": ', '["' + "1" * 4301 + '", "\\"' + "2" * 8602 + '", ',
    '["x' + "3" * 4300 + '", 1e' + "0" * 4301 + ", 0." + "5" * 9000 + ", -1E-" + "6" * 4400 + ", ",
    "[" + "7" * 4300 + ", -" + "8" * 4300 + ", ",
])
def test_the_long_integer_is_found_after_any_other_long_digit_run(before: str) -> None:
    """At the start, after a string ending in an escaped backslash, after long
    digit runs in strings (one after an escaped quote), in exponents and fractions,
    and after integers of 4300 digits, which Python still reads: the place of the
    first integer Python refuses."""
    number = "-" + "9" * 4301
    text = before + number + ("]" if before.startswith("[") else "}" if before else "")
    line, column, message, _ = _located(text)
    assert (line, column) == (1, len(before) + 1), message
    assert message.endswith(f"a number of 4301 digits: {NUMBERS_ARE}")


def test_a_long_fraction_is_no_long_integer() -> None:
    """A number of 5000 digits with a fraction reads (as a float, which Python reads
    at any length); the 5000-digit integer after it is the one refused."""
    text = '[' + "4" * 50 + "." + "4" * 5000 + ", 2e" + "0" * 5000 + "1, " + "3" * 5000 + "]"
    line, column, message, _ = _located(text)
    assert (line, column) == (1, text.index(", 3") + 3)
    assert "a number of 5000 digits" in message


@pytest.mark.parametrize(("text", "column", "shown"), [
    ('{"pot": 1e999999999}', 9, "1e999999999"),
    ('[1, -2.5E400]', 5, "-2.5E400"),
    ('[' + "9" * 400 + ".5]", 2, "9999999999...99.5"),
])
def test_a_number_that_reads_as_infinity_is_refused_where_it_is(text: str, column: int,
                                                                 shown: str) -> None:
    """Not "the number inf" at some pointer later, nor inf kept in meta: the number
    as written (shortened when long), its line and column, and what numbers may be."""
    line, found_column, message, _ = _located(text)
    assert (line, found_column) == (1, column)
    assert message == (f"line 1, column {column}: the number {shown} is too large for any "
                       f"JSON reader (it reads as infinity): {NUMBERS_ARE}")


@pytest.mark.parametrize("name", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_located_and_said_in_json_words(name: str) -> None:
    """Python reads them; JSON has neither: line, column, caret, and the allowed numbers."""
    text = '{"meta": {"note": "Infinity NaN"},\n "pot": ' + name + "}"
    line, column, message, context = _located(text)
    assert (line, column) == (2, 9)
    assert message == (f"not JSON: line 2, column 9: {name} is not a JSON number (JSON has no "
                       f"NaN or Infinity): {NUMBERS_ARE}")
    assert context == f' "pot": {name}}}\n        ^'


@pytest.mark.parametrize(("text", "where", "words"), [
    ('{"events": [\n  {"type": "deal", "note": "cut', (2, 28),
     "a string starts here and is never closed (the file may be cut off)"),
    ('{"note": "a\\qb"}', (1, 12), "a backslash that starts no escape: JSON's escapes are "
     '\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX (a backslash itself is written \\\\)'),
    ('{"note": "\\u12"}', (1, 12),
     "a \\u escape without four hexadecimal digits after it: write it like \\u00e9"),
])
def test_syntax_messages_that_pointed_at_their_position_read_whole(
        text: str, where: tuple[int, int], words: str) -> None:
    """Python's "Unterminated string starting at" and "Invalid \\escape" lose their
    sense once the position is said apart: each is said in whole words instead."""
    line, column, message, _ = _located(text)
    assert (line, column) == where
    assert message == f"not JSON: line {line}, column {column}: {words}"


def test_a_deep_text_parses_alike_however_deep_the_caller_s_stack_is() -> None:
    """A list nested 900 deep, parsed from a stack already 400 frames deep (as a
    --jobs process parses, deeper than validate): read, as from a shallow one; one
    nested 2,000 deep is refused from both."""

    def nested(depth: int) -> Any:
        return parse_json("[" * depth + "]" * depth)

    def from_depth(frames: int, depth: int) -> Any:
        return nested(depth) if frames == 0 else from_depth(frames - 1, depth)

    for frames in (0, 400):
        value = from_depth(frames, 900)
        for _ in range(899):
            value = value[0]
        assert value == []
        with pytest.raises(JsonError, match="nested more than"):
            from_depth(frames, 2000)


@pytest.mark.parametrize("data", [
    json.dumps({"format": "cardcore-transcript/1"}).encode("utf-16"),  # Notepad's "Unicode"
    json.dumps({"a": "caf\u00e9"}).encode("utf-16-le"),
    json.dumps({"a": 1}).encode("utf-16-be"),
    json.dumps({"a": 1}).encode("utf-16-le"),  # every byte valid UTF-8: NULs and ASCII
])
def test_a_utf_16_file_is_named_as_such(data: bytes) -> None:
    """A file saved as UTF-16 (with its byte order mark, or without one: every other
    byte zero) is told to be saved as UTF-8, not "not UTF-8 text (byte 0)", which
    said nothing of what was wrong."""
    with pytest.raises(JsonError) as caught:
        read_json(io.BytesIO(data))
    ((problem,),) = [caught.value.problems]
    assert problem.message == (
        "not UTF-8 text: the file looks like UTF-16 (what Windows Notepad saves as "
        "\"Unicode\"): save it as UTF-8, the encoding of a transcript's JSON")


def test_a_latin_1_byte_is_placed_at_its_line_and_column_and_quoted() -> None:
    """A byte that is not UTF-8 (Latin-1's é) is said with its line and column, as
    every other problem of a file is, the byte itself, its offset in the file (the
    UTF-8 mark counted) and what to do."""
    data = b'\xef\xbb\xbf{"format": 1,\n "meta": "caf\xe9"}'
    with pytest.raises(JsonError) as caught:
        read_json(io.BytesIO(data))
    ((problem,),) = [caught.value.problems]
    assert (problem.line, problem.column) == (2, 14)
    assert problem.message == (
        "not UTF-8 text: line 2, column 14: the byte 0xE9 (offset 30 in the file) cannot be "
        "read as UTF-8: save the file as UTF-8, the encoding of a transcript's JSON")
    assert problem.context is not None and problem.context.endswith("\n" + " " * 13 + "^")


def test_a_number_python_writes_otherwise_keeps_its_text() -> None:
    """``1e0`` was quoted as Python writes it, "the number 1.0", a text the file
    does not hold. A number whose text Python writes otherwise keeps it (its
    value unchanged, through a copy to another process too, and written by
    json as before); one Python writes as the file does stays a plain float."""
    import pickle

    from cardcore.quoting import WrittenNumber

    found = parse_json('{"a": 1e0, "b": 2.50, "c": 2.5, "d": -0.0}')
    assert found == {"a": 1.0, "b": 2.5, "c": 2.5, "d": 0.0}
    assert isinstance(found["a"], WrittenNumber) and found["a"].written == "1e0"
    assert isinstance(found["b"], WrittenNumber) and found["b"].written == "2.50"
    assert type(found["c"]) is float and type(found["d"]) is float
    copied = pickle.loads(pickle.dumps(found))
    assert copied == found and copied["a"].written == "1e0"
    assert json.dumps(found) == '{"a": 1.0, "b": 2.5, "c": 2.5, "d": -0.0}'
