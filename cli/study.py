"""``cardcore study``: play many games and say what the rules make of them.

The games are played by :mod:`cardcore.replay.study` in chunks, here, in
``--jobs`` processes or on a Dask cluster (``--scheduler``); the study is the
same for the same seed whatever ran it. Text for people, and ``--format json``
(``"study_format": "cardcore-study/1"``) for programs; ``--chart PAGE`` adds the
charts (:mod:`cardcore.cli.study_page`).
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import click

from cardcore.cli.inputs import FORMATS, STDIN, emit_json, game_argument, seed_option
from cardcore.cli.output import check_place, write_file
from cardcore.cli.render import say
from cardcore.errors import SetupError
from cardcore.quoting import json_number, visible
from cardcore.registry import GAMES
from cardcore.replay.changes import OptionSyntaxError, parse_assignments
from cardcore.replay.cluster import ClusterError, executor
from cardcore.replay.study import (
    PolicyFailed,
    PolicyNameError,
    Study,
    StudySpec,
    check_policies,
    read_policies,
    run_study,
    seat_name,
)
from cardcore.replay.tally import Counts, Paired, Tally, mean_interval, wilson
from cardcore.replay.transcript import TranscriptError, read_options

__all__ = ["STUDY_FORMAT", "study", "study_json"]

STUDY_FORMAT = "cardcore-study/1"
"""The version of ``study --format json``'s shape."""


def _options(game: str, players: int, texts: tuple[str, ...], hint: str) -> Any:
    rules = GAMES[game]
    names = tuple(f"P{n}" for n in range(1, players + 1))
    try:
        raw = parse_assignments(texts)
        return read_options(rules, raw, names)
    except OptionSyntaxError as error:
        raise click.BadParameter(str(error), param_hint=hint) from None
    except TranscriptError as error:
        words = "; ".join(f"{p.pointer}: {p.message}" for p in error.problems)
        raise click.BadParameter(words, param_hint=hint) from None


def _quantile(histogram: Counts[Any], fraction: float) -> Any:
    """The value below which ``fraction`` of the counts lie (the lower one on a tie)."""
    total = sum(count for _, count in histogram)
    goal = fraction * total
    seen = 0
    for value, count in histogram:
        seen += count
        if seen >= goal:
            return value
    return histogram[-1][0] if histogram else 0


def _number(value: Any) -> Any:
    """A final figure as a transcript writes it (a fraction as "23/3"): the one
    Fraction-to-JSON, :func:`cardcore.quoting.json_number`."""
    return json_number(value)


def _distribution(histogram: Counts[Any]) -> dict[str, Any]:
    """Mean, min, quartiles and max of a histogram."""
    total = sum(count for _, count in histogram)
    mean = sum(Fraction(value) * count for value, count in histogram) / total if total else 0
    return {"mean": round(float(mean), 2), "min": _number(histogram[0][0]) if histogram else 0,
            "p25": _number(_quantile(histogram, 0.25)),
            "median": _number(_quantile(histogram, 0.5)),
            "p75": _number(_quantile(histogram, 0.75)),
            "max": _number(histogram[-1][0]) if histogram else 0}


def _tally_json(tally: Tally, players: list[str]) -> dict[str, Any]:
    games = tally.games
    return {
        "games": games,
        "wins": [{"seat": name, "wins": wins, "rate": round(wins / games, 4) if games else 0,
                  "interval": list(wilson(wins, games))}
                 for name, wins in zip(players, tally.wins, strict=True)],
        "shared_wins": tally.shared,
        "events": _distribution(tally.events),
        "deals": _distribution(tally.deals),
        "endings": [{"ending": ending, "games": count}
                    for ending, count in sorted(tally.endings, key=lambda p: (-p[1], p[0]))],
        "rules": [{"rule": rule, "games": count, "effects": dict(tally.rule_effects)[rule]}
                  for rule, count in tally.rule_games],
        "finals": [{"seat": name, **_distribution(histogram)}
                   for name, histogram in zip(players, tally.finals, strict=True)],
    }


def _interval(sums: Any) -> dict[str, float]:
    mean, low, high = mean_interval(sums)
    return {"mean": mean, "low": low, "high": high}


def _paired_json(paired: Paired, players: list[str]) -> dict[str, Any]:
    return {
        "wins": [{"seat": name, **_interval(sums)}
                 for name, sums in zip(players, paired.wins, strict=True)],
        "finals": [{"seat": name, **_interval(sums)}
                    for name, sums in zip(players, paired.finals, strict=True)],
        "events": _interval(paired.events),
    }


