"""The ``cardcore`` command line: argument handling and rendering only."""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's, without importing typing before the pause
if TYPE_CHECKING:
    from typing import Any

__all__ = ["run"]


def run(**options: Any) -> None:
    """The ``cardcore`` command as installed (pyproject's entry point, and
    ``python -m cardcore``): :func:`cardcore.cli.main.main` with ``options``,
    imported with the cyclic garbage collector paused, and what that built
    frozen (:func:`gc.freeze`).

    Start-up is the whole cost of checking one transcript, and nearly all it
    builds (modules, functions, classes) lives until the process exits; yet the
    collector walked it all again and again: at each full collection while the
    modules were imported, at those of the command, and once more at exit,
    some 8 % of ``cardcore validate ONE_FILE``'s instructions. Paused, it does
    not run while they are imported; frozen, what they built is not walked
    again. The collector is on while the command runs, for the garbage a long
    batch makes, and what is left at the end is frozen too: at exit nothing is
    collected that the end of the process would not free anyway (Python does
    not promise to finalise what still exists at exit). The few hundred
    kilobytes of cycles the imports leave are kept till then. Only the command
    does this: importing :mod:`cardcore.cli.main`, as a program or the tests
    do, leaves the collector as it is.
    """
    import gc

    gc.disable()
    try:
        from cardcore.cli.main import main
    finally:
        gc.freeze()
        gc.enable()
    try:
        main(**options)
    finally:
        gc.freeze()
