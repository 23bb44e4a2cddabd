"""HTML built by construction: text is escaped, only markup passes as it is."""

from __future__ import annotations

from cardcore.cli.markup import Html, el, join, text


def test_text_and_attributes_from_the_input_are_escaped() -> None:
    """A name that tries to close the element and open a script stays text."""
    name = '"><script>alert(1)</script><b x=\'y\'>&'
    made = el("span", name, title=name, data_player=name)
    assert "<script" not in made and "<b" not in made
    assert made.count("&lt;script&gt;") == 3 and "&quot;&gt;" in made and "&#x27;" in made


def test_markup_built_here_passes_and_none_is_left_out() -> None:
    """Children that are Html are kept; None children and None or False attributes vanish."""
    made = el("p", el("em", "a<b"), None, " & ", hidden=None, open=False, checked=True)
    assert made == "<p checked><em>a&lt;b</em> &amp; </p>"
    assert isinstance(made, Html) and join(["<", Html("<br>")]) == "&lt;<br>"


def test_invisible_characters_are_made_visible() -> None:
    """Control characters and bidirectional overrides cannot hide or reorder text:
    written as JSON escapes them, by the one function every text output uses
    (a tab too); line breaks stay, since a page lays its own lines out."""
    assert text("Dana\x1b[31m\u202eB\x00") == "Dana\\u001b[31m\\u202eB\\u0000"
    assert text("tab\tand\nnewline") == "tab\\tand\nnewline"
