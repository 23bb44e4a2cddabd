"""The seam between the play layer and a game: what a game adds so that a
program can play it (:class:`GamePlay`), and what its play module may use of
the dealer (:class:`TrueDeck`).

A game's play part lives in the play layer, in its own module
(``cardcore.play.legal.<game>``), because the games stand below the play layer
and may not import it; :mod:`cardcore.play.registry` names the four of them
and finds a game's part (:func:`~cardcore.play.registry.game_play`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from cardcore.eventfields import unchecked
from cardcore.frozen import FrozenMap
from cardcore.play.listing import Listing
from cardcore.play.steps import Whose
from cardcore.protocol import Event, S

if TYPE_CHECKING:
    from cardcore.play.policies import Asking

__all__ = ["GamePlay", "TrueDeck", "merge_tables"]

C = TypeVar("C")


class TrueDeck(Protocol):
    """What a game's play module uses of the dealer (:class:`~cardcore.play.Dealer`):
    its random stream and the true deck. Named here by its shape so that the play
    modules do not import the dealer, which finds them through the registry."""

    @property
    def rng(self) -> random.Random:
        """The dealer's random numbers."""

    def shuffled(self, deck: Iterable[C]) -> list[C]:
        """The cards of ``deck`` in the dealer's order."""

    def deal(self, deck: Iterable[C], names: Sequence[str], size: int
             ) -> dict[str, tuple[C | None, ...]]:
        """A fresh deal of ``size`` cards to each of ``names``; the rest is the stock."""

    def draw(self, state: Any, count: int) -> tuple[Any, ...]:
        """The top ``count`` cards of the stock, checked against ``state``."""

    def top(self, count: int) -> tuple[Any, ...]:
        """The top ``count`` cards of the stock."""


def merge_tables(parts: Sequence[Event]) -> Event:
    """One event of the parts of a step taken together: each part is an event of
    one class whose tables by player (its ``NAMED`` fields: a reveal's cards)
    hold the seat's own entry, and the event has every part's entries, in the
    order of the parts (the loop gives them in seat order, having checked that
    each seat's part is its own: :func:`cardcore.play.loop.next_event`). Every
    game's steps taken together are of this shape: the default of
    :attr:`GamePlay.merge`.

    A part's note is kept in the event's, after its player's name, the notes
    in the order of the parts: an event has one note, and a seat's words are
    not dropped without a word because the step was the table's.

    >>> from cardcore.games.goblin import Reveal
    >>> merge_tables([Reveal(cards={"Aki": 3}), Reveal(cards={"Ben": 5})])
    Reveal(note=None, cards=FrozenMap({'Aki': 3, 'Ben': 5}))
    >>> merge_tables([Reveal(cards={"Aki": 3}, note="a bluff"), Reveal(cards={"Ben": 5}),
    ...               Reveal(cards={"Cy": 9}, note="sure")]).note
    'Aki: a bluff; Cy: sure'
    """
    kind = type(parts[0])
    values: dict[str, Any] = {}
    for key in kind.NAMED:
        merged: dict[str, Any] = {}
        for part in parts:
            table = getattr(part, key)
            if table:
                merged.update(table)
        if merged:  # a table no part gives keeps its default (Orc's tie-break draws)
            values[key] = FrozenMap(merged)
    for part in parts:  # a loop, not a comprehension: a merge is made every reveal
        if part.note:
            values["note"] = "; ".join(_noted(part) for part in parts if part.note)
            break
    # the parts' values are checked and frozen already (cardcore.eventfields.unchecked)
    return unchecked(kind)(**values)


def _noted(part: Event) -> str:
    """A part's note after the player it names (its tables' one key), or alone for a
    part that names nobody (every table empty, which a seat may give)."""
    for key in part.NAMED:
        table: Mapping[str, Any] | None = getattr(part, key)
        if table:
            name: str = next(iter(table))
            return f"{name}: {part.note}"
    return str(part.note)


def _as_is(state: Any, event: Event, dealer: TrueDeck) -> Event:
    return event


@attrs.frozen(kw_only=True)
class GamePlay(Generic[S]):
    """What a game adds to the rules so that a program can play it.

    ``whose(state)``: who takes the next step. ``legal(state, seat)``: every
    event ``seat`` may take now, each once, in a fixed order, as a
    :class:`~cardcore.play.listing.Listing` (an empty one when it has no step);
    fields that are
    chance's (a card drawn from the stock, the order of a shuffled pile) are
    left ``None`` for the dealer's ``complete``. In a step taken together the
    events are *parts*: the seat's own share of the one event. They read only
    what the seat may see (its hand, what is face up), so that two states that
    differ only in what the seat may not see give the same events.
    ``chance(state, dealer)`` writes a chance step; ``complete(state, event,
    dealer)`` fills in the chance fields of a player's event, which ``dealt``
    names (a program leaves them ``None``); ``merge(parts)``
    makes one event of the parts of a step taken together (by default
    :func:`merge_tables`, which every game's steps fit). ``actions(players)``
    is the game's action catalogue at a table of that size and
    ``action(state, event)`` the catalogue key of an event. ``asking`` makes
    the loop's convention for asking the seats (default: the first seat of
    ``whose``; Auction asks in turn and lets seats pass).

    The game loop gives these functions and the asking convention the log's
    *working* state (:meth:`cardcore.gamelog.GameLog.lend`), which the next
    event changes: as a game's rules do, they keep no reference to it, and the
    events of a listing, built when read, are made of values read when the
    listing was (a policy may keep its offers after the step).

    These functions check nothing of what they are given: the loop gives them
    the game's own state and the seats it read off it, at every step. A
    program's state, seat or event is checked where the program gives it, by
    the public functions (:func:`~cardcore.play.legal_events`,
    :meth:`~cardcore.play.Match.legal`, the catalogue's).
    """

    whose: Callable[[S], Whose]
    legal: Callable[[S, int], Listing]
    chance: Callable[[S, TrueDeck], Event]
    complete: Callable[[S, Event, TrueDeck], Event] = _as_is
    merge: Callable[[Sequence[Event]], Event] = merge_tables
    actions: Callable[[int], tuple[Hashable, ...]]
    action: Callable[[S, Event], Hashable]
    asking: Callable[[], Asking] | None = None
    dealt: Mapping[type[Event], Mapping[str, str]] = attrs.field(factory=dict)
    """The chance fields of a player's event, by its class: each field that
    ``complete`` fills in, with what the dealer does there in words ("turns up
    the top card of the action deck"). A program leaves them ``None``: a
    :class:`~cardcore.play.Match` refuses an event with one filled in before the
    rules see it (:class:`~cardcore.play.errors.DealerError`), for the rules would
    judge it against the true deck, which no seat sees, and say what it holds.
    One declaration a game, here, so that no code asks which game it plays."""
    simulated: Mapping[str, float] = attrs.field(factory=dict)
    """The kind weights of the random players of :func:`cardcore.play.simulate`
    (a fold now and then, not every other turn), so that simulated games reach
    the deep rules."""
