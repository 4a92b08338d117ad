"""Replies as mail programs write them, quoting a real report of each game (issue 32: quoted material is never an
order); the fixtures in ``tests/data/quoting/`` and the games they answer.

Each fixture is a whole mail as one client writes a reply: the player's own orders on top, the report he
answers quoted below in that client's way (Outlook's header block in English and German, Gmail's, Apple
Mail's and Thunderbird's ``> `` quotes under "On ... wrote:", a phone's top-posted reply).  The report
quoted is the one the robot sent in the game the test plays: Dampfross's example postal game
(``examples/postal``) after turn 1, RED's private report, answered with RED's orders for turn 2; an
InterUrban game after move 1 (``tests/conftest.py: make_trial``), the report BLUE got, answered with BLUE's
move.  Every time is fixed here (the mails' Date headers, their arrival, the ticks): nothing depends on the
day the tests run.

    python -m tests.quoting     # write the fixtures again (after a report's words changed)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from tests.helpers import invoke

DATA = Path(__file__).resolve().parent / "data" / "quoting"
GAMES = ("dampfross", "interurban")
STYLES = ("outlook", "outlook-de", "gmail", "apple", "thunderbird", "iphone", "android")
"""The mail programs whose replies are kept: Outlook (its web and desktop header block, English), Outlook in German
(``-----Ursprüngliche Nachricht-----``), Gmail, Apple Mail, Thunderbird, a top-posted reply from an iPhone, and one
from an Android phone (its sign-off above the unmarked quote)."""


@dataclass(frozen=True)
class Game:
    """A game that waits for a reply: its folder and Maildir, who replies (address, name, seat), the report he got
    (its outbox name, subject, text), the orders he writes above the quote, and the times of his mail and the
    tick that reads it."""

    kind: str
    folder: Path
    maildir: Path
    address: str
    name: str
    seat: str
    report: str
    subject: str
    text: str
    orders: tuple[str, ...]
    sent: str
    tick: str
    gm: str
    """The robot's From (``mail.toml``)."""
    reported: str
    """When the report was sent (the tick that queued it)."""


# --- the games --------------------------------------------------------------------------------------------------

DAMPFROSS_REPLY = "2025-11-22T09:30:00+01:00"
"""When RED's reply to the report of turn 1 leaves and arrives (turn 2 is due on 28 Nov, 18:00)."""
DAMPFROSS_TICK = "2025-11-22T09:35+01:00"
IU_MOVE_1 = "2026-12-01T09:00:00+00:00"
IU_REPORTED = "2026-12-01T09:05+00:00"
IU_REPLY = "2026-12-02T09:30:00+00:00"
IU_TICK = "2026-12-02T09:35+00:00"


def deliver(maildir: Path, data: bytes, when: str, name: str) -> Path:
    """``data`` into the Maildir as delivered at ``when`` (the file's name begins with that time)."""
    path = maildir / "new" / f"{int(datetime.fromisoformat(when).timestamp())}.{name}"
    path.write_bytes(data)
    return path


def plain_mail(sender: str, to: str, subject: str, body: str, when: str) -> bytes:
    """A plain mail dated ``when`` (its Date header: the fixed time of the test, never the clock's)."""
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, to, subject
    m["Date"] = format_datetime(datetime.fromisoformat(when))
    m["Message-ID"] = f"<{subject.replace(' ', '-')}-{int(datetime.fromisoformat(when).timestamp())}@example.org>"
    m.set_content(body)
    return m.as_bytes()


def outbox_text(folder: Path, name: str) -> tuple[str, str]:
    """The subject and the plain text of a mail the robot queued or sent."""
    for box in ("outbox", "sent"):
        path = folder / "mail" / box / f"{name}.eml"
        if path.is_file():
            msg = message_from_bytes(path.read_bytes(), policy=policy.default)
            body = msg.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
            return str(msg["Subject"]), str(body.get_content()) if body is not None else ""
    raise FileNotFoundError(f"{folder}: no mail {name}")


