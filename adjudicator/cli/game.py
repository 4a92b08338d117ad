"""Commands that start and change a game: new, rules, the GM's corrections, stand-bys and retirement.

Each asks the registry of games (``app/plays.py``) for its game (by ``--play``, or the game of its folder) and
calls one method of it; a command the game does not have says so in one line.  What differs between games is
data the games declare (``kernel/declare.py``): ``new``'s own options of each game and the ``fix`` commands are
built from it (``cli/declared.py``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from adjudicator.cli.declared import Corrections, DeclaredNew

SCHEDULE = {"strict": "--strict", "early": "--early", "statements": "--statements"}
"""The settings of the deadlines a game may not have (``Declaration.schedule``), by their options."""


@click.command("new", cls=DeclaredNew)
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--play", "play", default="dampfross", show_default=True, metavar="GAME",
              help="The game: dampfross, interurban (seed 001; no map, no rules profile) or any play registered.")
@click.option("--player", "players", multiple=True, required=True, metavar="ID:NAME[:EMAIL]",
              help="A company, in seat order; give 2 to 6.  ID:bot=LEVEL gives a seat to a bot (Dampfross: "
                   "random, careful or strong; InterUrban: random or careful); any other NAME, Bot too, is a "
                   "player's company.")
@click.option("--seed", metavar="TEXT",
              help="UNSAFE for real games: derive the dice seed from TEXT (reproducible tests and examples); "
                   "whoever guesses TEXT knows every die.")
@click.option("--unsafe-test-passwords", "test_passwords", metavar="TEXT",
              help="UNSAFE for real games: derive the passwords from TEXT (reproducible tests and examples).")
@click.option("--id", "game_id", metavar="ID", help="Game id for GAME lines (default: the directory name).")
@click.option("--deadline", metavar="WHEN", help="The first deadline, e.g. '2025-11-21 18:00' (in --zone).")
@click.option("--every", metavar="PERIOD", help="How deadlines follow: 7d, 3d12h, or a weekday and time 'fri 18:00'.")
@click.option("--zone", metavar="ZONE", help="The time zone of the deadlines (default UTC), e.g. Europe/Berlin.")
@click.option("--strict", is_flag=True,
              help="A turn runs at its deadline: later mail counts for the next turn (default: late mail counts until "
                   "the turn runs).")
@click.option("--early", is_flag=True, help="Run a turn as soon as every company has sent valid orders.")
@click.option("--remind", metavar="PERIOD", help="Remind companies without valid orders this long before a deadline.")
@click.option("--statements", metavar="PERIOD", help="Collect end-of-game statements this long after the last turn.")
@click.option("--lang", default="en", show_default=True, metavar="LANG",
              help="The language of the reports: en (English), de (Deutsch), nl (Nederlands), cs (Čeština), or any "
                   "other of docs/languages.md.")
@click.option("--player-lang", "player_langs", multiple=True, metavar="ID=LANG",
              help="A company whose private reports, receipts and mails are in another language (or give it in the "
                   "seat: --player ID:NAME:EMAIL:LANG).")
@click.option("--caretaker-after", "caretaker_after", type=int, metavar="N",
              help="After N missed turns (moves) in a row the caretaker, a bot, plays the seat until its player "
                   "mails again (default: never).")
@click.option("--caretaker-level", "caretaker_level", metavar="LEVEL",
              help="The caretaker's bot level (default: careful); with --caretaker-after.")
def new_cmd(directory: str, play: str, players: tuple[str, ...], seed: str | None, test_passwords: str | None,
            game_id: str | None, deadline: str | None, every: str | None, zone: str | None, strict: bool, early: bool,
            remind: str | None, statements: str | None, lang: str, player_langs: tuple[str, ...],
            caretaker_after: int | None, caretaker_level: str | None, **options: Any) -> None:
    """Start a game in DIRECTORY and print the opening report.

    \b
    Example:
      adjudicate new demo --map germany --player RED:Rheinbahn --player BLUE:Blaue_Linie
      adjudicate new nord --map germany --player RED:Rheinbahn:red@example.org ... \\
          --deadline "2025-11-21 18:00" --every "fri 18:00" --zone Europe/Berlin --remind 24h
      adjudicate new sued --map germany --lang de --player-lang BLUE=en --player RED:Rheinbahn ...
      adjudicate new nord --map germany --player RED:Rijnbaan:anna@example.org:nl ...
      adjudicate new tram --play interurban --player RED:Anna:anna@example.org \\
          --player BLUE:Bert:bert@example.org --every 3d
      adjudicate new duo --play interurban --player RED:Anna:anna@example.org \\
          --player BLUE:bot=careful --player GREEN:bot=random --every 3d
      adjudicate new tram --play interurban ... --every 3d --caretaker-after 2
    """
    from adjudicator.app.gm import NewGame, new_schedule
    from adjudicator.app.plays import game_named
    from adjudicator.cli.declared import chosen_options
    from adjudicator.kernel.errors import AdjudicatorError

    schedule = new_schedule(deadline, every, zone, strict, early, remind, statements, datetime.now(UTC))
    if caretaker_level is not None and caretaker_after is None:
        raise click.UsageError("--caretaker-level goes with --caretaker-after N (after how many missed turns)")
    game = game_named(play)  # any registered play; an unknown name is refused before the options
    declared = game.declared()
    ctx = click.get_current_context()
    assert isinstance(ctx.command, DeclaredNew)
    values = chosen_options(ctx, declared, ctx.command.declared, options, SCHEDULE)
    problem = declared.seats.problem(declared.title, len(players))
    if problem:
        raise AdjudicatorError(problem)
    started = game.new(NewGame(directory, players, seed, test_passwords, schedule, lang, player_langs, game_id,
                               caretaker_after, caretaker_level or "careful"), values)
    click.echo(started.opening, nl=False)
    click.echo(f"Game started in {started.folder}. Passwords (GM only): {started.folder / 'passwords.txt'}", err=True)
    for warning in started.warnings:
        click.echo(f"warning: {warning}", err=True)


@click.group("rules")
def rules_group() -> None:
    """Show rules profiles and a game's effective rules."""


