"""How an Orc Poker round moves on: payments with bankruptcy (OP-1.2), the start
of an action phase (OP-3.1), the end of a round (OP-3.5, OP-4.1) and of the
game (OP-4.2, OP-4.3).

Shared by the start-player rules (OP-2) and the action-phase rules (OP-3).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.effects import Effect, Transfer, effect
from cardcore.evolve import evolve
from cardcore.games.orc.state import OrcState, Phase
from cardcore.ledger import Ledger
from cardcore.pots import split_pot, take_pot
from cardcore.protocol import Transition
from cardcore.seats import clockwise_from
from cardcore.standings import winners_effect
from cardcore.table import names

__all__ = ["begin_phase", "charge", "last_one", "no_card_left", "split", "start_phase"]


def charge(ledger: Ledger, bankrupt: tuple[int, ...], seat: int, owed: int, rule: str
           ) -> tuple[Ledger, tuple[int, ...], Transfer, tuple[Effect, ...]]:
    """``seat`` pays ``owed`` to the pot under ``rule`` with the shortfall rule:
    the ledger and the bankrupt seats after it, the payment and its effects.

    A player who cannot pay in full is bankrupt (OP-1.2); paying one's last chip
    in full is not. The bankruptcy effect comes once per player and round. The
    caller puts ledger and bankrupt seats into the state with the event's other
    changes, so that an event copies the state once, however many pay.
    """
    ledger, paid = ledger.pay(seat, owed, rule)
    extra: tuple[Effect, ...] = ()
    if paid.forgiven and seat not in bankrupt:
        bankrupt = (*bankrupt, seat)
        name = ledger.players[seat]
        extra = (effect("bankrupt", "OP-1.2", _bankrupt_text, (name,), (name,)),)
    return ledger, bankrupt, paid, extra


def no_card_left(state: OrcState, effects: tuple[Effect, ...], live: Sequence[int]
                 ) -> Transition[OrcState] | None:
    """OP-3.1 [ruling]: a player still in (``live``) with no card in hand means no
    phase starts; the round ends with the split of OP-4.1. None when every player
    still in has a card."""
    empty = tuple([seat for seat in live if state.hand_size(seat) == 0])
    if not empty:
        return None
    players = state.players
    none_left = effect("no_card", "OP-3.1", _no_card_text, (players, empty),
                       tuple([players[s] for s in empty]))
    return split(state, (*effects, none_left))


def begin_phase(state: OrcState, seat: int, effects: tuple[Effect, ...]) -> Transition[OrcState]:
    """Action phase ``state.action_phase + 1`` with ``seat`` as start player, unless
    a player still in has no card left (OP-3.1)."""
    live = state.active()
    ended = no_card_left(state, effects, live)
    if ended is not None:
        return ended
    return start_phase(state, seat, effects, live)


def start_phase(state: OrcState, seat: int, effects: tuple[Effect, ...], live: Sequence[int]
                ) -> Transition[OrcState]:
    """:func:`begin_phase` once OP-3.1 is known to let the phase start; ``live``:
    the seats still in."""
    order = tuple(clockwise_from(seat, len(state.players), live))
    new = evolve(
        state, phase=Phase.PITCH, action_phase=state.action_phase + 1, start_player=seat,
        turns=order, deck=(), tied=(),
    )
    return new, effects


def last_one(state: OrcState, effects: tuple[Effect, ...]) -> Transition[OrcState]:
    """OP-3.5: the last player still in takes the whole pot; the round ends."""
    ledger, won = take_pot(state.ledger, state.active()[0], "OP-3.5",
                           "is the only player left in the round")
    return _end_round(state, ledger, (*effects, won))


def split(state: OrcState, effects: tuple[Effect, ...]) -> Transition[OrcState]:
    """OP-4.1: the players still in share the pot; the remainder stays for the next round."""
    played = state.action_phase
    when = f"after {played} action phase{'s' if played != 1 else ''}, " if played else ""
    ledger, shared = split_pot(state.ledger, state.active(), "OP-4.1", when, "round")
    return _end_round(state, ledger, (*effects, shared))


def _end_round(state: OrcState, ledger: Ledger, effects: tuple[Effect, ...]) -> Transition[OrcState]:
    """OP-4.2: the game ends after the last round or a round with a bankruptcy.
    ``ledger``: the chips once the pot is taken or shared (one copy of the state)."""
    total = state.options.total_rounds
    if state.bankrupt:
        who = names(state.players, state.bankrupt)
        count = len(state.bankrupt)
        verb = "went" if count == 1 else "both went" if count == 2 else "all went"
        why = f"{who} {verb} bankrupt in round {state.round}"
    elif state.round >= total:
        why = f"all {total} rounds are played"
    else:
        return evolve(state, ledger=ledger, phase=Phase.DEAL, turns=(), deck=(), tied=()), effects
    over = effect("game_over", "OP-4.2", _game_over_text, (why,))
    pot = ledger.pot
    left = f"; {pot} chip{' is' if pot == 1 else 's are'} left in the pot" if pot else ""
    won = winners_effect(state.players, ledger.chips, "OP-4.3", "chip", left)
    new = evolve(state, ledger=ledger, phase=Phase.OVER, turns=(), deck=(), tied=(),
                 ended_by=f"{why} (OP-4.2)")
    return new, (*effects, over, won)


def _bankrupt_text(name: str) -> str:
    return f"{name} could not pay in full and is bankrupt: the game ends when this round is over"


def _no_card_text(players: tuple[str, ...], empty: tuple[int, ...]) -> str:
    verb = "has" if len(empty) == 1 else "have"
    return (f"{names(players, empty)} {verb} no card left to put face down: no action "
            "phase starts and the round ends")


def _game_over_text(why: str) -> str:
    return f"the game is over: {why}"
