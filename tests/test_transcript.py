"""Loading transcripts strictly and dumping them canonically."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cardcore.games.goblin import Deal, GoblinOptions, Pitch, Reveal
from cardcore.replay.jsonload import JsonError, parse_json
from cardcore.replay.transcript import TranscriptError, dump_transcript, load_transcript

BASE: dict[str, Any] = {
    "format": "cardcore-transcript/1",
    "game": "goblin-poker",
    "players": ["Aki", "Ben", "Chie"],
    "events": [{"type": "deal"}, {"type": "reveal", "cards": {"Aki": 4, "Ben": 2, "Chie": 7}}],
}


def problems(data: Any) -> list[tuple[str, str]]:
    with pytest.raises(TranscriptError) as caught:
        load_transcript(data)
    return [(p.pointer, p.message) for p in caught.value.problems]


def changed(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def test_a_good_transcript_loads_into_engine_events() -> None:
    """Events become the game's frozen event classes; options take defaults."""
    transcript = load_transcript(BASE)
    assert transcript.events == (Deal(), Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7}))
    assert transcript.options == GoblinOptions()


def test_a_json_list_is_not_a_transcript() -> None:
    """The whole file is at fault: pointer ''."""
    assert problems([1, 2]) == [("", problems([1, 2])[0][1])]
    assert "JSON object" in problems([1, 2])[0][1]


def test_unknown_keys_are_refused_everywhere() -> None:
    """Top level, options, events, result: a typo is never ignored."""
    data = changed(player=["x"], options={"rounds": 3, "round": 2}, result={"chip": {}})
    data["events"][0]["hand"] = {}
    found = dict(problems(data))
    assert set(found) == {"/player", "/options/round", "/events/0/hand", "/result/chip"}
    assert "allowed here are" in found["/options/round"]


def test_an_unknown_event_type_lists_the_games_events() -> None:
    """The message names the events the game has."""
    ((where, message),) = problems(changed(events=[{"type": "draw", "player": "Aki"}]))
    assert where == "/events/0/type"
    assert "'draw'" in message and "deal, reveal, stack, fold, pitch" in message


@pytest.mark.parametrize(
    ("card", "fragment"),
    [("11", "'11' is not a Pairs card"), (11, "11 is not a Pairs card"),
     (True, "true is not a Pairs card"), (None, "null is not a Pairs card"),
     ("AS", "'AS' is not a Pairs card"), ([1, 2], "[1, 2] is not a Pairs card"),
     ({"n": 7}, '{"n": 7} is not a Pairs card'), (7.5, "7.5 is not a Pairs card")],
)
def test_bad_pairs_cards_are_format_problems(card: object, fragment: str) -> None:
    """A Pairs card is an integer 1-10 (or '?'); the pointer reaches the card, and the
    message quotes it as the JSON file writes it (true, null), not in Python's words."""
    data = changed(events=[{"type": "deal"},
                           {"type": "reveal", "cards": {"Aki": card, "Ben": 2, "Chie": 7}}])
    ((where, message),) = problems(data)
    assert where == "/events/1/cards/Aki" and fragment in message


def test_wrong_types_are_located() -> None:
    """A number where a name belongs, a string where a number belongs."""
    data = changed(events=[{"type": "deal", "hands": {"Aki": [1, 2, "x", 4, 5, 6]}},
                           {"type": "fold", "player": 3}],
                   options={"starting_chips": "100"})
    found = dict(problems(data))
    assert set(found) == {"/events/0/hands/Aki/2", "/events/1/player", "/options/starting_chips"}
    assert "expected a string, not the number 3" in found["/events/1/player"]


def test_required_keys_and_the_format_version() -> None:
    """format, game, players and events are required; another format is not guessed."""
    data = {"format": "cardcore-transcript/2", "game": "goblin-poker"}
    found = dict(problems(data))
    assert set(found) == {"/players", "/events", "/format"}
    assert "cardcore-transcript/1" in found["/format"]


def test_players_must_be_unique_names_within_the_limits() -> None:
    """Duplicate and empty names point at the entry; the count at the list."""
    assert [w for w, _ in problems(changed(players=["Aki", "Aki"]))] == ["/players/1"]
    assert [w for w, _ in problems(changed(players=["Aki", ""]))] == ["/players/1"]
    assert [w for w, _ in problems(changed(players=["Aki"]))] == ["/players"]


