"""Saint Poker rules (RULES.md SP-1 to SP-3): one function per event kind.

Every function takes the state before the event and returns the state after it
with the effects the event caused, or raises :class:`RuleViolation`. The
refill order (SP-2.6) is worked out in :mod:`cardcore.games.saint.refill`.

Card accounting uses these zones: the stock, the future river, the river (the
current river while it is built), each player's hand and shown cards, the pool
(the river and every shown card once the round is scored) and the discard.
Every card of the rivers, of a show and of a take is face up for everyone and
must be named (C-3); hands may stay unknown.

Decisions where RULES.md and TRANSCRIPT.md are silent:

* A ``future`` left out where it is required (before the last round, with 2-4
  players) is C-3 at the event: face-up cards went unrecorded, as with a reveal
  that leaves a player out (docs/rulings.md). A ``future`` of the wrong size is
  SP-1.2 at ``deal`` and SP-2.1 at ``river``; a recorded last-round future must
  have the right size too. ``deal`` always has ``future`` (TRANSCRIPT.md makes
  it required), so with 5 players it is ``[]``; ``river`` may omit it or give ``[]``.
* A player left out of a ``river`` or ``show`` is C-3 at ``cards``; a show of
  other than two cards is SP-2.3. In a list, card accounting (C-1, C-2, C-3)
  is checked before its size, as the common rules come before the game's own.
* Points lost to rounding (SP-2.5) are not awarded to anyone and not carried
  over; a share of 0 makes no transfer.
* A table choice among equal hands (SP-2.6 ruling) is settled by a ``ruling``
  or by the first ``take`` of an admissible player, and holds for both passes.
  It fixes one place at a time: with three or more equal hands a second choice
  may follow. How far partly given ages decide: see :mod:`.refill`.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.cards import CARD_ORDER, Card
from cardcore.decks import STANDARD_DECK
from cardcore.effects import Effect, effect
from cardcore.evolve import evolve
from cardcore.games.saint.events import Deal, River, Show, Take
from cardcore.games.saint.refill import (
    Groups,
    candidates,
    choice_reason,
    fix_forced,
    groups,
    next_pickers,
    order_text,
    pick_reason,
    refusal,
)
from cardcore.games.saint.state import (
    DISCARD,
    FUTURE,
    HAND_SIZE,
    POOL,
    RIVER,
    RIVER_SIZE,
    STOCK,
    Phase,
    SaintState,
    hand,
    shown,
)
from cardcore.moves import Moves
from cardcore.poker import HandRank, best_hand
from cardcore.pots import award, split_points
from cardcore.protocol import Event, Setup, Transition, Turn
from cardcore.standings import plural, winners_effect
from cardcore.table import names

__all__ = ["begin", "choice_refusal", "choose", "deal", "deal_cards", "ended", "river",
           "river_cards", "show", "show_cards", "take", "take_cards", "turn", "where", "words",
           "wrong_actor_words"]

SHOW_SIZE = 2
"""Cards each player shows (SP-2.3)."""


def begin(setup: Setup) -> SaintState:
    """The state before the deal; ages (possibly only some) order equal hands in
    the refill (SP-2.6)."""
    return SaintState(options=setup.options, players=setup.players, ages=setup.ages)


# -- what comes next -------------------------------------------------------------


def _everyone(kind: str) -> tuple[Turn, ...]:
    """Per player count, the turn of a step every player takes part in."""
    kinds = frozenset({kind})
    return tuple(Turn(kinds, tuple(range(count))) for count in range(RIVER_SIZE + 1))


# Turns are plain values, and all but a refill's table choice are known in advance:
# ``turn`` runs before every event, so it picks one instead of building it (and
# reads the phase by identity: Enum.__hash__ is Python code in 3.11).
_DEALS, _RIVERS, _SHOWS = _everyone("deal"), _everyone("river"), _everyone("show")
_TAKE = frozenset({"take"})
_PICKS = tuple(Turn(_TAKE, (seat,), rule="SP-2.6") for seat in range(RIVER_SIZE))
"""Per seat, the turn of that seat's refill pick."""
_OVER = Turn(frozenset())


