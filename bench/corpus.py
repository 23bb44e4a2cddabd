"""The benchmark corpus: simulated transcripts of every game, built once and cached.

    python bench/corpus.py [--out DIR] [--count 1000] [--seed 0] [--jobs N] [--rebuild]

Writes ``--count`` simulated transcripts per game (default 1,000) as canonical
JSON files (``dump_transcript``), one folder per game, and ``manifest.json``
with the number of events of every file. The files are what a table would
write down: the players' names (a table of ``min..max`` players of the game,
cycling: Goblin 2-8, Orc 3-8, Saint 2-5, Auction 2-8), the game's default
options (Goblin Poker sessions planned for 3 games), a ``meta.note`` and the
final ``result`` (the scoresheet). Each file comes from its own seeded
``random.Random``, so the corpus is the same on every run and machine.

Without ``--out`` the corpus goes to a folder under the system's temporary
folder named by its count and seed (printed), and a corpus already there is
reused: building the Auction games takes about a minute on two cores. The
other benchmarks import :func:`build` (and :func:`session` for long sessions);
``--rebuild`` writes everything again (after a change to the simulators).

Prints the folder, then per game the number of files and events.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from cardcore.play import simulate
from cardcore.registry import GAMES
from cardcore.replay.transcript import Result, Transcript, dump_transcript

__all__ = [
    "GAME_NAMES",
    "NAMES",
    "Corpus",
    "build",
    "default_folder",
    "session",
    "table_options",
]

CORPUS_VERSION = 2
"""Bumped when the shape of the corpus changes, so that an old cache is not reused
(2: simulated games are played by random players over all their legal events)."""

GAME_NAMES: tuple[str, ...] = ("goblin-poker", "orc-poker", "saint-poker", "auction")
NAMES: tuple[str, ...] = ("Aki", "Ben", "Chie", "Dov", "Eun", "Femi", "Gus", "Hana")
"""Player names: a table of n players is the first n."""

MANIFEST = "corpus.manifest"
"""JSON, but not named *.json, so that `cardcore validate FOLDER` does not read it."""


@dataclass(frozen=True)
class Corpus:
    """A built corpus: its folder, and per game its files and their events."""

    root: Path
    files: dict[str, list[Path]]
    events: dict[str, list[int]]
    """Per game, the number of events of each file (same order as ``files``)."""

    def total(self, game: str, limit: int | None = None) -> int:
        """Events in the first ``limit`` files of ``game`` (all by default)."""
        return sum(self.events[game][:limit])


def corpus_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every benchmark over the corpus takes: where it is, how big, which games."""
    parser.add_argument("--corpus", type=Path, help="corpus folder (default: bench/corpus.py's)")
    parser.add_argument("--count", type=int, default=1000, help="corpus size per game (1000)")
    parser.add_argument("--games", nargs="+", choices=GAME_NAMES, default=list(GAME_NAMES))


def default_folder(count: int, seed: int) -> Path:
    """Where the corpus of ``count`` transcripts per game and ``seed`` is cached."""
    return Path(tempfile.gettempdir()) / f"cardcore-bench-corpus-v{CORPUS_VERSION}-n{count}-s{seed}"


def table_options(game: str) -> Any:
    """The options of a corpus transcript: the defaults (Goblin: 3 games)."""
    rules = GAMES[game]
    if game == "goblin-poker":
        return rules.options_type(games=3)
    return rules.options_type()


def players_for(game: str, index: int) -> tuple[str, ...]:
    """The table of transcript ``index``: player counts cycle over the game's range."""
    rules = GAMES[game]
    low, high = rules.min_players, rules.max_players
    return NAMES[: low + index % (high - low + 1)]


def _result(game: str, players: Sequence[str], options: Any, events: Sequence[Any]) -> Result:
    """The scoresheet of a simulated game: its derived final standing."""
    rules = GAMES[game]
    state = rules.start(players, options)
    for event in events:
        state, _ = rules.apply(state, event)
    outcome = rules.outcome(state)
    return Result(chips=outcome.chips, scores=outcome.scores, winners=outcome.winners)


def transcript_json(game: str, index: int, seed: int) -> dict[str, Any]:
    """Transcript ``index`` of ``game``'s corpus, as canonical JSON data."""
    rules = GAMES[game]
    players = players_for(game, index)
    options = table_options(game)
    rng = random.Random(f"{game}/{seed}/{index}")
    events = tuple(simulate(rules, players, options, rng))
    transcript = Transcript(
        game=game, players=players, options=options, events=events,
        meta={"note": f"bench corpus: {game} #{index}, seed {seed}"},
        result=_result(game, players, options, events),
    )
    data: dict[str, Any] = dump_transcript(transcript)
    return data


