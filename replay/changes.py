"""Option changes given as ``KEY=VALUE``: parsed, and laid over a transcript's options.

"What would this rule change do?" (``cardcore diff FILE --option ante=2``) and a
simulated corpus under chosen options (``cardcore simulate --option games=3``)
both take options on the command line. A value is read as JSON where it is JSON
(``3``, ``true``, ``null``, ``"x"``) and as a plain string otherwise
(``split=exact``), so that nobody has to quote strings for a shell. The changed
options are checked exactly as a transcript's own ``options`` would be, so a
mistake gets the same located message (``/options/games: ...``) as in ``validate``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from cardcore.game import GameRules
from cardcore.quoting import quoted
from cardcore.replay.errors import OptionSyntaxError
from cardcore.replay.jsonload import JsonError, parse_json
from cardcore.replay.transcript import Transcript, dump_transcript, read_options

__all__ = ["OptionSyntaxError", "option_value", "parse_assignments", "unknown_anywhere",
           "unknown_options", "with_options"]


def option_value(text: str) -> object:
    """The value of ``KEY=VALUE``: JSON if it parses as JSON, else the text itself.

    >>> option_value("3"), option_value("true"), option_value("exact"), option_value('"7"')
    (3, True, 'exact', '7')
    >>> option_value("null") is None, option_value("")
    (True, '')
    """
    try:
        return parse_json(text)
    except JsonError:
        return text


def parse_assignments(texts: Iterable[str]) -> dict[str, object]:
    """``["games=3", "split=exact"]`` as a mapping. A key given twice is refused,
    not taken at its last value: ``--option ante=2 --option ante=3`` would
    replay under ante=3 with nothing said of ante=2.

    >>> parse_assignments(["games=3", "rising_ante=true", "split=exact"])
    {'games': 3, 'rising_ante': True, 'split': 'exact'}
    >>> parse_assignments(["games"])
    Traceback (most recent call last):
    ...
    cardcore.replay.errors.OptionSyntaxError: 'games' is not KEY=VALUE (for example games=3)
    >>> parse_assignments(["ante=2", "ante=3"])
    Traceback (most recent call last):
    ...
    cardcore.replay.errors.OptionSyntaxError: 'ante' is given twice (ante=2, ante=3): give each option once
    """
    changes: dict[str, object] = {}
    given: dict[str, str] = {}
    for text in texts:
        key, equals, value = text.partition("=")
        key = key.strip()
        if not equals or not key:
            raise OptionSyntaxError(f"{quoted(text)} is not KEY=VALUE (for example games=3)")
        if key in given:
            raise OptionSyntaxError(f"{quoted(key)} is given twice ({given[key]}, {text}): give "
                                    "each option once")
        given[key] = text
        changes[key] = option_value(value)
    return changes


def unknown_anywhere(keys: Iterable[str]) -> None:
    """OptionSyntaxError for a key that is an option of no game: a folder of
    records may mix games, and each game's own refusal would list only its own
    options (Auction's, for ``antee``) and miss the one meant (Goblin's ``ante``).

    >>> unknown_anywhere(["ante", "target"])
    >>> unknown_anywhere(["antee"])
    Traceback (most recent call last):
    ...
    cardcore.replay.errors.OptionSyntaxError: 'antee' is an option of no game (did you mean 'ante'?)
    """
    from cardcore.registry import GAMES
    from cardcore.table import likely

    options = sorted({name for rules in GAMES.values()
                      for name in attrs.fields_dict(rules.options_type)})
    for key in keys:
        if key not in options:
            raise OptionSyntaxError(f"{quoted(key)} is an option of no game"
                                    f"{likely(key, options)}")


def unknown_options(rules: GameRules[Any], keys: Iterable[str]) -> list[str]:
    """The keys that are no option of ``rules``' game (a corpus may mix games)."""
    known = attrs.fields_dict(rules.options_type)
    return [key for key in keys if key not in known]


def options_json(transcript: Transcript) -> dict[str, Any]:
    """The options a transcript gives (those at their defaults left out), as JSON."""
    given: dict[str, Any] = dump_transcript(
        attrs.evolve(transcript, events=(), result=None, expect=None)).get("options", {})
    return given


def with_options(transcript: Transcript, changes: Mapping[str, object]) -> Transcript:
    """``transcript`` under its options with ``changes`` laid over them, its claims
    (``result``, ``expect``) dropped, since they were made under the old rules.

    Raises :class:`~cardcore.replay.transcript.TranscriptError` with the problems a
    transcript with these options would have (an unknown option, a bad value), at
    their pointers under ``/options``.
    """
    raw = {**options_json(transcript), **changes}
    options = read_options(transcript.rules, raw, transcript.players, transcript.ages)
    return attrs.evolve(transcript, options=options, result=None, expect=None)
