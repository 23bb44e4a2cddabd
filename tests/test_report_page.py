"""The report page: what it shows, and that nothing from the input becomes markup."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from cardcore.cli.report_page import pair_page, record_page
from cardcore.replay.diff import diff_transcripts
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.runner import Report, replay_file, replay_transcript
from cardcore.replay.transcript import load_transcript

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
EXAMPLE = FIXTURES / "goblin-poker" / "rules-example.json"

EVIL = "<script>alert(1)</script>"
SNEAKY = 'Dana"><img src=x onerror=alert(2)>'
ALLOWED = {"html", "head", "meta", "title", "style", "body", "main", "header", "footer",
           "article", "section", "figure", "figcaption", "div", "p", "h1", "h2", "h3", "ul",
           "li", "span", "strong", "em", "q", "code", "a", "br", "table", "thead", "tbody",
           "tr", "th", "td", "svg", "line", "polyline", "text"}


class Tags(HTMLParser):
    """Every start tag of a page, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def tags(page: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(page)
    return parser.found


def _example(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def _report(data: dict[str, Any], path: str = "game.json") -> Report:
    return replay_transcript(load_transcript(data), path=path, steps=True)


def _hostile() -> dict[str, Any]:
    """README's game with hostile names, a hostile note and a wrong check."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('"Aki"', json.dumps(EVIL)).replace('"Chie"', json.dumps(SNEAKY))
    data: dict[str, Any] = json.loads(text)
    data["events"][3]["note"] = "</style></q><script>alert(3)</script>"
    data["events"].insert(4, {"type": "check", "chips": {EVIL: 98}, "note": "&amp;<b>"})
    return data


def test_hostile_names_and_notes_stay_text() -> None:
    """Names and notes that try to open a script or an attribute are shown escaped: the
    page holds only the elements it builds, no event handler, no script, nothing fetched."""
    page = record_page(_report(_hostile(), path=f"{EVIL}.json"))
    found = tags(page)
    assert {tag for tag, _ in found} <= ALLOWED
    assert not [name for _, attrs in found for name in attrs if name.startswith("on")]
    assert "<script" not in page and "<img" not in page and "alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Dana&quot;&gt;&lt;img src=x onerror=alert(2)&gt;" in page
    assert "&amp;amp;&lt;b&gt;" in page  # the note's own entity is shown, not read


def test_the_page_fetches_nothing_and_runs_nothing() -> None:
    """A content security policy forbids every fetch but inline style; no link leaves it."""
    page = record_page(_report(_example()))
    policy = next(attrs["content"] for tag, attrs in tags(page)
                  if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy")
    assert policy is not None and policy.startswith("default-src 'none'")
    links = [attrs.get("href") for tag, attrs in tags(page) if "href" in attrs or "src" in attrs]
    assert links and all(str(link).startswith("#") for link in links)


def test_a_check_problem_is_shown_at_its_event_with_its_message() -> None:
    """The wrong check at /events/4: its message inside that event's block."""
    page = record_page(_report(_hostile()))
    block = page.split('id="e4"')[1].split('id="e5"')[0]
    assert "has-problem" in page.split('id="e4"')[0].rsplit("<div", 1)[1]
    assert "has 99 chips by the rules; the record says 98" in block
    assert "/events/4/chips/" in block


def test_a_rule_problem_stops_at_its_event_and_later_ones_are_not_checked() -> None:
    """Aki's fold at #3, when it is Chie's turn (C-5), is refused there with its message;
    #4 to #6 are shown unchecked."""
    data = _example()
    data["events"][3]["player"] = "Aki"
    page = record_page(_report(data))
    refused = page.split('id="e3"')[0].rsplit("<div", 1)[1]
    assert "refused" in refused and "has-problem" in refused
    block = page.split('id="e3"')[1].split('id="e4"')[0]
    assert "rule [C-5]" in block and "Aki cannot fold now: it is Chie&#x27;s turn" in block
    assert [attrs.get("id") for _, attrs in tags(page)
            if "unchecked" in str(attrs.get("class"))] == ["e4", "e5", "e6"]
    assert "replay stopped at event 3" in page


def test_hidden_cards_are_shown_as_hidden() -> None:
    """Every "?" of a record's events is a hidden card on the page, and only those."""
    path = FIXTURES / "orc-poker" / "give-up-after-lowest-busted.json"
    text = path.read_text(encoding="utf-8")
    page = record_page(_report(json.loads(text)))
    hidden = [attrs for tag, attrs in tags(page) if attrs.get("class") == "card hidden"]
    assert len(hidden) == text.count('"?"') > 0
    assert all(attrs.get("title") == "a hidden card" for attrs in hidden)


def test_auction_events_show_the_pile_and_its_worth() -> None:
    """After the joker is turned: the pile KS JK, worth 10 points (AU-5.3)."""
    path = FIXTURES / "auction" / "rules-example.json"
    page = record_page(_report(json.loads(path.read_text(encoding="utf-8"))))
    block = page.split('id="e4"')[1].split('id="e5"')[0]
    assert "starter pile: KS JK (worth 10 points)" in block


def test_the_round_table_calls_a_round_the_record_stops_in_so_far() -> None:
    """The page's table of rounds: a record cut within round 1 ends with "game 1,
    round 1 so far", not as if the round had ended."""
    cut = _example()
    cut["events"] = cut["events"][:4]
    del cut["result"]
    table = record_page(_report(cut)).split('class="rounds"')[1].split("</table>")[0]
    assert "game 1, round 1 so far (#3)" in table
    whole = record_page(_report(_example())).split('class="rounds"')[1].split("</table>")[0]
    assert "so far" not in whole and "game 1, round 1 (#6)" in whole


def test_two_records_side_by_side_with_the_parting_marked_on_both() -> None:
    """Ben reveals 3 in one record and 2 in the other: both blocks of #1 are marked,
    the summary names both events, and the changed chips are listed."""
    left = _example()
    right = _example()
    right["events"][1]["cards"]["Ben"] = 3
    a, b = _report(left, "mine.json"), _report(right, "yours.json")
    assert a.transcript is not None and b.transcript is not None
    page = pair_page(a, b, diff_transcripts(a.transcript, b.transcript))
    marked = [attrs.get("id") for _, attrs in tags(page) if "parting" in str(attrs.get("class"))
              and attrs.get("id")]
    assert marked == ["ae1", "be1"]
    assert "The records part at event #1." in page
    assert page.count("the records part here") == 2
    assert [tag for tag, attrs in tags(page) if attrs.get("class") == "record"] == ["article"] * 2
    assert "differences" in page and "mine.json" in page and "yours.json" in page


def test_the_outcomes_of_two_records_are_in_words_as_diff_says_them() -> None:
    """A record that stops at a rule problem beside a complete one: the outcome
    table said "True | False" and "[Aki] | None" (Python's values); it says
    "yes | no" and "Aki | none yet", diff's words for the same pair. And a line
    break is written ``<br>``: ``<br></br>`` is two breaks to a browser."""
    broken = _example()
    broken["events"][3]["player"] = "Aki"  # C-5: the replay stops there
    del broken["result"]
    a, b = _report(_example(), "mine.json"), _report(broken, "yours.json")
    assert a.transcript is not None and b.transcript is not None
    page = pair_page(a, b, diff_transcripts(a.transcript, b.transcript))
    table = page.split('class="differences"')[1].split("</table>")[0]
    rows = {cells[0]: cells[1:] for cells in (
        [html.unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in table.split("<tr>")[2:])}
    assert rows["complete"] == ["yes", "no"]
    assert rows["winners"][1] == "none yet" and rows["winners"][0] not in ("", "None")
    assert "True" not in table and "None" not in table and "[" not in table
    assert "</br>" not in page and "<br>" in page


def test_two_records_one_lacking_an_event_name_it_on_the_page() -> None:
    """B lacks A's fold at /events/3: the summary names it as missing, with both
    pointers, each followed by its own record's event (A's fold, B's next pitch)."""
    right = _example()
    del right["events"][3]
    del right["result"]
    a, b = _report(_example(), "mine.json"), _report(right, "yours.json")
    assert a.transcript is not None and b.transcript is not None
    page = pair_page(a, b, diff_transcripts(a.transcript, b.transcript))
    assert "Aligned event by event: 1 difference." in page
    fold, pitch = json_text(_example()["events"][3]), json_text(right["events"][3])
    assert html.escape(f"B has no fold of Chie where A has one at /events/3: {fold}; "
                       f"B goes on at /events/3: {pitch}") in page


def test_a_parting_at_a_reading_says_where_the_records_disagree_in_play() -> None:
    """A wrote a reading after the reveal that B did not, and B has Aki fold where
    A has Chie fold: the page marks the parting at A's check, and says it is a
    reading and where the records first disagree about the game, as diff does."""
    left = _example()
    left["events"].insert(2, {"type": "check", "pot": 3})
    right = _example()
    right["events"][3]["player"] = "Aki"
    a, b = _report(left, "mine.json"), _report(right, "yours.json")
    assert a.transcript is not None and b.transcript is not None
    page = pair_page(a, b, diff_transcripts(a.transcript, b.transcript))
    assert "The records part at event #2." in page
    assert ("A reading only: the first difference in play is A&#x27;s /events/4 and "
            "B&#x27;s /events/3.") in page


def test_a_problem_read_from_a_file_shows_its_line_on_the_page(tmp_path: Path) -> None:
    """A wrong player read from a file: the page gives the line and column beside the pointer."""
    data = _example()
    data["events"][3]["player"] = "Aki"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    report = replay_file(path, steps=True)
    (problem,) = report.problems
    assert problem.line == 1 and problem.column is not None
    assert f"(line 1, column {problem.column})" in record_page(report)
