"""The report's chart: one line per player whose points read back as the figures."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from svgread import SVG, figure_at

from cardcore.cli.chart import chart
from cardcore.registry import GAMES
from cardcore.replay.runner import replay_file
from cardcore.replay.timeline import timeline

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def _svg(path: Path, **marks: int) -> ET.Element:
    return ET.fromstring(chart(timeline(replay_file(path, steps=True)), **marks))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_one_line_per_player_each_read_back_as_its_figures(game: str) -> None:
    """Every point of every player's line is that player's figure after that event."""
    report = replay_file(FIXTURES / game / "rules-example.json", steps=True)
    found = timeline(report)
    svg = ET.fromstring(chart(found))
    lines = svg.findall(f"{SVG}polyline[@class]")
    lines = [line for line in lines if "player-line" in line.get("class", "")]
    assert [line.get("data-player") for line in lines] == list(found.players)
    for line in lines:
        points = [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]
        series = found.series(line.get("data-player", ""))
        assert len(points) == len(series) == len(report.steps) + 1
        for (_, y), value in zip(points, series, strict=True):
            assert figure_at(svg, y) == pytest.approx(float(value), abs=0.02)
        assert line.get("data-last") == str(series[-1])


def test_rounds_are_marked_where_they_begin() -> None:
    """README's game: the preparation begins at #0, round 1 at #2 (after 2 events)."""
    svg = _svg(FIXTURES / "goblin-poker" / "rules-example.json")
    marks = [m for m in svg.iter(f"{SVG}line") if m.get("class") == "round-mark"]
    assert [m.get("data-index") for m in marks] == ["0", "2"]
    labels = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "round-label"]
    assert labels == ["game 1, preparation", "round 1"]  # the game named once


def test_a_refused_event_and_a_parting_are_marked() -> None:
    """A red line at the refused event, after the last point; a line where records part."""
    path = FIXTURES / "auction" / "illegal-bid-two-pair-under-three.json"
    svg = _svg(path, problem_at=2, parting=1)
    found = {m.get("class"): m for m in svg.iter(f"{SVG}line")}
    player = next(p for p in svg.iter(f"{SVG}polyline") if p.get("data-player") == "Ann")
    last_x = float(player.get("points", "").split()[-1].split(",")[0])
    assert found["problem-mark"].get("data-index") == "2"
    assert float(found["problem-mark"].get("x1", "")) > last_x
    assert found["parting-mark"].get("data-index") == "1"


def test_auction_draws_what_the_pile_would_score() -> None:
    """The rules example: the pile is worth 1, 1, 1, 5, 10 during hand 1, then scored."""
    svg = _svg(FIXTURES / "auction" / "rules-example.json")
    (pile,) = [p for p in svg.iter(f"{SVG}polyline") if p.get("class") == "pile-line"]
    values = [round(figure_at(svg, float(p.split(",")[1])), 2)
              for p in pile.get("points", "").split()]
    assert values == [1, 1, 1, 5, 10]


def test_a_split_in_fractions_is_drawn_at_its_value() -> None:
    """An exact split (AU-5.3) of 11 among three: each line ends at 11/3."""
    path = FIXTURES / "auction" / "tie-split-exact-fraction.json"
    svg = _svg(path)
    ann = next(p for p in svg.iter(f"{SVG}polyline") if p.get("data-player") == "Ann")
    y = float(ann.get("points", "").split()[-1].split(",")[1])
    assert figure_at(svg, y) == pytest.approx(float(Fraction(11, 3)), abs=0.02)
    assert ann.get("data-last") == "11/3"
