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
from cardcore.effects import effect
from cardcore.evolve import evolve
from cardcore.games.orc.events import Reveal
from cardcore.games.orc.flow import begin_phase, no_card_left
from cardcore.games.orc.state import STOCK, OrcState, Phase, hand, row_text, row_zone
from cardcore.moves import Moves
from cardcore.protocol import Transition
from cardcore.table import names

__all__ = ["reveal", "reveal_cards", "smallest_rows"]


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


def reveal_cards(state: OrcState, event: Reveal, moves: Moves[PairsCard]) -> None:
    """OP-2.1, OP-2.3: the revealed cards face up onto the rows; after a tie-break
    reveal the tied players draw from the stock."""
    players = state.players
    first = state.phase is Phase.REVEAL
    for seat, name, card in moves.named(event.cards):
        if not first and card is not None and card in state.rows[seat]:
            _check_stack(state, seat, card, moves)
        moves.move(hand(name), row_zone(name), card, path=("cards", name), face_up=True,
                   verb="revealed from")
    waiting = state.active() if first else state.tied
    missing = [seat for seat in waiting if players[seat] not in event.cards]
    if missing:
        who = names(players, missing)
        message = (f"{who} must reveal a card too: every player reveals one (OP-2.1)" if first
                   else f"{who} must play a card too: every tied player plays one more (OP-2.3)")
        moves.problem("C-3", message, ("cards",))
    if first:
        if event.draws:
            moves.defer("OP-2.3", "nobody draws after the first reveal: only the tied players "
                        "draw, after a tie-break reveal", ("draws",))
        return
    _draw_cards(state, event, moves)


def _check_stack(state: OrcState, seat: int, card: PairsCard, moves: Moves[PairsCard]) -> None:
    """OP-2.4: stacking is allowed only when the hand holds row numbers alone
    (judged on the hand as the record knows it before the card leaves it)."""
    name = state.players[seat]
    row = state.rows[seat]
    held = state.account.zone(hand(name)).known_cards()
    others = sorted({c for c in held if c not in row})
    if others:
        words = [str(c) for c in others]
        which = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        plural = "a number" if len(others) == 1 else "numbers"
        moves.defer("OP-2.4",
                    f"{name} cannot stack {card} on the {card} in their row: {name}'s hand holds "
                    f"{which}, {plural} not yet in the row, and a tie-break card must differ from "
                    "every card of the row when the hand allows it", ("cards", name))


def _drawers(state: OrcState, event: Reveal) -> tuple[int, ...] | None:
    """OP-2.3: who draws after a tie-break reveal; None when ``draws`` does not
    name as many players as a short stock held."""
    tied = state.tied
    given = event.draws or {}
    stock = state.account.size(STOCK)
    if stock >= len(tied):
        return tied
    if len(given) != stock:
        return None
    return tuple(seat for seat in tied if state.players[seat] in given)


def _draw_cards(state: OrcState, event: Reveal, moves: Moves[PairsCard]) -> None:
    given = event.draws or {}
    drawers = _drawers(state, event)
    if drawers is None:
        stock = state.account.size(STOCK)
        if stock == 0:
            message = "the stock is empty: nobody draws, so draws must name nobody"
        else:
            cards = "1 card" if stock == 1 else f"{stock} cards"
            message = (f"the stock holds only {cards} for {len(state.tied)} tied players: draws "
                       f"must name the {stock} who drew (a card may be '?'); it names "
                       f"{len(given)}")
        moves.defer("OP-2.3", message, ("draws",))
        return
    for seat in drawers:
        name = state.players[seat]
        moves.move(STOCK, hand(name), given.get(name), path=("draws", name), verb="drawn from")
    moves.found = drawers


def reveal(state: OrcState, event: Reveal, drawers: tuple[int, ...] | None = None
           ) -> Transition[OrcState]:
    """``drawers``: who drew after a tie-break reveal (worked out with the cards)."""
    if state.phase is Phase.REVEAL:
        return _first_reveal(state, event)
    return _tiebreak(state, event, drawers or ())


def _shown(state: OrcState, event: Reveal) -> dict[int, PairsCard]:
    shown: dict[int, PairsCard] = {}
    for name, card in event.cards.items():
        assert card is not None, "the cards stage refuses an unnamed face-up card"
        shown[state.players.index(name)] = card
    return shown


