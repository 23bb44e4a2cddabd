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
from typing import Final

from cardcore.cards import PairsCard
from cardcore.decks import PAIRS_DECK
from cardcore.effects import Effect
from cardcore.errors import RuleViolation
from cardcore.evolve import evolve
from cardcore.games.orc.events import Deal, Draw, GiveUp, Pitch, Reveal
from cardcore.games.orc.flow import (
    Step,
    begin_phase,
    charge,
    last_one,
    no_card_left,
    shortfall,
    split,
)
from cardcore.games.orc.options import OrcOptions
from cardcore.games.orc.startplayer import reveal, ruling
from cardcore.games.orc.state import (
    ACTION,
    DISCARD,
    HAND_SIZE,
    ORDERED,
    PHASES,
    PITCHED,
    STOCK,
    OrcState,
    Phase,
    hand,
    row_zone,
)
from cardcore.ledger import Ledger
from cardcore.options import game_options
from cardcore.protocol import Check, Event, Expected, Outcome, Ruling, check_players
from cardcore.seats import clockwise_distance
from cardcore.standings import chip_outcome
from cardcore.table import names, not_now, over, seat_of, wrong_player
from cardcore.zones import CardAccount

__all__ = ["apply", "expected", "outcome", "position", "start"]

MIN_PLAYERS = 3
MAX_PLAYERS = 8


def start(players: Sequence[str], options: OrcOptions | None = None) -> OrcState:
    """The state before the first deal."""
    options = game_options(options, OrcOptions, "Orc Poker")
    names_ = check_players(players, MIN_PLAYERS, MAX_PLAYERS, "Orc Poker")
    count = len(names_)
    return OrcState(
        options=options,
        players=names_,
        ledger=Ledger.start(names_, options.chips),
        in_round=(False,) * count,
        rows=((),) * count,
        stacked=((),) * count,
    )


# -- what comes next -------------------------------------------------------------


KINDS: Final[dict[Phase, frozenset[str]]] = {
    Phase.OVER: frozenset(),
    Phase.DEAL: frozenset({"deal"}),
    Phase.REVEAL: frozenset({"reveal"}),
    Phase.TIEBREAK: frozenset({"reveal"}),
    Phase.PITCH: frozenset({"pitch"}),
    Phase.TURNS: frozenset({"draw", "give_up"}),
}
"""The event kinds each phase allows: ``apply`` checks an event against this table
without building the words of :func:`expected`, which only an error needs."""


def expected(state: OrcState) -> Expected:
    allowed = _expected(state)
    if not state.moot_choice:
        return allowed
    return Expected(
        kinds=allowed.kinds | {"ruling"}, players=allowed.players,
        text=f"{allowed.text}; a ruling may record the table's choice among "
        f"{names(state.players, state.moot_choice)}, which changes nothing (OP-2.5)",
    )


def _expected(state: OrcState) -> Expected:
    players = state.players
    phase = state.phase
    if phase is Phase.OVER:
        return Expected(kinds=KINDS[phase], text=f"the game is over: {state.ended_by}")
    if phase is Phase.DEAL:
        number = state.round + 1
        return Expected(
            kinds=KINDS[phase],
            text=f"the next round starts with a deal (round {number} of "
            f"{state.options.total_rounds})",
        )
    if phase is Phase.REVEAL:
        return Expected(kinds=KINDS[phase], players=tuple(players),
                        text="every player reveals one card (OP-2.1)")
    tied = tuple(players[s] for s in state.tied)
    if phase is Phase.TIEBREAK:
        return Expected(
            kinds=KINDS[phase], players=tied,
            text=f"tie-break: {names(players, state.tied)} each play one more card, "
            "a reveal (OP-2.3)",
        )
    if phase is Phase.PITCH:
        return Expected(
            kinds=KINDS[phase], players=tuple(players[s] for s in state.active()),
            text=f"every player still in puts a card face down for action phase "
            f"{state.action_phase} (OP-3.1)",
        )
    seat = state.turns[0]
    return Expected(kinds=KINDS[phase], players=(players[seat],),
                    text=f"{players[seat]} draws or gives up (OP-3.2)", rule="OP-3.2")


def outcome(state: OrcState) -> Outcome:
    return chip_outcome(state.ledger, state.complete)


def position(state: OrcState) -> str:
    if state.phase is Phase.OVER:
        return "after the game"
    if state.phase is Phase.DEAL:
        return f"round {state.round + 1}, start player"
    if state.action_phase == 0:
        return f"round {state.round}, start player"
    return f"round {state.round}, action phase {state.action_phase}"


# -- applying events ---------------------------------------------------------------


