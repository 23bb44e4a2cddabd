"""``cardcore``: validate, replay, diff and simulate transcripts of four card games.

Exit status (TRANSCRIPT.md): 0 all valid (or failing exactly as ``expect``
says), 1 some broke a rule or a check/result disagreed, 2 some could not be read
as transcripts, or bad usage.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import click
from cardcore.cli.render import (
    effect_json,
    problem_lines,
    report_json,
    standings_lines,
    step_json,
    step_lines,
)
from cardcore.cli.rules import rules as rules_command
from cardcore.replay.convert import StructureFailure, structure
from cardcore.replay.diff import Diff, diff_transcripts
from cardcore.replay.jsonload import JsonError, parse_json
from cardcore.replay.runner import Report, replay_file
from cardcore.replay.transcript import (
    Transcript,
    TranscriptError,
    dump_transcript,
    event_json,
    read_transcript,
)

from cardcore.protocol import SetupError
from cardcore.registry import GAMES

__all__ = ["main"]

FORMATS = click.Choice(["text", "json"])


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _files(paths: tuple[str, ...]) -> Iterator[Path]:
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.json") if p.is_file())
        else:
            yield path


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardcore")
def main() -> None:
    """Rule engines for Goblin Poker, Orc Poker and Saint Poker.

    Write down a game as a JSON transcript (hidden cards as "?") and let
    cardcore derive the chips or points, explain every payment with its rule,
    and locate every mistake in the record. The format is described in
    TRANSCRIPT.md; the rules, with their IDs, in RULES.md.
    """


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True,
              help="text for people, json for programs")
def validate(paths: tuple[str, ...], fmt: str) -> None:
    """Check transcripts (files, or folders searched for *.json).

    Exit 0 when every file is valid (a fixture with "expect" is valid when it
    fails exactly as expected), 1 when one broke a rule or a check disagreed,
    2 when one could not be read as a transcript.
    """
    reports = [replay_file(path) for path in _files(paths)]
    if not reports:
        raise click.UsageError("no *.json files found in the given folders")
    if fmt == "json":
        _emit_json({"files": [report_json(r) for r in reports]})
    else:
        for report in reports:
            _print_validation(report)
        valid = sum(r.valid for r in reports)
        unreadable = sum(not r.valid and not r.readable for r in reports)
        click.echo(f"{len(reports)} files: {valid} valid, {len(reports) - valid - unreadable} "
                   f"invalid, {unreadable} unreadable")
    sys.exit(max(r.exit_code for r in reports))


def _print_validation(report: Report) -> None:
    if report.valid:
        mark = click.style("ok   ", fg="green")
        if report.expect:
            count = len(report.problems)
            detail = f"fails as expected ({count} problem{'s' if count != 1 else ''})"
        else:
            detail = "; ".join(standings_lines(report.outcome))
        click.echo(f"{mark}{report.path}: {detail}")
        return
    label = "FAIL " if report.readable else "BAD  "
    click.echo(f"{click.style(label, fg='red')}{report.path}")
    for line in problem_lines(report.path, report.problems):
        click.echo(line)
    if report.expect is not None:
        wanted = ", ".join(f"{e.pointer} {e.rule or e.kind or ''}".strip() for e in report.expect)
        click.echo(f"  expected exactly: {wanted or 'no problems'}")
    if report.readable and report.outcome is not None:
        click.echo("  derived: " + "; ".join(standings_lines(report.outcome)))


def _parse_at(text: str | None) -> int | None:
    if text is None:
        return None
    raw = text.removeprefix("/events/").split("/")[0] if text.startswith("/") else text
    if not raw.isdigit():
        raise click.BadParameter(f"{text!r}: give an event index (12) or a pointer (/events/12)",
                                 param_hint="--at")
    return int(raw)


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--at", "at", metavar="POINTER|INDEX",
              help="stop after this event (an index like 12, or a pointer like /events/12)")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def replay(file: str, at: str | None, fmt: str) -> None:
    """Tell a game event by event: every derived effect with its rule, then the standings."""
    stop = _parse_at(at)
    report = replay_file(Path(file), steps=True, stop_after=stop)
    if fmt == "json":
        data = report_json(report)
        data["events"] = [step_json(step) for step in report.steps]
        _emit_json(data)
        sys.exit(report.exit_code)
    transcript = report.transcript
    if transcript is None:
        click.echo(f"{click.style('BAD  ', fg='red')}{file}: not a readable transcript")
        for line in problem_lines(file, report.problems):
            click.echo(line)
        sys.exit(report.exit_code)
    _print_header(transcript)
    position = None
    for step in report.steps:
        if step.position != position:
            position = step.position
            click.echo(click.style(f"-- {position} --", bold=True))
        for line in step_lines(step):
            click.echo(line)
    if stop is not None and stop >= len(transcript.events):
        click.echo(f"(the transcript has only {len(transcript.events)} events)")
    if report.problems:
        click.echo(click.style("problems:", fg="red"))
        for line in problem_lines(file, report.problems):
            click.echo(line)
    where = f"after event #{stop}" if stop is not None else "standings"
    click.echo(click.style(f"{where}: ", bold=True) + "; ".join(standings_lines(report.outcome)))
    sys.exit(report.exit_code)


def _print_header(transcript: Transcript) -> None:
    rules = transcript.rules
    options = dump_transcript(transcript).get("options", {})
    click.echo(f"{rules.title}: {', '.join(transcript.players)}"
               + (f"  options {json.dumps(options)}" if options else ""))


@main.command()
@click.argument("left", type=click.Path(exists=True, dir_okay=False))
@click.argument("right", type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def diff(left: str, right: str, fmt: str) -> None:
    """Where two transcripts of one game part, and what that changes in the outcome.

    Notes are ignored, and a card one record knows and the other leaves unknown
    is no difference. Exit 0 when the outcomes are the same, 1 when they differ,
    2 when a file cannot be read as a transcript.
    """
    transcripts = []
    for path in (left, right):
        try:
            transcripts.append(read_transcript(Path(path)))
        except TranscriptError as error:
            click.echo(f"{click.style('BAD  ', fg='red')}{path}: not a readable transcript")
            for line in problem_lines(path, error.problems):
                click.echo(line)
            sys.exit(2)
    result = diff_transcripts(*transcripts)
    if fmt == "json":
        _emit_json(_diff_json(result, left, right))
    else:
        _print_diff(result, left, right)
    sys.exit(0 if result.same_outcome else 1)


def _event_at(report: Report | None, index: int | None) -> Any:
    if report is None or report.transcript is None or index is None:
        return None
    events = report.transcript.events
    return event_json(events[index]) if index < len(events) else None


def _diff_json(result: Diff, left: str, right: str) -> dict[str, Any]:
    data: dict[str, Any] = {"left": left, "right": right, "comparable": result.comparable,
                            "same_outcome": result.same_outcome}
    if not result.comparable:
        data["reason"] = result.reason
        return data
    data["parting"] = None if result.parting is None else f"/events/{result.parting}"
    data["left_event"] = _event_at(result.left, result.parting)
    data["right_event"] = _event_at(result.right, result.parting)
    data["differences"] = [{"what": w, "left": a, "right": b} for w, a, b in result.differences]
    for side, report in (("left", result.left), ("right", result.right)):
        assert report is not None
        data[f"{side}_problems"] = [p.to_json() for p in report.problems]
        data[f"{side}_final"] = report_json(report)["final"]
        data[f"{side}_effects"] = [
            {"index": index, **effect_json(effect)}
            for index, effect in result.effects_after_parting(side)
        ]
    return data


def _words(value: object) -> str:
    if value is None:
        return "none yet"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "nobody"
    return str(value)


def _print_diff(result: Diff, left: str, right: str) -> None:
    if not result.comparable:
        click.echo(f"not records of one game: {result.reason}")
        return
    labels = {"left": f"A ({left})", "right": f"B ({right})"}
    if result.parting is None:
        click.echo("the records agree event by event")
    else:
        click.echo(click.style(f"the records part at event #{result.parting} "
                               f"(/events/{result.parting}):", bold=True))
        for side, report in (("left", result.left), ("right", result.right)):
            event = _event_at(report, result.parting)
            shown = json.dumps(event, ensure_ascii=False) if event else "(no more events)"
            click.echo(f"  {labels[side]}: {shown}")
    for side, report in (("left", result.left), ("right", result.right)):
        assert report is not None
        if report.problems:
            click.echo(f"problems in {labels[side]}:")
            for line in problem_lines(None, report.problems):
                click.echo(line)
    if result.same_outcome:
        click.echo("same outcome: " + "; ".join(standings_lines(result.left.outcome
                                                                 if result.left else None)))
        return
    click.echo(click.style("the outcomes differ:", bold=True))
    for what, a, b in result.differences:
        click.echo(f"  {what}: A {_words(a)}, B {_words(b)}")
    for side in ("left", "right"):
        effects = result.effects_after_parting(side)
        if effects:
            click.echo(f"from the parting on, in {labels[side]}:")
            for index, effect in effects:
                transfers = "; ".join(str(t) for t in effect.transfers)
                click.echo(f"  #{index} {effect.text} ({effect.rule})"
                           + (f"  [{transfers}]" if transfers else ""))


@main.command()
def schema() -> None:
    """Print the JSON Schema of the transcript format (generated from the engines)."""
    from cardcore.replay.schema import transcript_schema

    _emit_json(transcript_schema())


@main.command()
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def games(fmt: str) -> None:
    """List the games, their player counts and options with defaults."""
    rows: list[dict[str, Any]] = []
    for rules in GAMES.values():
        defaults = attrs.asdict(rules.options_type())
        rows.append({"game": rules.name, "title": rules.title,
                     "players": [rules.min_players, rules.max_players], "options": defaults})
    if fmt == "json":
        _emit_json({"games": rows})
        return
    for row in rows:
        low, high = row["players"]
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in row["options"].items())
        click.echo(f"{row['game']:<14} {row['title']:<16} {low}-{high} players  {options}")


def _players(text: str) -> list[str]:
    if text.isdigit():
        return [f"P{n}" for n in range(1, int(text) + 1)]
    return [name.strip() for name in text.split(",")]


@main.command()
@click.argument("game", type=click.Choice(sorted(GAMES)))
@click.option("--players", default="3", show_default=True,
              help="how many players (names P1, P2, ...), or names separated by commas")
@click.option("--seed", type=int, default=0, show_default=True, help="the random seed")
@click.option("--options", "options_text", default="{}", metavar="JSON",
              help='rule options as a JSON object, e.g. \'{"games": 5}\'')
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="write the transcript here instead of standard output")
def simulate(game: str, players: str, seed: int, options_text: str, output: str | None) -> None:
    """Write a legal random full-information transcript of GAME.

    The same seed, players and options always give the same transcript.
    """
    rules = GAMES[game]
    names = _players(players)
    try:
        raw = parse_json(options_text)
        options = structure(raw, rules.options_type)
        transcript = Transcript(
            game=game, players=tuple(names), options=options,
            events=tuple(rules.simulate(names, options, random.Random(seed))),
            meta={"note": f"simulated with seed {seed}"},
        )
    except (JsonError, StructureFailure) as error:
        raise click.BadParameter(str(error), param_hint="--options") from None
    except SetupError as error:
        raise click.BadParameter(str(error), param_hint="--players") from None
    data = dump_transcript(transcript)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


main.add_command(rules_command)

if __name__ == "__main__":
    main()
