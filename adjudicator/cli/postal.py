"""Commands of the postal loop: tick (for cron), status, mail fetch/send, deadlines, standings.

Each asks the registry of games (``app/plays.py``) for the game of its folder and calls one method of it."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from typing import Any

import click

from adjudicator.cli.now import NOW_OPTION, parse_now

TICK_LINES = 30
"""The most lines one game prints in one tick (cron mails them to the GM): a flood of a thousand mails prints a
summary, never a line per mail; every line is in the game's ``mail/tick.log``."""
SAME_KIND = 3
"""Lines of one kind of note printed before the rest of that kind is counted in one line."""
LOG = "tick.log"
LOG_MOST = 1_000_000
"""Bytes of ``mail/tick.log`` before it is moved to ``tick.log.1`` (the one before that is dropped)."""


def _tick_output(ticks: list[Any]) -> bool:
    from adjudicator.kernel.words.gm import gm_note

    ok = True
    for t in ticks:
        # that mail cannot be sent at all comes first: every other line of the tick depends on it
        notes = sorted(t.notes, key=lambda n: n.kind != "no-smtp")
        errors = list(t.problems) + ([gm_note(t.failure) if t.failure else t.error] if t.error else [])
        log = _log(t.directory, [gm_note(n) for n in notes], errors)  # every line, however many
        shown = [gm_note(n) for n in notes]
        if len(shown) > TICK_LINES:  # a flood: each kind of line a few times, then counted
            kinds: dict[str, list[str]] = {}
            for note, line in zip(notes, shown, strict=True):
                kinds.setdefault(note.kind, []).append(line)
            shown = []
            for kind, lines in kinds.items():
                shown += lines[:SAME_KIND]
                if len(lines) > SAME_KIND:
                    shown.append(f"... and {len(lines) - SAME_KIND} more like the line above ({kind})")
        if len(shown) > TICK_LINES:
            shown = shown[:TICK_LINES - 1] + [f"... and {len(shown) - TICK_LINES + 1} more lines"]
        for line in shown:
            click.echo(f"{t.directory}: {line}")
        for problem in errors[:SAME_KIND * 3]:
            click.echo(f"error: {t.directory}: {problem}", err=True)
        if len(errors) > SAME_KIND * 3:
            click.echo(f"error: {t.directory}: ... and {len(errors) - SAME_KIND * 3} more errors", err=True)
        if log and (len(shown) < len(notes) or len(errors) > SAME_KIND * 3):
            click.echo(f"{t.directory}: every line of this tick is in {log}")
        ok = ok and not errors
    return ok


def _log(directory: str, lines: list[str], errors: list[str]) -> str:
    """Append a tick's lines to the game's ``mail/tick.log`` (its path; "" when there is none to write)."""
    from pathlib import Path

    folder = Path(directory) / "mail"
    if not (lines or errors) or not folder.is_dir():
        return ""
    path = folder / LOG
    try:
        if path.is_file() and path.stat().st_size > LOG_MOST:
            path.replace(folder / f"{LOG}.1")
        stamp = datetime.now(UTC).replace(microsecond=0).isoformat()
        with path.open("a", encoding="utf-8") as f:
            f.writelines(f"{stamp} {line}\n" for line in lines)
            f.writelines(f"{stamp} error: {line}\n" for line in errors)
    except OSError:
        return ""
    return str(path)


@click.command("tick")
@click.argument("directories", nargs=-1, required=True)  # each checked by the tick: one bad one stops no other
@NOW_OPTION
def tick_cmd(directories: tuple[str, ...], now_text: str | None) -> None:
    """Run postal games from their mailboxes: the one command for cron.

    For each game DIRECTORY (with its mail.toml): fetch new mail, answer
    each with a receipt, remind who has not sent orders, run the turn when
    its deadline has passed (or everybody's orders are in, where the game
    allows it), mail the reports, and send what is queued.  Prints only what
    happened; a second tick changes and sends nothing.  Exit 1 when a game
    had an error, or is missing, a file or cannot be read (the others go
    on).  Cron, every five minutes:
    */5 * * * * adjudicate tick /home/gm/games/nord /home/gm/games/sued
    """
    from adjudicator.app.plays import tick

    sys.exit(0 if _tick_output(tick(list(directories), parse_now(now_text))) else 1)


@click.command("status")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON (codes, not sentences) for scripts.")
def status_cmd(directory: str, as_json: bool) -> None:
    """Who has sent orders for the current turn, when, valid or not; who is missing; the deadline."""
    from adjudicator.app.plays import game_of

    game = game_of(directory)
    if as_json:
        import json

        click.echo(json.dumps(game.status_json(directory), ensure_ascii=False, indent=2))
        return
    click.echo(game.status(directory), nl=False)


