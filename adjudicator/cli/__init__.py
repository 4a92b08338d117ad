"""The ``adjudicate`` command line: a thin click layer over the pure core.

Every command calls one function of ``adjudicator.app`` and prints what it
returns.  The commands live by theme in ``turns``, ``game``, ``maps`` and
``postal``; this module makes the one group that holds them, and imports a
theme's module when one of its commands is asked for (``COMMAND_MODULES``):
a turn's process loads no other command.  Domain errors
(``AdjudicatorError``, the project's one exception family) become one clear
``error:`` message on stderr and exit status 1 in one place,
``_DefaultToRun.invoke``; usage errors exit 2 as click does.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import os
import sys

import click

from adjudicator import __version__
from adjudicator.kernel.errors import AdjudicatorError

COMMAND_MODULES = {
    "run": "turns", "check": "turns", "route": "turns", "report": "turns", "verify": "turns", "reveal": "turns",
    "undo": "turns",
    "new": "game", "rules": "game", "fix": "game", "player": "game", "caretaker": "game", "upgrade": "game",
    "map": "maps", "site": "maps",
    "tick": "postal", "status": "postal", "mail": "postal", "deadline": "postal", "standings": "postal",
}
"""Each command and the module of ``adjudicator.cli`` that makes it (its ``COMMANDS``; a test checks the two agree)."""


class _UserError(click.ClickException):
    """A domain error shown as ``error: ...`` on stderr, exit status 1."""

    def show(self, file=None) -> None:  # type: ignore[no-untyped-def]
        click.echo(f"error: {self.format_message()}", err=True)


class _DefaultToRun(click.Group):
    """``adjudicate turn7.orders`` means ``adjudicate run turn7.orders``; domain errors exit 1."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMAND_MODULES})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            for command in importlib.import_module(f"adjudicator.cli.{COMMAND_MODULES[cmd_name]}").COMMANDS:
                self.add_command(command)
        return super().get_command(ctx, cmd_name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        names = self.list_commands(ctx)
        if args and not args[0].startswith("-") and args[0] not in names:
            near: list[str] = []
            if not os.path.exists(args[0]):  # a command mistyped, maybe (difflib: not paid by a turn's run)
                import difflib

                near = difflib.get_close_matches(args[0], names, 3, 0.75)
            if near:  # a mistyped command, not an order file: say so rather than "no such file"
                raise click.UsageError(f"no such command {args[0]!r}; did you mean {' or '.join(map(repr, near))}?",
                                       ctx)
            args = ["run", *args]
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):  # type: ignore[no-untyped-def]
        try:
            return super().invoke(ctx)
        except AdjudicatorError as exc:
            raise _UserError(exc.details()) from None


@click.group(cls=_DefaultToRun, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="adjudicate")
def cli() -> None:
    """Dampfross per Post: adjudicate play-by-mail games of Dampfross / Railway Rivals.

    \b
    Examples:
      adjudicate new demo --map germany --player RED:Rheinbahn --player BLUE:Blaue
      adjudicate turn1.orders             (the GAME line names the game ./demo)
      adjudicate check mine.orders --game demo
      adjudicate map show germany --window 0305:1420
    """


@cli.command("resident")
def resident() -> None:
    """Run many commands in one process (for bots): one command line a line on standard input, each followed by
    a line '.exit N' (its exit status) on standard output.

    \b
    Example: printf 'run t1.orders --game demo\\nreport demo\\n' | adjudicate resident
    """
    from adjudicator.cli.resident import serve

    sys.exit(1 if serve(cli, sys.stdin, sys.stdout) else 0)


def main() -> None:
    """Entry point of the console script (and ``python -m adjudicator``): the cache on disk, then the command."""
    # At exit the interpreter's last collection visits every object the command made or imported, none of them
    # garbage worth finding then (a turn's process: about 30 ms of its 0.2 s); frozen, they are left to the exit.
    atexit.register(gc.freeze)
    # A command makes most of its objects at once, importing (its modules, classes, Lark's and Jinja's tables) and
    # reading a game: with the default threshold (a collection every 700 new objects) a turn spent some 10 ms of
    # its CPU collecting young objects that all live on, and at 50,000 one collection of 7 ms still fell in a
    # racing turn.  Collections every 200,000: a turn makes none after its start; what a long command (a tick over
    # many games, ``resident``) leaves as cyclic garbage is still collected (docs/speed.md).
    gc.set_threshold(200_000, 20, 10)
    if sys.argv[1:] not in (["--version"], ["--help"], ["-h"]):
        from adjudicator.postal.cache import use_cache

        use_cache()
    cli.main(prog_name="adjudicate")
