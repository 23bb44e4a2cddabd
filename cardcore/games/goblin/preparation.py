"""Goblin Poker, the start of a game (RULES.md GP-1 and GP-2): antes and the deal,
the reveal of the first stack cards, and the tie-break dealt from the stock.

Each event kind has a ``cards`` stage (its card moves, checked by the kernel's
card accounting) and a ``play`` stage (the game's own rules).
"""

from __future__ import annotations

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.effects import Effect, effect
from cardcore.evolve import evolve
from cardcore.games.goblin.events import Deal, Reveal, Stack
from cardcore.games.goblin.state import DISCARD, STOCK, Choice, GoblinState, Phase, hand, stack_zone
from cardcore.games.goblin.turns import dealt
from cardcore.moves import Moves
from cardcore.pots import antes
from cardcore.protocol import Transition
from cardcore.seats import clockwise_from
from cardcore.standings import plural
from cardcore.table import names

__all__ = ["HAND_SIZE", "deal", "deal_cards", "reveal", "reveal_cards", "start_round",
           "tiebreak_card", "tiebreak_cards"]

HAND_SIZE = 6


def deal_cards(state: GoblinState, event: Deal, moves: Moves[PairsCard]) -> None:
    """GP-1.2: a full shuffle, 6 cards to each player dealt in."""
    moves.shuffle(PAIRS_DECK, STOCK)
    seats = [seat for seat, live in enumerate(dealt(state)) if live]
    moves.deal_hands(event.hands, seats, HAND_SIZE, "GP-1.2")


def deal(state: GoblinState, event: Deal, found: None = None) -> Transition[GoblinState]:
    """GP-1.1: players without chips are out of the session; the others pay the ante
    into the pot, which keeps what the last game left in it (GP-1.3)."""
    players = state.players
    live = dealt(state)
    effects: list[Effect] = [
        effect("out", "GP-1.1", _out_text, (name,), (name,))
        for seat, name in enumerate(players) if state.in_session[seat] and not live[seat]
    ]
    seats = tuple([seat for seat, flag in enumerate(live) if flag])
    pot = state.ledger.pot
    if pot:  # GP-1.3: a split's remainder (GP-6.2) waits for this game
        effects.append(effect("carry_over", "GP-1.3", _carry_over_text, (pot,)))
    ledger, paid = antes(state.ledger, seats, state.options.ante, "GP-1.1")
    effects += paid
    number = state.games_started + 1
    effects.append(effect("deal", "GP-1.2", _deal_text, (number, players, seats),
                          tuple([players[s] for s in seats])))
    new = evolve(
        state, phase=Phase.REVEAL, games_started=number, round=0, in_session=live,
        in_game=live, stacks=((),) * len(players), ledger=ledger,
        tied=(), waiting=(), level_cards=(), choice=(), held_choice=None, turns=(), receivers=(),
    )
    return new, tuple(effects)


def reveal_cards(state: GoblinState, event: Reveal, moves: Moves[PairsCard]) -> None:
    """GP-2.1: every player in the game shows one card face up."""
    for _, name, card in moves.named(event.cards):
        moves.move(hand(name), stack_zone(name), card, path=("cards", name), face_up=True,
                   verb="revealed from")
    missing = [seat for seat in state.active() if state.players[seat] not in event.cards]
    if missing:
        moves.problem("C-3", f"{names(state.players, missing)} must reveal a card too: every "
                      "player in the game reveals one (GP-2.1)", ("cards",))


def reveal(state: GoblinState, event: Reveal, found: None = None) -> Transition[GoblinState]:
    """GP-2.2: the smallest card starts; a tie goes to the tie-break (GP-2.3)."""
    players = state.players
    shown: dict[int, PairsCard] = {}
    for name, card in event.cards.items():
        assert card is not None, "the cards stage refuses an unnamed face-up card"
        shown[players.index(name)] = card
    stacks = tuple([(shown[seat],) if seat in shown else () for seat in range(len(players))])
    low = min(shown.values())
    tied = tuple([seat for seat in state.active() if shown[seat] == low])
    if len(tied) == 1:
        return start_round(state, 1, tied[0], "GP-2.2", f"the smallest card, {low}", stacks)
    tie = effect("tie", "GP-2.3", _tie_text, (players, tied, low),
                 tuple([players[s] for s in tied]))
    new = evolve(state, stacks=stacks, phase=Phase.TIEBREAK, tied=tied, waiting=tied,
                 level_cards=())
    return _stock_check(new, (tie,))