def study_json(result: Study) -> dict[str, Any]:
    """The study as ``--format json`` prints it."""
    spec = result.spec
    players = [seat_name(seat) for seat in range(spec.players)]
    rules = GAMES[spec.game]
    data: dict[str, Any] = {
        "study_format": STUDY_FORMAT, "game": spec.game, "players": spec.players,
        "games": spec.games, "seed": spec.seed, "policy": spec.policy or "random",
        "policies": [{"seat": name, "policy": policy or "random"}
                     for name, policy in zip(players, spec.policies(), strict=True)],
        "options": _options_json(spec.options, rules),
        "base": _tally_json(result.base, players),
    }
    if result.versus is not None and result.paired is not None:
        data["versus_options"] = _options_json(spec.versus, rules)
        data["versus"] = _tally_json(result.versus, players)
        data["difference"] = _paired_json(result.paired, players)
    return data


def _options_json(options: Any, rules: Any) -> dict[str, Any]:
    """Every option with its value, as ``cardcore games`` lists them."""
    return attrs.asdict(options if options is not None else rules.options_type())


def _share(part: int, whole: int) -> str:
    """A percentage that never reads 0.00% for a few games, nor 100.00% for all but a few."""
    if 0 < part < whole and (part / whole < 0.0001 or part / whole > 0.9999):
        return "   <0.01%" if part / whole < 0.0001 else "  >99.99%"
    return f"{part / whole:9.2%}" if whole else "        -"


def _print_tally(data: dict[str, Any], title: str) -> None:
    click.echo(click.style(title, bold=True))
    click.echo("  win rate per seat (95% Wilson interval):")
    for row in data["wins"]:
        low, high = row["interval"]
        click.echo(f"    {row['seat']:<4} {row['rate']:7.2%}  [{low:.2%}, {high:.2%}]  "
                   f"{row['wins']} wins")
    if data["shared_wins"]:
        click.echo(f"    ({data['shared_wins']} games won by more than one seat)")
    for key, words in (("events", "events per game"), ("deals", "deals per game")):
        d = data[key]
        click.echo(f"  {words}: mean {d['mean']}, min {d['min']}, quartiles {d['p25']} / "
                   f"{d['median']} / {d['p75']}, max {d['max']}")
    click.echo("  how the games ended (games, share):")
    for row in data["endings"]:
        click.echo(f"    {row['games']:>9} {_share(row['games'], data['games'])}  "
                   f"{row['ending']}")
    click.echo("  rules that decided something (games, share, effects):")
    for row in data["rules"]:
        click.echo(f"    {row['rule']:<8} {row['games']:>9} "
                   f"{_share(row['games'], data['games'])}  {row['effects']}")
    click.echo("  final chips or points per seat:")
    for row in data["finals"]:
        click.echo(f"    {row['seat']:<4} mean {row['mean']}, min {row['min']}, quartiles "
                   f"{row['p25']} / {row['median']} / {row['p75']}, max {row['max']}")


def _print_difference(data: dict[str, Any]) -> None:
    click.echo(click.style("versus minus base, same seeds (mean, 95% interval)", bold=True))
    for key, words in (("wins", "win rate"), ("finals", "final figure")):
        click.echo(f"  {words}:")
        for row in data[key]:
            click.echo(f"    {row['seat']:<4} {row['mean']:+.4f}  [{row['low']:+.4f}, "
                       f"{row['high']:+.4f}]")
    d = data["events"]
    click.echo(f"  events: {d['mean']:+.4f}  [{d['low']:+.4f}, {d['high']:+.4f}]")


def _policies(data: dict[str, Any]) -> str:
    """Who played: ``policy NAME`` when every seat played the same, else each
    seat's (``policies P1 mybots:Cautious, P2 random``), so that the win rates
    read as one seat's policy against the others'."""
    names = [row["policy"] for row in data["policies"]]
    if len(set(names)) == 1:
        return f"policy {names[0]}"
    return "policies " + ", ".join(f"{row['seat']} {row['policy']}"
                                   for row in data["policies"])


def _print(data: dict[str, Any], seconds: float) -> None:
    """The tables on standard output; the time taken on a terminal's standard error."""
    click.echo(f"{data['games']} games of {data['game']}, {data['players']} players, seeds "
               f"{data['seed']} to {data['seed'] + data['games'] - 1}, {_policies(data)}")
    _print_tally(data["base"], f"options {data['options']}")
    if "versus" in data:
        _print_tally(data["versus"], f"versus {data['versus_options']}")
        _print_difference(data["difference"])
    if sys.stderr.isatty():  # not into a log: the tables are the same every run, this is not
        games = data["games"] * (2 if "versus" in data else 1)
        rate = games / seconds if seconds > 0 else 0.0
        click.echo(f"played {games} games in {seconds:.1f} s ({rate:.0f} games/s)", err=True)


@click.command()
@click.argument("game", callback=lambda ctx, param, value: game_argument(value))
@click.option("--games", "count", type=click.IntRange(min=1), required=True,
              help="how many games to play")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="how many seats (default: the game's fewest)")
@click.option("--option", "assignments", multiple=True, metavar="KEY=VALUE",
              help="a rule option for every game (repeatable): rising_ante=true")
