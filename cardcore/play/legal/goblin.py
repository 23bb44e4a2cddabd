"""Goblin Poker for a program that plays it (:mod:`cardcore.play`): whose step it
is, the events a seat may take, and the dealer's chance events.

A seat's steps are its pitches and folds (GP-4.1 to GP-4.3) and its card of
the first reveal (GP-2.1, taken together with the others'). At a table choice
of who starts a round (GP-2.4, GP-3.2) each admissible seat may take its own
act, which settles the choice for itself, or make a ruling naming any
admissible player. Chance's are the deal (GP-1.2), the tie-break cards from the
stock (GP-2.3, to the tied players in an order chance picks), the dealing of the
shuffled pitched cards (GP-4.5) and so where that dealing starts among
identical smallest stacks (GP-3.2).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from cardcore.decks import PAIRS_DECK
from cardcore.eventfields import unchecked
from cardcore.frozen import FrozenMap
from cardcore.games.goblin.events import Deal, Fold, Pitch, Reveal, Stack
from cardcore.games.goblin.preparation import HAND_SIZE
from cardcore.games.goblin.state import MAX_PLAYERS, PITCHED, Choice, GoblinState, Phase, hand
from cardcore.games.goblin.turns import dealt
from cardcore.play.listing import Listing, given, listed
from cardcore.play.seam import GamePlay, TrueDeck
from cardcore.play.steps import CHANCE, OVER, Whose, seats
from cardcore.protocol import Event, Ruling

__all__ = ["DEFAULT_GAMES", "PLAY"]

DEFAULT_GAMES: Final = 3
"""Games a played session has when the ``games`` option leaves it open (GP-6.3:
the transcript decides, so a program must)."""


_deal, _fold, _pitch = unchecked(Deal), unchecked(Fold), unchecked(Pitch)
_reveal, _stack, _ruling = unchecked(Reveal), unchecked(Stack), unchecked(Ruling)
"""The events this module makes, made without the field checks (its values are
read off a state, right and frozen: cardcore.eventfields.unchecked)."""


def _cards(state: GoblinState, seat: int) -> list[int]:
    """The distinct cards of the seat's hand, low first (copies are one choice)."""
    return sorted(state.account.zone(hand(state.players[seat])).known)


def whose(state: GoblinState) -> Whose:
    phase = state.phase
    if phase is Phase.PLAY:
        return seats(state.choice or state.turns[:1])
    if phase is Phase.REVEAL:
        return seats(state.active(), together=True)
    if phase is Phase.OVER or (
            phase is Phase.DEAL and state.games_done >= (state.options.games or DEFAULT_GAMES)):
        return OVER
    return CHANCE


def legal(state: GoblinState, seat: int) -> Listing:
    phase = state.phase
    name = state.players[seat]
    if phase is Phase.PLAY:
        choice = state.choice
        if seat not in (choice or state.turns[:1]):
            return Listing(())
        segments = [given("fold", (_fold(player=name),)),
                    listed("pitch", _cards(state, seat), lambda c: _pitch(player=name, card=c))]
        if choice:
            segments.append(listed("ruling", [state.players[s] for s in choice],
                                   lambda chosen: _ruling(player=chosen)))
        return Listing(segments)
    if phase is Phase.REVEAL and state.in_game[seat]:
        return Listing([listed("reveal", _cards(state, seat),
                               lambda c: _reveal(cards=FrozenMap({name: c})))])
    return Listing(())


def chance(state: GoblinState, dealer: TrueDeck) -> Event:
    players = state.players
    phase = state.phase
    if phase is Phase.DEAL:
        names = [players[seat] for seat, live in enumerate(dealt(state)) if live]
        return _deal(hands=dealer.deal(PAIRS_DECK, names, HAND_SIZE))
    if phase is Phase.TIEBREAK:
        seat = state.waiting[dealer.rng.randrange(len(state.waiting))]
        return _stack(player=players[seat], card=dealer.draw(state, 1)[0])
    if state.choice and state.choice_for is Choice.DEAL:
        return _ruling(player=players[dealer.rng.choice(state.choice)])
    pitched = sorted(state.account.zone(PITCHED).known_cards())
    return _stack(player=players[state.receivers[0]], card=dealer.rng.choice(pitched))




def actions(players: int) -> tuple[Hashable, ...]:
    """Fold, pitch 1 to 10, reveal 1 to 10, a ruling naming each seat."""
    numbers = range(1, 11)
    return (("fold",), *(("pitch", n) for n in numbers), *(("reveal", n) for n in numbers),
            *(("ruling", seat) for seat in range(min(players, MAX_PLAYERS))))


def action(state: GoblinState, event: Event) -> Hashable:
    if isinstance(event, Pitch):
        return ("pitch", event.card)
    if isinstance(event, Reveal):
        return ("reveal", *event.cards.values())
    if isinstance(event, Ruling):
        return ("ruling", state.players.index(event.player))
    return (event.TYPE,)


PLAY: GamePlay[GoblinState] = GamePlay(whose=whose, legal=legal, chance=chance,
                                       actions=actions, action=action,
    simulated={"fold": 0.14})
