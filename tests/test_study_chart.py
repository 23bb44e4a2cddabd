"""The study's charts: bars, dots, error bars and histogram bars read back as the
figures they were drawn from, by the scale each SVG carries."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from svgread import classed, figure_at

from cardcore.cli.study_chart import (
    Bins,
    Estimate,
    Series,
    binned,
    bins_for,
    histogram,
    interval_chart,
)

RATES = Series("options", "#000001", (Estimate(47.0, 40.2, 53.91, "P1 won 94"),
                                      Estimate(56.5, 49.57, 63.18, "P2 won 113")))
OTHER = Series("versus", "#000002", (Estimate(12.5, 8.0, 18.25, "P1"),
                                     Estimate(81.0, 75.5, 85.75, "P2")))


def _read(svg: ET.Element, node: ET.Element, attribute: str) -> float:
    return figure_at(svg, float(node.get(attribute, "")))


def test_each_bar_reads_back_as_its_figure_and_its_error_bar_as_its_interval() -> None:
    """Two option sets over two seats: four bars from 0 to the rate, and four error bars
    from the interval's low end to its high end, in the order of the series."""
    svg = ET.fromstring(interval_chart(["P1", "P2"], [RATES, OTHER], title="Win rate",
                                       axis="%", unit="%", bars=True, reference=50))
    bars, whiskers = classed(svg, "rect", "bar"), classed(svg, "line", "whisker")
    marks = [*RATES.marks, *OTHER.marks]
    assert len(bars) == len(whiskers) == 4
    for bar, whisker, mark in zip(bars, whiskers, marks, strict=True):
        top = float(bar.get("y", ""))
        assert figure_at(svg, top) == pytest.approx(mark.value, abs=0.01)
        assert figure_at(svg, top + float(bar.get("height", ""))) == pytest.approx(0, abs=0.01)
        assert _read(svg, whisker, "y1") == pytest.approx(mark.low, abs=0.01)
        assert _read(svg, whisker, "y2") == pytest.approx(mark.high, abs=0.01)
    assert [bar.get("data-series") for bar in bars] == ["options"] * 2 + ["versus"] * 2
    assert [bar.get("data-group") for bar in bars] == ["P1", "P2"] * 2
    (line,) = [node for node in classed(svg, "line", "reference") if node.get("data-value")]
    assert _read(svg, line, "y1") == pytest.approx(50, abs=0.01)


def test_a_seats_bars_stand_side_by_side_within_its_group() -> None:
    """Options left of versus for each seat, and each seat's pair left of the next."""
    svg = ET.fromstring(interval_chart(["P1", "P2"], [RATES, OTHER], title="t", axis="a",
                                       unit="%", bars=True))
    lefts = {(bar.get("data-group"), bar.get("data-series")): float(bar.get("x", ""))
             for bar in classed(svg, "rect", "bar")}
    assert (lefts["P1", "options"] < lefts["P1", "versus"] < lefts["P2", "options"]
            < lefts["P2", "versus"])


def test_dots_for_differences_span_negative_figures_around_the_line_of_no_change() -> None:
    """A difference below 0: its dot and error bar read back, the scale runs below 0,
    and the dashed line of no change is at 0."""
    change = Series("versus - options", "#000003", (Estimate(-5.8, -6.71, -4.89, "events"),))
    svg = ET.fromstring(interval_chart(["events"], [change], title="Game length", axis="a",
                                       unit="events", bars=False, reference=0.0,
                                       reference_note="no change"))
    (dot,) = classed(svg, "circle", "dot")
    (whisker,) = classed(svg, "line", "whisker")
    assert _read(svg, dot, "cy") == pytest.approx(-5.8, abs=0.01)
    assert _read(svg, whisker, "y1") == pytest.approx(-6.71, abs=0.01)
    assert _read(svg, whisker, "y2") == pytest.approx(-4.89, abs=0.01)
    assert float(svg.get("data-low", "")) <= -6.71 and float(svg.get("data-high", "")) >= 0
    (line,) = [node for node in classed(svg, "line", "reference") if node.get("data-value")]
    assert _read(svg, line, "y1") == pytest.approx(0, abs=0.01)
    assert "no change" in "".join(svg.itertext())


