"""The study page: what ``cardcore study --chart PAGE`` writes beside its tables.

A study's tables give each figure with its interval; the page shows what is
hard to see in a column of numbers: how far apart the seats' win rates are
against an even share, and whether their intervals overlap; the whole spread
of the final chips or points and of the games' lengths, not only their
quartiles; and with ``--versus``, both option sets side by side in every chart,
then the paired differences (versus minus base, over the same seeds) as dots
whose error bars cross the line of no change, or do not.

The page is one file in the frame every cardcore page has
(:mod:`cardcore.cli.page`: no script, nothing fetched); its charts are drawn by
:mod:`cardcore.cli.study_chart` from the study's exact tallies, with the same
intervals the tables print (:func:`~cardcore.replay.tally.wilson`,
:func:`~cardcore.replay.tally.mean_interval`). Option values and the policy's
name are shown as text, escaped (:mod:`cardcore.cli.markup`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardcore.cli.chart import swatch
from cardcore.cli.markup import Html, el, join
from cardcore.cli.page import page
from cardcore.cli.study_chart import (
    SERIES_COLOURS,
    Estimate,
    Series,
    binned,
    bins_for,
    histogram,
    interval_chart,
)
from cardcore.registry import GAMES
from cardcore.replay.accounts import figures
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.study import Study, StudySpec, seat_name
from cardcore.replay.tally import Sums, Tally, mean_interval, wilson
from cardcore.standings import plural

__all__ = ["study_page"]

NAMES = ("options", "versus")
"""The option sets, as the page and its charts name them."""


def _seats(spec: StudySpec) -> list[str]:
    return [seat_name(seat) for seat in range(spec.players)]


def _policies(spec: StudySpec) -> Html:
    """Who played, as the text report says it: one policy when every seat played it,
    else each seat's, so that the win rates read as one policy against another."""
    names = [policy or "random" for policy in spec.policies()]
    if len(set(names)) == 1:
        return join(["policy ", el("code", names[0])])
    return join(["policies ", join((join([seat, " ", el("code", name)])
                                    for seat, name in zip(_seats(spec), names, strict=True)),
                                   ", ")])


def _unit(spec: StudySpec) -> str:
    """``chips`` or ``points``: what the game's standings count."""
    rules = GAMES[spec.game]
    found, _ = figures(rules.outcome(rules.start(_seats(spec), spec.options)))
    return found


def _sets(result: Study) -> list[tuple[str, str, Tally]]:
    """(name, colour, tally) of each option set played."""
    tallies = [result.base] + ([result.versus] if result.versus is not None else [])
    return [(name, colour, tally)
            for name, colour, tally in zip(NAMES, SERIES_COLOURS, tallies, strict=False)]


def _win_marks(name: str, tally: Tally) -> tuple[Estimate, ...]:
    """Each seat's win rate and its Wilson interval, in percent."""
    marks = []
    for seat, wins in enumerate(tally.wins, start=1):
        low, high = wilson(wins, tally.games)
        rate = round(100 * wins / tally.games, 2) if tally.games else 0.0
        low, high = round(100 * low, 2), round(100 * high, 2)
        marks.append(Estimate(rate, low, high,
                              f"P{seat} ({name}): won {wins} of {tally.games} games, "
                              f"{rate:.2f}%, 95% interval {low:.2f}% to {high:.2f}%"))
    return tuple(marks)


def _wins(result: Study) -> Html:
    seats = _seats(result.spec)
    series = [Series(name, colour, _win_marks(name, tally))
              for name, colour, tally in _sets(result)]
    even = 100 / result.spec.players
    shared = [f"{plural(result.base.shared, 'such game')} under the options"]
    shared += [f"{result.versus.shared} under versus"] if result.versus is not None else []
    return el("section", el("h2", "Win rate per seat"), _figure(
        interval_chart(seats, series, title="Win rate per seat", unit="%", bars=True,
                       axis="% of games won, with the 95% Wilson interval",
                       reference=round(even, 2), reference_note=f"an even share, {even:.4g}%"),
        "Bars: the share of the games each seat won; lines: its 95% Wilson interval; "
        "dashed: what an even share would be. ",
        "A game won by more than one seat counts for each of them "
        f"({', '.join(shared)}), so the rates may add up to more than 100%."
        if any(tally.shared for _, _, tally in _sets(result)) else None))


def _difference(sums: Sums, group: str, scale: float, words: str) -> Estimate:
    mean, low, high = (round(scale * value, 4) for value in mean_interval(sums))
    return Estimate(mean, low, high, f"{group}: versus minus options {mean:+g} {words}, "
                                     f"95% interval {low:+g} to {high:+g}")


def _differences(result: Study, counted: str) -> Html | None:
    """The paired differences, versus minus base, each with its 95% interval."""
    paired = result.paired
    if paired is None:
        return None
    seats = _seats(result.spec)
    colour = SERIES_COLOURS[1]
    charts = [
        interval_chart(seats, [Series("versus - options", colour, tuple(
            _difference(sums, seat, 100, "percentage points")
            for seat, sums in zip(seats, paired.wins, strict=True)))],
            title="Win rate", axis="change in percentage points", unit="percentage points",
            bars=False, reference=0.0, reference_note="no change"),
        interval_chart(seats, [Series("versus - options", colour, tuple(
            _difference(sums, seat, 1, counted)
            for seat, sums in zip(seats, paired.finals, strict=True)))],
            title=f"Final {counted}", axis=f"change in final {counted}", unit=counted,
            bars=False, reference=0.0, reference_note="no change"),
        interval_chart(["events"], [Series("versus - options", colour, (
            _difference(paired.events, "events per game", 1, "events"),))],
            title="Game length", axis="change in events per game", unit="events",
            bars=False, reference=0.0, reference_note="no change", height=220),
    ]
    return el("section", el("h2", "Versus minus options, game by game over the same seeds"),
              el("div", *(_figure(chart) for chart in charts), class_="panels"),
              el("p", "Dots: the mean change over the paired games; lines: its 95% interval. "
                 "Where a line stays clear of the dashed one, the change does something at "
                 "this number of games.", class_="key"))


