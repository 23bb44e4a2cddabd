"""Goblin Poker rules (RULES.md GP-1 to GP-6): one function per event kind.

Every function takes the state before the event and returns the state after it
with the effects the event caused, or raises :class:`RuleViolation`. The start
of a game (GP-1, GP-2) is in :mod:`cardcore.games.goblin.preparation`; this
module holds the rounds (GP-3 to GP-6) and the public face of the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.cards import PairsCard
from cardcore.effects import Effect, effect
from cardcore.evolve import evolve
from cardcore.games.goblin.events import Fold, Pitch, Stack
from cardcore.games.goblin.preparation import start_round, tiebreak_card, tiebreak_cards
from cardcore.games.goblin.stacks import smallest_stacks
from cardcore.games.goblin.state import (
    PITCHED,
    Choice,
    GoblinState,
    Phase,
    hand,
    stack_zone,
)
from cardcore.ledger import Ledger
from cardcore.moves import Moves
from cardcore.pots import pay, split_pot, take_pot
from cardcore.protocol import Setup, Transition
from cardcore.seats import clockwise_from, without
from cardcore.table import names

__all__ = ["begin", "choose", "fold", "pitch", "pitch_cards", "stack", "stack_cards", "where"]



def begin(setup: Setup) -> GoblinState:
    """The state before the first deal: everyone in the session, nobody dealt."""
    ledger = Ledger.start(setup.players, setup.options.starting_chips)
    return GoblinState(options=setup.options, players=setup.players, ledger=ledger)



def where(state: GoblinState) -> str:
    """The game and round; between games, the preparation of the next one."""
    between = state.phase is Phase.DEAL
    game = state.games_done + 1 if between else state.games_started
    part = "preparation" if between or state.round == 0 else f"round {state.round}"
    return f"game {game}, {part}"


# -- the rounds -------------------------------------------------------------------


def choose(state: GoblinState, seat: int) -> Transition[GoblinState]:
    """A table choice settled (GP-2.4, GP-3.2): ``seat`` starts, or is dealt first."""
    name = state.players[seat]
    held = state.held_choice
    if state.choice_rule == "GP-3.2":
        held = (seat, state.stacks[seat])
    order = tuple(clockwise_from(seat, len(state.players), state.active()))
    if state.choice_for is Choice.START:
        number = state.round
        chosen = effect("start_player", state.choice_rule, _chosen_start_text, (name, number),
                        (name,))
        return evolve(state, choice=(), held_choice=held, turns=order), (chosen,)
    chosen = effect("min_stack", state.choice_rule, _chosen_stack_text, (name,), (name,))
    return evolve(state, choice=(), held_choice=held, receivers=order), (chosen,)


def _min_stack(state: GoblinState, live: Sequence[int]) -> int | None:
    """GP-3.2: the min stack's owner among the players still in (``live``), or None
    if the table must choose (a previous choice holds while that stack is unchanged)."""
    low = smallest_stacks(state.stacks, live)
    if len(low) == 1:
        return low[0]
    held = state.held_choice
    if held is not None and held[0] in low and state.stacks[held[0]] == held[1]:
        return held[0]
    return None


def _showing(state: GoblinState) -> tuple[PairsCard, int]:
    """The smallest number on any stack still face up, and whose it is."""
    return min((card, seat) for seat in state.active() for card in state.stacks[seat])


def pitch_cards(state: GoblinState, event: Pitch, moves: Moves[PairsCard]) -> None:
    """GP-4.3: a card from hand, face down."""
    moves.move(hand(event.player), PITCHED, event.card, path=("card",), verb="pitched from")


def pitch(state: GoblinState, event: Pitch, found: None = None) -> Transition[GoblinState]:
    return _after_turn(evolve(state, turns=state.turns[1:]), ())


def fold(state: GoblinState, event: Fold, found: None = None) -> Transition[GoblinState]:
    """GP-4.2: pay the smallest number showing on any stack still face up, and leave."""
    players = state.players
    seat = players.index(event.player)
    low, owner = _showing(state)
    name = event.player
    ledger, folded = pay(state.ledger, seat, low, "GP-4.2", "fold", _fold_text,
                         (name, low, players[owner]))
    in_game = without(state.in_game, seat)
    new = evolve(state, ledger=ledger, in_game=in_game, turns=state.turns[1:])
    if sum(in_game) == 1:
        return _last_one(new, (folded,))
    return _after_turn(new, (folded,))



def _after_turn(state: GoblinState, effects: tuple[Effect, ...]) -> Transition[GoblinState]:
    """GP-4.5: once everyone still in has played, the pitched cards are dealt from
    the min stack; the effect that names it cites GP-3.1, the comparison that found
    it (identical smallest stacks are GP-3.2's table choice)."""
    if state.turns:
        return state, effects
    live = state.active()
    seat = _min_stack(state, live)
    players = state.players
    if seat is None:
        low = tuple(smallest_stacks(state.stacks, live))
        choice = effect("choice", "GP-3.2", _dealing_choice_text, (players, low),
                        tuple([players[s] for s in low]))
        new = evolve(state, phase=Phase.DEAL_STACKS, choice=low, choice_for=Choice.DEAL,
                           choice_rule="GP-3.2", receivers=())
        return new, (*effects, choice)
    order = tuple(clockwise_from(seat, len(players), live))
    name = players[seat]
    found = effect("min_stack", "GP-3.1", _min_stack_text, (name,), (name,))
    return evolve(state, phase=Phase.DEAL_STACKS, receivers=order), (*effects, found)


def stack_cards(state: GoblinState, event: Stack, moves: Moves[PairsCard]) -> None:
    if state.phase is Phase.TIEBREAK:
        tiebreak_cards(state, event, moves)
        return
    moves.move(PITCHED, stack_zone(event.player), event.card, path=("card",), face_up=True)


def stack(state: GoblinState, event: Stack, found: None = None) -> Transition[GoblinState]:
    if state.phase is Phase.TIEBREAK:
        return tiebreak_card(state, event)
    return _deal_pitched(state, event)


def _deal_pitched(state: GoblinState, event: Stack) -> Transition[GoblinState]:
    """GP-4.5, GP-4.6: a pitched card onto a stack; a pair busts."""
    seat = state.players.index(event.player)
    card = event.card
    assert card is not None, "the cards stage refuses an unnamed face-up card"
    receivers = state.receivers[1:]
    effects: tuple[Effect, ...] = ()
    if card in state.stacks[seat]:
        name = event.player
        ledger, bust = pay(state.ledger, seat, card, "GP-4.6", "bust", _bust_text, (card, name))
        in_game = without(state.in_game, seat)
        new = evolve(state, ledger=ledger, in_game=in_game, receivers=receivers)
        effects = (bust,)
        if sum(in_game) == 1:
            return _last_one(new, effects)
    else:
        stacks = list(state.stacks)
        stacks[seat] = (*stacks[seat], card)
        new = evolve(state, stacks=tuple(stacks), receivers=receivers)
    if receivers:
        return new, effects
    return _end_round(new, effects)


def _end_round(state: GoblinState, effects: tuple[Effect, ...]) -> Transition[GoblinState]:
    """GP-5.1 and GP-6.2: the next round, or the split after the last one. The next
    round's start player (GP-4.1) is named by an effect citing GP-5.1, the rule
    that starts that round."""
    live = state.active()
    if state.round < state.options.rounds:
        number = state.round + 1
        seat = _min_stack(state, live)
        if seat is None:
            low = tuple(smallest_stacks(state.stacks, live))
            players = state.players
            choice = effect("choice", "GP-3.2", _start_choice_text, (players, low, number),
                            tuple([players[s] for s in low]))
            new = evolve(state, phase=Phase.PLAY, round=number, choice=low,
                               choice_for=Choice.START, choice_rule="GP-3.2", turns=())
            return new, (*effects, choice)
        step = start_round(state, number, seat, "GP-5.1", "the min stack among the players still in")
        return step[0], (*effects, *step[1])
    ledger, split = split_pot(state.ledger, live, "GP-6.2", f"after round {state.round}, ",
                              "game")
    return _end_game(state, ledger, (*effects, split))


def _last_one(state: GoblinState, effects: tuple[Effect, ...]) -> Transition[GoblinState]:
    """GP-4.4 / GP-6.1: the last player still in takes the whole pot."""
    ledger, won = take_pot(state.ledger, state.active()[0], "GP-4.4", "is the only player left")
    return _end_game(state, ledger, (*effects, won))


def _end_game(state: GoblinState, ledger: Ledger, effects: tuple[Effect, ...]
              ) -> Transition[GoblinState]:
    """The game is over with the chips of ``ledger``: the next deal, or the end of
    the session (GP-6.3, GP-1.1); one copy of the state either way."""
    done = state.games_done + 1
    count = len(state.players)
    planned = state.options.games
    ended_by = ""
    if planned is not None and done >= planned:
        why = f"all {planned} planned games are played"
        over = effect("session_over", "GP-6.3", _complete_text, (why,))
        effects, ended_by = (*effects, over), why + " (GP-6.3)"
    else:
        solvent = [seat for seat in range(count)
                   if state.in_session[seat] and ledger.chips[seat] > 0]
        if len(solvent) < 2:
            who = names(state.players, solvent)
            why = f"only {who} has chips left" if solvent else "no player has chips left"
            over = effect("session_over", "GP-1.1", _over_text, (why,))
            effects, ended_by = (*effects, over), why + " (GP-1.1)"
    new = evolve(state, ledger=ledger, phase=Phase.OVER if ended_by else Phase.DEAL,
                 games_done=done, in_game=(False,) * count, turns=(), receivers=(), choice=(),
                 held_choice=None, ended_by=ended_by)
    return new, effects


# -- the words of the effects (cardcore.effects.effect: worded when read) --------------


def _chosen_start_text(name: str, number: int) -> str:
    return f"the table chooses {name} to start round {number}"


def _chosen_stack_text(name: str) -> str:
    return f"the table chooses {name}'s stack as the min stack: dealing starts there"


def _fold_text(name: str, low: PairsCard, owner: str) -> str:
    whose = "their own" if owner == name else f"{owner}'s"
    return f"{name} folds and pays {low}, the smallest number showing ({whose} stack)"


def _dealing_choice_text(players: tuple[str, ...], low: tuple[int, ...]) -> str:
    return (f"identical smallest stacks: the table chooses among {names(players, low)} where "
            "the dealing starts")


def _start_choice_text(players: tuple[str, ...], low: tuple[int, ...], number: int) -> str:
    return (f"identical smallest stacks: the table chooses among {names(players, low)} who "
            f"starts round {number}")


def _min_stack_text(name: str) -> str:
    return f"everyone still in has played: the pitched cards are dealt from {name}, the min stack"


def _bust_text(card: PairsCard, name: str) -> str:
    return f"{card} pairs {name}'s {card}: {name} busts and pays {card}"


def _complete_text(why: str) -> str:
    return f"the session is complete: {why}"


def _over_text(why: str) -> str:
    return f"the session is over: {why}"