def _stock_check(state: GoblinState, effects: tuple[Effect, ...]) -> Transition[GoblinState]:
    """GP-2.4: the stock ran out while tied players still wait for a card."""
    if state.waiting and state.account.size(STOCK) == 0:
        players, tied = state.players, state.tied
        empty = effect("stock_empty", "GP-2.4", _stock_empty_text, (players, tied),
                       tuple([players[s] for s in tied]))
        new = evolve(
            state, phase=Phase.PLAY, round=1, choice=tied, choice_for=Choice.START,
            choice_rule="GP-2.4", waiting=(), turns=(),
        )
        return new, (*effects, empty)
    return state, effects


def tiebreak_cards(state: GoblinState, event: Stack, moves: Moves[PairsCard]) -> None:
    """GP-2.3: a card face up from the stock; one that pairs the stack is discarded."""
    card = event.card
    pairs = card is not None and card in state.stacks[state.players.index(event.player)]
    target = DISCARD if pairs else stack_zone(event.player)
    moves.move(STOCK, target, card, path=("card",), face_up=True)


def tiebreak_card(state: GoblinState, event: Stack) -> Transition[GoblinState]:
    players = state.players
    seat = players.index(event.player)
    card = event.card
    assert card is not None, "the cards stage refuses an unnamed face-up card"
    stack = state.stacks[seat]
    if card in stack:
        name = event.player
        discard = effect("discard", "GP-2.3", _discard_text, (card, name), (name,))
        return _stock_check(state, (discard,))
    stacks = (*state.stacks[:seat], (*stack, card), *state.stacks[seat + 1 :])
    waiting = tuple(s for s in state.waiting if s != seat)
    level = (*state.level_cards, (seat, card))
    if waiting:
        return _stock_check(evolve(state, stacks=stacks, waiting=waiting, level_cards=level), ())
    low = min(c for _, c in level)
    still = tuple(s for s in state.tied if (s, low) in level)
    if len(still) == 1:
        return start_round(state, 1, still[0], "GP-2.3", f"the smallest tie-break card, {low}",
                           stacks)
    tie = effect("tie", "GP-2.3", _tie_again_text, (players, still, low),
                 tuple([players[s] for s in still]))
    new = evolve(state, stacks=stacks, tied=still, waiting=still, level_cards=())
    return _stock_check(new, (tie,))


def start_round(state: GoblinState, number: int, seat: int, rule: str, why: str,
                stacks: tuple[tuple[PairsCard, ...], ...] | None = None) -> Transition[GoblinState]:
    """Round ``number`` starts with ``seat`` (``why``, in words, under ``rule``).

    ``stacks``: the stacks after the event that settled it, when that event changed
    them, so that the event makes one copy of the state rather than two."""
    name = state.players[seat]
    starts = effect("start_player", rule, _starts_text, (name, number, why), (name,))
    order = tuple(clockwise_from(seat, len(state.players), state.active()))
    new = evolve(
        state, phase=Phase.PLAY, round=number, turns=order, tied=(), waiting=(), level_cards=(),
        stacks=state.stacks if stacks is None else stacks,
    )
    return new, (starts,)


# -- the words of the effects (cardcore.effects.effect: worded when read) --------------


def _out_text(name: str) -> str:
    return f"{name} has no chips and is out of the session"


def _carry_over_text(pot: int) -> str:
    return f"the pot still holds {plural(pot, 'chip')} from the last game"


def _deal_text(number: int, players: tuple[str, ...], seats: tuple[int, ...]) -> str:
    return f"game {number}: {HAND_SIZE} cards each to {names(players, seats)}"


def _tie_text(players: tuple[str, ...], tied: tuple[int, ...], low: PairsCard) -> str:
    return f"{names(players, tied)} tie on {low}: each is dealt a card from the stock"


def _stock_empty_text(players: tuple[str, ...], tied: tuple[int, ...]) -> str:
    return f"the stock is empty: the start player is a table choice among {names(players, tied)}"


def _discard_text(card: PairsCard, name: str) -> str:
    return f"{card} pairs {name}'s stack: it is discarded and {name} is dealt again"


def _tie_again_text(players: tuple[str, ...], still: tuple[int, ...], low: PairsCard) -> str:
    return f"{names(players, still)} tie again on {low}: the tie-break goes on"


def _starts_text(name: str, number: int, why: str) -> str:
    return f"{name} starts round {number}: {why}"