def _first_reveal(state: OrcState, event: Reveal) -> Transition[OrcState]:
    players = state.players
    shown = _shown(state, event)
    rows = tuple([(shown[seat],) for seat in range(len(players))])
    low = min(shown.values())
    tied = tuple([seat for seat in state.active() if shown[seat] == low])
    number = state.round
    if len(tied) == 1:
        name = players[tied[0]]
        starts = effect("start_player", "OP-2.2", _starts_text, (name, number, low), (name,))
        return begin_phase(evolve(state, rows=rows), tied[0], (starts,))
    tie = effect("tie", "OP-2.3", _tie_text, (players, tied, low),
                 tuple([players[s] for s in tied]))
    return evolve(state, rows=rows, phase=Phase.TIEBREAK, tied=tied), (tie,)


def _tiebreak(state: OrcState, event: Reveal, drawers: tuple[int, ...]) -> Transition[OrcState]:
    players = state.players
    tied = state.tied
    shown = _shown(state, event)
    rows = list(state.rows)
    stacked = list(state.stacked)
    for seat in tied:
        card = shown[seat]
        if card in state.rows[seat]:
            stacked[seat] = (*stacked[seat], (len(rows[seat]), card))
        else:
            rows[seat] = (*rows[seat], card)
    rows_now, stacked_now = tuple(rows), tuple(stacked)
    new = evolve(state, rows=rows_now, stacked=stacked_now)
    number = state.round
    effects = [effect("tiebreak", "OP-2.3", _tiebreak_text, (players, tied, rows_now, stacked_now),
                      tuple([players[s] for s in tied])),
               effect("draws", "OP-2.3", _draws_text, (players, tied, drawers),
                      tuple([players[s] for s in drawers]))]
    still = tuple(smallest_rows(rows_now, tied))
    if len(still) == 1:
        starter = still[0]
        name = players[starter]
        effects.append(effect("start_player", "OP-2.5", _untied_text,
                              (name, number, rows_now[starter], stacked_now[starter]), (name,)))
        return begin_phase(new, starter, tuple(effects))
    empty = tuple([seat for seat in still if new.hand_size(seat) == 0])
    if empty:
        effects.append(effect("choice", "OP-2.5", _moot_text, (players, still, empty),
                              tuple([players[s] for s in still])))
        untied = evolve(new, tied=())
        ended = no_card_left(untied, tuple(effects), untied.active())
        assert ended is not None, "a still-tied player without cards is still in"
        return evolve(ended[0], moot_choice=tuple(still)), ended[1]
    effects.append(effect("tie", "OP-2.5", _still_tied_text, (players, still),
                          tuple([players[s] for s in still])))
    return evolve(new, tied=still), tuple(effects)


# -- the words of the effects (cardcore.effects.effect: worded when read) --------------

Rows = tuple[tuple[PairsCard, ...], ...]
Stacked = tuple[tuple[tuple[int, PairsCard], ...], ...]


def _starts_text(name: str, number: int, low: PairsCard) -> str:
    return f"{name} starts round {number}: the smallest card, {low}"


def _tie_text(players: tuple[str, ...], tied: tuple[int, ...], low: PairsCard) -> str:
    return (f"{names(players, tied)} tie on {low}: each plays one more card from hand, then "
            "draws one from the stock")


def _tiebreak_text(players: tuple[str, ...], tied: tuple[int, ...], rows: Rows,
                   stacked: Stacked) -> str:
    shows = ", ".join(f"{players[s]} {row_text(rows[s], stacked[s])}" for s in tied)
    return f"tie-break: {shows}"


def _draws_text(players: tuple[str, ...], tied: tuple[int, ...], drawers: tuple[int, ...]
                ) -> str:
    if len(drawers) == len(tied):
        return f"{names(players, tied)} each draw a card from the stock"
    if drawers:
        return (f"the stock runs out: {names(players, drawers)} "
                f"{'draws' if len(drawers) == 1 else 'draw'}, "
                f"{names(players, [s for s in tied if s not in drawers])} cannot")
    return "the stock is empty: nobody draws"


def _untied_text(name: str, number: int, row: tuple[PairsCard, ...],
                 stacked: tuple[tuple[int, PairsCard], ...]) -> str:
    return f"{name} starts round {number}: {row_text(row, stacked)} is the smallest sequence"


def _moot_text(players: tuple[str, ...], still: tuple[int, ...], empty: tuple[int, ...]) -> str:
    who = names(players, still)
    return (f"{who} are still tied and {names(players, empty)} "
            f"{'has' if len(empty) == 1 else 'have'} no card left: the start player "
            f"would be a table choice among {who}, but no action phase can start")


def _still_tied_text(players: tuple[str, ...], still: tuple[int, ...]) -> str:
    return f"{names(players, still)} are still tied: each plays one more card"
