"""The replay layer's errors, in one place: every one a :class:`~cardcore.errors.CardcoreError`.

The kernel's errors are in :mod:`cardcore.errors`; these are the ones a file, a
typed entry or a command-line option can meet. Most carry located ``problems``
(:class:`~cardcore.replay.problems.Problem`, with a JSON pointer), as
``validate`` reports them. Each is still importable from the module that
raises it (``cardcore.replay.transcript.TranscriptError``).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcore.errors import CardcoreError, PathPart
from cardcore.replay.problems import Problem, pointer

__all__ = ["ClusterError", "EntryError", "JsonError", "OptionSyntaxError", "PolicyFailed",
           "PolicyNameError", "RecordError", "RecordingError", "Refused", "RefusedOptions",
           "StructureFailure", "TranscriptError", "UnreadableInput"]


class JsonError(CardcoreError):
    """The input is not strict JSON; ``problems`` say where."""

    def __init__(self, problems: list[Problem], more: int = 0) -> None:
        self.problems = problems
        self.more = more
        """How many more problems there are, beyond those kept."""
        super().__init__("; ".join(str(p) for p in problems))


class UnreadableInput(CardcoreError):
    """An input that is not read, and why (its message says it to the user):
    raised by :mod:`cardcore.replay.bounded`, the one reader of input."""


class StructureFailure(CardcoreError):
    """Located messages for everything that did not fit.

    >>> str(StructureFailure([(("rounds",), "option 'rounds' must be from 1 to 5, not 9")]))
    "/rounds: option 'rounds' must be from 1 to 5, not 9"
    """

    def __init__(self, failures: list[tuple[tuple[PathPart, ...], str]]) -> None:
        self.failures = failures
        super().__init__("; ".join(f"{pointer(*path)}: {message}" if path else message
                                   for path, message in failures))


class TranscriptError(CardcoreError):
    """The input is not a transcript of this format; ``problems`` say where."""

    def __init__(self, problems: list[Problem], more: int = 0) -> None:
        self.problems = problems
        self.more = more
        """How many more problems the file has, beyond those kept
        (:data:`cardcore.replay.problems.KEPT_PROBLEMS`)."""
        super().__init__("; ".join(str(p) for p in problems))


class EntryError(CardcoreError):
    """A line that cannot be read as an event (before the loader sees it)."""


class RecordError(CardcoreError):
    """A transcript that reads well but cannot be rebuilt as a log: an event
    breaks a rule, a ``check`` or the ``result`` disagrees, or it is a fixture of
    illegal play (``expect``). ``problems`` are those ``validate`` reports."""

    def __init__(self, message: str, problems: tuple[Problem, ...] = ()) -> None:
        self.problems = problems
        super().__init__(message)


class RecordingError(CardcoreError):
    """A step the recorder cannot take (nothing to undo, no such event, a file
    that is not an open record, a folder that cannot be written)."""


class Refused(CardcoreError):
    """An entry the record does not take; ``problems`` are ``validate``'s."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


class OptionSyntaxError(CardcoreError):
    """A ``KEY=VALUE`` that has no key or no ``=``; the message shows the form."""


class RefusedOptions(CardcoreError):
    """The changed options are refused for a file of a game that has them: bad usage."""

    def __init__(self, path: str, problems: tuple[Problem, ...]) -> None:
        self.path = path
        self.problems = problems
        super().__init__(f"{path}: " + "; ".join(str(p) for p in problems))


class ClusterError(CardcoreError):
    """``--scheduler`` cannot be used: dask.distributed is not installed, or no
    scheduler answers at the address."""


class PolicyNameError(CardcoreError):
    """``--policy`` names nothing importable that makes a policy: no such module or
    name, not a maker of policies (one called with a seat's seed, or with
    nothing), or what it makes is not a policy. Judged before any game is played."""


class PolicyFailed(CardcoreError):
    """A policy that ``--policy`` made failed while a study was played: it raised,
    answered something it was not offered, or an event the rules do not allow.
    The message names the game's seed and, where known, the seat."""
