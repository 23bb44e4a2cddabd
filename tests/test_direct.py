"""The loader's fast path (cardcore.replay.direct) builds what cattrs builds, or asks it.

For every input, reading with the fast reader either gives up (``Unsure``) or
gives a transcript equal to the full loader's, field for field and type for
type (``repr`` tells ``1`` from ``True`` and a tuple from a list, which ``==``
does not); and ``load_transcript`` gives what the full loader gives, problems
and messages included. Inputs: every fixture, simulated sessions of every game
(with every card known and with secret cards written "?"), and hypothesis's
variations of them, near-valid (other card spellings, nulls, notes, unknown
keys) and hostile.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcore.registry import GAMES
from cardcore.replay import direct
from cardcore.replay import transcript as loading
from cardcore.replay.direct import Unsure
from cardcore.replay.jsonload import read_json
from cardcore.replay.simulated import simulated
from cardcore.replay.transcript import Transcript, TranscriptError, dump_transcript, load_transcript
from tests.documents import at, paths

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").rglob("*.json"))
SMALL: dict[str, dict[str, Any]] = {
    "goblin-poker": {"games": 1}, "orc-poker": {"rounds": 2},
    "saint-poker": {"rounds": 2}, "auction": {"target": 10},
}


def _fast(data: Any, written_out: bool = True) -> Transcript | None:
    """The fast reading, with the event builders written out or the plain ones."""
    kept = direct.WRITE_OUT_AFTER
    direct.WRITE_OUT_AFTER = -1 if written_out else 10**18
    try:
        return loading._read(data, loading._Direct())
    except Unsure:
        return None
    finally:
        direct.WRITE_OUT_AFTER = kept


def _full(data: Any) -> Transcript | list[tuple[str, str]]:
    try:
        return loading._read(data, loading._Reader())
    except TranscriptError as error:
        return [(p.pointer, p.message) for p in error.problems]


def _loaded(data: Any) -> Transcript | list[tuple[str, str]]:
    try:
        return load_transcript(data)
    except TranscriptError as error:
        return [(p.pointer, p.message) for p in error.problems]


def check_agrees(data: Any) -> bool:
    """The fast reading, when it gives one, is the full loader's; returns whether it did."""
    before = json.dumps(data, sort_keys=True, default=repr)
    fast = _fast(data)
    full = _full(data)
    assert _loaded(data) == full
    plain = _fast(data, written_out=False)
    assert (plain is None) == (fast is None)  # both builders decide alike
    for made in (fast, plain):
        if made is not None:
            assert isinstance(full, Transcript), full
            assert made == full
            assert repr(made) == repr(full)
            assert [type(e) for e in made.events] == [type(e) for e in full.events]
    assert json.dumps(data, sort_keys=True, default=repr) == before  # the input is untouched
    return fast is not None


def _documents() -> list[Any]:
    documents = [read_json(path) for path in FIXTURES]
    for game, options in SMALL.items():
        rules = GAMES[game]
        for seed in range(3):
            players = ["Aki", "Ben", "Chie", "Dov"][:max(rules.min_players, 2 + seed)]
            for hidden in (False, True):
                made = simulated(rules, players, rules.options_type(**options), seed,
                                 hidden=hidden)
                documents.append(dump_transcript(made))
    return documents


DOCUMENTS = _documents()


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: str(p.relative_to(ROOT / "fixtures")))
def test_every_fixture_reads_the_same_fast(path: Path) -> None:
    """All but the fixtures with exact fractions (left to cattrs) or forgotten cards
    ("!", refused by both, so that the replay judges every value) take the fast path."""
    data = read_json(path)
    taken = check_agrees(data)
    assert (taken or "/" in json.dumps(data.get("result", {}))
            or '"!"' in json.dumps(data["events"])), "fell back without a reason"


@pytest.mark.parametrize("game", sorted(SMALL))
def test_simulated_sessions_read_the_same_fast(game: str) -> None:
    """Simulated sessions, with every card known and with secret cards as "?"."""
    rules = GAMES[game]
    for seed in range(10):
        for hidden in (False, True):
            made = simulated(rules, ["Aki", "Ben", "Chie"][:max(rules.min_players, 2)],
                             rules.options_type(**SMALL[game]), seed, hidden=hidden)
            data = json.loads(json.dumps(dump_transcript(made)))
            assert check_agrees(data)
            assert load_transcript(data) == made


