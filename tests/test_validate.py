"""``cardcore validate``: --keep-going, and the words for forgotten cards."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardcore.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
KEEP_GOING = ROOT / "fixtures/orc-poker/keep-going-out-of-turn-draw-then-late-draw.json"


def _without_expect(tmp_path: Path, source: Path) -> Path:
    data = json.loads(source.read_text(encoding="utf-8"))
    del data["expect"]
    path = tmp_path / source.name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_keep_going_prints_the_later_problems_each_marked(tmp_path: Path) -> None:
    """Each later problem is on its own line, marked as found after an earlier one;
    the exit status is the first problem's (1), the same as without the option."""
    path = str(_without_expect(tmp_path, KEEP_GOING))
    plain = CliRunner().invoke(main, ["validate", path])
    kept = CliRunner().invoke(main, ["validate", "--keep-going", path])
    assert plain.exit_code == kept.exit_code == 1
    assert "after an earlier problem" not in plain.output
    assert "replay stopped at event 4" in plain.output
    lines = [line for line in kept.output.splitlines() if "after an earlier problem" in line]
    assert len(lines) == 2
    assert "/events/8/chips/Ben: check: Ben has 38 chips by the rules" in lines[0]
    assert "/events/9: rule [C-4]" in lines[1]
    assert "replay stopped" not in kept.output


def test_keep_going_in_json_lists_them_apart(tmp_path: Path) -> None:
    """``found_after_earlier`` holds the later problems; ``problems`` only the first."""
    path = str(_without_expect(tmp_path, KEEP_GOING))
    result = CliRunner().invoke(main, ["validate", "--keep-going", "--format", "json", path])
    (entry,) = json.loads(result.output)["files"]
    assert [p["pointer"] for p in entry["problems"]] == ["/events/4/player"]
    assert [p["pointer"] for p in entry["found_after_earlier"]] == [
        "/events/8/chips/Ben", "/events/9"]


def test_a_keep_going_fixture_passes_with_and_without_the_option() -> None:
    """Its expect pins the later problems with "after": compared only with the option."""
    for args in (["validate", str(KEEP_GOING)], ["validate", "--keep-going", str(KEEP_GOING)]):
        assert CliRunner().invoke(main, args).exit_code == 0
    output = CliRunner().invoke(main, ["validate", "--keep-going", str(KEEP_GOING)]).output
    assert "fails as expected (1 problem), then 2 problems found after it" in output


def test_a_forgotten_card_the_outcome_does_not_depend_on_is_valid_with_a_note() -> None:
    """Exit 0, and the note says so under the file's line."""
    path = str(ROOT / "fixtures/goblin-poker/forgotten-reveal-does-not-decide.json")
    result = CliRunner().invoke(main, ["validate", path])
    assert result.exit_code == 0
    assert "  the outcome does not depend on the forgotten card at /events/1/cards/Ben" \
        in result.output


def test_a_forgotten_card_the_outcome_depends_on_fails(tmp_path: Path) -> None:
    """Exit 1 with the branches in the problem's words."""
    path = str(_without_expect(
        tmp_path, ROOT / "fixtures/goblin-poker/forgotten-dealt-card-decides-bust.json"))
    result = CliRunner().invoke(main, ["validate", path])
    assert result.exit_code == 1
    assert "check: the outcome depends on the forgotten card at /events/5/card: " \
           "if it was 1-4, 6-10" in result.output


def test_help_shows_the_escape_it_names_as_text() -> None:
    """--help says control characters are printed escaped, "(\\u001b)": it shows
    those six characters, not the ESC they stand for."""
    result = CliRunner().invoke(main, ["validate", "--help"])
    assert result.exit_code == 0
    assert "escaped (\\u001b)" in " ".join(result.output.split())
    assert "\x1b" not in result.output


AUCTION = ROOT / "fixtures" / "auction" / "rules-example.json"


def test_a_bids_rank_or_suit_that_is_none_is_refused_by_its_rule_as_written(
        tmp_path: Path) -> None:
    """A bid's rank or suit is read into one spelling only where it is one: "Z",
    "11" or "X" still reach the rules, which refuse them (AU-2.7, at the field)
    quoting them as written; the file is read, never rewritten."""
    for field, value, words in (("rank", "Z", "'Z' is not a rank"),
                                ("rank", "11", "'11' is not a rank"),
                                ("suit", "x", "'x' is not a suit")):
        data = json.loads(AUCTION.read_text(encoding="utf-8"))
        data["events"][2:3] = [{"type": "bid", "player": "Aki", "kind": "single", "rank": "k",
                                "suit": "\u2660"}]
        data["events"][2][field] = value
        del data["result"]
        path = tmp_path / "bid.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        before = path.read_bytes()
        result = CliRunner().invoke(main, ["validate", "--format", "json", str(path)])
        assert result.exit_code == 1, result.output
        (problem,) = json.loads(result.output)["files"][0]["problems"]
        assert (problem["rule"], problem["pointer"]) == ("AU-2.7", f"/events/2/{field}")
        assert words in problem["message"]
        assert path.read_bytes() == before
