"""Goblin Poker, the start of a game (RULES.md GP-1 and GP-2): antes and the deal,
the reveal of the first stack cards, and the tie-break dealt from the stock.
"""

from __future__ import annotations

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.effects import Effect
from cardcore.errors import RuleViolation
from cardcore.evolve import evolve
from cardcore.games.goblin.events import Deal, Reveal, Stack
from cardcore.games.goblin.expect import expected
from cardcore.games.goblin.state import (
    DISCARD,
    STOCK,
    Choice,
    GoblinState,
    Phase,
    hand,
    stack_zone,
)
from cardcore.seats import clockwise_from
from cardcore.table import names, seat_of, wrong_player
from cardcore.zones import CardAccount

__all__ = ["HAND_SIZE", "deal", "reveal", "start_round", "tiebreak_card"]

HAND_SIZE = 6
Step = tuple[GoblinState, tuple[Effect, ...]]


def deal(state: GoblinState, event: Deal) -> Step:
    players = state.players
    ledger = state.ledger
    effects: list[Effect] = []
    in_session = list(state.in_session)
    for seat, name in enumerate(players):
        if in_session[seat] and ledger.chips[seat] == 0:
            in_session[seat] = False
            effects.append(Effect(
                kind="out", rule="GP-1.1", players=(name,),
                text=f"{name} has no chips and is out of the session",
            ))
    seats = [seat for seat, live in enumerate(in_session) if live]
    for seat in seats:
        ledger, paid = ledger.pay(seat, state.options.ante, "GP-1.1")
        text = f"{players[seat]} pays the ante of {state.options.ante}"
        if paid.forgiven:
            text += f" (holds only {paid.amount}; {paid.forgiven} forgiven)"
        effects.append(Effect(kind="ante", rule="GP-1.1", players=(players[seat],),
                              text=text, transfers=(paid,)))
    account = CardAccount.shuffled(PAIRS_DECK, STOCK)
    known = event.hands or {}
    for name, cards in known.items():
        seat = seat_of(players, name, "hands", name)
        if not in_session[seat]:
            message = f"{name} is out of the session and is dealt no cards (GP-1.1)"
            raise RuleViolation("C-7", message, ("hands", name))
        if len(cards) != HAND_SIZE:
            message = f"{name}'s hand has {len(cards)} cards; each player is dealt {HAND_SIZE}"
            raise RuleViolation("GP-1.2", message, ("hands", name))
        account = account.move_cards(STOCK, hand(name), cards, path=("hands", name))
    for seat in seats:
        if players[seat] not in known:
            account = account.deal(STOCK, hand(players[seat]), HAND_SIZE)
    live = tuple(seat in seats for seat in range(len(players)))
    number = state.games_started + 1
    effects.append(Effect(
        kind="deal", rule="GP-1.2", players=tuple(players[s] for s in seats),
        text=f"game {number}: {HAND_SIZE} cards each to {names(players, seats)}",
    ))
    new = evolve(
        state, phase=Phase.REVEAL, games_started=number, round=0, in_session=tuple(in_session),
        in_game=live, stacks=((),) * len(players), account=account, ledger=ledger,
        tied=(), waiting=(), level_cards=(), choice=(), held_choice=None, turns=(), receivers=(),
    )
    return new, tuple(effects)


