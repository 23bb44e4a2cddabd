"""The JSON Schema printed by `cardcore schema` agrees with the loader and is committed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardcore.registry import GAMES
from cardcore.replay.jsonload import read_json
from cardcore.replay.schema import transcript_schema
from cardcore.replay.simulated import simulated
from cardcore.replay.transcript import TranscriptError, dump_transcript, load_transcript

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "fixtures").rglob("*.json"))


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = transcript_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_loadable_fixture_satisfies_the_schema(
        path: Path, validator: jsonschema.Draft202012Validator) -> None:
    """What the loader accepts, the schema accepts."""
    data = read_json(path)
    try:
        load_transcript(data)
    except TranscriptError:
        pytest.skip("a fixture of unreadable input")
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
    assert errors == []


def test_the_fixtures_with_forgotten_cards_satisfy_the_schema(
        validator: jsonschema.Draft202012Validator) -> None:
    """"!" is in the schema wherever a card is: such a fixture fails to load (so that
    the replay judges every value), yet an editor accepts it."""
    found = [path for path in FILES if '"!"' in path.read_text(encoding="utf-8")]
    assert len(found) == 8
    for path in found:
        assert [e.message for e in validator.iter_errors(read_json(path))] == [], path


def test_the_schema_refuses_other_marks_where_a_card_goes(
        validator: jsonschema.Draft202012Validator) -> None:
    """Only "?" and "!" stand for a card that is not named."""
    for mark, errors in (("!", 0), ("?", 0), ("!!", 1), ("*", 1)):
        data = {**BASE, "events": [{"type": "deal"},
                                   {"type": "reveal", "cards": {"Aki": mark, "Ben": 3}}]}
        assert len(list(validator.iter_errors(data))) == errors, mark


BASE: dict[str, Any] = {"format": "cardcore-transcript/1", "game": "goblin-poker",
                        "players": ["Aki", "Ben"], "events": [{"type": "deal"}]}


@pytest.mark.parametrize("change", [
    {"extra": 1},
    {"events": [{"type": "reveal", "cards": {"Aki": "11", "Ben": 3}}]},
    {"events": [{"type": "fold"}]},
    {"events": [{"type": "draw", "player": "Aki", "card": 3}]},
    {"options": {"rounds": "5"}},
    {"players": ["Aki", "Aki"]},
    {"options": {"starting_chips": 2**53}},
    {"ages": {"Aki": 2**53}},
    {"events": [{"type": "deal"}, {"type": "check", "chips": {"Aki": -2**53}}]},
    {"result": {"pot": 2**53}},
    {"result": {"scores": {"Aki": 2**53}}},
    {"result": {"pot": None}},
    {"result": {"winners": None}},
    {"result": {"chips": None}},
    {"events": [{"type": "deal"}, {"type": "check", "pot": None}]},
    {"events": [{"type": "deal", "note": None}]},
    {"events": [{"type": "deal", "hands": None}]},
    {"options": {"games": None}},
])
def test_what_the_loader_refuses_the_schema_refuses(
        change: dict[str, Any], validator: jsonschema.Draft202012Validator) -> None:
    """Unknown keys, a string Pairs card, a missing player, another game's event, a
    whole number beyond 2**53 - 1 (the schema's minimum and maximum), null for a
    key that may only be left out."""
    data = {**BASE, **change}
    with pytest.raises(TranscriptError):
        load_transcript(json.loads(json.dumps(data)))
    assert not validator.is_valid(data)


def test_the_cli_prints_the_schema() -> None:
    """cardcore schema prints valid JSON that is the same schema."""
    from click.testing import CliRunner

    from cardcore.cli.main import main

    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0 and json.loads(result.output) == transcript_schema()


COMMITTED = ROOT / "schema" / "cardcore-transcript-1.json"


def test_the_committed_schema_is_what_cardcore_schema_prints() -> None:
    """schema/cardcore-transcript-1.json (for editors) is regenerated, never edited:
    `cardcore schema > schema/cardcore-transcript-1.json`."""
    from click.testing import CliRunner

    from cardcore.cli.main import main

    printed = CliRunner().invoke(main, ["schema"]).output
    assert COMMITTED.read_text(encoding="utf-8") == printed


@pytest.mark.parametrize("hidden", [False, True], ids=["full", "hidden"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_simulated_transcripts_satisfy_the_committed_schema(game: str, hidden: bool) -> None:
    """A few seeds of each game, as simulated and with secret cards as "?"."""
    validator = jsonschema.Draft202012Validator(json.loads(COMMITTED.read_text(encoding="utf-8")))
    rules = GAMES[game]
    for seed in range(3):
        names = [f"P{n}" for n in range(1, rules.min_players + seed + 1)]
        data = dump_transcript(simulated(rules, names, None, seed, hidden=hidden))
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
        assert errors == [], (seed, errors[:3])
