"""The ``adjudicate`` command line: a thin click layer over the pure core.

Every command calls one function of ``adjudicator.app`` and prints what it
returns.  Domain errors (``DampfrossError``, the project's one exception
family) become one clear ``error:`` message on stderr and exit status 1 in
one place, ``_DefaultToRun.invoke``; usage errors exit 2 as click does.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from typing import Any

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
    from adjudicator.app.run import RunOptions, run_turn
    from adjudicator.report.orderwords import format_problem
    from adjudicator.report.phrases import gm_note_text
    from adjudicator.report.racing import gm_warnings

    run = run_turn([*orders, *(f for f in gm_files if f not in orders)], game_dir, RunOptions(trust, gm_files),
                   dry_run)
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
@click.option("--all", "every", is_flag=True, help="Every turn's report from the opening on, a form feed between.")
def report_cmd(directory: str, turn: int | None, player: str | None, archived: bool, every: bool) -> None:
    """Re-render the report of an archived turn (from its orders, state and the dice seed)."""
    from adjudicator.app.commands import all_reports, archived_report

    if every and turn is not None:
        raise click.UsageError("--all and --turn exclude each other")
    text = all_reports(directory, player, archived) if every else archived_report(directory, turn, player, archived)
    click.echo(text, nl=False)


@cli.group("map")
def map_group() -> None:
    """List, show and check maps."""


@map_group.command("list")
def map_list() -> None:
    """List the maps shipped with the package."""
    from adjudicator.app.maps import list_maps

    click.echo(list_maps(), nl=False)


@map_group.command("show")
@click.argument("map_name", metavar="[NAME|FILE]", required=False)
@click.option("--game", "game_dir", metavar="DIR", help="A game's map with its track, instead of NAME.")
@click.option("--turn", type=int, help="With --game: the state after turn N (0: the opening; default: now).")
@click.option("--window", metavar="CCRR:CCRR", help="Show only the rectangle between two corner labels.")
@click.option("--no-legend", is_flag=True, help="Leave out the key and the list of towns.")
@click.option("--split", is_flag=True, help="The whole map in windows that fit 80 columns, west to east.")
@click.option("--svg", "svg_file", metavar="FILE", help="Write the map as an SVG picture to FILE.")
@click.option("--png", "png_file", metavar="FILE", help="Write the map as a PNG picture (needs the pictures extra).")
@click.option("--races", is_flag=True, help="With --game and a picture: draw the turn's race routes (GM: replays).")
def map_show(map_name: str | None, game_dir: str | None, turn: int | None, window: str | None, no_legend: bool,
             split: bool, svg_file: str | None, png_file: str | None, races: bool) -> None:
    """Print a map, or a game's map with its track, as ASCII art; or write it as SVG/PNG.

    Ferries (advanced rules) are shown as '=' on the water.

    \b
    Examples:
      adjudicate map show germany --window 0305:1420
      adjudicate map show germany --split
      adjudicate map show germany --svg germany.svg
      adjudicate map show --game demo --turn 3 --svg turn3.svg --png turn3.png
    """
    from adjudicator.app.pictures import ShowOptions
    from adjudicator.app.pictures import map_show as show

    options = ShowOptions(window, not no_legend, split, svg_file, png_file, races)
    text, written = show(map_name, game_dir, turn, options)
    click.echo(text, nl=False)
    for line in written:
        click.echo(line, err=True)


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
@click.option("--seed", metavar="TEXT",
              help="UNSAFE for real games: derive the dice seed from TEXT (reproducible tests and examples); "
                   "whoever guesses TEXT knows every die.")
@click.option("--unsafe-test-passwords", "test_passwords", metavar="TEXT",
              help="UNSAFE for real games: derive the passwords from TEXT (reproducible tests and examples).")
@click.option("--dice", type=click.Choice(["hmac", "manual"]), default="hmac", show_default=True,
              help="manual: the GM gives every die in the orders (ROLL lines).")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
              help="Override one rule for this game (house rules).")
@click.option("--id", "game_id", metavar="ID", help="Game id for GAME lines (default: the directory name).")
@click.option("--deadline", metavar="WHEN", help="The first deadline, e.g. '2025-11-21 18:00' (in --zone).")
@click.option("--every", metavar="PERIOD", help="How deadlines follow: 7d, 3d12h, or a weekday and time 'fri 18:00'.")
@click.option("--zone", metavar="ZONE", help="The time zone of the deadlines (default UTC), e.g. Europe/Berlin.")
@click.option("--strict", is_flag=True, help="Late mail is kept but not used (default: used until the turn runs).")
@click.option("--early", is_flag=True, help="Run a turn as soon as every company has sent valid orders.")
@click.option("--remind", metavar="PERIOD", help="Remind companies without valid orders this long before a deadline.")
@click.option("--statements", metavar="PERIOD", help="Collect end-of-game statements this long after the last turn.")
def new_cmd(directory: str, map_name: str, profile: str, players: tuple[str, ...], seed: str | None,
            test_passwords: str | None, dice: str, sets: tuple[str, ...], game_id: str | None,
            deadline: str | None, every: str | None, zone: str | None, strict: bool, early: bool,
            remind: str | None, statements: str | None) -> None:
    """Start a game in DIRECTORY and print the opening report.

    \b
    Example:
      adjudicate new demo --map germany --player RED:Rheinbahn --player BLUE:Blaue_Linie
      adjudicate new nord --map germany --player RED:Rheinbahn:red@example.org ... \\
          --deadline "2025-11-21 18:00" --every "fri 18:00" --zone Europe/Berlin --remind 24h
    """
    from datetime import UTC, datetime

    from adjudicator.app.commands import new_schedule, start_game

    schedule = new_schedule(deadline, every, zone, strict, early, remind, statements, datetime.now(UTC))
    opening, gdir = start_game(directory, map_name, profile, list(players), seed, dice, list(sets), game_id,
                               test_passwords, schedule)
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
    """Recompute every die from the seed, check the archive chain and replay every turn and correction."""
    from adjudicator.app.verify import verify_game

    ok, lines = verify_game(directory, seed_hex)
    for line in lines:
        click.echo(line)
    sys.exit(0 if ok else 1)


@cli.group("fix")
def fix_group() -> None:
    """The GM's corrections between turns (never edit game.json by hand).

    Each is recorded with who, when and why, archived, printed in the next
    public report, and checked again by 'adjudicate verify'.
    """


def _fixed(c: object) -> None:
    click.echo(f"correction {getattr(c, 'number', '?')} recorded; the next report prints it")


@fix_group.command("balance", context_settings={"ignore_unknown_options": True})
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("player", metavar="ID")
@click.argument("amount", type=int)
@click.option("--why", required=True, help="The reason, printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the correction.")
def fix_balance(directory: str, player: str, amount: int, why: str, by: str) -> None:
    """Add AMOUNT to a company's balance (negative: take it), through the ledger.

    Example: adjudicate fix balance demo RED -3 --why "fee charged twice in turn 4"
    """
    from adjudicator.app.fix import correct

    _fixed(correct(directory, "balance", why, by, player=player, amount=amount))


@fix_group.command("track")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("action", type=click.Choice(["add", "remove"]))
@click.argument("player", metavar="ID")
@click.argument("a", metavar="CCRR")
@click.argument("b", metavar="CCRR")
@click.option("--why", required=True, help="The reason, printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the correction.")
def fix_track(directory: str, action: str, player: str, a: str, b: str, why: str, by: str) -> None:
    """Add or remove a company's segment between two adjacent hexes (no money moves).

    Example: adjudicate fix track demo remove RED 1108 1109 --why "built across the Elbe by mistake"
    """
    from adjudicator.app.fix import correct

    _fixed(correct(directory, "track-add" if action == "add" else "track-remove", why, by, player=player, a=a, b=b))


@fix_group.command("rule")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("setting", metavar="KEY=VALUE")
@click.option("--why", required=True, help="The reason, printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the correction.")
def fix_rule(directory: str, setting: str, why: str, by: str) -> None:
    """Change one rules key of the game from now on, as --set does at 'new'.

    Example: adjudicate fix rule demo fixed_races=6 --why "the players agreed on a shorter game"
    """
    from adjudicator.app.fix import correct

    key, _, value = setting.partition("=")
    _fixed(correct(directory, "rule", why, by, key=key.strip(), value=value.strip()))


@cli.command("reveal")
@click.argument("directory", type=click.Path(file_okay=False))
def reveal_cmd(directory: str) -> None:
    """Print the secret dice seed (normally at the end of a game) so players can verify."""
    from adjudicator.app.commands import reveal_seed

    click.echo(reveal_seed(directory))


@cli.command("site")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("out", type=click.Path(file_okay=False))
@click.option("--png", is_flag=True, help="Also write each turn's map as PNG (needs the pictures extra).")
def site_cmd(directory: str, out: str, png: bool) -> None:
    """Write the game in DIRECTORY as a static HTML site into the folder OUT.

    A game page (companies, rules, dice, balances), one page per turn (its
    public report, its map as SVG, its races), and the ledger with a filter
    by company.  Private reports are never published.  Open OUT/index.html.
    Example: adjudicate site demo demo-site --png
    """
    from adjudicator.app.site import write_site

    done = write_site(directory, out, png)
    click.echo(f"wrote {len(done.pages)} pages and {len(done.files) - len(done.pages)} pictures to {done.out}; "
               f"open {done.out / 'index.html'}")


@cli.group("player")
def player_group() -> None:
    """Hand a company to a stand-by, or take it out of play (recorded like a correction)."""


@player_group.command("replace")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("player", metavar="ID")
@click.option("--name", "manager", required=True, help="The stand-by who runs the company from now on.")
@click.option("--email", default="", help="The stand-by's address (reports and receipts go there).")
@click.option("--why", default="a stand-by takes over", show_default=True, help="Printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the change.")
def player_replace(directory: str, player: str, manager: str, email: str, why: str, by: str) -> None:
    """Give company ID to a stand-by with a NEW password; the old one stops working.

    The new password is printed once, for the stand-by only, and written to
    the GM's passwords file.  The history keeps who ran the company when.

    Example: adjudicate player replace demo BLUE --name "Anna Roth" --email anna@example.org
    """
    from adjudicator.app.fix import replace_player

    c, secret = replace_player(directory, player, manager, email, why, by)
    click.echo(f"{c.player} is now run by {c.manager}; correction {c.number}, printed in the next report.")
    click.echo(f"New password for {c.player} (send it to the stand-by only): {secret}")


@player_group.command("retire")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("player", metavar="ID")
@click.option("--why", default="the company leaves the game", show_default=True, help="Printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the change.")
def player_retire(directory: str, player: str, why: str, by: str) -> None:
    """Take company ID out of play: its track stays, its money is frozen, it builds and races no more.

    Fares and fees due to it go to the bank from now on (docs/rules.md).
    """
    from adjudicator.app.fix import correct

    c = correct(directory, "retire", why, by, player=player)
    click.echo(f"{c.player} is out of play from turn {c.turn}; correction {c.number}, printed in the next report.")


@cli.command("undo")
@click.argument("directory", type=click.Path(file_okay=False))
def undo_cmd(directory: str) -> None:
    """Take back the last adjudicated turn or correction (its archive is kept, set aside)."""
    from adjudicator.app.store import GameDir

    kind, number = GameDir(directory).undo()
    if kind == "turn":
        click.echo(f"turn {number} undone; game.json is back at turn {number}. Run it again with the corrected orders.")
    else:
        click.echo(f"correction {number} undone; game.json is back as it was before it.")


def _now(text: str | None) -> datetime | None:
    """``--now``: an ISO time (with an offset; without one it is UTC), to replay a game's mail."""
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise click.BadParameter(f"{text!r} is not an ISO time such as 2025-11-21T18:05+01:00",
                                 param_hint="--now") from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


