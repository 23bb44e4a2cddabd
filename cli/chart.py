"""The chart of a report page: every player's chips or points over the events, as
inline SVG drawn here (no script, no library, nothing fetched).

The x axis is the readings of a timeline, the start first, so the point after
event ``i`` is at position ``i + 1``; the y axis runs from the lowest to the highest
figure anyone had. Rounds (hands in Auction) are marked by a dashed line where they
begin, a rule problem by a red line at the refused event, the first parting of two
records by a line of its own. Each player's line carries their name and final
figure, and the SVG element the scale it was drawn with (``data-low``,
``data-high``, ``data-y-low``, ``data-y-high``), so that a reader (and the browser
test) can read any point back as a figure.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from cardcore.cli.markup import Html, el, join, text
from cardcore.replay.jsonwrite import json_number
from cardcore.replay.timeline import Timeline

__all__ = ["PALETTE", "chart", "figure", "nice_step", "swatch", "ticks"]

WIDTH, HEIGHT = 600, 320
LEFT, RIGHT, TOP, BOTTOM = 48, 104, 44, 40
"""Margins: the y labels left, the players' names right, the round labels on top."""
LINE = 14
"""The height of a line of the labels at the lines' ends."""

PALETTE = ("#1f5fa8", "#c8372d", "#2e8b3a", "#d9820b", "#7a4fb0", "#8a5a2b", "#c2408f",
           "#168a96")
"""One colour per seat (up to 8 players), each line also dashed its own way for print."""
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 4", "12 4", "1 2", "6 2 1 2")


def nice_step(raw: float) -> float:
    """The round step (1, 2 or 5 times a power of ten) nearest above ``raw``.

    >>> nice_step(3.7), nice_step(0.04), nice_step(20)
    (5.0, 0.05, 20.0)
    """
    power = 10.0 ** math.floor(math.log10(raw))
    return next(power * m for m in (1, 2, 5, 10) if power * m >= raw)


def ticks(low: float, high: float, count: int = 5, *, least: float = 1.0) -> list[float]:
    """Round values between ``low`` and ``high`` for grid lines, about ``count`` steps
    apart and never closer than ``least`` (the report's figures are whole numbers, a
    split's fractions fall between the lines; a study's rates pass a smaller one).

    >>> ticks(0, 100)
    [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
    >>> ticks(94.35, 108.65)
    [95.0, 100.0, 105.0]
    >>> ticks(0, 0.3, least=0.01)
    [0.0, 0.1, 0.2, 0.3]
    """
    step = nice_step(max((high - low) / count, least))
    first = math.ceil(low / step) * step
    return [round(first + k * step, 10) + 0.0
            for k in range(int((high - first) / step + 1e-9) + 1)]


def swatch(colour: str) -> Html:
    """A short thick line of ``colour``, for a legend (hidden from screen readers: the
    legend's words say the same)."""
    return Html(f'<svg class="swatch" viewBox="0 0 24 8" aria-hidden="true">'
                f'<line x1="0" y1="4" x2="24" y2="4" stroke="{text(colour)}" '
                f'stroke-width="3"/></svg>')


