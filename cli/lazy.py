"""A command group whose commands are imported when they run (Click's own
pattern for lazy subcommands): `cardcore validate FILE` should not pay for
importing `record`, `diff` or `simulate`, since start-up is the whole cost of
checking one transcript. `--help` still lists every command with its help."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

import click

__all__ = ["LazyGroup"]


class LazyGroup(click.Group):
    """``lazy``: command name -> ``"module:attribute"`` of its Click command."""

    def __init__(self, *args: object, lazy: Mapping[str, str] | None = None,
                 **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, name = self.lazy[cmd_name].split(":")
            command = getattr(importlib.import_module(module), name)
            assert isinstance(command, click.Command)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)