SPELLINGS = {"AS": ["as", "aS", "A♠", "a♤"], "10H": ["TH", "th", "10h", "T♥"], "JK": ["jk", "Jk"],
             "10": ["T", "t"], "Q": ["q"], "H": ["h", "♥\ufe0f", "♡"]}
"""Other ways of writing a card (or a bid's rank or suit) that the format allows,
and that both paths must read alike."""

ODD_VALUES = st.sampled_from(
    [None, True, False, 0, 1, 11, 1.0, 7.5, "7", "?", "", "AS", "as", "1S", "JK", "10h", "Aki",
     [], {}, ["?"], [1, True], {"Aki": 1}, "23/3", -1, 10**30, 2**53 - 1, -2**53,
     {"Aki": 2**53}, [2**53]]).map(copy.deepcopy)
"""Odd JSON values, each drawn as a fresh copy: a later change to the document
may edit inside one, and must not edit the sampled constant itself."""


def _respell(value: Any) -> Any:
    if isinstance(value, str):
        for card, others in SPELLINGS.items():
            if value == card:
                return others[len(value) % len(others)]
    return value


@st.composite
def varied(draw: st.DrawFn) -> Any:
    """A document with a few values changed, keys added or removed, cards respelled."""
    document = copy.deepcopy(draw(st.sampled_from(DOCUMENTS)))
    for _ in range(draw(st.integers(0, 3))):
        places = paths(document)[1:]
        if not places:
            break
        *parent_path, last = draw(st.sampled_from(places))
        parent = at(document, tuple(parent_path))
        how = draw(st.sampled_from(["replace", "respell", "delete", "add", "note", "null"]))
        if how == "replace":  # a copy: a later change must not reach the strategy's own value
            parent[last] = copy.deepcopy(draw(ODD_VALUES))
        elif how == "respell":
            parent[last] = _respell(parent[last])
        elif how == "delete":
            del parent[last]
        elif how == "null":
            parent[last] = None
        elif isinstance(parent, dict):
            key = "note" if how == "note" else draw(st.sampled_from(["x", "type", "Eve", "cards"]))
            parent[key] = draw(st.sampled_from(["a note", None, 3])) if how == "note" \
                else copy.deepcopy(draw(ODD_VALUES))
    return document


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=300)
@given(varied())
def test_varied_documents_read_the_same_fast_or_ask_cattrs(document: Any) -> None:
    """Whatever the change, the fast path agrees with cattrs or leaves the file to it."""
    check_agrees(document)


def test_respelled_cards_take_the_fast_path_and_explicit_nulls_are_refused() -> None:
    """What the format allows is read fast: "as" for "AS". A null where a key may
    be left out is not what the format allows (optional means "may be left out"):
    the fast path leaves it to the full loader, which refuses it at its pointer."""
    rules = GAMES["saint-poker"]
    made = simulated(rules, ["Aki", "Ben"], rules.options_type(rounds=2), 1)
    data = json.loads(json.dumps(dump_transcript(made)))
    deal = data["events"][0]
    deal["hands"]["Aki"] = [card.lower() for card in deal["hands"]["Aki"]]
    deal["future"][0] = deal["future"][0].replace("10", "T")
    assert check_agrees(data)
    assert load_transcript(data).events[0] == made.events[0]
    deal["note"] = None
    data["events"][1]["future"] = None
    assert not check_agrees(data)
    with pytest.raises(TranscriptError) as caught:
        load_transcript(data)
    assert [(p.pointer, p.message) for p in caught.value.problems] == [
        ("/events/0/note", "expected a string, not null"),
        ("/events/1/future", "expected a list, not null")]


def test_event_classes_are_filled_without_calling_init() -> None:
    """A performance guard: every game's events take the slot-filling builder (an
    attrs update that changed what _plain_init sees would silently slow loading)."""
    for game in GAMES:
        for cls in GAMES[game].event_types.values():
            assert direct._plain_init(cls, attrs.fields(cls)), cls


