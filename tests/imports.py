"""What a fresh interpreter imports: shared by the tests that keep start-up cheap."""

from __future__ import annotations

import ast
import subprocess
import sys


def imported_by(code: str) -> list[str]:
    """The modules loaded after running ``code`` in a new interpreter, sorted.

    A new process, because this one has imported everything the suite uses.
    ``code`` may end by raising ``SystemExit`` (a command's ``main``); the
    listing is printed at exit either way.
    """
    listing = ("import atexit, sys\n"  # both built in: they load nothing of their own
               "atexit.register(lambda: print(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", listing + code], capture_output=True,
                          text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    return list(ast.literal_eval(done.stdout.strip().splitlines()[-1]))
