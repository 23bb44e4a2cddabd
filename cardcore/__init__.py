"""cardcore: rule engines for small poker-like card games, and their transcripts.

The names most programs need are here; they are imported on first use, so
``import cardcore`` stays cheap and loads neither the games nor the replay layer.

* :class:`GameLog`: play a game event by event (``cardcore.games.<game>.RULES``):
  each :class:`Event` appended gives its effects (:class:`Effect`: who pays whom, and why);
* :class:`Reduction`: fold many events through one private working state, a
  public state frozen only when asked for (what ``validate`` runs);
* :data:`GAMES` and :func:`get_game`: the games by their transcript name;
* :func:`read_transcript` (a file) and :func:`load_transcript` (parsed JSON):
  a :class:`Transcript`, or :class:`TranscriptError` with located problems;
* :func:`replay_file` and :func:`replay_transcript`: a :class:`Report` with the
  problems, the derived outcome and the exit code;
* :func:`save_log` and :func:`load_log`: a :class:`GameLog` written to a
  transcript file atomically, and rebuilt from one (the replay layer's);
* :class:`CardcoreError`, the base of every error raised for bad input:
  :class:`RuleViolation`, an event the rules do not allow; :class:`SetupError`,
  players, options or ages a game cannot start with; :class:`NotAnEventError`,
  something applied that is not one of the game's events.

>>> import cardcore
>>> cardcore.get_game("goblin-poker").title
'Goblin Poker'
>>> issubclass(cardcore.RuleViolation, cardcore.CardcoreError)
True
"""

from __future__ import annotations

TYPE_CHECKING = False
"""As :data:`typing.TYPE_CHECKING` (type checkers take any ``TYPE_CHECKING`` as
true), without importing :mod:`typing`: ``import cardcore`` needs none of it,
and the command imports it only once its start-up has paused the collector
(:func:`cardcore.cli.run`)."""

__version__ = "0.1.0"
"""The version of the distribution (pyproject.toml reads it from here)."""

_HOMES = {
    "CardcoreError": "cardcore.errors",
    "RuleViolation": "cardcore.errors",
    "NotAnEventError": "cardcore.errors",
    "SetupError": "cardcore.errors",
    "NotAStateError": "cardcore.errors",
    "EventValueError": "cardcore.errors",
    "CheckMismatch": "cardcore.errors",
    "GameLog": "cardcore.gamelog",
    "Event": "cardcore.protocol",
    "Effect": "cardcore.effects",
    "Reduction": "cardcore.reduction",
    "GAMES": "cardcore.registry",
    "UnknownGameError": "cardcore.registry",
    "get_game": "cardcore.registry",
    "Transcript": "cardcore.replay.transcript",
    "TranscriptError": "cardcore.replay.transcript",
    "load_transcript": "cardcore.replay.transcript",
    "read_transcript": "cardcore.replay.transcript",
    "Report": "cardcore.replay.runner",
    "replay_file": "cardcore.replay.runner",
    "replay_transcript": "cardcore.replay.runner",
    "load_log": "cardcore.replay.store",
    "save_log": "cardcore.replay.store",
}

if TYPE_CHECKING:
    from typing import Any

    from cardcore.effects import Effect
    from cardcore.errors import (
        CardcoreError,
        CheckMismatch,
        EventValueError,
        NotAnEventError,
        NotAStateError,
        RuleViolation,
        SetupError,
    )
    from cardcore.gamelog import GameLog
    from cardcore.protocol import Event
    from cardcore.reduction import Reduction
    from cardcore.registry import GAMES, UnknownGameError, get_game
    from cardcore.replay.runner import Report, replay_file, replay_transcript
    from cardcore.replay.store import load_log, save_log
    from cardcore.replay.transcript import (
        Transcript,
        TranscriptError,
        load_transcript,
        read_transcript,
    )

__all__ = [
    "GAMES",
    "CardcoreError",
    "CheckMismatch",
    "Effect",
    "Event",
    "EventValueError",
    "GameLog",
    "NotAStateError",
    "NotAnEventError",
    "Reduction",
    "Report",
    "RuleViolation",
    "SetupError",
    "Transcript",
    "TranscriptError",
    "UnknownGameError",
    "__version__",
    "get_game",
    "load_log",
    "load_transcript",
    "read_transcript",
    "replay_file",
    "replay_transcript",
    "save_log",
]


_SUBPACKAGES = ("cards", "play", "poker", "replay")
"""The parts a program reaches as ``cardcore.play`` and so on after a plain
``import cardcore`` (as the README writes ``cardcore.play.simulate(...)``),
imported on first use: ``import cardcore`` stays light."""


def __getattr__(name: str) -> Any:
    """Import a name of the facade, or one of :data:`_SUBPACKAGES`, on first use."""
    import importlib

    if name in _SUBPACKAGES:  # importing it sets it on this package: asked once
        return importlib.import_module(f"cardcore.{name}")
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'cardcore' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES, *_SUBPACKAGES})
