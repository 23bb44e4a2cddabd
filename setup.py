"""The package list (everything else is in pyproject.toml).

``cardcore`` and its subpackages are found on disk, so a game added under
cardcore/games/ is installed without a change here; the folders replay/, cli/
and docs/ are installed inside it (pyproject.toml, ``package-dir``).
"""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["cardcore", "cardcore.*"]),
        "cardcore.replay",
        "cardcore.cli",
        "cardcore.docs",
    ],
)
