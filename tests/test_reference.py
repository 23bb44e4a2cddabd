"""The API reference (mkdocs.yml, docs/reference/): every module it documents
gives every public name a docstring, methods and properties included, and each
game's state every field."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import textwrap
from pathlib import Path
from types import ModuleType

import attrs
import pytest

from cardcore.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "docs" / "reference"


def _documented() -> list[str]:
    names = []
    for page in sorted(PAGES.glob("*.md")):
        names += re.findall(r"^::: ([\w.]+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
    return names


def _public(module: ModuleType) -> list[tuple[str, object]]:
    names = getattr(module, "__all__", None) or [
        name for name, value in vars(module).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__]
    return [(name, getattr(module, name)) for name in names]


def _missing(module: ModuleType) -> list[str]:
    missing = []
    for name, value in _public(module):
        if not (inspect.isclass(value) or inspect.isfunction(value)):
            continue
        if not inspect.getdoc(value):
            missing.append(f"{module.__name__}.{name}")
        if inspect.isclass(value):
            for member, attribute in vars(value).items():
                if member.startswith("_") and member != "__init__" and member != "__call__":
                    continue
                function = attribute.fget if isinstance(attribute, property) else attribute
                if inspect.isfunction(function) and not (function.__doc__ or "").strip():
                    if member in ("__init__", "__call__") and value.__doc__:
                        continue  # the class's docstring says it
                    missing.append(f"{module.__name__}.{name}.{member}")
    return missing


def test_the_reference_documents_the_play_layer_and_each_games_play_part() -> None:
    """Every module of cardcore.play (each game's legal module included) is on a
    page: found by walking the package, so that a module split off or added is
    not left out of the reference (answers.py was, until this was a walk)."""
    import pkgutil

    import cardcore.play

    documented = set(_documented())
    modules = ["cardcore.play", "cardcore.gamelog", *(
        found.name for found in pkgutil.walk_packages(cardcore.play.__path__, "cardcore.play."))]
    assert {"cardcore.play.loop", "cardcore.play.legal.auction.wins"} <= set(modules)
    assert [name for name in modules if name not in documented] == []


def test_every_public_name_of_a_documented_module_has_a_docstring() -> None:
    """No public class, function, method or property of a module on the reference's
    pages is without a docstring."""
    missing = []
    for name in _documented():
        missing += _missing(importlib.import_module(name))
    assert missing == []


def _undocumented_fields(cls: type) -> list[str]:
    """The fields of an attrs class written without a docstring under them (the
    string the reference shows for an attribute)."""
    body = ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0].body  # type: ignore[attr-defined]
    missing = []
    for node, after in zip(body, [*body[1:], None], strict=True):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            documented = (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                          and isinstance(after.value.value, str))
            if not documented:
                missing.append(f"{cls.__qualname__}.{node.target.id}")
    return missing


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_s_state_is_on_a_page_with_every_field_explained(game: str) -> None:
    """What a policy reads (view.state) is documented: each game's state module is
    on a page, and every field of its state class has a docstring (Auction's
    ``pile`` said nothing of which end is the top, ``bidder`` nothing of -1)."""
    state_type = GAMES[game].state_type
    assert attrs.has(state_type) and state_type.__module__ in _documented()
    assert _undocumented_fields(state_type) == []


def test_every_enum_of_a_documented_module_says_what_its_members_mean() -> None:
    """The games' ``Phase`` (what a state waits for), made by ``enum.Enum("Phase",
    "DEAL ...")``, had no docstring of its own: help() and the reference showed
    the Enum class's generic text. Every enum of a documented module has its own."""
    import enum

    generic = {enum.Enum.__doc__, enum.IntEnum.__doc__, None, ""}
    bare = []
    for name in _documented():
        module = importlib.import_module(name)
        for member, value in _public(module):
            if isinstance(value, type) and issubclass(value, enum.Enum) and (
                    value.__module__ == module.__name__) and (
                    "__doc__" not in vars(value) or value.__doc__ in generic
                    or (value.__doc__ or "").startswith("An enumeration")):
                bare.append(f"{name}.{member}")
    assert bare == []
