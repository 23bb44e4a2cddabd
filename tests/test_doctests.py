"""The examples in docstrings, run by each module's installed name (``cardcore.*``).

replay/ and cli/ install as ``cardcore.replay`` and ``cardcore.cli``; pytest's
``--doctest-modules`` would import them from the checkout as top-level
``replay`` and ``cli``, a second copy of every class. Here every module of the
package is imported the way users import it, and its doctests run.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardcore

ROOTS = ("cardcore", "cardcore.replay", "cardcore.cli")
FLAGS = doctest.IGNORE_EXCEPTION_DETAIL | doctest.NORMALIZE_WHITESPACE


def _modules() -> list[str]:
    names: set[str] = set()
    for root in ROOTS:
        package = importlib.import_module(root)
        names.add(root)
        names.update(info.name for info in pkgutil.walk_packages(package.__path__, root + "."))
    return sorted(name for name in names if not name.endswith("__main__"))


MODULES = _modules()


def test_every_folder_of_the_package_is_searched() -> None:
    """The engines, the replay layer and the command line are all among the modules."""
    for name in ("cardcore.poker", "cardcore.games.goblin.rules", "cardcore.replay.runner",
                 "cardcore.cli.main"):
        assert name in MODULES
    assert not any(name.startswith(("replay.", "cli.")) for name in MODULES)
    assert cardcore.__name__ == "cardcore"


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    """The module's docstring examples give what they show (none is fine)."""
    if name.startswith("cardcore.pettingzoo"):  # an optional extra's modules
        pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in finder.find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
