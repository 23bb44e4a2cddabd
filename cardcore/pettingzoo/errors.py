"""The PettingZoo environments' errors (every one a :class:`~cardcore.errors.CardcoreError`)."""

from __future__ import annotations

from cardcore.errors import CardcoreError

__all__ = ["TableError"]


class TableError(CardcoreError):
    """A table asked for with something it does not offer (a render mode)."""