def apply(state: OrcState, event: Event) -> Step:
    if isinstance(event, Check):
        return state, ()
    if isinstance(event, Ruling) and state.moot_choice:
        return ruling(state, event, "")
    if state.phase is Phase.OVER:
        raise over(event, f"the game ended because {state.ended_by}")
    if isinstance(event, Ruling):
        return ruling(state, event, expected(state).text)
    if event.TYPE not in KINDS[state.phase]:
        raise not_now(event, expected(state))
    if isinstance(event, Deal):
        return _deal(state, event)
    if isinstance(event, Reveal):
        return reveal(state, event)
    if isinstance(event, Pitch):
        return _pitch(state, event)
    if isinstance(event, Draw | GiveUp):
        return _turn(state, event)
    raise not_now(event, expected(state))


def _deal(state: OrcState, event: Deal) -> Step:
    """OP-1: antes (with the shortfall rule), a full shuffle, 6 cards each."""
    players = state.players
    account = CardAccount.shuffled(PAIRS_DECK, STOCK)
    known = event.hands or {}
    for name, cards in known.items():
        seat_of(players, name, "hands", name)
        if len(cards) != HAND_SIZE:
            message = f"{name}'s hand has {len(cards)} cards; each player is dealt {HAND_SIZE}"
            raise RuleViolation("OP-1.3", message, ("hands", name))
        account = account.move_cards(STOCK, hand(name), cards, path=("hands", name))
    for name in players:
        if name not in known:
            account = account.deal(STOCK, hand(name), HAND_SIZE)
    number = state.round + 1
    count = len(players)
    new = evolve(
        state, phase=Phase.REVEAL, round=number, action_phase=0, in_round=(True,) * count,
        rows=((),) * count, stacked=((),) * count, account=account, tied=(), moot_choice=(),
        start_player=None, turns=(), deck=(), bankrupt=(),
    )
    ante = state.options.ante(number)
    effects: list[Effect] = []
    for seat, name in enumerate(players):
        new, paid, broke = charge(new, seat, ante, "OP-1.1")
        effects.append(Effect(
            kind="ante", rule="OP-1.1", players=(name,), transfers=(paid,),
            text=f"{name} pays the ante of {ante}" + shortfall(paid),
        ))
        effects += broke
    effects.append(Effect(
        kind="deal", rule="OP-1.3", players=players,
        text=f"round {number}: {HAND_SIZE} cards each; {account.size(STOCK)} cards are left "
        "in the stock",
    ))
    return new, tuple(effects)


def _pitch(state: OrcState, event: Pitch) -> Step:
    """OP-3.1: every player still in puts a card face down; they make the action deck."""
    players = state.players
    given = dict(event.cards or {})
    for name in given:
        seat = seat_of(players, name, "cards", name)
        if not state.in_round[seat]:
            message = f"{name} is out of this round and pitches no card"
            raise RuleViolation("C-7", message, ("cards", name))
    account = state.account
    live = state.active()
    for seat in live:
        name = players[seat]
        path: tuple[str, ...] = ("cards", name) if name in given else ("cards",)
        try:
            account = account.move(hand(name), PITCHED, given.get(name), verb="pitched from")
        except RuleViolation as error:
            raise error.at(*path) from None
    if event.order is None:
        deck: tuple[PairsCard | None, ...] = (None,) * len(live)
    else:
        deck = tuple(event.order)
        if len(deck) != len(live):
            message = (f"the action deck holds {len(live)} cards, one per player still in; "
                       f"the order lists {len(deck)}")
            raise RuleViolation("OP-3.1", message, ("order",))
        for index, card in enumerate(deck):
            if card is None:
                continue
            try:
                account = account.move(PITCHED, ORDERED, card, verb="shuffled from")
            except RuleViolation as error:
                raise error.at("order", index) from None
    account = account.move_all(PITCHED, ACTION)
    effect = Effect(
        kind="pitch", rule="OP-3.1", players=tuple(players[s] for s in live),
        text=f"action phase {state.action_phase}: {names(players, live)} each put a card "
        "face down; shuffled, they are the action deck",
    )
    return evolve(state, phase=Phase.TURNS, account=account, deck=deck), (effect,)


def _turn(state: OrcState, event: Draw | GiveUp) -> Step:
    players = state.players
    seat = seat_of(players, event.player, "player")
    doing = "draw" if isinstance(event, Draw) else "give up"
    if not state.in_round[seat]:
        message = f"{event.player} cannot {doing}: {event.player} is no longer in this round"
        raise RuleViolation("C-7", message, ("player",))
    if seat != state.turns[0]:
        raise wrong_player(event.player, doing, expected(state), players)
    if isinstance(event, Draw):
        new, effects = _draw(state, seat, event.card)
    else:
        new, effects = _give_up(state, seat)
    new = evolve(new, turns=state.turns[1:])
    if not new.in_round[seat] and len(new.active()) == 1:
        return last_one(new, effects)
    if new.turns:
        return new, effects
    return _end_phase(new, effects)


