"""The report page: one record (or two side by side) as one self-contained HTML file.

What a table settling a dispute wants to look at rather than read: the chart of
everyone's chips or points over the events with the rounds marked, then every
event with its effects and rules, the standings after it, a rule problem at the
event it stopped at with its message, hidden cards shown as hidden. The page
holds its style and its chart (inline SVG); it runs no script and its content
security policy forbids fetching anything, so it works offline and a hostile
transcript cannot make it do anything. Every string from the input goes through
:mod:`cardcore.cli.markup`, which escapes it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from cardcore.cli.chart import PALETTE, chart, swatch
from cardcore.cli.markup import Html, el, join
from cardcore.cli.page import page
from cardcore.cli.records import SHOWN_GAPS, gap_text, reading_note, words
from cardcore.cli.render import (
    compact,
    pile_text,
    standings_lines,
    unchecked_text,
)
from cardcore.effects import Effect
from cardcore.protocol import Event, Outcome
from cardcore.replay.diff import Diff
from cardcore.replay.jsonwrite import json_number
from cardcore.replay.problems import Problem, moved_text, split_pointer
from cardcore.replay.runner import Report
from cardcore.replay.timeline import Reading, Timeline, timeline
from cardcore.replay.transcript import dump_transcript, event_json
from cardcore.standings import plural

__all__ = ["pair_page", "record_page"]

HIDDEN = "?"
"""How a transcript writes a card the record keeps hidden (event_json's form)."""


def _value(value: Any) -> Html:
    """An event's field value: names and cards as text, a hidden card as a hidden card."""
    if isinstance(value, Mapping):
        return join(["{", join((join([el("span", key, class_="who"), ": ", _value(item)])
                                for key, item in value.items()), ", "), "}"])
    if isinstance(value, list):
        return join(["[", join((_value(item) for item in value), " "), "]"])
    if value == HIDDEN:
        return el("span", HIDDEN, class_="card hidden", title="a hidden card")
    return el("span", str(value), class_="card") if isinstance(value, str) else join([value])


def event_html(event: Event) -> Html:
    """An event as its type, player, fields and note (hidden cards marked)."""
    data = event_json(event)
    kind = data.pop("type")
    note = data.pop("note", None)
    player = data.pop("player", None)
    parts: list[Html] = [el("span", kind, class_="kind")]
    if player is not None:
        parts.append(el("span", player, class_="who"))
    parts += [el("span", key, "=", _value(item), class_="field") for key, item in data.items()]
    if note is not None:
        parts.append(el("q", note, class_="note"))
    return join(parts, " ")


def _effect(effect: Effect) -> Html:
    transfers = [el("li", str(transfer)) for transfer in effect.transfers]
    return el("li", effect.text, " ", el("span", effect.rule, class_="rule"),
              el("ul", *transfers, class_="transfers") if transfers else None)


def _after(standings: Outcome, before: Outcome | None) -> Html:
    """The standings after an event, what changed in bold."""
    shown = standings.chips if standings.chips is not None else standings.scores or {}
    earlier = (before.chips if before is not None and before.chips is not None
               else before.scores or {} if before is not None else {})
    parts = [el("span", name, " ", str(json_number(value)),
                class_="changed" if name in earlier and earlier[name] != value else None)
             for name, value in shown.items()]
    if standings.pot is not None:
        changed = before is not None and before.pot != standings.pot
        parts.append(el("span", f"pot {standings.pot}", class_="changed" if changed else None))
    if standings.pile is not None:
        parts.append(el("span", pile_text(standings), class_="pile"))
    if standings.winners is not None:
        parts.append(el("span", "winners: ", join(standings.winners, ", "), class_="winners"))
    return el("div", join(parts, " · "), class_="after")


def _problem(problem: Problem) -> Html:
    rule = f" [{problem.rule}]" if problem.rule else ""
    moved = (el("div", moved_text(problem), class_="moved")
             if problem.moved_by is not None else None)
    placed = f" ({problem.placed})" if problem.placed is not None else None
    return el("div", el("strong", f"{problem.kind}{rule}"), ": ", problem.message, " ",
              el("code", problem.pointer or "(whole file)"), placed, moved, class_="problem",
              role="note")


def _located(problems: Sequence[Problem]) -> tuple[dict[int, list[Problem]], list[Problem],
                                                    list[Problem]]:
    """The problems at each event, those of the result, and the others."""
    at: dict[int, list[Problem]] = defaultdict(list)
    result: list[Problem] = []
    other: list[Problem] = []
    for problem in problems:
        parts = split_pointer(problem.pointer)
        if len(parts) >= 2 and parts[0] == "events" and parts[1].isdigit():
            at[int(parts[1])].append(problem)
        elif parts and parts[0] == "result":
            result.append(problem)
        else:
            other.append(problem)
    return at, result, other


def _verdict(report: Report) -> Html:
    if report.valid:
        words = ("fails exactly as its expect says" if report.expect
                 else "valid: every event follows the rules and every reading agrees")
        return el("p", words, class_="verdict ok")
    counts: defaultdict[str, int] = defaultdict(int)
    for problem in report.problems:
        counts[problem.kind] += 1
    listed = ", ".join(plural(n, f"{kind} problem") for kind, n in counts.items())
    stopped = unchecked_text(report)
    return el("p", listed, el("br") if stopped else None, stopped, class_="verdict bad")


def _legend(found: Timeline) -> Html:
    items = []
    for seat, name in enumerate(found.players):
        last = json_number(found.series(name)[-1])
        items.append(el("li", swatch(PALETTE[seat % len(PALETTE)]), el("span", name, class_="who"),
                        f" {last}"))
    return el("ul", *items, class_="legend")


def _round_table(found: Timeline) -> Html:
    """The standings at the end of each round, as a small table."""
    rows = found.rows("round")
    pot = any(row.standings.pot is not None for row in rows)
    pile = any(row.standings.pile is not None for row in rows)
    head = [el("th", "after"), *(el("th", name, scope="col") for name in found.players)]
    head += [el("th", "pot")] if pot else []
    head += [el("th", "pile worth")] if pile else []
    body = []
    for row in rows:
        label = ("the start" if row.index is None else
                 f"{row.part}{' so far' if found.unfinished(row) else ''} (#{row.index})")
        cells = [el("th", label, scope="row")]
        cells += [el("td", str(json_number(row.figures[name]))) for name in found.players]
        if pot:
            cells.append(el("td", "" if row.standings.pot is None else str(row.standings.pot)))
        if pile:
            worth = row.standings.pile_value
            cells.append(el("td", "" if worth is None else str(worth)))
        body.append(el("tr", *cells))
    return el("div", el("table", el("thead", el("tr", *head)), el("tbody", *body),
                        class_="rounds"), class_="scroll")


def _events(report: Report, found: Timeline, prefix: str, parting: int | None) -> Html:
    """Every event of the record: told, refused, or after a refusal, not checked."""
    assert report.transcript is not None
    events = report.transcript.events
    at, _, _ = _located(report.problems)
    readings: dict[int, Reading] = {r.index: r for r in found.readings if r.index is not None}
    before: Outcome = found.readings[0].standings
    blocks: list[Html] = []
    part = None
    steps = {step.index: step for step in report.steps}
    for index, event in enumerate(events):
        classes = ["event"]
        extra: list[Html | None] = []
        step = steps.get(index)
        if step is not None:
            reading = readings[index]
            if reading.part != part:
                part = reading.part
                blocks.append(el("h3", part, class_="part"))
            extra += [el("ul", *(_effect(effect) for effect in step.effects), class_="effects")
                      if step.effects else None, _after(reading.standings, before)]
            before = reading.standings
        elif index == report.stopped_at:
            classes.append("refused")
            extra.append(el("div", "refused by the rules: the replay stops here",
                            class_="badge"))
        else:
            classes.append("unchecked")
            extra.append(el("div", "not checked (after the refused event)", class_="badge"))
        if index in at:
            classes.append("has-problem")
            extra += [_problem(problem) for problem in at[index]]
        if index == parting:
            classes.append("parting")
            extra.insert(0, el("div", "the records part here", class_="parting-note"))
        blocks.append(el("div", el("div", el("a", f"#{index}", class_="index",
                                             href=f"#{prefix}e{index}"),
                                   " ", event_html(event), class_="head"),
                         *extra, class_=" ".join(classes), id=f"{prefix}e{index}"))
    if parting is not None and parting >= len(events):
        blocks.append(el("div", f"this record ends here, after {plural(len(events), 'event')}; "
                         "the other goes on: the records part here",
                         class_="event parting parting-note"))
    return el("section", el("h2", "Events"), *blocks, class_="events")


def _result(report: Report) -> Html | None:
    _, problems, _ = _located(report.problems)
    assert report.transcript is not None
    recorded = report.transcript.result
    if recorded is None and not problems:
        return None
    said = dump_transcript(report.transcript).get("result")
    return el("section", el("h2", "The recorded result"),
              el("p", el("code", _compact(said))) if said is not None else None,
              *(_problem(problem) for problem in problems),
              el("p", "checked: it agrees with the rules", class_="ok")
              if not problems and report.stopped_at is None else None,
              class_="result")


def _compact(value: Any) -> str:
    """A JSON value on one line (a ``result``): ``{chips: {Aki: 95}}``."""
    return compact(value, ", ")


def record_html(report: Report, *, prefix: str = "", parting: int | None = None,
                heading: str | None = None) -> Html:
    """One record: who played, the verdict, the chart, rounds, events, the result."""
    transcript = report.transcript
    assert transcript is not None
    found = timeline(report)
    _, _, other = _located(report.problems)
    options = dump_transcript(transcript).get("options")
    title = f"{transcript.rules.title}: {', '.join(transcript.players)}"
    return el(
        "article",
        el("h2", heading or title, class_="record-title"),
        el("p", el("span", report.path or "-", class_="path"),
           f" · options {_compact(options)}" if options else None, class_="file"),
        _verdict(report),
        *(_problem(problem) for problem in other),
        el("p", el("strong", "standings: "), "; ".join(standings_lines(report.outcome)),
           class_="standings"),
        el("figure", el("div", chart(found, problem_at=report.stopped_at, parting=parting,
                                     label=f"{found.unit} of {', '.join(found.players)} "
                                     "over the events"), class_="scroll"),
           el("figcaption", _legend(found),
              el("p", "Dashed lines: where a round (a hand) begins. ",
                  "A red line: the event a rule refused. " if report.stopped_at is not None
                  else None,
                  "A purple line: where the records part. " if parting is not None else None,
                  "Grey dots: what the starter pile would score (AU-5.3)."
                  if any(r.standings.pile is not None for r in found.readings) else None,
                  class_="key")),
           class_="chart-box"),
        el("section", el("h2", "After each round"), _round_table(found)),
        _events(report, found, prefix, parting),
        _result(report),
        class_="record", data_unit=found.unit)


def _page(title: str, body: Sequence[Html], columns: int) -> str:
    return page(title, body, layout=f"records columns-{columns}", style=STYLE,
                footer="Written by cardcore report: every figure is derived by the rules "
                "from the events; this page needs no network.")


def record_page(report: Report) -> str:
    """The page of one readable record."""
    assert report.transcript is not None
    title = f"cardcore report: {report.path or '-'}"
    return _page(title, [el("header", el("h1", "Report of a record"), class_="top"),
                         record_html(report)], 1)


def pair_page(left: Report, right: Report, found: Diff) -> str:
    """Two readable records of one game side by side, the first parting marked on
    both (records that cannot be compared get no page: ``report`` refuses them, as
    ``diff`` does)."""
    assert found.comparable, "report refuses records it cannot compare"
    summary: list[Html] = []
    if found.parting is None:
        summary.append(el("p", "The records agree event by event.", class_="verdict ok"))
    else:
        summary.append(el("p", f"The records part at event #{found.parting}.",
                          class_="verdict bad"))
        summary.append(el("ul", *(el("li", el("a", report.path or side, href=f"#{key}e"
                                             f"{found.parting}"), ": ", _at(report, found.parting))
                                  for key, side, report in (("a", "first", left),
                                                            ("b", "second", right))),
                          class_="sides"))
        note = reading_note(found)
        if note:
            summary.append(el("p", note[0].upper() + note[1:] + "."))
        if found.alignment is not None and found.alignment.gaps:
            gaps = found.alignment.gaps
            summary.append(el("p", f"Aligned event by event: {plural(len(gaps), 'difference')}."))
            summary.append(el("ul", *(el("li", gap_text(gap, found))
                                      for gap in gaps[:SHOWN_GAPS]), class_="aligned"))
    if found.differences:
        rows = [el("tr", el("th", what, scope="row"), el("td", words(a)), el("td", words(b)))
                for what, a, b in found.differences]
        summary.append(el("div", el("table", el("thead", el("tr", el("th", "outcome"),
                                                           el("th", left.path or "first"),
                                                           el("th", right.path or "second"))),
                                    el("tbody", *rows), class_="differences"), class_="scroll"))
    else:
        summary.append(el("p", "Both give the same outcome."))
    parting = found.parting
    header = el("header", el("h1", "Two records of one game"), *summary, class_="top")
    title = f"cardcore report: {left.path or '-'} and {right.path or '-'}"
    return _page(title, [header, record_html(left, prefix="a", parting=parting),
                         record_html(right, prefix="b", parting=parting)], 2)


def _at(report: Report, index: int) -> Html:
    """The event a record has at ``index``, or that it has none."""
    assert report.transcript is not None
    events = report.transcript.events
    if index < len(events):
        return event_html(events[index])
    return el("em", f"no event: it ends after {plural(len(events), 'event')}")


_COLOURS = "".join(f".p{seat}{{stroke:{colour};fill:{colour}}}"
                   for seat, colour in enumerate(PALETTE))

STYLE = """
h3.part{font-size:1rem;margin:1em 0 .3em;padding:.2em .5em;background:#eef0f6;
border-radius:4px}
.records{display:grid;gap:24px}.records.columns-2{grid-template-columns:1fr 1fr}
.records>header{grid-column:1/-1}
.record{min-width:0}
.path{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
.verdict{font-weight:600;padding:.4em .6em;border-radius:4px;border-left:4px solid}
.verdict.ok,.ok{color:var(--ok)}.verdict.ok{background:#eaf5ec}
.verdict.bad{color:var(--bad);background:#fbeceb}
.chart .round-mark{stroke:#9a9aa8;stroke-width:1;stroke-dasharray:4 4}
.chart .round-label{font-size:12px;fill:var(--soft)}
.chart .problem-mark{stroke:var(--bad);stroke-width:2}
.chart .parting-mark{stroke:var(--part);stroke-width:3;stroke-dasharray:8 3}
.chart .pile-line{stroke:#8d8d99;stroke-width:2;stroke-dasharray:1 3;fill:none}
.chart .player-line{stroke-width:2.5;fill:none;stroke-linejoin:round}
.chart .end-label{font-size:13px;stroke:none;font-weight:600}
.event{border-left:3px solid var(--line);padding:.25em .6em;margin:.35em 0;
break-inside:avoid}
.event .head{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92rem;
overflow-wrap:anywhere}
.event .index{color:var(--soft);text-decoration:none;margin-right:.3em}
.kind{font-weight:700}.who{font-weight:600}
.note{color:var(--soft);font-style:italic}
.card{padding:0 .15em}
.card.hidden{background:#3a3a48;color:#fff;border-radius:3px;padding:0 .35em}
.effects{margin:.2em 0;padding-left:1.2em;font-size:.92rem}
.transfers{margin:0;padding-left:1em;color:var(--soft);font-family:ui-monospace,Menlo,
Consolas,monospace;font-size:.85rem;list-style:none}
.rule{font-size:.8rem;color:var(--part);border:1px solid #d9cff0;border-radius:3px;
padding:0 .25em;white-space:nowrap}
.after{font-size:.85rem;color:var(--soft)}.after .changed{color:var(--ink);font-weight:700}
.problem{color:var(--bad);background:#fbeceb;padding:.3em .5em;margin:.3em 0;border-radius:4px;
overflow-wrap:anywhere}
.problem code{color:var(--ink)}.moved{color:var(--soft);font-size:.85rem}
.refused,.has-problem{border-left-color:var(--bad)}
.unchecked{opacity:.55}.badge{font-size:.8rem;font-weight:600;color:var(--soft)}
.parting{border-left:5px solid var(--part);background:#f4effc}
.parting-note{color:var(--part);font-weight:700}
@media (max-width:800px){
 .records.columns-2{grid-template-columns:1fr}
 .records.columns-2 .record+.record{border-top:3px solid var(--line);padding-top:8px}}
@media print{
 .chart-box,.rounds,.event{break-inside:avoid}
 .unchecked{opacity:.7}}
""".strip() + _COLOURS
"""The report page's own style, after the shared one (:data:`cardcore.cli.page.STYLE`)."""
