"""One step of the game loop (:func:`next_event`): the next event of a game,
chance's or what its policies answer, completed by the dealer. A whole game
(:func:`cardcore.play.play`), a match stepped by a program
(:class:`cardcore.play.Match`) and the simulators all step through it.

Each step is chance's, one seat's, or several seats' together (:class:`Whose`):
the dealer writes a chance step; a seat's policy is given its own view and its
offers; in a step taken together every seat's policy gives its part, and the
parts make one event. The dealer then fills in the event's chance fields, so
a played game is legal by construction, and its saved transcript validates
like any other.

What a program gives is checked where it gives it (:func:`~cardcore.play.play`,
:class:`~cardcore.play.Match` and its methods: the policies, the seed, a seat,
a part); a policy's answer is checked here, in words that name its seat (an
event of its own player, no chance field filled in), and nothing else is
checked again: every step of every game goes through this.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from cardcore.play.answers import (
    not_own_part,
    noted,
    other_actor,
    own_part,
    refuse_dealers_fields,
    whose_policy,
)
from cardcore.play.errors import PolicyError
from cardcore.play.policies import Asking, FirstSeat, Pass, Policy, offered_kinds
from cardcore.play.seam import GamePlay, TrueDeck
from cardcore.play.views import View
from cardcore.protocol import Event, S
from cardcore.quoting import names

__all__ = ["PolicyError", "next_event"]


def next_event(part: GamePlay[S], state: S, dealer: TrueDeck, asking: Asking,
               policies: Sequence[Policy], views: Sequence[View[S]] | None
               ) -> Event | Pass | None:
    """The next event of a game, completed by the dealer: chance's, or what the
    policies answer (a part each, merged, in a step taken together); :data:`PASS`
    when the seat asked passed; None once the game is over. ``views`` are what
    the policies are given (None: nothing, for policies that look at none)."""
    whose = part.whose(state)
    if whose.chance:
        return part.chance(state, dealer)
    if not whose.seats:
        return None
    legal, dealt = part.legal, part.dealt
    if whose.together:
        parts: list[Event] = []
        players = state.players
        for seat in whose.seats:
            given = legal(state, seat)
            try:
                answer = policies[seat](views[seat] if views else None, given)  # type: ignore[arg-type]
            except Exception as error:  # the policy's own: it goes on, saying whose it is
                noted(error, seat, players[seat], views)
                raise
            if not isinstance(answer, Event) or not own_part(answer, players[seat], given):
                raise not_own_part(f"{whose_policy(seat, players[seat])} answered {answer!r}",
                                   players[seat], given)
            fields = dealt.get(type(answer))
            if fields:  # read inline: every Orc Poker reveal part comes here
                for chance in fields:
                    if getattr(answer, chance) is not None:
                        refuse_dealers_fields(dealt, answer, (seat, players[seat]))
            parts.append(answer)
        return part.complete(state, part.merge(parts), dealer)
    first = isinstance(asking, FirstSeat)
    if first:
        seat = whose.seats[0]
        offers = legal(state, seat)
    else:
        seat, offers = asking.ask(state, whose, partial(legal, state))  # no frame of its own
    try:
        answer = policies[seat](views[seat] if views else None, offers)  # type: ignore[arg-type]
    except Exception as error:  # the policy's own: it goes on, saying whose it is
        noted(error, seat, state.players[seat], views)
        raise
    if isinstance(answer, Event):
        field, name = answer.ACTOR, state.players[seat]
        # the rules would blame the player it names, not the policy; read inline, as a
        # call every step costs 1 % of self-play: other_actor decides the rest
        if field is not None and getattr(answer, field) != name and (
                other := other_actor(answer, name)) is not None:
            raise PolicyError(f"{whose_policy(seat, name)} answered {answer!r}: an act of "
                              f"{names([other])}'s, where a seat answers for its own player "
                              f"with one of its offers "
                              f"({' or '.join(offered_kinds(offers)) or 'nothing'} by {name})")
        if not first and not offers.holds(answer.TYPE):
            # a convention's offers may be fewer than the rules allow (Auction's bidder,
            # asked for its win, may not bid): every seat's are all it may do otherwise,
            # and the rules refuse the rest, at no cost to each step of the other games
            raise PolicyError(f"{whose_policy(seat, name)} answered {answer!r}: no "
                              f"{answer.TYPE} is among its offers "
                              f"({' or '.join(offered_kinds(offers)) or 'nothing'} by {name})")
        fields = dealt.get(type(answer))
        if fields:  # the dealer's field given: refused as a match refuses it (read inline:
            for chance in fields:  # a call for each Orc Poker draw cost 1 % of self-play)
                if getattr(answer, chance) is not None:
                    refuse_dealers_fields(dealt, answer, (seat, name))
        if not first:
            asking.answered(state, seat, answer)
        return part.complete(state, answer, dealer)
    if not isinstance(answer, Pass):
        raise PolicyError(f"{whose_policy(seat, state.players[seat])} answered {answer!r}, "
                          "not an event")
    if not offers.holds("pass"):  # PASS offered: no other run worked out
        raise PolicyError(f"{whose_policy(seat, state.players[seat])} passed where it may not")
    asking.answered(state, seat, answer)
    return answer
