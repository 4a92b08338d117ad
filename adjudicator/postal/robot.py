"""The one postal loop of every game: a tick of one game folder, whatever it plays (issue 24).

Holding the game's lock, a tick fetches new mail into the inbox, queues
the mails the game owes (the opening, the report of the last turn or move,
statements), answers every new mail in the order it arrived, runs what is
due, reminds, and sends what is queued.  Every mail first meets the front
door (``postal/frontdoor.py``: auto-replies, commands, budgets, guesses,
strangers); only then does the game read its orders.  Before a mail is read
the game is brought to where it stood when the mail arrived (a game of
sequential moves misses a move whose deadline passed before it), so the same
mails make the same game whenever cron runs.  Every step asks what is done
already, so a second tick changes and sends nothing, and a tick killed
anywhere loses no mail and no turn.

What a game gives the loop is a ``PostalGame``: its folder and a ``Session``
of one tick: every game's is ``postal/turns.py``'s (``MovesGame``), over its play.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol

from adjudicator.kernel.errors import GameFileError
from adjudicator.postal.files import Folder
from adjudicator.postal.frontdoor import Desk, FrontDoor, screened
from adjudicator.postal.inbox import Inbox, StoredMail
from adjudicator.postal.loop import config_of, fetch, later, phased_tick, send
from adjudicator.postal.mailconfig import MailConfig
from adjudicator.postal.outbox import Outbox, unqueued
from adjudicator.postal.quoted import SentLines
from adjudicator.postal.tick import Tick

TICK_WAIT = 2.0
"""Seconds a tick waits for another command on the same game before it skips the game."""


class GameFolder(Folder, Protocol):
    """A game's folder that can be locked."""

    def lock(self, wait: float) -> AbstractContextManager[None]: ...


class Session(Protocol):
    """One game during one tick (its lock held): what only the game knows and does."""

    @property
    def desk(self) -> Desk:
        """The game at the front door: seats, the period, answers to commands."""

    def mail_out(self, t: Tick) -> None:
        """Queue what the game owes and has not queued: openings, the last report, statements."""

    def at(self, when: datetime, t: Tick) -> None:
        """Bring the game to where it stood at ``when`` (the arrival of the next mail): what was due before then
        is done first."""

    def answer(self, mail: StoredMail, door: FrontDoor, doc: dict[str, Any], t: Tick) -> None:
        """Read the orders of a mail the front door let through; receipts go by ``door.reply``; what the mail
        did goes into ``doc`` (its record in the inbox)."""

    def due(self, now: datetime, t: Tick) -> bool:
        """Run what is due by ``now``: a turn at its deadline (or when every order is in), a missed move; whether
        anything ran (its mails are then owed)."""

    def remind(self, now: datetime, t: Tick) -> None:
        """Queue the reminders due by ``now``."""


class PostalGame(Protocol):
    """A game as the postal loop runs it."""

    def folder(self, directory: str) -> GameFolder:
        """The game's folder (nothing read yet)."""

    def session(self, folder: Any, config: MailConfig, now: datetime, inbox: Inbox) -> Session:
        """The game loaded for a tick (after any crash recovery it needs); ``inbox``: the tick's one view of the
        inbox (its records read once)."""


def tick_game(directory: str, now: datetime, t: Tick, game: PostalGame) -> None:
    """One tick of one game folder.  In a tick over many games (``loop.py: tick_all``) the mails are sent and the
    source's mails marked seen in the tick's second phase, with the lock taken again (``later``)."""
    folder = game.folder(directory)
    config = config_of(folder)
    phased = phased_tick()
    seen: list[Callable[[], None]] = []
    with folder.lock(TICK_WAIT):
        inbox = fetch(folder, config, now, t, seen if phased else None)  # the tick's one view of the inbox
        queued = set(Outbox(folder).pending())
        session = game.session(folder, config, now, inbox)
        _owed(session, t)
        door = FrontDoor(folder, session.desk, config.gm_address, config.sender, now, t.notes, inbox)
        door.expire_tokens()
        sent = SentLines(door.outbox)  # what the robot wrote to whom lately: never read as orders (issue 32)
        for mail in list(door.inbox.unanswered()):
            session.at(mail.arrived, t)
            door.expire_tokens()
            _answer(session, door, mail, now, t, sent)
        door.inbox.sync()  # one sync makes every record durable before a turn runs on them
        door.flush()
        t.problems += door.inbox.damaged()
        if session.due(now, t):
            _owed(session, t)
        session.remind(now, t)
        t.problems += unqueued(folder)
        fresh = bool(set(Outbox(folder).pending()) - queued)
        if not phased:
            send(folder, config, now, t, fresh=fresh)
            return

    def second_phase() -> None:
        with folder.lock(TICK_WAIT):
            for step in seen:
                step()
            send(folder, config, now, t, fresh=fresh)

    later(t, second_phase)


def _answer(session: Session, door: FrontDoor, mail: StoredMail, now: datetime, t: Tick, sent: SentLines) -> None:
    """Answer one mail and record it; a stored text or record that cannot be read or written costs this mail alone,
    named in one line (issue 32): the other mails are answered and the turn runs at its deadline.  Where a text
    quotes the robot's own mail below its orders goes into the record first (``quoted``, read by the games)."""
    doc: dict[str, Any] = {"sender": mail.sender}
    try:
        cuts = sent.cuts(mail, door.desk.order_line)
        if cuts:
            doc["quoted"] = cuts
        code = screened(door, mail, doc, _texts(mail))
        if code is None:
            session.answer(mail, door, doc, t)
        else:
            doc.setdefault("status", code)
    except GameFileError as exc:  # raised while its texts are read, before the mail did anything
        t.problems.append(f"mail {mail.seq}: {_why(exc)}; it counts for nobody")
        doc = {"sender": mail.sender, "status": "damaged"}
    doc.update(period=door.desk.period, answered=now.isoformat())
    try:
        door.inbox.answered(mail, doc, durable=False)  # each mail's replies are queued before its record
    except OSError as exc:
        t.problems.append(f"mail {mail.seq}: its record cannot be written: {_why(exc)}")


def _owed(session: Session, t: Tick) -> None:
    """Queue the mails the game owes; an outbox that cannot take them costs those mails this tick (one line), never
    the answers to the mails or the turn at its deadline (the next tick queues them again)."""
    try:
        session.mail_out(t)
    except OSError as exc:
        t.problems.append(f"the mails the game owes could not be queued: {_why(exc)}")


def _why(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return f"{exc.filename or 'a file'}: {exc.strerror or exc}"
    return str(exc)


def _texts(mail: StoredMail) -> Callable[[], list[str]]:
    return lambda: [mail.read_text(x) for x in mail.texts]


