"""The charts of a study page, as inline SVG drawn here (no script, no library).

Two kinds, both read off a study's exact tallies (:mod:`cardcore.replay.tally`):

* :func:`interval_chart`: per group (a seat), a figure and its 95% interval from
  each option set side by side: a bar and its error bar for a win rate, a dot
  and its error bar for a difference (versus minus base), with a reference line
  (an even share of the wins, or no change);
* :func:`histogram`: how many games ended in each bin of a figure (final chips
  or points, events per game), the option sets' bars side by side in each bin.

As on the report's chart (:mod:`cardcore.cli.chart`, whose palette, ticks and
figure format these share), each SVG element carries the scale it was drawn
with: figures ``data-low`` and ``data-high`` at pixels ``data-y-low`` and
``data-y-high``, so that a reader, and the tests, can read any bar, dot or error
bar back as a figure. The axis ends are round figures, on grid lines.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction

import attrs

from cardcore.cli.chart import PALETTE, figure, nice_step, ticks
from cardcore.cli.markup import Html, el
from cardcore.replay.tally import Counts

__all__ = [
    "SERIES_COLOURS",
    "Bins",
    "Estimate",
    "Series",
    "binned",
    "bins_for",
    "histogram",
    "interval_chart",
]

SERIES_COLOURS = (PALETTE[0], PALETTE[1])
"""The study's options, then the versus options."""

WIDTH = 600
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 30, 44
"""Margins: the y labels left, a title on top, the group labels and the axis below."""


@attrs.frozen
class Estimate:
    """A figure and its 95% interval, with the words a reader hovering over it sees."""

    value: float
    low: float
    high: float
    note: str


@attrs.frozen
class Series:
    """The marks of one option set, one per group, in one colour."""

    name: str
    colour: str
    marks: tuple[Estimate, ...]


def _scale(low: float, high: float, least: float) -> tuple[float, float]:
    """``low`` and ``high`` widened to round figures on grid lines.

    >>> _scale(0, 56.2, 0.01), _scale(-8.57, 0.57, 0.01)
    ((0.0, 60.0), (-10.0, 2.0))
    """
    if high <= low:
        low, high = low - least, high + least
    step = nice_step(max((high - low) / 5, least))
    return (round(math.floor(low / step + 1e-9) * step, 10) + 0.0,
            round(math.ceil(high / step - 1e-9) * step, 10) + 0.0)


def _frame(low: float, high: float, height: int, least: float
           ) -> tuple[Callable[[float], float], list[Html]]:
    """The y position of a figure, and the grid lines with their labels."""
    plot_h = height - TOP - BOTTOM

    def y_at(value: float) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 2)

    parts: list[Html] = []
    for tick in ticks(low, high, least=least):
        y = y_at(tick)
        parts.append(el("line", class_="grid", x1=LEFT, x2=WIDTH - RIGHT, y1=y, y2=y))
        parts.append(el("text", figure(tick), class_="tick", x=LEFT - 6, y=y + 4,
                        text_anchor="end"))
    return y_at, parts


def _legend(series: Sequence[tuple[str, str]], reference: str = "") -> list[Html]:
    """The title row's key, right-aligned: a swatch per option set (when there are
    two) and a sample of the dashed reference line."""
    items = [(f"s{number}", colour, words) for number, (colour, words) in enumerate(series)]
    items = (items if len(items) > 1 else []) + ([("", "", reference)] if reference else [])
    parts: list[Html] = []
    right = WIDTH - RIGHT
    for css, colour, words in reversed(items):  # from the right edge leftwards
        left = right - (18 + 7 * len(words))
        if colour:
            parts.append(el("rect", class_=f"key-swatch {css}", x=left, y=TOP - 22, width=12,
                            height=12, fill=colour))
        else:
            parts.append(el("line", class_="reference", x1=left - 6, x2=left + 12,
                            y1=TOP - 16, y2=TOP - 16))
        parts.append(el("text", words, class_="key-note", x=left + 16, y=TOP - 12))
        right = left - 14
    return parts


