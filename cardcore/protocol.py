"""The values every game shares: events, the setup, what may come next, the outcome.

A game is a pure function folded over a log (docs/architecture.md)::

    state_n = apply(...apply(start(setup), e0)..., e_{n-1})

The kernel (:mod:`cardcore.dispatch`) makes the checks every game shares, in
one order, and hands an event to the game's handler for its kind; this module
holds the small values that pass between the kernel and a game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

import attrs

from cardcore.cards import PairsCard
from cardcore.effects import Effect
from cardcore.errors import SetupError
from cardcore.eventfields import checked
from cardcore.exact import Number
from cardcore.frozen import FrozenMap
from cardcore.quoting import python_quoted, quoted

if TYPE_CHECKING:
    from cardcore.moves import Moves
    from cardcore.zones import CardAccount

__all__ = [
    "Act",
    "Check",
    "Dealing",
    "Event",
    "GameState",
    "Handler",
    "Outcome",
    "PairsDeal",
    "Ruling",
    "Setup",
    "Transition",
    "Turn",
    "check_players",
    "per_seat",
]


@attrs.frozen(kw_only=True)
class Event:
    """Base of every event: ``note`` is kept and shown, never interpreted.

    ``ACTOR`` names the field holding the player who takes the step (None: the
    event is nobody's act, like a deal); ``NAMED`` the fields keyed by player
    names (``{"Aki": 4, "Ben": 2}``). The kernel checks every name there
    against the table (C-7) and the step (C-5) before the game sees the event.

    Every field is checked against its annotation and frozen when the event is
    built (:mod:`cardcore.eventfields`): a wrong type raises
    :class:`~cardcore.errors.EventValueError`, and a dict or list given becomes
    a read-only mapping or a tuple, so an event never changes once made.
    """

    TYPE: ClassVar[str] = ""
    ACTOR: ClassVar[str | None] = None
    NAMED: ClassVar[tuple[str, ...]] = ()
    SECRET: ClassVar[tuple[str, ...]] = ()
    """The fields whose cards the rules keep hidden from the table (a record may
    write them as "?" and derive the same; the game contract tests hold them to it)."""
    SPELLED: ClassVar[tuple[str, ...]] = ()
    """The fields that together name one value which the rules read in more than
    one spelling (an Auction bid's ``kind``, ``rank``, ``ranks`` and ``suit``);
    :meth:`meant` gives that value."""
    note: str | None = None

    def __attrs_post_init__(self) -> None:
        checked(self)

    def meant(self) -> Hashable:
        """What the :attr:`SPELLED` fields name: one value for every spelling the
        rules read alike, compared by ``==`` (None: the event has no such fields).
        ``diff`` compares it in their place; the event keeps its fields as
        written, and every other command reads and quotes them so."""
        return None


@attrs.frozen(kw_only=True)
class Act(Event):
    """An event that is one player's step (``player`` names them)."""

    ACTOR: ClassVar[str | None] = "player"
    player: str


@attrs.frozen(kw_only=True)
class Dealing(Event):
    """A full shuffle and a deal: ``hands`` gives the hands the record knows
    (players left out, or cards written "?", are unknown). A game's deal
    subclasses it to say what its cards are."""

    TYPE: ClassVar[str] = "deal"
    NAMED: ClassVar[tuple[str, ...]] = ("hands",)
    SECRET: ClassVar[tuple[str, ...]] = ("hands",)
    hands: Mapping[str, Sequence[Any]] | None = None


@attrs.frozen(kw_only=True)
class PairsDeal(Dealing):
    """A deal of the Pairs deck, 6 cards each (Goblin Poker GP-1, Orc Poker OP-1):
    the antes are derived."""

    hands: Mapping[str, Sequence[PairsCard | None]] | None = None


@attrs.frozen(kw_only=True)
class Check(Event):
    """A reading of the scoresheet; compared with the derived state, changes nothing."""

    TYPE: ClassVar[str] = "check"
    chips: Mapping[str, int] | None = None
    pot: int | None = None
    scores: Mapping[str, Number] | None = None


@attrs.frozen(kw_only=True)
class Ruling(Act):
    """The table's choice where the rules leave one (RULES.md, "Table choices")."""

    TYPE: ClassVar[str] = "ruling"


@attrs.frozen(kw_only=True)
class Setup:
    """Who plays, under which options, and how old they are: everything a game
    starts from, in one value (ages matter only where a rule uses them, SP-2.6).

    Built and checked by :meth:`cardcore.game.GameRules.setup`.
    """

    players: tuple[str, ...]
    options: Any
    ages: tuple[int | None, ...]
    """Per seat, the player's age when the transcript gives it."""


class Turn(NamedTuple):
    """What the rules allow now, in the terms the kernel checks (cheap to build:
    the words are :func:`describe`'s, built only when a message needs them).

    ``kinds`` are the event types allowed now (empty: the game is over; a
    ``check`` is always allowed and never listed). ``actors`` are the seats whose
    step it is: the player of an acting event must be one of them, and a field
    keyed by names may name only them. ``choice`` holds the admissible seats of a
    pending table choice (a ``ruling`` or the first act of one of them settles
    it). ``rule`` is the game's rule that decides whose step it is, cited in C-5
    and C-8 messages.
    """

    kinds: frozenset[str]
    actors: tuple[int, ...] = ()
    choice: tuple[int, ...] = ()
    rule: str = ""


def _read_only(table: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """An outcome's table of chips or points as a read-only map (one built as a
    :class:`~cardcore.frozen.FrozenMap` is kept as it is). Typed by ``Any``: the
    attrs plugin of mypy does not solve a generic converter."""
    return table if table is None or type(table) is FrozenMap else FrozenMap(table)


@attrs.frozen(kw_only=True)
class Outcome:
    """The derived standing, shaped like a transcript's ``result``.

    ``winners`` is ``None`` while the game is not complete. Like everything a
    state gives, an outcome is read-only all the way down: its tables are
    :class:`~cardcore.frozen.FrozenMap` (whatever mapping built it), its lists
    tuples.
    """

    complete: bool
    """Whether the game is over (the winners are then known)."""
    chips: Mapping[str, int] | None = attrs.field(default=None, converter=_read_only)
    """Player -> chips, in seat order, in the games played for chips (None in the others)."""
    pot: int | None = None
    """The chips in the pot, in the games played for chips."""
    scores: Mapping[str, Number] | None = attrs.field(default=None, converter=_read_only)
    """Player -> points, in seat order, in the games played for points (None in the others)."""
    winners: tuple[str, ...] | None = None
    """Everyone with the most chips or points once the game is complete, in seat order."""
    forgiven: int | None = None
    """The chips owed that players could not pay, forgiven (never in the pot), in
    the games played for chips."""
    pile: tuple[str, ...] | None = None
    """The cards on the table that the next score is made of, bottom first, while a
    hand is played (Auction's starter pile; None in the other games and between hands)."""
    pile_value: int | None = None
    """What ``pile`` would score now (AU-5.3): the figure a player weighs before declaring."""


class GameState(Protocol):
    """What the kernel reads of every game's state: the table, the card account and
    whether the game is over (a ``ledger`` of chips or ``scores`` is the game's own:
    :func:`cardcore.standings.standing` reads whichever it has).

    Each game's state is its own frozen class; the kernel (the dispatch,
    :class:`~cardcore.game.GameRules`) and the play layer are typed against this,
    never against ``Any``, so a state without them is refused by the type checker.
    """

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def account(self) -> CardAccount[Any]: ...

    @property
    def complete(self) -> bool: ...


S = TypeVar("S", bound=GameState)
T = TypeVar("T")

Transition = tuple[S, tuple[Effect, ...]]
"""The state after an event and the effects it caused (``Transition[GoblinState]``).
(Not the replay's :class:`cardcore.replay.steps.Step`, an event with its position.)"""


def per_seat(value: T) -> Any:
    """A state field's default: ``value`` once per seat, as a tuple (the state's
    ``players`` must come first, as in every game's state).

    >>> @attrs.frozen(kw_only=True)
    ... class Table:
    ...     players: tuple[str, ...]
    ...     chips: tuple[int, ...] = per_seat(30)
    >>> Table(players=("Aki", "Ben")).chips
    (30, 30)
    """
    return attrs.field(default=attrs.Factory(lambda self: (value,) * len(self.players),
                                             takes_self=True))


@attrs.frozen
class Handler(Generic[S]):
    """A game's rules for one kind of event, in the two stages the kernel runs.

    ``cards(state, event, moves)`` makes the event's card moves through
    :class:`cardcore.moves.Moves` (card accounting, C-1 to C-3, each problem at
    its own path) and may note further common problems; it runs only when the
    common checks before it allow. ``play(state, event, found)`` then applies
    the game's own rules to the state with the moved cards and returns the next
    state and the effects, or raises the game's rule. ``found`` is what the
    cards stage worked out on the state before its moves (``moves.found``; None
    when it noted nothing, or there is no cards stage): one signature for every
    handler, so the kernel makes one call.

    A game lists its handlers by event class in its ``RULES``
    (:class:`~cardcore.game.GameRules`); the event is typed ``Any`` here only
    because one mapping holds the handlers of every kind.
    """

    play: Callable[[S, Any, Any], Transition[S]]
    cards: Callable[[S, Any, Moves[Any]], None] | None = None


def _as_printed(name: str) -> str:
    """A name as a reader tells it apart: without white space at its ends, without
    the characters that print as nothing (Unicode's format characters: a zero-width
    space, a soft hyphen, a joiner, a direction mark), and in one Unicode form
    ("José" as one letter é, or as e and an accent)."""
    name = name.strip()
    if name.isascii():
        return name
    import unicodedata  # only for a name beyond ASCII

    category = unicodedata.category
    shown = "".join(char for char in name if category(char) != "Cf").strip()
    return unicodedata.normalize("NFC", shown)


def _invisible(name: str) -> str:
    """The first character of ``name`` that prints as nothing, as its code point
    ("U+200B"); '' if there is none."""
    import unicodedata

    for char in name:
        if unicodedata.category(char) == "Cf":
            return f"U+{ord(char):04X}"
    return ""


def _how_alike(name: str, other: str) -> str:
    """How two names that print alike differ, in words."""
    if name.strip() == other.strip():
        return "with white space at an end"
    hidden = _invisible(name) or _invisible(other)
    if hidden:
        return f"with a character that prints as nothing ({hidden})"
    return "in another Unicode form (the same letters, composed otherwise)"


def alike_player(name: str, players: Sequence[str]) -> str:
    """Words for a name that is no player's yet prints as one does ('' if it prints
    as none): which player, and how the two differ (as :func:`check_players` says
    it of two players). An event or a reading that writes "Chié" with a combining
    accent, or "Ben" with a zero-width space, names no one: the reader must be
    told why the name that looks right is refused, not offered it as a guess.

    >>> print(alike_player("Ben\\u200b", ("Aki", "Ben")))
    'Ben\\u200b' is 'Ben' with a character that prints as nothing (U+200B)
    >>> alike_player("Bne", ("Aki", "Ben"))
    ''
    """
    shown = _as_printed(name)
    for player in players:
        if _as_printed(player) == shown:
            return f"{quoted(name)} is {quoted(player)} {_how_alike(name, player)}"
    return ""


def check_players(players: Sequence[str], low: int, high: int, game: str) -> tuple[str, ...]:
    """Players are a sequence of names in seat order (not a set, whose order is
    Python's, nor a generator or any other iterable that is no sequence): unique
    non-empty names, as many as the game allows. Two
    names that print alike ("Aki" and "Aki ", "Aki" and "Aki" with a zero-width
    space, or "José" in two Unicode forms) are one name written twice: which
    player an event means would not show. A name that prints as nothing (white
    space, a zero-width space) names no one a reader can see.

    >>> check_players(["Aki", "Aki"], 2, 8, "Goblin Poker")
    Traceback (most recent call last):
    ...
    cardcore.errors.SetupError: 'Aki' sits twice: player names must be unique
    >>> check_players(["Aki", "Aki "], 2, 8, "Goblin Poker")
    Traceback (most recent call last):
    ...
    cardcore.errors.SetupError: 'Aki ' is 'Aki' with white space at an end: the two print alike, and player names must be unique
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        # a set has no order (its seats would fall at random), a generator none to rely on
        unordered = (": a set has no order, and the seats would fall at random"
                     if isinstance(players, (set, frozenset)) else "")
        raise SetupError(f"the players are a sequence of names in seat order, like ('Aki', "
                         f"'Ben'), not {python_quoted(players)}{unordered}", ("players",))
    names = tuple(players)
    shown: list[str] = []  # each name once, as a reader tells it
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not name:
            raise SetupError(f"{quoted(name)} is not a player name: names are non-empty strings",
                             ("players", seat))
        shown.append(_as_printed(name))
        if not shown[-1]:
            raise SetupError(f"{quoted(name)} is not a player name: it prints as nothing, and "
                             "a name shows at least one letter, digit or sign",
                             ("players", seat))
    seen: dict[str, str] = {}
    for seat, (name, same) in enumerate(zip(names, shown, strict=True)):
        other = seen.get(same)
        if other == name:
            raise SetupError(f"{name!r} sits twice: player names must be unique",
                             ("players", seat))
        if other is not None:
            raise SetupError(f"{quoted(name)} is {quoted(other)} {_how_alike(name, other)}: the "
                             "two print alike, and player names must be unique", ("players", seat))
        seen[same] = name
    if not low <= len(names) <= high:
        message = f"{game} is for {low} to {high} players, not {len(names)}"
        raise SetupError(message, ("players",))
    return names
