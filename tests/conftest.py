"""Shared test setup: hypothesis profiles, and the headless browser of the page tests.

``default`` keeps the suite quick for local runs; ``ci`` (chosen when the CI
variable is set, as .ci/run does) explores more; ``thorough`` is for a long
local hunt: ``HYPOTHESIS_PROFILE=thorough pytest``.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=40, deadline=None)
settings.register_profile(
    "ci", max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))

pytest_plugins = ("pytester",)
"""``pytester`` runs pytest inside a test: the cardcore plugin is tested with it."""


def _missing() -> list[str]:
    """What the browser tests need and this machine lacks."""
    missing = [] if shutil.which("chromium") else ["chromium (apt-get install chromium)"]
    if not shutil.which("chromedriver"):
        missing.append("chromedriver (apt-get install chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (pip install -e '.[browser]')")
    return missing


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium (Selenium and the system chromedriver) for a module of
    tests of the pages cardcore writes; skipped, or failed under CI=true, when absent."""
    missing = _missing()
    if missing:
        why = "the pages are tested in a real Chromium; missing: " + ", ".join(missing)
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true: {why}")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(shutil.which("chromium"))
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(shutil.which("chromedriver"))),
                              options=options)
    try:
        yield driver
    finally:
        driver.quit()

BOTS = (
    "from cardcore.play import RandomPolicy\n"
    "class NoSeed:\n"
    "    def __call__(self, view, offers):\n"
    "        return offers[0]\n"
    "INSTANCE = RandomPolicy(1)\n"
    "def two_seeds(a, b):\n"
    "    return NoSeed()\n"
    "def text(seed):\n"
    "    return str(seed)\n"
    "def one_argument(seed):\n"
    "    return lambda offers: offers[0]\n"
    "def says_fold(seed):\n"
    "    return lambda view, offers: 'fold'\n"
    "def raises(seed):\n"
    "    def policy(view, offers):\n"
    "        raise RuntimeError('no idea')\n"
    "    return policy\n"
    "def broken_maker(seed):\n"
    "    raise KeyError(seed)\n"
    "def cheats(seed):\n"
    "    from cardcore.games.goblin import Pitch\n"
    "    def policy(view, offers):\n"
    "        if 'pitch' not in offers.kind_names():\n"
    "            return offers[0]\n"
    "        offered = offers.of_kind('pitch')[0]\n"
    "        return Pitch(player=offered.player, card=9 if offered.card == 10 else 10)\n"
    "    return policy\n"
    "def number(seed):\n"
    "    return seed\n"
)
"""Policy makers, right and wrong, as a user might write them."""


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The module of :data:`BOTS`, importable as ``study_bots`` (the study tests
    of the library and of the command share it)."""
    (tmp_path / "study_bots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "study_bots", raising=False)
    return "study_bots"
