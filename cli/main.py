"""``cardcore``: validate, replay, diff and simulate transcripts of card games.

Exit status (``cardcore rules transcript``): 0 all valid (or failing exactly as
``expect`` says), 1 some broke a rule or a check/result disagreed, 2 some could
not be read as transcripts, or bad usage, 3 cardcore failed on a file (a bug to
report; the other files are still judged).
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import click

from cardcore.cli.record import record as record_command
from cardcore.cli.render import (
    REPORT_FORMAT,
    effect_json,
    plural,
    problem_lines,
    report_json,
    standings_lines,
    step_json,
    step_lines,
    unchecked_text,
)
from cardcore.cli.rules import rules as rules_command
from cardcore.protocol import SetupError
from cardcore.registry import GAMES
from cardcore.replay.convert import StructureFailure, structure
from cardcore.replay.diff import Diff, diff_transcripts
from cardcore.replay.jsonload import JsonError, parse_json
from cardcore.replay.runner import Report, internal_error, replay_file
from cardcore.replay.transcript import (
    Transcript,
    TranscriptError,
    dump_transcript,
    event_json,
    read_transcript,
)

__all__ = ["main"]

FORMATS = click.Choice(["text", "json"])


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


STDIN = "-"
"""The path that means standard input."""


def _files(paths: tuple[str, ...]) -> Iterator[str]:
    """The files to read: files as given, folders searched for *.json (any case)."""
    for name in paths:
        path = Path(name)
        if name != STDIN and path.is_dir():
            found = (p for p in path.rglob("*") if p.suffix.lower() == ".json" and p.is_file())
            yield from (str(p) for p in sorted(found))
        else:
            yield name


def _replay(name: str, *, steps: bool = False, stop_after: int | None = None) -> Report:
    if name == STDIN:
        stream = sys.stdin.buffer
        return replay_file(stream, name="<stdin>", steps=steps, stop_after=stop_after)
    return replay_file(Path(name), steps=steps, stop_after=stop_after)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardcore")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Rule engines for Goblin Poker, Orc Poker, Saint Poker and Abbott's Auction.

    Write down a game as a JSON transcript (hidden cards as "?") and let
    cardcore derive the chips or points, explain every payment with its rule,
    and locate every mistake in the record. The transcript format is shown by
    `cardcore rules transcript`; the rules, with the IDs every message cites,
    by `cardcore rules GAME` (offline, shipped with cardcore).

    Colour is used on a terminal only, and never when NO_COLOR is set.
    """
    if os.environ.get("NO_COLOR"):
        ctx.color = False


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True,
              help="text for people, json for programs")
@click.option("-q", "--quiet", is_flag=True,
              help="text: print only the files that fail, and the summary")
def validate(paths: tuple[str, ...], fmt: str, quiet: bool) -> None:
    """Check transcripts: files, folders (searched for *.json), or - for standard input.

    Each file's result is printed as soon as it is known.

    Exit status: 0 every file is valid (a fixture with "expect" is valid when
    it fails exactly as expected), 1 one broke a rule or a check disagreed,
    2 one could not be read as a transcript (or bad usage), 3 cardcore failed
    on one (a bug to report; the other files are still judged).
    """
    names = iter(_files(paths))
    first = next(names, None)
    if first is None:
        raise click.UsageError("no *.json files found in the given folders")
    reports = (_replay(name) for name in (first, *names))
    sys.exit(_stream_json(reports) if fmt == "json" else _stream_text(reports, quiet))


def _stream_json(reports: Iterator[Report]) -> int:
    """Print ``{"report_format", "files": [...]}`` one file at a time; the worst exit code."""
    click.echo(f'{{\n  "report_format": {json.dumps(REPORT_FORMAT)},\n  "files": [', nl=False)
    worst = 0
    for index, report in enumerate(reports):
        entry = json.dumps(report_json(report), indent=2, ensure_ascii=False)
        click.echo(("," if index else "") + "\n    " + entry.replace("\n", "\n    "), nl=False)
        worst = max(worst, report.exit_code)
    click.echo("\n  ]\n}")
    return worst


def _stream_text(reports: Iterator[Report], quiet: bool) -> int:
    """Print each file's result as it comes, then the summary; the worst exit code."""
    counts = {"valid": 0, "invalid": 0, "unreadable": 0, "internal": 0}
    worst = 0
    for report in reports:
        if not (quiet and report.valid):
            _print_validation(report)
        kind = ("internal" if report.internal else "valid" if report.valid
                else "invalid" if report.readable else "unreadable")
        counts[kind] += 1
        worst = max(worst, report.exit_code)
    total = sum(counts.values())
    summary = (f"{plural(total, 'file')}: {counts['valid']} valid, {counts['invalid']} invalid, "
               f"{counts['unreadable']} unreadable")
    if counts["internal"]:
        summary += f", {counts['internal']} failed inside cardcore (please report)"
    click.echo(summary)
    return worst


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
    label = "ERROR" if report.internal else "FAIL " if report.readable else "BAD  "
    click.echo(f"{click.style(label, fg='red')}{report.path}")
    for line in problem_lines(report.path, report.problems):
        click.echo(line)
    if report.expect is not None:
        wanted = ", ".join(f"{e.pointer} {e.rule or e.kind or ''}".strip() for e in report.expect)
        click.echo(f"  expected exactly: {wanted or 'no problems'}")
    stopped = unchecked_text(report)
    if stopped is not None:
        click.echo(f"  {stopped}")
    if report.readable and report.outcome is not None:
        where = "" if report.stopped_at is None else f" (before event {report.stopped_at})"
        click.echo(f"  derived{where}: " + "; ".join(standings_lines(report.outcome)))


