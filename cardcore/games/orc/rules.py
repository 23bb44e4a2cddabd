"""Orc Poker rules (RULES.md OP-1 to OP-4): one function per event kind.

Every function takes the state before the event and returns the state after it
with the effects the event caused, or raises :class:`RuleViolation`. Finding the
start player (OP-2) is in :mod:`cardcore.games.orc.startplayer`; how a round
moves on and ends, in :mod:`cardcore.games.orc.flow`.

Decisions where the rules leave something open (reported in docs/rulings.md):

* Every player is dealt into every round, also one with 0 chips: paying the
  ante short makes them bankrupt, and they still play the round (OP-1.2).
* ``pitch`` ``order`` lists the whole action deck (one card per player still
  in, OP-3.1); its known cards must be among the pitched cards (C-1, C-2), and
  a ``draw`` must then turn up the recorded top card (C-2 otherwise).
* The smallest number of OP-3.4 is taken over the rows still face up, the
  giver's own included; busted or given-up rows are face down and do not count.
* OP-3.1 [ruling] is checked before each action phase; at the end of an action
  phase it comes before OP-3.7 (no start player is named for a phase that
  does not start).
* A player whose payment is cut short by the shortfall rule is bankrupt once
  per round (one effect), however many payments fall short.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.effects import Effect, Transfer, effect
from cardcore.evolve import evolve
from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch
from cardcore.games.orc.flow import (
    charge,
    last_one,
    no_card_left,
    split,
    start_phase,
)
from cardcore.games.orc.state import (
    ACTION,
    DISCARD,
    HAND_SIZE,
    MAX_PLAYERS,
    PHASES,
    PITCHED,
    STOCK,
    OrcState,
    Phase,
    hand,
    row_zone,
)
from cardcore.ledger import Ledger
from cardcore.moves import Moves, recorded
from cardcore.pots import ante_paid, shortfall
from cardcore.protocol import Setup, Transition, Turn
from cardcore.seats import clockwise_distance, without
from cardcore.table import names

__all__ = ["absent", "begin", "choose", "deal", "deal_cards", "draw", "draw_cards", "ended",
           "give_up", "pitch", "pitch_cards", "seated", "turn", "where", "words"]


def begin(setup: Setup) -> OrcState:
    """The state before the first round: the chips of the preset (or the option)."""
    return OrcState(options=setup.options, players=setup.players,
                    ledger=Ledger.start(setup.players, setup.options.chips))


# -- what comes next -------------------------------------------------------------


_DEAL: Final = frozenset({"deal"})
_REVEAL: Final = frozenset({"reveal"})
_PITCH: Final = frozenset({"pitch"})
_DRAW_OR_GIVE_UP: Final = frozenset({"draw", "give_up"})
"""The event kinds of each phase (nothing is allowed once the game is over). Named
per phase, not looked up in a table keyed by the phases: hashing an enum member is
a Python-level call, and :func:`turn` runs for every event."""

_DRAWER: Final = tuple(Turn(_DRAW_OR_GIVE_UP, (seat,), rule="OP-3.2")
                       for seat in range(MAX_PLAYERS))
"""Per seat, the turn in which that seat alone draws or gives up (OP-3.2): most
events come in one of these, so they are built once."""


def turn(state: OrcState) -> Turn:
    phase = state.phase
    if phase is Phase.TURNS:
        return _DRAWER[state.turns[0]]
    if phase is Phase.PITCH:
        return Turn(_PITCH, tuple(state.active()), rule="OP-3.1")
    if phase is Phase.TIEBREAK:
        return Turn(_REVEAL, state.tied, rule="OP-2.3")
    if phase is Phase.REVEAL:
        return Turn(_REVEAL, tuple(state.active()), rule="OP-2.1")
    if phase is Phase.DEAL:
        return Turn(_DEAL, tuple(range(len(state.players))), choice=state.moot_choice,
                    rule="OP-2.5" if state.moot_choice else "OP-1.3")
    return Turn(frozenset())


def seated(state: OrcState) -> tuple[bool, ...]:
    """Who may be named: everyone at a deal (all are dealt in, OP-1.2), else those
    still in the round."""
    if state.phase is Phase.DEAL:
        return (True,) * len(state.players)
    return state.in_round


def absent(state: OrcState, seat: int) -> str:
    return f"{state.players[seat]} is no longer in this round"


def ended(state: OrcState) -> str:
    return state.ended_by


def words(state: OrcState) -> str:
    text = _words(state)
    if not state.moot_choice:
        return text
    return (f"{text}; a ruling may record the table's choice among "
            f"{names(state.players, state.moot_choice)}, which changes nothing (OP-2.5)")


def _words(state: OrcState) -> str:
    players = state.players
    phase = state.phase
    if phase is Phase.DEAL:
        return (f"the next round starts with a deal (round {state.round + 1} of "
                f"{state.options.total_rounds})")
    if phase is Phase.REVEAL:
        return "every player reveals one card (OP-2.1)"
    if phase is Phase.TIEBREAK:
        return (f"tie-break: {names(players, state.tied)} each play one more card, "
                "a reveal (OP-2.3)")
    if phase is Phase.PITCH:
        return (f"every player still in puts a card face down for action phase "
                f"{state.action_phase} (OP-3.1)")
    return f"{players[state.turns[0]]} draws or gives up (OP-3.2)"



def where(state: OrcState) -> str:
    if state.phase is Phase.DEAL:
        return f"round {state.round + 1}, start player"
    if state.action_phase == 0:
        return f"round {state.round}, start player"
    return f"round {state.round}, action phase {state.action_phase}"


# -- applying events ---------------------------------------------------------------


def deal_cards(state: OrcState, event: Deal, moves: Moves[PairsCard]) -> None:
    """OP-1.3: a full shuffle, 6 cards to every player."""
    moves.shuffle(PAIRS_DECK, STOCK)
    moves.deal_hands(event.hands, range(len(state.players)), HAND_SIZE, "OP-1.3")


def deal(state: OrcState, event: Deal, found: None = None) -> Transition[OrcState]:
    """OP-1.1, OP-1.2: antes (with the shortfall rule); a short payer is bankrupt."""
    players = state.players
    number = state.round + 1
    count = len(players)
    ante = state.options.ante(number)
    ledger = state.ledger
    bankrupt: tuple[int, ...] = ()
    effects: list[Effect] = []
    for seat in range(count):
        ledger, bankrupt, paid, broke = charge(ledger, bankrupt, seat, ante, "OP-1.1")
        effects.append(ante_paid(paid, ante))
        effects += broke
    stock = state.account.size(STOCK)
    effects.append(effect("deal", "OP-1.3", _deal_text, (number, stock), players))
    new = evolve(
        state, phase=Phase.REVEAL, round=number, action_phase=0, in_round=(True,) * count,
        rows=((),) * count, stacked=((),) * count, tied=(), moot_choice=(),
        start_player=None, turns=(), deck=(), bankrupt=bankrupt, ledger=ledger,
    )
    return new, tuple(effects)


def pitch_cards(state: OrcState, event: Pitch, moves: Moves[PairsCard]) -> None:
    """OP-3.1: every player still in puts a card face down; shuffled, they make
    the action deck, whose order the record may give."""
    given = event.cards or {}
    live = state.active()
    for seat in live:
        name = state.players[seat]
        path: tuple[str, ...] = ("cards", name) if name in given else ("cards",)
        moves.move(hand(name), PITCHED, given.get(name), path=path, verb="pitched from")
    order = event.order
    if order is not None and len(order) != len(live):
        moves.defer("OP-3.1", f"the action deck holds {len(live)} cards, one per player still "
                    f"in; the order lists {len(order)}", ("order",))
        order = None
    moves.lay_in_order(PITCHED, ACTION, order or (), ("order",))


def pitch(state: OrcState, event: Pitch, found: None = None) -> Transition[OrcState]:
    players = state.players
    live = state.active()
    deck = tuple(event.order) if event.order is not None else (None,) * len(live)
    number = state.action_phase
    pitched = effect("pitch", "OP-3.1", _pitch_text, (number, players, live),
                     tuple([players[s] for s in live]))
    return evolve(state, phase=Phase.TURNS, deck=deck), (pitched,)


def draw_cards(state: OrcState, event: Draw, moves: Moves[PairsCard]) -> None:
    """OP-3.3: the top card of the action deck, face up onto the row."""
    moves.take_top(ACTION, state.deck[0], row_zone(event.player), event.card, path=("card",))


def draw(state: OrcState, event: Draw, found: None = None) -> Transition[OrcState]:
    """OP-3.3: the drawn card joins the row; a number already there busts."""
    seat = state.players.index(event.player)
    card = event.card
    assert card is not None, "the cards stage refuses an unnamed face-up card"
    row = state.rows[seat]
    if card not in row:
        rows = list(state.rows)
        rows[seat] = (*row, card)
        return _after_turn(state, seat, (), deck=state.deck[1:], rows=tuple(rows))
    name = event.player
    ledger, bankrupt, paid, broke = charge(state.ledger, state.bankrupt, seat, card, "OP-3.3")
    bust = effect("bust", "OP-3.3", _bust_text, (card, name, paid), (name,), (paid,))
    return _after_turn(state, seat, (bust, *broke), deck=state.deck[1:], ledger=ledger,
                       bankrupt=bankrupt, in_round=without(state.in_round, seat))


def give_up(state: OrcState, event: GiveUp, found: None = None) -> Transition[OrcState]:
    """OP-3.4: pay the smallest number face up in the rows still in play, and leave."""
    players = state.players
    seat = players.index(event.player)
    name = event.player
    live = state.active()
    rows = state.rows
    low = min([min(rows[s]) for s in live])
    owners = tuple([s for s in live if low in rows[s]])
    ledger, bankrupt, paid, broke = charge(state.ledger, state.bankrupt, seat, low, "OP-3.4")
    gave_up = effect("give_up", "OP-3.4", _give_up_text, (players, seat, low, owners, paid),
                     (name,), (paid,))
    return _after_turn(state, seat, (gave_up, *broke), ledger=ledger, bankrupt=bankrupt,
                       in_round=without(state.in_round, seat))


def _after_turn(state: OrcState, seat: int, effects: tuple[Effect, ...],
                **changes: Any) -> Transition[OrcState]:
    """The turn's ``changes`` and the next turn (one copy of the state); then OP-3.5,
    the last one in takes the pot, and OP-3.6, the phase ends after every turn."""
    new = evolve(state, turns=state.turns[1:], **changes)
    if not new.in_round[seat] and sum(new.in_round) == 1:
        return last_one(new, effects)
    if new.turns:
        return new, effects
    return _end_phase(new, effects)


def choose(state: OrcState, seat: int) -> Transition[OrcState]:
    """The (moot) table choice of OP-2.5, recorded by a ruling: it changes nothing."""
    name = state.players[seat]
    number = state.round
    named = effect("start_player", "OP-2.5", _moot_choice_text, (name, number), (name,))
    return evolve(state, moot_choice=()), (named,)



def _end_phase(state: OrcState, effects: tuple[Effect, ...]) -> Transition[OrcState]:
    """OP-3.6: the rest of the action deck is discarded; a new phase, or OP-4.1."""
    left = len(state.deck)
    draft = state.account.draft()
    draft.move_all(ACTION, DISCARD)
    draft.move_all(recorded(ACTION), DISCARD)
    new = evolve(state, account=draft.account(), deck=())
    if left:
        effects = (*effects, effect("discard", "OP-3.6", _discard_text, (left,)))
    if state.action_phase >= PHASES:
        return split(new, effects)
    live = new.active()
    ended = no_card_left(new, effects, live)
    if ended is not None:
        return ended
    seat, starts = _new_start_player(new, live)
    return start_phase(new, seat, (*effects, starts), live)


def _new_start_player(state: OrcState, live: Sequence[int]) -> tuple[int, Effect]:
    """OP-3.7: the smallest number in a row still in play (``live``); among several
    holders, the one farthest clockwise from the previous start player (who is at
    distance 0, and is counted from also when out)."""
    players = state.players
    rows = state.rows
    low = min([min(rows[s]) for s in live])
    holders = tuple([s for s in live if low in rows[s]])
    previous = state.start_player if state.start_player is not None else holders[0]
    seat = holders[0] if len(holders) == 1 else max(
        holders, key=lambda s: clockwise_distance(previous, s, len(players)))
    number = state.action_phase + 1
    name = players[seat]
    return seat, effect("start_player", "OP-3.7", _start_player_text,
                        (players, seat, number, low, holders, previous), (name,))


# -- the words of the effects (cardcore.effects.effect: worded when read) --------------


def _deal_text(number: int, stock: int) -> str:
    return f"round {number}: {HAND_SIZE} cards each; {stock} cards are left in the stock"


def _pitch_text(number: int, players: tuple[str, ...], live: tuple[int, ...]) -> str:
    return (f"action phase {number}: {names(players, live)} each put a card face down; "
            "shuffled, they are the action deck")


def _bust_text(card: PairsCard, name: str, paid: Transfer) -> str:
    return (f"{card} pairs the {card} in {name}'s row: {name} busts, pays {card} and leaves "
            "the round" + shortfall(paid))


def _give_up_text(players: tuple[str, ...], seat: int, low: PairsCard, owners: tuple[int, ...],
                  paid: Transfer) -> str:
    if seat in owners:
        whose = "in their own row"
    else:
        whose = f"in {names(players, owners)}'s row" if len(owners) == 1 else \
            f"in the rows of {names(players, owners)}"
    return (f"{players[seat]} gives up and pays {low}, the smallest number face up ({whose})"
            + shortfall(paid))


def _moot_choice_text(name: str, number: int) -> str:
    return (f"the table names {name} start player of round {number}; no action phase starts "
            "(OP-3.1), so this changes nothing")


def _discard_text(left: int) -> str:
    return (f"every player still in has had a turn: the {left} card{'s' if left != 1 else ''} "
            f"left in the action deck {'are' if left != 1 else 'is'} discarded")


def _start_player_text(players: tuple[str, ...], seat: int, number: int, low: PairsCard,
                       holders: tuple[int, ...], previous: int) -> str:
    name = players[seat]
    if len(holders) == 1:
        why = f"{low} is the smallest number in the rows still in play"
    else:
        every = "both" if len(holders) == 2 else "all"
        why = (f"{names(players, holders)} {every} show {low}, the smallest number; {name} "
               f"sits farthest clockwise from {players[previous]}, the previous start player")
    return f"{name} starts action phase {number}: {why}"
