"""What the loop's policies give it, checked where a program gives it: one
callable a seat (:func:`by_seat`, the players :func:`play <cardcore.play.play>`
names from them: :func:`players_of`), an answer that is its seat's own
(:func:`own_part`, :func:`other_actor`), a chance field left to the dealer
(:func:`refuse_dealers_fields`, :class:`Answers`), and a note on an error a
policy raises itself (:func:`noted`). :mod:`cardcore.play.loop` asks; this
module judges what it is answered, in words that say which seat's policy it
was."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

from cardcore.play.errors import DealerError, PolicyError, whose_policy
from cardcore.play.listing import Listing
from cardcore.play.policies import Offer, Policy, offered_kinds
from cardcore.protocol import Event, Ruling
from cardcore.quoting import names, python_quoted

if TYPE_CHECKING:
    from cardcore.play.views import View

__all__ = ["Answers", "by_seat", "not_own_part", "noted", "one_name", "other_actor",
           "own_part", "players_of", "refuse_dealers_fields", "whose_policy"]


def by_seat(policies: object, players: Sequence[str]) -> list[Policy]:
    """``policies`` in seat order, one callable for each of ``players``: given in
    seat order, or by every player's name. PolicyError otherwise, at once: a
    missing or wrong policy would fail inside the loop when its seat's turn came."""
    if isinstance(policies, Mapping):
        missing = [name for name in players if name not in policies]
        strangers = [name for name in policies if name not in players]
        if missing or strangers:
            wrong = "; ".join(
                words for words in (missing and f"none for {names(missing)}",
                                    strangers and f"one for {names(strangers)}, who does not play")
                if words)
            raise PolicyError(f"policies by name give {wrong}: {_one_a_seat(players)}")
        seats = [policies[name] for name in players]
    elif _in_seat_order(policies):
        if len(policies) != len(players):
            given = f"{len(policies)} {'policy' if len(policies) == 1 else 'policies'}"
            raise PolicyError(f"{given} for {len(players)} seats: {_one_a_seat(players)}")
        seats = list(policies)
    else:
        raise _not_policies(policies, players)
    for seat, policy in enumerate(seats):
        if not callable(policy) or isinstance(policy, type):
            raise PolicyError(f"the policy of seat {seat} ({names([players[seat]])}) is "
                              f"{_not_a_policy(policy)}: a policy is called with the seat's "
                              "view and offers, and answers with one of the offers")
    return seats


def players_of(policies: object) -> tuple[str, ...]:
    """The players of a game that ``policies`` play (:func:`~cardcore.play.play`
    names them): a mapping's names, in its order, or ``P1``, ``P2``... for a
    sequence in seat order. PolicyError for anything else, before a player is
    named from it: a string's letters were counted as seats (``"random"``, six),
    and a generator, which has no length, gave a table of none.

    >>> players_of([print, print]), players_of({"Aki": print})
    (('P1', 'P2'), ('Aki',))
    """
    if isinstance(policies, Mapping):
        return tuple(policies)
    if _in_seat_order(policies):
        return tuple(seat_name(seat) for seat in range(len(policies)))
    raise _not_policies(policies, None)


def seat_name(seat: int) -> str:
    """The player of ``seat`` (from 0, as the library counts seats) where policies
    are given in seat order: P1 is the first. A study's report and its
    ``--policy SEAT=MODULE:NAME`` name seats so too, being such games.

    >>> seat_name(0), seat_name(2)
    ('P1', 'P3')
    """
    return f"P{seat + 1}"


def _in_seat_order(policies: object) -> TypeGuard[Sequence[object]]:
    """Whether ``policies`` are given in seat order: a sequence, not a string (or
    bytes), which is a sequence of its letters."""
    return isinstance(policies, Sequence) and not isinstance(policies, (str, bytes))


def _not_policies(policies: object, players: Sequence[str] | None) -> PolicyError:
    """The refusal of ``policies`` that are neither a sequence nor a mapping, for a
    table of ``players`` (None: the table is to be named from them): a string
    names no policy, and a policy is the callable itself."""
    name = (": a policy is a callable, not a name (RandomPolicy() plays at random)"
            if isinstance(policies, str) else "")
    return PolicyError(f"the policies are {python_quoted(policies)}: {_one_a_seat(players)}"
                       f"{name}")


def _not_a_policy(given: object) -> str:
    """What a policy given is instead of one, in words: a class is a policy's maker
    (called with the view and offers, it would make an object where an offer is
    due, or fail on the view as a seed, inside the loop), anything else is no
    callable."""
    if isinstance(given, type):
        return (f"the class {given.__qualname__}, a policy's maker, not a policy (give "
                f"{given.__qualname__}(), one made for the seat)")
    return f"{python_quoted(given)}, not a callable"


