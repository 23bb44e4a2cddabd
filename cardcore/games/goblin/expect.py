"""What may come next in Goblin Poker: the one function behind C-4/C-5
messages, completeness and the simulator."""

from __future__ import annotations

from typing import Final

from cardcore.games.goblin.state import Choice, GoblinState, Phase
from cardcore.protocol import Expected
from cardcore.table import names

__all__ = ["KINDS", "expected"]

KINDS: Final[dict[Phase, frozenset[str]]] = {
    Phase.OVER: frozenset(),
    Phase.DEAL: frozenset({"deal"}),
    Phase.REVEAL: frozenset({"reveal"}),
    Phase.TIEBREAK: frozenset({"stack"}),
    Phase.PLAY: frozenset({"pitch", "fold"}),
    Phase.DEAL_STACKS: frozenset({"stack"}),
}
"""The event kinds each phase allows (a ruling besides, while a table choice is due):
the replay checks an event against this table without building the words of
:func:`expected`, which only an error needs."""


def expected(state: GoblinState) -> Expected:
    players = state.players
    phase = state.phase
    if phase is Phase.OVER:
        return Expected(kinds=frozenset(), text=f"the session is over: {state.ended_by}")
    if phase is Phase.DEAL:
        more = "" if state.games_done == 0 else " (or the transcript ends here)"
        if state.options.games is not None:
            more = f" (game {state.games_done + 1} of {state.options.games})"
        return Expected(kinds=KINDS[phase], text=f"the next game starts with a deal{more}")
    if phase is Phase.REVEAL:
        return Expected(
            kinds=KINDS[phase],
            text="every player reveals the first card of their stack",
        )
    if phase is Phase.TIEBREAK:
        waiting = tuple(players[s] for s in state.waiting)
        return Expected(
            kinds=KINDS[phase],
            players=waiting,
            text=f"tie-break: a stack card from the stock for {names(players, state.waiting)}",
            rule="GP-2.3",
        )
    kind = "pitch or fold" if phase is Phase.PLAY else "stack"
    kinds = KINDS[phase]
    if state.choice:
        admissible = tuple(players[s] for s in state.choice)
        what = "the start player" if state.choice_for is Choice.START else "the min stack"
        return Expected(
            kinds=frozenset({*kinds, "ruling"}),
            players=admissible,
            choice=True,
            text=(
                f"{what} is a table choice among {names(players, state.choice)} "
                f"({state.choice_rule}): a ruling, or the first {kind} by one of them"
            ),
            rule=state.choice_rule,
        )
    if phase is Phase.PLAY:
        seat = state.turns[0]
        return Expected(
            kinds=kinds, players=(players[seat],),
            text=f"{players[seat]} pitches or folds (GP-4.1)", rule="GP-4.1",
        )
    seat = state.receivers[0]
    return Expected(
        kinds=kinds, players=(players[seat],),
        text=f"the next pitched card is dealt to {players[seat]} (GP-4.5)", rule="GP-4.5",
    )
