"""The frame of a page that cardcore writes: one self-contained HTML file.

``cardcore report`` and ``cardcore study --chart`` write pages meant to be sent
around and opened anywhere, offline, on a phone or printed. So a page holds its
style and its charts (inline SVG); it runs no script, and its content security
policy forbids fetching anything, so that nothing it shows (a hostile player
name, say) can make it do anything. The frame, and the style every page shares
(type, colours, the charts' axes, legends, tables, print), are here; each page
adds the style of what only it shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.cli.markup import Html, el

__all__ = ["POLICY", "STYLE", "page"]

POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
"""The content security policy: inline style, nothing fetched, no script."""


def page(title: str, body: Sequence[Html], *, layout: str, footer: str, style: str) -> str:
    """The whole document: ``body`` inside ``<main class=layout>``, then ``footer``
    (words); ``style`` is the page's own, after the shared :data:`STYLE`."""
    head = el("head", Html('<meta charset="utf-8">'),
              Html('<meta name="viewport" content="width=device-width, initial-scale=1">'),
              Html(f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'),
              el("title", title), Html(f"<style>{STYLE}\n{style}</style>"))
    main = el("main", *body, class_=layout)
    return ("<!DOCTYPE html>\n"
            + el("html", head, el("body", main, el("footer", footer)), lang="en") + "\n")


STYLE = """
:root{color-scheme:light;--ink:#1b1b1f;--soft:#5b5b66;--line:#d8d8e0;--bad:#b3261e;
--ok:#1e6b34;--part:#6a3fb5;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
line-height:1.45;color:var(--ink);background:#fff}
body{margin:0 auto;padding:12px;max-width:1400px;font-size:16px}
h1{font-size:1.4rem;margin:.2em 0}h2{font-size:1.15rem;margin:1em 0 .4em}
.file,.key,footer{color:var(--soft);font-size:.9rem}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
figure{margin:0}.chart{width:100%;min-width:460px;max-width:900px;height:auto;display:block}
.chart .grid{stroke:var(--line);stroke-width:1}
.chart .tick,.chart .axis{font-size:13px;fill:var(--soft)}
.legend{list-style:none;padding:0;margin:.4em 0;display:flex;flex-wrap:wrap;gap:.3em 1.2em}
.swatch{width:24px;height:8px;margin-right:.35em;vertical-align:middle}
table{border-collapse:collapse;font-size:.9rem}
th,td{padding:.2em .6em;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
th[scope=row],thead th:first-child{text-align:left}
footer{margin-top:2em;border-top:1px solid var(--line);padding-top:.5em}
@media (max-width:800px){body{padding:8px;font-size:15px}}
@media print{
 @page{margin:12mm}
 body{font-size:10pt;max-width:none;padding:0}
 *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 .scroll{overflow:visible}.chart{min-width:0}
 h2,h3{break-after:avoid}
 a{color:inherit;text-decoration:none}}
""".strip()
"""The style every page shares."""
