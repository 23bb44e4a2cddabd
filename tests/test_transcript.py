"""Loading transcripts strictly and dumping them canonically."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cardcore.games.goblin import Deal, GoblinOptions, Pitch, Reveal
from cardcore.registry import GAMES
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


@pytest.mark.parametrize(("game", "kind", "hint"), [
    ("goblin-poker", "folds", " (did you mean 'fold'?)"),
    ("goblin-poker", "Pitch", " (did you mean 'pitch'?)"),
    ("orc-poker", "give-up", " (did you mean 'give_up'?)"),
    ("goblin-poker", "give-up", ""),
])
def test_a_mistyped_event_type_gets_the_likely_one(game: str, kind: str, hint: str) -> None:
    """An unknown type close to one of the game's event types is told that one, as a
    mistyped player name is (cardcore.table.likely); one close to none gets no guess."""
    rules = GAMES[game]
    data = {"format": "cardcore-transcript/1", "game": game, "players": ["Aki", "Ben", "Chie"],
            "events": [{"type": "deal"}, {"type": kind, "player": "Aki"}]}
    assert dict(problems(data))["/events/1/type"] == (
        f"this event has the unknown type {kind!r}: {rules.title} events are "
        f"{', '.join(rules.event_types)}{hint}")


@pytest.mark.parametrize(("key", "meant"), [("player", "players"), ("event", "events"),
                                         ("Game", "game")])
def test_a_misspelt_top_level_key_is_told_once_as_the_key_it_misspells(
        key: str, meant: str) -> None:
    """``"player"`` for ``"players"``: one problem, at the unknown key, with the key it
    likely means, and not "the key 'players' is required" besides, as if unrelated."""
    data = changed(**{key: BASE[meant]})
    del data[meant]
    assert problems(data) == [(f"/{key}", f"unknown key {key!r}: a transcript has only format, "
                               "game, options, players, ages, meta, events, result, expect "
                               f"(did you mean {meant!r}?)")]


def test_a_required_key_left_out_without_a_misspelling_is_still_required() -> None:
    """An unknown key that misspells no missing key leaves "is required" said."""
    data = changed(roster=BASE["players"])
    del data["players"]
    found = dict(problems(data))
    assert found["/players"] == "the key 'players' is required"
    assert "did you mean" not in found["/roster"]


@pytest.mark.parametrize("key", ["Type", "typ", "types"])
def test_a_misspelt_type_is_told_at_its_key(key: str) -> None:
    """An event with ``"Type"`` and no ``"type"``: the problem is at the key written,
    with "did you mean 'type'", not only "this event has no 'type'"."""
    data = changed(events=[{"type": "deal"}, {key: "fold", "player": "Aki"}])
    assert problems(data) == [(f"/events/1/{key}", f"unknown key {key!r} (did you mean 'type'?): "
                               "this event has no 'type'; Goblin Poker events are deal, reveal, "
                               "stack, fold, pitch, check, ruling")]


@pytest.mark.parametrize("key", ["winners", "winner", "Winners"])
def test_a_checks_winners_is_told_that_a_check_has_none(key: str) -> None:
    """``winners`` (or a misspelling of it) in a check: a check has none, a result
    has; the line the recorder reads says the same."""
    data = changed(events=[*BASE["events"], {"type": "check", key: ["Aki"], "pot": 3}])
    assert problems(data) == [(f"/events/2/{key}", f"unknown key {key!r}: a check has no "
                               "winners (a result has; a check reads the standings): allowed "
                               "here are chips, note, pot, scores")]


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


@pytest.mark.parametrize(("game", "text", "where", "message"), [
    ("saint-poker", '"result": {"scores": {"Aki": 1e0}}', "/result/scores/Aki",
     'expected points as a whole number or a fraction like "23/3", not the number 1e0 (a '
     "whole number is written without a fraction or an exponent: 1)"),
    ("goblin-poker", '"result": {"chips": {"Aki": 99.0}}', "/result/chips/Aki",
     "expected a whole number, not the number 99.0 (a whole number is written without a "
     "fraction or an exponent: 99)"),
    ("goblin-poker", '"result": {"pot": 2.50}', "/result/pot",
     "expected a whole number, not the number 2.50"),
    ("goblin-poker", '"options": {"starting_chips": 1E2}', "/options/starting_chips",
     "expected a whole number, not the number 1E2 (a whole number is written without a "
     "fraction or an exponent: 100)"),
])
def test_a_number_is_quoted_as_the_file_writes_it(game: str, text: str, where: str,
                                                  message: str) -> None:
    """``"Aki": 1e0`` read "not the number 1.0", a text that is not in the file:
    the number is quoted as written, and one that is whole is told how a whole
    number is written."""
    document = parse_json('{"format": "cardcore-transcript/1", "game": "' + game + '", '
                          '"players": ["Aki", "Ben"], "events": [], ' + text + "}")
    assert problems(document) == [(where, message)]


def test_a_pairs_card_written_with_a_fraction_is_told_the_card() -> None:
    """A Pairs card ``2e0`` read "2.0 is not a Pairs card": quoted as written, with
    the card to write."""
    document = parse_json('{"format": "cardcore-transcript/1", "game": "goblin-poker", '
                          '"players": ["Aki", "Ben"], "events": [{"type": "deal", '
                          '"hands": {"Aki": [2e0, 3, 4, 5, 6, 7]}}]}')
    assert problems(document) == [("/events/0/hands/Aki/0", "2e0 is not a Pairs card: Pairs "
                                    "cards are the integers 1 to 10 (write 2, not 2e0)")]


def test_wrong_types_are_located() -> None:
    """A number where a name belongs, a string where a number belongs."""
    data = changed(events=[{"type": "deal", "hands": {"Aki": [1, 2, "x", 4, 5, 6]}},
                           {"type": "fold", "player": 3}],
                   options={"starting_chips": "100"})
    found = dict(problems(data))
    assert set(found) == {"/events/0/hands/Aki/2", "/events/1/player", "/options/starting_chips"}
    assert found["/events/1/player"] == ('expected a string, not the number 3 (a string is '
                                         'written in quotes: "3")')


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


@pytest.mark.parametrize("name", ["orc", "Orc-Poker"])
def test_a_transcript_spells_its_game_in_full_and_is_told_which_it_meant(name: str) -> None:
    """A program and the command line find Orc Poker by ``orc`` (or in capitals);
    a transcript's ``game`` is read as the format spells it, and is told the
    name in full."""
    ((where, message),) = problems(changed(game=name))
    assert where == "/game"
    assert message == (f"no game is called {name!r}: the games are goblin-poker, orc-poker, "
                       "saint-poker, auction (a transcript spells its game's name in full: "
                       "'orc-poker')")


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
    (pointer, message), = problems(changed(players=["Jos\u00e9", "Ben", "Jose\u0301"]))
    assert pointer == "/players/2" and "another Unicode form" in message
    (pointer, message), = problems(changed(players=["Aki", "Aki\u200b", "Ben"]))
    assert pointer == "/players/1"
    assert message == ("'Aki\\u200b' is 'Aki' with a character that prints as nothing "
                       "(U+200B): the two print alike, and player names must be unique")
    (pointer, message), = problems(changed(players=["Aki", "\u200b \u00ad"]))
    assert pointer == "/players/1" and "it prints as nothing" in message


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


BIG = 2**53
"""One more than the largest whole number a transcript may hold."""

NUMBERS_ARE = "numbers in a transcript are whole numbers from -9007199254740991 to 9007199254740991"


def _everywhere(number: int) -> dict[str, Any]:
    """BASE with ``number`` in every place a transcript holds a whole number."""
    return changed(
        options={"starting_chips": number, "ante": number, "games": number},
        ages={"Aki": number},
        events=[*BASE["events"], {"type": "check", "chips": {"Aki": number}, "pot": number,
                                  "scores": {"Ben": number}}],
        result={"chips": {"Chie": number}, "pot": number, "scores": {"Aki": number}},
    )


def test_every_whole_number_is_at_most_2_to_the_53_minus_1() -> None:
    """The bound holds for options, ages, checks and the result alike: each number
    beyond it is a format problem at its pointer that says what is allowed, and
    2**53 - 1 itself is read."""
    found = dict(problems(_everywhere(BIG)))
    assert set(found) == {"/options/starting_chips", "/options/ante", "/options/games",
                          "/ages/Aki", "/events/2/chips/Aki", "/events/2/pot",
                          "/events/2/scores/Ben", "/result/chips/Chie", "/result/pot",
                          "/result/scores/Aki"}
    assert set(found.values()) == {f"the number {BIG} is out of range: {NUMBERS_ARE}"}
    negative = dict(problems(_everywhere(-BIG)))
    assert negative["/events/2/pot"] == f"the number {-BIG} is out of range: {NUMBERS_ARE}"
    assert load_transcript(_everywhere(BIG - 1)).options.starting_chips == BIG - 1
    assert load_transcript(changed(result={"pot": -(BIG - 1)})).result.pot == -(BIG - 1)


def test_a_4300_digit_option_is_refused_and_quoted_short() -> None:
    """The largest integer Python reads from JSON, as starting chips: refused at the
    option (so that no total grows past what Python can print), its digits not
    written out in full."""
    ((where, message),) = problems(json.loads(
        json.dumps(changed()).replace('"players"', '"options": {"starting_chips": '
                                      + "9" * 4300 + '}, "players"')))
    assert where == "/options/starting_chips"
    assert message == f"the number 9999999999...9999 (4300 digits) is out of range: {NUMBERS_ARE}"


def test_a_4000_digit_pairs_card_is_refused_as_a_card_and_quoted_short() -> None:
    """A Pairs card of 4000 digits says what a Pairs card is, without the 4000 digits."""
    data = changed(events=[{"type": "deal"},
                           {"type": "reveal", "cards": {"Aki": int("8" * 4000), "Ben": 2,
                                                        "Chie": 7}}])
    ((where, message),) = problems(data)
    assert where == "/events/1/cards/Aki"
    assert message == ("8888888888...8888 (4000 digits) is not a Pairs card: Pairs cards are "
                       "the integers 1 to 10")


@pytest.mark.parametrize(("score", "message"), [
    ("9007199254740992/3", "the string '9007199254740992/3' is out of range: a fraction of "
                           "points has a top and a bottom of at most 9007199254740991"),
    ("1/" + "9" * 5000, "the string '1/99999999999999999999999999999999999999'... "
                        "(5002 characters) is out of range: a fraction of points has a top "
                        "and a bottom of at most 9007199254740991"),
    ("3/" + "0" * 5000, 'expected points as a whole number or a fraction like "23/3", '
                        "not the string '3/" + "0" * 38 + "'... (5002 characters) (a "
                        "fraction's bottom is 1 or more)"),
    ("--5/3", 'expected points as a whole number or a fraction like "23/3", '
              "not the string '--5/3'"),
    ("\u00b2/3", 'expected points as a whole number or a fraction like "23/3", '
                 "not the string '\u00b2/3'"),
])
def test_a_fraction_of_points_is_read_within_the_bound_and_in_ascii_digits(
        score: str, message: str) -> None:
    """A fraction's top and bottom obey the bound, and a fraction Python's int()
    would refuse (too long, two signs, a superscript digit) gets the format's words,
    not Python's."""
    ((where, found),) = problems(changed(result={"scores": {"Aki": score}}))
    assert where == "/result/scores/Aki" and found == message


