"""Pages loaded in the real headless Chromium of the ``browser`` fixture
(tests/conftest.py), as a reader opens them, and what the console said."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def open_page(driver: Any, page: str, folder: Path, width: int = 1000) -> list[dict[str, Any]]:
    """Load a page from a file, as a reader opens it; the console's messages."""
    path = folder / "page.html"
    path.write_text(page, encoding="utf-8")
    driver.set_window_size(width, 800)
    driver.get_log("browser")  # what an earlier page logged is not this page's
    driver.get(path.as_uri())
    assert driver.execute_script("return document.readyState") == "complete"
    return list(driver.get_log("browser"))


def console_errors(logged: list[dict[str, Any]]) -> list[str]:
    """The errors among the console's messages."""
    return [str(entry["message"]) for entry in logged if entry["level"] == "SEVERE"]