def turn(state: SaintState) -> Turn:
    phase = state.phase
    if phase is Phase.REFILL:
        seats, choice = next_pickers(state)
        if choice:
            return Turn(_TAKE, choice=seats, rule="SP-2.6")
        return _PICKS[seats[0]]
    if phase is Phase.OVER:
        return _OVER
    steps = _RIVERS if phase is Phase.RIVER else _SHOWS if phase is Phase.SHOW else _DEALS
    return steps[len(state.players)]


def ended(state: SaintState) -> str:
    return f"round {state.round} was the last and has no refill (SP-2.7)"


_SAID = {
    Phase.DEAL: "the game starts with a deal: 10 cards each and the future river (SP-1)",
    Phase.SHOW: "every player shows two cards (SP-2.3)",
}
"""What comes next where it needs no word about the state."""


def words(state: SaintState) -> str:
    players = state.players
    said = _SAID.get(state.phase)
    if said is not None:
        return said
    if state.phase is Phase.RIVER:
        return (f"round {state.round + 1} starts with a river: every player adds a card "
                "to the river (SP-2.1, SP-2.2)")
    seats, choice = next_pickers(state)
    if choice:
        return (f"the next pick is a table choice: {choice_reason(state, seats)} (SP-2.6); "
                "a ruling, or the first take by one of them")
    return f"{players[seats[0]]} takes a card from the pool: {pick_reason(state, seats[0])} (SP-2.6)"


def wrong_actor_words(state: SaintState, event: Event, seat: int, turn: Turn) -> str:
    """C-5 words for a take out of the refill order (SP-2.6)."""
    name = state.players[seat]
    if turn.choice:
        return f"{name} cannot take a card now: {refusal(state, seat, turn.choice)} (SP-2.6)"
    first = turn.actors[0]
    return (f"{name} cannot take a card now: it is {state.players[first]}'s pick, "
            f"since {pick_reason(state, first)} (SP-2.6)")


def choice_refusal(state: SaintState, name: str, seat: int | None, turn: Turn) -> str:
    """C-8 words for a ruling naming someone the refill choice does not admit."""
    if seat is None:
        return (f"{name} cannot be chosen to pick next: the choice is among "
                f"{names(state.players, sorted(turn.choice))} (SP-2.6)")
    return f"{name} cannot be chosen to pick next: {refusal(state, seat, turn.choice)} (SP-2.6)"



def where(state: SaintState) -> str:
    phase = state.phase
    if phase is Phase.DEAL:
        return "setup"
    if phase is Phase.RIVER:
        return f"round {state.round + 1}"
    if phase is Phase.SHOW:
        return f"round {state.round}"
    return f"round {state.round}, refill"


# -- applying events ---------------------------------------------------------------


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join([str(card) for card in cards]) or "none"


def _future(state: SaintState, moves: Moves[Card], cards: Sequence[Card | None],
            rule: str) -> None:
    """Deal a future river face up from the stock (SP-1.2, SP-2.1)."""
    moves.move_cards(STOCK, FUTURE, cards, path=("future",), face_up=True)
    size = state.future_size
    if len(cards) != size:
        moves.defer(rule, f"the future river has {plural(size, 'card')} with "
                    f"{len(state.players)} players, not {len(cards)}", ("future",))


def deal_cards(state: SaintState, event: Deal, moves: Moves[Card]) -> None:
    """SP-1.1, SP-1.2: 10 cards each, then the future river face up."""
    moves.shuffle(STANDARD_DECK, STOCK)
    moves.deal_hands(event.hands, range(len(state.players)), HAND_SIZE, "SP-1.1")
    _future(state, moves, event.future, "SP-1.2")


def deal(state: SaintState, event: Deal, found: None = None) -> Transition[SaintState]:
    players = state.players
    future = event.future
    effects = (
        effect("deal", "SP-1.1", _deal_text, (players,), players),
        effect("future", "SP-1.2", _future_text, (future, len(players))),
    )
    return evolve(state, phase=Phase.RIVER), effects