def _draw(state: OrcState, seat: int, card: PairsCard | None) -> Step:
    """OP-3.3: the top card joins the row; a number already there busts."""
    name = state.players[seat]
    if card is None:
        message = "a drawn card is turned face up for everyone and must be named, not '?'"
        raise RuleViolation("C-3", message, ("card",))
    top = state.deck[0]
    if top is None:
        source = ACTION
    elif card != top:
        message = (f"{name} cannot draw {card}: the top card of the action deck is {top} by "
                   "the recorded order")
        raise RuleViolation("C-2", message, ("card",))
    else:
        source = ORDERED
    try:
        account = state.account.move(source, row_zone(name), card, verb="drawn from")
    except RuleViolation as error:
        raise error.at("card") from None
    new = evolve(state, account=account, deck=state.deck[1:])
    row = state.rows[seat]
    if card not in row:
        rows = list(state.rows)
        rows[seat] = (*row, card)
        return evolve(new, rows=tuple(rows)), ()
    new, paid, broke = charge(new, seat, card, "OP-3.3")
    bust = Effect(
        kind="bust", rule="OP-3.3", players=(name,), transfers=(paid,),
        text=f"{card} pairs the {card} in {name}'s row: {name} busts, pays {card} and leaves "
        "the round" + shortfall(paid),
    )
    return evolve(new, in_round=_without(new.in_round, seat)), (bust, *broke)


def _give_up(state: OrcState, seat: int) -> Step:
    """OP-3.4: pay the smallest number face up in the rows still in play, and leave."""
    name = state.players[seat]
    live = state.active()
    low = min(min(state.rows[s]) for s in live)
    owners = [s for s in live if low in state.rows[s]]
    if seat in owners:
        whose = "in their own row"
    else:
        whose = f"in {names(state.players, owners)}'s row" if len(owners) == 1 else \
            f"in the rows of {names(state.players, owners)}"
    new, paid, broke = charge(state, seat, low, "OP-3.4")
    effect = Effect(
        kind="give_up", rule="OP-3.4", players=(name,), transfers=(paid,),
        text=f"{name} gives up and pays {low}, the smallest number face up ({whose})"
        + shortfall(paid),
    )
    return evolve(new, in_round=_without(new.in_round, seat)), (effect, *broke)


def _without(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return (*flags[:seat], False, *flags[seat + 1:])


def _end_phase(state: OrcState, effects: tuple[Effect, ...]) -> Step:
    """OP-3.6: the rest of the action deck is discarded; a new phase, or OP-4.1."""
    left = len(state.deck)
    account = state.account.move_all(ACTION, DISCARD).move_all(ORDERED, DISCARD)
    new = evolve(state, account=account, deck=())
    if left:
        effects = (*effects, Effect(
            kind="discard", rule="OP-3.6",
            text=f"every player still in has had a turn: the {left} card"
            f"{'s' if left != 1 else ''} left in the action deck "
            f"{'are' if left != 1 else 'is'} discarded",
        ))
    if state.action_phase >= PHASES:
        return split(new, effects)
    ended = no_card_left(new, effects)
    if ended is not None:
        return ended
    seat, effect = _new_start_player(new)
    return begin_phase(new, seat, (*effects, effect))


def _new_start_player(state: OrcState) -> tuple[int, Effect]:
    """OP-3.7: the smallest number in a row still in play; among several holders,
    the one farthest clockwise from the previous start player (who is at distance
    0, and is counted from also when out)."""
    players = state.players
    live = state.active()
    low = min(min(state.rows[s]) for s in live)
    holders = [s for s in live if low in state.rows[s]]
    previous = state.start_player if state.start_player is not None else holders[0]
    seat = max(holders, key=lambda s: clockwise_distance(previous, s, len(players)))
    number = state.action_phase + 1
    name = players[seat]
    if len(holders) == 1:
        why = f"{low} is the smallest number in the rows still in play"
    else:
        every = "both" if len(holders) == 2 else "all"
        why = (f"{names(players, holders)} {every} show {low}, the smallest number; {name} "
               f"sits farthest clockwise from {players[previous]}, the previous start player")
    effect = Effect(kind="start_player", rule="OP-3.7", players=(name,),
                    text=f"{name} starts action phase {number}: {why}")
    return seat, effect
