"""The installed package's import graph has no cycle, and its layers hold.

import-linter (``lint-imports`` in .ci/run, the contracts in pyproject.toml)
checks the layers against a plain install; it cannot look for cycles, and an
editable install hides ``cardcore.replay`` and ``cardcore.cli`` from it (they
live in replay/ and cli/ of the checkout). So this test reads the source files
itself, names each by its installed module (pyproject.toml's ``package-dir``),
and takes every import there is: at the top, inside a function (imported when
called) and under ``TYPE_CHECKING`` alike, since each is a dependency a reader
must follow.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from imports import package_modules


def _imports(name: str, path: Path, known: Mapping[str, Path]) -> Iterator[str]:
    """The modules of the package that ``name`` imports, anywhere in its file."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # `import a.b.c` of a name inside a.b
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    known = package_modules()
    return {name: set(_imports(name, path, known)) for name, path in known.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_every_layer() -> None:
    """The reading finds the replay layer and the command line by their installed
    names, and an import inside a function (so the checks below are not vacuous)."""
    graph = import_graph()
    assert "cardcore.replay.store" in graph and "cardcore.cli.main" in graph
    assert "cardcore.dispatch" in graph["cardcore.game"]
    assert "cardcore.cli" in graph["cardcore.__main__"]
    assert "cardcore.cli.main" in graph["cardcore.cli"]  # inside cardcore.cli.run


def test_cycles_finds_a_circle_of_three() -> None:
    """The cycle finder itself: a circle of three is one component, a tail is not in it."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_module_of_the_package_imports_itself_back() -> None:
    """No import circle anywhere in the installed package, lazy and TYPE_CHECKING
    imports included (a circle makes the import order matter and hides which
    module stands above which)."""
    assert cycles(import_graph()) == []


@pytest.mark.parametrize("lower, upper", [
    ("cardcore", "cardcore.play"), ("cardcore", "cardcore.replay"), ("cardcore", "cardcore.cli"),
    ("cardcore.play", "cardcore.replay"), ("cardcore.play", "cardcore.cli"),
    ("cardcore.replay", "cardcore.cli"),
    ("cardcore", "cardcore.pettingzoo"), ("cardcore.play", "cardcore.pettingzoo"),
    ("cardcore.replay", "cardcore.pettingzoo"), ("cardcore.cli", "cardcore.pettingzoo"),
    ("cardcore.pettingzoo", "cardcore.cli")])
def test_a_lower_layer_imports_nothing_above_it(lower: str, upper: str) -> None:
    """The kernel (the games included) imports neither the play layer, nor the
    replay layer, nor the command line; the play layer imports neither of the
    last two, and the replay layer does not import the command line; the
    PettingZoo environments stand beside the command line, neither importing the
    other, and nothing below imports them (as the import contracts say; the package's own facade, ``cardcore`` and
    ``cardcore.__main__``, stands above all of them)."""
    facade = {"cardcore", "cardcore.__main__"}
    layers = ("cardcore.play", "cardcore.replay", "cardcore.cli", "cardcore.docs",
              "cardcore.pettingzoo")

    def layer(name: str) -> str:
        return next((top for top in layers if name == top or name.startswith(top + ".")),
                    "cardcore")

    wrong = sorted(f"{name} -> {target}" for name, targets in import_graph().items()
                   if name not in facade and layer(name) == lower
                   for target in targets if layer(target) == upper)
    assert wrong == []


def test_no_games_play_part_imports_another() -> None:
    """A game's play module (cardcore.play.legal.<game>) imports no other game's
    play module nor another game's package."""
    def game(name: str) -> str | None:
        parts = name.split(".")
        if len(parts) > 2 and parts[:2] == ["cardcore", "games"]:
            return parts[2]
        if len(parts) > 3 and parts[:3] == ["cardcore", "play", "legal"]:
            return parts[3]
        return None

    wrong = sorted(f"{name} -> {target}" for name, targets in import_graph().items()
                   if name.startswith("cardcore.play.legal.") for target in targets
                   if game(target) and game(target) != game(name))
    assert wrong == []


def test_no_game_imports_another() -> None:
    """A game's package imports no other game's: each stands on the kernel alone."""
    def game(name: str) -> str | None:
        parts = name.split(".")
        return parts[2] if len(parts) > 2 and parts[:2] == ["cardcore", "games"] else None

    wrong = sorted(f"{name} -> {target}" for name, targets in import_graph().items()
                   if game(name) for target in targets
                   if game(target) and game(target) != game(name))
    assert wrong == []