def test_the_scale_ends_on_round_figures_that_hold_every_mark() -> None:
    """The axis runs from a round figure below the lowest interval to one above the
    highest, and its grid lines are labelled within it."""
    svg = ET.fromstring(interval_chart(["P1", "P2"], [RATES, OTHER], title="t", axis="a",
                                       unit="%", bars=True))
    low, high = float(svg.get("data-low", "")), float(svg.get("data-high", ""))
    assert low == 0 and 85.75 <= high <= 100
    labels = [float(node.text or "") for node in classed(svg, "text", "tick")]
    assert labels[0] == 0 and labels[-1] == high


HISTOGRAM = ((Fraction(75), 2), (Fraction(88), 5), (Fraction(89), 1), (Fraction(11, 3), 1),
             (Fraction(125), 4))


def test_histogram_bars_hold_exactly_the_games_in_their_bins() -> None:
    """Every bar reads back as the number of games whose figure lies in its bin, and
    the bars together hold every game."""
    bins = bins_for([HISTOGRAM])
    svg = ET.fromstring(histogram([("options", "#000001", HISTOGRAM)], bins, top=6, title="P1",
                                  axis="final chips", unit="chips"))
    bars = classed(svg, "rect", "bar")
    total = 0
    for bar in bars:
        start, stop = Fraction(bar.get("data-from", "")), Fraction(bar.get("data-to", ""))
        expected = sum(count for value, count in HISTOGRAM if start <= value < stop)
        assert round(_read(svg, bar, "y")) == int(bar.get("data-games", "")) == expected > 0
        total += expected
    assert total == sum(count for _, count in HISTOGRAM)


def test_histograms_of_two_sets_share_bins_and_draw_both() -> None:
    """Options and versus bars side by side in their bins, each set's own counts."""
    other = ((Fraction(88), 3), (Fraction(130), 9))
    bins = bins_for([HISTOGRAM, other])
    svg = ET.fromstring(histogram([("options", "#1", HISTOGRAM), ("versus", "#2", other)], bins,
                                  top=9, title="P1", axis="a", unit="chips"))
    found: dict[str, int] = {}
    for bar in classed(svg, "rect", "bar"):
        found[bar.get("data-series", "")] = found.get(bar.get("data-series", ""), 0) + int(
            bar.get("data-games", ""))
    assert found == {"options": 13, "versus": 12}
    assert float(svg.get("data-high", "")) >= 9


def test_bins_whole_figures_one_a_bin_when_few() -> None:
    """Figures 3 to 12: a bin per figure, labelled under its bar."""
    bins = bins_for([((3, 5), (9, 1)), ((12, 2),)])
    assert bins == Bins(start=3, width=1, count=10)
    svg = ET.fromstring(histogram([("options", "#1", ((3, 5), (9, 1), (12, 2)))], bins, top=5,
                                  title="t", axis="a", unit="events"))
    x_low, x_high = float(svg.get("data-x-low", "")), float(svg.get("data-x-high", ""))
    centre_of_3 = x_low + (x_high - x_low) * 0.5 / bins.count
    labels = {node.text: float(node.get("x", "")) for node in classed(svg, "text", "tick")
              if node.get("text-anchor") == "middle"}
    assert labels["3"] == pytest.approx(centre_of_3, abs=0.01)


@given(st.lists(st.tuples(st.fractions(min_value=-500, max_value=5000,
                                       max_denominator=6), st.integers(1, 50)),
                min_size=1, max_size=40))
def test_every_value_falls_in_a_bin_of_a_few_dozen_round_ones(
        pairs: list[tuple[Fraction, int]]) -> None:
    """Whatever the figures, the bins are whole, round, few, and count every game."""
    found = tuple(sorted(dict(pairs).items()))
    bins = bins_for([found])
    assert bins.count <= 26 and str(bins.width)[0] in "125"
    assert sum(binned(found, bins)) == sum(count for _, count in found)
    for value, _ in found:
        assert bins.edge(0) <= value < bins.edge(bins.count)
