"""Finding the start player of a round (RULES.md OP-2): the first reveal, the
tie-break reveals with their draws from the stock, and the table choice of OP-2.5.

Decisions where the rules leave something open (reported in docs/rulings.md):

* Every tie-break reveal is followed by the tied players' draws, also the one
  that settles the tie (the seed: play, draw back to 5, then compare).
* OP-2.4 is checked against what the record knows of the hand *before* the
  tie-break card leaves it: a player known to hold any number not yet in their
  row may not stack (when the whole hand is known, this is exactly the rule;
  a single known card of such a number already proves the hand allowed a new
  number). Nothing is inferred from a stack about unknown cards (RULES.md).
* A tie-break player who is not tied (in ``cards`` or ``draws``) is the wrong
  player for the step (C-5); a tied player missing from ``cards`` is a card
  the rules turn face up left unrecorded (C-3, as in Goblin Poker).
* ``draws`` (OP-2.3 [ruling]): when the stock holds at least one card per tied
  player, every tied player draws and ``draws`` only tells the cards that are
  known; when it holds fewer, the stock is drawn empty and ``draws`` must name
  exactly as many players as it held cards (their cards may be ``"?"``).
  ``draws`` on the first reveal is an OP-2.3 problem: only a tie-break draws.
* OP-2.5's table choice (a still-tied player has no card left) changes nothing:
  whoever starts, that player cannot pitch, so OP-3.1 ends the round at once with
  the split of OP-4.1. The round ends right away; a ``ruling`` naming one of the
  tied players may still record the table's choice before the next deal
  (optional, as TRANSCRIPT.md makes every ruling), and one naming anyone else is C-8.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.cards import PairsCard
from cardcore.effects import Effect
from cardcore.errors import RuleViolation
from cardcore.evolve import evolve
from cardcore.games.orc.events import Reveal
from cardcore.games.orc.flow import Step, begin_phase, no_card_left
from cardcore.games.orc.state import STOCK, OrcState, Phase, hand, row_zone
from cardcore.protocol import Ruling
from cardcore.table import inadmissible, names, needless_ruling, seat_of
from cardcore.zones import CardAccount

__all__ = ["reveal", "ruling", "smallest_rows"]


def smallest_rows(rows: Sequence[Sequence[int]], seats: Sequence[int]) -> list[int]:
    """OP-2.5: the seats whose visible sequences are smallest, card by card in the
    order played, a sequence that is a prefix of the other being the smaller.

    The rules' own examples: 2-3 starts against 2-4, and 9-(9) (a stacked 9
    adds nothing to the visible 9) against 9-10.

    >>> smallest_rows([(2, 4), (2, 3)], [0, 1])
    [1]
    >>> smallest_rows([(9, 10), (9,)], [0, 1])
    [1]
    >>> smallest_rows([(5, 6), (5, 6), (5, 7)], [0, 1, 2])
    [0, 1]
    """
    low = min(tuple(rows[seat]) for seat in seats)
    return [seat for seat in seats if tuple(rows[seat]) == low]


def reveal(state: OrcState, event: Reveal) -> Step:
    if state.phase is Phase.REVEAL:
        return _first_reveal(state, event)
    return _tiebreak(state, event)


def _named_cards(state: OrcState, event: Reveal, allowed: Sequence[int],
                 rule: str) -> dict[int, PairsCard]:
    """Check who is named and that every card is; the seat -> card shown."""
    players = state.players
    seats: dict[int, PairsCard | None] = {}
    for name, card in event.cards.items():
        seat = seat_of(players, name, "cards", name)
        if seat not in allowed:
            message = (f"{name} is not in the tie-break: only {names(players, allowed)} "
                       f"play another card ({rule})")
            raise RuleViolation("C-5", message, ("cards", name))
        seats[seat] = card
    for name in event.draws or {}:
        seat = seat_of(players, name, "draws", name)
        if seat not in allowed and state.phase is Phase.TIEBREAK:
            message = (f"{name} does not draw: only the tied players {names(players, allowed)} "
                       f"draw after a tie-break reveal ({rule})")
            raise RuleViolation("C-5", message, ("draws", name))
    missing = [seat for seat in allowed if seat not in seats]
    if missing:
        who = names(players, missing)
        message = (f"{who} must reveal a card too: every player reveals one (OP-2.1)"
                   if state.phase is Phase.REVEAL else
                   f"{who} must play a card too: every tied player plays one more ({rule})")
        raise RuleViolation("C-3", message, ("cards",))
    shown: dict[int, PairsCard] = {}
    for seat, card in seats.items():
        if card is None:
            message = (f"{players[seat]}'s card is face up for everyone and must be named, "
                       "not '?'")
            raise RuleViolation("C-3", message, ("cards", players[seat]))
        shown[seat] = card
    return shown


def _move_shown(account: CardAccount[PairsCard], players: Sequence[str],
                shown: dict[int, PairsCard]) -> CardAccount[PairsCard]:
    for seat, card in shown.items():
        name = players[seat]
        try:
            account = account.move(hand(name), row_zone(name), card, verb="revealed from")
        except RuleViolation as error:
            raise error.at("cards", name) from None
    return account


def _first_reveal(state: OrcState, event: Reveal) -> Step:
    players = state.players
    shown = _named_cards(state, event, state.active(), "OP-2.1")
    account = _move_shown(state.account, players, shown)
    if event.draws:
        message = ("nobody draws after the first reveal: only the tied players draw, after a "
                   "tie-break reveal (OP-2.3)")
        raise RuleViolation("OP-2.3", message, ("draws",))
    rows = tuple((shown[seat],) for seat in range(len(players)))
    low = min(shown.values())
    tied = tuple(seat for seat in state.active() if shown[seat] == low)
    new = evolve(state, account=account, rows=rows)
    if len(tied) == 1:
        name = players[tied[0]]
        effect = Effect(
            kind="start_player", rule="OP-2.2", players=(name,),
            text=f"{name} starts round {state.round}: the smallest card, {low}",
        )
        return begin_phase(new, tied[0], (effect,))
    effect = Effect(
        kind="tie", rule="OP-2.3", players=tuple(players[s] for s in tied),
        text=f"{names(players, tied)} tie on {low}: each plays one more card from hand, "
        "then draws one from the stock",
    )
    return evolve(new, phase=Phase.TIEBREAK, tied=tied), (effect,)


def _check_stack(state: OrcState, seat: int, card: PairsCard) -> None:
    """OP-2.4: stacking is allowed only when the hand holds row numbers alone."""
    name = state.players[seat]
    row = state.rows[seat]
    held = state.account.zone(hand(name)).known_cards()
    others = sorted({c for c in held if c not in row})
    if others:
        words = [str(c) for c in others]
        which = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        plural = "a number" if len(others) == 1 else "numbers"
        message = (
            f"{name} cannot stack {card} on the {card} in their row: {name}'s hand holds "
            f"{which}, {plural} not yet in the row, and a tie-break card must differ from "
            "every card of the row when the hand allows it"
        )
        raise RuleViolation("OP-2.4", message, ("cards", name))


def _draws(state: OrcState, event: Reveal, account: CardAccount[PairsCard]
           ) -> tuple[CardAccount[PairsCard], tuple[int, ...]]:
    """OP-2.3: the tied players draw back to 5; a short stock is drawn empty."""
    players = state.players
    tied = state.tied
    given = dict(event.draws or {})
    stock = account.size(STOCK)
    if stock >= len(tied):
        drawers = tied
    else:
        drawers = tuple(seat for seat in tied if players[seat] in given)
        if len(given) != stock:
            if stock == 0:
                message = "the stock is empty: nobody draws, so draws must name nobody"
            else:
                cards = "1 card" if stock == 1 else f"{stock} cards"
                message = (
                    f"the stock holds only {cards} for {len(tied)} tied players: draws must "
                    f"name the {stock} who drew (a card may be '?'); it names {len(given)}"
                )
            raise RuleViolation("OP-2.3", message, ("draws",))
    for seat in drawers:
        name = players[seat]
        try:
            account = account.move(STOCK, hand(name), given.get(name), verb="drawn from")
        except RuleViolation as error:
            raise error.at("draws", name) from None
    return account, drawers


def _tiebreak(state: OrcState, event: Reveal) -> Step:
    players = state.players
    tied = state.tied
    shown = _named_cards(state, event, tied, "OP-2.3")
    account = _move_shown(state.account, players, shown)
    rows = list(state.rows)
    stacked = list(state.stacked)
    for seat in tied:
        card = shown[seat]
        if card in state.rows[seat]:
            _check_stack(state, seat, card)
            stacked[seat] = (*stacked[seat], (len(rows[seat]), card))
        else:
            rows[seat] = (*rows[seat], card)
    account, drawers = _draws(state, event, account)
    new = evolve(state, account=account, rows=tuple(rows), stacked=tuple(stacked))
    shows = ", ".join(f"{players[s]} {new.row_text(s)}" for s in tied)
    effects = [Effect(kind="tiebreak", rule="OP-2.3", players=tuple(players[s] for s in tied),
                      text=f"tie-break: {shows}")]
    if len(drawers) == len(tied):
        draw_text = f"{names(players, tied)} each draw a card from the stock"
    elif drawers:
        draw_text = (f"the stock runs out: {names(players, drawers)} "
                     f"{'draws' if len(drawers) == 1 else 'draw'}, "
                     f"{names(players, [s for s in tied if s not in drawers])} cannot")
    else:
        draw_text = "the stock is empty: nobody draws"
    effects.append(Effect(kind="draws", rule="OP-2.3",
                          players=tuple(players[s] for s in drawers), text=draw_text))
    still = smallest_rows(new.rows, tied)
    if len(still) == 1:
        name = players[still[0]]
        effects.append(Effect(
            kind="start_player", rule="OP-2.5", players=(name,),
            text=f"{name} starts round {state.round}: {new.row_text(still[0])} is the "
            "smallest sequence",
        ))
        return begin_phase(new, still[0], tuple(effects))
    who = names(players, still)
    empty = [seat for seat in still if new.hand_size(seat) == 0]
    if empty:
        effects.append(Effect(
            kind="choice", rule="OP-2.5", players=tuple(players[s] for s in still),
            text=f"{who} are still tied and {names(players, empty)} "
            f"{'has' if len(empty) == 1 else 'have'} no card left: the start player would "
            f"be a table choice among {who}, but no action phase can start",
        ))
        ended = no_card_left(evolve(new, tied=()), tuple(effects))
        assert ended is not None, "a still-tied player without cards is still in"
        return evolve(ended[0], moot_choice=tuple(still)), ended[1]
    effects.append(Effect(
        kind="tie", rule="OP-2.5", players=tuple(players[s] for s in still),
        text=f"{who} are still tied: each plays one more card",
    ))
    return evolve(new, tied=tuple(still)), tuple(effects)


def ruling(state: OrcState, event: Ruling, expected_text: str) -> Step:
    """A ruling: only for the (moot) table choice of OP-2.5 (C-8 otherwise)."""
    players = state.players
    seat = seat_of(players, event.player, "player")
    if not state.moot_choice:
        raise needless_ruling(expected_text)
    if seat not in state.moot_choice:
        raise inadmissible(event.player, players, state.moot_choice, "OP-2.5")
    effect = Effect(
        kind="start_player", rule="OP-2.5", players=(event.player,),
        text=f"the table names {event.player} start player of round {state.round}; "
        "no action phase starts (OP-3.1), so this changes nothing",
    )
    return evolve(state, moot_choice=()), (effect,)
