"""Auction, the end of a hand (RULES.md AU-5, AU-6): the show, the hand values,
the pile's points, the declarer's bonus or penalty and the end of the game."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from cardcore.cards import JOKER_RANK, Card
from cardcore.effects import BANK, Effect, effect, transfer
from cardcore.evolve import evolve
from cardcore.exact import Number
from cardcore.games.auction.events import Show
from cardcore.games.auction.state import AuctionState, Phase, hand, shown
from cardcore.moves import Moves
from cardcore.poker import HandRank, best_hand
from cardcore.pots import award, split_points
from cardcore.protocol import Outcome, Transition
from cardcore.standings import plural, point_outcome, winners_effect
from cardcore.table import names

__all__ = ["SHOWN", "outcome", "pile_value", "show", "show_cards"]

SHOWN: Final = 5
"""The cards a player may show instead of the whole hand (AU-5.1)."""
_VALUES: Final = {14: 10, 13: 5, 12: 5, 11: 5, JOKER_RANK: 5}


def pile_value(pile: Sequence[Card]) -> int:
    """AU-5.3: A 10; K, Q, J and the joker 5; 2 to 10 one point each.

    >>> from cardcore.cards import parse_card
    >>> pile_value([parse_card(c) for c in "AS KH JK 10C 2D".split()])
    22
    """
    return sum(_VALUES.get(card.rank, 1) for card in pile)


_HAND_ON: Final = (Phase.AUCTION, Phase.FLIP, Phase.SHOW)
"""The phases in which a hand is played and its pile not yet scored."""


def outcome(state: AuctionState) -> Outcome:
    """The points, and while a hand is played the starter pile and what it would
    score (AU-5.3): mid-hand the points alone read 0, 0, 0, and the pile is the
    figure a player weighs before declaring (AU-4.3)."""
    points = point_outcome(state.players, state.scores, state.complete)
    if state.phase not in _HAND_ON:
        return points
    return attrs.evolve(points, pile=tuple(str(card) for card in state.pile),
                        pile_value=pile_value(state.pile))


def show_cards(state: AuctionState, event: Show, moves: Moves[Card]) -> None:
    """AU-5.1: every player shows the whole hand or five of its cards, face up."""
    players = state.players
    for _, name, cards in moves.named(event.cards):
        zone = hand(name)
        held = state.account.size(zone)
        if len(cards) != held and not (len(cards) == SHOWN and held > SHOWN):
            allowed = f"all {held}" if held <= SHOWN else f"all {held} or {SHOWN}"
            moves.defer("AU-5.1", f"{name} shows {plural(len(cards), 'card')}: a player shows "
                        f"the whole hand or the five they choose ({allowed})", ("cards", name))
        moves.move_cards(zone, shown(name), cards, path=("cards", name), face_up=True,
                         verb="shown from")
    missing = [seat for seat, name in enumerate(players) if name not in event.cards]
    if missing:
        moves.problem("C-3", f"{names(players, missing)} must show cards too: every player "
                      "shows at the end of a hand", ("cards",))


def _value(cards: Sequence[Card | None], wheel: bool) -> HandRank | None:
    """The best hand of the usable shown cards; None if no card is usable."""
    usable = [card for card in cards if card is not None]
    try:
        return best_hand(usable, wheel=wheel, usable_only=True)
    except ValueError:
        return None


@functools.lru_cache(maxsize=4096)
def _words(value: HandRank | None) -> str:
    """A shown hand's value in words. Cached: printing a :class:`HandRank` costs
    more than ranking the hand, and the values of shows recur (in simulated games
    five in six are one printed before)."""
    return str(value) if value is not None else "no usable card"


def _value_rule(state: AuctionState, name: str) -> str:
    """AU-7.8 when the hand is scored on five cards shown of more held (cards are
    left in the hand), else AU-5.1. ``state`` is the one after the show's card
    moves, which take the shown cards out of the hand."""
    return "AU-7.8" if state.account.size(hand(name)) else "AU-5.1"


def show(state: AuctionState, event: Show, found: None = None) -> Transition[AuctionState]:
    """AU-5: the best hands share the pile's value; the declarer wins or loses the
    bonus; AU-6.1: the game ends once someone has the target."""
    players = state.players
    options = state.options
    values = [_value(event.cards[name], options.wheel) for name in players]
    effects = [effect("hand_value", _value_rule(state, name), _hand_value_text, (name, value),
                      (name,))
               for name, value in zip(players, values, strict=True)]
    keys = [value.key if value is not None else () for value in values]
    top = max(keys)
    best = tuple([seat for seat, key in enumerate(keys) if key == top])
    points = pile_value(state.pile)
    size = len(state.pile)
    effects.append(effect("pile_value", "AU-5.3", _pile_value_text, (points, size)))
    share = split_points(points, len(best), options.exact)
    scores: list[Number] = list(state.scores)
    for seat in best:
        scores[seat] += share
    effects.append(effect("score", "AU-5.2", _score_text, (players, best, share, points),
                          tuple([players[s] for s in best]),
                          award(players, best, share, "AU-5.3")))
    if state.declarer is not None:
        effects.append(_declarer(state, state.declarer, state.declarer in best, scores))
    new = evolve(state, scores=tuple(scores), phase=Phase.DEAL)
    target = options.target
    if max(scores) >= target:
        reached = [seat for seat, score in enumerate(scores) if score >= target]
        why = (f"{names(players, reached)} reached {target} points after hand {state.hand}")
        effects.append(effect("game_over", "AU-6.1", _game_over_text, (why,),
                              tuple([players[s] for s in reached])))
        effects.append(winners_effect(players, scores, "AU-6.1", "point"))
        return evolve(new, phase=Phase.OVER, ended_by=why), tuple(effects)
    return new, tuple(effects)


def _declarer(state: AuctionState, seat: int, best: bool, scores: list[Number]) -> Effect:
    """AU-5.4: +bonus with the best or an equal best hand, else -bonus; a bonus of
    0 (the option) is a transfer of 0 too, as a share of 0 is (:func:`award`)."""
    name = state.players[seat]
    bonus = state.options.declare_bonus
    if best:
        scores[seat] += bonus
        transfers = (transfer(BANK, name, bonus, "AU-5.4"),)
    else:
        scores[seat] -= bonus
        transfers = (transfer(name, BANK, bonus, "AU-5.4"),)
    return effect("declarer", "AU-5.4", _declarer_text, (name, best, bonus), (name,),
                  transfers)


# -- the words of the effects (cardcore.effects.effect: worded when read) --------------


def _hand_value_text(name: str, value: HandRank | None) -> str:
    return f"{name}: {_words(value)}"


def _pile_value_text(points: int, size: int) -> str:
    return f"the starter pile is worth {plural(points, 'point')} ({plural(size, 'card')})"


def _score_text(players: tuple[str, ...], best: tuple[int, ...], share: Number, points: int
                ) -> str:
    if len(best) == 1:
        return f"{players[best[0]]} has the best hand and scores {plural(share, 'point')}"
    text = f"{names(players, best)} have equal best hands and score {share} each"
    lost = points - share * len(best)
    if lost:
        text += f"; {lost} is lost in the rounding"
    return text


def _game_over_text(why: str) -> str:
    return f"the game is over: {why}"


def _declarer_text(name: str, best: bool, bonus: int) -> str:
    if best:
        return f"{name} declared the end with the best hand: +{bonus}"
    return f"{name} declared the end without the best hand: -{bonus}"