def dampfross_game(where: Path) -> Game:
    """The example postal game (``examples/postal``) brought to turn 2 by the ticks of ``play.sh`` that come before
    it, waiting for RED's reply to its report of turn 1."""
    from tests.postal_game import setup_game, tick_times

    folder = setup_game(where)
    for now in tick_times()[:3]:  # turn 1 runs at the third (21 Nov, 18:05)
        invoke("tick", str(folder), "--now", now)
    password = dict(line.split() for line in (folder / "passwords.txt").read_text().splitlines())["RED"]
    subject, text = outbox_text(folder, "move-001-RED")
    return Game("dampfross", folder, where / "maildir", "anna@example.org", "Anna Rhein", "RED", "move-001-RED",
                subject, text, ("GAME postal", "TURN 2", f"PLAYER RED PASSWORD {password}", "BUILD 1207 - 1307"),
                DAMPFROSS_REPLY, DAMPFROSS_TICK, "Dampfross GM <gm@dampfross.example.org>", tick_times()[2])


def interurban_game(where: Path) -> Game:
    """An InterUrban game (``tests/conftest.py: make_trial``) after RED's move 1, waiting for BLUE's move: BLUE
    answers the report of move 1 with a move the rules allow."""
    from adjudicator.interurban.play import PLAY
    from adjudicator.postal.moves import MovesDir
    from tests.conftest import ANNA, BERND, make_trial
    from tests.test_iu_postal import a_move

    trial = make_trial(where, "interurban")
    state = MovesDir(trial.game).load(PLAY).state
    body = f"GAME g\nPLAYER RED PASSWORD {trial.passwords['RED']}\nMOVE 1\n{a_move(state, 'RED')}\n"
    deliver(trial.maildir, plain_mail(ANNA, "gm@example.org", "move 1", body, IU_MOVE_1), IU_MOVE_1, "M0001P1.mx")
    out = invoke("tick", str(trial.game), "--now", IU_REPORTED).output
    assert "move 1 made by RED" in out, out
    blue = a_move(MovesDir(trial.game).load(PLAY).state, "BLUE")
    subject, text = outbox_text(trial.game, "move-001-BLUE")
    return Game("interurban", trial.game, trial.maildir, BERND, "Bernd Blau", "BLUE", "move-001-BLUE", subject, text,
                ("GAME g", f"PLAYER BLUE PASSWORD {trial.passwords['BLUE']}", "MOVE 2", blue), IU_REPLY, IU_TICK,
                "GM <gm@example.org>", IU_REPORTED)


def own_lines(data: bytes) -> list[str]:
    """The lines of a fixture's text above its sign-off (the player's first name): his own, the quote below."""
    msg = message_from_bytes(data, policy=policy.default)
    body = msg.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    out = []
    for line in str(body.get_content() if body is not None else "").splitlines():
        if line in ("Anna", "Bernd", "Sent from my iPhone", "Von meinem Galaxy gesendet"):
            break
        out.append(line)
    return out


# --- the mail programs ------------------------------------------------------------------------------------------

_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_TAGE = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_MONATE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
           "Dezember")


def _when(game: Game) -> datetime:
    return datetime.fromisoformat(game.reported)


def _clock12(t: datetime) -> str:
    return f"{(t.hour - 1) % 12 + 1}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}"


def _address(game: Game) -> str:
    return game.gm.rsplit("<", 1)[1].rstrip(">")


def _quoted(text: str) -> str:
    """A text quoted as most programs do, each line under ``> `` (an empty one under ``>``)."""
    return "".join(f"> {line}\n" if line else ">\n" for line in text.splitlines())


def _own(game: Game, greeting: str = "") -> str:
    first = game.name.split()[0]
    return (f"{greeting}\n\n" if greeting else "") + "\n".join(game.orders) + f"\n\n{first}\n"


def _outlook(game: Game) -> tuple[str, dict[str, str]]:
    t = _when(game)
    sent = f"{_DAYS[t.weekday()]}, {_MONTHS[t.month - 1]} {t.day}, {t.year} {_clock12(t)}"
    return (_own(game) + "\n________________________________\n"
            f"From: {game.gm}\nSent: {sent}\nTo: {game.name} <{game.address}>\nSubject: {game.subject}\n\n"
            + game.text, {"X-Mailer": "Microsoft Outlook 16.0", "Thread-Topic": game.subject})


