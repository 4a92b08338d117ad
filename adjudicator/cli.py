"""The ``adjudicate`` command line: a thin click layer over the pure core.

Every command calls one function of ``adjudicator.app`` and prints what it
returns.  Domain errors (``DampfrossError``, the project's one exception
family) become one clear ``error:`` message on stderr and exit status 1 in
one place, ``_DefaultToRun.invoke``; usage errors exit 2 as click does.
"""

from __future__ import annotations

import sys

import click

from adjudicator import __version__
from adjudicator.errors import DampfrossError, MapError


class _UserError(click.ClickException):
    """A domain error shown as ``error: ...`` on stderr, exit status 1."""

    def show(self, file=None) -> None:  # type: ignore[no-untyped-def]
        click.echo(f"error: {self.format_message()}", err=True)


class _DefaultToRun(click.Group):
    """``adjudicate turn7.orders`` means ``adjudicate run turn7.orders``; domain errors exit 1."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and not args[0].startswith("-") and args[0] not in self.commands:
            args = ["run", *args]
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):  # type: ignore[no-untyped-def]
        try:
            return super().invoke(ctx)
        except MapError as exc:
            raise _UserError(exc.details()) from None
        except DampfrossError as exc:
            raise _UserError(str(exc)) from None


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


@cli.command("run")
@click.argument("orders", nargs=-1, required=True, type=click.Path())
@click.option("--game", "game_dir", metavar="DIR", help="The game directory (default: found from the GAME line).")
@click.option("--dry-run", is_flag=True, help="Print the report, write nothing.")
@click.option("--trust", is_flag=True, help="Skip password checks (the GM typed the orders).")
def run_cmd(orders: tuple[str, ...], game_dir: str | None, dry_run: bool, trust: bool) -> None:
    """Adjudicate a turn from ORDERS (files or directories). Also: adjudicate ORDERS...

    Prints the public report; problems in the orders go to stderr and into the
    players' private reports.  Nothing is written with --dry-run, nor when the
    turn is refused.
    """
    from adjudicator.app.run import run_turn
    from adjudicator.report.orderwords import format_problem
    from adjudicator.report.phrases import gm_note_text
    from adjudicator.report.racing import gm_warnings

    run = run_turn(list(orders), game_dir, trust, dry_run)
    for problem in run.orders.problems:
        click.echo(format_problem(problem), err=True)
    for note in run.notes:
        click.echo(f"warning: {gm_note_text(note)}", err=True)
    for warning in gm_warnings(run.result):
        click.echo(f"warning: {warning}", err=True)
    click.echo(run.public, nl=False)
    if dry_run:
        click.echo("(dry run: nothing written)", err=True)
    else:
        where = run.gdir.report_path(run.result.turn).parent
        click.echo(f"turn {run.result.turn} adjudicated; reports in {where}", err=True)


@cli.command("check")
@click.argument("orders", nargs=-1, required=True, type=click.Path())
@click.option("--game", "game_dir", metavar="DIR", help="The game directory (default: found from the GAME line).")
@click.option("--trust", is_flag=True, help="Skip password checks.")
def check_cmd(orders: tuple[str, ...], game_dir: str | None, trust: bool) -> None:
    """Preview ORDERS against the current state: parse, validate and price them; change nothing.

    Exits 1 if any order has a problem or would not be carried out in full.
    """
    from adjudicator.app.check import check_orders

    text, ok = check_orders(list(orders), game_dir, trust)
    click.echo(text, nl=False)
    sys.exit(0 if ok else 1)


@cli.command("route")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("origin", metavar="FROM")
@click.argument("destination", metavar="TO")
@click.option("--player", required=True, metavar="ID", help="The company (or ID+ID for a joint trip).")
@click.option("--count", default=5, show_default=True, help="How many routes to list.")
def route_cmd(directory: str, origin: str, destination: str, player: str, count: int) -> None:
    """List the best routes FROM a town or label TO another over today's track.

    For each: the hexes with whose line, die points, expected race rounds, fares to
    whom, and whether the entry would be valid.  Example:
    adjudicate route demo Hamburg München --player RED
    """
    from adjudicator.app.commands import advise_routes

    click.echo(advise_routes(directory, origin, destination, player, count), nl=False)


@cli.command("report")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--turn", type=int, help="The turn (default: the last adjudicated; 0 is the opening).")
@click.option("--player", metavar="ID", help="A player's private report instead of the public one.")
@click.option("--archived", is_flag=True, help="The text as it was sent, instead of re-rendering.")
def report_cmd(directory: str, turn: int | None, player: str | None, archived: bool) -> None:
    """Re-render the report of an archived turn (from its orders, state and the dice seed)."""
    from adjudicator.app.commands import archived_report

    click.echo(archived_report(directory, turn, player, archived), nl=False)


@cli.group("map")
def map_group() -> None:
    """List, show and check maps."""


@map_group.command("list")
def map_list() -> None:
    """List the maps shipped with the package."""
    from adjudicator.app.maps import list_maps

    click.echo(list_maps(), nl=False)


@map_group.command("show")
@click.argument("map_name", metavar="NAME|FILE")
@click.option("--window", metavar="CCRR:CCRR", help="Show only the rectangle between two corner labels.")
@click.option("--no-legend", is_flag=True, help="Leave out the key and the list of towns.")
def map_show(map_name: str, window: str | None, no_legend: bool) -> None:
    """Print a map as ASCII art with its legend."""
    from adjudicator.app.maps import show_map

    click.echo(show_map(map_name, window, legend=not no_legend), nl=False)


@map_group.command("check")
@click.argument("map_name", metavar="NAME|FILE")
def map_check(map_name: str) -> None:
    """Check a map file and report every problem at once (exit 1 if any)."""
    from adjudicator.app.maps import check_map

    ok, text = check_map(map_name)
    click.echo(text, nl=False, err=not ok)
    sys.exit(0 if ok else 1)


@cli.command("new")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--map", "map_name", required=True, metavar="NAME|FILE",
              help="A shipped map (see 'map list') or a map file.")
@click.option("--rules", "profile", default="schmidt", show_default=True, help="Rules profile (see 'rules show').")
@click.option("--player", "players", multiple=True, required=True, metavar="ID:NAME[:EMAIL]",
              help="A company, in seat order; give 2 to 6.")
@click.option("--seed", metavar="TEXT", help="Derive the dice seed from TEXT (reproducible games, tests).")
@click.option("--dice", type=click.Choice(["hmac", "manual"]), default="hmac", show_default=True,
              help="manual: the GM gives every die in the orders (ROLL lines).")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
              help="Override one rule for this game (house rules).")
@click.option("--id", "game_id", metavar="ID", help="Game id for GAME lines (default: the directory name).")
def new_cmd(directory: str, map_name: str, profile: str, players: tuple[str, ...], seed: str | None,
            dice: str, sets: tuple[str, ...], game_id: str | None) -> None:
    """Start a game in DIRECTORY and print the opening report.

    \b
    Example:
      adjudicate new demo --map germany --player RED:Rheinbahn --player BLUE:Blaue_Linie
    """
    from adjudicator.app.commands import start_game

    opening, gdir = start_game(directory, map_name, profile, list(players), seed, dice, list(sets), game_id)
    click.echo(opening, nl=False)
    click.echo(f"Game started in {gdir.path}. Passwords (GM only): {gdir.path / 'passwords.txt'}", err=True)


@cli.group("rules")
def rules_group() -> None:
    """Show rules profiles and a game's effective rules."""


