"""The study page: its charts say what the study's JSON says, both option sets side by
side with --versus, and nothing given to it becomes markup."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import attrs
import pytest
from svgread import SVG, classed, figure_at
from test_report_page import tags

from cardcore.cli.study import study_json
from cardcore.cli.study_page import study_page
from cardcore.registry import GAMES
from cardcore.replay.study import Study, StudySpec, run_study
from cardcore.replay.transcript import read_options

EVIL = "<script>alert(1)</script>"


@cache
def _study(game: str, players: int, games: int, versus: str | None = None) -> Study:
    rules = GAMES[game]
    names = tuple(f"P{n}" for n in range(1, players + 1))
    options = read_options(rules, {}, names)
    other = read_options(rules, {versus: True}, names) if versus else None
    return run_study(StudySpec(game=game, players=players, games=games, seed=3,
                               options=options, versus=other))


def _page(result: Study) -> tuple[str, dict[str, Any]]:
    data = study_json(result)
    return study_page(result, data["options"], data.get("versus_options")), data


def _charts(page: str) -> Iterator[ET.Element]:
    """Every SVG chart of the page, parsed."""
    for found in re.finditer(r"<svg class=\"chart\".*?</svg>", page, flags=re.DOTALL):
        yield ET.fromstring(found.group(0))


def _titled(page: str, title: str) -> list[ET.Element]:
    return [svg for svg in _charts(page)
            if any(node.text == title for node in classed(svg, "text", "panel-title"))]


def _y(svg: ET.Element, node: ET.Element, attribute: str) -> float:
    return figure_at(svg, float(node.get(attribute, "")))


def test_the_win_bars_and_their_error_bars_are_the_tables_rates_and_intervals() -> None:
    """Each seat's bar reads back as its win rate in percent, its error bar as the
    Wilson interval the tables print; the dashed line is an even share."""
    page, data = _page(_study("orc-poker", 3, 60))
    (svg,) = _titled(page, "Win rate per seat")
    bars, whiskers = classed(svg, "rect", "bar"), classed(svg, "line", "whisker")
    rows = data["base"]["wins"]
    assert [bar.get("data-group") for bar in bars] == [row["seat"] for row in rows]
    for bar, whisker, row in zip(bars, whiskers, rows, strict=True):
        assert _y(svg, bar, "y") == pytest.approx(100 * row["rate"], abs=0.01)
        low, high = row["interval"]
        assert _y(svg, whisker, "y1") == pytest.approx(100 * low, abs=0.01)
        assert _y(svg, whisker, "y2") == pytest.approx(100 * high, abs=0.01)
    (even,) = [line for line in classed(svg, "line", "reference") if line.get("data-value")]
    assert _y(svg, even, "y1") == pytest.approx(100 / 3, abs=0.01)


def test_a_histogram_per_seat_holds_every_game_at_its_final_figure() -> None:
    """One panel per seat; its bars add up to the games, and each bar holds the games
    whose final chips fall in its bin (the study's exact tally)."""
    result = _study("goblin-poker", 2, 80)
    page, _ = _page(result)
    for seat, name in enumerate(["P1", "P2"]):
        (svg,) = _titled(page, name)
        assert "final chips" in "".join(svg.itertext())
        finals = result.base.finals[seat]
        bars = classed(svg, "rect", "bar")
        for bar in bars:
            start, stop = Fraction(bar.get("data-from", "")), Fraction(bar.get("data-to", ""))
            held = sum(count for value, count in finals if start <= value < stop)
            assert round(_y(svg, bar, "y")) == held == int(bar.get("data-games", ""))
        assert sum(int(bar.get("data-games", "")) for bar in bars) == 80


def test_the_game_length_histogram_holds_every_game() -> None:
    """Events per game: every game counted once, in the bin of its length."""
    result = _study("saint-poker", 2, 40)
    page, data = _page(result)
    (svg,) = _titled(page, "Events per game")
    bars = classed(svg, "rect", "bar")
    assert sum(int(bar.get("data-games", "")) for bar in bars) == 40
    first = min(int(bar.get("data-from", "")) for bar in bars)
    last = max(int(bar.get("data-to", "")) for bar in bars)
    assert first <= data["base"]["events"]["min"] and data["base"]["events"]["max"] < last


def test_points_games_say_points() -> None:
    """Saint Poker and Auction count points: the page says so, never chips."""
    page, _ = _page(_study("auction", 2, 10))
    assert "Final points per seat" in page and "chips" not in page


def test_versus_draws_both_option_sets_in_every_chart_and_the_differences() -> None:
    """--versus rising_ante: options and versus bars for every seat, in the win chart
    and every histogram; the differences' dots and error bars are the JSON's."""
    result = _study("orc-poker", 3, 40, versus="rising_ante")
    page, data = _page(result)
    (wins,) = _titled(page, "Win rate per seat")
    series = [(bar.get("data-group"), bar.get("data-series"))
              for bar in classed(wins, "rect", "bar")]
    assert sorted(series) == sorted((seat, name) for seat in ("P1", "P2", "P3")
                                    for name in ("options", "versus"))
    versus_rows = data["versus"]["wins"]
    versus_bars = [bar for bar in classed(wins, "rect", "bar")
                   if bar.get("data-series") == "versus"]
    for bar, row in zip(versus_bars, versus_rows, strict=True):
        assert _y(wins, bar, "y") == pytest.approx(100 * row["rate"], abs=0.01)
    for seat in ("P1", "P2", "P3"):
        (panel,) = _titled(page, seat)
        names = {bar.get("data-series") for bar in classed(panel, "rect", "bar")}
        assert names == {"options", "versus"}
        for name in ("options", "versus"):
            assert sum(int(bar.get("data-games", "")) for bar in classed(panel, "rect", "bar")
                       if bar.get("data-series") == name) == 40
    difference = data["difference"]
    for title, rows, scale in (("Win rate", difference["wins"], 100),
                               ("Final chips", difference["finals"], 1),
                               ("Game length", [difference["events"]], 1)):
        (svg,) = _titled(page, title)
        dots, whiskers = classed(svg, "circle", "dot"), classed(svg, "line", "whisker")
        assert len(dots) == len(rows)
        for dot, whisker, row in zip(dots, whiskers, rows, strict=True):
            assert _y(svg, dot, "cy") == pytest.approx(scale * row["mean"], abs=0.01)
            assert _y(svg, whisker, "y1") == pytest.approx(scale * row["low"], abs=0.01)
            assert _y(svg, whisker, "y2") == pytest.approx(scale * row["high"], abs=0.01)


def test_the_options_table_marks_what_versus_changes() -> None:
    """Every option in both columns; the one --versus changes is marked."""
    page, _ = _page(_study("orc-poker", 3, 4, versus="rising_ante"))
    (row,) = re.findall(r"<tr><th scope=\"row\">rising_ante</th>.*?</tr>", page)
    assert '<td>false</td><td class="changed">true</td>' in row
    assert '<th scope="row">preset</th><td>&quot;standard&quot;</td><td>&quot;standard' \
           "&quot;</td>" in page


def test_without_versus_there_is_one_set_and_no_differences() -> None:
    """One colour of bars, no dots, no difference section."""
    page, _ = _page(_study("goblin-poker", 2, 10))
    names = {bar.get("data-series") for svg in _charts(page)
             for bar in classed(svg, "rect", "bar")}
    assert names == {"options"}
    assert not [dot for svg in _charts(page) for dot in svg.iter(f"{SVG}circle")]
    assert "Versus minus" not in page


def test_a_hostile_policy_name_and_option_value_stay_text() -> None:
    """Whatever the policy's name or an option's value, the page holds only what it
    builds: no script, no event handler, the words shown escaped."""
    result = _study("goblin-poker", 2, 4)
    hostile = attrs.evolve(result, spec=attrs.evolve(result.spec, policy=f"x:{EVIL}"))
    page = study_page(hostile, {"ante": f'"><img src=x onerror=alert(2)>{EVIL}'})
    found = tags(page)
    assert "<script" not in page and "<img" not in page
    assert not [name for _, attrs_ in found for name in attrs_ if name.startswith("on")]
    assert "x:&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_page_names_each_seats_policy_when_they_differ() -> None:
    """A study with a policy of one seat says which seat played which, as the
    text report's first line does (and a hostile seat policy stays text); one
    policy for every seat is named once."""
    result = _study("goblin-poker", 2, 4)
    seated = attrs.evolve(result, spec=attrs.evolve(
        result.spec, seat_policies=((1, f"x:{EVIL}"),)))
    page = study_page(seated, {})
    assert ("policies P1 <code>random</code>, P2 <code>x:&lt;script&gt;alert(1)&lt;/script&gt;"
            "</code>") in page
    assert "<script" not in page
    assert "policy <code>random</code>" in study_page(result, {})


def test_the_page_fetches_nothing_and_runs_nothing() -> None:
    """The content security policy of every cardcore page: nothing fetched, no script."""
    page, _ = _page(_study("goblin-poker", 2, 4))
    policy = next(attrs_["content"] for tag, attrs_ in tags(page)
                  if tag == "meta" and attrs_.get("http-equiv") == "Content-Security-Policy")
    assert policy is not None and policy.startswith("default-src 'none'")
    assert "script-src" not in policy and "<script" not in page
    assert not re.search(r"(href|src)=\"(https?:)?//", page)
