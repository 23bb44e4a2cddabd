"""Card accounting: where every physical card is, as far as the record tells.

Every place a card can be (each hand, stack or row, the stock, a pile, the
discard) is a :class:`Zone`: a multiset of *known* cards plus a number of
*unknown* slots. The deck bounds every card's known total (C-1). Moving a card
out of a zone takes a known copy when there is one, else turns one of the
zone's unknown slots into that card (C-2). With the stock modelled as a zone,
this check is complete for what the events say: the copies not yet known can be
spread over the unknown slots in any way, so no further search is needed.

What a player's *choice* implies about hidden cards is deliberately not carried
forward (RULES.md, end of the common rules).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from cardcore.decks import Deck
from cardcore.errors import PathPart, RuleViolation

__all__ = ["DISCARD", "STOCK", "CardAccount", "Zone", "hand"]

STOCK = "the stock"
"""The zone every shuffle starts in."""
DISCARD = "the discard"


def hand(name: str) -> str:
    """The zone of a player's hand.

    >>> hand("Aki")
    "Aki's hand"
    """
    return f"{name}'s hand"

C = TypeVar("C", bound=Hashable)



def _card_list(known: Mapping[C, int]) -> str:
    cards = sorted(known.items(), key=lambda item: (str(type(item[0])), item[0]))
    return ", ".join(str(card) for card, count in cards for _ in range(count))


@attrs.frozen
class Zone(Generic[C]):
    """Known cards (card -> copies) and a count of unknown cards.

    >>> zone = Zone({3: 1}, 2)
    >>> zone.size, zone.holds_known(3), zone.holds_known(4)
    (3, True, False)
    """

    known: Mapping[C, int]
    unknown: int = 0

    @property
    def size(self) -> int:
        return self.unknown + sum(self.known.values())

    def holds_known(self, card: C) -> bool:
        return self.known.get(card, 0) > 0

    def known_cards(self) -> list[C]:
        """The known cards, copies repeated (in insertion order)."""
        return [card for card, count in self.known.items() for _ in range(count)]


_NOWHERE: Zone[Any] = Zone({}, 0)
"""What a zone that was never used holds: nothing."""


@attrs.frozen
class CardAccount(Generic[C]):
    """All zones of one shuffle (a Goblin game, an Orc round, a Saint game...).

    Zones are named in words ("Aki's hand", "the stock") so that every message
    can say where a card is without a lookup table.

    >>> from cardcore.decks import PAIRS_DECK
    >>> account = CardAccount.shuffled(PAIRS_DECK).deal("the stock", "Aki's hand", 6)
    >>> account = account.move("Aki's hand", "Aki's stack", 1)
    >>> account.move("the stock", "Ben's stack", 1)
    Traceback (most recent call last):
    ...
    cardcore.errors.RuleViolation: 1 cannot be dealt from the stock: the Pairs deck holds one 1 and it is already known to be in Aki's stack (C-1)
    """

    deck: Deck[C]
    zones: Mapping[str, Zone[C]]
    known_totals: Mapping[C, int]

    @classmethod
    def shuffled(cls, deck: Deck[C], stock: str = STOCK) -> CardAccount[C]:
        """Every card of ``deck`` face down in ``stock``: a full shuffle."""
        return cls(deck, {stock: Zone({}, deck.size)}, {})

    def zone(self, name: str) -> Zone[C]:
        return self.zones.get(name) or _NOWHERE

    def size(self, name: str) -> int:
        return self.zone(name).size

    def where(self, card: C, *, besides: str | None = None) -> str:
        """Words for where the known copies of ``card`` are."""
        places = [
            f"{name}" if zone.known[card] == 1 else f"{name} ({zone.known[card]})"
            for name, zone in self.zones.items()
            if name != besides and zone.known.get(card, 0)
        ]
        return ", ".join(places) if places else "nowhere known"

    def _with(self, changes: Mapping[str, Zone[C]], totals: Mapping[C, int]) -> CardAccount[C]:
        zones = dict(self.zones)
        zones.update(changes)
        return CardAccount(self.deck, zones, totals)

    def deal(self, source: str, target: str, count: int) -> CardAccount[C]:
        """Move ``count`` unseen cards (face down) from ``source`` to ``target``."""
        src, dst = self.zone(source), self.zone(target)
        if src.unknown < count:
            message = f"{source} holds {src.unknown} unseen cards; {count} cannot be dealt from it"
            raise RuleViolation("C-2", message)
        return self._with(
            {
                source: Zone(src.known, src.unknown - count),
                target: Zone(dst.known, dst.unknown + count),
            },
            self.known_totals,
        )

    def move(
        self, source: str, target: str, card: C | None, *, verb: str = "dealt from"
    ) -> CardAccount[C]:
        """Move one card; ``None`` is a card the record does not name.

        Raises C-3 when an unnamed card leaves a zone that holds known cards,
        C-2 when the zone cannot hold the named card, C-1 when every copy of it
        is already known elsewhere. This is the replay's innermost step, so it
        copies the zone table once and builds only the two zones that change.
        """
        zones = self.zones
        src = zones.get(source) or _NOWHERE
        src_known = src.known
        totals = self.known_totals
        if card is None:
            if src_known:
                message = (
                    f"the card that leaves {source} must be named: "
                    f"{source} is known to hold {_card_list(src_known)}; write the card "
                    "that left (one of those, or the card itself if the table saw it), or "
                    "leave the hand's cards unknown where they were recorded"
                )
                raise RuleViolation("C-3", message)
            if src.unknown == 0:
                raise RuleViolation("C-2", f"{source} holds no card to take")
            if source == target:
                return self
            dst = zones.get(target) or _NOWHERE
            changed = dict(zones)
            changed[source] = Zone(src_known, src.unknown - 1)
            changed[target] = Zone(dst.known, dst.unknown + 1)
            return CardAccount(self.deck, changed, totals)
        count = src_known.get(card, 0)
        unknown = src.unknown
        left: Mapping[C, int]
        if count:
            fewer = dict(src_known)
            if count == 1:
                del fewer[card]
            else:
                fewer[card] = count - 1
            left = fewer
        else:
            if unknown == 0:
                raise RuleViolation("C-2", self._absent(card, source, verb))
            seen = totals.get(card, 0)
            copies = self.deck.copies(card)
            if seen >= copies:
                raise RuleViolation("C-1", self._overcount(card, source, verb, copies))
            totals = dict(totals)
            totals[card] = seen + 1
            left = src_known
            unknown -= 1
        changed = dict(zones)
        if source == target:
            arrived = dict(left)
            arrived[card] = arrived.get(card, 0) + 1
            changed[source] = Zone(arrived, unknown)
            return CardAccount(self.deck, changed, totals)
        dst = zones.get(target) or _NOWHERE
        arrived = dict(dst.known)
        arrived[card] = arrived.get(card, 0) + 1
        changed[source] = Zone(left, unknown)
        changed[target] = Zone(arrived, dst.unknown)
        return CardAccount(self.deck, changed, totals)

    def _absent(self, card: C, source: str, verb: str) -> str:
        known = self.zone(source).known
        held = f"it is known to hold {_card_list(known)}" if known else "it is empty"
        message = f"{card} cannot be {verb} {source}: {held}"
        elsewhere = self.where(card)
        if elsewhere != "nowhere known":
            message += f"; {card} is known to be in {elsewhere}"
        return message

    def _overcount(self, card: C, source: str, verb: str, copies: int) -> str:
        if copies == 0:
            return f"{card} is not a card of the {self.deck.name}"
        holds = "one" if copies == 1 else str(copies)
        noun = f"{card}" if copies == 1 else f"{card}s"
        pronoun = "it is" if copies == 1 else "all are"
        return (
            f"{card} cannot be {verb} {source}: the {self.deck.name} holds {holds} {noun} "
            f"and {pronoun} already known to be in {self.where(card)}"
        )

    def name(self, zone: str, card: C) -> CardAccount[C]:
        """Learn that one card of ``zone`` is ``card`` (it stays where it is)."""
        return self.move(zone, zone, card, verb="in")

    def move_all(self, source: str, target: str) -> CardAccount[C]:
        """Move every card of ``source`` (known or not) onto ``target``."""
        src, dst = self.zone(source), self.zone(target)
        known = dict(dst.known)
        for card, count in src.known.items():
            known[card] = known.get(card, 0) + count
        return self._with(
            {source: Zone({}, 0), target: Zone(known, dst.unknown + src.unknown)},
            self.known_totals,
        )

    def move_cards(
        self,
        source: str,
        target: str,
        cards: Iterable[C | None],
        *,
        path: tuple[PathPart, ...] = (),
        verb: str = "dealt from",
    ) -> CardAccount[C]:
        """Move several cards; a violation points at the index of the card at fault."""
        account = self
        for index, card in enumerate(cards):
            try:
                account = account.move(source, target, card, verb=verb)
            except RuleViolation as error:
                raise error.at(*path, index) from None
        return account
