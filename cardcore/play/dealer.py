"""The dealer: chance as its own step, seeded, holding the true deck.

The rules never draw a random number; a program that plays needs someone who
shuffles, deals and turns cards. The dealer keeps the order of the stock after
each deal it wrote (the true deck, which no seat sees), writes the chance
events of a game and fills in the chance fields of a player's event (the
stock cards that make up Auction's short pile, Orc Poker's tie-break draws
and the order of its action deck). It settles a table choice only where the
rules leave it to chance (where Goblin Poker's dealing of the pitched cards
starts among identical smallest stacks).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import islice
from typing import Any, TypeVar

from cardcore.decks import Deck
from cardcore.dispatch import refuse_foreign_event, refuse_foreign_state
from cardcore.frozen import FrozenMap
from cardcore.play.errors import DealerError
from cardcore.play.steps import check_seed
from cardcore.protocol import Event
from cardcore.zones import STOCK, CardAccount

__all__ = ["Dealer", "DealerError", "Shuffle", "Tentative", "stock_difference", "stock_of"]

C = TypeVar("C", bound=Hashable)

Shuffle = Callable[[list[Any], random.Random], None]
"""Orders a whole deck in place, drawing from the random numbers given."""


_CARDS: dict[int, list[Any]] = {}
"""The cards of each deck shuffled so far, in the deck's order (a deck's own
iteration is a Python generator, and every deal walks it)."""
_KEPT: list[Deck[Any]] = []
"""The decks of :data:`_CARDS`, kept alive so that their ids stay theirs."""


class Dealer:
    """A seeded dealer: ``Dealer(seed)`` or ``Dealer(random.Random(...))``.

    >>> from cardcore.games.auction import RULES
    >>> state = RULES.start(["Aki", "Ben"])
    >>> deal = Dealer(5).chance(RULES, state)
    >>> deal.TYPE, len(deal.hands["Aki"])
    ('deal', 10)
    """

    def __init__(self, seed: int | random.Random = 0, *, shuffle: Shuffle | None = None) -> None:
        """``shuffle`` replaces the fair shuffle of a deal: it orders a list of the
        whole deck in place (tests rig deals with it to reach rare rules; the
        events stay legal). A seed that is no whole number of 0 or more is refused
        (SetupError, :func:`~cardcore.play.steps.check_seed`), not read as Python's
        ``random`` would read a string, or -5 as 5."""
        if isinstance(seed, random.Random):
            self.rng: random.Random = seed
        else:
            self.rng = random.Random(
                check_seed(seed, ", or a random.Random (a Match also takes a Dealer)"))
        self.rigged = shuffle
        """The dealer's random numbers (the only ones in a played game besides the
        policies' own)."""
        self.stock: list[Any] = []
        """The stock after the last deal, top first: the true deck no seat sees."""

    def copy(self) -> Dealer:
        """A dealer in the same place: the same stock and the same random numbers to
        come (a bot that looks ahead, or a test that tries events, deals from a copy)."""
        twin = Dealer(random.Random(), shuffle=self.rigged)
        twin.rng.setstate(self.rng.getstate())
        twin.stock = list(self.stock)
        return twin

    def shuffled(self, deck: Iterable[C]) -> list[C]:
        """A fair shuffle of ``deck``. A whole deck: each card gets a uniform random
        key and the places are sorted by their keys (faster in Python than
        ``random.shuffle``, which draws in Python code once per card, and than
        sorting (key, place, card) tuples, which compares tuples in Python's
        sort); a few cards: ``random.shuffle``."""
        if not isinstance(deck, Deck):  # a few cards (a pile): the plain shuffle is quicker
            few = list(deck)
            self.rng.shuffle(few)
            return few
        random = self.rng.random
        cards = _CARDS.get(id(deck))
        if cards is None:
            cards = _CARDS[id(deck)] = list(deck)
            _KEPT.append(deck)
        count = len(cards)  # one key a card, drawn in C (random() never returns -1.0)
        keys = list(islice(iter(random, -1.0), count))
        # the cards in order of their keys (equal keys: by place), gathered in C
        return list(map(cards.__getitem__, sorted(range(count), key=keys.__getitem__)))

    def deal(self, deck: Iterable[C], names: Sequence[str], size: int
             ) -> dict[str, tuple[C | None, ...]]:
        """Shuffle ``deck``, deal ``size`` cards to each of ``names`` in order, and
        keep the rest as the stock."""
        if self.rigged is None:
            cards = self.shuffled(deck)
        else:
            cards = list(deck)
            self.rigged(cards, self.rng)
        hands: FrozenMap[str, tuple[C | None, ...]] = FrozenMap({
            name: tuple(cards[i * size:(i + 1) * size]) for i, name in enumerate(names)})
        self.stock = cards[len(names) * size:]
        return hands

    def draw(self, state: Any, count: int) -> tuple[Any, ...]:
        """The top ``count`` cards of the stock, taken from it; ``state`` is the
        state before they are drawn (its stock must be the dealer's)."""
        held = state.account.size(STOCK)
        if held != len(self.stock) or count > held:
            raise DealerError(f"the dealer holds {len(self.stock)} stock cards and the game "
                              f"{held}: play's chance events are the dealer's to write")
        return self.top(count)

    def top(self, count: int) -> tuple[Any, ...]:
        """The top ``count`` cards of the stock, taken from it (as the deal goes on:
        :meth:`draw` checks the stock against a state first)."""
        drawn, self.stock = tuple(self.stock[:count]), self.stock[count:]
        return drawn

    def chance(self, rules: Any, state: Any) -> Event:
        """The chance event that comes next in ``state`` (see :func:`whose`);
        NotAStateError for a state of another game."""
        from cardcore.play.registry import game_play

        part = game_play(rules)
        refuse_foreign_state(rules, state)
        return part.chance(state, self)

    def complete(self, rules: Any, state: Any, event: Event) -> Event:
        """``event`` with its chance fields filled in (a player's event as the
        dealer and the true deck make it happen); NotAStateError or
        NotAnEventError for a state or an event of another game."""
        from cardcore.play.registry import game_play

        part = game_play(rules)
        refuse_foreign_state(rules, state)
        refuse_foreign_event(rules, event)
        return part.complete(state, event, self)


