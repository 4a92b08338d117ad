"""Commands around one turn: run it, check orders, route advice, re-render, verify, reveal, undo."""

from __future__ import annotations

import sys

import click


@click.command("run")
@click.argument("orders", nargs=-1, required=True, type=click.Path())
@click.option("--game", "game_dir", metavar="DIR", help="The game directory (default: found from the GAME line).")
@click.option("--dry-run", is_flag=True, help="Print the report, write nothing.")
@click.option("--trust", is_flag=True, help="Skip password checks (the GM typed the orders).")
@click.option("--gm", "gm_files", multiple=True, type=click.Path(), metavar="FILE",
              help="The GM's own order file: its GM lines (ROLL, RACE, MOVES) count without a GM password.")
def run_cmd(orders: tuple[str, ...], game_dir: str | None, dry_run: bool, trust: bool,
            gm_files: tuple[str, ...]) -> None:
    """Adjudicate a turn from ORDERS (files or directories). Also: adjudicate ORDERS...

    Prints the public report; problems in the orders go to stderr and into the
    players' private reports.  Nothing is written with --dry-run, nor when the
    turn is refused.  GM lines count only from the GM: in a file given with
    --gm (it is read as an order file too), or after a GM line with the GM's
    password (GM PASSWORD ..., in passwords.txt).
    """
    from adjudicator.dampfross.app.run import RunOptions, run_turn
    from adjudicator.dampfross.report.orderwords import format_problem
    from adjudicator.dampfross.report.phrases import gm_note_text

    run = run_turn([*orders, *(f for f in gm_files if f not in orders)], game_dir, RunOptions(trust, gm_files),
                   dry_run)
    for problem in run.orders.problems:
        click.echo(format_problem(problem), err=True)
    for note in run.notes:
        click.echo(f"warning: {gm_note_text(note)}", err=True)
    for warning in run.gm_warnings():
        click.echo(f"warning: {warning}", err=True)
    click.echo(run.public, nl=False)
    if dry_run:
        click.echo("(dry run: nothing written)", err=True)
    else:
        where = run.gdir.report_path(run.result.turn).parent
        click.echo(f"turn {run.result.turn} adjudicated; reports in {where}", err=True)


@click.command("check")
@click.argument("orders", nargs=-1, required=True, type=click.Path())
@click.option("--game", "game_dir", metavar="DIR", help="The game directory (default: found from the GAME line).")
@click.option("--trust", is_flag=True, help="Skip password checks.")
def check_cmd(orders: tuple[str, ...], game_dir: str | None, trust: bool) -> None:
    """Preview ORDERS against the current state: parse, validate and price them; change nothing.

    Exits 1 if any order has a problem or would not be carried out in full.
    """
    from adjudicator.app.moves import check_moves
    from adjudicator.dampfross.app.check import check_orders

    if game_dir is not None:
        checked = check_moves(game_dir, orders)
        if checked is not None:
            _echo_shown(checked[0])
            sys.exit(0 if checked[1] else 1)
    text, ok = check_orders(list(orders), game_dir, trust)
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
    from adjudicator.dampfross.app.commands import advise_routes

    click.echo(advise_routes(directory, origin, destination, player, count), nl=False)


@click.command("report")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--turn", type=int, help="The turn (default: the last adjudicated; 0 is the opening).")
@click.option("--player", metavar="ID", help="A player's private report instead of the public one.")
@click.option("--archived", is_flag=True, help="The text as it was sent, instead of re-rendering.")
@click.option("--all", "every", is_flag=True, help="Every turn's report from the opening on, a form feed between.")
def report_cmd(directory: str, turn: int | None, player: str | None, archived: bool, every: bool) -> None:
    """Re-render the report of an archived turn (from its orders, state and the dice seed); in a game of moves
    (InterUrban) the report of a move as it was mailed (--turn is the move)."""
    from adjudicator.app.moves import moves_report
    from adjudicator.dampfross.app.commands import all_reports, archived_report

    if every and turn is not None:
        raise click.UsageError("--all and --turn exclude each other")
    moves = moves_report(directory, turn, every)
    if moves is not None:
        if player:
            raise click.UsageError("a game of moves has no private reports (--player)")
        _echo_shown(moves)
        return
    text = all_reports(directory, player, archived) if every else archived_report(directory, turn, player, archived)
    _echo_shown(text)


@click.command("verify")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--seed", "seed_hex", metavar="HEX", help="The revealed seed (default: the GM's seed file).")
def verify_cmd(directory: str, seed_hex: str | None) -> None:
    """Recompute every die from the seed, check the archive chain and replay every turn and correction."""
    from adjudicator.app.moves import verify_moves
    from adjudicator.dampfross.app.verify import verify_game

    ok, lines = verify_moves(directory, seed_hex) or verify_game(directory, seed_hex)
    for line in lines:
        click.echo(line)
    sys.exit(0 if ok else 1)


@click.command("reveal")
@click.argument("directory", type=click.Path(file_okay=False))
def reveal_cmd(directory: str) -> None:
    """Print the secret dice seed (normally at the end of a game) so players can verify."""
    from adjudicator.dampfross.app.commands import reveal_seed

    click.echo(reveal_seed(directory))


@click.command("undo")
@click.argument("directory", type=click.Path(file_okay=False))
def undo_cmd(directory: str) -> None:
    """Take back the last adjudicated turn or correction (its archive is kept, set aside).

    In a game with deadlines an undone turn is held: the next tick does not run it again until the GM releases it
    with adjudicate deadline hold DIR --release (a new deadline alone does not release it).
    In a game of sequential moves (InterUrban) the last move (or missed move) is taken back, and the player on
    move gets a new deadline of one period from now.
    """
    from adjudicator.app.moves import undo_move
    from adjudicator.dampfross.app.deadlines import undo

    taken = undo_move(directory)
    if taken is not None:
        click.echo(taken)
        return

    kind, number, held = undo(directory)
    if kind == "turn":
        click.echo(f"turn {number} undone; game.json is back at turn {number}. Run it again with the corrected orders.")
        if held:
            click.echo(f"The game is held: no tick runs turn {number} until 'adjudicate deadline hold {directory} "
                       "--release' (the deadline has passed: the next tick after the release runs it).")
    else:
        click.echo(f"correction {number} undone; game.json is back as it was before it.")


def _echo_shown(text: str) -> None:
    """Text that quotes players printed on the GM's terminal ``shown`` (``adjudicator.kernel.shown``): a report
    archived before its words showed a player's text, or a mail as it was sent, cannot drive the terminal; line
    breaks, tabs and the form feed between reports (``--all``) are kept."""
    from adjudicator.kernel.shown import shown

    click.echo(shown(text, "\n\t\f"), nl=False)


COMMANDS = (run_cmd, check_cmd, route_cmd, report_cmd, verify_cmd, reveal_cmd, undo_cmd,)
