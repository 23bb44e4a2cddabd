"""Counting a process's instructions with callgrind: the stable figure on a
shared, noisy machine (``PYTHONHASHSEED=0``, so that two runs of the same
work count alike). Used by compare.py and bench_play.py."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path


def require_valgrind(script: str) -> None:
    """Stop with a clear message where valgrind is missing."""
    if shutil.which("valgrind") is None:
        raise SystemExit(f"{script}: counting instructions needs valgrind "
                         "(apt-get install valgrind)")


def counted(argv: Sequence[str], env: Mapping[str, str]) -> tuple[int, str]:
    """The instructions of one run of ``argv`` under callgrind, and its standard output."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                              *argv], check=True, capture_output=True, text=True,
                             cwd=tempfile.gettempdir(), env={**env, "PYTHONHASHSEED": "0"})
    collected = [line for line in run.stderr.splitlines() if "Collected :" in line]
    return int(collected[-1].split(":")[-1].strip()), run.stdout
