"""What a table that saw less would have written: every secret card as unknown.

Each event class declares the fields whose cards the rules keep from the table
(``Event.SECRET``: hands, pitched cards, draws, an action deck's order, stock
cards taken unseen). Hiding them must change nothing the rules derive
(TRANSCRIPT.md, "Cards"): the game contract tests hold every game to that, and
``cardcore simulate --hidden`` writes such records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from cardcore.protocol import Event

__all__ = ["hide", "seen_by"]

E = TypeVar("E", bound=Event)


def _hidden(value: Any, keep: Callable[[str], bool]) -> Any:
    if isinstance(value, Mapping):
        return {name: item if keep(name) else _hidden(item, lambda _: False)
                for name, item in value.items()}
    if isinstance(value, tuple | list):
        return tuple(None for _ in value)
    return None


def _nobody(name: str) -> bool:
    return False


def hide(event: E, keep: Callable[[str], bool] = _nobody) -> E:
    """``event`` with every card of its SECRET fields unknown, except those of the
    players ``keep`` spares (their own hands, their own acts).

    >>> from cardcore.games.goblin import Pitch
    >>> hide(Pitch(player="Ben", card=7))
    Pitch(note=None, player='Ben', card=None)
    >>> hide(Pitch(player="Ben", card=7), keep=lambda name: name == "Ben").card
    7
    """
    actor = getattr(event, event.ACTOR) if event.ACTOR else None
    if actor is not None and keep(actor):
        return event
    changes = {field: _hidden(getattr(event, field), keep) for field in event.SECRET
               if getattr(event, field) is not None}
    return attrs.evolve(event, **changes) if changes else event


def seen_by(event: E, player: str, unseen: tuple[str, ...] = ()) -> E:
    """``event`` as ``player`` can know it before it is taken: :func:`hide`'s
    secrets of the others unknown, every other player's entry of its tables by
    player (``NAMED``: the parts of a step taken together, laid face down until
    all are given) unknown, and the fields ``unseen`` (cards the dealer has yet
    to turn up) unknown too. Each unknown keeps its shape (a card, a tuple of
    cards), so that the rules judge the player's own part as they would judge
    the whole event, and no refusal can name a card the player cannot see.

    >>> from cardcore.games.goblin import Reveal
    >>> seen_by(Reveal(cards={"Aki": 2, "Ben": 7}), "Ben").cards
    FrozenMap({'Aki': None, 'Ben': 7})
    """
    def own(name: str) -> bool:
        return name == player

    seen = hide(event, own)
    changes = {field: _hidden(getattr(seen, field), own) for field in seen.NAMED
               if getattr(seen, field)}
    changes.update({field: _hidden(getattr(seen, field), _nobody) for field in unseen
                    if getattr(seen, field) is not None})
    return attrs.evolve(seen, **changes) if changes else seen