def _svg(label: str, title: str, parts: list[Html], height: int, low: float, high: float,
         y_at: Callable[[float], float], unit: str, **data: object) -> Html:
    """The SVG element, with its scale for reading figures back."""
    return el("svg", el("title", label),
              el("text", title, class_="panel-title", x=LEFT, y=TOP - 12), *parts,
              class_="chart", viewBox=f"0 0 {WIDTH} {height}", role="img",
              xmlns="http://www.w3.org/2000/svg", data_unit=unit, data_low=figure(low),
              data_high=figure(high), data_y_low=y_at(low), data_y_high=y_at(high), **data)


def interval_chart(groups: Sequence[str], series: Sequence[Series], *, title: str, axis: str,
                   unit: str, bars: bool, reference: float | None = None,
                   reference_note: str = "", least: float = 0.01, height: int = 280) -> Html:
    """Each group's marks side by side: a bar from 0 (``bars``) or a dot, each with an
    error bar over its interval; a dashed line at ``reference`` (with its note)."""
    marks = [mark for one in series for mark in one.marks]
    figures = [v for mark in marks for v in (mark.low, mark.high, mark.value)]
    figures += [0.0] if bars else []
    figures += [reference] if reference is not None else []
    low, high = _scale(min(figures), max(figures), least)
    y_at, parts = _frame(low, high, height, least)
    plot_w = WIDTH - LEFT - RIGHT
    group_w = plot_w / max(len(groups), 1)
    slot = group_w * 0.7 / max(len(series), 1)
    width = round(min(slot * 0.8, 56), 2)
    if low < 0 < high:
        parts.append(el("line", class_="zero", x1=LEFT, x2=WIDTH - RIGHT, y1=y_at(0),
                        y2=y_at(0)))
    for index, name in enumerate(groups):
        centre = LEFT + group_w * (index + 0.5)
        parts.append(el("text", name, class_="group", x=round(centre, 2),
                        y=height - BOTTOM + 18, text_anchor="middle"))
    for number, one in enumerate(series):
        for index, mark in enumerate(one.marks):
            x = round(LEFT + group_w * (index + 0.15) + slot * (number + 0.5), 2)
            data = {"data_group": groups[index], "data_series": one.name,
                    "data_value": mark.value, "data_interval": f"{mark.low} {mark.high}"}
            if bars:
                top, bottom = y_at(max(mark.value, 0.0)), y_at(min(mark.value, 0.0))
                parts.append(el("rect", el("title", mark.note), class_=f"bar s{number}",
                                x=round(x - width / 2, 2), y=top, width=width,
                                height=round(bottom - top, 2), fill=one.colour, **data))
            else:
                parts.append(el("circle", el("title", mark.note), class_=f"dot s{number}",
                                cx=x, cy=y_at(mark.value), r=4.5, fill=one.colour, **data))
            parts += _error_bar(x, y_at(mark.low), y_at(mark.high), mark.note, groups[index],
                                one.name)
    if reference is not None:
        y = y_at(reference)
        parts.append(el("line", el("title", reference_note), class_="reference", x1=LEFT,
                        x2=WIDTH - RIGHT, y1=y, y2=y, data_value=reference))
    parts += _legend([(one.colour, one.name) for one in series],
                     reference_note if reference is not None else "")
    parts.append(el("text", axis, class_="axis", x=LEFT + plot_w / 2, y=height - 8,
                    text_anchor="middle"))
    return _svg(f"{title}: {axis}", title, parts, height, low, high, y_at, unit,
                data_groups=len(groups))


def _error_bar(x: float, y_low: float, y_high: float, note: str, group: str,
               name: str) -> list[Html]:
    """A vertical line over the interval, capped at both ends."""
    return [el("line", el("title", note), class_="whisker", x1=x, x2=x, y1=y_low, y2=y_high,
               data_group=group, data_series=name),
            el("line", class_="cap", x1=x - 5, x2=x + 5, y1=y_low, y2=y_low),
            el("line", class_="cap", x1=x - 5, x2=x + 5, y1=y_high, y2=y_high)]


@attrs.frozen
class Bins:
    """``count`` bins of ``width``, the first from ``start``: bin ``k`` holds the
    figures from ``start + k * width`` up to (not including) the next bin's start."""

    start: int
    width: int
    count: int

    def edge(self, k: int) -> int:
        return self.start + k * self.width

    def index(self, value: Fraction | int) -> int:
        return math.floor((Fraction(value) - self.start) / self.width)


