"""Events typed at the table: the line grammar generated from the event classes."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.games.goblin import Pitch
from cardcore.play import simulate
from cardcore.registry import GAMES
from cardcore.replay.entry import EntryError, event_line, kind_of, parse_line, structure_event
from cardcore.replay.transcript import FORMAT_ID, TranscriptError, load_transcript

GOBLIN = GAMES["goblin-poker"]
PLAYERS = ["Aki", "Ben", "Chie"]


@pytest.mark.parametrize(("line", "data"), [
    ("pitch Ben", {"type": "pitch", "player": "Ben"}),
    ("pitch Ben 7", {"type": "pitch", "player": "Ben", "card": 7}),
    ("fold Chie", {"type": "fold", "player": "Chie"}),
    ("reveal Aki=4 Ben=2 Chie=7", {"type": "reveal", "cards": {"Aki": 4, "Ben": 2, "Chie": 7}}),
    ("deal", {"type": "deal"}),
    ("deal Aki=1,2,?,4,5,6", {"type": "deal", "hands": {"Aki": [1, 2, "?", 4, 5, 6]}}),
    ("stack Ben ?", {"type": "stack", "player": "Ben", "card": "?"}),
    ('{"type": "pitch", "player": "Ben"}', {"type": "pitch", "player": "Ben"}),
    ("check Aki=99 pot=2", {"type": "check", "chips": {"Aki": 99}, "pot": 2}),
    ("ruling Ben", {"type": "ruling", "player": "Ben"}),
    ("pitch 'Ben' note=\"last one\"", {"type": "pitch", "player": "Ben", "note": "last one"}),
])
def test_goblin_lines_write_the_events_json(line: str, data: dict[str, Any]) -> None:
    """Positional values, NAME=VALUE tables, lists by commas, "?" and raw JSON."""
    assert parse_line(line, GOBLIN) == data


def test_other_games_use_the_same_grammar() -> None:
    """Second tables by FIELD.NAME, named fields, lists of cards, fractions as text."""
    assert parse_line("reveal Aki=3 Ben=9 draws.Ben=2", GAMES["orc-poker"]) == {
        "type": "reveal", "cards": {"Aki": 3, "Ben": 9}, "draws": {"Ben": 2}}
    assert parse_line("give-up Ben", GAMES["orc-poker"]) == {"type": "give_up", "player": "Ben"}
    assert parse_line("deal future=3H,4D", GAMES["saint-poker"]) == {
        "type": "deal", "future": ["3H", "4D"]}
    assert parse_line("bid Bob pair rank=8", GAMES["auction"]) == {
        "type": "bid", "player": "Bob", "kind": "pair", "rank": "8"}
    assert parse_line("show Ann=JK,AH Bob=QS", GAMES["auction"]) == {
        "type": "show", "cards": {"Ann": ["JK", "AH"], "Bob": ["QS"]}}
    assert parse_line("check Ann=23/3", GAMES["auction"], chips=False) == {
        "type": "check", "scores": {"Ann": "23/3"}}
    assert parse_line("check scores.Ann=7", GAMES["auction"], chips=False) == {
        "type": "check", "scores": {"Ann": 7}}


@pytest.mark.parametrize(("line", "data"), [
    ("bid Bob pair 9", {"kind": "pair", "rank": "9"}),
    ("bid Bob pair rank=9", {"kind": "pair", "rank": "9"}),
    ("bid Bob rank=9 pair", {"kind": "pair", "rank": "9"}),
    ("bid Bob two_pair 9,5", {"kind": "two_pair", "ranks": ["9", "5"]}),
    ("bid Bob single Q S", {"kind": "single", "rank": "Q", "suit": "S"}),
    ("bid Bob flush", {"kind": "flush"}),
])
def test_values_go_in_the_order_people_say_them(line: str, data: dict[str, Any]) -> None:
    """Bare values fill the fields in declared order after the player; a value
    passes over an optional field it cannot be (a list for one value, one value for
    a list); the FIELD=VALUE form still names any field."""
    assert parse_line(line, GAMES["auction"], chips=False) == {
        "type": "bid", "player": "Bob", **data}


def test_every_kind_takes_its_values_in_order_without_per_game_rules() -> None:
    """The same rule gives Goblin's stacked card, Auction's starter and Saint's
    future cards, and a value too many is refused with the kind's form."""
    assert parse_line("stack Ben 8", GOBLIN) == {"type": "stack", "player": "Ben", "card": 8}
    assert parse_line("deal JK", GAMES["auction"], chips=False) == {
        "type": "deal", "starter": "JK"}
    assert parse_line("deal 3H,4D", GAMES["saint-poker"]) == {
        "type": "deal", "future": ["3H", "4D"]}
    assert parse_line("win Bob 8D,8S QH,2C", GAMES["auction"]) == {
        "type": "win", "player": "Bob", "cards": ["8D", "8S"], "from_stock": ["QH", "2C"]}
    with pytest.raises(EntryError, match="'JK' left over"):
        parse_line("flip 7H JK", GAMES["auction"], chips=False)


