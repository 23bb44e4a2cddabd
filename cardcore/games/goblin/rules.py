"""Goblin Poker rules (RULES.md GP-1 to GP-6): one function per event kind.

Every function takes the state before the event and returns the state after it
with the effects the event caused, or raises :class:`RuleViolation`. The start
of a game (GP-1, GP-2) is in :mod:`cardcore.games.goblin.preparation`; this
module holds the rounds (GP-3 to GP-6) and the public face of the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.cards import PairsCard
from cardcore.effects import Effect
from cardcore.errors import RuleViolation
from cardcore.evolve import evolve
from cardcore.games.goblin.events import Deal, Fold, Pitch, Reveal, Stack
from cardcore.games.goblin.expect import KINDS, expected
from cardcore.games.goblin.options import GoblinOptions
from cardcore.games.goblin.preparation import deal, reveal, start_round, tiebreak_card
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
from cardcore.options import game_options
from cardcore.protocol import Event, Outcome, Ruling, check_players
from cardcore.seats import clockwise_from
from cardcore.standings import chip_outcome
from cardcore.table import (
    inadmissible,
    names,
    needless_ruling,
    not_now,
    over,
    seat_of,
    wrong_player,
)

__all__ = ["apply", "outcome", "position", "start"]

Step = tuple[GoblinState, tuple[Effect, ...]]


def start(players: Sequence[str], options: GoblinOptions | None = None) -> GoblinState:
    """The state before the first deal."""
    options = game_options(options, GoblinOptions, "Goblin Poker")
    names_ = check_players(players, 2, 8, "Goblin Poker")
    count = len(names_)
    return GoblinState(
        options=options,
        players=names_,
        ledger=Ledger.start(names_, options.starting_chips),
        in_session=(True,) * count,
        in_game=(False,) * count,
        stacks=((),) * count,
    )


def outcome(state: GoblinState) -> Outcome:
    return chip_outcome(state.ledger, state.complete)


def position(state: GoblinState) -> str:
    if state.phase is Phase.OVER:
        return "after the session"
    if state.phase is Phase.DEAL:
        return f"game {state.games_done + 1}, preparation"
    if state.round == 0:
        return f"game {state.games_started}, preparation"
    return f"game {state.games_started}, round {state.round}"


# -- applying events ---------------------------------------------------------------


def apply(state: GoblinState, event: Event) -> Step:
    if state.phase is Phase.OVER:
        raise over(event, f"the session is over ({state.ended_by})")
    if isinstance(event, Ruling):
        return _ruling(state, event)
    if event.TYPE not in KINDS[state.phase]:
        raise not_now(event, expected(state))
    if isinstance(event, Deal):
        return deal(state, event)
    if isinstance(event, Reveal):
        return reveal(state, event)
    if isinstance(event, Stack):
        if state.phase is Phase.TIEBREAK:
            return tiebreak_card(state, event)
        return _deal_pitched(state, event)
    if isinstance(event, Fold | Pitch):
        return _turn(state, event)
    raise not_now(event, expected(state))


def _ruling(state: GoblinState, event: Ruling) -> Step:
    seat = seat_of(state.players, event.player, "player")
    if not state.choice:
        raise needless_ruling(expected(state).text)
    if seat not in state.choice:
        raise inadmissible(event.player, state.players, state.choice, state.choice_rule)
    return _resolve_choice(state, seat)


def _resolve_choice(state: GoblinState, seat: int) -> Step:
    name = state.players[seat]
    held = state.held_choice
    if state.choice_rule == "GP-3.2":
        held = (seat, state.stacks[seat])
    if state.choice_for is Choice.START:
        effect = Effect(
            kind="start_player", rule=state.choice_rule, players=(name,),
            text=f"the table chooses {name} to start round {state.round}",
        )
        order = tuple(clockwise_from(seat, len(state.players), state.active()))
        return evolve(state, choice=(), held_choice=held, turns=order), (effect,)
    effect = Effect(
        kind="min_stack", rule=state.choice_rule, players=(name,),
        text=f"the table chooses {name}'s stack as the min stack: dealing starts there",
    )
    order = tuple(clockwise_from(seat, len(state.players), state.active()))
    return evolve(state, choice=(), held_choice=held, receivers=order), (effect,)


def _min_stack(state: GoblinState) -> int | None:
    """GP-3.2: the min stack's owner among the players still in, or None if the
    table must choose (a previous choice holds while that stack is unchanged)."""
    low = smallest_stacks(state.stacks, state.active())
    if len(low) == 1:
        return low[0]
    held = state.held_choice
    if held is not None and held[0] in low and state.stacks[held[0]] == held[1]:
        return held[0]
    return None


def _showing(state: GoblinState) -> tuple[PairsCard, int]:
    """The smallest number on any stack still face up, and whose it is."""
    return min((card, seat) for seat in state.active() for card in state.stacks[seat])


def _turn(state: GoblinState, event: Fold | Pitch) -> Step:
    players = state.players
    seat = seat_of(players, event.player, "player")
    doing = event.TYPE
    effects: tuple[Effect, ...] = ()
    if not state.in_game[seat]:
        why = "is out of the session" if not state.in_session[seat] else "is no longer in this game"
        raise RuleViolation("C-7", f"{event.player} cannot {doing}: {event.player} {why}",
                            ("player",))
    if state.choice:
        if seat not in state.choice:
            raise wrong_player(event.player, doing, expected(state), players)
        state, effects = _resolve_choice(state, seat)
    elif seat != state.turns[0]:
        raise wrong_player(event.player, doing, expected(state), players)
    turns = state.turns[1:]
    if isinstance(event, Pitch):
        try:
            account = state.account.move(hand(event.player), PITCHED, event.card,
                                         verb="pitched from")
        except RuleViolation as error:
            raise error.at("card") from None
        new = evolve(state, account=account, turns=turns)
        return _after_turn(new, effects)
    low, owner = _showing(state)
    ledger, paid = state.ledger.pay(seat, low, "GP-4.2")
    whose = "their own" if owner == seat else f"{players[owner]}'s"
    fold = Effect(
        kind="fold", rule="GP-4.2", players=(event.player,), transfers=(paid,),
        text=f"{event.player} folds and pays {low}, the smallest number showing "
        f"({whose} stack)" + (f"; holds only {paid.amount}, {paid.forgiven} forgiven"
                              if paid.forgiven else ""),
    )
    in_game = _without(state.in_game, seat)
    new = evolve(state, ledger=ledger, in_game=in_game, turns=turns)
    effects = (*effects, fold)
    if sum(in_game) == 1:
        return _last_one(new, effects)
    return _after_turn(new, effects)


def _without(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return (*flags[:seat], False, *flags[seat + 1 :])


def _after_turn(state: GoblinState, effects: tuple[Effect, ...]) -> Step:
    """GP-4.5: once everyone still in has played, the pitched cards are dealt."""
    if state.turns:
        return state, effects
    seat = _min_stack(state)
    if seat is None:
        low = tuple(smallest_stacks(state.stacks, state.active()))
        effect = Effect(
            kind="choice", rule="GP-3.2", players=tuple(state.players[s] for s in low),
            text=f"identical smallest stacks: the table chooses among {names(state.players, low)} "
            "where the dealing starts",
        )
        new = evolve(state, phase=Phase.DEAL_STACKS, choice=low, choice_for=Choice.DEAL,
                           choice_rule="GP-3.2", receivers=())
        return new, (*effects, effect)
    order = tuple(clockwise_from(seat, len(state.players), state.active()))
    effect = Effect(
        kind="min_stack", rule="GP-4.5", players=(state.players[seat],),
        text=f"everyone still in has played: the pitched cards are dealt from "
        f"{state.players[seat]}, the min stack",
    )
    return evolve(state, phase=Phase.DEAL_STACKS, receivers=order), (*effects, effect)


def _deal_pitched(state: GoblinState, event: Stack) -> Step:
    players = state.players
    seat = seat_of(players, event.player, "player")
    effects: tuple[Effect, ...] = ()
    if not state.in_game[seat]:
        raise RuleViolation("C-7", f"{event.player} is no longer in this game", ("player",))
    if state.choice:
        if seat not in state.choice:
            raise wrong_player(event.player, "be dealt a card", expected(state), players)
        state, effects = _resolve_choice(state, seat)
    elif seat != state.receivers[0]:
        raise wrong_player(event.player, "be dealt a card", expected(state), players)
    if event.card is None:
        raise RuleViolation("C-3", "a card dealt face up must be named, not '?'", ("card",))
    card = event.card
    target = stack_zone(event.player)
    try:
        account = state.account.move(PITCHED, target, card, verb="dealt from")
    except RuleViolation as error:
        raise error.at("card") from None
    receivers = state.receivers[1:]
    if card in state.stacks[seat]:
        ledger, paid = state.ledger.pay(seat, card, "GP-4.6")
        bust = Effect(
            kind="bust", rule="GP-4.6", players=(event.player,), transfers=(paid,),
            text=f"{card} pairs {event.player}'s {card}: {event.player} busts and pays {card}"
            + (f"; holds only {paid.amount}, {paid.forgiven} forgiven" if paid.forgiven else ""),
        )
        in_game = _without(state.in_game, seat)
        new = evolve(state, account=account, ledger=ledger, in_game=in_game,
                           receivers=receivers)
        effects = (*effects, bust)
        if sum(in_game) == 1:
            return _last_one(new, effects)
    else:
        stacks = list(state.stacks)
        stacks[seat] = (*stacks[seat], card)
        new = evolve(state, account=account, stacks=tuple(stacks), receivers=receivers)
    if receivers:
        return new, effects
    return _end_round(new, effects)


def _end_round(state: GoblinState, effects: tuple[Effect, ...]) -> Step:
    """GP-5.1 and GP-6.2: the next round, or the split after the last one."""
    live = state.active()
    if state.round < state.options.rounds:
        number = state.round + 1
        seat = _min_stack(state)
        if seat is None:
            low = tuple(smallest_stacks(state.stacks, live))
            effect = Effect(
                kind="choice", rule="GP-3.2", players=tuple(state.players[s] for s in low),
                text=f"identical smallest stacks: the table chooses among "
                f"{names(state.players, low)} who starts round {number}",
            )
            new = evolve(state, phase=Phase.PLAY, round=number, choice=low,
                               choice_for=Choice.START, choice_rule="GP-3.2", turns=())
            return new, (*effects, effect)
        step = start_round(state, number, seat, "GP-4.1", "the min stack among the players still in")
        return step[0], (*effects, *step[1])
    ledger, shares = state.ledger.split_pot(live, "GP-6.2")
    left = ledger.pot
    split = Effect(
        kind="split", rule="GP-6.2", players=tuple(state.players[s] for s in live),
        transfers=shares,
        text=f"after round {state.round}, {names(state.players, live)} split the pot "
        f"({shares[0].amount} each)" + (f"; {left} stays in the pot for the next game"
                                         if left else ""),
    )
    return _end_game(evolve(state, ledger=ledger), (*effects, split))


def _last_one(state: GoblinState, effects: tuple[Effect, ...]) -> Step:
    """GP-4.4 / GP-6.1: the last player still in takes the whole pot."""
    seat = state.active()[0]
    ledger, won = state.ledger.take_pot(seat, "GP-4.4")
    name = state.players[seat]
    effect = Effect(
        kind="win", rule="GP-4.4", players=(name,), transfers=(won,),
        text=f"{name} is the only player left and takes the pot of {won.amount}",
    )
    return _end_game(evolve(state, ledger=ledger), (*effects, effect))


def _end_game(state: GoblinState, effects: tuple[Effect, ...]) -> Step:
    done = state.games_done + 1
    new = evolve(state, phase=Phase.DEAL, games_done=done, in_game=(False,) * len(state.players),
                 turns=(), receivers=(), choice=(), held_choice=None)
    planned = state.options.games
    if planned is not None and done >= planned:
        why = f"all {planned} planned games are played"
        effect = Effect(kind="session_over", rule="GP-6.3", text=f"the session is complete: {why}")
        return evolve(new, phase=Phase.OVER, ended_by=why + " (GP-6.3)"), (*effects, effect)
    solvent = [seat for seat in range(len(state.players))
               if state.in_session[seat] and new.ledger.chips[seat] > 0]
    if len(solvent) < 2:
        who = names(state.players, solvent)
        why = f"only {who} has chips left" if solvent else "no player has chips left"
        effect = Effect(kind="session_over", rule="GP-1.1", text=f"the session is over: {why}")
        return evolve(new, phase=Phase.OVER, ended_by=why + " (GP-1.1)"), (*effects, effect)
    return new, effects