def test_a_class_with_a_validator_or_hook_is_built_through_init() -> None:
    """Only a plain __init__ is bypassed: validators and hooks still run."""

    @attrs.frozen(kw_only=True)
    class Checked:
        count: int = attrs.field(validator=attrs.validators.ge(0))

    @attrs.frozen(kw_only=True)
    class Hooked:
        name: str

        def __attrs_post_init__(self) -> None:
            if self.name == "bad":
                raise ValueError("bad")

    assert not direct._plain_init(Checked, attrs.fields(Checked))
    assert not direct._plain_init(Hooked, attrs.fields(Hooked))
    assert direct.build({"count": 2}, Checked) == Checked(count=2)
    assert direct.build({"name": "ok"}, Hooked) == Hooked(name="ok")
    for value, cls in (({"count": -1}, Checked), ({"name": "bad"}, Hooked),
                       ({"count": True}, Checked), ({}, Checked), ({"name": "x", "y": 1}, Hooked)):
        with pytest.raises(Unsure):
            direct.build(value, cls)


def test_a_type_the_fast_path_does_not_know_is_left_to_cattrs() -> None:
    """An annotation outside what convert.py's hooks treat plainly is never guessed at."""
    with pytest.raises(Unsure):
        direct.build({"a": 1}, dict[int, int])
    with pytest.raises(Unsure):
        direct.build(1.5, float)


def test_annotations_are_evaluated_as_get_type_hints_evaluates_them() -> None:
    """The cached evaluation (once per declaring class) gives get_type_hints' types."""
    import typing

    from cardcore.replay.expected_problems import ExpectedProblem
    from cardcore.replay.transcript import Result

    for game in GAMES:
        rules = GAMES[game]
        for cls in (rules.options_type, *rules.event_types.values(), Result, ExpectedProblem):
            hints = typing.get_type_hints(cls)
            for field in attrs.fields(cls):
                assert direct._annotation(cls, field.name) == hints[field.name], (cls, field)


