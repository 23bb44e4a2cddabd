"""What a fresh interpreter imports (shared by the tests that keep start-up cheap),
and the package's modules by their installed names."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def imported_by(code: str) -> list[str]:
    """The modules loaded after running ``code`` in a new interpreter, sorted.

    A new process, because this one has imported everything the suite uses.
    ``code`` may end by raising ``SystemExit`` (a command's ``main``); the
    listing is printed at exit either way.
    """
    listing = ("import atexit, sys\n"  # both built in: they load nothing of their own
               "atexit.register(lambda: print(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", listing + code], capture_output=True,
                          text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    return list(ast.literal_eval(done.stdout.strip().splitlines()[-1]))


ROOT = Path(__file__).resolve().parent.parent


def _package_dirs() -> dict[str, Path]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    return {package: ROOT / folder for package, folder in mapping.items()}


def package_modules() -> dict[str, Path]:
    """Installed module name -> its source file."""
    found: dict[str, Path] = {}
    dirs = _package_dirs()
    for package, folder in dirs.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            name = ".".join((package, *parts))
            # a folder mapped to its own package (cli/ inside cardcore/) is not cardcore's
            if any(name.startswith(other + ".") and other != package and other.startswith(package)
                   for other in dirs):
                continue
            found[name.removesuffix(".__init__")] = path
    return found