def chart(found: Timeline, *, problem_at: int | None = None, parting: int | None = None,
          label: str = "") -> Html:
    """The SVG chart of a timeline; ``problem_at`` and ``parting`` are event indexes."""
    readings = found.readings
    values = [float(v) for name in found.players for v in found.series(name)]
    piles = [reading.standings.pile_value for reading in readings]
    values += [float(worth) for worth in piles if worth is not None]
    low, high = min(values), max(values)
    pad = (high - low) / 20 or 1  # a line at the very edge is hard to see
    low, high = (low - pad if low - pad >= 0 or low < 0 else 0.0), high + pad
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    marked = [index + 1 for index in (problem_at, parting) if index is not None]
    span = max(len(readings) - 1, *marked, 1)  # room for a refused event after the last point

    def x_at(position: float) -> float:
        return round(LEFT + plot_w * position / span, 2)

    def y_at(value: float) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 2)

    parts: list[Html] = []
    for tick in ticks(low, high):
        y = y_at(tick)
        parts.append(el("line", class_="grid", x1=LEFT, x2=WIDTH - RIGHT, y1=y, y2=y))
        parts.append(el("text", figure(tick), class_="tick", x=LEFT - 6, y=y + 4,
                        text_anchor="end"))
    last = len(readings) - 1
    parts.append(el("text", f"{found.unit} after each event (0: the start, {last}: after "
                    f"event #{last - 1})", class_="axis", x=LEFT + plot_w / 2,
                    y=HEIGHT - 10, text_anchor="middle"))
    parts += _rounds(found, x_at)
    for index, css, words in ((problem_at, "problem-mark", "rule problem"),
                              (parting, "parting-mark", "records part")):
        if index is not None:
            x = x_at(index + 1)
            parts.append(el("line", el("title", f"{words} at event #{index}"), class_=css,
                            x1=x, x2=x, y1=TOP, y2=TOP + plot_h, data_index=index))
    for run in _runs(piles):  # Auction: what the starter pile would score, hand by hand
        points = " ".join(f"{x_at(k)},{y_at(float(worth))}" for k, worth in run)
        parts.append(el("polyline", el("title", "what the starter pile would score"),
                        class_="pile-line", points=points, fill="none"))
    ends: list[tuple[float, str, Html]] = []
    for seat, name in enumerate(found.players):
        series = found.series(name)
        points = " ".join(f"{x_at(k)},{y_at(float(v))}" for k, v in enumerate(series))
        final = json_number(series[-1])
        parts.append(el("polyline", el("title", f"{name}: {final} {found.unit} at the end"),
                        class_=f"player-line p{seat % len(PALETTE)}", points=points,
                        data_player=name, data_last=final, fill="none",
                        stroke=PALETTE[seat % len(PALETTE)],
                        stroke_dasharray=DASHES[seat % len(DASHES)] or None))
        ends.append((y_at(float(series[-1])), name, Html(f"p{seat % len(PALETTE)}")))
    parts += _end_labels(ends, found, x_at(len(readings) - 1) + 6)
    return el("svg", el("title", label or f"{found.unit} of each player over the events"),
              *parts, class_="chart", viewBox=f"0 0 {WIDTH} {HEIGHT}", role="img",
              xmlns="http://www.w3.org/2000/svg", data_unit=found.unit,
              data_low=figure(low), data_high=figure(high), data_y_low=y_at(low),
              data_y_high=y_at(high), data_players=len(found.players))


def _runs(values: list[int | None]) -> list[list[tuple[int, int]]]:
    """The stretches of (position, value) where a value is given.

    >>> _runs([None, 1, 5, None, 2])
    [[(1, 1), (2, 5)], [(4, 2)]]
    """
    runs: list[list[tuple[int, int]]] = []
    for position, value in enumerate(values):
        if value is None:
            continue
        if runs and runs[-1][-1][0] == position - 1:
            runs[-1].append((position, value))
        else:
            runs.append([(position, value)])
    return runs


def figure(value: float | Fraction) -> str:
    """A figure on an axis: ``100``, ``3.5``."""
    return f"{value:g}" if isinstance(value, float) else str(json_number(value))


def _rounds(found: Timeline, x_at: Callable[[float], float]) -> list[Html]:
    """A dashed line where each round begins, labelled where there is room."""
    marks: list[Html] = []
    room_from = [-1.0, -1.0]
    game = None
    for index, name in found.parts():
        x = x_at(index)
        marks.append(el("line", el("title", f"{name} begins at event #{index}"),
                        class_="round-mark", x1=x, x2=x, y1=TOP - 4,
                        y2=HEIGHT - BOTTOM, data_index=index))
        first, _, rest = name.partition(", ")  # "game 1, round 2" after "game 1, ...": "round 2"
        shown = rest if rest and first == game else name
        game = first if rest else None
        row = next((k for k, free in enumerate(room_from) if x >= free), None)
        if row is not None:  # on the first of the two rows with room, else only the line
            shown = shown if len(shown) <= 20 else shown[:19] + "…"
            marks.append(el("text", shown, class_="round-label", x=x + 3,
                            y=TOP - 8 - 14 * row))
            room_from[row] = x + 6.5 * len(shown) + 8
    return marks


def _end_labels(ends: list[tuple[float, str, Html]], found: Timeline, x: float) -> list[Html]:
    """Each line's name and final figure at its end, pushed apart so none overlap."""
    order = sorted(ends)
    ys: list[float] = []
    for y, _, _ in order:  # down from the top, each at least a line below the last
        ys.append(max(y + 4, ys[-1] + LINE if ys else -math.inf))
    limit = HEIGHT - BOTTOM + 4
    for k in reversed(range(len(ys))):  # then up from the bottom, if they ran past it
        ys[k] = min(ys[k], limit if k == len(ys) - 1 else ys[k + 1] - LINE)
    placed: list[Html] = []
    for y, (_, name, css) in zip(ys, order, strict=True):
        shown = name if len(name) <= 10 else name[:9] + "…"
        last = json_number(found.series(name)[-1])
        placed.append(el("text", join([shown, " ", str(last)]), class_=f"end-label {css}",
                         x=x, y=round(y, 2)))
    return placed
