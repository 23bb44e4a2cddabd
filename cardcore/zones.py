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

import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

import attrs

from cardcore.decks import Deck
from cardcore.errors import RuleViolation
from cardcore.frozen import FrozenMap
from cardcore.quoting import quoted

__all__ = ["DISCARD", "STOCK", "CardAccount", "Draft", "Zone", "hand"]

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


class Zone(NamedTuple):
    """Known cards (card -> copies, a :class:`~cardcore.frozen.FrozenMap`) and a
    count of unknown cards.

    A plain named tuple: a replay builds two for every card that moves (a zone
    in a :class:`CardAccount` always holds a FrozenMap: the account freezes
    what it is given, and a :class:`Draft` builds its zones frozen).

    >>> zone = Zone(FrozenMap({3: 1}), 2)
    >>> zone.size, zone.holds_known(3), zone.holds_known(4)
    (3, True, False)
    """

    known: Mapping[Any, int]
    unknown: int = 0

    @property
    def size(self) -> int:
        return self.unknown + sum(self.known.values())

    def holds_known(self, card: Hashable) -> bool:
        return self.known.get(card, 0) > 0

    def known_cards(self) -> list[Any]:
        """The known cards, copies repeated (in insertion order)."""
        return [card for card, count in self.known.items() for _ in range(count)]


_NOTHING_KNOWN: FrozenMap[Any, int] = FrozenMap()
_NOWHERE: Zone = Zone(_NOTHING_KNOWN, 0)
"""What a zone that was never used holds: nothing."""

def _size(zones: Mapping[str, Zone], name: str) -> int:
    """How many cards a zone holds (the rules ask for hand sizes often)."""
    zone = zones.get(name)
    if zone is None:
        return 0
    known, unknown = zone
    return unknown + sum(known.values()) if known else unknown


_new_zone = tuple.__new__
"""``_new_zone(Zone, (known, unknown))`` is ``Zone(known, unknown)`` without the
named tuple's ``__new__`` (a Python function): the moves build two zones for
every card, in the replay's innermost loop."""

_frozen_known = FrozenMap
_new = object.__new__
_set = object.__setattr__
_put = dict.__setitem__
_add = dict.setdefault
_drop = dict.pop
_get: Callable[..., int] = dict.get
"""A draft builds each new table of known cards as a FrozenMap and fills it
through ``dict``'s own methods before anyone else sees it (the map refuses
them as methods of its own): no second copy per zone. A card not there yet is
added by ``setdefault`` and one is removed by ``pop``: calls of a method, half
the cost of ``__setitem__``'s slot wrapper in the replay's innermost loop.
A frozen table is read through ``_get`` there too: CPython specialises a call
of ``get`` for a dict, not for a subclass of one."""


_ALONE: dict[Hashable, FrozenMap[Any, int]] = {}
"""Per card, the known cards of a zone that holds that one card and no other:
shared by every such zone (it is immutable), since a card often lands on a zone
with no known card (a new stack, the pitched cards, the pile)."""


def _alone(card: Hashable) -> FrozenMap[Any, int]:
    alone = _ALONE[card] = FrozenMap({card: 1})
    return alone


def _frozen_zones(zones: Mapping[str, Zone]) -> FrozenMap[str, Zone]:
    """An account's zone table as given by a program, frozen: every zone a
    :class:`Zone` of a FrozenMap (a draft's own tables skip this)."""
    return FrozenMap({name: _new_zone(Zone, (FrozenMap(known), unknown))
                      for name, (known, unknown) in zones.items()})


def _frozen_totals(totals: Mapping[C, int]) -> FrozenMap[C, int]:
    return totals if type(totals) is FrozenMap else FrozenMap(totals)


class _Reading(Generic[C]):
    """What an account and a draft of one both answer: where the cards are (a
    game's functions read a public state's account and a working state's draft
    alike, :mod:`cardcore.working`)."""

    __slots__ = ()
    deck: Deck[C]
    zones: Mapping[str, Zone]
    known_totals: Mapping[C, int]

    def zone(self, name: str) -> Zone:
        """The zone named ``name`` (``hand("Aki")``, ``"the stock"``): a zone no card
        has reached yet reads as empty, and so does a name no game uses (the
        zones so far are :attr:`zones`; docs/writing-a-bot.md lists each game's)."""
        return self.zones.get(name) or _NOWHERE

    def size(self, name: str) -> int:
        return _size(self.zones, name)

    def where(self, card: C, *, besides: str | None = None) -> str:
        """Words for where the known copies of ``card`` are."""
        return _where(self.zones, card, besides)

    def draft(self) -> Draft[C]:
        """A working copy to make several moves on (see :class:`Draft`), apart
        from this account or draft."""
        return Draft(self)