def stock_of(state: Any) -> list[Any]:
    """The cards of ``state``'s stock, in the deck's order (nobody saw the stock's
    own): those it is known to hold, and every card of the deck the state knows
    nowhere. The unknown cards are the stock's where no other zone holds one, as
    in a game the library played (every card dealt out of the stock is named in
    its true events): :meth:`~cardcore.play.Match.resume` checks that first.

    >>> from cardcore.games.goblin import RULES, Deal
    >>> state, _ = RULES.apply(RULES.start(["Aki", "Ben"]), Deal(hands={
    ...     "Aki": [10, 10, 10, 10, 10, 10], "Ben": [9, 9, 9, 9, 9, 9]}))
    >>> stock = stock_of(state)
    >>> len(stock), stock.count(10), stock.count(9), stock.count(1)
    (43, 4, 3, 1)
    """
    account: CardAccount[Any] = state.account
    known = account.known_totals
    unseen = [card for card, copies in account.deck.counts.items()
              for _ in range(copies - known.get(card, 0))]
    return account.zone(STOCK).known_cards() + unseen


def stock_difference(held: Sequence[Any], stock: Sequence[Any]) -> str:
    """How a dealer's stock (``held``) differs from the game's (``stock``), in words:
    the cards it lacks and those it should not hold, in the order given."""
    lacking, extra = Counter(stock) - Counter(held), Counter(held) - Counter(stock)
    words = [f"{len(held)} stock cards and the game's stock {len(stock)}"]
    if lacking:
        words.append(f"it lacks {_some(list(lacking.elements()))}")
    if extra:
        words.append(f"it holds {_some(list(extra.elements()))}, which the stock does not")
    return "; ".join(words)


def _some(cards: list[Any], shown: int = 8) -> str:
    """The first ``shown`` of ``cards`` and how many more there are."""
    more = f" and {len(cards) - shown} more" if len(cards) > shown else ""
    return ", ".join(map(str, cards[:shown])) + more


class Tentative:
    """The dealer while it writes or completes one event that the rules may yet
    refuse: it deals, draws and gives random numbers as ``dealer`` does, and
    :meth:`undo` takes back every card and number it gave, so that the game goes
    on as if the event had never been tried (:class:`~cardcore.play.Match`
    appends through one, so that a refused event can be tried again).

    The state of the random numbers is kept only when one is first asked for:
    keeping it costs more than most steps, and most events draw none.

    >>> dealer = Dealer(5)
    >>> dealer.stock = ["AS", "KD", "QC"]
    >>> trying = Tentative(dealer)
    >>> trying.top(2), trying.shuffled(["x", "y", "z"]) == Dealer(5).shuffled(["x", "y", "z"])
    (('AS', 'KD'), True)
    >>> trying.undo()
    >>> dealer.stock, dealer.shuffled(["x", "y", "z"]) == Dealer(5).shuffled(["x", "y", "z"])
    (['AS', 'KD', 'QC'], True)
    """

    __slots__ = ("_dealer", "_numbers", "_stock")

    def __init__(self, dealer: Dealer) -> None:
        self._dealer = dealer
        self._stock = dealer.stock  # the dealer replaces its stock, never changes it in place
        self._numbers: tuple[Any, ...] | None = None

    def _numbers_kept(self) -> Dealer:
        """The dealer, the state of its random numbers kept first."""
        if self._numbers is None:
            self._numbers = self._dealer.rng.getstate()
        return self._dealer

    @property
    def rng(self) -> random.Random:
        """The dealer's random numbers (their state kept, to be taken back)."""
        return self._numbers_kept().rng

    def shuffled(self, deck: Iterable[C]) -> list[C]:
        """As :meth:`Dealer.shuffled`."""
        return self._numbers_kept().shuffled(deck)

    def deal(self, deck: Iterable[C], names: Sequence[str], size: int
             ) -> dict[str, tuple[C | None, ...]]:
        """As :meth:`Dealer.deal`."""
        return self._numbers_kept().deal(deck, names, size)

    def draw(self, state: Any, count: int) -> tuple[Any, ...]:
        """As :meth:`Dealer.draw`."""
        return self._dealer.draw(state, count)

    def top(self, count: int) -> tuple[Any, ...]:
        """As :meth:`Dealer.top`."""
        return self._dealer.top(count)

    def undo(self) -> None:
        """Give the dealer back its stock and its random numbers as they were."""
        self._dealer.stock = self._stock
        if self._numbers is not None:
            self._dealer.rng.setstate(self._numbers)