def river_cards(state: SaintState, event: River, moves: Moves[Card]) -> None:
    """SP-2.1, SP-2.2: the future river moves to the centre, a new one is dealt,
    and every player adds a card from hand."""
    last = state.round + 1 == state.options.rounds
    moves.found = moves.zone(FUTURE).known_cards()
    moves.move_all(FUTURE, RIVER)
    size = state.future_size
    if event.future is None:
        if size and not last:
            moves.problem("C-3", f"the new future river ({plural(size, 'card')}) is dealt face "
                          "up and must be recorded: 'future' may be left out only in the last "
                          "round (SP-2.1)")
    else:
        _future(state, moves, event.future, "SP-2.1")
    for _, name, card in moves.named(event.cards):
        moves.move(hand(name), RIVER, card, path=("cards", name), face_up=True,
                   verb="played from")
    missing = [seat for seat, name in enumerate(state.players) if name not in event.cards]
    if missing:
        moves.problem("C-3", f"{names(state.players, missing)} must add a card to the river "
                      "too: every player adds one (SP-2.2)", ("cards",))


def river(state: SaintState, event: River, moved: Sequence[Card] = ()) -> Transition[SaintState]:
    """``moved``: the future river's cards, which :func:`river_cards` moved to the
    centre (the river held nothing before them)."""
    players = state.players
    number = state.round + 1
    last = number == state.options.rounds
    centre = tuple(moved)
    river = (*centre, *[event.cards[name] for name in players])
    has_future = bool(state.future_size)
    effects = (
        effect("river", "SP-2.1", _river_text,
               (number, len(players), has_future, centre, event.future, last)),
        effect("river_cards", "SP-2.2", _river_cards_text, (river,), players),
    )
    return evolve(state, phase=Phase.SHOW, round=number), effects


def show_cards(state: SaintState, event: Show, moves: Moves[Card]) -> None:
    """SP-2.3: every player shows two cards from hand, face up."""
    for _, name, cards in moves.named(event.cards):
        moves.move_cards(hand(name), shown(name), cards, path=("cards", name), face_up=True,
                         verb="shown from")
        if len(cards) != SHOW_SIZE:
            moves.defer("SP-2.3", f"{name} shows {plural(len(cards), 'card')}: each player "
                        "shows two", ("cards", name))
    missing = [seat for seat, name in enumerate(state.players) if name not in event.cards]
    if missing:
        moves.problem("C-3", f"{names(state.players, missing)} must show two cards too: every "
                      "player shows (SP-2.3)", ("cards",))


def show(state: SaintState, event: Show, found: None = None) -> Transition[SaintState]:
    """SP-2.4, SP-2.5: the hands are valued and the best scores; then the refill
    order (SP-2.6), or the end of the game (SP-2.7, SP-3.1)."""
    players = state.players
    river_cards_ = state.account.zone(RIVER).known_cards()
    wheel = state.options.wheel
    cards = event.cards
    hands = tuple([best_hand([*river_cards_, *cards[name]], wheel=wheel)  # type: ignore[list-item]
                   for name in players])
    effects = [effect("hand", "SP-2.4", _hand_text, (name, value), (name,))
               for name, value in zip(players, hands, strict=True)]
    ranking = groups(hands)
    scores, scored = _score(state, ranking)
    effects.append(scored)
    if state.last_round:
        number = state.round
        effects += [
            effect("last_round", "SP-2.7", _last_round_text, (number,)),
            winners_effect(players, scores, "SP-3.1", "point"),
        ]
        return evolve(state, phase=Phase.OVER, hands=hands, scores=scores), tuple(effects)
    # One draft for all of the pool's moves: one copy of the zone table, one account.
    draft = state.account.draft()
    draft.move_all(RIVER, POOL)
    for name in players:
        draft.move_all(shown(name), POOL)
    new = evolve(state, phase=Phase.REFILL, account=draft.account(), hands=hands,
                 scores=scores, picks=0, order=fix_forced((), ranking, state.ages))
    ages = state.ages
    effects.append(effect("refill_order", "SP-2.6", order_text, (players, ages, ranking),
                          players))
    return new, tuple(effects)