@attrs.frozen(slots=False)
class CardAccount(_Reading[C]):
    """All zones of one shuffle (a Goblin game, an Orc round, a Saint game...).

    Zones are named in words ("Aki's hand", "the stock") so that every message
    can say where a card is without a lookup table. Every change goes through a
    :class:`Draft`, which copies the tables once however many cards move (the
    moves of one event share one draft).

    >>> from cardcore.decks import PAIRS_DECK
    >>> account = CardAccount.shuffled(PAIRS_DECK).deal("the stock", "Aki's hand", 6)
    >>> account = account.move("Aki's hand", "Aki's stack", 1)
    >>> account.move("the stock", "Ben's stack", 1)
    Traceback (most recent call last):
    ...
    cardcore.errors.RuleViolation: 1 cannot be dealt from the stock: the Pairs deck holds one 1 and it is already known to be in Aki's stack (C-1)
    """

    deck: Deck[C]
    zones: Mapping[str, Zone] = attrs.field(converter=_frozen_zones)
    known_totals: Mapping[C, int] = attrs.field(converter=_frozen_totals)

    @classmethod
    def shuffled(cls, deck: Deck[C], stock: str = STOCK) -> CardAccount[C]:
        """Every card of ``deck`` face down in ``stock``: a full shuffle (one
        account per deck and stock, shared: it is immutable)."""
        return _shuffled(deck, stock)

    def deal(self, source: str, target: str, count: int) -> CardAccount[C]:
        """Move ``count`` unseen cards (face down) from ``source`` to ``target``."""
        draft = Draft(self)
        draft.deal(source, target, count)
        return draft.account()

    def move(self, source: str, target: str, card: C | None, *,
             verb: str = "dealt from") -> CardAccount[C]:
        """Move one card; ``None`` is a card the record does not name (see
        :meth:`Draft.transfer` for the problems it can have)."""
        draft = Draft(self)
        draft.transfer(source, target, card, verb=verb)
        return draft.account()

    def name(self, zone: str, card: C) -> CardAccount[C]:
        """Learn that one card of ``zone`` is ``card`` (it stays where it is)."""
        return self.move(zone, zone, card, verb="in")

    def move_all(self, source: str, target: str) -> CardAccount[C]:
        """Move every card of ``source`` (known or not) onto ``target``."""
        draft = Draft(self)
        draft.move_all(source, target)
        return draft.account()


@functools.cache
def _shuffled(deck: Deck[Any], stock: str) -> CardAccount[Any]:
    return CardAccount(deck, {stock: Zone(FrozenMap(), deck.size)}, FrozenMap())


def _where(zones: Mapping[str, Zone], card: Hashable, besides: str | None = None) -> str:
    places = [
        f"{name}" if zone.known[card] == 1 else f"{name} ({zone.known[card]})"
        for name, zone in zones.items()
        if name != besides and zone.known.get(card, 0)
    ]
    return ", ".join(places) if places else "nowhere known"