def test_event_builders_are_written_out_once_the_process_has_read_many_events(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain builders first (no compiling for one short file), written out later;
    an unknown type is a KeyError (the caller's Unsure)."""
    types = GAMES["goblin-poker"].event_types
    monkeypatch.setattr(direct, "WRITE_OUT_AFTER", 10**18)
    plain = direct.event_builders(types, 10)
    assert not plain["pitch"].__code__.co_filename.startswith("<cardcore.replay.direct")
    monkeypatch.setattr(direct, "WRITE_OUT_AFTER", -1)
    written = direct.event_builders(types, 10)
    assert written["pitch"].__code__.co_filename.startswith("<cardcore.replay.direct builder")
    item = {"type": "pitch", "player": "Aki", "card": 3}
    assert written["pitch"](item) == plain["pitch"](item) == types["pitch"](player="Aki", card=3)
    with pytest.raises(KeyError):
        written["draw"]



def _bounded_places() -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    """A short session with a check and a result, and the places of its whole numbers."""
    rules = GAMES["goblin-poker"]
    made = simulated(rules, ["Aki", "Ben"], rules.options_type(games=1), 0)
    data = json.loads(json.dumps(dump_transcript(made)))
    data["options"], data["ages"] = {"ante": 1}, {"Aki": 30}
    data["events"].append({"type": "check", "chips": {"Aki": 0}, "pot": 0,
                           "scores": {"Ben": 0}})
    data["result"] = {"chips": {"Aki": 0}, "pot": 0}
    last = len(data["events"]) - 1
    return data, [("options", "ante"), ("ages", "Aki"), ("events", last, "chips", "Aki"),
                  ("events", last, "pot"), ("events", last, "scores", "Ben"),
                  ("result", "chips", "Aki"), ("result", "pot")]


def _with(data: dict[str, Any], path: tuple[Any, ...], value: int) -> dict[str, Any]:
    document = copy.deepcopy(data)
    parent = document
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return document


@pytest.mark.parametrize("number", [2**53, -2**53, 10**30, int("9" * 4300)],
                         ids=["2**53", "-2**53", "10**30", "4300 nines"])
def test_a_number_out_of_range_is_a_doubt_for_both_builders(number: int) -> None:
    """A whole number beyond 2**53 - 1 (options, ages, a check, the result) is left
    to the full loader by the written-out and the plain builders, which words it;
    2**53 - 1 in the same place takes the fast path."""
    data, places = _bounded_places()
    for path in places:
        assert check_agrees(_with(data, path, 2**53 - 1)), path
        document = _with(data, path, number)
        assert _fast(document) is None and _fast(document, written_out=False) is None, path
        check_agrees(document)
        problems = dict(_full(document))  # type: ignore[arg-type]
        where = "/" + "/".join(str(part) for part in path)
        assert "is out of range: numbers in a transcript" in problems[where], problems


def test_a_written_out_builder_shows_its_source_in_a_traceback() -> None:
    """The generated code is registered in linecache (as attrs and cattrs do): a
    traceback through it shows the line that raised, not a bare file name."""
    import traceback

    from cardcore.games.goblin import Pitch

    build = direct.event_builder(Pitch, written_out=True)
    with pytest.raises(Unsure) as caught:
        build(["not", "an", "object"])
    frames = traceback.extract_tb(caught.value.__traceback__)
    assert frames[-1].filename.startswith("<cardcore.replay.direct builder of")
    assert frames[-1].line == "raise Unsure"


def test_both_loaders_read_one_table_of_leaves() -> None:
    """Each leaf's conversion is the full loader's hook and the fast loader's
    parser alike: one function per leaf (replay.leaves), not two kept in step."""
    from cardcore.replay.convert import converter
    from cardcore.replay.leaves import LEAVES

    for leaf in LEAVES:
        assert converter.get_structure_hook(leaf.annotation) is leaf.convert, leaf.annotation
        fast = direct._LEAVES[leaf.annotation]
        assert (fast.kinds, fast.bound, fast.table is not None) == (
            leaf.kinds, leaf.bound, leaf.remembered)
    cards = next(leaf for leaf in LEAVES if leaf.remembered)
    assert direct.build("?", cards.annotation) is None


AUCTION = ROOT / "fixtures" / "auction" / "rules-example.json"


def test_a_bids_rank_or_suit_written_otherwise_reads_as_the_canonical_bid() -> None:
    """"T", "q" and a suit symbol in a bid are read, fast and by cattrs alike, into
    the bid written "10", "Q" and the suit's letter: one event, as a card's
    spellings are one card; what is no rank or suit is read as written (the
    rules refuse it), fast too."""
    data = read_json(AUCTION)
    data["events"][1:3] = [{"type": "bid", "player": "Ben", "kind": "single", "rank": "10"},
                           {"type": "bid", "player": "Aki", "kind": "single", "rank": "10",
                            "suit": "H"},
                           {"type": "bid", "player": "Ben", "kind": "flush",
                            "ranks": ["K", "Q", "10", "5", "2"]}]
    written = copy.deepcopy(data)
    written["events"][1]["rank"] = "T"
    written["events"][2].update(rank="t", suit="\u2665")
    written["events"][3]["ranks"] = ["k", "q", "T", "5", "2"]
    assert check_agrees(written)
    assert load_transcript(written).events == load_transcript(data).events
    odd = copy.deepcopy(data)
    odd["events"][1]["rank"], odd["events"][2]["suit"] = "11", "X"
    assert check_agrees(odd)
    bids = load_transcript(odd).events
    assert (bids[1].rank, bids[2].suit) == ("11", "X")  # type: ignore[attr-defined]


def test_a_leafs_table_learns_a_bounded_number_of_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bid's rank is read whatever it writes, so a file of made-up ranks could
    grow the process's table without end: it stops learning at LEARNED values
    and reads the rest all the same."""
    from cardcore.cards import RankText

    leaf = direct._LEAVES[RankText]
    assert leaf.table is not None
    monkeypatch.setattr(direct, "LEARNED", len(leaf.table) + 2)
    made_up = [f"rank{i}" for i in range(10)]
    assert leaf.sequence(["t", *made_up]) == ("10", *made_up)
    assert [leaf.one(text) for text in made_up] == made_up
    assert len(leaf.table) == direct.LEARNED