@pytest.mark.parametrize(("game", "line", "data"), [
    ("auction", "win Ivo 7H,7S ?", {"type": "win", "player": "Ivo", "cards": ["7H", "7S"],
                                    "from_stock": ["?"]}),
    ("auction", "win Ivo 7H QD", {"type": "win", "player": "Ivo", "cards": ["7H"],
                                  "from_stock": ["QD"]}),
    ("saint-poker", "river Aki=JS Ben=KD 3S", {"type": "river", "cards": {"Aki": "JS", "Ben": "KD"},
                                               "future": ["3S"]}),
])
def test_one_value_for_an_optional_list_no_later_field_takes_is_a_list_of_one(
        game: str, line: str, data: dict[str, Any]) -> None:
    """``win Ivo 7H,7S ?``, as the form ``win PLAYER CARD,... [FROM_STOCK,...]``
    shows it: the "?" is the one card from the stock (it was refused as a value
    too many, with that form, though no other field could take it)."""
    assert parse_line(line, GAMES[game]) == data


def test_a_check_reads_only_the_figures_the_game_keeps() -> None:
    """Auction keeps points and no pot; Goblin keeps chips and a pot: the other
    figures are neither offered nor read."""
    auction = kind_of(GAMES["auction"].event_types["check"], chips=False)
    assert auction.synopsis() == "check [NAME=N ...]"
    assert kind_of(GAMES["goblin-poker"].event_types["check"]).synopsis() == (
        "check [NAME=N ...] [POT]")
    for line in ("check pot=2", "check chips.Ann=3"):
        with pytest.raises(EntryError, match=r"Abbott's Auction keeps no (pot|chips)"):
            parse_line(line, GAMES["auction"], chips=False)
    with pytest.raises(EntryError, match="keeps no scores"):
        parse_line("check scores.Aki=3", GOBLIN)


@pytest.mark.parametrize(("line", "words"), [
    ("shuffle", "'shuffle' is not a kind of event or a command"),
    ("folds Ben", "Goblin Poker events are deal, reveal, stack, fold, pitch, check, ruling "
                  "(did you mean 'fold'?) (type help)"),
    ("pitch Ben 7 8", "too many values for pitch ('8' left over): write pitch PLAYER [CARD]"),
    ("fold Ben player=Chie", "too many values"),
    ("pitch Ben card=7 card=8", "card is given twice"),
    ("reveal Aki=4 Aki=5", "Aki is given twice"),
    ("fold Ben colour=red", "fold has no field 'colour'"),
    ("reveal cards=4", "cards is a table keyed by player names"),
    ("pitch 'Ben", "close the quote"),
    ('{"type": "pitch",}', "not an event's JSON"),
    ("", "an empty line is no event"),
])
def test_a_line_that_is_no_event_says_how_to_write_it(line: str, words: str) -> None:
    """Grammar mistakes are refused with the kind's synopsis or the kinds there are."""
    with pytest.raises(EntryError, match=None) as caught:
        parse_line(line, GOBLIN)
    assert words in str(caught.value)


def test_an_entered_event_is_judged_by_the_loader_like_a_file() -> None:
    """The problems of an entered event are those of the same event at that index of a
    file: same pointer, same message."""
    data = parse_line("reveal Aki=11 Ben=2 Tom=x", GOBLIN)
    with pytest.raises(TranscriptError) as entered:
        structure_event(data, GOBLIN, PLAYERS, 5)
    envelope = {"format": FORMAT_ID, "game": "goblin-poker", "players": PLAYERS,
                "events": [{"type": "deal"}] * 5 + [data]}
    with pytest.raises(TranscriptError) as filed:
        load_transcript(envelope)
    assert entered.value.problems == filed.value.problems
    assert {p.pointer for p in entered.value.problems} >= {"/events/5/cards/Aki"}


def test_synopses_are_generated_from_the_fields() -> None:
    """Optional fields in brackets, tables as NAME=VALUE, the player first."""
    assert kind_of(Pitch).synopsis() == "pitch PLAYER [CARD]"
    synopses = {c.TYPE: kind_of(c).synopsis() for c in GAMES["auction"].event_types.values()}
    assert synopses["bid"] == "bid PLAYER KIND [RANK] [RANK,...] [SUIT]"
    assert synopses["deal"] == "deal STARTER [NAME=CARD,... ...]"
    orc = {c.TYPE: kind_of(c).synopsis() for c in GAMES["orc-poker"].event_types.values()}
    assert orc["reveal"] == "reveal NAME=CARD ... [draws.NAME=CARD ...]"


@settings(max_examples=12)
@given(game=st.sampled_from(sorted(GAMES)), count=st.integers(2, 5),
       seed=st.integers(0, 10_000))
def test_every_simulated_event_round_trips_through_its_line(game: str, count: int,
                                                            seed: int) -> None:
    """event_line writes each event of a random legal game so that parse_line and the
    loader read back the same event (every field shape of every game)."""
    rules = GAMES[game]
    players = ["Aki", "Ben", "Chie", "Dee", "Eve"][:max(count, rules.min_players)]
    for index, event in enumerate(simulate(rules, players, None, random.Random(seed))):
        line = event_line(event, rules)
        assert structure_event(parse_line(line, rules), rules, players, index) == event, line


def test_awkward_names_and_notes_fall_back_safely() -> None:
    """A name the grammar cannot say, or a note with quotes, still round-trips."""
    for event in (Pitch(player="Ben Jr.", note='he said "fold"'),
                  GOBLIN.event_types["reveal"](cards={"a=b": 4}),  # type: ignore[call-arg]
                  GOBLIN.event_types["reveal"](cards={"card": 4})):  # type: ignore[call-arg]
        line = event_line(event, GOBLIN)
        data = parse_line(line, GOBLIN)
        assert data == json.loads(json.dumps(data))
        assert structure_event(data, GOBLIN, ["Ben Jr.", "a=b", "card"], 0) == event, line