_NOW = click.option("--now", "now_text", metavar="TIME", hidden=True,
                    help="Act as if it were TIME (ISO 8601): replays and tests.")


def _tick_output(ticks: list[Any]) -> bool:
    from adjudicator.report.mail import gm_note

    ok = True
    for t in ticks:
        for note in t.notes:
            click.echo(f"{t.directory}: {gm_note(note)}")
        if t.error:
            click.echo(f"error: {t.directory}: {t.error}", err=True)
            ok = False
    return ok


@cli.command("tick")
@click.argument("directories", nargs=-1, required=True, type=click.Path(file_okay=False))
@_NOW
def tick_cmd(directories: tuple[str, ...], now_text: str | None) -> None:
    """Run postal games from their mailboxes: the one command for cron.

    For each game DIRECTORY (with its mail.toml): fetch new mail, answer
    each with a receipt, remind who has not sent orders, run the turn when
    its deadline has passed (or everybody's orders are in, where the game
    allows it), mail the reports, and send what is queued.  Prints only what
    happened; a second tick changes and sends nothing.  Exit 1 when a game
    had an error (the others go on).  Cron, every five minutes:
    */5 * * * * adjudicate tick /home/gm/games/nord /home/gm/games/sued
    """
    from adjudicator.app.postal import tick

    sys.exit(0 if _tick_output(tick(list(directories), _now(now_text))) else 1)


