"""Strict JSON reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardcore.replay.jsonload import JsonError, parse_json, read_json


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
