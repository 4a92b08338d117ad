"""The command line a game's declaration builds (issue 34, ``kernel/declare.py``): ``new``'s options of each game,
and the ``fix`` commands, one for each correction a game declares.

``new`` takes the options every game has (``cli/game.py``) and every game's own (``DeclaredNew``); after
parsing, an option of another game given on the command line is refused in one line naming it and who has it
(``new: an interurban game has no option --map (an option of dampfross)``), and the chosen game gets each of
its options, given or its default.  ``fix`` finds a correction by its name in the games' declarations
(``Corrections``), so ``adjudicate fix balance`` loads no game but Dampfross's declaration.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any

import click
from click.core import ParameterSource

from adjudicator.kernel.declare import Argument, Correction, Declaration, Option


def option_param(o: Option) -> click.Option:
    """The click option of a declared one."""
    decls = [o.flag, o.key]
    metavar = o.metavar or None
    if o.kind == "flag":
        return click.Option(decls, is_flag=True, help=o.help)
    if o.kind == "many":
        return click.Option(decls, multiple=True, metavar=metavar, help=o.help)
    kind = click.Choice(o.choices) if o.kind == "choice" else None
    return click.Option(decls, type=kind, default=o.default, show_default=o.default is not None, metavar=metavar,
                        help=o.help)


def _argument_param(a: Argument) -> click.Argument:
    kinds: dict[str, Any] = {"text": None, "int": click.INT, "choice": click.Choice(a.choices),
                                                "file": click.Path(dir_okay=False)}
    return click.Argument([a.key], type=kinds[a.kind], metavar=a.metavar or None)


def game_options(declarations: Sequence[Declaration]) -> list[Option]:
    """The options of every game, each once (the first game that declares a flag gives its form: a test checks that
    games declaring the same flag agree on it)."""
    seen: dict[str, Option] = {}
    for declaration in declarations:
        for o in declaration.options:
            seen.setdefault(o.flag, o)
    return list(seen.values())


def _default(o: Option) -> object:
    return () if o.kind == "many" else False if o.kind == "flag" else o.default


def chosen_options(ctx: click.Context, game: Declaration, options: Sequence[Option], given: Mapping[str, Any],
                   schedule: Mapping[str, str]) -> dict[str, object]:
    """The values of ``game``'s own options (given, or its default); an option of another game, or a setting of the
    deadlines ``game`` does not have (``schedule``: the setting by its flag), given on the command line, is
    refused in one line naming the games that have it; a required option missing is a usage error."""
    from adjudicator.app import plays
    from adjudicator.app.gm import NoSuchCommand

    def typed(key: str) -> bool:
        return ctx.get_parameter_source(key) is ParameterSource.COMMANDLINE

    for o in options:
        if game.option(o.flag) is None and typed(o.key):
            whose = [d.name for d in plays.declarations() if d.option(o.flag) is not None]
            raise NoSuchCommand("new", game.name, f"option {o.flag}", f"an option of {', '.join(whose)}")
    for key, flag in schedule.items():
        if key not in game.schedule and typed(key):
            whose = [d.name for d in plays.declarations() if key in d.schedule]
            raise NoSuchCommand("new", game.name, f"option {flag}", f"an option of {', '.join(whose)}")
    values: dict[str, object] = {}
    for o in game.options:
        values[o.key] = given[o.key] if typed(o.key) else _default(o)
        if o.required and not values[o.key]:
            raise click.UsageError(f"Missing option '{o.flag}' ({o.required}).", ctx)
    return values


class DeclaredNew(click.Command):
    """``new``: the options every game has, then every game's own, added when the command's options are asked for
    (parsing or help), so only ``new`` loads the games' declarations; again when a game has joined since (a
    process that runs many commands: ``adjudicate resident``, the tests)."""

    declared: tuple[Option, ...] = ()
    """The games' own options, as ``get_params`` added them."""
    _games: tuple[str, ...] | None = None
    _common: int = 0

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        from adjudicator.app import plays

        games = plays.names()
        if games != self._games:
            if self._games is None:
                self._common = len(self.params)
            declarations = list(plays.declarations())
            self.declared = tuple(game_options(declarations))
            self.params[self._common:] = [option_param(o) for o in self.declared]
            for param in self.params[:self._common]:
                if isinstance(param, click.Option) and param.name == "players":
                    param.help = seats_help(declarations)
            self._games = games
        return super().get_params(ctx)


def seats_help(declarations: Sequence[Declaration]) -> str:
    """``--player``'s help: the form of a seat, then each game's seats and bots as it declares them."""

    def either(words: Sequence[str]) -> str:
        return " or ".join(filter(None, (", ".join(words[:-1]), words[-1])))

    said = []
    for d in declarations:
        s = d.seats
        count = f"{s.minimum} to {s.maximum} {s.called}" if s.maximum is not None else ""
        bots = f"bots {either(s.bots)}" if s.bots else ""
        if count or bots:
            said.append(f"{d.title}: {', '.join(filter(None, (count, bots)))}")
    return ("A seat, in seat order; ID:bot=LEVEL gives it to a bot, any other NAME (Bot too) to a player.  "
            + "; ".join(said) + ".")


def correction_command(c: Correction) -> click.Command:
    """``fix NAME DIR ARGUMENTS... [OPTIONS] --why TEXT [--by WHO]``: the correction of the game of DIR."""
    params: list[click.Parameter] = [click.Argument(["directory"], type=click.Path(file_okay=False))]
    params += [_argument_param(a) for a in c.arguments]
    params += [option_param(o) for o in c.options]
    params += [click.Option(["--why"], required=True, help="The reason, printed in the next report."),
               click.Option(["--by"], default="GM", show_default=True, help="Who makes the correction.")]

    def fix(directory: str, why: str, by: str, **given: Any) -> None:
        from adjudicator.app.plays import game_of

        click.echo(game_of(directory).fix(directory, c.name, given, why, by))

    numbers = any(a.kind == "int" for a in c.arguments)  # a negative number is an argument, not an option
    return click.Command(c.name, params=params, callback=fix, help=inspect.cleandoc(c.help),
                         context_settings={"ignore_unknown_options": True} if numbers else None)


class Corrections(click.Group):
    """``fix``: a command for each correction the games declare, found by its name (``app/plays.py:
    correction``)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from adjudicator.app import plays

        return sorted({c.name for d in plays.declarations() for c in d.corrections})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        from adjudicator.app import plays

        found = plays.correction(cmd_name)
        return None if found is None else correction_command(found)