def _outlook_de(game: Game) -> tuple[str, dict[str, str]]:
    t = _when(game)
    sent = f"{_TAGE[t.weekday()]}, {t.day}. {_MONATE[t.month - 1]} {t.year} {t:%H:%M}"
    return (_own(game, "Hallo,") + "\n-----Ursprüngliche Nachricht-----\n"
            f"Von: {game.gm}\nGesendet: {sent}\nAn: {game.name} <{game.address}>\nBetreff: {game.subject}\n\n"
            + game.text, {"X-Mailer": "Microsoft Outlook 16.0", "Content-Language": "de-de"})


def _gmail(game: Game) -> tuple[str, dict[str, str]]:
    t = _when(game)
    on = f"On {_DAYS[t.weekday()][:3]}, {_MONTHS[t.month - 1][:3]} {t.day}, {t.year} at {_clock12(t)}"
    return _own(game) + f"\n{on} {game.gm}\nwrote:\n\n" + _quoted(game.text), {}


def _apple(game: Game) -> tuple[str, dict[str, str]]:
    t = _when(game)
    on = f"On {t.day} {_MONTHS[t.month - 1][:3]} {t.year}, at {t:%H:%M}, {game.gm} wrote:"
    return _own(game) + f"\n> {on}\n>\n" + _quoted(game.text), {"X-Mailer": "Apple Mail (2.3774.200.91.1.1)"}


def _thunderbird(game: Game) -> tuple[str, dict[str, str]]:
    t = _when(game)
    on = f"On {t.month}/{t.day}/{t:%y} {_clock12(t)}, {game.gm.split(' <')[0]} wrote:"
    return _own(game, "Hi,") + f"\n{on}\n" + _quoted(game.text), {"User-Agent": "Mozilla Thunderbird"}


def _iphone(game: Game) -> tuple[str, dict[str, str]]:
    t = _when(game)
    on = f"On {t.day}. {_MONTHS[t.month - 1][:3]} {t.year}, at {t:%H:%M}, {game.gm} wrote:"
    return ("\n".join(game.orders) + "\n\nSent from my iPhone\n\n" + f"> {on}\n>\n" + _quoted(game.text),
            {"X-Mailer": "iPhone Mail (22B91)"})


def _android(game: Game) -> tuple[str, dict[str, str]]:
    t = _when(game)
    return ("\n".join(game.orders) + "\n\n\n\nVon meinem Galaxy gesendet\n\n\n"
            f"Am {t:%d.%m.%Y %H:%M} schrieb {game.gm}:\n" + game.text, {})


CLIENTS: dict[str, Callable[[Game], tuple[str, dict[str, str]]]] = {
    "outlook": _outlook, "outlook-de": _outlook_de, "gmail": _gmail, "apple": _apple, "thunderbird": _thunderbird,
    "iphone": _iphone, "android": _android}


def reply(game: Game, style: str) -> bytes:
    """``game``'s reply as the mail program ``style`` writes it (the report quoted its way), dated ``game.sent``."""
    body, headers = CLIENTS[style](game)
    m = EmailMessage()
    m["From"] = f"{game.name} <{game.address}>"
    m["To"] = game.gm
    m["Subject"] = ("AW: " if style in ("outlook-de", "android") else "Re: ") + game.subject
    m["Date"] = format_datetime(datetime.fromisoformat(game.sent))
    m["Message-ID"] = f"<{style}.{game.kind}.{int(datetime.fromisoformat(game.sent).timestamp())}@example.org>"
    m["In-Reply-To"] = m["References"] = f"<{game.report}@{_address(game).split('@')[1]}>"
    for key, value in headers.items():
        m[key] = value
    m.set_content(body, cte="quoted-printable" if style.startswith("outlook") else "8bit")
    return m.as_bytes()


def fixture(kind: str, style: str) -> Path:
    return DATA / f"{kind}-{style}.eml"


def write_fixtures(where: Path) -> list[Path]:
    """Play each game to where it waits for the reply and write every client's reply as a fixture."""
    written = []
    for kind in GAMES:
        game = (dampfross_game if kind == "dampfross" else interurban_game)(where / kind)
        for style in STYLES:
            path = fixture(kind, style)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(reply(game, style))
            written.append(path)
    return written


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for p in write_fixtures(Path(tmp)):
            print(p.relative_to(Path.cwd()) if p.is_relative_to(Path.cwd()) else p)