@pytest.mark.parametrize(("where", "data", "hint"), [
    ("/result/scores/Aki", {"result": {"scores": {"Aki": "3"}}}, "3"),
    ("/result/scores/Aki", {"result": {"scores": {"Aki": "-12"}}}, "-12"),
    ("/options/starting_chips", {"options": {"starting_chips": "007"}}, "7"),
])
def test_a_whole_number_in_quotes_is_refused_with_how_to_write_it(
        where: str, data: dict[str, Any], hint: str) -> None:
    """A whole number written as a string is refused (never read as the number),
    and the message says how to write it: as "7/1" is a fraction, "3" is no
    number of the format, which a player who wrote it cannot tell from the
    words "expected a whole number" alone."""
    ((found_at, message),) = problems(changed(**data))
    assert found_at == where
    assert message.endswith(f" (a whole number is written without quotes: {hint})")


def test_a_fraction_with_a_bottom_of_zero_says_so() -> None:
    """"7/0" has the shape of a fraction of points but no value: the message says
    that its bottom is what is wrong."""
    ((where, message),) = problems(changed(result={"scores": {"Aki": "7/0"}}))
    assert where == "/result/scores/Aki"
    assert message == ('expected points as a whole number or a fraction like "23/3", not the '
                       "string '7/0' (a fraction's bottom is 1 or more)")


