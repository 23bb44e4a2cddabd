"""The package facade: its version, and names imported on first use."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

from imports import imported_by

import cardcore

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_the_distributions() -> None:
    """pyproject.toml reads the version from cardcore.__version__; the metadata agrees."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'version = { attr = "cardcore.__version__" }' in pyproject
    assert re.fullmatch(r"\d+\.\d+\.\d+", cardcore.__version__)
    assert importlib.metadata.version("cardcore") == cardcore.__version__


def test_importing_cardcore_loads_neither_the_games_nor_replay() -> None:
    """`import cardcore` is cheap: only the package itself is imported, not even
    :mod:`typing`."""
    loaded = imported_by("import cardcore")
    assert [m for m in loaded if m.startswith("cardcore")] == ["cardcore"]
    assert "typing" not in loaded


def test_the_facade_names_are_the_modules_objects() -> None:
    """Each name is the object of its module, and dir() lists them."""
    from cardcore.errors import CardcoreError, RuleViolation
    from cardcore.gamelog import GameLog
    from cardcore.registry import GAMES, get_game
    from cardcore.replay.runner import replay_file, replay_transcript
    from cardcore.replay.store import load_log, save_log
    from cardcore.replay.transcript import load_transcript, read_transcript

    assert (cardcore.save_log, cardcore.load_log) == (save_log, load_log)
    assert (cardcore.CardcoreError, cardcore.RuleViolation, cardcore.GameLog) == (
        CardcoreError, RuleViolation, GameLog)
    assert (cardcore.GAMES, cardcore.get_game) == (GAMES, get_game)
    assert (cardcore.read_transcript, cardcore.load_transcript, cardcore.replay_file,
            cardcore.replay_transcript) == (read_transcript, load_transcript, replay_file,
                                            replay_transcript)
    assert set(cardcore.__all__) <= set(dir(cardcore))


def test_what_an_append_takes_and_gives_is_named_at_the_top() -> None:
    """GameLog.append takes an Event and gives Effects: a program annotating its own
    functions finds both where it found GameLog (the trial looked for Effect in
    cardcore.protocol, which imports it without exporting it)."""
    from cardcore.effects import Effect
    from cardcore.protocol import Event

    assert (cardcore.Effect, cardcore.Event) == (Effect, Event)
    assert {"Effect", "Event"} <= set(cardcore.__all__)


def test_the_public_subpackages_are_reached_from_a_plain_import() -> None:
    """After `import cardcore` alone, `cardcore.play.simulate(...)` works as the
    README writes it (and cardcore.cards, .poker, .replay): each imported when
    first reached, none by the import itself."""
    script = ("import sys, cardcore\n"
              "assert 'cardcore.play' not in sys.modules\n"
              "events = list(cardcore.play.simulate('goblin-poker', ['Aki', 'Ben'], None, 1))\n"
              "print(events[0].TYPE, cardcore.poker.best_hand.__name__,\n"
              "      cardcore.cards.Card.__name__, cardcore.replay.__name__)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["deal", "best_hand", "Card", "cardcore.replay"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    """No facade name is guessed."""
    try:
        cardcore.replay_everything  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "replay_everything" in str(error)
    else:
        raise AssertionError("no AttributeError")


def test_python_m_cardcore_runs_the_command() -> None:
    """`python -m cardcore games` lists the games."""
    out = subprocess.run([sys.executable, "-m", "cardcore", "games"], capture_output=True,
                         text=True, check=True).stdout
    assert "goblin-poker" in out