class Draft(_Reading[C]):
    """An account being changed by several moves: the replay's innermost loop.

    The zone table and the known totals are copied once, on the first change,
    and each move builds only the zones it touches; :meth:`account` freezes the
    result, frozen. A refused move raises and leaves the draft as it was. The moves of
    one event (:class:`cardcore.moves.Moves`) are a draft themselves, so that a
    card event builds one working object, not two.
    """

    __slots__ = ("_copied_totals", "_frozen", "deck", "known_totals", "zones")

    def __init__(self, base: _Reading[C]) -> None:
        self.deck = base.deck
        self.zones: dict[str, Zone] = dict(base.zones)
        """The zone table, copied at once: nearly every draft moves a card."""
        self.known_totals: Mapping[C, int] = base.known_totals
        """The base's totals until a move makes a card known (then a copy)."""
        self._copied_totals = False
        self._frozen: CardAccount[C] | None = None
        """The account :meth:`account` last gave, while nothing changed since (a
        working state's draft is frozen at every state a caller asks for, and
        many events move no card)."""

    def adopt(self, moves: Draft[C]) -> None:
        """Take the account another draft of this one left (the card moves of an
        event, made on their own copy so that a refused event changes nothing
        here): its zone table, totals and deck become this draft's own."""
        self.zones = moves.zones
        self.known_totals = moves.known_totals
        self._copied_totals = moves._copied_totals
        self.deck = moves.deck
        self._frozen = None

    def account(self) -> CardAccount[C]:
        """The account as the moves so far left it: a frozen copy of the zone
        table, and the totals themselves (a further change copies them first).
        Built without :class:`CardAccount`'s converters, which would copy
        every zone: each zone a draft makes is frozen already."""
        account = self._frozen
        if account is None:
            self._copied_totals = False
            account = self._frozen = _new(CardAccount)
            _set(account, "__dict__", {"deck": self.deck, "zones": FrozenMap(self.zones),
                                       "known_totals": self.known_totals})
        return account

    def _writable_totals(self) -> FrozenMap[C, int]:
        """The known totals to change (through ``_put``): a copy of the base's,
        or of those :meth:`account` gave away, made on the first change."""
        if not self._copied_totals:
            self.known_totals = FrozenMap(self.known_totals)
            self._copied_totals = True
        return self.known_totals  # type: ignore[return-value]

    def deal(self, source: str, target: str, count: int) -> None:
        """Move ``count`` unseen cards (face down) from ``source`` to ``target``."""
        self._frozen = None
        zones = self.zones
        src = zones.get(source) or _NOWHERE
        if src.unknown < count:
            message = f"{source} holds {src.unknown} unseen cards; {count} cannot be dealt from it"
            raise RuleViolation("C-2", message)
        zones[source] = _new_zone(Zone, (src.known, src.unknown - count))
        dst = zones.get(target) or _NOWHERE
        zones[target] = _new_zone(Zone, (dst.known, dst.unknown + count))

    def move_all(self, source: str, target: str) -> None:
        """Move every card of ``source`` (known or not) onto ``target``."""
        self._frozen = None
        zones = self.zones
        src = zones.get(source) or _NOWHERE
        dst = zones.get(target) or _NOWHERE
        known = _frozen_known(dst.known)
        for card, count in src.known.items():
            held = _get(known, card, 0)
            if held:
                _put(known, card, held + count)
            else:
                _add(known, card, count)
        zones[source] = _NOWHERE
        zones[target] = _new_zone(Zone, (known, dst.unknown + src.unknown))

    def transfer(self, source: str, target: str, card: C | None, *,
                 verb: str = "dealt from") -> None:
        """Move one card; ``None`` is a card the record does not name.

        Raises C-3 when an unnamed card leaves a zone that holds known cards,
        C-2 when the zone cannot hold the named card, C-1 when every copy of it
        is already known elsewhere.
        """
        self._frozen = None
        zones = self.zones
        src = zones.get(source) or _NOWHERE
        src_known, unknown = src
        if card is None:
            if src_known:
                message = (
                    f"the card that leaves {source} must be named: "
                    f"{source} is known to hold {_card_list(src_known)}; write the card "
                    "that left (one of those, or the card itself if the table saw it), or "
                    "leave the hand's cards unknown where they were recorded"
                )
                raise RuleViolation("C-3", message)
            if unknown == 0:
                raise RuleViolation("C-2", f"{source} holds no card to take")
            if source == target:
                return
            dst = zones.get(target) or _NOWHERE
            zones[source] = _new_zone(Zone, (src_known, unknown - 1))
            zones[target] = _new_zone(Zone, (dst.known, dst.unknown + 1))
            return
        count = _get(src_known, card, 0)
        left: Mapping[C, int]
        if count:
            if count == 1 and len(src_known) == 1:  # its only known card: nothing is left
                left = _NOTHING_KNOWN
            else:
                fewer = _frozen_known(src_known)
                if count == 1:
                    _drop(fewer, card)
                else:
                    _put(fewer, card, count - 1)
                left = fewer
        else:
            if unknown == 0:
                raise RuleViolation("C-2", self._absent(card, source, verb))
            seen = _get(self.known_totals, card, 0)
            copies = _get(self.deck.counts, card, 0)
            if seen >= copies:
                raise RuleViolation("C-1", self._overcount(card, source, verb, copies))
            if seen:
                _put(self._writable_totals(), card, seen + 1)
            else:
                _add(self._writable_totals(), card, 1)
            left = src_known
            unknown -= 1
        if source == target:
            arrived = _frozen_known(left)
            held = _get(arrived, card, 0)
            if held:
                _put(arrived, card, held + 1)
            else:
                _add(arrived, card, 1)
            zones[source] = _new_zone(Zone, (arrived, unknown))
            return
        dst = zones.get(target) or _NOWHERE
        if dst.known:
            arrived = _frozen_known(dst.known)
            held = _get(arrived, card, 0)
            if held:
                _put(arrived, card, held + 1)
            else:
                _add(arrived, card, 1)
        else:
            arrived = _ALONE.get(card) or _alone(card)
        zones[source] = _new_zone(Zone, (left, unknown))
        zones[target] = _new_zone(Zone, (arrived, dst.unknown))

    def transfer_many(self, source: str, target: str, cards: Sequence[C]) -> bool:
        """Move several named cards at once, if every one of them is sound; False
        (and nothing moved) when one is not, so that the caller can move them one
        by one and locate the problem. A whole known hand is dealt this way."""
        if source == target or not cards:
            return False
        self._frozen = None
        zones = self.zones
        src = zones.get(source) or _NOWHERE
        src_known, src_unknown = src
        wanted: dict[C, int] = {}
        for card in cards:
            wanted[card] = wanted.get(card, 0) + 1
        totals = self.known_totals
        counts = self.deck.counts
        if not src_known:  # a hand dealt from a shuffled stock: every card is new
            if len(cards) > src_unknown:
                return False
            for card, count in wanted.items():
                if _get(totals, card, 0) + count > _get(counts, card, 0):
                    return False
            fresh_cards = wanted
            left: Mapping[C, int] = src_known
            unseen = len(cards)
        else:
            fresh_cards = {}
            unseen = 0
            fewer = _frozen_known(src_known)
            for card, count in wanted.items():
                held = _get(fewer, card, 0)
                taken = min(held, count)
                if taken:
                    if taken == held:
                        _drop(fewer, card)
                    else:
                        _put(fewer, card, held - taken)
                fresh = count - taken
                if fresh:
                    if _get(totals, card, 0) + fresh > _get(counts, card, 0):
                        return False
                    fresh_cards[card] = fresh
                    unseen += fresh
            if unseen > src_unknown:
                return False
            left = fewer
        if fresh_cards:
            writable = self._writable_totals()
            for card, count in fresh_cards.items():
                held = _get(writable, card, 0)
                if held:
                    _put(writable, card, held + count)
                else:
                    _add(writable, card, count)
        dst = zones.get(target) or _NOWHERE
        if dst.known:
            arrived = _frozen_known(dst.known)
            for card, count in wanted.items():
                held = _get(arrived, card, 0)
                if held:
                    _put(arrived, card, held + count)
                else:
                    _add(arrived, card, count)
        else:
            arrived = _frozen_known(wanted)
        zones[source] = _new_zone(Zone, (left, src_unknown - unseen))
        zones[target] = _new_zone(Zone, (arrived, dst.unknown))
        return True

    def _absent(self, card: C, source: str, verb: str) -> str:
        known = self.zone(source).known
        held = f"it is known to hold {_card_list(known)}" if known else "it is empty"
        message = f"{card} cannot be {verb} {source}: {held}"
        elsewhere = _where(self.zones, card)
        if elsewhere != "nowhere known":
            message += f"; {card} is known to be in {elsewhere}"
        return message

    def _overcount(self, card: C, source: str, verb: str, copies: int) -> str:
        if copies == 0:
            if isinstance(card, str):  # a program's event: transcripts parse their cards
                return (f"{quoted(card)} is not a card of the {self.deck.name}: cards are "
                        "values of the deck's card type, not strings (PairsCard(8), "
                        "Card.parse('AS'))")
            return f"{card} is not a card of the {self.deck.name}"
        holds = "one" if copies == 1 else str(copies)
        noun = f"{card}" if copies == 1 else f"{card}s"
        pronoun = "it is" if copies == 1 else "all are"
        return (
            f"{card} cannot be {verb} {source}: the {self.deck.name} holds {holds} {noun} "
            f"and {pronoun} already known to be in {_where(self.zones, card)}"
        )