def test_an_unknown_game_lists_the_games() -> None:
    """The game name is checked first."""
    ((where, message),) = problems(changed(game="gin-rummy"))
    assert where == "/game" and "goblin-poker" in message


def test_result_names_must_be_players() -> None:
    """A result for someone not at the table is a format problem."""
    found = dict(problems(changed(result={"chips": {"Dan": 3}, "winners": ["Eve"]})))
    assert set(found) == {"/result/chips/Dan", "/result/winners/0"}


def test_options_out_of_range_name_the_option() -> None:
    """An option value the rules do not allow is located at the option."""
    ((where, message),) = problems(changed(options={"rounds": 6}))
    assert where == "/options/rounds" and "from 1 to 5" in message


def test_duplicate_keys_in_the_text_are_refused() -> None:
    """The strict parser refuses what json.loads would silently overwrite."""
    text = json.dumps(BASE).replace('"game": "goblin-poker"',
                                    '"game": "goblin-poker", "game": "orc-poker"')
    with pytest.raises(JsonError) as caught:
        parse_json(text)
    assert caught.value.problems[0].pointer == "/game"


def test_dump_is_canonical_and_loads_back_equal() -> None:
    """Defaults are omitted, unknown cards are '?', optional unknown cards are left out."""
    data = changed(options={"rounds": 5, "ante": 2},
                   events=[{"type": "deal", "hands": {"Aki": [1, "?", 3, 4, 5, 6]}},
                           {"type": "reveal", "cards": {"Aki": 4, "Ben": 2, "Chie": 7}},
                           {"type": "pitch", "player": "Ben", "card": "?", "note": "n"}])
    transcript = load_transcript(data)
    dumped = dump_transcript(transcript)
    assert dumped["options"] == {"ante": 2}
    assert dumped["events"][0] == {"type": "deal", "hands": {"Aki": [1, "?", 3, 4, 5, 6]}}
    assert dumped["events"][2] == {"type": "pitch", "player": "Ben", "note": "n"}
    assert load_transcript(dumped) == transcript
    assert transcript.events[2] == Pitch(player="Ben", note="n")


def test_names_in_checks_and_ages_must_be_players_and_the_message_lists_them() -> None:
    """A misspelled or wrong-case name is a located format problem with the players."""
    data = changed(events=[*BASE["events"], {"type": "check", "chips": {"aki": 99}}])
    ((where, message),) = problems(data)
    assert where == "/events/2/chips/aki"
    assert message == ("'aki' is not a player of this transcript: the players are Aki, Ben, "
                       "Chie (did you mean 'Aki'?)")
    found = dict(problems(changed(game="saint-poker", events=[], ages={"Dan": 3, "Aki": -1})))
    assert set(found) == {"/ages/Dan", "/ages/Aki"}


def test_expect_names_kinds_and_pointers_that_exist() -> None:
    """An expected problem's kind is format, rule or check; its pointer is a JSON pointer."""
    data = changed(expect={"problems": [{"pointer": "events/2", "kind": "rules"}]})
    found = dict(problems(data))
    assert set(found) == {"/expect/problems/0/pointer", "/expect/problems/0/kind"}
    assert "the kinds are format, rule, check" in found["/expect/problems/0/kind"]
    assert problems(changed(expect={"problems": [3]})) == [
        ("/expect/problems/0", "expected an object, not the number 3")]


def test_the_players_are_checked_by_the_engine_and_located_at_the_entry() -> None:
    """check_players decides; the pointer names the first bad entry."""
    assert problems(changed(players=["Aki", "Ben", 7, "Aki"])) == [
        ("/players/2", "7 is not a player name: names are non-empty strings")]
    assert problems(changed(players=["Aki", True])) == [
        ("/players/1", "true is not a player name: names are non-empty strings")]


def test_every_error_is_a_cardcore_error() -> None:
    """Card notation, unknown games, transcripts and JSON share the one base class."""
    from cardcore.cards import CardNotationError
    from cardcore.errors import CardcoreError
    from cardcore.registry import UnknownGameError, get_game

    for cls in (CardNotationError, UnknownGameError, TranscriptError, JsonError):
        assert issubclass(cls, CardcoreError)
    with pytest.raises(UnknownGameError) as caught:
        get_game("gin")
    assert problems(changed(game="gin")) == [("/game", str(caught.value))]
