"""A command group whose commands are imported when they run (Click's own
pattern for lazy subcommands): `cardcore validate FILE` should not pay for
importing `record`, `diff` or `simulate`, since start-up is the whole cost of
checking one transcript. `--help` still lists every command with its help,
from a summary kept beside each lazy command (the first paragraph of its
help, which a test holds equal to the command's own), so that listing the
commands imports none of them either."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

import click

__all__ = ["LazyGroup"]


class LazyGroup(click.Group):
    """``lazy``: command name -> (``"module:attribute"`` of its Click command, the
    first paragraph of its help)."""

    def __init__(self, *args: object, lazy: Mapping[str, tuple[str, str]] | None = None,
                 **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy: dict[str, tuple[str, str]] = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, name = self.lazy[cmd_name][0].split(":")
            command = getattr(importlib.import_module(module), name)
            assert isinstance(command, click.Command)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def listed_help(self, ctx: click.Context, name: str, limit: int) -> str | None:
        """The line ``--help`` shows for command ``name`` (None: it is not listed),
        a lazy one's from its summary, not imported."""
        if name in self.lazy and name not in self.commands:
            # a stand-in with the summary as its help shortens it as Click does
            return click.Command(name, help=self.lazy[name][1]).get_short_help_str(limit)
        command = self.get_command(ctx, name)
        if command is None or command.hidden:
            return None
        return command.get_short_help_str(limit)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Click's list of commands, each line made by :meth:`listed_help`."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, line) for name in names
                if (line := self.listed_help(ctx, name, limit)) is not None]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