def _write_chunk(game: str, indices: Sequence[int], seed: int, folder: str) -> list[int]:
    """Write the transcripts ``indices`` of ``game`` into ``folder``; their event counts."""
    counts = []
    for index in indices:
        data = transcript_json(game, index, seed)
        path = Path(folder) / f"{index:04d}.json"
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        counts.append(len(data["events"]))
    return counts


def _chunks(count: int, size: int) -> Iterator[list[int]]:
    for start in range(0, count, size):
        yield list(range(start, min(count, start + size)))


def _read_manifest(root: Path) -> dict[str, Any]:
    try:
        data = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def build(out: Path | None = None, *, count: int = 1000, seed: int = 0,
          games: Sequence[str] = GAME_NAMES, jobs: int | None = None,
          rebuild: bool = False, quiet: bool = False) -> Corpus:
    """The corpus in ``out`` (default: :func:`default_folder`), built where missing.

    A game whose files the manifest lists with this count, seed and version is
    reused as it is; ``rebuild`` writes every game again.
    """
    root = out if out is not None else default_folder(count, seed)
    root.mkdir(parents=True, exist_ok=True)
    manifest = _read_manifest(root)
    key = {"version": CORPUS_VERSION, "count": count, "seed": seed}
    if rebuild or any(manifest.get(name) != value for name, value in key.items()):
        manifest = {**key, "games": {}}
    built: dict[str, Any] = manifest.setdefault("games", {})
    workers = jobs or os.cpu_count() or 1
    for game in games:
        folder = root / game
        listed = built.get(game)
        if (listed and len(listed["events"]) == count
                and all((folder / f"{i:04d}.json").is_file() for i in range(count))):
            continue
        if not quiet:
            print(f"building {count} {game} transcripts in {folder} ...", file=sys.stderr,
                  flush=True)
        started = time.perf_counter()
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        chunks = list(_chunks(count, 25))
        if workers > 1:
            with ProcessPoolExecutor(workers) as pool:
                parts = list(pool.map(_write_chunk, [game] * len(chunks), chunks,
                                      [seed] * len(chunks), [str(folder)] * len(chunks)))
        else:
            parts = [_write_chunk(game, chunk, seed, str(folder)) for chunk in chunks]
        built[game] = {"events": [n for part in parts for n in part]}
        (root / MANIFEST).write_text(json.dumps(manifest) + "\n", encoding="utf-8")
        if not quiet:
            print(f"  {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    return Corpus(
        root=root,
        files={game: [root / game / f"{i:04d}.json" for i in range(count)] for game in games},
        events={game: list(built[game]["events"]) for game in games},
    )


def long_options(game: str) -> Any:
    """Options for a session that never ends by itself: plenty of chips, games and rounds."""
    rules = GAMES[game]
    if game == "goblin-poker":
        return rules.options_type(games=10**6, starting_chips=10**9)
    if game == "orc-poker":
        return rules.options_type(rounds=10**6, starting_chips=10**9)
    raise ValueError(f"{game} has no long sessions (only goblin-poker and orc-poker)")


def session(root: Path, game: str, events: int, players: int, seed: int = 1) -> Path:
    """A file of one Goblin or Orc Poker session of exactly ``events`` events at a
    table of ``players``, cached in ``root/long`` (the first ``events`` events of a
    session that goes on, so that its prefixes are the shorter sizes)."""
    folder = root / "long"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}-p{players}-e{events}-s{seed}.json"
    if path.is_file():
        return path
    rules = GAMES[game]
    names = NAMES[:players]
    options = long_options(game)
    produced = tuple(islice(simulate(rules, names, options, random.Random(seed)), events))
    if len(produced) < events:
        raise RuntimeError(f"the {game} session ended after {len(produced)} events")
    transcript = Transcript(game=game, players=names, options=options, events=produced,
                            meta={"note": f"bench session: {events} events, seed {seed}"})
    partial = path.with_suffix(".part")
    partial.write_text(json.dumps(dump_transcript(transcript)) + "\n", encoding="utf-8")
    partial.replace(path)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build (or reuse) the simulated benchmark corpus.",
        epilog="Default folder: " + str(default_folder(1000, 0)),
    )
    parser.add_argument("--out", type=Path, help="folder of the corpus (default: a temp folder)")
    parser.add_argument("--count", type=int, default=1000, help="transcripts per game (1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the corpus (0)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: CPUs)")
    parser.add_argument("--games", nargs="+", choices=GAME_NAMES, default=list(GAME_NAMES))
    parser.add_argument("--rebuild", action="store_true", help="write every file again")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    corpus = build(args.out, count=args.count, seed=args.seed, games=args.games,
                   jobs=args.jobs, rebuild=args.rebuild)
    print(corpus.root)
    for game in args.games:
        events = corpus.events[game]
        print(f"  {game:<13} {len(events):5d} files {sum(events):8d} events "
              f"({sum(events) / len(events):.0f} per file)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
