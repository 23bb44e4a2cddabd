"""``cardcore simulate``: random legal transcripts, one or a whole corpus folder.

Options come as a JSON object (``--options``) and as ``--option KEY=VALUE``
(laid over it), and are checked as a transcript's ``options`` are, so the
message points at ``/options/KEY``. The same seed, players and options always
give the same bytes, so a corpus can be rebuilt instead of stored.
"""

from __future__ import annotations

from pathlib import Path

import click

from cardcore.cli.inputs import game_argument, seed_option
from cardcore.cli.output import cannot_write, write_file
from cardcore.cli.render import say
from cardcore.errors import SetupError
from cardcore.quoting import visible
from cardcore.registry import GAMES
from cardcore.replay.changes import OptionSyntaxError, parse_assignments
from cardcore.replay.jsonload import JsonError, parse_json
from cardcore.replay.jsonwrite import json_text
from cardcore.replay.simulated import corpus_name, simulated
from cardcore.replay.transcript import Transcript, TranscriptError, dump_transcript, read_options

__all__ = ["simulate"]


def _players(text: str) -> list[str]:
    if text.isdigit():
        return [f"P{n}" for n in range(1, int(text) + 1)]
    return [name.strip() for name in text.split(",")]


def _text(transcript: Transcript) -> str:
    return json_text(dump_transcript(transcript), indent=1) + "\n"


def _raw_options(options_text: str, assignments: tuple[str, ...]) -> dict[str, object]:
    try:
        raw = parse_json(options_text)
        changes = parse_assignments(assignments)
    except JsonError as error:
        raise click.BadParameter(visible("; ".join(p.message for p in error.problems)),
                                 param_hint="--options") from None
    except OptionSyntaxError as error:
        raise click.BadParameter(visible(str(error)), param_hint="--option") from None
    if not isinstance(raw, dict):
        raise click.BadParameter("give the options as a JSON object, like '{\"games\": 5}'",
                                 param_hint="--options")
    return {**raw, **changes}


@click.command()
@click.argument("game", callback=lambda ctx, param, value: game_argument(value))
@click.option("--players", default="3", show_default=True,
              help="how many players (names P1, P2, ...), or names separated by commas")
@click.option("--seed", type=int, default=0, show_default=True, callback=seed_option,
              help="the random seed, a whole number of 0 or more (with --count: the first "
                   "of consecutive seeds)")
@click.option("--options", "options_text", default="{}", metavar="JSON",
              help='rule options as a JSON object, e.g. \'{"games": 5}\'')
@click.option("--option", "assignments", multiple=True, metavar="KEY=VALUE",
              help="one rule option, laid over --options (repeatable); the value is JSON, "
                   "or else a plain string: games=3, rising_ante=true, split=exact")
@click.option("--hidden", is_flag=True,
              help='write "?" for every card the table could not see, as a player would')
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="write the transcript here instead of standard output")
@click.option("--count", type=click.IntRange(min=1), default=None,
              help="write this many games, seeds --seed, --seed + 1, ... (needs --out)")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, writable=True),
              help="write the games into this folder as GAME-SEED.json (made if missing)")
def simulate(game: str, players: str, seed: int, options_text: str,
             assignments: tuple[str, ...], hidden: bool, output: str | None,
             count: int | None, out_dir: str | None) -> None:
    """Write legal random transcripts of GAME (goblin-poker, orc-poker, saint-poker,
    auction, or the start of one: goblin).

    The same seed, players and options always give the same transcript. With
    --hidden, the cards the rules keep secret are written as "?" (the outcome
    is the same). With --count N --out DIR, N files DIR/GAME-SEED.json.

    Each file is written whole or not at all; a symbolic link at its name is
    replaced by the file, never written through. A place that cannot be
    written is said in words (exit 2).
    """
    if count is not None and out_dir is None:
        raise click.UsageError("--count writes files into a folder: give --out DIR")
    if out_dir is not None and output is not None:
        raise click.UsageError("give --output FILE for one game or --out DIR, not both")
    rules = GAMES[game]
    names = _players(players)
    raw = _raw_options(options_text, assignments)
    try:
        rules.setup(names)
    except SetupError as error:
        raise click.BadParameter(visible(str(error)), param_hint="--players") from None
    try:
        options = read_options(rules, raw, tuple(names))
    except TranscriptError as error:
        words = "; ".join(f"{p.pointer}: {p.message}" for p in error.problems)
        raise click.BadParameter(visible(words), param_hint="--options/--option") from None
    if out_dir is None:
        text = _text(simulated(rules, names, options, seed, hidden=hidden))
        if output:
            write_file(Path(output), text)
        else:
            click.echo(text, nl=False)
        return
    folder = Path(out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        cannot_write(folder, error)
    for each in range(seed, seed + (count or 1)):
        transcript = simulated(rules, names, options, each, hidden=hidden)
        write_file(folder / corpus_name(game, each), _text(transcript))
    say(f"wrote {count or 1} {rules.title} transcript{'s' if (count or 1) > 1 else ''} "
        f"to {folder}", err=True)

