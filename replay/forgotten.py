"""Forgotten cards: judge every value a card nobody remembers could have had.

A transcript writes ``"!"`` (:data:`cardcore.replay.leaves.FORGOTTEN`) where a
card was seen but nobody remembers it. The loaders refuse it as a card, each at
its pointer; :func:`judge_forgotten` then puts every card of the game's deck in
its place (every combination, for several), replays each, and says whether the
outcome depends on it. The card account is the judge of what is possible: a value
whose copies are all known elsewhere (C-1), or that breaks any other rule, makes
its replay stop with a rule problem, and that branch is dropped as impossible.

Only a file with a forgotten card comes here (after its load failed), so
validating any other file costs nothing more. The combinations are bounded
(:data:`MAX_COMBINATIONS`): past the bound the file is refused with a problem,
never sampled, since a sample could miss the one value that changes the winner.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from cardcore.cards import UNKNOWN
from cardcore.protocol import Outcome
from cardcore.replay.jsonwrite import json_number
from cardcore.replay.problems import CHECK, RULE, Problem, pointer, split_pointer
from cardcore.replay.transcript import Transcript, TranscriptError, load_transcript

if TYPE_CHECKING:
    from cardcore.replay.expected_problems import ExpectedProblem
    from cardcore.replay.steps import Step

__all__ = ["MAX_COMBINATIONS", "Judgement", "Replayed", "judge_forgotten"]


class Replayed(Protocol):
    """What this module reads of one replay (the runner's report): it judges the
    branches and the runner makes the file's report, so neither imports the other."""

    @property
    def problems(self) -> tuple[Problem, ...]: ...
    @property
    def outcome(self) -> Outcome | None: ...
    @property
    def steps(self) -> tuple[Step, ...]: ...
    @property
    def stopped_at(self) -> int | None: ...


R = TypeVar("R", bound=Replayed)


@attrs.frozen(kw_only=True)
class Judgement(Generic[R]):
    """The verdict on a file with forgotten cards, for the runner to report."""

    problems: tuple[Problem, ...] = ()
    """The file's problems: the branches' words, a refusal, or the format problems
    of a file that is not a transcript with "?" in their place either."""
    more: int = 0
    """Format problems beyond those kept."""
    report: R | None = None
    """The one replay that stands for the file: the one outcome's, or the first
    branch's when a rule is broken before the first forgotten card."""
    note: str | None = None
    """The outcome does not depend on the cards: which values give it."""
    expect: tuple[ExpectedProblem, ...] | None = None
    """The file's ``expect``, when there is no ``report`` to carry it."""
    judged: bool = True
    """False when the file was not read far enough to try any value."""

MAX_COMBINATIONS = 3000
"""The most combinations of values judged for one file: one card of any deck (at
most 53 distinct), two of any deck (53 x 53 = 2,809), three Pairs cards (1,000);
four Pairs cards (10,000) or three standard cards are refused. Each combination
is one replay: at the bound, two standard cards near the end of a whole 8-round
Saint Poker game (2,704 replays of 50 events) take about 4 s on one core."""

SHOWN_VALUES = 12
"""How many combinations of several cards a branch names before counting the rest."""


def _put(data: Any, parts: Sequence[str], value: object) -> Any:
    """``data`` with ``value`` at the path ``parts``, copying only along the path."""
    if not parts:
        return value
    head, rest = parts[0], parts[1:]
    if isinstance(data, list):
        copy = list(data)
        copy[int(head)] = _put(copy[int(head)], rest, value)
        return copy
    copied = dict(data)
    copied[head] = _put(copied[head], rest, value)
    return copied


def _filled(data: Any, paths: Sequence[Sequence[str]], values: Sequence[object]) -> Any:
    for parts, value in zip(paths, values, strict=True):
        data = _put(data, parts, value)
    return data


def _card_value(card: object) -> object:
    """A card as a transcript writes it: ``"AS"``, or a Pairs card's number."""
    return card if isinstance(card, int) else str(card)


def _values(transcript: Transcript) -> list[object]:
    """Every distinct card of the deck the game starts with, as JSON values."""
    state = transcript.rules.start(transcript.players, transcript.options, ages=transcript.ages)
    account = getattr(state, "account", None)
    if account is None:  # every game of cardcore keeps one; a new game must too
        raise TypeError(f"{transcript.rules.title} keeps no card account")
    return [_card_value(card) for card in account.deck.counts]


@attrs.frozen
class _Branch:
    """The combinations of values that give one outcome, and how they were judged."""

    values: tuple[tuple[object, ...], ...]
    outcome: str
    rules: tuple[str, ...]
    problems: tuple[Problem, ...]
    report: Replayed


def _outcome_text(report: Replayed) -> str:
    """``Aki wins; chips Aki 9, Ben 1; pot 0``: who wins and every figure."""
    outcome = report.outcome
    assert outcome is not None  # a replayed transcript always has one
    parts = []
    if outcome.winners is None:
        parts.append("no winner yet")
    else:
        parts.append(f"{', '.join(outcome.winners) or 'nobody'} "
                     f"{'wins' if len(outcome.winners) == 1 else 'win'}")
    for key, figures in (("chips", outcome.chips), ("points", outcome.scores)):
        if figures is not None:
            parts.append(f"{key} " + ", ".join(f"{name} {json_number(value)}"
                                               for name, value in figures.items()))
    if outcome.pot is not None:
        parts.append(f"pot {outcome.pot}")
    return "; ".join(parts)


def _rule_path(report: Replayed, first: int) -> tuple[str, ...]:
    """The rules that decided a branch: those of the effects from the first
    forgotten card's event on, each once, in the order they acted."""
    seen: dict[str, None] = {}
    for step in report.steps[first:]:
        for effect in step.effects:
            seen.setdefault(effect.rule)
    return tuple(seen)


def _runs(values: Sequence[object]) -> str:
    """Values in words, runs of Pairs cards joined: ``1-3, 5, 9-10``."""
    if not all(isinstance(v, int) for v in values):
        return ", ".join(str(v) for v in values)
    numbers = sorted(int(str(v)) for v in values)
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _combinations_text(combinations: Sequence[tuple[object, ...]], names: Sequence[str]) -> str:
    if len(names) == 1:
        return _runs([values[0] for values in combinations])
    shown = ["(" + ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True)) + ")"
             for values in combinations[:SHOWN_VALUES]]
    more = len(combinations) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more else "")


