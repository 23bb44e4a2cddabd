"""Shared test setup: hypothesis profiles.

``default`` keeps the suite quick for local runs; ``ci`` (chosen when the CI
variable is set, as .ci/run does) explores more; ``thorough`` is for a long
local hunt: ``HYPOTHESIS_PROFILE=thorough pytest``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=40, deadline=None)
settings.register_profile(
    "ci", max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))

pytest_plugins = ("pytester",)
"""``pytester`` runs pytest inside a test: the cardcore plugin is tested with it."""
