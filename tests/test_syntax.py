"""JSON syntax errors explained at the mistake itself, with the usual hand-typing slips named."""

from __future__ import annotations

import json

import pytest

from cardcore.replay.jsonload import JsonError, parse_json
from cardcore.replay.syntax import explain


def _explained(text: str) -> tuple[int, int, str, str]:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    found = explain(text, caught.value)
    return found.line, found.column, found.message, found.context


@pytest.mark.parametrize(("text", "line", "column", "slip"), [
    ('{"events": [\n  {"type": "deal"},\n]}', 2, 19, "a trailing comma"),
    ('{"players": ["Aki",\n  "Ben",\n  ]\n}', 2, 8, "a trailing comma"),
    ("{'game': 'orc-poker'}", 1, 2, "a single quote"),
    ('{"game": "orc-poker", // the club game\n "x": 1}', 1, 23, "a comment"),
    ('{/* who */ "game": 1}', 1, 2, "a comment"),
    ('{game: "orc-poker"}', 1, 2, "a key without quotes"),
    ('{"game": \u201corc-poker\u201d}', 1, 10, "a curly quote"),
    ('{\u2018game\u2019: 1}', 1, 2, "a curly quote"),
    ('[{"type": "deal"}\n {"type": "reveal"}]', 2, 2, "a missing comma"),
])
def test_the_usual_slips_are_named_where_they_are(text: str, line: int, column: int,
                                                  slip: str) -> None:
    """Line and column of the mistake itself (a trailing comma at the comma), and its name."""
    found_line, found_column, message, _ = _explained(text)
    assert (found_line, found_column) == (line, column)
    assert message.startswith(slip), message


GUS = ('{"events": [\n {"type": "reveal", "cards": {"Eli": 3, "Gus": 8},\n'
       ' {"type": "stack", "player": "Eli", "card": 6}\n]}')
"""A } deleted from ``"Gus": 8}},``: the event is not closed before its comma."""


@pytest.mark.parametrize(("text", "line", "column", "slip", "fixed"), [
    (GUS, 2, 50, "a missing } before this comma: the object opened at line 2, column 2 is "
                 "still open", "}"),
    ('{"players": ["Aki",\n "Ben"\n ,\n "events": []}', 3, 2,
     "a missing ] before this comma: the list opened at line 1, column 13", "]"),
    ('[{"type": "stack", "card": 6\n {"type": "fold"}]', 2, 2,
     "a missing } and comma: the object opened at line 1, column 2", "},"),
    ('{"players": ["Aki", "Ben"\n "events": []}', 2, 2,
     "a missing ] and comma: the list opened at line 1, column 13", "],"),
    ('{"events": [{"type": "deal"\n]}', 2, 1,
     "a ] too many, or a } missing before it: the object opened at line 1, column 13", "}"),
    ('[[1, 2\n [3, 4]]', 2, 2, "a missing comma: two values (two events, keys or list items) "
     "follow one another without a comma between them; put one before this (or, if the list "
     "opened at line 1, column 2 ends before this, a ] and a comma)", "],"),
])
def test_a_missing_closing_bracket_is_named_where_a_comma_alone_would_not_do(
        text: str, line: int, column: int, slip: str, fixed: str) -> None:
    """A } or ] left out where the parser wanted a comma or a key is named, with
    the bracket still open: "put a comma before this" would not parse. What the
    message says to put at its place (``fixed``) makes the text JSON."""
    found_line, found_column, message, _ = _explained(text)
    assert (found_line, found_column) == (line, column)
    assert message.startswith(slip), message
    lines = text.split("\n")
    at = sum(len(part) + 1 for part in lines[:line - 1]) + column - 1
    json.loads(text[:at] + fixed + text[at:])


@pytest.mark.parametrize("text", ['[1,,2]', '{"a": 1,, "b": 2}', '{"a": [1,\n, 2]}'])
def test_two_commas_in_a_row_are_named(text: str) -> None:
    """``,,`` is not "expecting value" or "expecting property name": it is two
    commas in a row, at the second."""
    found_line, found_column, message, _ = _explained(text)
    assert message.startswith("two commas in a row: remove one"), message
    lines = text.split("\n")
    at = sum(len(part) + 1 for part in lines[:found_line - 1]) + found_column - 1
    assert text[at] == ","
    json.loads(text[:at] + text[at + 1:])


def test_a_bracket_in_a_string_is_text_to_the_hint() -> None:
    """The brackets a hint counts are the JSON's own: a "{" in a note is text."""
    message = _explained('[{"note": "a { and a [", "a": 1\n {"type": "fold"}]')[2]
    assert message.startswith("a missing } and comma: the object opened at line 1, column 2")