@cli.command("status")
@click.argument("directory", type=click.Path(file_okay=False))
def status_cmd(directory: str) -> None:
    """Who has sent orders for the current turn, when, valid or not; who is missing; the deadline."""
    from adjudicator.app.postal import status

    click.echo(status(directory), nl=False)


@cli.group("mail")
def mail_group() -> None:
    """A postal game's mail: fetch it, send what is queued."""


@mail_group.command("fetch")
@click.argument("directory", type=click.Path(file_okay=False))
@_NOW
def mail_fetch(directory: str, now_text: str | None) -> None:
    """Fetch new mail from the game's source (mail.toml) into its inbox (the next tick answers it)."""
    from adjudicator.app.postal import fetch_only

    sys.exit(0 if _tick_output([fetch_only(directory, _now(now_text))]) else 1)


@mail_group.command("send")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--turn", type=int, help="Send the report mails of turn N again.")
@click.option("--player", metavar="ID", help="Only this company's report mail (of --turn, or the last turn).")
@_NOW
def mail_send(directory: str, turn: int | None, player: str | None, now_text: str | None) -> None:
    """Send the queued mails over SMTP; with --turn/--player send report mails again."""
    from adjudicator.app.postal import send_mail

    sys.exit(0 if _tick_output([send_mail(directory, turn, player, _now(now_text))]) else 1)


