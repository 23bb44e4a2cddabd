"""Running cardcore in a process with bounds on its time and memory, for the
tests of hostile input: a hang or a blow-up fails the test, not the machine."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

__all__ = ["bounded"]


def bounded(args: list[str], *, stdin: Any = None, seconds: float = 60,
             memory: int = 1 << 30, cwd: Path | None = None) -> tuple[int, str, float, int]:
    """Run ``cardcore ARGS`` in a process limited to ``memory`` bytes of address
    space and killed after ``seconds``: its exit status, output, time taken and
    peak resident memory in bytes. A hang or a memory blow-up fails the test
    instead of the machine."""
    import resource
    import signal
    import subprocess
    import sys
    import tempfile
    import threading
    import time

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        process = subprocess.Popen([sys.executable, "-m", "cardcore", *args], stdin=stdin,
                                   stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit,
                                   cwd=cwd)
        timer = threading.Timer(seconds, lambda: os.kill(process.pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        elapsed = time.monotonic() - start
        out.seek(0)
        output = out.read().decode("utf-8", "replace")
    assert process.returncode != -signal.SIGKILL, f"{args}: still running after {seconds} s"
    return process.returncode, output, elapsed, usage.ru_maxrss * 1024