def test_the_context_is_the_line_with_a_caret_under_the_mistake() -> None:
    """The offending line, then a caret in the column of the mistake."""
    *_, context = _explained('{\n  "a": 1,\n}')
    assert context == '  "a": 1,\n        ^'


def test_a_long_line_is_cut_around_the_mistake() -> None:
    """A minified file shows the part of its one line around the caret."""
    text = '{"meta": "' + "x" * 500 + '", }'
    *_, context = _explained(text)
    shown, caret = context.splitlines()
    assert len(shown) < 90 and shown.startswith("...")
    assert shown[caret.index("^")] == ","


def test_parse_json_reports_line_column_and_context_in_the_problem() -> None:
    """The format problem carries the position as fields and in its message; nothing is repaired."""
    with pytest.raises(JsonError) as caught:
        parse_json('{"a": 1,\n}')
    (problem,) = caught.value.problems
    assert (problem.pointer, problem.line, problem.column) == ("", 1, 8)
    assert problem.message.startswith("not JSON: line 1, column 8: a trailing comma")
    assert problem.to_json()["context"] == '{"a": 1,\n       ^'


def test_an_empty_file_says_so() -> None:
    """Nothing at all is not a transcript."""
    assert "empty" in _explained("  \n")[2]


def test_a_doubled_closing_bracket_and_a_cut_off_end_are_named() -> None:
    """Not "a missing comma": a } too many, or a file that stops before it is closed."""
    doubled = '{"events": [{"type": "stack", "card": 6}},\n {"type": "fold"}]}'
    assert "a } too many" in _explained(doubled)[2]
    cut = '{"events": [{"type": "deal"}'
    assert "the text ends before the JSON is closed" in _explained(cut)[2]


def test_a_file_cut_off_after_a_comma_says_where_it_ends() -> None:
    """Cut after a comma inside an object, the parser wants a key; the message says
    that the text ends there, the likely cause, not only what was wanted."""
    line, column, message = _explained('{"events": [{"type": "deal", ')[:3]
    assert message == ("expecting property name enclosed in double quotes, but the text ends "
                       "here: is the end of the file cut off?")
    assert (line, column) == (1, 30)


@pytest.mark.parametrize(("text", "column", "word"), [
    ('{"future": [2H, "7C", "KD"]}', 13, "2H"),
    ('{"type": "take", "player": "Ann", "card": 10H}', 43, "10H"),
    ('{"players": ["Ann", Bob]}', 21, "Bob"),
    ('{"player": Ann}', 12, "Ann"),
    ('{"cards": {"Ben": ?}}', 19, "?"),
    ('{"a": trueX}', 7, "trueX"),
])
def test_a_card_or_a_name_without_quotes_is_named_as_such(text: str, column: int,
                                                          word: str) -> None:
    """A card or a name typed without quotes was "a missing comma ... put one
    before this" (at the H of ``2H``: JSON reads the 2 as a number), "a missing }
    and comma" (at ``10H``), or only "expecting value" (at ``Bob``). It is a word
    without quotes, placed at its start, quoted as a string is written; with the
    quotes the message gives, the text is JSON."""
    line, found_column, message, context = _explained(text)
    assert (line, found_column) == (1, column)
    assert message == (f"a word without quotes: {word} is no JSON value; a string (a card, "
                       f'a name) is written in double quotes: "{word}"')
    assert context.splitlines()[1] == " " * (column - 1) + "^"
    start = column - 1
    json.loads(f'{text[:start]}"{word}"{text[start + len(word):]}')


def test_python_words_for_json_literals_are_named_with_both_readings() -> None:
    """``True``, ``False`` and ``None`` (as Python prints them) are words without
    quotes too, and may mean JSON's true, false or null."""
    message = _explained('{"a": None}')[2]
    assert message.endswith('"None" (or, if None is Python\'s word for JSON\'s null, write '
                            "null)"), message


@pytest.mark.parametrize(("text", "slip"), [
    ('[1 2]', "a missing comma"),
    ('["Ann" "Bob"]', "a missing comma"),
    ('[true false]', "a missing comma"),
    ('[1, -]', "expecting value"),
])
def test_json_words_are_no_words_without_quotes(text: str, slip: str) -> None:
    """A number or a literal where the parser stopped is not called a word
    without quotes, nor is a sign alone: the slips there are others."""
    assert _explained(text)[2].startswith(slip)


def test_a_long_word_without_quotes_is_quoted_by_its_start() -> None:
    """A word of a thousand letters is shown by its first 40, in the message."""
    message = _explained('{"a": ' + "x" * 1000 + "}")[2]
    assert message.startswith("a word without quotes: " + "x" * 40 + "... is no JSON value")
    assert len(message) < 200
