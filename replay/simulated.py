"""Simulated transcripts, as a table with every card in view or as one that saw less.

``cardcore simulate`` writes corpora for trying rule changes and for load
tests. A simulator knows every card; ``hidden`` writes what a table would
have seen instead: every secret card (``Event.SECRET``, through
:func:`cardcore.hiding.hide`, sparing nobody) as ``"?"``. The rules derive the
same outcome from both (the game contract tests hold every game to that), so a
hidden corpus tests the unknown-card paths of the replay at scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcore.game import GameRules
from cardcore.hiding import hide
from cardcore.play import simulate
from cardcore.replay.transcript import Transcript

__all__ = ["corpus_name", "simulated"]


def simulated(rules: GameRules[Any], players: Sequence[str], options: Any, seed: int, *,
              hidden: bool = False) -> Transcript:
    """The transcript of one random legal session; the same arguments, the same one.
    ``seed`` is a whole number of 0 or more (SetupError otherwise, as
    :func:`~cardcore.play.simulate` checks it).

    >>> from cardcore.games.goblin import RULES
    >>> full = simulated(RULES, ["A", "B"], None, 1)
    >>> seen = simulated(RULES, ["A", "B"], None, 1, hidden=True)
    >>> len(full.events) == len(seen.events), full.events[0] == seen.events[0]
    (True, False)
    """
    events = simulate(rules, list(players), options, seed)
    note = f"simulated with seed {seed}" + (", secret cards written as unknown" if hidden else "")
    return Transcript(game=rules.name, players=tuple(players),
                      options=options if options is not None else rules.options_type(),
                      events=tuple(hide(event) if hidden else event for event in events),
                      meta={"note": note})


def corpus_name(game: str, seed: int) -> str:
    """The file name of a simulated game in a corpus folder.

    >>> corpus_name("orc-poker", 7)
    'orc-poker-7.json'
    """
    return f"{game}-{seed}.json"