def test_a_long_string_is_quoted_short_where_a_number_or_a_card_belongs() -> None:
    """Thousands of characters where a number, a Pairs card or a standard card
    belongs: the message quotes their start and says how long they are."""
    long = "7" * 5000
    found = dict(problems(changed(options={"starting_chips": long}, events=[
        {"type": "deal"}, {"type": "reveal", "cards": {"Aki": long, "Ben": 2, "Chie": 7}}])))
    start = repr("7" * 40) + "... (5000 characters)"
    assert found == {
        "/options/starting_chips": f"expected a whole number, not the string {start}",
        "/events/1/cards/Aki": f"{start} is not a Pairs card: Pairs cards are the integers "
                               "1 to 10 (a number, not a string)"}
    saint = {"format": "cardcore-transcript/1", "game": "saint-poker", "players": ["Aki", "Ben"],
             "events": [{"type": "deal", "future": ["9H" * 3000]}]}
    ((where, message),) = problems(saint)
    assert where == "/events/0/future/0" and message.startswith(
        repr("9H" * 20) + "... (6000 characters) is not a card: write rank then suit")


@pytest.mark.parametrize(("game", "players", "events", "key", "value", "where", "allowed"), [
    ("goblin-poker", None, None, "result", {"pot": None}, "/result/pot", "a whole number"),
    ("goblin-poker", None, None, "result", {"winners": None}, "/result/winners", "a list"),
    ("goblin-poker", None, None, "result", {"chips": None}, "/result/chips", "an object"),
    ("goblin-poker", None, [{"type": "deal"}, {"type": "check", "pot": None}],
     None, None, "/events/1/pot", "a whole number"),
    ("goblin-poker", None, [{"type": "deal"}, {"type": "check", "chips": None}],
     None, None, "/events/1/chips", "an object"),
    ("goblin-poker", None, [{"type": "deal", "note": None}], None, None,
     "/events/0/note", "a string"),
    ("goblin-poker", None, [{"type": "deal", "hands": None}], None, None,
     "/events/0/hands", "an object"),
    ("orc-poker", None, [{"type": "deal"}], "options", {"rounds": None},
     "/options/rounds", "a whole number"),
    ("auction", ["Aki", "Ben", "Chie"], [
        {"type": "deal", "starter": "?"},
        {"type": "bid", "player": "Ben", "kind": "single", "rank": "9", "suit": None}],
     None, None, "/events/1/suit", "a string"),
])
def test_null_is_refused_where_a_key_may_be_left_out(
        game: str, players: list[str] | None, events: list[Any] | None, key: str | None,
        value: Any, where: str, allowed: str) -> None:
    """An optional key may be left out, not given as null: a null (a blank cell of a
    spreadsheet, say) is a figure the user meant to write, and taking it as "not
    given" would silently skip the comparison. Refused as everywhere else."""
    data = changed(game=game, events=events or BASE["events"], players=players or BASE["players"])
    if key is not None:
        data[key] = value
    assert problems(data) == [(where, f"expected {allowed}, not null")]


