"""Reading an input with a bound on its size and on the time it takes, whatever it is.

A transcript is a regular file, or standard input; a hostile batch may name a
FIFO that no writer ever opens, a device that never ends (``/dev/zero``), a
terminal, a folder, or pipe in an endless stream. Each is read here, and only
here, so that no input can make cardcore wait forever or fill its memory:

- a regular file is read to one byte past the size limit; one that says it is
  empty (a ``/proc`` file, made up as it is read, and some of them wait, such as
  ``/proc/kmsg``) is read as a FIFO is, within the time bound;
- a FIFO, a device or a pipe (a path such as ``<(cmd)``, or standard input that
  is not a terminal) is opened without waiting and read to one byte past the
  size limit within :data:`READ_SECONDS`; what has not ended by then is refused;
- a terminal (standard input typed by a person) is read to the size limit, as
  long as the person takes;
- a folder, or a path with a NUL byte, is refused in words.
"""

from __future__ import annotations

import os
import stat
import time
from typing import BinaryIO

from cardcore.replay.errors import UnreadableInput

__all__ = ["READ_SECONDS", "UnreadableInput", "read_input"]

READ_SECONDS = 30.0
"""How long a FIFO, a device or a pipe may take to deliver the whole of a
transcript (its writer's time to start included): far more than any program
that writes one needs, and a bound on a batch that names a FIFO nobody writes."""

CHUNK = 1 << 16


def _open(path: str | os.PathLike[str]) -> int:
    """``path`` opened for reading without waiting for a FIFO's writer."""
    try:
        return os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except ValueError:  # the only one os.open raises for a path: a NUL byte in it
        raise UnreadableInput("cannot read the file: its name holds a NUL byte, which no "
                              "file name can") from None


def _whole_file(fd: int, size: int, max_bytes: int) -> bytes:
    """A regular file: the size it says it has plus one byte, and on only when it
    holds more than it says (one that grew, or a /proc file, which says 0). Asked
    for ``max_bytes + 1`` at once, Python would allocate that much (32 MiB) for
    every file, which costs more than parsing a small transcript."""
    with os.fdopen(fd, "rb", closefd=False) as handle:
        data = handle.read(min(size, max_bytes) + 1)
        if len(data) > size:
            data += handle.read(max_bytes + 1 - len(data))
    return data


def _streamed(fd: int, max_bytes: int, seconds: float) -> bytes:
    """A FIFO, a device or a pipe: read in chunks as they come, to one byte past
    ``max_bytes``, until its end or for ``seconds`` at most. The descriptor is
    left blocking or not as it was (standard input's may be shared). :mod:`select`
    is imported here: a regular file, the usual transcript, does without it."""
    import select

    if not hasattr(select, "poll"):  # pragma: no cover - a system without poll(): no clock
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(max_bytes + 1)
    blocking = os.get_blocking(fd)
    os.set_blocking(fd, False)
    try:
        return _polled(fd, max_bytes, seconds)
    finally:
        os.set_blocking(fd, blocking)


def _polled(fd: int, max_bytes: int, seconds: float) -> bytes:
    import select  # loaded by _streamed already

    deadline = time.monotonic() + seconds
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    chunks: list[bytes] = []
    total = 0
    while total <= max_bytes:
        left = deadline - time.monotonic()
        if left <= 0 or not poller.poll(int(left * 1000) + 1):
            if time.monotonic() < deadline:
                continue
            raise UnreadableInput(
                f"not read: it did not end within {seconds:g} seconds (a FIFO, a device or a "
                f"special file that no one writes to the end; {total} bytes came)")
        try:
            chunk = os.read(fd, min(CHUNK, max_bytes + 1 - total))
        except BlockingIOError:  # woken, but nothing to read yet
            continue
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def read_input(source: str | os.PathLike[str] | BinaryIO, max_bytes: int, *,
               seconds: float | None = None) -> bytes:
    """At most ``max_bytes + 1`` bytes of ``source`` (a path, or an open binary
    stream such as standard input), read as the module says (``seconds``: in
    :data:`READ_SECONDS` unless given); :class:`UnreadableInput` or
    :class:`OSError` when it cannot be read."""
    seconds = READ_SECONDS if seconds is None else seconds
    if isinstance(source, (str, os.PathLike)):
        fd = _open(source)
        try:
            return _read_fd(fd, max_bytes, seconds, named=True)
        finally:
            os.close(fd)
    try:
        fd = source.fileno()
    except (AttributeError, OSError, ValueError):  # a stream in memory
        return source.read(max_bytes + 1)
    return _read_fd(fd, max_bytes, seconds, named=False, stream=source)


def _read_fd(fd: int, max_bytes: int, seconds: float, *, named: bool,
             stream: BinaryIO | None = None) -> bytes:
    status = os.fstat(fd)
    mode = status.st_mode
    if stat.S_ISREG(mode):
        if stream is not None:  # an open stream may have read ahead into its buffer
            return stream.read(max_bytes + 1)
        if status.st_size == 0:  # empty, or made up as it is read (/proc): it may wait
            return _streamed(fd, max_bytes, seconds)
        return _whole_file(fd, status.st_size, max_bytes)
    if stat.S_ISDIR(mode):
        raise UnreadableInput("not read: this is a folder, and a transcript is a file")
    if os.isatty(fd) and not named:  # a person typing: as long as they take
        assert stream is not None
        return stream.read(max_bytes + 1)
    return _streamed(fd, max_bytes, seconds)