def _one_a_seat(players: Sequence[str] | None) -> str:
    """What policies are, in words, for a table of ``players`` (None: a table they
    are to name; only for a message: every game checks its policies)."""
    seats = "" if players is None else f" ({len(players)}: {names(players)})"
    return (f"the policies are one callable a seat{seats}, in a sequence in seat order or a "
            "mapping of every player's name to one")


class Answers:
    """The policies of one :meth:`~cardcore.play.Match.step` not taken together,
    each answer kept, so that a refusal of it is worded from the seat's view
    (the match's ``_as_seen``). The loop itself checks every answer, a match's
    and :func:`~cardcore.play.play`'s alike (:func:`refuse_dealers_fields`,
    :func:`other_actor`)."""

    __slots__ = ("answer",)

    def __init__(self) -> None:
        self.answer: Event | None = None

    def of(self, policy: Policy) -> Policy:
        """``policy``, its answers kept."""
        def answering(view: View[Any], offers: Listing) -> Offer:
            answer = policy(view, offers)
            if isinstance(answer, Event):
                self.answer = answer
            return answer
        return answering


def refuse_dealers_fields(dealt: Mapping[type[Event], Mapping[str, str]], event: Event,
                          policy: tuple[int, str] | None = None) -> None:
    """DealerError if a program's ``event`` has a chance field filled in (the
    game's :attr:`~cardcore.play.seam.GamePlay.dealt`): the dealer fills those
    in, and the rules would judge a card given there against the true deck and
    say what it holds (Orc Poker: "its top card is 9"), which no seat sees.
    ``policy``: the seat and player whose policy answered it, where one did, for
    the message to begin with (:func:`whose_policy`; worded only when raised:
    every Orc Poker draw of self-play comes through here)."""
    fields = dealt.get(type(event))
    if not fields:
        return
    for field, what in fields.items():
        value = getattr(event, field)
        if value is not None:
            whose = f"{whose_policy(*policy)}: " if policy is not None else ""
            raise DealerError(f"{whose}{type(event).__name__}.{field} is the dealer's to fill "
                              f"in, not {python_quoted(value)}: give {field}=None, and the dealer "
                              f"{what} as the event is taken")


def one_name(event: Event) -> str | None:
    """The one player ``event``'s tables by player (``NAMED``) name, if exactly one:
    what a seat's part of a step taken together looks like."""
    named: set[str] = set()
    for key in event.NAMED:
        table = getattr(event, key)
        if table:
            named.update(table)
    return next(iter(named)) if len(named) == 1 else None


def own_part(answer: Event, name: str, offers: Listing) -> bool:
    """Whether ``answer`` can be the part of ``name``'s seat in a step taken
    together: an event of a kind offered, naming no other player (its actor and
    the keys of its tables by player, ``NAMED``). Checked before the parts are
    put together, where another seat's entry would overwrite that seat's own."""
    # offered: a listing answers by its segments, without working any out
    if not offers.holds(answer.TYPE) or other_actor(answer, name) is not None:
        return False
    for key in answer.NAMED:  # a table by player: empty, or of this player alone
        table = getattr(answer, key)
        if table and (len(table) != 1 or name not in table):
            return False
    return True


def not_own_part(asked: str, name: str, offers: Listing) -> PolicyError:
    """The refusal of an answer that cannot be ``name``'s part of a step taken
    together (:func:`own_part`), ``asked`` saying who answered what: the loop's
    and a match's alike, built only when it is raised."""
    return PolicyError(f"{asked}: in this step every seat gives its own part, one of its offers "
                       f"({' or '.join(offered_kinds(offers)) or 'nothing'} by {name})")

def other_actor(answer: Event, name: str) -> object:
    """Whose act ``answer`` is when not ``name``'s (its actor, the field ``ACTOR``
    names); None when it is, or is nobody's. A ruling's player is the table's
    pick, not who gives it: any seat asked may name another. Checked on every
    answer (a field read and a comparison), before the rules, which would blame
    the player the event names, not the policy that gave it (:func:`~cardcore.play.loop.next_event`
    reads the actor inline first, and asks this only of another's)."""
    field = answer.ACTOR
    if field is None or type(answer) is Ruling:
        return None
    actor = getattr(answer, field)
    return None if actor == name else actor


def noted(error: Exception, seat: int, name: str, views: Sequence[View[Any]] | None) -> None:
    """Say in ``error``'s notes (Python 3.11+; 3.10 has none) that seat ``seat``'s
    policy raised it, and when: it keeps its type for a program that catches it,
    and its traceback, from deep in the loop, says whose code it came from."""
    if sys.version_info >= (3, 11):
        when = ""
        if views:
            count = len(views[seat].events)
            when = f" when asked for the game's event {count} (/events/{count})"
        error.add_note(f"raised by {whose_policy(seat, name)}{when}")
