"""Rule coverage (cardcore.replay.coverage): which rules transcripts exercise, and the gate."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

from cardcore.replay.coverage import (
    Coverage,
    cited_rules,
    coverage_json,
    decided_rules,
    gate_failures,
    measure,
    stale_gaps,
)
from cardcore.replay.rule_gaps import NEEDS_FIXTURE, UNREACHABLE
from cardcore.replay.runner import replay_file
from cardcore.rulebook import pages
from tests.documents import README_GOBLIN

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"



def goblin(path: Path, events: list[dict[str, Any]], **more: Any) -> Path:
    path.write_text(json.dumps({"format": "cardcore-transcript/1", "game": "goblin-poker",
                                "players": ["Aki", "Ben", "Chie"], "events": events, **more}),
                    encoding="utf-8")
    return path


def count(coverage: Coverage, rule: str) -> int:
    return next(r.count for r in coverage.rules if r.id == rule)


def test_a_legal_game_exercises_its_turns_and_effects(tmp_path: Path) -> None:
    """Each event's turn (deal GP-1.1, reveal GP-2.1, pitch and fold GP-4.1, a dealt
    pitched card GP-4.5) and each effect (antes GP-1.1, deal GP-1.2, start GP-2.2,
    fold GP-4.2, min stack GP-3.1, bust GP-4.6, last one in GP-4.4): nothing else."""
    report = replay_file(goblin(tmp_path / "game.json", README_GOBLIN))
    assert report.transcript is not None and report.valid
    assert decided_rules(report.transcript) == {
        "GP-1.1", "GP-1.2", "GP-2.1", "GP-2.2", "GP-4.1", "GP-4.2", "GP-3.1", "GP-4.5",
        "GP-4.6", "GP-4.4"}
    assert cited_rules(report) == frozenset()  # no problem, nothing expected


def test_a_refused_event_exercises_the_rule_its_problem_cites(tmp_path: Path) -> None:
    """Chie pitching on Ben's turn is C-5 (and so is its ``expect``); the fold stops
    there, so the pitch's turn (GP-4.1) counts for nothing."""
    events = [*README_GOBLIN[:2], {"type": "pitch", "player": "Chie"}]
    path = goblin(tmp_path / "wrong.json", events,
                  expect={"problems": [{"pointer": "/events/2/player", "rule": "C-5"}]})
    report = replay_file(path)
    assert report.transcript is not None and report.valid
    assert cited_rules(report) == {"C-5"}
    assert decided_rules(report.transcript) == {"GP-1.1", "GP-1.2", "GP-2.1", "GP-2.2"}
    found = measure([str(path)])
    assert count(found, "C-5") == 1 and count(found, "GP-4.1") == 0


def test_an_expected_problem_counts_even_when_the_replay_misses_it(tmp_path: Path) -> None:
    """A fixture's ``expect`` names the problems it is there to pin: its rules count
    although this replay finds no problem (the fixture then fails validation)."""
    path = goblin(tmp_path / "pins.json", README_GOBLIN,
                  expect={"problems": [{"pointer": "/events/3", "rule": "GP-4.2"}]})
    report = replay_file(path)
    assert not report.valid and report.problems == ()
    assert cited_rules(report) == {"GP-4.2"}


def test_sections_count_the_transcripts_of_their_rules(tmp_path: Path) -> None:
    """GP-4 counts a file once, whichever of its rules it exercises; GP-5 none here."""
    first = goblin(tmp_path / "a.json", README_GOBLIN)
    second = goblin(tmp_path / "b.json", README_GOBLIN[:2])
    found = measure([str(first), str(second)])
    assert found.transcripts == 2
    assert count(found, "GP-4") == 1 and count(found, "GP-2") == 2 and count(found, "GP-5") == 0
    assert {r.id for r in found.never()} >= {"GP-4.3", "GP-5.1", "OP-3.2", "AU-2.8"}
    assert not any(r.section for r in found.never())


def test_every_rule_of_every_page_is_reported_in_page_order() -> None:
    """The pages are the list: common rules, then each game's, sections included."""
    found = measure([])
    expected = [rule.id for page in pages() for rule in page.rules]
    assert [r.id for r in found.rules] == expected and found.transcripts == 0
    assert {"C-1", "GP-4", "GP-4.2", "AU-7.6", "SP-3.1"} <= set(expected)


def test_an_unreadable_file_is_set_apart(tmp_path: Path) -> None:
    """A file that is no transcript exercises nothing and is named as unreadable."""
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    found = measure([str(bad)])
    assert found.unreadable == (str(bad),) and found.transcripts == 0


def test_the_fixtures_pass_the_gate_quickly() -> None:
    """CI's gate: every rule with a page is exercised by a fixture or listed with its
    reason, and no listed rule is exercised; in well under 5 seconds."""
    start = time.perf_counter()
    found = measure(str(p) for p in sorted(FIXTURES.rglob("*.json")))
    assert time.perf_counter() - start < 5
    assert found.unreadable == ()
    assert [r.id for r in gate_failures(found)] == []
    assert [r.id for r in stale_gaps(found)] == []


def test_a_folder_missing_a_rules_only_fixture_fails_the_gate(tmp_path: Path) -> None:
    """Take away the one fixture that exercises a rule: the gate names that rule."""
    found = measure(str(p) for p in sorted(FIXTURES.rglob("*.json")))
    only = next(r for r in found.rules if not r.section and r.count == 1)
    shutil.copytree(FIXTURES, tmp_path / "fixtures")
    missing = tmp_path / Path(only.files[0]).relative_to(ROOT)
    missing.unlink()
    fewer = measure(str(p) for p in sorted((tmp_path / "fixtures").rglob("*.json")))
    assert only.id in [r.id for r in gate_failures(fewer)]


def test_a_listed_gap_passes_the_gate_and_a_stale_one_fails_it(tmp_path: Path) -> None:
    """A rule no transcript exercises fails the gate unless listed, as unreachable or
    as needing a fixture; a listed rule that a transcript exercises is stale."""
    found = measure([str(goblin(tmp_path / "game.json", README_GOBLIN))])
    assert "GP-5.1" in [r.id for r in gate_failures(found, {}, {})]
    assert "GP-5.1" not in [r.id for r in gate_failures(found, {}, {"GP-5.1": "a case"})]
    assert "GP-5.1" not in [r.id for r in gate_failures(found, {"GP-5.1": "a reason"}, {})]
    assert [r.id for r in stale_gaps(found, {}, {"GP-4.2": "a case"})] == ["GP-4.2"]
    assert stale_gaps(found, {}, {"GP-5.1": "a case"}) == ()


def test_the_json_names_the_files_and_sorts_the_never_exercised_by_why(
        tmp_path: Path) -> None:
    """Each rule with its count and files; the rules never exercised under the list
    that excuses them, or as unlisted."""
    path = str(goblin(tmp_path / "game.json", README_GOBLIN))
    data = coverage_json(measure([path]))
    fold = next(r for r in data["rules"] if r["rule"] == "GP-4.2")
    assert fold == {"rule": "GP-4.2", "page": "goblin-poker", "title": "Fold",
                    "section": False, "transcripts": 1, "files": [path]}
    never = data["never_exercised"]
    assert set(never["unreachable"]) == set(UNREACHABLE)
    assert set(never["needs_fixture"]) == set(NEEDS_FIXTURE)
    assert "GP-5.1" in never["unlisted"] and "GP-4.2" not in never["unlisted"]
    assert data["stale"] == [] and data["transcripts"] == 1
