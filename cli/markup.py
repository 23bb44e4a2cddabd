"""HTML built so that nothing read from a transcript can become markup.

A report page shows player names, notes, cards and messages that quote the input,
and a transcript may be hostile (``</style><script>...``). So text is escaped by
construction: :func:`el` escapes every string child and every attribute value;
only :class:`Html`, which this module and its callers build from escaped parts,
passes through as it is. Control characters and the invisible characters that
reorder text (bidirectional overrides) are shown as escapes such as ``\\u202e``
(:func:`cardcore.quoting.visible`, the one function for it), so that a name
cannot hide or disguise what follows it.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from cardcore.quoting import visible

__all__ = ["Html", "el", "join", "text"]


class Html(str):
    """A string that is already markup (built by :func:`el`, :func:`text` or :func:`join`)."""

    __slots__ = ()


def text(value: object) -> Html:
    """Any value as escaped text, invisible characters made visible.

    >>> text('<b>"Dana" & \\u202eKO</b>')
    '&lt;b&gt;&quot;Dana&quot; &amp; \\\\u202eKO&lt;/b&gt;'
    """
    if isinstance(value, Html):
        return value
    return Html(html.escape(visible(str(value), lines=True), quote=True))


def join(parts: Iterable[object], separator: str = "") -> Html:
    """Parts (markup kept, anything else escaped) one after another."""
    return Html(text(separator).join(text(part) for part in parts))


Child = object
"""A child of an element: :class:`Html` as it is, None left out, anything else escaped."""


def el(tag: str, *children: Child, **attributes: object) -> Html:
    """An element: ``el("td", name, class_="who")``; an attribute ending in ``_`` loses
    it (``class_``), one with ``_`` inside is written with ``-`` (``data_player``); a
    value of None or False leaves the attribute out, True writes it bare.

    >>> el("td", "<i>", class_="who", data_player="A&B", hidden=None)
    '<td class="who" data-player="A&amp;B">&lt;i&gt;</td>'
    >>> el("br"), el("meta", charset="utf-8")
    ('<br>', '<meta charset="utf-8">')
    """
    opened = [tag]
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        opened.append(key if value is True else f'{key}="{text(value)}"')
    if tag in _VOID:  # no content and no end tag: a browser reads "</br>" as another <br>
        assert all(child is None for child in children), f"<{tag}> has no content"
        return Html(f"<{' '.join(opened)}>")
    inner = join(child for child in children if child is not None)
    return Html(f"<{' '.join(opened)}>{inner}</{tag}>")


_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"})
"""HTML's void elements, written without an end tag (``el("br")`` is ``<br>``)."""
