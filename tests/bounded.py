"""Running cardcore in a process with bounds on its time and memory, for the
tests of hostile input: a hang or a blow-up fails the test, not the machine."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

__all__ = ["bounded"]


_CHILD = """
import atexit, os, runpy, sys

def _peak() -> None:  # the peak of this process's own memory, not its parent's
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                os.write(int(os.environ["CARDCORE_TEST_PEAK_FD"]), line.split()[1].encode())

if os.path.exists("/proc/self/status"):
    atexit.register(_peak)
runpy.run_module("cardcore", run_name="__main__", alter_sys=True)
"""
"""``python -m cardcore`` that writes its peak resident memory (``VmHWM``, in kB)
to a pipe as it exits. The child's ``ru_maxrss`` is no measure of it: Linux
carries it over ``exec`` from the parent, so under a pytest that has grown to
300 MB every child would seem to have used 300 MB."""


def bounded(args: list[str], *, stdin: Any = None, seconds: float = 60,
             memory: int = 1 << 30, cwd: Path | None = None) -> tuple[int, str, float, int]:
    """Run ``cardcore ARGS`` in a process limited to ``memory`` bytes of address
    space and killed after ``seconds``: its exit status, output, time taken and
    peak resident memory in bytes (its own, :data:`_CHILD`). A hang or a memory
    blow-up fails the test instead of the machine."""
    import resource
    import signal
    import subprocess
    import sys
    import tempfile
    import threading
    import time

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    peak_read, peak_write = os.pipe()
    env = {**os.environ, "CARDCORE_TEST_PEAK_FD": str(peak_write)}
    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        try:
            process = subprocess.Popen([sys.executable, "-c", _CHILD, *args], stdin=stdin,
                                       stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit,
                                       cwd=cwd, env=env, pass_fds=(peak_write,))
        finally:
            os.close(peak_write)
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
    with os.fdopen(peak_read, "rb") as peak_pipe:
        told = peak_pipe.read()
    assert process.returncode != -signal.SIGKILL, f"{args}: still running after {seconds} s"
    # a child that did not exit normally told nothing: its ru_maxrss, an upper bound
    peak = int(told) * 1024 if told else usage.ru_maxrss * 1024
    return process.returncode, output, elapsed, peak