@rules_group.command("show")
@click.argument("name", metavar="NAME|DIR", default="schmidt")
def rules_show(name: str) -> None:
    """Print every rule of a profile, or of the game in DIR (with its house rules)."""
    from adjudicator.app.commands import effective_rules

    rules, where = effective_rules(name)
    click.echo(f"# rules of {where}")
    for key, value in rules.to_dict().items():
        click.echo(f"{key}: {value}")


@cli.command("verify")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--seed", "seed_hex", metavar="HEX", help="The revealed seed (default: the GM's seed file).")
def verify_cmd(directory: str, seed_hex: str | None) -> None:
    """Recompute every recorded die and the commitment from the seed."""
    from adjudicator.app.commands import verify_game

    ok, lines = verify_game(directory, seed_hex)
    for line in lines:
        click.echo(line)
    sys.exit(0 if ok else 1)


@cli.command("reveal")
@click.argument("directory", type=click.Path(file_okay=False))
def reveal_cmd(directory: str) -> None:
    """Print the secret dice seed (normally at the end of a game) so players can verify."""
    from adjudicator.app.commands import reveal_seed

    click.echo(reveal_seed(directory))


@cli.command("undo")
@click.argument("directory", type=click.Path(file_okay=False))
def undo_cmd(directory: str) -> None:
    """Take back the last adjudicated turn (its archive is kept, set aside), so it can be run again."""
    from adjudicator.app.store import GameDir

    turn = GameDir(directory).undo()
    click.echo(f"turn {turn} undone; game.json is back at turn {turn}. Run it again with the corrected orders.")


def main() -> None:
    """Entry point of the console script (and ``python -m adjudicator``)."""
    cli.main(prog_name="adjudicate")
