"""Option changes given as KEY=VALUE, checked as a transcript's options are."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardcore.replay.changes import (
    OptionSyntaxError,
    option_value,
    parse_assignments,
    unknown_anywhere,
    unknown_options,
    with_options,
)
from cardcore.replay.transcript import TranscriptError, read_transcript

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "fixtures" / "goblin-poker" / "rules-example.json"


@pytest.mark.parametrize(("text", "value"), [
    ("3", 3), ("true", True), ("null", None), ("exact", "exact"), ('"3"', "3"),
    ("[1, 2]", [1, 2]), ("01", "01"),
])
def test_values_are_json_or_else_plain_strings(text: str, value: object) -> None:
    """JSON where it parses (01 does not), the text itself otherwise."""
    assert option_value(text) == value


def test_an_assignment_needs_a_key_and_an_equals_sign() -> None:
    """games and =3 are refused with the form shown; a value may hold "="."""
    for bad in ("games", "=3"):
        with pytest.raises(OptionSyntaxError, match="KEY=VALUE"):
            parse_assignments([bad])
    assert parse_assignments(["ante=2", "x=a=b"]) == {"ante": 2, "x": "a=b"}


def test_a_key_given_twice_is_refused() -> None:
    """``--option ante=2 --option ante=3`` replayed under ante=3 with nothing said of
    ante=2 (the last of a key won). A key given twice is refused, quoting both."""
    with pytest.raises(OptionSyntaxError, match=r"^'ante' is given twice \(ante=1, ante= 2\): "
                                                r"give each option once$"):
        parse_assignments(["ante=1", "ante= 2"])


def test_a_key_that_is_no_games_option_is_refused_with_a_hint() -> None:
    """``diff FOLDER --option antee=2`` over a folder of every game was refused as the
    first file's game would refuse it (Auction's options listed, no hint of
    Goblin's ante). A key of no game is refused as such, with the option it is
    likely to mean; a key of some game passes (a folder may mix games)."""
    unknown_anywhere(["ante", "target", "rounds"])
    with pytest.raises(OptionSyntaxError, match=r"^'antee' is an option of no game \(did you "
                                                r"mean 'ante'\?\)$"):
        unknown_anywhere(["ante", "antee"])


def test_changed_options_are_laid_over_the_record_and_drop_its_claims() -> None:
    """ante=2 changes the options; the result made under the old rules is dropped."""
    transcript = read_transcript(EXAMPLE)
    changed = with_options(transcript, {"ante": 2})
    assert changed.options.ante == 2 and changed.options.starting_chips == 100
    assert changed.result is None and changed.events == transcript.events


def test_refused_options_get_the_messages_a_transcript_would() -> None:
    """Unknown keys and bad values are located under /options, worded as in validate."""
    transcript = read_transcript(EXAMPLE)
    with pytest.raises(TranscriptError) as caught:
        with_options(transcript, {"gmaes": 3, "ante": "x"})
    found = {(p.pointer, p.message) for p in caught.value.problems}
    assert ("/options/gmaes", "unknown key 'gmaes': allowed here are ante, games, rounds, "
            "starting_chips (did you mean 'games'?)") in found
    assert ("/options/ante", "expected a whole number, not the string 'x'") in found
    with pytest.raises(TranscriptError) as caught:
        with_options(transcript, {"games": 0})
    assert [p.pointer for p in caught.value.problems] == ["/options/games"]
    assert unknown_options(transcript.rules, ["games", "split"]) == ["split"]
