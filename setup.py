"""The package list and the editable install (everything else is in pyproject.toml).

``cardcore`` and its subpackages are found on disk, so a game added under
cardcore/games/ is installed without a change here; the folders replay/, cli/
and docs/ are installed inside it (pyproject.toml, ``package-dir``).

An editable install (``pip install -e .``) is *strict* unless told otherwise:
setuptools links the installed layout (``cardcore.replay`` in replay/, ...)
into a folder on the path, where a type checker finds it. Its default, an
import hook, is invisible to mypy: a program type-checked against the editable
install would see no ``cardcore`` at all. Files edited in place are seen at
once; a new module needs the install run again.
"""

from setuptools import find_packages, setup
from setuptools.command.editable_wheel import editable_wheel


class StrictEditable(editable_wheel):  # type: ignore[misc]
    """``editable_mode=strict`` by default (``--config-settings editable_mode=...``
    still chooses another)."""

    def finalize_options(self) -> None:
        if not self.mode:
            self.mode = "strict"
        super().finalize_options()


setup(
    packages=[
        *find_packages(include=["cardcore", "cardcore.*"]),
        "cardcore.replay",
        "cardcore.cli",
        "cardcore.docs",
    ],
    cmdclass={"editable_wheel": StrictEditable},
)
