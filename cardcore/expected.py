"""What may come next, in names and words: :meth:`cardcore.game.GameRules.expected`.

Only messages, programs and :class:`~cardcore.gamelog.GameLog` ask for it, so
it is a module of its own, imported when first built, and
replaying a valid record does not build the class.
"""

from __future__ import annotations

import attrs

__all__ = ["Expected"]


@attrs.frozen(kw_only=True)
class Expected:
    """What may come next, in names and words (for people, programs and GameLog).

    ``kinds`` are the event types the rules allow now (``check`` is always
    allowed and not listed). ``players`` are who may take the step; with
    ``choice`` they are the admissible players of a table choice. ``text`` says
    it in words ("Ben pitches or folds").
    """

    kinds: frozenset[str]
    players: tuple[str, ...] = ()
    choice: bool = False
    text: str = ""
    rule: str = ""
    """The game's rule that decides whose step it is (cited in C-5 messages)."""

    @property
    def over(self) -> bool:
        return not self.kinds