def bins_for(histograms: Sequence[Counts[Fraction] | Counts[int]], most: int = 24) -> Bins:
    """Whole-number bins of a round width, at most about ``most`` of them, over every
    value of ``histograms`` (so that charts drawn with them compare bin by bin).

    >>> bins_for([((3, 5), (9, 1)), ((12, 2),)])
    Bins(start=3, width=1, count=10)
    >>> bins_for([((Fraction(11, 3), 1), (240, 3))])
    Bins(start=0, width=10, count=25)
    """
    values = [Fraction(value) for histogram in histograms for value, _ in histogram]
    low, high = (min(values), max(values)) if values else (Fraction(0), Fraction(0))
    width = int(nice_step(max(float(high - low) / most, 1.0)))
    start = math.floor(low / width) * width
    return Bins(start=start, width=width, count=math.floor((high - start) / width) + 1)


def binned(histogram: Counts[Fraction] | Counts[int], bins: Bins) -> list[int]:
    """The games in each bin."""
    games = [0] * bins.count
    for value, count in histogram:
        games[bins.index(value)] += count
    return games


def _bin_words(bins: Bins, k: int, whole: bool) -> str:
    """What bin ``k`` holds: ``98``, ``90 to 94`` (whole figures), ``from 90 to under 95``."""
    first, last = bins.edge(k), bins.edge(k + 1)
    if whole:
        return str(first) if bins.width == 1 else f"{first} to {last - 1}"
    return f"from {first} to under {last}"


def histogram(series: Sequence[tuple[str, str, Counts[Fraction] | Counts[int]]], bins: Bins,
              *, top: int, title: str, axis: str, unit: str, height: int = 220) -> Html:
    """The games per bin of each ``(name, colour, histogram)`` side by side; the y axis
    up to ``top`` games at least (the same for every panel of a page)."""
    whole = all(Fraction(value) % 1 == 0 for _, _, found in series for value, _ in found)
    low, high = _scale(0, max(top, 1), 1.0)
    y_at, parts = _frame(low, high, height, 1.0)
    plot_w = WIDTH - LEFT - RIGHT
    bin_w = plot_w / bins.count

    def x_at(k: float) -> float:
        return round(LEFT + bin_w * k, 2)

    slot = bin_w * 0.9 / max(len(series), 1)
    for number, (name, colour, found) in enumerate(series):
        for k, games in enumerate(binned(found, bins)):
            if not games:
                continue
            x = x_at(k) + bin_w * 0.05 + slot * number
            words = f"{unit} {_bin_words(bins, k, whole)}: {games} games ({name})"
            parts.append(el("rect", el("title", words), class_=f"bar s{number}",
                            x=round(x, 2), y=y_at(games), width=round(max(slot - 1, 1), 2),
                            height=round(y_at(0) - y_at(games), 2), fill=colour,
                            data_series=name, data_from=bins.edge(k), data_to=bins.edge(k + 1),
                            data_games=games))
    parts.append(el("line", class_="zero", x1=LEFT, x2=WIDTH - RIGHT, y1=y_at(0), y2=y_at(0)))
    parts += _x_labels(bins, x_at, whole, height)
    parts += _legend([(colour, name) for name, colour, _ in series])
    parts.append(el("text", axis, class_="axis", x=LEFT + plot_w / 2, y=height - 8,
                    text_anchor="middle"))
    return _svg(f"{title}: {axis}", title, parts, height, low, high, y_at, "games",
                data_start=bins.start, data_width=bins.width, data_bins=bins.count,
                data_x_low=x_at(0), data_x_high=x_at(bins.count))


def _x_labels(bins: Bins, x_at: Callable[[float], float], whole: bool,
              height: int) -> list[Html]:
    """At most about ten round figures along the bins: under the bar for bins of one
    whole figure, else at the edge where a bin begins."""
    every = bins.width * int(nice_step(max(bins.count / 10, 1.0)))
    centred = whole and bins.width == 1
    labels = []
    for k in range(bins.count + (0 if centred else 1)):
        if bins.edge(k) % every:
            continue
        x = x_at(k + 0.5) if centred else x_at(k)
        labels.append(el("text", str(bins.edge(k)), class_="tick", x=x,
                         y=height - BOTTOM + 16, text_anchor="middle"))
    return labels