@click.group("mail")
def mail_group() -> None:
    """A postal game's mail: write and try its mail.toml, fetch mail, send what is queued."""


@mail_group.command("fetch")
@click.argument("directory", type=click.Path(file_okay=False))
@NOW_OPTION
def mail_fetch(directory: str, now_text: str | None) -> None:
    """Fetch new mail from the game's source (mail.toml) into its inbox (the next tick answers it)."""
    from adjudicator.app.plays import game_of

    sys.exit(0 if _tick_output([game_of(directory).fetch(directory, parse_now(now_text))]) else 1)


@mail_group.command("send")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--turn", type=int, help="Send the report mails of turn N again.")
@click.option("--player", metavar="ID", help="Only this company's report mail (of --turn, or the last turn).")
@click.option("--retry", is_flag=True, help="Queue again the mails the server refused for good (mail/failed).")
@NOW_OPTION
def mail_send(directory: str, turn: int | None, player: str | None, retry: bool, now_text: str | None) -> None:
    """Send the queued mails over SMTP; with --turn/--player send report mails again, with --retry the mails
    set aside as refused (a company's mail goes to its address on file now)."""
    from adjudicator.app.plays import game_of

    sys.exit(0 if _tick_output([game_of(directory).send(directory, parse_now(now_text), retry, turn, player)]) else 1)


@click.group("deadline")
def deadline_group() -> None:
    """Set, extend or hold a game's deadlines (each change printed in the next report)."""


@deadline_group.command("set")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--due", metavar="WHEN", help="The deadline of the current turn, e.g. '2025-11-28 18:00'.")
@click.option("--every", metavar="PERIOD", help="7d, 3d12h or 'fri 18:00' ('' : the GM sets each one).")
@click.option("--zone", metavar="ZONE", help="The time zone, e.g. Europe/Berlin.")
@click.option("--strict/--lenient", default=None,
              help="Later mail counts for the next turn / late mail counts until the turn runs.")
@click.option("--early/--no-early", default=None, help="Run as soon as every company has sent valid orders.")
@click.option("--remind", metavar="PERIOD", help="Remind this long before a deadline ('' : no reminders).")
@click.option("--statements", metavar="PERIOD", help="Collect end-of-game statements this long.")
@click.option("--why", default="", help="A reason, printed in the next report.")
def deadline_set(directory: str, due: str | None, every: str | None, zone: str | None, strict: bool | None,
                 early: bool | None, remind: str | None, statements: str | None, why: str) -> None:
    """Change the deadline or how deadlines follow (without an option: say the deadline, change nothing).

    Example: adjudicate deadline set nord --due "2025-11-28 18:00" --every "fri 18:00"
    """
    from adjudicator.app.plays import game_of

    settings = [(k, v) for k, v in (("zone", zone), ("due", due), ("every", every), ("remind", remind),
                                    ("statements", statements)) if v is not None]
    settings += [(k, "yes" if v else "no") for k, v in (("strict", strict), ("early", early)) if v is not None]
    click.echo(game_of(directory).set_deadline(directory, settings, why))


@deadline_group.command("extend")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("period", metavar="PERIOD")
@click.option("--why", default="", help="A reason, printed in the next report.")
def deadline_extend(directory: str, period: str, why: str) -> None:
    """Move the current deadline on by PERIOD (e.g. 2d, 36h)."""
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).extend_deadline(directory, period, why))


@deadline_group.command("hold")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--release", is_flag=True, help="End the hold: the deadline counts again.")
@click.option("--why", default="", help="A reason, printed in the next report.")
def deadline_hold(directory: str, release: bool, why: str) -> None:
    """Hold the game over (no turn runs, e.g. for a missing player) or, with --release, let it go on."""
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).hold(directory, not release, why))


@click.command("standings")
@click.argument("directories", nargs=-1, required=True, type=click.Path(file_okay=False))
def standings_cmd(directories: tuple[str, ...]) -> None:
    """Score finished games of the same players together: an InterUrban tournament (one game per start player:
    start one game for each player, listing that player first with --player).

    Example: adjudicate standings tram-1 tram-2 tram-3
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directories[0]).standings(list(directories)), nl=False)


def _mail_setup() -> None:
    """``mail init`` and ``mail check`` (the GM's first hour) live in ``mailsetup.py``."""
    from adjudicator.cli.mailsetup import COMMANDS as SETUP

    for command in SETUP:
        mail_group.add_command(command)


_mail_setup()
COMMANDS = (tick_cmd, status_cmd, mail_group, deadline_group, standings_cmd,)
