"""What may come next in Goblin Poker: the step (for the kernel's checks, the
simulator and completeness) and its words (for messages)."""

from __future__ import annotations

from typing import Final

from cardcore.games.goblin.state import MAX_PLAYERS, Choice, GoblinState, Phase
from cardcore.protocol import Turn
from cardcore.table import names

__all__ = ["absent", "ended", "seated", "turn", "words"]

_DEAL: Final = frozenset({"deal"})
_REVEAL: Final = frozenset({"reveal"})
_STACK: Final = frozenset({"stack"})
_PITCH_OR_FOLD: Final = frozenset({"pitch", "fold"})
"""The event kinds of each phase (a ruling besides, while a table choice is due);
nothing is allowed once the session is over. Named per phase, not looked up in a
table keyed by the phases: hashing an enum member is a Python-level call, and
:func:`turn` runs for every event."""

_PITCHER: Final = tuple(Turn(_PITCH_OR_FOLD, (seat,), rule="GP-4.1")
                        for seat in range(MAX_PLAYERS))
_RECEIVER: Final = tuple(Turn(_STACK, (seat,), rule="GP-4.5") for seat in range(MAX_PLAYERS))
"""Per seat, the turn in which that seat alone pitches or folds (GP-4.1), or is dealt
a pitched card (GP-4.5): most events come in one of these, so they are built once."""


def dealt(state: GoblinState) -> tuple[bool, ...]:
    """Per seat: dealt into the next game (GP-1.1: still in the session, with chips)."""
    chips = state.ledger.chips
    return tuple([live and held > 0 for live, held in zip(state.in_session, chips, strict=True)])


def turn(state: GoblinState) -> Turn:
    phase = state.phase
    if phase is Phase.PLAY or phase is Phase.DEAL_STACKS:
        if state.choice:
            kinds = _PITCH_OR_FOLD if phase is Phase.PLAY else _STACK
            return Turn(kinds, choice=state.choice, rule=state.choice_rule)
        if phase is Phase.PLAY:
            return _PITCHER[state.turns[0]]
        return _RECEIVER[state.receivers[0]]
    if phase is Phase.TIEBREAK:
        return Turn(_STACK, state.waiting, rule="GP-2.3")
    if phase is Phase.REVEAL:
        return Turn(_REVEAL, tuple(state.active()), rule="GP-2.1")
    if phase is Phase.DEAL:
        return Turn(_DEAL, tuple([s for s, live in enumerate(dealt(state)) if live]),
                    rule="GP-1.1")
    return Turn(frozenset())


def seated(state: GoblinState) -> tuple[bool, ...]:
    """Who may be named: at a deal those dealt in, else those still in the game."""
    return dealt(state) if state.phase is Phase.DEAL else state.in_game


def absent(state: GoblinState, seat: int) -> str:
    name = state.players[seat]
    if not state.in_session[seat] or (state.phase is Phase.DEAL and not dealt(state)[seat]):
        return f"{name} is out of the session (GP-1.1)"
    return f"{name} is no longer in this game"


def ended(state: GoblinState) -> str:
    return state.ended_by


def words(state: GoblinState) -> str:
    players = state.players
    phase = state.phase
    if phase is Phase.DEAL:
        more = "" if state.games_done == 0 else " (or the transcript ends here)"
        if state.options.games is not None:
            more = f" (game {state.games_done + 1} of {state.options.games})"
        return f"the next game starts with a deal{more}"
    if phase is Phase.REVEAL:
        return "every player reveals the first card of their stack"
    if phase is Phase.TIEBREAK:
        return f"tie-break: a stack card from the stock for {names(players, state.waiting)}"
    kind = "pitch or fold" if phase is Phase.PLAY else "stack"
    if state.choice:
        what = "the start player" if state.choice_for is Choice.START else "the min stack"
        return (f"{what} is a table choice among {names(players, state.choice)} "
                f"({state.choice_rule}): a ruling, or the first {kind} by one of them")
    if phase is Phase.PLAY:
        return f"{players[state.turns[0]]} pitches or folds (GP-4.1)"
    return f"the next pitched card is dealt to {players[state.receivers[0]]} (GP-4.5)"