def _name(parts: Sequence[str]) -> str:
    """A forgotten card's short name in a combination: its player (``Ann`` for
    ``/events/2/cards/Ann/1``), or its key (``card``)."""
    words = [part for part in parts[2:] if not part.isdigit() and part != "cards"]
    return words[0] if words else parts[-1]


def _where(pointers: Sequence[str]) -> str:
    if len(pointers) == 1:
        return f"the forgotten card at {pointers[0]}"
    return "the forgotten cards at " + ", ".join(pointers)


def _refused(at: str, message: str, expect: tuple[ExpectedProblem, ...] | None,
             kind: str = CHECK) -> Judgement[Any]:
    return Judgement(problems=(Problem(kind=kind, pointer=at, message=message),), expect=expect)


def judge_forgotten(data: Any, pointers: Sequence[str],
                    replay: Callable[[Transcript], R]) -> Judgement[R]:
    """The verdict on a file whose forgotten cards (at ``pointers``) were each given
    every value, each version replayed by ``replay`` (keeping its steps): one
    outcome, with a note, or a problem that names each branch."""
    paths = [split_pointer(p) for p in pointers]
    try:  # "?" in their place: the envelope, players and options, to find the deck
        probe = load_transcript(_filled(data, paths, [UNKNOWN] * len(paths)))
    except TranscriptError as error:
        return Judgement(problems=tuple(error.problems), more=error.more, judged=False)
    values = _values(probe)
    count = len(values) ** len(paths)
    if count > MAX_COMBINATIONS:
        return _refused(pointers[0], expect=probe.expect, message=(
            f"{_where(pointers)} could have {count} combinations of values "
            f"({len(values)} cards each); cardcore judges at most {MAX_COMBINATIONS}: "
            "name some of them"))
    first = min(int(parts[1]) for parts in paths)
    names = [_name(parts) for parts in paths]
    groups: dict[tuple[str, tuple[str, ...]], list[tuple[tuple[object, ...], R]]] = {}
    impossible: dict[str, list[tuple[object, ...]]] = {}
    for combination in itertools.product(values, repeat=len(paths)):
        try:
            transcript = load_transcript(_filled(data, paths, combination))
        except TranscriptError as error:  # a card this place cannot hold
            impossible.setdefault(error.problems[0].message, []).append(combination)
            continue
        report = replay(transcript)
        broken = [p for p in report.problems if p.kind == RULE]
        if report.stopped_at is not None and report.stopped_at < first:
            return Judgement(report=report)  # broken before the card: not about its value
        if broken:
            event = pointer(*split_pointer(broken[0].pointer)[:2])  # where, not which card
            why = f"{broken[0].rule or 'a rule'} at {event}"
            impossible.setdefault(why, []).append(combination)
            continue
        key = (_outcome_text(report), tuple(f"{p.pointer} {p.kind}" for p in report.problems))
        groups.setdefault(key, []).append((combination, report))
    branches = [_Branch(values=tuple(c for c, _ in found), outcome=key[0],
                        rules=_rule_path(found[0][1], first),
                        problems=found[0][1].problems, report=found[0][1])
                for key, found in groups.items()]
    dropped = "; ".join(f"{_combinations_text(found, names)} impossible ({why})"
                        for why, found in impossible.items())
    if not branches:
        return _refused(pointers[0], expect=probe.expect, kind=RULE, message=(
            f"no value of {_where(pointers)} is possible: {dropped}"))
    if len(branches) == 1:
        branch = branches[0]
        note = (f"the outcome does not depend on {_where(pointers)}: "
                f"{_combinations_text(branch.values, names)} all give: {branch.outcome} "
                f"(rules {', '.join(branch.rules)})" + (f"; {dropped}" if dropped else ""))
        (only,) = groups.values()
        return Judgement(report=only[0][1], note=note)
    said = "; ".join(
        f"if {'it was' if len(names) == 1 else 'they were'} "
        f"{_combinations_text(b.values, names)}: {b.outcome} (rules {', '.join(b.rules)}; "
        + ("the record agrees" if not b.problems else "the record disagrees at "
           + ", ".join(p.pointer for p in b.problems)) + ")"
        for b in branches)
    problem = Problem(kind=CHECK, pointer=pointers[0], message=(
        f"the outcome depends on {_where(pointers)}: {said}"
        + (f"; {dropped}" if dropped else "")))
    return Judgement(problems=(problem,), expect=probe.expect)

