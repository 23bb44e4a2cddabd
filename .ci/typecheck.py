"""``mypy --strict`` over the package by its installed module names, and README's example.

The checkout's folders replay/, cli/ and docs/ install as ``cardcore.replay``,
``cardcore.cli`` and ``cardcore.docs`` (pyproject.toml, ``package-dir``). mypy
maps files to modules by folders alone and cannot follow the import hook of an
editable install, so this script names every source file by its installed
module itself, reads the options from pyproject.toml's ``[tool.mypy]``, and adds
the README's Python example as the module ``readme_example``.

Then it checks .ci/typing_probe.py as a user's program would be checked:
against the installed package only (with the README's editable install, which
setup.py makes strict so that mypy can follow it).

    .venv/bin/python .ci/typecheck.py          # exit 0 when clean, 1 with errors
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from mypy import build
from mypy.errors import CompileError
from mypy.main import process_options
from mypy.modulefinder import BuildSource

if sys.version_info >= (3, 11):
    import tomllib
else:  # mypy itself depends on tomli before Python 3.11
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def package_dirs() -> dict[str, Path]:
    """Installed package name -> folder of the checkout, as pyproject.toml maps them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    return {package: ROOT / folder for package, folder in mapping.items()}


def module_sources() -> list[BuildSource]:
    """Every .py file of the package, named as it is installed."""
    folders = package_dirs()
    mapped = set(folders.values())
    sources = []
    for package, folder in folders.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            if any(folder / Path(*parts[:i]) in mapped for i in range(1, len(parts))):
                continue  # inside another mapped folder
            names = [package, *parts[:-1]] + ([] if parts[-1] == "__init__" else [parts[-1]])
            sources.append(BuildSource(str(path), ".".join(names)))
    return sources


def readme_example() -> BuildSource:
    """The README's ```python block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = list(re.finditer(r"^```python\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE))
    if len(blocks) != 1:
        raise SystemExit(f"README.md has {len(blocks)} ```python blocks; this script checks one")
    # Blank lines before the code keep mypy's line numbers those of README.md.
    code = "\n" * text[: blocks[0].start(1)].count("\n") + blocks[0].group(1)
    return BuildSource(None, "readme_example", text=code)  # messages say "<string>"


def installed_probe() -> list[str]:
    """mypy --strict over .ci/typing_probe.py as a user's program: copied into an
    empty folder and checked from there, so that ``cardcore`` is found through the
    install (the README's editable one) and nothing else; its messages, if any."""
    import shutil
    import tempfile

    from mypy import api

    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "typing_probe.py"
        shutil.copy(ROOT / ".ci" / "typing_probe.py", probe)
        out, err, status = api.run(["--strict", "--no-incremental", "--cache-dir",
                                    str(Path(folder) / "cache"), str(probe)])
    if status == 0:
        return []
    return [line for line in (out + err).splitlines() if line.strip()]


def main() -> int:
    _, options = process_options(
        ["--config-file", str(ROOT / "pyproject.toml")], require_targets=False
    )
    sources = [*module_sources(), readme_example()]
    try:
        result = build.build(sources, options)
    except CompileError as error:
        messages = error.messages
    else:
        messages = result.errors
    for line in messages:
        print(line.replace("<string>:", "README.md:", 1))
    print(f"mypy --strict: {len(sources)} modules (README example included), "
          f"{'no errors' if not messages else 'errors above'}")
    probe = installed_probe()
    for line in probe:
        print(line)
    print("mypy --strict, a program against the installed package (.ci/typing_probe.py): "
          f"{'no errors' if not probe else 'errors above'}")
    return 1 if messages or probe else 0


if __name__ == "__main__":
    sys.exit(main())