@cli.group("deadline")
def deadline_group() -> None:
    """Set, extend or hold a game's deadlines (each change printed in the next report)."""


@deadline_group.command("set")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--due", metavar="WHEN", help="The deadline of the current turn, e.g. '2025-11-28 18:00'.")
@click.option("--every", metavar="PERIOD", help="7d, 3d12h or 'fri 18:00' ('' : the GM sets each one).")
@click.option("--zone", metavar="ZONE", help="The time zone, e.g. Europe/Berlin.")
@click.option("--strict/--lenient", default=None, help="Late mail not used / used until the turn runs.")
@click.option("--early/--no-early", default=None, help="Run as soon as every company has sent valid orders.")
@click.option("--remind", metavar="PERIOD", help="Remind this long before a deadline ('' : no reminders).")
@click.option("--statements", metavar="PERIOD", help="Collect end-of-game statements this long.")
@click.option("--why", default="", help="A reason, printed in the next report.")
def deadline_set(directory: str, due: str | None, every: str | None, zone: str | None, strict: bool | None,
                 early: bool | None, remind: str | None, statements: str | None, why: str) -> None:
    """Change the deadline or how deadlines follow.

    Example: adjudicate deadline set nord --due "2025-11-28 18:00" --every "fri 18:00"
    """
    from adjudicator.app.deadlines import set_deadline

    settings = [(k, v) for k, v in (("zone", zone), ("due", due), ("every", every), ("remind", remind),
                                    ("statements", statements)) if v is not None]
    settings += [(k, "yes" if v else "no") for k, v in (("strict", strict), ("early", early)) if v is not None]
    for c in set_deadline(directory, settings, why):
        _fixed(c)


@deadline_group.command("extend")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("period", metavar="PERIOD")
@click.option("--why", default="", help="A reason, printed in the next report.")
def deadline_extend(directory: str, period: str, why: str) -> None:
    """Move the current deadline on by PERIOD (e.g. 2d, 36h)."""
    from adjudicator.app.deadlines import extend_deadline

    _fixed(extend_deadline(directory, period, why))


@deadline_group.command("hold")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--release", is_flag=True, help="End the hold: the deadline counts again.")
@click.option("--why", default="", help="A reason, printed in the next report.")
def deadline_hold(directory: str, release: bool, why: str) -> None:
    """Hold the game over (no turn runs, e.g. for a missing player) or, with --release, let it go on."""
    from adjudicator.app.deadlines import hold

    _fixed(hold(directory, not release, why))


def main() -> None:
    """Entry point of the console script (and ``python -m adjudicator``): the cache on disk, then the command."""
    if sys.argv[1:] not in (["--version"], ["--help"], ["-h"]):
        from adjudicator.app.cache import use_cache

        use_cache()
    cli.main(prog_name="adjudicate")