def _parse_at(text: str | None) -> int | None:
    if text is None:
        return None
    raw = text.removeprefix("/events/").split("/")[0] if text.startswith("/") else text
    if not raw.isdigit():
        raise click.BadParameter(f"{text!r}: give an event index (12) or a pointer (/events/12)",
                                 param_hint="--at")
    return int(raw)


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--at", "at", metavar="POINTER|INDEX",
              help="stop after this event (an index like 12, or a pointer like /events/12); "
                   "an event past the end is an error")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
def replay(file: str, at: str | None, fmt: str) -> None:
    """Tell a game event by event: every derived effect with its rule, then the standings.

    FILE may be - for standard input.

    Exit status: 0 valid, 1 an event broke a rule or a check or the result
    disagrees with the rules, 2 the file is not a readable transcript (or bad
    usage, such as --at past the last event), 3 cardcore failed on the file (a
    bug to report).
    """
    stop = _parse_at(at)
    report = _replay(file, steps=True, stop_after=stop)
    transcript = report.transcript
    if stop is not None and transcript is not None and stop >= len(transcript.events):
        count = len(transcript.events)
        last = f"the events are 0 to {count - 1}" if count else "it has no events"
        raise click.BadParameter(f"{at!r} is past the end: the transcript has "
                                 f"{plural(count, 'event')} ({last})", param_hint="--at")
    if fmt == "json":
        data = {"report_format": REPORT_FORMAT, **report_json(report)}
        data["events"] = [step_json(step) for step in report.steps]
        _emit_json(data)
        sys.exit(report.exit_code)
    if transcript is None:
        what = "cardcore failed on it" if report.internal else "not a readable transcript"
        click.echo(f"{click.style('BAD  ', fg='red')}{report.path}: {what}")
        for line in problem_lines(report.path, report.problems):
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
    if report.problems:
        click.echo(click.style("problems:", fg="red"))
        for line in problem_lines(report.path, report.problems):
            click.echo(line)
    stopped = unchecked_text(report)
    if stopped is not None:
        click.echo(stopped)
    where = (f"before event #{report.stopped_at}" if report.stopped_at is not None
             else f"after event #{stop}" if stop is not None else "standings")
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
    is no difference. A record that breaks a rule or disagrees with its own
    checks is said to be invalid, with its problems.

    Exit status: 0 the outcomes are the same, 1 they differ, 2 a file cannot
    be read as a transcript, or the two are not records of one game (other
    game, players or options), 3 cardcore failed on a file (a bug to report).
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
        except Exception as error:  # a bug: say what to report, no traceback
            for line in problem_lines(path, [internal_error(path, error)]):
                click.echo(line)
            sys.exit(3)
    result = diff_transcripts(*transcripts)
    if fmt == "json":
        _emit_json(_diff_json(result, left, right))
    else:
        _print_diff(result, left, right)
    sys.exit(2 if not result.comparable else 0 if result.same_outcome else 1)


def _event_at(report: Report | None, index: int | None) -> Any:
    if report is None or report.transcript is None or index is None:
        return None
    events = report.transcript.events
    return event_json(events[index]) if index < len(events) else None


def _diff_json(result: Diff, left: str, right: str) -> dict[str, Any]:
    data: dict[str, Any] = {"report_format": REPORT_FORMAT, "left": left, "right": right,
                            "comparable": result.comparable, "same_outcome": result.same_outcome}
    if not result.comparable:
        data["reason"] = result.reason
        return data
    data["parting"] = None if result.parting is None else f"/events/{result.parting}"
    data["left_event"] = _event_at(result.left, result.parting)
    data["right_event"] = _event_at(result.right, result.parting)
    data["differences"] = [{"what": w, "left": a, "right": b} for w, a, b in result.differences]
    for side, report in (("left", result.left), ("right", result.right)):
        assert report is not None
        data[f"{side}_valid"] = report.valid
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
    invalid = [labels[side] for side, report in (("left", result.left), ("right", result.right))
               if report is not None and not report.valid]
    if result.parting is None and invalid:
        click.echo(f"no event differs, but {' and '.join(invalid)} "
                   f"{'is' if len(invalid) == 1 else 'are'} not valid (problems below)")
    elif result.parting is None:
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
            click.echo(f"{labels[side]} is not valid; its problems:")
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
            click.echo(f"from the parting on, only in {labels[side]}:")
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


def _option_words(failure: StructureFailure) -> str:
    """``rounds: option 'rounds' must be ...`` rather than Python's paths."""
    return "; ".join(message if not path or str(path[0]) in message
                     else f"{'.'.join(str(part) for part in path)}: {message}"
                     for path, message in failure.failures)


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
    except JsonError as error:
        raise click.BadParameter("; ".join(p.message for p in error.problems),
                                 param_hint="--options") from None
    except StructureFailure as error:
        raise click.BadParameter(_option_words(error), param_hint="--options") from None
    except SetupError as error:
        raise click.BadParameter(str(error), param_hint="--players") from None
    data = dump_transcript(transcript)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


main.add_command(rules_command)
main.add_command(record_command)

if __name__ == "__main__":
    main()