def reveal(state: GoblinState, event: Reveal) -> Step:
    players = state.players
    account = state.account
    stacks = list(state.stacks)
    shown: dict[int, PairsCard] = {}
    for name, card in event.cards.items():
        seat = seat_of(players, name, "cards", name)
        if not state.in_game[seat]:
            raise RuleViolation("C-7", f"{name} is not in this game", ("cards", name))
        if card is None:
            message = f"{name}'s revealed card is face up for everyone and must be named, not '?'"
            raise RuleViolation("C-3", message, ("cards", name))
        try:
            account = account.move(hand(name), stack_zone(name), card, verb="revealed from")
        except RuleViolation as error:
            raise error.at("cards", name) from None
        stacks[seat] = (card,)
        shown[seat] = card
    missing = [seat for seat in state.active() if seat not in shown]
    if missing:
        message = (
            f"{names(players, missing)} must reveal a card too: every player in the game "
            "reveals one (GP-2.1)"
        )
        raise RuleViolation("C-3", message, ("cards",))
    low = min(shown.values())
    tied = tuple(seat for seat in state.active() if shown[seat] == low)
    new = evolve(state, account=account, stacks=tuple(stacks))
    if len(tied) == 1:
        return start_round(new, 1, tied[0], "GP-2.2", f"the smallest card, {low}")
    effect = Effect(
        kind="tie", rule="GP-2.3", players=tuple(players[s] for s in tied),
        text=f"{names(players, tied)} tie on {low}: each is dealt a card from the stock",
    )
    new = evolve(new, phase=Phase.TIEBREAK, tied=tied, waiting=tied, level_cards=())
    return _stock_check(new, (effect,))


def _stock_check(state: GoblinState, effects: tuple[Effect, ...]) -> Step:
    """GP-2.4: the stock ran out while tied players still wait for a card."""
    if state.waiting and state.account.size(STOCK) == 0:
        effect = Effect(
            kind="stock_empty", rule="GP-2.4", players=tuple(state.players[s] for s in state.tied),
            text=(
                f"the stock is empty: the start player is a table choice among "
                f"{names(state.players, state.tied)}"
            ),
        )
        new = evolve(
            state, phase=Phase.PLAY, round=1, choice=state.tied, choice_for=Choice.START,
            choice_rule="GP-2.4", waiting=(), turns=(),
        )
        return new, (*effects, effect)
    return state, effects


def tiebreak_card(state: GoblinState, event: Stack) -> Step:
    players = state.players
    seat = seat_of(players, event.player, "player")
    if seat not in state.waiting:
        if not state.in_game[seat]:
            raise RuleViolation("C-7", f"{event.player} is not in this game", ("player",))
        raise wrong_player(event.player, "be dealt a tie-break card", expected(state), players)
    if event.card is None:
        raise RuleViolation("C-3", "a card dealt face up must be named, not '?'", ("card",))
    card = event.card
    stack = state.stacks[seat]
    if card in stack:
        try:
            account = state.account.move(STOCK, DISCARD, card)
        except RuleViolation as error:
            raise error.at("card") from None
        effect = Effect(
            kind="discard", rule="GP-2.3", players=(event.player,),
            text=f"{card} pairs {event.player}'s stack: it is discarded and "
            f"{event.player} is dealt again",
        )
        return _stock_check(evolve(state, account=account), (effect,))
    try:
        account = state.account.move(STOCK, stack_zone(event.player), card)
    except RuleViolation as error:
        raise error.at("card") from None
    stacks = list(state.stacks)
    stacks[seat] = (*stack, card)
    waiting = tuple(s for s in state.waiting if s != seat)
    level = (*state.level_cards, (seat, card))
    new = evolve(
        state, account=account, stacks=tuple(stacks), waiting=waiting, level_cards=level
    )
    if waiting:
        return _stock_check(new, ())
    low = min(c for _, c in level)
    still = tuple(s for s in state.tied if (s, low) in level)
    if len(still) == 1:
        return start_round(new, 1, still[0], "GP-2.3", f"the smallest tie-break card, {low}")
    effect = Effect(
        kind="tie", rule="GP-2.3", players=tuple(players[s] for s in still),
        text=f"{names(players, still)} tie again on {low}: the tie-break goes on",
    )
    new = evolve(new, tied=still, waiting=still, level_cards=())
    return _stock_check(new, (effect,))


def start_round(state: GoblinState, number: int, seat: int, rule: str, why: str) -> Step:
    name = state.players[seat]
    effect = Effect(
        kind="start_player", rule=rule, players=(name,),
        text=f"{name} starts round {number}: {why}",
    )
    order = tuple(clockwise_from(seat, len(state.players), state.active()))
    new = evolve(
        state, phase=Phase.PLAY, round=number, turns=order, tied=(), waiting=(), level_cards=()
    )
    return new, (effect,)
