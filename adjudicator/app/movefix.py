"""``adjudicate fix`` of a game of sequential moves (InterUrban): a seat corrected, a position set.

Each correction is a step of the game's archive (``postal/movefix.py`` applies its record, ``verify`` applies
it again), carries the GM's reason, and is printed in the report of the next move.  The game's ``GmCommands``
(``app/movesgm.py``) call them; a Dampfross game has neither (``app/gm.py``: ``NoSuchCommand``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from adjudicator.kernel import passwords
from adjudicator.kernel.contacts import check_address, check_name
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.kernel.i18n import check_language, language
from adjudicator.kernel.play import Play, Takeovers, bots_of, mail_subject
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal.compose import Outgoing
from adjudicator.postal.files import read_gm_file
from adjudicator.postal.mailconfig import load_config
from adjudicator.postal.movefix import POSITION_FILE, apply_fix, position_state
from adjudicator.postal.moves import PASSWORDS_BEFORE, Loaded, MovesDir, password_text
from adjudicator.postal.outbox import Outbox

MAX_WHY = 300
"""The longest reason a correction prints (it goes into every player's report)."""


@dataclass(frozen=True)
class SeatFixed:
    """A seat as corrected: the table after it, the new password (when one was made) and whether a mail with it
    was queued to the seat's address."""

    seat: str
    table: Table
    password: str | None
    mailed: bool


def _why(why: str) -> str:
    """The GM's reason as the report prints it (none: the change alone): one line (white space folded), printable,
    not too long."""
    text = " ".join(why.split())
    if len(text) > MAX_WHY or not text.isprintable():
        raise AdjudicatorError(f"the reason must be one line of printable text of at most {MAX_WHY} characters")
    return text


def fix_seat(play: Play, directory: str, seat: str, *, name: str | None = None, address: str | None = None,
             lang: str | None = None, new_password: bool = False, why: str, by: str = "GM",
             now: datetime | None = None) -> SeatFixed:
    """Correct a seat of a game of moves: its player's name, address or language,
    or a new password (the old one stops working; a stand-by is a new name and address with a new password).
    The new password goes to the GM's passwords file before the game changes (put back if the game cannot be
    changed), and by mail to the seat's address where the game is run by mail."""
    sid = seat.strip().upper()
    values: dict[str, str] = {}
    if name is not None:
        values["name"] = check_name(name, "player's name")
    if address is not None:
        values["address"] = check_address(address)
    if lang is not None:
        values["lang"] = check_language(lang)
    secret = passwords.generate() if new_password else None
    if secret is not None:
        values["password_hash"] = passwords.hash_password(secret)
    if not values:
        raise AdjudicatorError("say what to correct: --name, --email, --lang or --new-password")
    record: dict[str, Any] = {"kind": "fix", "fix": "seat", "seat": sid, "set": values, "why": _why(why), "by": by}
    folder = MovesDir(directory)
    with folder.lock():
        game = folder.load(play)
        _player_seat(game.table, sid, "the bot plays it, and it has no player, address or password to correct")
        table, state = apply_fix(play, game.table, game.state, record)
        if secret is None:
            folder.commit(play, game, table, state, record)
            return SeatFixed(sid, table, None, False)
        old = folder.read_passwords()
        folder.write_passwords({**old, sid: secret})
        try:  # the file as it was kept in the step: undo puts it back
            folder.commit(play, game, table, state, record, kept={PASSWORDS_BEFORE: password_text(old)})
        except BaseException:
            folder.write_passwords(old)
            raise
        return SeatFixed(sid, table, secret, _mail_password(folder, play, table, game, sid, secret, now))


def _player_seat(table: Table, sid: str, why_not_a_bot: str) -> Seat:
    """The seat ``sid`` of a player; no such seat, or a bot's, is one line (``why_not_a_bot``: what a bot seat
    lacks for the correction)."""
    found = table.find(sid)
    if found is None:
        raise AdjudicatorError(f"no player {sid} in game {table.game} (players: {', '.join(table.seat_ids)})")
    if found.bot:
        raise AdjudicatorError(f"{sid} is a bot seat ({found.bot}): {why_not_a_bot}")
    return found


def _mail_password(folder: MovesDir, play: Play, table: Table, game: Loaded, sid: str, secret: str,
                   now: datetime | None) -> bool:
    """Queue the seat's new password to its address (the opening mail with the game so far), where the game is
    run by mail; whether it was queued."""
    config = load_config(folder)
    seat = table.seat(sid)
    if config is None or not seat.address:
        return False
    with language(seat.lang):
        if isinstance(play.words, Takeovers):  # the play's own take-over mail, with the last public report
            public = folder.sent_report(table.moves) if table.moves else None
            if public is not None and seat.lang != table.lang:  # in his language: the seat's own mail of it
                public = next((folder.mails_of(step).get(sid) for step, record in folder.moves(last=True)
                               if record.get("move") == table.moves), None) or public
            text = play.words.takeover(table, game.state, sid, secret, public or "")
        else:
            text = play.words.opening(table, game.state, sid, secret)
        subject = mail_subject(play, table, "takeover", table.moves + 1, sid)
    step = len(folder.steps()) - 1
    Outbox(folder).queue(Outgoing(f"takeover-{sid}-{step:03d}", (seat.address,), subject, text, kind="takeover",
                                  player=sid), config.sender, now or datetime.now(UTC))
    return True


def set_caretaker(play: Play, directory: str, seat: str, level: str | None, why: str,
                  by: str = "GM") -> Table:
    """``adjudicate caretaker``: a player's seat handed to the caretaker at ``level`` (``None``: back to its
    player), a correction recorded like ``fix seat``; the table after it.  A play without bots, a level it does
    not have, a bot seat, and a seat already so are one line each."""
    sid = seat.strip().upper()
    bots = bots_of(play)
    if bots is None:
        raise AdjudicatorError(f"{play.name} has no bots, so no caretaker")
    if level is not None and level not in bots.bot_levels:
        raise AdjudicatorError(f"the caretaker's level {level!r} is not one of {', '.join(bots.bot_levels)}")
    record: dict[str, Any] = {"kind": "fix", "fix": "caretaker", "seat": sid, "level": level or "",
                              "why": _why(why), "by": by}
    folder = MovesDir(directory)
    with folder.lock():
        game = folder.load(play)
        found = _player_seat(game.table, sid, "it has no player to stand in for")
        if not play.to_act(game.state):
            raise AdjudicatorError(f"game {game.table.game} is over")
        if found.caretaker == (level or ""):
            raise AdjudicatorError(f"the caretaker plays {sid} already ({level})" if level else
                                   f"{sid} is played by its player already: nothing to take back")
        table, state = apply_fix(play, game.table, game.state, record)
        folder.commit(play, game, table, state, record)
    return table


def fix_position(play: Play, directory: str, path: str, why: str, by: str = "GM") -> tuple[Table, str | None]:
    """Replace the state of a game of moves by the position in ``path`` (a state's JSON, or a game file whose
    state is taken), read through the play's own ``load``: a teaching position, or
    a position set right.  The file is archived with the step (``position.json``); returns the table after it
    and the seat on move (``None``: the position is a game over)."""
    text = read_gm_file(path, "a position")
    position_state(play, text, path)  # its own problems named by the GM's file, not by the archive's name
    record: dict[str, Any] = {"kind": "fix", "fix": "position", "why": _why(why), "by": by}
    folder = MovesDir(directory)
    with folder.lock():
        game = folder.load(play)
        try:
            table, state = apply_fix(play, game.table, game.state, record, text)
        except ValueError as exc:
            raise AdjudicatorError(f"{path}: {exc}") from None
        folder.commit(play, game, table, state, record, kept={POSITION_FILE: text})
    return table, ", ".join(play.to_act(state)) or None


@dataclass(frozen=True)
class OwnFixed:
    """A correction of the play's own as made: its record, the table and state after it, and whether the seat's new
    password (``fix_own``'s ``secret``) was queued to its address."""

    record: dict[str, Any]
    table: Table
    state: Any
    mailed: bool


def fix_own(play: Play, directory: str, record_of: Callable[[Loaded], dict[str, Any]], *, secret: str | None = None,
            now: datetime | None = None) -> OwnFixed:
    """A correction of the play's own (``kernel/play.py: Corrections``; record ``fix`` ``play``), made as the game
    is now: ``record_of`` gives its record from the game (its reason checked here), refusing in one line what cannot
    be done; the play's refusal of it (``ValueError``) is one line too.  ``secret``: the seat's new password (the
    record sets its hash), written to the GM's passwords file first and mailed to the seat's address as ``fix
    seat`` does."""
    folder = MovesDir(directory)
    with folder.lock():
        game = folder.load(play)
        record = {"kind": "fix", "fix": "play", **record_of(game)}
        record["why"] = _why(str(record.get("why", "")))
        try:
            table, state = apply_fix(play, game.table, game.state, record)
        except ValueError as exc:
            raise AdjudicatorError(str(exc)) from None
        if secret is None:
            folder.commit(play, game, table, state, record)
            return OwnFixed(record, table, state, False)
        sid = str(record["seat"])
        old = folder.read_passwords()
        folder.write_passwords({**old, sid: secret})
        try:
            folder.commit(play, game, table, state, record, kept={PASSWORDS_BEFORE: password_text(old)})
        except BaseException:
            folder.write_passwords(old)
            raise
        return OwnFixed(record, table, state, _mail_password(folder, play, table, game, sid, secret, now))