@rules_group.command("show")
@click.argument("name", metavar="NAME|DIR", required=False)
@click.option("--play", "play", default="dampfross", show_default=True, metavar="GAME",
              help="The game whose profile NAME is (a game in DIR is its own).")
def rules_show(name: str | None, play: str) -> None:
    """Print every rule of a profile (default: the game's first, Dampfross's schmidt), or of the game in DIR (with
    its house rules)."""
    from adjudicator.app.plays import game_named, game_of

    game = game_of(name) if name is not None and Path(name).is_dir() else game_named(play)
    click.echo(game.rules(name), nl=False)


@click.group("fix", cls=Corrections)
def fix_group() -> None:
    """The GM's corrections between turns (never edit game.json by hand).

    Each is recorded with who, when and why, archived, printed in the next
    public report, and checked again by 'adjudicate verify'.  Dampfross:
    balance, track, rule; a game of moves (InterUrban): seat, position.
    The corrections are those the games declare (kernel/declare.py).
    """


@click.group("player")
def player_group() -> None:
    """Hand a company to a stand-by, take it out of play, or change its language (recorded like a correction)."""


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
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).replace_player(directory, player, manager, email, why, by))


@player_group.command("address")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("player", metavar="ID")
@click.argument("email", metavar="EMAIL")
@click.option("--why", default="", help="A reason, if any (printed in the next report, without the address).")
@click.option("--by", default="GM", show_default=True, help="Who makes the change.")
def player_address(directory: str, player: str, email: str, why: str, by: str) -> None:
    """Send company ID's mail to EMAIL from now on (a typo corrected, a player's new address).

    The password stays.  Recorded like a correction; the next public report
    says that the address changed, never the address.  Mails the server
    refused go out again to it with: adjudicate mail send DIR --retry

    Example: adjudicate player address demo BLUE bernd@example.net
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).set_address(directory, player, email, why, by))


@player_group.command("lang")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("player", metavar="ID")
@click.argument("lang", metavar="LANG")
@click.option("--why", default="", help="A reason, if any (printed in the next report with the change).")
@click.option("--by", default="GM", show_default=True, help="Who makes the change.")
def player_lang(directory: str, player: str, lang: str, why: str, by: str) -> None:
    """Write company ID's private reports, receipts and mails in LANG from now on.

    LANG is en or de, or 'game' for the game's language again.  Recorded
    like a correction and printed in the next public report.

    Example: adjudicate player lang demo BLUE en
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).set_language(directory, player, lang, why, by))


@player_group.command("retire")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("player", metavar="ID")
@click.option("--why", default="the company leaves the game", show_default=True, help="Printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the change.")
def player_retire(directory: str, player: str, why: str, by: str) -> None:
    """Take company ID out of play: its track stays, its money is frozen, it builds and races no more.

    Fares and fees due to it go to the bank from now on (docs/rules.md).
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).retire(directory, player, why, by))


@click.command("caretaker")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("player", metavar="ID")
@click.option("--level", metavar="LEVEL", help="The caretaker's bot level (default: careful).")
@click.option("--off", is_flag=True, help="Take the seat back from the caretaker: its player plays it again.")
@click.option("--why", default="", help="A reason, if any (printed in the next report).")
@click.option("--by", default="GM", show_default=True, help="Who makes the change.")
def caretaker_cmd(directory: str, player: str, level: str | None, off: bool, why: str, by: str) -> None:
    """Hand seat ID to the caretaker, a bot that plays it until its player mails again; --off takes it back.

    Recorded like a correction, printed in the next report, checked by
    'adjudicate verify', taken back by 'adjudicate undo'.  Any valid mail of
    the seat's player ends the caretaking as well.  A game started with
    --caretaker-after N hands a seat over by itself after N missed turns.

    \b
    Example:
      adjudicate caretaker tram BLUE --why "Bert is on holiday until May"
      adjudicate caretaker tram BLUE --off
    """
    from adjudicator.app.plays import game_of

    if off and level:
        raise click.UsageError("--off takes no --level")
    commands = game_of(directory)
    click.echo(commands.caretaker(directory, player, None if off else level or "careful", why, by))


@click.command("upgrade")
@click.argument("directory", type=click.Path(file_okay=False))
def upgrade_cmd(directory: str) -> None:
    """Convert a game folder of an older format, once, into the one session's folder, so it goes on and
    'adjudicate verify' checks it.

    \b
    Dampfross: a game started before issue 34 becomes a game of play
    dampfross (every turn and correction archived as the session's steps,
    each report byte for byte, the orders counted for the turn on hand
    kept); the old files stay read-only in DIR/old-format/, mail/ as it is,
    and no mail already sent goes out again.  A failed upgrade leaves the
    folder as it was; a folder upgraded already, or of another game, is
    refused in one line.

    \b
    Example:
      adjudicate upgrade games/nord
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).upgrade(directory))


COMMANDS = (new_cmd, rules_group, fix_group, player_group, caretaker_cmd, upgrade_cmd,)
