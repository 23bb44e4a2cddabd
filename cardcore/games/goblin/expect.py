"""What may come next in Goblin Poker: the step (for the kernel's checks, the
simulator and completeness) and its words (for messages)."""

from __future__ import annotations

from typing import Final

from cardcore.games.goblin.state import MAX_PLAYERS, Choice, GoblinState, Phase
from cardcore.protocol import Turn
from cardcore.table import names

__all__ = ["absent", "ended", "seated", "turn", "words"]


def _alone(phase: Phase, rule: str) -> tuple[Turn, ...]:
    """Per seat, the turn of ``phase`` in which that seat alone acts under ``rule``."""
    return tuple(Turn(phase.kinds, (seat,), rule=rule) for seat in range(MAX_PLAYERS))


_PITCH_OR_FOLD: Final = _alone(Phase.PLAY, "GP-4.1")
_DEALT_PITCHED: Final = _alone(Phase.DEAL_STACKS, "GP-4.5")
"""Most events come in these two turns, one seat acting (GP-4.1, GP-4.5): they are
built once, and :func:`turn` picks the one of the seat."""


def dealt(state: GoblinState) -> tuple[bool, ...]:
    """Per seat: dealt into the next game (GP-1.1: still in the session, with chips)."""
    chips = state.ledger.chips
    return tuple([live and held > 0 for live, held in zip(state.in_session, chips, strict=True)])


def turn(state: GoblinState) -> Turn:
    phase = state.phase
    if phase is Phase.PLAY or phase is Phase.DEAL_STACKS:
        if state.choice:
            return Turn(phase.kinds, choice=state.choice, rule=state.choice_rule)
        if phase is Phase.PLAY:
            return _PITCH_OR_FOLD[state.turns[0]]
        return _DEALT_PITCHED[state.receivers[0]]
    if phase is Phase.TIEBREAK:
        return Turn(phase.kinds, state.waiting, rule="GP-2.3")
    if phase is Phase.REVEAL:
        return Turn(phase.kinds, tuple(state.active()), rule="GP-2.1")
    if phase is Phase.DEAL:
        return Turn(phase.kinds, tuple([s for s, live in enumerate(dealt(state)) if live]),
                    rule="GP-1.1")
    return Turn(phase.kinds)


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
