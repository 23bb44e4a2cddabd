"""A stable numbering of a game's actions, for programs that need numbers.

Every event a seat may take has an action key (Goblin Poker: ``("pitch", 7)``,
``("fold",)``, ``("ruling", seat)``), and a game lists every key there can be
at a table of a given size, in a fixed order: the action's number is its place
in that list. Several events may share a key (Auction's ways to lay the same
win differ only in order); :meth:`Catalogue.event` then gives the first of them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, SupportsIndex, overload

from cardcore.dispatch import refuse_foreign_event, refuse_foreign_state
from cardcore.errors import NotAnEventError, SetupError
from cardcore.game import GameRules
from cardcore.play.errors import CatalogueError
from cardcore.play.registry import game_play
from cardcore.play.steps import whole_number
from cardcore.protocol import Event, S
from cardcore.quoting import python_quoted
from cardcore.registry import rules_of

if TYPE_CHECKING:  # for the overloads only: a catalogue named by its game is of that game
    from cardcore.games.auction.state import AuctionState
    from cardcore.games.goblin.state import GoblinState
    from cardcore.games.orc.state import OrcState
    from cardcore.games.saint.state import SaintState

__all__ = ["Catalogue", "CatalogueError", "catalogue"]



class Catalogue(Generic[S]):
    """The actions of ``rules`` at a table of ``players``: :attr:`keys` in order,
    :meth:`index` of an event, :meth:`mask` of a seat's legal events and
    :meth:`event` back from a number. Each takes a state of the game's (and
    events of the game's): NotAStateError or NotAnEventError otherwise, as
    ``rules.apply`` refuses them.

    >>> from cardcore.games.goblin import RULES, Fold
    >>> actions = catalogue(RULES, 2)
    >>> actions.keys[:3], actions.index(RULES.start(["A", "B"]), Fold(player="B"))
    ((('fold',), ('pitch', 1), ('pitch', 2)), 0)
    """

    def __init__(self, rules: GameRules[S], players: int) -> None:
        if type(players) is not int or not rules.min_players <= players <= rules.max_players:
            raise SetupError(f"{rules.title} is for {rules.min_players} to {rules.max_players} "
                             f"players, not {python_quoted(players)}", ("players",))
        self._title = f"{rules.title} at a table of {players}"
        self._rules = rules
        self._state_type = rules.state_type
        part = game_play(rules)
        self._key = part.action
        self.keys: tuple[Hashable, ...] = part.actions(players)
        """Every action key, in the catalogue's order."""
        self._numbers = {key: number for number, key in enumerate(self.keys)}

    def __len__(self) -> int:
        return len(self.keys)

    def _own(self, state: S) -> None:
        """NotAStateError unless ``state`` is one of the game's."""
        if type(state) is not self._state_type:
            refuse_foreign_state(self._rules, state)

    def _listed(self, legal: object) -> None:
        """NotAnEventError unless ``legal`` is a sequence (of events: each is checked
        as it is read): None or a number raised Python's TypeError from the loop,
        and a string would be read letter by letter."""
        if isinstance(legal, (str, bytes)) or not isinstance(legal, Sequence):
            raise NotAnEventError(f"legal is a sequence of {self._rules.title}'s events (a "
                                  "seat's legal ones: match.legal(seat), legal_events), not "
                                  f"{python_quoted(legal)}")

    def index(self, state: S, event: Event) -> int:
        """The number of ``event``'s action in ``state``; CatalogueError for an
        event of the game that is no action (chance's, a check)."""
        self._own(state)
        return self._number(state, event)

    def _number(self, state: S, event: Event) -> int:
        """:meth:`index`, the state checked already."""
        refuse_foreign_event(self._rules, event)
        key = self._key(state, event)
        number = self._numbers.get(key)
        if number is None:
            raise CatalogueError(f"a {event.TYPE} is not an action of {self._title} (its key "
                                 f"{key!r} is none of the catalogue's keys): only the events a "
                                 "seat may take are numbered")
        return number

    def mask(self, state: S, legal: Sequence[Event]) -> tuple[bool, ...]:
        """Per action number: whether some event of ``legal`` has it (a sequence of
        the game's events; NotAnEventError otherwise)."""
        self._own(state)
        self._listed(legal)
        marks = [False] * len(self.keys)
        for event in legal:
            marks[self._number(state, event)] = True
        return tuple(marks)

    def event(self, state: S, legal: Sequence[Event], number: SupportsIndex) -> Event:
        """The first event of ``legal`` whose action is ``number``: an int, or what
        stands for one (a NumPy integer, as ``np.argmax`` returns:
        :func:`~cardcore.play.steps.whole_number`). :class:`CatalogueError` for a
        number that is no action (a whole number from 0 to ``len - 1``: -1 is not
        the last; a float or a bool is none, never rounded) or one no legal event
        has; NotAnEventError for a ``legal`` that is no sequence of the game's events."""
        self._own(state)
        self._listed(legal)
        action = whole_number(number)
        if action is None or not 0 <= action < len(self.keys):
            raise CatalogueError(f"{python_quoted(number)} is not an action of {self._title}: "
                                 f"actions are whole numbers from 0 to {len(self.keys) - 1}")
        for event in legal:
            if self._number(state, event) == action:
                return event
        raise CatalogueError(f"no legal event has action {action} ({self.keys[action]!r})")


_MADE: dict[tuple[str, int], Catalogue[Any]] = {}


@overload
def catalogue(rules: Literal["auction"], players: int) -> Catalogue[AuctionState]: ...


@overload
def catalogue(rules: Literal["goblin-poker"], players: int) -> Catalogue[GoblinState]: ...


@overload
def catalogue(rules: Literal["orc-poker"], players: int) -> Catalogue[OrcState]: ...


@overload
def catalogue(rules: Literal["saint-poker"], players: int) -> Catalogue[SaintState]: ...


@overload
def catalogue(rules: GameRules[S], players: int) -> Catalogue[S]: ...


@overload
def catalogue(rules: str, players: int) -> Catalogue[Any]: ...


def catalogue(rules: GameRules[S] | str, players: int) -> Catalogue[S]:
    """The catalogue of ``rules`` at a table of ``players`` (built once): the
    game's rules, or its name (``"orc-poker"``, as
    :func:`~cardcore.registry.get_game` reads it; UnknownGameError for none).

    >>> catalogue("orc-poker", 3) is catalogue("orc", 3)
    True
    """
    rules = rules_of(rules)
    key = (rules.name, players)
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = Catalogue(rules, players)
    return found