def _spread(result: Study, counted: str) -> Html:
    """A histogram of the final figure per seat, all on the same bins and scale."""
    sets = _sets(result)
    found = [tally.finals[seat] for _, _, tally in sets for seat in range(result.spec.players)]
    bins = bins_for(found)
    top = max((games for histogram in found for games in binned(histogram, bins)), default=1)
    panels = [histogram([(name, colour, tally.finals[seat]) for name, colour, tally in sets],
                        bins, top=top, title=seat_name, unit=counted,
                        axis=f"final {counted} (games in each bin)")
              for seat, seat_name in enumerate(_seats(result.spec))]
    return el("section", el("h2", f"Final {counted} per seat"),
              el("div", *(_figure(panel) for panel in panels), class_="panels"),
              el("p", f"How many games each seat ended with so many {counted}; every panel "
                 "has the same bins and the same scale.", class_="key"))


def _lengths(result: Study) -> Html:
    sets = _sets(result)
    bins = bins_for([tally.events for _, _, tally in sets])
    top = max((games for _, _, tally in sets for games in binned(tally.events, bins)),
              default=1)
    chart = histogram([(name, colour, tally.events) for name, colour, tally in sets], bins,
                      top=top, title="Events per game", unit="events",
                      axis="events in the game (games in each bin)")
    return el("section", el("h2", "Game length"), _figure(chart))


def _figure(chart: Html, *key: object) -> Html:
    """A chart in its scrolling box, with a key below when there are words for one."""
    words = [part for part in key if part is not None]
    return el("figure", el("div", chart, class_="scroll"),
              el("figcaption", *words, class_="key") if words else None, class_="chart-box")


def _options(options: Mapping[str, Any], versus: Mapping[str, Any] | None) -> Html:
    """Every option's value in each set played; a value the versus set changes in bold."""
    played = 1 if versus is None else 2
    head = [el("th", "option"),
            *(el("th", swatch(colour), name, scope="col")
              for name, colour in zip(NAMES[:played], SERIES_COLOURS[:played], strict=True))]
    rows = []
    for key, value in options.items():
        cells = [el("th", key, scope="row"), el("td", json_text(value))]
        if versus is not None:
            other = versus.get(key)
            cells.append(el("td", json_text(other),
                            class_="changed" if other != value else None))
        rows.append(el("tr", *cells))
    return el("div", el("table", el("thead", el("tr", *head)), el("tbody", *rows),
                        class_="options"), class_="scroll")


def study_page(result: Study, options: Mapping[str, Any],
               versus_options: Mapping[str, Any] | None = None) -> str:
    """The page of a study; ``options`` (and ``versus_options``) as ``study --format
    json`` lists them, every option with its value."""
    spec = result.spec
    counted = _unit(spec)
    title = GAMES[spec.game].title
    header = el("header",
                el("h1", f"Study: {plural(spec.games, 'game')} of {title}"),
                el("p", f"{spec.players} players (P1 to P{spec.players}), seeds {spec.seed} to "
                   f"{spec.seed + spec.games - 1}, ", _policies(spec),
                   "; every game played again under the versus options, with the same seed"
                   if result.versus is not None else None, class_="file"),
                _options(options, versus_options if result.versus is not None else None),
                class_="top")
    body = [header, _wins(result), _differences(result, counted), _spread(result, counted),
            _lengths(result)]
    return page(f"cardcore study: {plural(spec.games, 'game')} of {title}",
                [part for part in body if part is not None], layout="study", style=STYLE,
                footer="Written by cardcore study: every figure is counted from the games "
                "played; the tables it prints also give how the games ended and which rules "
                "decided something. This page needs no network.")


STYLE = f"""
.top .file code{{font-family:ui-monospace,Menlo,Consolas,monospace}}
.options td{{text-align:left;font-family:ui-monospace,Menlo,Consolas,monospace}}
.options td.changed{{font-weight:700}}
.chart-box{{margin:.4em 0 1em}}.study .chart{{max-width:680px}}
.panels{{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,460px),1fr));
gap:8px 16px}}
.chart .panel-title{{font-size:14px;font-weight:700;fill:var(--ink)}}
.chart .group{{font-size:13px;font-weight:600;fill:var(--ink)}}
.chart .zero{{stroke:#8d8d99;stroke-width:1}}
.chart .whisker,.chart .cap{{stroke:var(--ink);stroke-width:1.5}}
.chart .reference{{stroke:#8d8d99;stroke-width:1.5;stroke-dasharray:6 4}}
.chart .key-note{{font-size:13px;fill:var(--soft)}}
.chart .bar.s1,.chart .key-swatch.s1{{fill-opacity:.55;stroke:{SERIES_COLOURS[1]};stroke-width:1}}
@media print{{.chart-box{{break-inside:avoid}}}}
""".strip()
"""The study page's own style, after the shared one (:data:`cardcore.cli.page.STYLE`)."""
