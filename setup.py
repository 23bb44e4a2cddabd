"""The package list and the editable install (everything else is in pyproject.toml).

``cardcore`` and its subpackages are found on disk, so a game added under
cardcore/games/ is installed without a change here; the folders replay/, cli/
and docs/ are installed inside it (pyproject.toml, ``package-dir``).

An editable install (``pip install -e .``) also links the installed layout
(``cardcore.replay`` from replay/, ...) into build/, and puts that folder on the
path after setuptools' import hook: mypy cannot follow an import hook, so
without it a program type-checked against the editable install would see no
``cardcore``. The hook still serves a Python started in the checkout (whose
cardcore/ lacks replay/). The tree links files, so an edit is seen at once; a
new module is seen from outside the checkout once the install runs again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from setuptools import find_packages, setup
from setuptools.command.editable_wheel import editable_wheel


class _Both:
    """Two editable strategies, one after the other."""

    def __init__(self, *strategies: Any) -> None:
        self.strategies = strategies

    def __call__(self, wheel: Any, files: list[str], mapping: dict[str, str]) -> None:
        for strategy in self.strategies:
            strategy(wheel, files, mapping)

    def __enter__(self) -> _Both:
        for strategy in self.strategies:
            strategy.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        for strategy in reversed(self.strategies):
            strategy.__exit__(*exc)


class _TypingTree:
    """The link tree of a strict editable install, on the path by a .pth of its own."""

    def __init__(self, tree: Any, name: str) -> None:
        self.tree, self.name = tree, name

    def __call__(self, wheel: Any, files: list[str], mapping: dict[str, str]) -> None:
        self.tree._create_links(files, mapping)
        wheel.writestr(f"__editable__.{self.name}-typing.pth",
                       str(Path(self.tree.auxiliary_dir).resolve()).encode() + b"\n")

    def __enter__(self) -> _TypingTree:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


class TypedEditable(editable_wheel):  # type: ignore[misc]
    """setuptools' editable install, plus a link tree a type checker can follow
    (only where no mode is asked for: ``--config-settings editable_mode=...``
    still gets just that mode)."""

    def _select_strategy(self, name: str, tag: str, build_lib: Any) -> Any:
        chosen = super()._select_strategy(name, tag, build_lib)
        if self.mode:
            return chosen
        self.mode = "strict"
        try:
            tree = super()._select_strategy(name, tag, build_lib)
        finally:
            self.mode = None
        return _Both(chosen, _TypingTree(tree, name))


setup(
    packages=[
        *find_packages(include=["cardcore", "cardcore.*"]),
        "cardcore.replay",
        "cardcore.cli",
        "cardcore.docs",
    ],
    cmdclass={"editable_wheel": TypedEditable},
)
