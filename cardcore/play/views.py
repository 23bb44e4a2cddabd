"""What one seat may know: the game as the seat saw it happen.

A seat sees every event with the cards the rules keep from it hidden
(:func:`cardcore.hiding.hide`, sparing its own hand and acts): its own hand,
what is face up, what it saw taken. Its view keeps those events as the game
goes and folds them into the seat's own state when it is asked for one, from
where it last stopped: a program whose policy never looks (a random player)
pays nothing, and one that looks after every event pays one fold per event,
never a replay of the whole game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, SupportsIndex, overload

from cardcore.errors import CardcoreError
from cardcore.exact import is_fraction
from cardcore.hiding import hide
from cardcore.play.steps import check_seat
from cardcore.protocol import Event, S, Setup
from cardcore.quoting import python_quoted

if TYPE_CHECKING:
    from cardcore.game import GameRules
    from cardcore.gamelog import GameLog

__all__ = ["View", "Views", "information_string"]


def _value(value: Any) -> str:
    """A field's value in one canonical spelling: mappings by sorted key, cards as
    their notation, unknown cards as ``?``."""
    if value is None:
        return "?"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{key}:{_value(value[key])}" for key in sorted(value)) + "}"
    if isinstance(value, (tuple, list)):
        return "[" + ",".join(_value(item) for item in value) + "]"
    if is_fraction(value):
        return f"{value.numerator}/{value.denominator}"
    return str(value)


def information_string(event: Event) -> str:
    """One event in a stable spelling (its kind and its fields by name).

    >>> from cardcore.games.goblin import Reveal
    >>> information_string(Reveal(cards={"Ben": 3, "Aki": None}))
    'reveal(cards={Aki:?,Ben:3})'
    """
    fields = [(name, getattr(event, name)) for name in sorted(_fields(type(event)))]
    shown = ",".join(f"{name}={_value(value)}" for name, value in fields
                     if value is not None or name != "note")
    return f"{event.TYPE}({shown})"


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    found = _FIELDS.get(kind)
    if found is None:
        found = tuple(field.name for field in kind.__attrs_attrs__)  # type: ignore[attr-defined]
        _FIELDS[kind] = found
    return found


class View(Generic[S]):
    """The game as seat :attr:`seat` knows it: the events it saw (:attr:`events`),
    the state they derive (:attr:`state`, what the rules derive from what the seat
    saw: other hands unknown) and :meth:`information_state`.

    Whose view it is (:attr:`seat`, :attr:`player`, :attr:`players`,
    :attr:`rules`) is fixed when it is made and read-only: what the view hides
    follows from it, so a policy given its view cannot make it another seat's
    (assigning one raises ``AttributeError``, as a frozen attrs class does).

    A :class:`~cardcore.play.match.Match` builds and feeds one per seat
    (``match.views[seat]``); :meth:`of` gives a seat's view of a
    :class:`~cardcore.gamelog.GameLog`. ``seen`` is a sequence of the true
    events that only ever grows (the match's list, the log's history), which
    the view hides for its seat as it reads them.

    >>> from cardcore.play import View
    >>> from cardcore.play.match import Match
    >>> match = Match("goblin-poker", ["Aki", "Ben"], seed=1)
    >>> view = match.views[1]
    >>> view.seat, view.player, view.players, view.rules.name
    (1, 'Ben', ('Aki', 'Ben'), 'goblin-poker')
    >>> view.player = "Aki"  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    AttributeError: property 'player' of 'View' object has no setter
    """

    __slots__ = ("_events", "_folded", "_player", "_players", "_rules", "_seat", "_seen",
                 "_setup", "_state", "_texts")

    def __init__(self, rules: GameRules[S], setup: Setup, seat: int,
                 seen: Sequence[Event]) -> None:
        """``seat`` is an index into ``setup.players`` (0 to the number of players
        less one); anything else is a :class:`~cardcore.play.errors.SeatError`
        that lists the seats."""
        self._rules = rules
        self._seat: int = check_seat(seat, setup.players)
        self._players: tuple[str, ...] = setup.players
        self._player: str = setup.players[self._seat]
        self._seen = seen
        self._events: list[Event] = []
        self._texts: list[str] = []
        self._setup = setup
        self._state: S | None = None
        self._folded = 0

    @classmethod
    def of(cls, log: GameLog[S], seat: int) -> View[S]:
        """Seat ``seat``'s view of ``log``: it follows the log as events are
        appended (each read folds only the events since the last one).

        >>> from cardcore import GameLog
        >>> from cardcore.games.goblin import Deal
        >>> log = GameLog("goblin-poker", ["Aki", "Ben"])
        >>> view = View.of(log, 1)
        >>> _ = log.append(Deal(hands={"Aki": [5, 8, 6, 4, 7, 6], "Ben": [4, 9, 1, 9, 7, 8]}))
        >>> hand = view.state.account.zone
        >>> hand("Ben's hand").known_cards(), hand("Aki's hand").unknown
        ([4, 9, 9, 1, 7, 8], 6)

        A CardcoreError for a ``log`` that is no GameLog (a game's name, a
        transcript's path), SeatError for a seat that is none of its table's.
        """
        from cardcore.gamelog import GameLog

        if not isinstance(log, GameLog):
            raise CardcoreError(f"View.of gives a seat's view of a GameLog (cardcore.load_log "
                                f"reads one from a file; a Match's views are match.views), not "
                                f"{python_quoted(log)}")
        setup = log.rules.setup(log.players, log.options, log.ages)
        return cls(log.rules, setup, seat, log._events)  # the history itself: it only grows

    @property
    def rules(self) -> GameRules[S]:
        """The game's rules (what folds the seat's events into :attr:`state`)."""
        return self._rules

    @property
    def seat(self) -> int:
        """The seat this view is of (an index into :attr:`players`)."""
        return self._seat

    @property
    def players(self) -> tuple[str, ...]:
        """Every player at the table, in seat order."""
        return self._players

    @property
    def player(self) -> str:
        """The seat's player: the one whose cards the view keeps (``players[seat]``)."""
        return self._player

    def _keep(self, name: str) -> bool:
        return name == self._player

    def _catch_up(self) -> None:
        seen = self._seen
        for event in seen[len(self._events):]:
            self._events.append(hide(event, self._keep))

    @property
    def events(self) -> tuple[Event, ...]:
        """The events so far, as this seat saw them."""
        self._catch_up()
        return tuple(self._events)

    @property
    def state(self) -> S:
        """The state the rules derive from what this seat saw (folded on demand,
        from where the last call stopped)."""
        self._catch_up()
        apply = self._rules.apply
        state = self._state
        if state is None:
            state = self._rules.start(self._setup)
        for event in self._events[self._folded:]:
            state, _ = apply(state, event)
        self._state = state
        self._folded = len(self._events)
        return state

    def information_state(self) -> str:
        """A deterministic string of everything this seat knows: the table, the seat
        and each event it saw in a stable spelling. Equal for two games that differ
        only in what the seat may not see.

        >>> from cardcore.play import play, RandomPolicy
        >>> from cardcore.play.match import Match
        >>> match = Match("goblin-poker", ["Aki", "Ben"], seed=1)
        >>> match.views[0].information_state()
        'goblin-poker|Aki,Ben|Aki'
        """
        self._catch_up()
        texts = self._texts
        for event in self._events[len(texts):]:
            texts.append(information_string(event))
        head = f"{self._rules.name}|{','.join(self._players)}|{self._player}"
        return "\n".join((head, *texts))

    def __repr__(self) -> str:
        return f"View({self._rules.name!r}, seat={self._seat}, events={len(self._seen)})"


class Views(tuple[View[S], ...]):
    """Each seat's view, in seat order (``match.views[seat]``): a tuple whose index
    is a seat, checked as every function that takes a seat checks one
    (:func:`~cardcore.play.steps.check_seat`: a SeatError, an ``IndexError``
    too; ``-1`` is not the last seat, as ``match.legal(-1)`` is no seat's). A
    slice is a tuple's.

    >>> from cardcore.play.match import Match
    >>> Match("goblin-poker", ["Aki", "Ben"]).views[2]
    Traceback (most recent call last):
    ...
    cardcore.play.errors.SeatError: 2 is not a seat of this table: its seats are 0 to 1 (0 Aki, 1 Ben)
    """

    __slots__ = ()

    @overload
    def __getitem__(self, seat: SupportsIndex) -> View[S]: ...

    @overload
    def __getitem__(self, seat: slice) -> tuple[View[S], ...]: ...

    def __getitem__(self, seat: SupportsIndex | slice) -> View[S] | tuple[View[S], ...]:
        if (type(seat) is not int or not 0 <= seat < len(self)) and not isinstance(seat, slice):
            seat = check_seat(seat, tuple.__getitem__(self, 0).players if self else ())
        return tuple.__getitem__(self, seat)
