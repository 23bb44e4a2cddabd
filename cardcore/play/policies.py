"""Policies, and how the loop asks the seats.

A policy is a callable from a seat's :class:`~cardcore.play.views.View` and
the events it is offered (a :class:`~cardcore.play.listing.Listing`, which
reads them by kind) to the one it takes. Where the loop's convention
lets a seat decline (Auction: a seat that does not bid passes), :data:`PASS`
is among the offers; it is the loop's, never an event of a transcript.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

from cardcore.play.errors import PolicyError, WeightError
from cardcore.play.listing import Listing
from cardcore.play.steps import check_seed
from cardcore.protocol import Event
from cardcore.quoting import python_quoted
from cardcore.table import likely

if TYPE_CHECKING:
    from cardcore.play.steps import Whose
    from cardcore.play.views import View

__all__ = ["PASS", "Asking", "FirstSeat", "Offer", "Pass", "Policy", "RandomPolicy", "offered_kinds"]


class Pass:
    """A seat declines to act where the loop lets it (Auction's pass): the loop's
    value, not an event (there is no pass in a transcript). Its ``TYPE`` is the
    kind listings name it by, so that a policy reads every offer alike
    (``offer.TYPE``)."""

    __slots__ = ()

    TYPE: ClassVar[str] = "pass"

    def __repr__(self) -> str:
        return "PASS"

    def __reduce__(self) -> str:
        return "PASS"


PASS: Final = Pass()
"""The one :class:`Pass`."""

Offer = Event | Pass
"""What a policy is offered and returns: an event, or :data:`PASS`."""

Policy = Callable[["View[Any]", Listing], Offer]
"""A seat's player: from its view and its offers to the one it takes. The loop
offers a :class:`~cardcore.play.listing.Listing` always (a policy typed to take
any ``Sequence[Offer]`` is one too)."""


class RandomPolicy:
    """A player who picks at random, seeded: first a kind of event uniformly among
    the kinds offered (a pass is a kind of its own), then an event of that kind
    uniformly. Picking kinds first keeps a seat with hundreds of bids and one
    pass from bidding for ever.

    >>> from cardcore.games.goblin import Fold, Pitch
    >>> offers = [Fold(player="A"), Pitch(player="A", card=4), Pitch(player="A", card=5)]
    >>> policy = RandomPolicy(3)
    >>> sorted({policy(None, offers).TYPE for _ in range(50)})
    ['fold', 'pitch']
    """

    def __init__(self, seed: int | random.Random = 0,
                 weights: Mapping[str, float] | None = None) -> None:
        """``seed``: a whole number of 0 or more, or the random numbers to draw from
        (SetupError otherwise, as the dealer's seed: :func:`~cardcore.play.steps.check_seed`;
        None would draw from the clock, a game no seed plays again). ``weights``:
        how likely each kind is against the others (default 1 each;
        ``{"fold": 0.1}`` folds rarely)."""
        self.rng = seed if isinstance(seed, random.Random) else random.Random(
            check_seed(seed, ", or a random.Random"))
        self.weights = _checked_weights(weights) if weights else {}

    def _kind(self, names: list[str]) -> str:
        if not self.weights:
            return names[int(self.rng.random() * len(names))]
        weights = [self.weights.get(name, 1.0) for name in names]
        point = self.rng.random() * sum(weights)
        for name, weight in zip(names, weights, strict=True):
            if point < weight:
                return name
            point -= weight
        return names[-1]

    def __call__(self, view: View[Any] | None, offers: Sequence[Offer]) -> Offer:
        random = self.rng.random
        if isinstance(offers, Listing):
            names = offers.kind_names()
            while names:
                kind = self._kind(names)
                picked: Offer | None = offers.pick(kind, random())
                if picked is not None:
                    return picked
                names.remove(kind)
            raise _nothing(offers)
        kinds = _kinds(offers)
        if not kinds:
            raise _nothing(offers)
        runs = kinds[self._kind(list(kinds))]
        index = int(random() * sum(count for _, count in runs))
        for start, count in runs:
            if index < count:
                return offers[start + index]
            index -= count
        raise AssertionError("unreachable")  # pragma: no cover


def _nothing(offers: Sequence[Offer]) -> PolicyError:
    """A random player asked to pick from no offers (a seat with no step has none)."""
    return PolicyError(f"a random player was offered nothing to pick from ({offers!r}): it is "
                       "asked only for a seat whose step it is, which has an offer at least")


def _checked_weights(weights: Mapping[str, float]) -> dict[str, float]:
    """``weights`` as a dict, each key a kind of event of some game (or ``pass``)
    and each weight a number of 0 or more; WeightError otherwise, so that a
    misspelt kind does not leave the player as it was without a word."""
    from cardcore.registry import GAMES

    if not isinstance(weights, Mapping):
        raise WeightError(f"weights are a mapping of kinds of event to numbers, like "
                          f"{{'fold': 0.1}}, not {python_quoted(weights)}")
    kinds = sorted({kind for rules in GAMES.values() for kind in rules.event_types} | {"pass"})
    for kind, weight in weights.items():
        if kind not in kinds:
            raise WeightError(f"{python_quoted(kind)} is no kind of event of any game: the kinds are "
                              f"{', '.join(kinds)}{likely(str(kind), kinds)}")
        if (type(weight) not in (int, float) or not math.isfinite(weight)  # bool is no weight
                or weight < 0):
            raise WeightError(f"the weight of {kind} is {python_quoted(weight)}: a weight is a number "
                              "of 0 or more (how likely the kind is against the others, 1 each "
                              "by default)")
    return dict(weights)


def offered_kinds(offers: Sequence[Offer]) -> list[str]:
    """The kinds of event among ``offers``, in order, a pass a kind of its own (a
    listing's without working any run out)."""
    if isinstance(offers, Listing):
        return offers.kind_names()
    return list(_kinds(offers))


def _kinds(offers: Sequence[Offer]) -> dict[str, list[tuple[int, int]]]:
    """Per kind of offer, its runs in ``offers``: (first index, length)."""
    kinds: dict[str, list[tuple[int, int]]] = {}
    previous = None
    for index, offer in enumerate(offers):
        kind = offer.TYPE
        runs = kinds.setdefault(kind, [])
        if kind == previous:
            start, count = runs[-1]
            runs[-1] = (start, count + 1)
        else:
            runs.append((index, 1))
        previous = kind
    return kinds


class Asking(Protocol):
    """The loop's convention for asking the seats when several may act (not for
    steps taken together, where every seat adds its part)."""

    def ask(self, state: Any, whose: Whose, legal: Callable[[int], Listing]
            ) -> tuple[int, Listing]:
        """The seat asked now, and what it is offered (its legal events, maybe
        fewer, maybe with :data:`PASS`)."""

    def answered(self, state: Any, seat: int, offer: Offer) -> None:
        """The seat asked took ``offer``. :meth:`cardcore.play.Match.step` tells it
        only once the log has taken the event (an answer the rules refuse is never
        told, so the step can be tried again as if it had not been), by which time
        the event may have changed ``state``, the log's working state: read only
        what no event changes (the players)."""


class FirstSeat:
    """The default convention: the first seat of :class:`Whose` is asked and
    offered every legal event (a table choice: the first admissible seat, who may
    take its own act or make a ruling naming any admissible player)."""

    def ask(self, state: Any, whose: Whose, legal: Callable[[int], Listing]
            ) -> tuple[int, Listing]:
        """The first seat of the step, offered all its legal events."""
        seat = whose.seats[0]
        return seat, legal(seat)

    def answered(self, state: Any, seat: int, offer: Offer) -> None:
        """Nothing to remember."""
