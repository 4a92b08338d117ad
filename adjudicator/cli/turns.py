"""Commands around one turn: run it, check orders, route advice, re-render, verify, reveal, undo.

Each asks the registry of games (``app/plays.py``) for the game of its folder and calls one method of it."""

from __future__ import annotations

import sys

import click

from adjudicator.cli.now import NOW_OPTION, parse_now


@click.command("run")
@click.argument("orders", nargs=-1, required=True, type=click.Path())
@click.option("--game", "game_dir", metavar="DIR", help="The game directory (default: found from the GAME line).")
@click.option("--dry-run", is_flag=True, help="Print the report, write nothing.")
@click.option("--trust", is_flag=True, help="Skip password checks (the GM typed the orders).")
@click.option("--gm", "gm_files", multiple=True, type=click.Path(), metavar="FILE",
              help="The GM's own order file: its GM lines (ROLL, RACE, MOVES) count without a GM password.")
@NOW_OPTION
def run_cmd(orders: tuple[str, ...], game_dir: str | None, dry_run: bool, trust: bool,
            gm_files: tuple[str, ...], now_text: str | None) -> None:
    """Adjudicate a turn from ORDERS (files or directories). Also: adjudicate ORDERS...

    Prints the public report; problems in the orders go to stderr and into the
    players' private reports.  Nothing is written with --dry-run, nor when the
    turn is refused.  GM lines count only from the GM: in a file given with
    --gm (it is read as an order file too), or after a GM line with the GM's
    password (GM PASSWORD ..., in passwords.txt).
    """
    from adjudicator.app.plays import game_for

    ran = game_for(game_dir).run(orders, game_dir, trust, gm_files, dry_run, parse_now(now_text))
    for line in ran.told:
        click.echo(line, err=True)
    click.echo(ran.public, nl=False)
    click.echo(ran.done, err=True)


@click.command("check")
@click.argument("orders", nargs=-1, required=True, type=click.Path())
@click.option("--game", "game_dir", metavar="DIR", help="The game directory (default: found from the GAME line).")
@click.option("--trust", is_flag=True, help="Skip password checks.")
def check_cmd(orders: tuple[str, ...], game_dir: str | None, trust: bool) -> None:
    """Preview ORDERS (files or directories) against the current state: parse, validate and price them; change
    nothing.

    Exits 1 if any order has a problem or would not be carried out in full.
    """
    from adjudicator.app.plays import game_for

    text, ok = game_for(game_dir).check(orders, game_dir, trust)
    _echo_shown(text)
    sys.exit(0 if ok else 1)


@click.command("route")
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
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).route(directory, origin, destination, player, count), nl=False)


@click.command("report")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--turn", type=int, help="The turn (default: the last adjudicated; 0 is the opening).")
@click.option("--player", metavar="ID", help="A player's private report instead of the public one.")
@click.option("--archived", is_flag=True, help="The text as it was sent, instead of re-rendering.")
@click.option("--all", "every", is_flag=True, help="Every turn's report from the opening on, a form feed between.")
def report_cmd(directory: str, turn: int | None, player: str | None, archived: bool, every: bool) -> None:
    """Re-render the report of an archived turn (from its orders, state and the dice seed); in a game of moves
    (InterUrban) the report of a move as it was mailed (--turn is the move)."""
    from adjudicator.app.plays import game_of

    if every and turn is not None:
        raise click.UsageError("--all and --turn exclude each other")
    _echo_shown(game_of(directory).report(directory, turn, player, archived, every))


@click.command("verify")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--seed", "seed_hex", metavar="HEX", help="The revealed seed (default: the GM's seed file).")
def verify_cmd(directory: str, seed_hex: str | None) -> None:
    """Recompute every die from the seed, check the archive chain and replay every turn and correction."""
    from adjudicator.app.plays import game_of

    ok, lines = game_of(directory).verify(directory, seed_hex)
    for line in lines:
        click.echo(line)
    sys.exit(0 if ok else 1)


@click.command("reveal")
@click.argument("directory", type=click.Path(file_okay=False))
def reveal_cmd(directory: str) -> None:
    """Print the secret seed of the dice (of the draws in a game of moves), normally at the end of a game, so players
    can verify."""
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).reveal(directory))


@click.command("undo")
@click.argument("directory", type=click.Path(file_okay=False))
def undo_cmd(directory: str) -> None:
    """Take back the last step of the game's archive (kept, set aside): an adjudicated turn (the orders accepted
    for it stand), a correction, or one company's orders accepted for the turn on hand (a bot's too); run undo
    again to go further back.

    In a game with deadlines an undone turn is held: the next tick does not run it again until the GM releases it
    with adjudicate deadline hold DIR --release (a new deadline alone does not release it).
    In a game of sequential moves (InterUrban) the last move (or missed move) is taken back, and the player on
    move gets a new deadline of one period from now.
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).undo(directory))


def _echo_shown(text: str) -> None:
    """Text that quotes players printed on the GM's terminal ``shown`` (``adjudicator.kernel.shown``): a report
    archived before its words showed a player's text, or a mail as it was sent, cannot drive the terminal; line
    breaks, tabs and the form feed between reports (``--all``) are kept."""
    from adjudicator.kernel.shown import shown

    click.echo(shown(text, "\n\t\f"), nl=False)


COMMANDS = (run_cmd, check_cmd, route_cmd, report_cmd, verify_cmd, reveal_cmd, undo_cmd,)
