"""Orc Poker for a program that plays it (:mod:`cardcore.play`): whose step it
is, the events a seat may take, and the dealer's chance events.

A seat's steps are its card of a reveal (OP-2.1; a tie-break's under OP-2.4: a
new number when the hand has one, else a stacked card), its card put face
down for the action deck (OP-3.1), both taken together with the others', and
its draw or give-up (OP-3.2 to OP-3.4). Chance's are the deal (OP-1.3), the
tie-break draws from the stock and who draws when it runs short (OP-2.3), the
order of the shuffled action deck (OP-3.1) and so the card a draw turns up: a
``Draw`` is listed with its card unknown and the dealer turns it.
"""

from __future__ import annotations

from collections.abc import Hashable

from cardcore.decks import PAIRS_DECK
from cardcore.eventfields import unchecked
from cardcore.frozen import FrozenMap
from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch, Reveal
from cardcore.games.orc.state import HAND_SIZE, MAX_PLAYERS, STOCK, OrcState, Phase, hand
from cardcore.play.listing import Listing, given, listed
from cardcore.play.seam import GamePlay, TrueDeck
from cardcore.play.steps import CHANCE, OVER, Whose, seats
from cardcore.protocol import Event, Ruling

__all__ = ["MOOT_RULING_CHANCE", "PLAY"]


def _cards(state: OrcState, seat: int) -> list[int]:
    """The distinct cards of the seat's hand, low first (copies are one choice)."""
    return sorted(state.account.zone(hand(state.players[seat])).known)


def whose(state: OrcState) -> Whose:
    phase = state.phase
    if phase is Phase.TURNS:
        return seats(state.turns[:1])
    if phase is Phase.PITCH or phase is Phase.REVEAL:
        return seats(state.active(), together=True)
    if phase is Phase.TIEBREAK:
        return seats(state.tied, True)
    return OVER if phase is Phase.OVER else CHANCE


_deal, _draw, _give_up = unchecked(Deal), unchecked(Draw), unchecked(GiveUp)
_pitch, _reveal, _ruling = unchecked(Pitch), unchecked(Reveal), unchecked(Ruling)
"""The events this module makes, made without the field checks (its values are
read off a state, right and frozen: cardcore.eventfields.unchecked)."""


def legal(state: OrcState, seat: int) -> Listing:
    phase = state.phase
    name = state.players[seat]
    if phase is Phase.TURNS:
        if state.turns[:1] != (seat,):
            return Listing(())
        return Listing([given("draw", (_draw(player=name, card=None),)),
                        given("give_up", (_give_up(player=name),))])
    if phase is Phase.PITCH and state.in_round[seat]:
        return Listing([listed("pitch", _cards(state, seat),
                               lambda c: _pitch(cards=FrozenMap({name: c})))])
    if phase is Phase.REVEAL and state.in_round[seat]:
        cards = _cards(state, seat)
    elif phase is Phase.TIEBREAK and seat in state.tied:
        held = _cards(state, seat)
        cards = [card for card in held if card not in state.rows[seat]] or held
    else:
        return Listing(())
    return Listing([listed("reveal", cards, lambda c: _reveal(cards=FrozenMap({name: c})))])


MOOT_RULING_CHANCE = 0.5
"""How often the dealer records a moot OP-2.5 table choice before the next deal."""


def chance(state: OrcState, dealer: TrueDeck) -> Event:
    """The deal; before it, now and then, the ruling of a table choice that OP-3.1
    made moot (OP-2.5: it changes nothing, and a record may hold it or not)."""
    if state.moot_choice and dealer.rng.random() < MOOT_RULING_CHANCE:
        return _ruling(player=state.players[dealer.rng.choice(state.moot_choice)])
    return _deal(hands=dealer.deal(PAIRS_DECK, state.players, HAND_SIZE))


def complete(state: OrcState, event: Event, dealer: TrueDeck) -> Event:
    """The dealer's part of a player's event: the tie-break draws, the action
    deck's order, the card a draw turns up."""
    if isinstance(event, Draw) and event.card is None and state.deck:
        return _draw(player=event.player, card=state.deck[0], note=event.note)
    if isinstance(event, Pitch) and event.order is None and event.cards is not None:
        return _pitch(cards=event.cards, order=tuple(dealer.shuffled(event.cards.values())),
                      note=event.note)
    if isinstance(event, Reveal) and state.phase is Phase.TIEBREAK and event.draws is None:
        players = state.players
        drawers = list(state.tied)
        stock = state.account.size(STOCK)
        if stock < len(drawers):
            drawers = sorted(dealer.rng.sample(drawers, stock))
        cards = dealer.draw(state, len(drawers))
        return _reveal(cards=event.cards, note=event.note, draws=FrozenMap(
            {players[s]: c for s, c in zip(drawers, cards, strict=True)}))
    return event




def actions(players: int) -> tuple[Hashable, ...]:
    """Reveal 1 to 10, pitch 1 to 10, draw, give up, a ruling naming each seat."""
    numbers = range(1, 11)
    return (*(("reveal", n) for n in numbers), *(("pitch", n) for n in numbers), ("draw",),
            ("give_up",), *(("ruling", seat) for seat in range(min(players, MAX_PLAYERS))))


def action(state: OrcState, event: Event) -> Hashable:
    if isinstance(event, (Reveal, Pitch)):
        assert event.cards is not None
        return (event.TYPE, *event.cards.values())
    if isinstance(event, Ruling):
        return ("ruling", state.players.index(event.player))
    return (event.TYPE,)


PLAY: GamePlay[OrcState] = GamePlay(whose=whose, legal=legal, chance=chance, complete=complete,
                                    actions=actions, action=action,
    dealt={Draw: {"card": "turns up the top card of the action deck"},
           Pitch: {"order": "shuffles the pitched cards into the action deck"},
           Reveal: {"draws": "deals the tied players their cards from the stock"}},
    simulated={"give_up": 0.18})
