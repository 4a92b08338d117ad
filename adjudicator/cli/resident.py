"""``adjudicate resident``: many commands in one process, for bots and harnesses that run turn after turn.

Each line of standard input is one command line, as it would follow
``adjudicate`` in a shell (quoted as a POSIX shell quotes, ``#`` starts a
comment); the command runs as the command line runs it, in this process, and
its output comes as it would; then a line ``.exit N`` (its exit status) on
standard output, both streams flushed.  An empty line is skipped; the end of
the input ends the process.  What a one-off process pays each time (starting
Python, importing the program, reading the cache from disk) is paid once:
``bench/bench_resident.py`` measures a game played so against one process per
turn.  Nothing is kept between commands but what the program keeps for any
run (maps and rules by their text, compiled templates and schema), so every
command reads the game from its directory as a fresh process would.
"""

from __future__ import annotations

import shlex
import sys
import traceback
from typing import TextIO

import click

END = ".exit"
"""The line after each command's output: ``.exit`` and the command's exit status."""


def serve(group: click.Group, source: TextIO, out: TextIO) -> int:
    """Run each command line of ``source`` with ``group``; the number of commands that failed."""
    failed = 0
    for line in source:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        code = run_line(group, line)
        failed += code != 0
        sys.stderr.flush()
        out.write(f"{END} {code}\n")
        out.flush()
    return failed


def run_line(group: click.Group, line: str) -> int:
    """One command line run as ``adjudicate`` runs it (its messages printed as there); its exit status."""
    try:
        args = shlex.split(line, comments=True)
    except ValueError as exc:
        click.echo(f"error: cannot read the command line: {exc}", err=True)
        return 2
    if args and args[0] == "resident":
        click.echo("error: resident runs commands, not itself", err=True)
        return 2
    try:
        group.main(args, prog_name="adjudicate", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.Abort:
        click.echo("Aborted!", err=True)
        return 1
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    except Exception:  # a fault in one command is printed and the next command runs
        traceback.print_exc()
        return 1
    return 0
