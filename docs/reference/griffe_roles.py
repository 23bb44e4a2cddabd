"""The API reference's Griffe extension: Sphinx's cross-reference roles as links.

cardcore's docstrings are written for Sphinx: ``:func:`legal_events```,
``:class:`~cardcore.play.Dealer```, ``:meth:`Dealer.deal```, ... mkdocstrings
renders docstrings as Markdown and does not read reStructuredText's inline roles
(its author: inline reST markup is not supported, and not planned), so the pages
showed them raw (":class:Dealer"). No published Griffe extension or
mkdocstrings option converts them, hence this one, named in mkdocs.yml's
``extensions``. It is documentation tooling, not part of the package: a plain
install leaves it out (docs/reference/ has no ``__init__.py``).

Once Griffe has loaded a package, every docstring of it is rewritten: each role
becomes a cross-reference to its target's full path, the target found as Sphinx
finds it (in the enclosing classes, then the module, then as an absolute path; a
target with a leading dot, failing those, is the one object whose path ends with
it), following imports to where an object is defined. Which objects get an
anchor on the pages is known only when the whole site is built (a private name,
one without a docstring, a module no page shows have none), and an unresolved
Markdown reference ``[title][target]`` is a warning that ``mkdocs build
--strict`` fails on. So the reference is autorefs' optional one, the form
mkdocstrings itself writes for the names in signatures: a link where the target
is on a page, otherwise the name alone, as code. A target that is not in the
loaded package at all (``itertools.combinations``, a typo) becomes code at once.

The text shown is Sphinx's: the target as written, its last part alone after
``~``, an explicit ``title <target>``'s title, ``()`` after a function or method;
``!`` asks for no link.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import griffe

ROLE = re.compile(
    r":(?:py:)?(?P<role>func|meth|class|attr|data|const|mod|exc|obj):`(?P<body>[^`]+)`")
"""A Python cross-reference role of Sphinx; its body is ``target``, ``~target``,
``!target`` or ``title <target>`` (which may run over two lines)."""

EXPLICIT = re.compile(r"(?P<title>.+?)\s*<(?P<target>[^<>]+)>", re.DOTALL)
"""A role's body with a title of its own."""

CODE = re.compile(r"^[ \t]*```.*?^[ \t]*```[ \t]*$"  # a fenced block
                  r"|^[ \t]*>>>[^\n]*(?:\n[ \t]*\S[^\n]*)*",  # a doctest, to a blank line
                  re.MULTILINE | re.DOTALL)
"""A fenced code block or a doctest block: left as written."""

CALLABLE_ROLES = frozenset({"func", "meth"})
"""The roles whose text Sphinx ends with ``()``."""

Resolver = Callable[[str, bool], "str | None"]
"""A role's target (and whether it began with a dot) -> the full path of the object
it names, or None when the loaded packages have no such object."""


def convert(text: str, resolve: Resolver) -> str:
    """``text`` with each Sphinx role outside code made a cross-reference, its target
    resolved by ``resolve``."""
    parts = []
    start = 0
    for code in CODE.finditer(text):
        parts.append(ROLE.sub(lambda role: _reference(role, resolve), text[start:code.start()]))
        parts.append(code.group())
        start = code.end()
    parts.append(ROLE.sub(lambda role: _reference(role, resolve), text[start:]))
    return "".join(parts)


def _reference(role: re.Match[str], resolve: Resolver) -> str:
    """One role as Markdown: an optional autorefs reference, or code."""
    body = role["body"].strip()
    explicit = EXPLICIT.fullmatch(body)
    if explicit:
        title, target = " ".join(explicit["title"].split()), explicit["target"].strip()
    else:
        title = target = body
    link = not target.startswith("!")
    target = target.lstrip("!")
    if not explicit:
        title = title.lstrip("!")
        target = target.lstrip("~")
        if title.startswith("~"):
            title = title[1:].rpartition(".")[2]
        title = title.lstrip(".")
        if role["role"] in CALLABLE_ROLES:
            title = title.removesuffix("()") + "()"
    target = target.removesuffix("()")
    specific = target.startswith(".")
    path = resolve(target.lstrip("."), specific) if link else None
    code = f"`{title}`"  # a role's body holds no backtick
    if path is None:
        return code
    return f'<autoref identifier="{path}" optional>{code}</autoref>'


def _member(obj: griffe.Object, name: str) -> griffe.Object | None:
    """``obj``'s member ``name`` (a class's inherited ones included), followed through
    imports to the object itself; None where there is none, or it is outside the
    loaded packages."""
    try:
        members = obj.all_members if obj.is_class else obj.members
        member = members.get(name)
        if member is None:
            return None
        return member.final_target if isinstance(member, griffe.Alias) else member
    except (griffe.AliasResolutionError, griffe.CyclicAliasError):
        return None


def _find(scope: griffe.Object | griffe.ModulesCollection, dotted: str) -> griffe.Object | None:
    """The object at ``dotted`` from ``scope``."""
    names = dotted.split(".")
    found: griffe.Object | None = (scope.members.get(names.pop(0))
                                   if isinstance(scope, griffe.ModulesCollection) else scope)
    for name in names:
        if found is None:
            return None
        found = _member(found, name)
    return found


def _objects(obj: griffe.Object) -> Iterator[griffe.Object]:
    """``obj`` and every object defined in it (imported names are not)."""
    yield obj
    for member in obj.members.values():
        if isinstance(member, griffe.Object):
            yield from _objects(member)


def resolver(obj: griffe.Object, collection: griffe.ModulesCollection) -> Resolver:
    """How a role in ``obj``'s docstring finds its target, as Sphinx does: in the
    enclosing classes (``obj`` itself if a class), in its module, as an absolute
    path; a target written with a leading dot, last, as the one object of the
    loaded packages whose path ends with it."""
    scopes: list[griffe.Object | griffe.ModulesCollection] = []
    at: griffe.Object | None = obj
    while at is not None and not at.is_module:
        if at.is_class:
            scopes.append(at)
        at = at.parent
    scopes += [obj.module, collection]

    def resolve(target: str, specific: bool) -> str | None:
        for scope in scopes:
            found = _find(scope, target)
            if found is not None:
                return found.path
        if specific:
            suffix = "." + target
            matches = {each.path for top in collection.members.values()
                       for each in _objects(top) if each.path.endswith(suffix)}
            if len(matches) == 1:
                return matches.pop()
        return None

    return resolve


class SphinxRoles(griffe.Extension):
    """Rewrites the Sphinx roles of every docstring of a loaded package as
    cross-references (the module's docstring says how)."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader,
                   **kwargs: Any) -> None:
        """Every object of ``pkg`` with a docstring: its roles made references, before
        mkdocstrings parses the docstring (a line that begins with a role would
        otherwise read as a Sphinx field)."""
        for obj in _objects(pkg):
            if obj.docstring is not None and ROLE.search(obj.docstring.value):
                obj.docstring.value = convert(obj.docstring.value,
                                              resolver(obj, loader.modules_collection))