def test_a_name_in_another_unicode_form_is_refused_and_the_message_says_so() -> None:
    """A reading for "Chié" written with a combining accent (as pasted from another
    app), at a table whose players write é as one letter: both print alike, so the
    message says how they differ instead of "did you mean" the same-looking name;
    the name is still refused (a file names a player as players writes it)."""
    data = changed(players=["Aki", "Ben", "Chi\u00e9"],
                   events=[{"type": "deal"},
                           {"type": "reveal", "cards": {"Aki": 4, "Ben": 2, "Chi\u00e9": 7}},
                           {"type": "check", "chips": {"Chie\u0301": 99}}],
                   result={"winners": ["Ben\u200b"]})
    assert problems(data) == [
        ("/events/2/chips/Chie\u0301",
         "'Chie\u0301' is not a player of this transcript: the players are Aki, Ben, Chi\u00e9; "
         "'Chie\u0301' is 'Chi\u00e9' in another Unicode form (the same letters, composed "
         "otherwise): write the name as players writes it"),
        ("/result/winners/0",
         "'Ben\\u200b' is not a player of this transcript: the players are Aki, Ben, Chi\u00e9; "
         "'Ben\\u200b' is 'Ben' with a character that prints as nothing (U+200B): write the "
         "name as players writes it"),
    ]
