"""Which play part (:class:`~cardcore.play.seam.GamePlay`) is a game's: the four
play modules of :mod:`cardcore.play.legal`, named here, and the functions that
find a game's part.

A table written out, as the games' own registry is (:mod:`cardcore.registry`):
the games' registrations cannot name their play parts (a game stands below the
play layer), and finding a module by a string would hide the import from the
layer contracts and the import-graph test.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardcore.dispatch import refuse_foreign_state
from cardcore.errors import UnknownGameError
from cardcore.game import GameRules
from cardcore.play.legal import auction, goblin, orc, saint
from cardcore.play.listing import Listing
from cardcore.play.seam import GamePlay
from cardcore.play.steps import Whose, check_seat
from cardcore.protocol import S
from cardcore.registry import rules_of

__all__ = ["PLAY", "game_play", "legal_events", "whose"]


PLAY: Final[Mapping[str, GamePlay[Any]]] = {
    "goblin-poker": goblin.PLAY,
    "orc-poker": orc.PLAY,
    "saint-poker": saint.PLAY,
    "auction": auction.PLAY,
}
"""Transcript name -> the game's :class:`~cardcore.play.seam.GamePlay`."""


def game_play(rules: GameRules[S]) -> GamePlay[S]:
    """The play part of ``rules``.

    >>> from cardcore.games.goblin import RULES
    >>> game_play(RULES).whose(RULES.start(["Aki", "Ben"]))
    Whose(chance=True, seats=(), together=False)
    """
    found = PLAY.get(rules.name)
    if found is None:
        raise UnknownGameError(rules.name, sorted(PLAY))
    return found


def whose(rules: GameRules[S] | str, state: S) -> Whose:
    """Who takes the next step in ``state``: chance, some seats, or nobody.
    ``rules`` are the game's, or its name (``"orc-poker"``, as
    :func:`~cardcore.registry.get_game` reads it; UnknownGameError for none);
    NotAStateError for a state that is not one of the game's, as ``rules.apply``
    refuses it."""
    rules = rules_of(rules)
    part = game_play(rules)
    refuse_foreign_state(rules, state)
    return part.whose(state)


def legal_events(rules: GameRules[S] | str, state: S, seat: int) -> Listing:
    """Every event ``seat`` may take now, each once, in a fixed order: a
    :class:`~cardcore.play.listing.Listing` always, an empty one when the seat
    has no step; see :class:`~cardcore.play.seam.GamePlay` for parts and chance
    fields. ``rules`` are the game's, or its name, as :func:`whose` takes them.
    NotAStateError for a state of another game, SeatError for a seat that is
    none of the table's (a whole number from 0 to players - 1).

    >>> from cardcore.games.goblin import RULES, Deal
    >>> from cardcore.play.dealer import Dealer
    >>> state = RULES.start(["Aki", "Ben"])
    >>> state, _ = RULES.apply(state, Dealer(3).chance(RULES, state))
    >>> for event in legal_events("goblin-poker", state, 0)[:2]:
    ...     print(dict(event.cards))
    {'Aki': 3}
    {'Aki': 4}
    """
    rules = rules_of(rules)
    part = game_play(rules)
    refuse_foreign_state(rules, state)
    return part.legal(state, check_seat(seat, state.players))
