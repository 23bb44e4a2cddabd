"""``replay --table``: the standings after each event or round, as text and JSON.

One row per reading of :mod:`cardcore.replay.timeline`: who had what after the
event (or at the end of the round), the pot where the game has one, and in
Auction the starter pile and what it would score, beside the points.
"""

from __future__ import annotations

from typing import Any

from cardcore.cli.render import final_json
from cardcore.replay.jsonwrite import json_number
from cardcore.replay.timeline import Per, Reading, Timeline

__all__ = ["row_label", "table_json", "table_lines"]


def row_label(reading: Reading, per: Per, unfinished: bool = False) -> str:
    """``#4 draw Chie``; per round ``end of round 2 (#17)``, ``after the game (#18)``,
    or for the last row of a game that did not end there (``unfinished``)
    ``round 1 so far (#5)``; ``start``."""
    if reading.index is None or reading.event is None:
        return "start"
    if per == "round":
        if unfinished:
            return f"{reading.part} so far (#{reading.index})"
        end = "" if reading.part.startswith("after ") else "end of "
        return f"{end}{reading.part} (#{reading.index})"
    actor = reading.event.ACTOR
    player = getattr(reading.event, actor, None) if actor else None
    return f"#{reading.index} {reading.event.TYPE}" + (f" {player}" if player else "")


def table_lines(found: Timeline, per: Per) -> list[str]:
    """The table: a label column, one column per player, the pot, the pile."""
    rows = found.rows(per)
    pot = any(row.standings.pot is not None for row in rows)
    pile = any(row.standings.pile is not None for row in rows)
    header = ["", *found.players] + (["pot"] if pot else []) + (["worth", "starter pile"]
                                                                if pile else [])
    body = []
    for row in rows:
        cells = [row_label(row, per, found.unfinished(row))]
        cells += [str(json_number(row.figures[name])) for name in found.players]
        if pot:
            cells.append("" if row.standings.pot is None else str(row.standings.pot))
        if pile:
            on = row.standings.pile
            cells += ["", ""] if on is None else [str(row.standings.pile_value), " ".join(on)]
        body.append(cells)
    figures = len(found.players) + pot + pile
    widths = [max(len(line[column]) for line in [header, *body])
              for column in range(len(header))]

    def line(cells: list[str]) -> str:
        parts = [cells[0].ljust(widths[0])]
        parts += [cell.rjust(widths[1 + k]) for k, cell in enumerate(cells[1:1 + figures])]
        parts += cells[1 + figures:]
        return "  ".join(parts).rstrip()

    lines = [line(header)]
    part = None
    for row, cells in zip(rows, body, strict=True):
        if per == "event" and row.index is not None and row.part != part:
            part = row.part
            lines.append(f"-- {part} --")
        lines.append(line(cells))
    return lines


def reading_json(reading: Reading) -> dict[str, Any]:
    """One row: the event (pointer, type, player), its round, the standings after it."""
    event = reading.event
    data: dict[str, Any] = {
        "pointer": None if reading.index is None else f"/events/{reading.index}",
        "type": None if event is None else event.TYPE,
        "round": reading.part,
    }
    if event is not None and event.ACTOR:
        data["player"] = getattr(event, event.ACTOR, None)
    data.update(final_json(reading.standings) or {})
    if reading.standings.pile is not None:
        data["pile"] = list(reading.standings.pile)
        data["pile_value"] = reading.standings.pile_value
    return data


def table_json(found: Timeline, per: Per) -> dict[str, Any]:
    """The rows in the shape of a transcript's ``result`` (``chips`` or ``scores``)."""
    return {"players": list(found.players), "unit": found.unit, "per": per,
            "rows": [reading_json(row) for row in found.rows(per)]}
