"""`cardcore coverage PATHS`: the counts per rule, the rules never exercised, the gate."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcore.cli.main import main
from cardcore.replay import rule_gaps
from cardcore.replay.coverage import measure

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["coverage", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_the_fixtures_pass_the_gate_and_every_rule_is_shown() -> None:
    """Every rule of every page on its own line with its count; the unreachable
    rules with their reasons; no rule left unexplained."""
    code, out = run("--gate", str(FIXTURES))
    assert code == 0
    files = list(FIXTURES.rglob("*.json"))
    forgotten = [path for path in files if '"!"' in path.read_text(encoding="utf-8")]
    assert out.startswith(f"rule coverage of {len(files) - len(forgotten)} transcripts\n")
    assert f"left out: {len(forgotten)} files with forgotten cards" in out
    lines = out.splitlines()
    fold = next(line for line in lines if line.split()[:1] == ["GP-4.2"])
    assert fold.endswith("  Fold") and int(fold.split()[1]) >= 1
    assert any(line.split()[:2] == ["AU-7.6", "0"] and line.endswith("(unreachable)")
               for line in lines)
    assert f"    AU-7.6: {rule_gaps.UNREACHABLE['AU-7.6']}" in lines
    assert "not listed" not in out.split("never exercised")[1].split("\n", 1)[1]
    assert "NOT EXERCISED" not in out


def test_a_folder_missing_a_rules_only_fixture_fails_the_gate_naming_it(
        tmp_path: Path) -> None:
    """The gate exits 1 and names the rule whose one fixture was taken away; without
    --gate the same report exits 0."""
    found = measure(str(p) for p in sorted(FIXTURES.rglob("*.json")))
    only = next(r for r in found.rules if not r.section and r.count == 1)
    shutil.copytree(FIXTURES, tmp_path / "fixtures")
    (tmp_path / Path(only.files[0]).relative_to(ROOT)).unlink()
    code, out = run("--gate", str(tmp_path / "fixtures"))
    assert code == 1
    unlisted = out.split("not listed, with no reason")[1]
    assert f"    {only.id} {only.title} (" in unlisted
    assert run(str(tmp_path / "fixtures"))[0] == 0


def test_a_rule_listed_as_needing_a_fixture_passes_as_a_to_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A known gap is shown as a to-do with its case, and the gate passes; once a
    fixture exercises it, the listing is stale and the gate fails."""
    found = measure(str(p) for p in sorted(FIXTURES.rglob("*.json")))
    only = next(r for r in found.rules if not r.section and r.count == 1)
    shutil.copytree(FIXTURES, tmp_path / "fixtures")
    (tmp_path / Path(only.files[0]).relative_to(ROOT)).unlink()
    monkeypatch.setattr(rule_gaps, "NEEDS_FIXTURE", {only.id: "the case a fixture shows"})
    code, out = run("--gate", str(tmp_path / "fixtures"))
    assert code == 0
    assert f"  to do: needs a fixture (1):\n    {only.id}: the case a fixture shows\n" in out
    code, out = run("--gate", str(FIXTURES))
    assert code == 1
    assert f"listed as never exercised, but 1 transcript exercises it: {only.id}" in out


def test_json_gives_the_counts_and_the_files() -> None:
    """--format json: each rule's count is the number of its files."""
    code, out = run("--format", "json", str(FIXTURES / "goblin-poker"))
    data = json.loads(out)
    assert code == 0 and data["coverage_format"] == 1
    assert all(rule["transcripts"] == len(rule["files"]) for rule in data["rules"])
    assert all(path.startswith(str(FIXTURES / "goblin-poker"))
               for rule in data["rules"] for path in rule["files"])
    assert "OP-3.2" in data["never_exercised"]["unlisted"]


def test_an_unreadable_file_exits_2_and_a_missing_path_is_bad_usage(tmp_path: Path) -> None:
    """A file that is no transcript is named, exit 2; a path that does not exist is
    refused before anything is read."""
    bad = tmp_path / "bad.json"
    bad.write_text("[", encoding="utf-8")
    code, out = run(str(bad))
    assert code == 2 and f"not a readable transcript: {bad}" in out
    code, out = run(str(tmp_path / "absent"))
    assert code == 2 and f"no such file or folder: {tmp_path / 'absent'}\n" in out
