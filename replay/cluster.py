"""Where chunks of work run: this process, local processes, or a Dask cluster.

Corpus work (``validate``, ``study``) is one small module-level function mapped
over chunks whose results are small (slim reports, per-chunk tallies). An
:class:`Executor` maps such a function in the order of the chunks, with a bounded
number of chunks in flight, so the caller's output is the same wherever the
chunks ran and memory stays flat however many there are:

* :class:`InProcess`: here, one chunk after the other (``--jobs 1``);
* :class:`Processes`: a :class:`~concurrent.futures.ProcessPoolExecutor` on
  this machine (``--jobs N``);
* :class:`DaskCluster`: the workers of a ``dask.distributed`` scheduler
  (``--scheduler ADDRESS``; the optional extra ``cardcore[dask]``). The
  function travels by reference, so every worker needs cardcore installed.

>>> with executor(jobs=1) as run:
...     list(run.map(abs, [-2, 3, -5]))
[2, 3, 5]
"""

from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cardcore.replay.errors import ClusterError

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = [
    "IN_FLIGHT",
    "ClusterError",
    "DaskCluster",
    "Executor",
    "InProcess",
    "Processes",
    "executor",
    "require_dask",
]

T = TypeVar("T")
R = TypeVar("R")

IN_FLIGHT = 4
"""Chunks waiting per worker: enough to keep every worker busy, few enough that
results never pile up while the caller prints."""


def require_dask() -> None:
    """ClusterError unless dask.distributed can be imported (said before any output)."""
    try:
        importlib.import_module("distributed")
    except ImportError:
        raise ClusterError("--scheduler needs dask.distributed: pip install "
                           "'cardcore[dask]'") from None


class Executor(Protocol):
    """Maps a picklable module-level function over items, results in item order."""

    workers: int
    """How many chunks run at once (for sizing chunks)."""

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]: ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...


class _Closing:
    """Context-manager plumbing shared by the executors."""

    def __enter__(self) -> Executor:
        return self  # type: ignore[return-value]

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Release the workers (nothing to release by default)."""


class InProcess(_Closing):
    """Every chunk in this process, in order."""

    workers = 1

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        return map(function, items)


def _ordered(submit: Callable[[Any, Any], Future[Any]], function: Callable[[T], R],
             items: Iterable[T], limit: int) -> Iterator[R]:
    """Results of ``submit(function, item)`` in item order, at most ``limit`` pending
    (a Dask future has the same ``result()`` as a concurrent one)."""
    pending: deque[Future[Any]] = deque()
    try:
        for item in items:
            pending.append(submit(function, item))
            while len(pending) >= limit:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


class Processes(_Closing):
    """``jobs`` processes of this machine."""

    def __init__(self, jobs: int) -> None:
        from concurrent.futures import ProcessPoolExecutor  # only --jobs pays for it

        self.workers = jobs
        self._pool = ProcessPoolExecutor(max_workers=jobs)

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        return _ordered(self._pool.submit, function, items, self.workers * IN_FLIGHT)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class DaskCluster(_Closing):
    """The workers of the ``dask.distributed`` scheduler at ``address``
    (``tcp://host:8786``), or of a ``distributed.Client`` given directly."""

    def __init__(self, address: Any, *, timeout: str = "10s") -> None:
        """``timeout``: how long to try to reach the scheduler."""
        require_dask()
        # imported by name: dask is optional, and untyped where it is installed
        Client: Any = importlib.import_module("distributed").Client
        self._own = not isinstance(address, Client)
        try:
            self.client: Any = Client(address, timeout=timeout) if self._own else address
        except (OSError, ValueError) as error:
            raise ClusterError(f"no Dask scheduler answers at {address!r}: {error}") from None
        self.workers = max(1, sum(info.get("nthreads", 1) for info in
                                  self.client.scheduler_info()["workers"].values()))

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        # pure=False: two equal chunks are still two tasks (no result sharing by key)
        def submit(call: Any, item: Any) -> Future[Any]:
            return self.client.submit(call, item, pure=False)  # type: ignore[no-any-return]

        return _ordered(submit, function, items, self.workers * IN_FLIGHT)

    def close(self) -> None:
        if self._own:
            self.client.close()


def executor(*, jobs: int = 1, scheduler: str | None = None) -> Executor:
    """The executor for ``--jobs``/``--scheduler`` (a scheduler wins over jobs)."""
    if scheduler is not None:
        return DaskCluster(scheduler)
    return Processes(jobs) if jobs > 1 else InProcess()
