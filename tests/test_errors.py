"""The errors: one base for every error a user can meet, and one home per layer."""

from __future__ import annotations

import importlib

import pytest
from imports import package_modules

from cardcore.errors import CardcoreError, OptionsError, SetupError

HOMES = ("cardcore.errors", "cardcore.play.errors", "cardcore.replay.errors")

SIGNALS = {"cardcore.replay.direct.Unsure"}
"""Not errors a user meets: the fast loader's signal to hand a value to the full
loader, caught there (tests/test_direct.py)."""


def _error_classes() -> dict[str, type[BaseException]]:
    """Every public exception class the package defines, by qualified name, but
    the command line's own (Click's exceptions: a usage error's exit status) and
    the internal :data:`SIGNALS`."""
    import click

    found: dict[str, type[BaseException]] = {}
    for name in package_modules():
        if name.endswith("__main__") or name.startswith("cardcore.replay.pytest_plugin"):
            continue  # running them has effects; they define no error
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, BaseException)
                    and value.__module__ == name and not value.__name__.startswith("_")
                    and not issubclass(value, click.ClickException)
                    and f"{name}.{value.__name__}" not in SIGNALS):
                found[f"{name}.{value.__name__}"] = value
    return found


def test_the_walk_finds_the_errors_of_both_layers() -> None:
    """The listing sees the kernel's and the replay layer's errors (not vacuous)."""
    found = _error_classes()
    assert "cardcore.errors.RuleViolation" in found
    assert "cardcore.replay.errors.TranscriptError" in found


def test_every_public_error_is_a_cardcore_error() -> None:
    """README: every error for bad input is a CardcoreError (a ValueError). Options
    given on the command line included: OptionSyntaxError and RefusedOptions were
    plain ValueErrors."""
    assert {name for name, cls in _error_classes().items()
            if not issubclass(cls, CardcoreError)} == set()


def test_every_error_lives_in_its_layer_s_errors_module() -> None:
    """A reader finds an error in cardcore.errors, cardcore.play.errors or
    cardcore.replay.errors; the module that raises it re-exports it
    (cardcore.replay.transcript.TranscriptError, cardcore.play.loop.PolicyError)."""
    assert {name for name in _error_classes() if name.rpartition(".")[0] not in HOMES} == set()
    from cardcore.replay.errors import OptionSyntaxError, RefusedOptions, TranscriptError
    from cardcore.replay.transcript import TranscriptError as reexported

    assert reexported is TranscriptError
    from cardcore.play.errors import PolicyError
    from cardcore.play.loop import PolicyError as raised_there

    assert raised_there is PolicyError
    assert issubclass(OptionSyntaxError, CardcoreError) and issubclass(RefusedOptions, ValueError)


@pytest.mark.parametrize("call, path", [
    (lambda rules: rules.setup(["Aki", "Aki"]), ("players", 1)),
    (lambda rules: rules.setup(["Aki", ""]), ("players", 1)),
    (lambda rules: rules.setup(["Aki"]), ("players",)),
    (lambda rules: rules.setup(["Aki", "Ben"], ages={"Chie": 3}), ("ages", "Chie")),
    (lambda rules: rules.setup(["Aki", "Ben"], ages={"Aki": -1}), ("ages", "Aki")),
    (lambda rules: rules.setup(["Aki", "Ben"], {"round": 3}), ("options", "round")),
    (lambda rules: rules.setup(["Aki", "Ben"], {"rounds": 9}), ("options", "rounds")),
])
def test_a_setup_error_is_located(call: object, path: tuple[object, ...]) -> None:
    """SetupError says where in the setup the value at fault is, as a pointer would."""
    from cardcore.games.goblin import RULES

    with pytest.raises(SetupError) as caught:
        call(RULES)  # type: ignore[operator]
    assert caught.value.path == path


def test_an_option_error_is_a_setup_error_at_its_option() -> None:
    """OptionsError (an option's value refused) keeps its option and its place."""
    error = OptionsError("option 'rounds' must be from 1 to 5, not 9", "rounds")
    assert isinstance(error, SetupError) and error.path == ("options", "rounds")