@click.option("--versus", "versus", multiple=True, metavar="KEY=VALUE",
              help="play every game again with these options laid over --option, and "
                   "report the differences with 95% intervals (repeatable; 2 games at least)")
@click.option("--seed", type=int, default=0, show_default=True, callback=seed_option,
              help="game i is dealt with seed SEED + i (SEED: a whole number of 0 or more)")
@click.option("--policy", "policy", multiple=True, metavar="[SEAT=]MODULE:NAME",
              help="MODULE:NAME makes every seat's policy: a class or function called "
                   "with the seat's seed, or with nothing if it takes no argument. "
                   "SEAT=MODULE:NAME makes one seat's (repeatable), the seat named as the "
                   "report names seats, P1 the first: P1=mybots:Cautious. Seats given none "
                   "play the policy given without a seat, or at random (the default)")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="play in this many local processes (the study is the same)")
@click.option("--scheduler", metavar="ADDRESS",
              help="play on the Dask cluster at ADDRESS (tcp://host:8786; "
                   "pip install 'cardcore[dask]')")
@click.option("--chart", "page", metavar="PAGE", type=click.Path(dir_okay=False),
              help="also write charts of the study to PAGE, one HTML file that opens "
                   "offline (study.html)")
def study(game: str, count: int, players: int | None, assignments: tuple[str, ...],
          versus: tuple[str, ...], seed: int, policy: tuple[str, ...], fmt: str, jobs: int,
          scheduler: str | None, page: str | None) -> None:
    """Play GAME --games times with random players (or --policy) and report the win
    rate per seat, game lengths, how the games ended, the rules that decided
    something and the final chips or points; with --versus, the differences
    over the same seeds.

    --policy P1=mybots:Cautious plays your bot in seat P1 against random
    players in the others: P1's win rate is your bot's against random play
    (and --policy P2=... gives it by seat). The report's first line names
    each seat's policy.

    With --chart PAGE, also charts of it in one HTML page: the win rates with
    their intervals, the spread of the final chips or points and of the game
    lengths, and with --versus both option sets side by side and the
    differences. The page runs no script and fetches nothing.

    The same seed gives the same study, whatever --jobs or --scheduler.

    A --policy that cannot make a policy, or names a seat the study does not
    have or a seat twice, is refused before any game (exit 2);
    a policy that raises or answers what it may not in play stops the study,
    naming the game's seed and the seat (exit 1).
    """
    rules = GAMES[game]
    seats = players or rules.min_players
    try:
        rules.setup([f"P{n}" for n in range(1, seats + 1)])
    except SetupError as error:
        raise click.BadParameter(str(error), param_hint="--players") from None
    options = _options(game, seats, assignments, "--option")
    other = _options(game, seats, assignments + versus, "--versus") if versus else None
    if versus and count < 2:  # one paired difference has no spread to give an interval
        raise click.BadParameter("--versus compares the same seeds under two option sets, "
                                 "and its intervals need 2 games at least", param_hint="--games")
    try:
        everyone, each = read_policies(policy)
        spec = StudySpec(game=game, players=seats, games=count, seed=seed, options=options,
                         versus=other, policy=everyone, seat_policies=each)
        check_policies(spec)
    except PolicyNameError as error:
        raise click.BadParameter(visible(str(error)), param_hint="--policy") from None
    if page is not None:  # before the games are played, not after
        _check_page(page)
    started = time.perf_counter()
    try:
        with executor(jobs=jobs, scheduler=scheduler) as run:
            if sys.stderr.isatty():
                with click.progressbar(length=count, label="playing", file=sys.stderr,
                                       show_pos=True) as bar:
                    result = run_study(spec, run, done=bar.update)
            else:
                result = run_study(spec, run)
    except ClusterError as error:
        raise click.UsageError(str(error)) from None
    except PolicyNameError as error:  # a maker that makes no policy for a later seed
        raise click.BadParameter(visible(str(error)), param_hint="--policy") from None
    except PolicyFailed as error:  # exit 1, as a game that breaks a rule
        given = " ".join(f"--policy {text}" for text in policy)
        raise click.ClickException(f"{visible(given)} failed in play: "
                                   f"{visible(str(error))}") from None
    seconds = time.perf_counter() - started
    data = study_json(result)
    if fmt == "json":
        emit_json(data)
    else:
        _print(data, seconds)
    if page is not None:
        from cardcore.cli.study_page import study_page

        write_file(Path(page), study_page(result, data["options"], data.get("versus_options")))
        say(f"wrote {page}: open it in any browser (it needs no network)", err=True)


def _check_page(page: str) -> None:
    """A page can be written where --chart says (its folder exists and can be written)."""
    if page == STDIN:
        raise click.BadParameter("name a file for the page: standard output holds the "
                                 "study's tables", param_hint="--chart")
    check_place(Path(page), "--chart")
