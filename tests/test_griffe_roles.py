"""docs/reference/griffe_roles.py, the API reference's Griffe extension: a small
package is loaded through it as mkdocstrings loads cardcore, and its docstrings
read as Markdown with autorefs' cross-references where Sphinx's roles were."""

from __future__ import annotations

import re
from pathlib import Path

import griffe

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "mkdocs.yml"


def _extension() -> Path:
    """The extension's file, as mkdocs.yml names it."""
    named = re.findall(r"^\s*- !relative \$config_dir/(\S+\.py)$",
                       CONFIG.read_text(encoding="utf-8"), re.MULTILINE)
    assert named == ["docs/reference/griffe_roles.py"]
    return ROOT / named[0]


PACKAGE = {
    "__init__.py": '"""The package."""\nfrom pkg.dealer import Dealer\n',
    "dealer.py": (
        '"""Chance."""\n'
        "class Dealer:\n"
        '    """The deck."""\n'
        "    def deal(self) -> None:\n"
        '        """Deals."""\n'
        "    def top(self) -> None:\n"
        '        """DOC"""\n'
    ),
    "loop.py": '"""DOC"""\nfrom pkg.dealer import Dealer\ndef play() -> None:\n    """Plays."""\n',
    "games/saint/refill.py": '"""Refills."""\n',
    "games/saint/rules.py": '"""DOC"""\n',
}
"""A package: a class with methods, a module importing it, a subpackage."""


def _docstring(where: str, docstring: str) -> str:
    """``docstring`` as ``where`` (a path in PACKAGE) has it once loaded through the
    extension."""
    module, _, obj = where.partition(":")
    files = dict(PACKAGE)
    files[module] = files[module].replace('"""DOC"""', '"""' + docstring + '"""')
    extensions = griffe.load_extensions(str(_extension()))
    with griffe.temporary_visited_package("pkg", files, extensions=extensions) as package:
        path = module.removesuffix(".py").removesuffix("__init__").strip("/").replace("/", ".")
        found = package[".".join(part for part in (path, obj) if part)]
        assert found.docstring is not None
        return str(found.docstring.value)


def _link(path: str, text: str) -> str:
    return f'<autoref identifier="{path}" optional>`{text}`</autoref>'


def test_a_method_names_a_sibling_by_its_name_alone() -> None:
    """Searched first in the enclosing class, as Sphinx does; a method's text ends with ()."""
    assert (_docstring("dealer.py:Dealer.top", "Then :meth:`deal`.")
            == "Then " + _link("pkg.dealer.Dealer.deal", "deal()") + ".")


def test_a_name_imported_into_the_module_links_where_it_is_defined() -> None:
    """``Dealer`` in pkg.loop is the class of pkg.dealer, where its page anchor is."""
    assert (_docstring("loop.py", "A :class:`Dealer` deals.")
            == "A " + _link("pkg.dealer.Dealer", "Dealer") + " deals.")


def test_a_tilde_shows_the_last_part_of_a_full_path() -> None:
    """``~pkg.Dealer.deal`` shows ``deal()``, and links the method through the re-export."""
    assert (_docstring("loop.py", ":meth:`~pkg.Dealer.deal` deals.")
            == _link("pkg.dealer.Dealer.deal", "deal()") + " deals.")


def test_an_explicit_title_is_shown_as_written() -> None:
    """``title <target>`` shows the title alone (no () added), even over two lines."""
    assert (_docstring("dealer.py:Dealer.top", "See :func:`the whole\n        game <pkg.loop.play>`.")
            == "See " + _link("pkg.loop.play", "the whole game") + ".")


def test_a_target_outside_the_package_is_code() -> None:
    """No object to link (the standard library, a typo): the text as code, and no
    reference that --strict would fail on."""
    assert (_docstring("loop.py", "Uses :func:`itertools.combinations` and :class:`Deck`.")
            == "Uses `itertools.combinations()` and `Deck`.")


def test_a_leading_dot_finds_the_one_object_whose_path_ends_so() -> None:
    """``.refill`` from pkg.games.saint.rules is pkg.games.saint.refill (Sphinx's
    "more specific" search), shown without its dot."""
    assert (_docstring("games/saint/rules.py", "See :mod:`.refill`.")
            == "See " + _link("pkg.games.saint.refill", "refill") + ".")


def test_an_exclamation_mark_asks_for_no_link() -> None:
    """``!play`` is shown as code, as Sphinx shows it, though the object exists."""
    assert _docstring("loop.py", "Not :func:`!play`.") == "Not `play()`."


def test_code_in_a_docstring_is_left_as_written() -> None:
    """A doctest (to its blank line) and a fenced block keep their roles; the prose
    after them does not."""
    written = ("Text.\n\n>>> x = ':class:`Dealer`'\n':class:`Dealer`'\n\n"
               "```\n:class:`Dealer`\n```\n\nThen :class:`Dealer`.")
    assert (_docstring("loop.py", written)
            == written.removesuffix(":class:`Dealer`.") + _link("pkg.dealer.Dealer", "Dealer") + ".")


def test_cardcore_loaded_through_it_has_no_role_left() -> None:
    """Every docstring of the package the reference documents (cardcore, as mkdocs
    loads it) reads without a Sphinx role, and most roles became references (not
    all: some name the standard library, or cardcore.replay, which is not in the
    checkout's cardcore/, or a name their module does not import)."""
    role = re.compile(r":(?:py:)?(?:func|meth|class|attr|data|const|mod|exc|obj):`")
    written = _docstrings(griffe.GriffeLoader())
    assert sum(len(role.findall(text)) for text in written) > 300
    read = _docstrings(griffe.GriffeLoader(extensions=griffe.load_extensions(str(_extension()))))
    assert [text for text in read if role.search(text)] == []
    references = sum(text.count("<autoref ") for text in read)
    assert references >= 0.75 * sum(len(role.findall(text)) for text in written)


def _docstrings(loader: griffe.GriffeLoader) -> list[str]:
    """The docstrings of cardcore as ``loader`` loads it."""
    return [obj.docstring.value for obj in _walk(loader.load("cardcore"))
            if obj.docstring is not None]


def _walk(obj: griffe.Object) -> list[griffe.Object]:
    """``obj`` and the objects defined in it."""
    found = [obj]
    for member in obj.members.values():
        if isinstance(member, griffe.Object):
            found += _walk(member)
    return found
