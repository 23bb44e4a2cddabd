"""The study page in a real headless Chromium (the ``browser`` fixture, tests/conftest.py;
skipped where Chromium is absent, failed under CI=true, as the report page's tests).

What a reader sees: the page loads without console errors, every chart is drawn
with a size, the win bars as the browser lays them out read back as the study's
rates, and a phone-wide window needs no sideways scrolling.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from chromium import console_errors, open_page

from cardcore.cli.study import study_json
from cardcore.cli.study_page import study_page
from cardcore.registry import GAMES
from cardcore.replay.study import StudySpec, run_study
from cardcore.replay.transcript import read_options

BARS = """
const svg = Array.from(document.querySelectorAll('svg.chart')).find(s =>
  Array.from(s.querySelectorAll('text.panel-title')).some(t => t.textContent === arguments[0]));
const d = svg.dataset;
const read = y => +d.low + (+d.high - +d.low) * (+d.yLow - y) / (+d.yLow - +d.yHigh);
return Array.from(svg.querySelectorAll('rect.bar')).map(bar =>
  [bar.dataset.series, bar.dataset.group, read(bar.y.baseVal.value)]);
"""
"""The win chart's bars: option set, seat, and the top as a figure by the chart's scale."""


def _versus_page() -> tuple[str, dict[str, Any]]:
    rules = GAMES["orc-poker"]
    names = ("P1", "P2", "P3")
    spec = StudySpec(game="orc-poker", players=3, games=30, seed=5,
                     options=read_options(rules, {}, names),
                     versus=read_options(rules, {"rising_ante": True}, names))
    result = run_study(spec)
    data = study_json(result)
    return study_page(result, data["options"], data["versus_options"]), data


def test_the_study_page_loads_cleanly_and_its_win_bars_are_the_rates(browser: Any,
                                                                     tmp_path: Path) -> None:
    """No console error; every chart has a size on screen; each win bar, as laid out,
    is the rate the JSON gives for its seat and option set."""
    page, data = _versus_page()
    assert console_errors(open_page(browser, page, tmp_path, width=1200)) == []
    sizes = browser.execute_script(
        "return Array.from(document.querySelectorAll('svg.chart'))"
        ".map(s => [s.getBoundingClientRect().width, s.getBoundingClientRect().height])")
    assert len(sizes) == 1 + 3 + 3 + 1  # wins, three differences, three seats, lengths
    assert all(width > 300 and height > 100 for width, height in sizes)
    bars = browser.execute_script(BARS, "Win rate per seat")
    expected = {(name, row["seat"]): 100 * row["rate"]
                for name, key in (("options", "base"), ("versus", "versus"))
                for row in data[key]["wins"]}
    assert len(bars) == len(expected)
    for name, seat, figure in bars:
        assert figure == pytest.approx(expected[name, seat], abs=0.02), (name, seat)


def test_a_phone_needs_no_sideways_scrolling(browser: Any, tmp_path: Path) -> None:
    """At 390 pixels the page fits its width (a wide chart scrolls in its own box)."""
    page, _ = _versus_page()
    assert console_errors(open_page(browser, page, tmp_path, width=390)) == []
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth")
