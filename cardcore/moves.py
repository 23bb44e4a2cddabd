"""Card accounting as games call it: the card moves of one event.

A game's ``cards`` stage (:class:`cardcore.protocol.Handler`) makes an event's
moves through one :class:`Moves`. Every move says where its card sits in the
event (``path``) and whether the rules turn it face up, so a problem is located
and worded here, once, and the game never re-points an error. Problems are
collected, not raised: an event that breaks C-1, C-2 or C-3 in several places
is reported in all of them, and the kernel raises them together after the
common checks before them (:mod:`cardcore.dispatch`).

A game rule noticed while the cards move (a dealt hand of the wrong size) is
*deferred*: it is reported only when no common rule is broken, since the common
rules come first (RULES.md).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

from cardcore.decks import Deck
from cardcore.errors import PathPart, RuleViolation
from cardcore.zones import STOCK, CardAccount, Draft, hand

__all__ = ["Moves", "recorded"]

C = TypeVar("C", bound=Hashable)
V = TypeVar("V")
Path = tuple[PathPart, ...]


def recorded(pile: str) -> str:
    """The zone of a pile's cards whose place in it the record gives.

    >>> recorded("the action deck")
    'the action deck (recorded order)'
    """
    return f"{pile} (recorded order)"


def _partly_known(name: str, missing: int) -> str:
    """How a hand that is only partly known is written, for a known hand of too
    few cards (TRANSCRIPT.md: "?" for a card the table did not see, and a player
    left out of ``hands`` has an unknown hand); nothing for one of too many."""
    if missing <= 0:
        return ""
    return (f': write "?" for each card not known ({missing} more here), or leave {name} out '
            'of "hands" if none is known')


class Moves(Draft[C]):
    """The working card account of one event and the problems its moves found.

    A :class:`~cardcore.zones.Draft` itself (the event's one working copy of
    the zone table), plus what locates and collects the problems."""

    __slots__ = ("deferred", "found", "players", "problems", "seated")

    def __init__(self, account: CardAccount[C] | Draft[C], players: Sequence[str],
                 seated: Sequence[bool] | None = None) -> None:
        Draft.__init__(self, account)
        self.players = players
        self.seated = seated
        self.problems: list[RuleViolation] = []
        self.deferred: list[RuleViolation] = []
        self.found: object = None
        """What the cards stage worked out that the play stage needs (it is passed
        on as ``play``'s third argument), e.g. who drew from a short stock."""

    def problem(self, rule: str, message: str, path: Path = ()) -> None:
        """Note a common problem the game found (a C- rule it alone can see)."""
        self.problems.append(RuleViolation(rule, message, path))

    def defer(self, rule: str, message: str, path: Path = ()) -> None:
        """Note a game rule broken, reported only if no common rule is."""
        self.deferred.append(RuleViolation(rule, message, path))

    def named(self, table: Mapping[str, V] | None) -> Iterator[tuple[int, str, V]]:
        """(seat, name, value) of a name-keyed field, for the players at the table
        and in play (the kernel has reported the others, C-7)."""
        if not table:
            return
        players = self.players
        seated = self.seated
        for name, value in table.items():
            if name in players:
                seat = players.index(name)
                if seated is None or seated[seat]:
                    yield seat, name, value

    def shuffle(self, deck: Deck[C], stock: str = STOCK) -> None:
        """A full shuffle: every card face down in the stock, nothing known."""
        Draft.__init__(self, CardAccount.shuffled(deck, stock))

    def move(self, source: str, target: str, card: C | None, *, path: Path,
             face_up: bool = False, verb: str = "dealt from",
             otherwise: tuple[str, str] | None = None) -> bool:
        """Move one card (``None``: not named); True when the move is sound.

        A card the rules turn face up must be named (C-3); otherwise the card
        account decides (C-1, C-2, C-3, :meth:`cardcore.zones.Draft.transfer`).
        ``otherwise`` (rule, message) is the game's own rule to cite instead
        when the account refuses the card (Auction's AU-3.2).
        """
        if card is None and face_up:
            message = (f"the card {verb} {source} is face up for everyone and must be named, "
                       "not '?'")
            self.problems.append(RuleViolation("C-3", message, path))
            return False
        try:
            self.transfer(source, target, card, verb=verb)
        except RuleViolation as error:
            if otherwise is None:
                self.problems.append(error.at(*path))
            else:
                self.defer(*otherwise, path)
            return False
        return True

    def move_cards(self, source: str, target: str, cards: Iterable[C | None], *, path: Path,
                   face_up: bool = False, verb: str = "dealt from") -> None:
        """Move several cards; each problem points at its card's index."""
        cards = list(cards)
        if None not in cards and self.transfer_many(source, target, cards):  # type: ignore[arg-type]
            return
        for index, card in enumerate(cards):
            self.move(source, target, card, path=(*path, index), face_up=face_up, verb=verb)

    def deal(self, source: str, target: str, count: int, path: Path = ()) -> None:
        """Move ``count`` unseen cards face down."""
        try:
            Draft.deal(self, source, target, count)
        except RuleViolation as error:
            self.problems.append(error.at(*path))

    def deal_hands(self, hands: Mapping[str, Sequence[C | None]] | None, seats: Iterable[int],
                   size: int, rule: str, *, source: str = STOCK,
                   path: Path = ("hands",)) -> None:
        """Deal ``size`` cards to each of ``seats``: the hands the record gives
        card by card, the others unseen. The cards are accounted first; a known
        hand of the wrong size breaks ``rule`` (deferred: the game's own rule)."""
        known = hands or {}
        for seat in seats:
            name = self.players[seat]
            cards = known.get(name)
            if cards is None:
                self.deal(source, hand(name), size)
                continue
            self.move_cards(source, hand(name), cards, path=(*path, name))
            if len(cards) != size:
                self.defer(rule, f"{name}'s hand has {len(cards)} cards; each player is dealt "
                           f"{size}" + _partly_known(name, size - len(cards)), (*path, name))

    def lay_in_order(self, source: str, pile: str, order: Sequence[C | None],
                     path: Path) -> None:
        """Gather ``source`` into ``pile`` whose order the record gives (``None``
        where it does not): known places go to :func:`recorded`, the rest stay
        unplaced in ``pile`` itself, so a later draw is checked against its place."""
        for index, card in enumerate(order):
            if card is not None:
                self.move(source, recorded(pile), card, path=(*path, index),
                          verb="shuffled from")
        self.move_all(source, pile)

    def take_top(self, pile: str, top: C | None, target: str, card: C | None, *,
                 path: Path, verb: str = "drawn from") -> None:
        """Turn up the top card of an ordered pile (``top``: its recorded card,
        or None): a named card that differs from the recorded top is C-2."""
        if top is not None and card is not None and card != top:
            self.problem("C-2", f"{card} cannot be {verb} {pile}: its top card is {top} by "
                         "the recorded order", path)
            return
        source = pile if top is None else recorded(pile)
        self.move(source, target, card, path=path, face_up=True, verb=verb)