def _score(state: SaintState, ranking: Groups) -> tuple[tuple[int, ...], Effect]:
    """SP-2.5: the best hand scores r points; equal best hands split r, rounded down.

    ``ranking`` is :func:`~.refill.groups` of the shown hands: the winners are
    its last group. Returns the new scores and the effect."""
    players = state.players
    winners = ranking[-1]
    points = state.round
    share = split_points(points, len(winners), exact=False)
    scores = list(state.scores)
    for seat in winners:
        scores[seat] += share
    transfers = award(players, winners, share, "SP-2.5")
    scored = effect("score", "SP-2.5", _score_text, (players, winners, points, share),
                    tuple([players[s] for s in winners]), transfers)
    return tuple(scores), scored


def choose(state: SaintState, seat: int) -> Transition[SaintState]:
    """A table choice settled (SP-2.6 ruling): ``seat`` picks next among equal hands."""
    players = state.players
    ranking = groups(state.hands)
    admissible = candidates(state.order, ranking, state.ages)
    group = next(g for g in ranking if seat in g)
    first = "next" if set(group) & set(state.order) else "first"
    name = players[seat]
    value = state.hands[seat]
    chosen = effect("choice", "SP-2.6", _choice_text, (name, first, players, admissible, value),
                    (name,))
    order = fix_forced((*state.order, seat), ranking, state.ages)
    return evolve(state, order=order), (chosen,)


def take_cards(state: SaintState, event: Take, moves: Moves[Card]) -> None:
    """SP-2.6: one card from the pool, face up, into the hand."""
    moves.move(POOL, hand(event.player), event.card, path=("card",), face_up=True,
               verb="taken from")


def take(state: SaintState, event: Take, found: None = None) -> Transition[SaintState]:
    """SP-2.6: after every player took two, the pool's last cards are discarded."""
    players = state.players
    picks = state.picks + 1
    if picks < 2 * len(players):
        return evolve(state, picks=picks), ()
    left = tuple(sorted(state.account.zone(POOL).known_cards(), key=CARD_ORDER))  # in card
    # order: a show's two cards are one choice whichever is written first
    discard = effect("discard", "SP-2.6", _discard_text, (left,))
    draft = state.account.draft()
    draft.move_all(POOL, DISCARD)
    new = evolve(state, phase=Phase.RIVER, account=draft.account(), hands=(), order=(), picks=0)
    return new, (discard,)


# -- the words of the effects (cardcore.effects.effect: worded when read) --------------


def _deal_text(players: tuple[str, ...]) -> str:
    return f"{HAND_SIZE} cards each to {names(players, range(len(players)))}"


def _future_text(future: Sequence[Card | None], count: int) -> str:
    if future:
        return f"the future river, face up: {_cards(future)}"
    return f"no future river with {count} players"


def _river_text(number: int, count: int, has_future: bool, centre: tuple[Card, ...],
                future: Sequence[Card | None] | None, last: bool) -> str:
    if not has_future:
        return f"round {number}: there is no future river with {count} players"
    text = f"round {number}: the future river {_cards(centre)} moves to the centre"
    if future is None:
        text += "; the new future river is not recorded (the last round never uses it)"
    elif last:
        text += f"; the new future river {_cards(future)} is never used (last round)"
    else:
        text += f"; the new future river is {_cards(future)}"
    return text


def _river_cards_text(river: tuple[Card | None, ...]) -> str:
    return f"the river: {_cards(river)}"


def _hand_text(name: str, value: HandRank) -> str:
    return f"{name}: {value}"


def _last_round_text(number: int) -> str:
    return f"round {number} was the last: no refill, the game is over"


def _score_text(players: tuple[str, ...], winners: tuple[int, ...], points: int, share: int
                ) -> str:
    if len(winners) == 1:
        return (f"{players[winners[0]]} has the best hand and scores "
                f"{plural(points, 'point')} in round {points}")
    rounded = " (rounded down)" if points % len(winners) else ""
    return (f"{names(players, winners)} tie for the best hand: they split "
            f"{plural(points, 'point')} of round {points}, {share} each{rounded}")


def _choice_text(name: str, first: str, players: tuple[str, ...], admissible: tuple[int, ...],
                 value: HandRank) -> str:
    return (f"the table chooses {name} to pick {first} among {names(players, admissible)} "
            f"(equal hands, {value})")


def _discard_text(left: tuple[Card, ...]) -> str:
    return f"the {plural(len(left), 'card')} left in the pool are discarded: {_cards(left)}"
