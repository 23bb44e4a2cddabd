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
from typing import TYPE_CHECKING, Any, Generic

from cardcore.exact import is_fraction
from cardcore.hiding import hide
from cardcore.protocol import Event, S, Setup

if TYPE_CHECKING:
    from cardcore.game import GameRules

__all__ = ["View", "information_string"]



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
    """The game as seat ``seat`` knows it: the events it saw (:attr:`events`), the
    state they derive (:attr:`state`, what the rules derive from what the seat
    saw: other hands unknown) and :meth:`information_state`.

    Built and fed by :class:`~cardcore.play.loop.Match`; ``seen`` is the shared
    list of the true events, which the view hides for its seat as it reads them.
    """

    def __init__(self, rules: GameRules[S], setup: Setup, seat: int,
                 seen: Sequence[Event]) -> None:
        self.rules = rules
        self.seat = seat
        """The seat this view is of (an index into :attr:`players`)."""
        self.players: tuple[str, ...] = setup.players
        self.player: str = setup.players[seat]
        """The seat's player."""
        self._seen = seen
        self._events: list[Event] = []
        self._texts: list[str] = []
        self._setup = setup
        self._state: S | None = None
        self._folded = 0

    def _keep(self, name: str) -> bool:
        return name == self.player

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
        apply = self.rules.apply
        state = self._state
        if state is None:
            state = self.rules.start(self._setup)
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
        >>> from cardcore.play.loop import Match
        >>> match = Match("goblin-poker", ["Aki", "Ben"], seed=1)
        >>> match.views[0].information_state()
        'goblin-poker|Aki,Ben|Aki'
        """
        self._catch_up()
        texts = self._texts
        for event in self._events[len(texts):]:
            texts.append(information_string(event))
        head = f"{self.rules.name}|{','.join(self.players)}|{self.player}"
        return "\n".join((head, *texts))

    def __repr__(self) -> str:
        return f"View({self.rules.name!r}, seat={self.seat}, events={len(self._seen)})"
