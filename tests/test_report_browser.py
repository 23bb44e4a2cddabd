"""The report page in a real headless Chromium (Selenium and the system chromedriver).

What a reader sees: the page loads without console errors, the chart has one line
per player, the last point of each line is the derived outcome, a screenshot is
not blank, a phone-wide window needs no sideways scrolling, and the page prints.

Needs Debian's ``chromium`` and ``chromium-driver`` and the ``browser`` extra
(selenium): the ``browser`` fixture (tests/conftest.py). Without them the tests
skip and say so; in CI (``CI=true``, and in ``.ci/run``, which installs them) a
missing browser is a failure, not a skip.
"""

from __future__ import annotations

import base64
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from chromium import console_errors, open_page

from cardcore.cli.chart import PALETTE
from cardcore.cli.report_page import pair_page, record_page
from cardcore.replay.accounts import figures
from cardcore.replay.diff import diff_transcripts
from cardcore.replay.runner import Report, replay_file

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
SHOWN = [FIXTURES / "orc-poker" / "give-up-after-lowest-busted.json",
         FIXTURES / "auction" / "game-over-two-players-past-target.json",
         FIXTURES / "goblin-poker" / "rules-example.json",
         FIXTURES / "saint-poker" / "rules-example.json",
         FIXTURES / "auction" / "tie-split-exact-fraction.json",
         FIXTURES / "auction" / "illegal-bid-two-pair-under-three.json"]


LINES = """
return Array.from(document.querySelectorAll(arguments[0] + ' svg.chart')).map(svg => {
  const d = svg.dataset;
  const scale = [+d.low, +d.high, +d.yLow, +d.yHigh];
  return Array.from(svg.querySelectorAll('polyline.player-line')).map(line => {
    const last = line.points.getItem(line.points.numberOfItems - 1);
    return [line.dataset.player, line.points.numberOfItems, last.y, scale];
  });
});
"""
"""Per chart, per line: the player, how many points, the last point's y as the browser
parsed it, and the chart's scale (figures ``low``/``high`` at pixels ``yLow``/``yHigh``)."""


def _read_back(y: float, scale: list[float]) -> float:
    low, high, y_low, y_high = scale
    return low + (high - low) * (y_low - y) / (y_low - y_high)


def _check_lines(driver: Any, where: str, report: Report) -> None:
    """One line per player, a point per reading, the last at the derived figure."""
    assert report.outcome is not None and report.transcript is not None
    (lines,) = driver.execute_script(LINES, where)
    _, final = figures(report.outcome)
    assert [player for player, *_ in lines] == list(report.transcript.players)
    for player, count, y, scale in lines:
        assert count == len(report.steps) + 1
        assert _read_back(y, scale) == pytest.approx(float(final[player]), abs=0.02), player


def _colours(png: bytes) -> set[bytes]:
    """The distinct pixel colours of an 8-bit RGB or RGBA PNG (decoded here: no imaging
    library is needed for this one question)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, [], b""
    while position < len(png):
        length = int.from_bytes(png[position:position + 4], "big")
        kind, data = png[position + 4:position + 8], png[position + 8:position + 8 + length]
        position += 12 + length
        header = data if kind == b"IHDR" else header
        if kind == b"IDAT":
            chunks.append(data)
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:8], "big")
    assert header[8] == 8 and header[9] in (2, 6), "an 8-bit RGB or RGBA screenshot"
    size = 3 if header[9] == 2 else 4
    raw, stride = zlib.decompress(b"".join(chunks)), width * size
    previous, seen = bytearray(stride), set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))[2]
                line[i] = (line[i] + near) & 255
        seen.update(bytes(line[i:i + 3]) for i in range(0, stride, size))
        previous = line
    return seen


@pytest.mark.parametrize("path", SHOWN, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_record_page_loads_cleanly_and_its_chart_ends_at_the_outcome(
        browser: Any, path: Path, tmp_path: Path) -> None:
    """No console error; a line per player whose last point is the derived figure."""
    report = replay_file(path, steps=True)
    assert console_errors(open_page(browser, record_page(report), tmp_path)) == []
    _check_lines(browser, "article.record", report)


def test_the_console_check_can_see_an_error(browser: Any, tmp_path: Path) -> None:
    """The console is really read: a page that logs an error is caught (so the pages
    above were clean, not unheard)."""
    logged = open_page(browser, "<!DOCTYPE html><script>console.error('seen')</script>",
                   tmp_path)
    assert any("seen" in message for message in console_errors(logged))


def test_two_records_side_by_side_each_end_at_their_outcome(browser: Any,
                                                            tmp_path: Path) -> None:
    """Two records of a game, the second with a card changed: both charts hold every
    player; the parting is marked in both charts and both event lists."""
    import json

    path = SHOWN[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    data["events"][4]["card"] = 9
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data), encoding="utf-8")
    left, right = replay_file(path, steps=True), replay_file(other, steps=True)
    assert left.transcript is not None and right.transcript is not None
    page = pair_page(left, right, diff_transcripts(left.transcript, right.transcript))
    assert console_errors(open_page(browser, page, tmp_path, width=1300)) == []
    _check_lines(browser, "article.record:nth-of-type(1)", left)
    _check_lines(browser, "article.record:nth-of-type(2)", right)
    marks = browser.execute_script(
        "return [document.querySelectorAll('svg.chart .parting-mark').length,"
        " document.querySelectorAll('.event.parting').length]")
    assert marks == [2, 2]
    columns = browser.execute_script(
        "return Array.from(document.querySelectorAll('article.record'))"
        ".map(a => Math.round(a.getBoundingClientRect().left))")
    assert columns[0] < columns[1]  # side by side on a wide screen


def test_a_screenshot_is_not_blank_and_shows_the_lines(browser: Any, tmp_path: Path) -> None:
    """Many colours in the first screen, the first players' line colours among them."""
    report = replay_file(SHOWN[0], steps=True)
    open_page(browser, record_page(report), tmp_path, width=800)
    browser.execute_script("document.querySelector('svg.chart').scrollIntoView()")
    png = browser.get_screenshot_as_png()
    (tmp_path / "screenshot.png").write_bytes(png)
    colours = _colours(png)
    assert len(colours) > 20
    assert bytes.fromhex(PALETTE[0][1:]) in colours and bytes.fromhex(PALETTE[1][1:]) in colours


def test_a_phone_needs_no_sideways_scrolling_and_the_page_prints(browser: Any,
                                                                 tmp_path: Path) -> None:
    """At 390 pixels the page fits its width (a wide chart scrolls in its own box), two
    records stack; printed, it is a PDF of a few pages."""
    left = replay_file(SHOWN[0], steps=True)
    assert left.transcript is not None
    page = pair_page(left, left, diff_transcripts(left.transcript, left.transcript))
    assert console_errors(open_page(browser, page, tmp_path, width=390)) == []
    fits = browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth")
    stacked = browser.execute_script(
        "const [a, b] = document.querySelectorAll('article.record');"
        "return b.getBoundingClientRect().top >= a.getBoundingClientRect().bottom")
    assert fits and stacked
    from selenium.webdriver.common.print_page_options import PrintOptions

    pdf = base64.b64decode(browser.print_page(PrintOptions()))
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", pdf)) >= 2
