"""The PettingZoo environments' errors (every one a :class:`~cardcore.errors.CardcoreError`)."""

from __future__ import annotations

from cardcore.errors import CardcoreError

__all__ = ["ActionError", "TableError"]


class TableError(CardcoreError):
    """A table asked for with something it does not offer (a render mode)."""


class ActionError(TableError, TypeError):
    """A ``step`` given something that is not an action number: ``None`` for an
    agent still playing, or a float, a bool, a string, or an int outside the
    action space (-1, a number past ``wait``). Refused, not rounded or read as a
    number, because ``15.9`` taken as 15 or ``True`` as 1 would play an action
    the agent never chose. (An action number outside the mask is no such error:
    it is refused in ``infos``, so that an agent ignoring its mask makes
    progress.)

    A TypeError too, as Python's own for an argument of the wrong type is (and
    a ValueError, as every CardcoreError, for a number out of range).
    """
