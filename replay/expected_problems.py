"""A fixture's ``expect``: the problems a record of illegal play must produce.

Only such fixtures have one, so :mod:`cardcore.replay.transcript` imports this
module when a transcript gives ``expect``: validating an ordinary record does not build these classes.
"""

from __future__ import annotations

import attrs

__all__ = ["ExpectedProblem"]


@attrs.frozen(kw_only=True)
class ExpectedProblem:
    """A problem a fixture of illegal play must produce: pointer and rule ID."""

    pointer: str
    rule: str | None = None
    kind: str | None = None
    after: bool = False
    """Found only by ``validate --keep-going``, after the first rule problem (the
    event it refused passed over): compared only when the replay went on."""


@attrs.frozen(kw_only=True)
class _Expect:
    problems: tuple[ExpectedProblem, ...]
