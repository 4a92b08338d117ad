"""Commands that start and change a game: new, rules, the GM's corrections, stand-bys and retirement.

The corrections ask the registry of games (``app/plays.py``) for the game of their folder and call one method of
it; a correction the game does not have says so in one line."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import click


@click.command("new")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--play", "play", default="dampfross", show_default=True, metavar="GAME",
              help="The game: dampfross, interurban (seed 001; no map, no rules profile) or any play registered.")
@click.option("--map", "map_name", metavar="NAME|FILE",
              help="A shipped map (see 'map list') or a map file (Dampfross: required).")
@click.option("--rules", "profile", default="schmidt", show_default=True, help="Rules profile (see 'rules show').")
@click.option("--player", "players", multiple=True, required=True, metavar="ID:NAME[:EMAIL]",
              help="A company, in seat order; give 2 to 6.  ID:bot=LEVEL gives a seat to a bot (Dampfross: "
                   "random, careful or strong; InterUrban: random or careful); any other NAME, Bot too, is a "
                   "player's company.")
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
def new_cmd(directory: str, play: str, map_name: str | None, profile: str, players: tuple[str, ...], seed: str | None,
            test_passwords: str | None, dice: str, sets: tuple[str, ...], game_id: str | None,
            deadline: str | None, every: str | None, zone: str | None, strict: bool, early: bool,
            remind: str | None, statements: str | None, lang: str, player_langs: tuple[str, ...],
            caretaker_after: int | None, caretaker_level: str | None) -> None:
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

    from adjudicator.dampfross.app.commands import new_schedule, start_game

    schedule = new_schedule(deadline, every, zone, strict, early, remind, statements, datetime.now(UTC))
    if caretaker_level is not None and caretaker_after is None:
        raise click.UsageError("--caretaker-level goes with --caretaker-after N (after how many missed turns)")
    caretaker: dict[str, Any] = {"caretaker_after": caretaker_after, "caretaker_level": caretaker_level or "careful"} \
        if caretaker_after is not None else {}
    if play != "dampfross":
        from adjudicator.app.moves import start_moves_game
        from adjudicator.app.plays import play_named

        moves_play = play_named(play)  # any registered play; an unknown name is refused before the options
        if map_name or sets or dice != "hmac" or profile != "schmidt" or strict or early or statements:
            raise click.UsageError(f"--play {play} takes no --map, --rules, --set, --dice, --strict, --early "
                                   "or --statements")
        opening, folder = start_moves_game(moves_play, directory, players, seed, test_passwords, schedule, lang,
                                           player_langs, game_id, **caretaker)
        click.echo(opening, nl=False)
        click.echo(f"Game started in {folder.path}. Passwords (GM only): {folder.path / 'passwords.txt'}", err=True)
        return
    if not map_name:
        raise click.UsageError("Missing option '--map' (a Dampfross game needs a map; see 'map list').")
    opening, gdir = start_game(directory, map_name, profile, list(players), seed, dice, list(sets), game_id,
                               test_passwords, schedule, lang, player_langs, **caretaker)
    click.echo(opening, nl=False)
    click.echo(f"Game started in {gdir.path}. Passwords (GM only): {gdir.path / 'passwords.txt'}", err=True)
    from adjudicator.dampfross.report.racephrases import race_rule_warnings

    for warning in race_rule_warnings(gdir.load_state().rules):
        click.echo(f"warning: {warning}", err=True)


@click.group("rules")
def rules_group() -> None:
    """Show rules profiles and a game's effective rules."""


@rules_group.command("show")
@click.argument("name", metavar="NAME|DIR", default="schmidt")
def rules_show(name: str) -> None:
    """Print every rule of a profile, or of the game in DIR (with its house rules)."""
    from adjudicator.dampfross.app.commands import effective_rules

    rules, where = effective_rules(name)
    click.echo(f"# rules of {where}")
    for key, value in rules.to_dict().items():
        click.echo(f"{key}: {value}")


@click.group("fix")
def fix_group() -> None:
    """The GM's corrections between turns (never edit game.json by hand).

    Each is recorded with who, when and why, archived, printed in the next
    public report, and checked again by 'adjudicate verify'.  Dampfross:
    balance, track, rule; a game of moves (InterUrban): seat, position.
    """


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
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).fix_balance(directory, player, amount, why, by))


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
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).fix_track(directory, action == "add", player, a, b, why, by))


@fix_group.command("rule")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("setting", metavar="KEY=VALUE")
@click.option("--why", required=True, help="The reason, printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the correction.")
def fix_rule(directory: str, setting: str, why: str, by: str) -> None:
    """Change one rules key of the game from now on, as --set does at 'new'.

    Example: adjudicate fix rule demo fixed_races=6 --why "the players agreed on a shorter game"
    """
    from adjudicator.app.plays import game_of

    key, _, value = setting.partition("=")
    click.echo(game_of(directory).fix_rule(directory, key.strip(), value.strip(), why, by))


@fix_group.command("seat")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("player", metavar="ID")
@click.option("--name", "name", help="The player's name (a stand-by: with --email and --new-password).")
@click.option("--email", help="The player's mail address ('' for none).")
@click.option("--lang", help="The language of the player's mails: en or de.")
@click.option("--new-password", is_flag=True, help="A new password (the old one stops working).")
@click.option("--why", required=True, help="The reason, printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the correction.")
def fix_seat_cmd(directory: str, player: str, name: str | None, email: str | None, lang: str | None,
                 new_password: bool, why: str, by: str) -> None:
    """Correct a seat of a game of moves (InterUrban): its player's name, address, language or password.

    The next move's report says what was corrected and why (never the
    address or the password).  A new password goes to the GM's passwords
    file and, in a game run by mail, to the seat's address with the game so
    far.  A Dampfross company: adjudicate player address|lang|replace.

    Example: adjudicate fix seat tram BLUE --email bernd@example.net --why "a typo in the address"
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).fix_seat(directory, player, name, email, lang, new_password, why, by))


@fix_group.command("position")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--why", required=True, help="The reason, printed in the next report.")
@click.option("--by", default="GM", show_default=True, help="Who makes the correction.")
def fix_position_cmd(directory: str, file: str, why: str, by: str) -> None:
    """Set the game of moves (InterUrban) in DIRECTORY to the position in FILE: a teaching position, or a
    position set right.

    FILE is a state in JSON as game.json holds it (its "state"), or a whole
    game file, e.g. a step's game-after.json; it is read as the game reads
    its own.  The seats, the moves made and the deadline stay.

    Example: adjudicate fix position tram lesson-3.json --why "lesson 3: closing a line"
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).fix_position(directory, file, why, by))


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


COMMANDS = (new_cmd, rules_group, fix_group, player_group, caretaker_cmd,)
