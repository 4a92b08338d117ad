"""Fuzzing the mail robot: generated and mutated MIME mails delivered to a game's Maildir and run through ``tick``.

``MailTarget`` holds two postal games of the example (``examples/postal``), each with a Maildir of its own and
no SMTP (mail waits in the outbox).  ``MailTarget.push(data, sender_key)`` delivers one mail to the first game,
runs one real ``tick`` over both games and judges it; the games are then put back as they were.  Findings:

* ``traceback``: an exception escaped ``tick``;
* ``fault``: a game's tick reported an unexpected error (an exception other than the project's own), or the
  second game's tick had any error at all (one mail must never stop another game);
* ``hang``: the tick took longer than ``limit`` seconds;
* ``changed``: the first game's state changed in more than a mail may change it (an address or a password by
  a command with the right password): turn, phase, balances, track;
* ``too-wide``: a text a mail sends (not an attachment) has a line over 80 columns (UTF-8 bytes);
* ``leak``: a mail about a company went to an address that is neither the company's on file, the GM's, nor the
  sender of a mail that gave that company's password.

``mails(rng, target)`` makes the inputs: written from the orders' and commands' words in both languages (with
right, wrong and missing passwords, GM sections, attribution lines, press), wrapped in MIME of every shape
(nesting up to 1,200 levels, up to 12,000 parts, charsets and transfer encodings right, wrong and unknown,
huge headers, control characters in subjects and file names, auto-reply headers, forged senders), and a third
of them mutated byte by byte.  Used by ``tests/test_fuzz.py`` (a bounded part, in CI) and
``bench/bench_mailfuzz.py`` (20,000 mails and more).
"""

from __future__ import annotations

import base64
import json
import random
import shutil
import time
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any, Protocol

from adjudicator.dampfross.app.postal import tick
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.report.widths import too_wide
from adjudicator.postal.loop import Tick
from adjudicator.postal.mailparse import read_mail
from tests.helpers import invoke
from tests.postal_game import setup_game
from tools.fuzz import time_limit

NOW = datetime(2025, 11, 20, 11, 0, tzinfo=UTC)
"""The ticks' time: before the example's first deadline, so no turn runs."""


@dataclass(frozen=True)
class MailFinding:
    code: str
    detail: str


@dataclass
class MailTally:
    mails: int = 0
    answered: int = 0
    stored: int = 0
    outgoing: int = 0
    slowest: float = 0.0
    found: list[MailFinding] = field(default_factory=list)

    def add(self, other: MailTally) -> None:
        self.mails += other.mails
        self.answered += other.answered
        self.stored += other.stored
        self.outgoing += other.outgoing
        self.slowest = max(self.slowest, other.slowest)
        self.found += other.found


class TickTarget:
    """Two games by mail side by side; mail goes to the first, one real ``tick`` runs over both, and the game is
    put back as it was.  A game's kind fills in the hooks: how it ticks, what a mail may change, who may read."""

    games: list[Path]
    pristine: Path
    passwords: dict[str, str]
    addresses: dict[str, str]
    base_time: datetime
    limit: float
    seq: int

    def keep_pristine(self, work: Path) -> None:
        self.pristine = work / "pristine"
        for i, game in enumerate(self.games):
            shutil.copytree(game.parent, self.pristine / str(i))
        self.passwords = dict(line.split() for line in (self.games[0] / "passwords.txt").read_text().splitlines())
        self.seq = 0

    def tick(self, directories: list[str], now: datetime) -> list[Tick]:
        raise NotImplementedError

    def snapshot(self) -> object:
        """What of the first game a mail must not change (unless ``changed_rightly`` says it may)."""
        raise NotImplementedError

    def changed_rightly(self, before: object, after: object, knows: set[str]) -> bool:
        """Whether the first game changed only as a mail giving the passwords of ``knows`` may change it."""
        return before == after

    def readers(self, doc: dict[str, object], after: object, knows: dict[str, str]) -> set[str] | None:
        """Who may get an outgoing mail about a company (``None``: anybody, e.g. a public report)."""
        company = str(doc.get("player"))
        return {self.addresses.get(company, ""), knows.get(company, "")}

    def push(self, data: bytes, knows: set[str]) -> MailTally:
        """Deliver ``data`` (a mail that gives the right passwords of the companies ``knows``) and judge."""
        tally = MailTally(mails=1)
        game = self.games[0]
        before = self.snapshot()
        self.seq += 1
        (game.parent / "maildir" / "new" / f"{1763600000 + self.seq}.F{self.seq}.fuzz").write_bytes(data)
        outbox = game / "mail" / "outbox"
        old = {p.name for p in outbox.glob("*.json")} if outbox.is_dir() else set()
        start = time.perf_counter()
        try:
            with time_limit(self.limit):
                ticks = self.tick([str(g) for g in self.games], self.base_time + timedelta(minutes=self.seq % 50))
        except TimeoutError:
            tally.found.append(MailFinding("hang", _sample(data)))
            self._restore()
            return tally
        except BaseException:
            tally.found.append(MailFinding("traceback", traceback.format_exc() + _sample(data)))
            self._restore()
            return tally
        finally:
            tally.slowest = time.perf_counter() - start
        for t in ticks:
            if t.error and ("unexpected" in t.error or t.directory == str(self.games[1])):
                tally.found.append(MailFinding("fault", f"{t.directory}: {t.error}\n{_sample(data)}"))
        after = self.snapshot()
        if not self.changed_rightly(before, after, knows):
            tally.found.append(MailFinding("changed", _sample(data)))
        new = sorted(p for p in outbox.glob("*.json") if p.name not in old) if outbox.is_dir() else []
        tally.outgoing += len(new)
        tally.stored += 1
        tally.answered += bool(new)
        sender = read_mail(data).sender  # whoever the mail says it is from knew those passwords
        for info in new:
            self._judge_outgoing(info, after, dict.fromkeys(knows, sender), data, tally)
        self._restore()
        return tally

    def _judge_outgoing(self, info: Path, after: object, knows: dict[str, str], data: bytes,
                        tally: MailTally) -> None:
        doc = json.loads(info.read_text(encoding="utf-8"))
        msg = message_from_bytes(info.with_suffix(".eml").read_bytes(), policy=policy.default)
        body = msg.get_body(preferencelist=("plain",))
        text = str(body.get_content()) if body is not None else ""  # type: ignore[union-attr]
        wide = [line for line in text.splitlines() if too_wide(line)]
        if wide:
            tally.found.append(MailFinding("too-wide", f"{doc['name']}: {wide[0]!r}\n{_sample(data)}"))
        if not doc.get("player"):
            return
        allowed = self.readers(doc, after, knows)
        if allowed is None:
            return
        strangers = [a for a in doc.get("to", []) if a.lower() not in {x.lower() for x in allowed if x}]
        if strangers:
            tally.found.append(MailFinding("leak", f"{doc['name']} for {doc['player']} to {strangers}\n"
                                                   f"{_sample(data)}"))

    def _restore(self) -> None:
        for i, game in enumerate(self.games):
            shutil.rmtree(game.parent)
            shutil.copytree(self.pristine / str(i), game.parent)


class MailTarget(TickTarget):
    """Two postal Dampfross games of the example; a mail may change an address or a password, nothing else."""

    def __init__(self, work: Path, limit: float = 20.0):
        self.work, self.limit, self.base_time = work, limit, NOW
        self.games = [setup_game(work / "a"), setup_game(work / "b")]
        for game in self.games:  # the example's own mails answered once: the pristine games
            invoke("tick", str(game), "--now", NOW.isoformat())
        self.keep_pristine(work)
        self.addresses = {p.id: p.email for p in GameDir(self.games[0]).load_state().players}

    def tick(self, directories: list[str], now: datetime) -> list[Tick]:
        return tick(directories, now)

    def snapshot(self) -> object:
        return GameDir(self.games[0]).load_state()

    def changed_rightly(self, before: object, after: object, knows: set[str]) -> bool:
        def fingerprint(state: Any) -> tuple[Any, ...]:
            return state.turn, state.phase, [p.balance for p in state.players], state.track
        return fingerprint(before) == fingerprint(after)

    def readers(self, doc: dict[str, object], after: object, knows: dict[str, str]) -> set[str] | None:
        if doc.get("kind") == "forward":
            return None
        company = doc.get("player")
        allowed = {*(super().readers(doc, after, knows) or set()), "gm@dampfross.example.org"}
        return allowed | {p.email for p in getattr(after, "players", ()) if p.id == company}  # set by mail


def _sample(data: bytes) -> str:
    return f"input ({len(data)} bytes): {data[:300]!r}"


# --- the generator --------------------------------------------------------------------------------------------

STRANGERS = ("mallory@example.org", "victim@example.net", "", "not an address", "a@b", "ANNA@EXAMPLE.ORG",
             "anna@example.org\r\nBcc: x@y.z", "jürgen@example.com")
WORDS = ("BUILD", "BAUE", "START", "STARTE", "PASS", "PASSE", "ENTER", "FAHRE", "DECLARE END", "PRESS", "END PRESS",
         "PRESS ANONYMOUS", "HELP", "HILFE", "MAP", "KARTE", "STATUS", "REPORT", "RULES", "SET ADDRESS",
         "PASSWORD RESET", "NEUES PASSWORT", "ROLL", "RACE", "MOVES", "HOLD PRESS", "GAME", "TURN", "ZUG", "END")
PLACES = ("Hamburg", "Berlin", "München", "Rostok", "1108", "1408", "0712", "9999", "12", "Köln", "ﾊﾝﾌﾞﾙｸﾞ")
CHARSETS = ("utf-8", "iso-8859-1", "utf-16", "windows-1252", "x-unknown", "utf-7", "")
ENCODINGS = ("7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "bogus")
ODD = ("\x1b[2J", "\r", "\x00", "\u202e", "\ufeff", "\x85", "\u2028", "￿", "\t\t", "𝟙𝟚")


class Target(Protocol):
    """What the generator needs of a target: the companies' (or colours') passwords and addresses; words."""

    passwords: dict[str, str]
    addresses: dict[str, str]


def mails(rng: random.Random, target: Target) -> tuple[bytes, set[str]]:
    """One generated (and maybe mutated) mail, and the companies whose right password it gives (the words of
    the target's game: ``target.words`` and ``target.places`` where it has them, else Dampfross's)."""
    words, places = getattr(target, "words", WORDS), getattr(target, "places", PLACES)
    companies = list(target.addresses)
    on_file = rng.random() < 0.6
    company = rng.choice(companies)
    sender = target.addresses[company] if on_file else rng.choice(STRANGERS)
    knows: set[str] = set()
    lines = []
    for _ in range(rng.randint(0, 12)):
        k = rng.random()
        if k < 0.15:
            pid = rng.choice([*companies, "NOPE", "GM", "red"])
            right = rng.random() < 0.5 and pid in target.passwords
            if right:
                knows.add(pid.upper())
            password = target.passwords.get(pid, "x") if right else rng.choice(("wrong", "", "aaaa-bbbb-cccc-dddd"))
            lines.append(f"{rng.choice(('PLAYER', 'SPIELER', 'GM'))} {pid} PASSWORD {password}".replace("GM GM", "GM"))
        elif k < 0.6:
            lines.append(" ".join([rng.choice(words), *(rng.choice(places) for _ in range(rng.randint(0, 4)))]))
        elif k < 0.7:
            lines.append(rng.choice(("On Tue, 24 Nov 2026, GM wrote:", "> quoted", "-- ", "Am 1.2.2026 schrieb X:",
                                     "-----Original Message-----")))
        else:
            lines.append("".join(rng.choice("abc XYZ 0123 -#>:äöü" + rng.choice(ODD)) for _ in range(rng.randint(0, 90))))
    body = "\n".join(lines) + "\n"
    data = _mime(rng, sender, body)
    if rng.random() < 0.33:
        data = _mutate(rng, data)
    return data, knows


def _headers(rng: random.Random, sender: str) -> str:
    subject = "".join(rng.choice("orders Züge 1 " + rng.choice(ODD)) for _ in range(rng.randint(0, 60)))
    h = [f"From: {rng.choice(('Anna ', '', '=?utf-8?q?=1B=5B2J?= '))}<{sender}>" if rng.random() < 0.8
         else f"From: {sender}", "To: gm@dampfross.example.org", f"Subject: {subject}",
         f"Message-ID: <{rng.getrandbits(64):x}@fuzz>", "MIME-Version: 1.0"]
    if rng.random() < 0.1:
        h.append(rng.choice(("Auto-Submitted: auto-replied", "Precedence: bulk", "X-Autoreply: yes",
                             "Return-Path: <>", "List-Id: <x.example.org>")))
    if rng.random() < 0.03:
        h += [f"X-Pad-{i}: {'p' * 70}" for i in range(rng.choice((100, 1000, 12000)))]
    if rng.random() < 0.05:
        h.append("Date: " + rng.choice(("yesterday", "Tue, 31 Feb 2026 25:61:00 +9999", "")))
    return "\r\n".join(h) + "\r\n"


def _part(rng: random.Random, body: str) -> str:
    charset = rng.choice(CHARSETS)
    cte = rng.choice(ENCODINGS)
    name = rng.choice(("", "orders.txt", "züge.orders", "map.png", "evil\x1b[1A.txt", "a" * 300 + ".txt"))
    ctype = rng.choice(("text/plain", "text/html", "application/octet-stream", "image/png", "text/x-unknown"))
    head = f"Content-Type: {ctype}" + (f'; charset="{charset}"' if charset else "")
    if name:
        head += f'; name="{name}"\r\nContent-Disposition: attachment; filename="{name}"'
    head += f"\r\nContent-Transfer-Encoding: {cte}\r\n\r\n"
    try:
        raw = body.encode(charset or "utf-8", errors="replace")
    except LookupError:
        raw = body.encode("utf-8")
    if cte == "base64":
        text = base64.encodebytes(raw).decode("ascii")
    else:
        text = raw.decode("latin-1")
    if ctype == "text/html":
        text = f"<html><body><p>{text}</p><blockquote>{text[:50]}</blockquote><script>x</script></body></html>"
    return head + text


def _mime(rng: random.Random, sender: str, body: str) -> bytes:
    head = _headers(rng, sender)
    shape = rng.random()
    if shape < 0.4:
        return (head + _part(rng, body)).encode("latin-1", errors="replace")
    if shape < 0.85:
        n = rng.choice((1, 2, 3, 5, 20, 150, 12000)) if rng.random() < 0.1 else rng.randint(1, 4)
        boundary = rng.choice(("b1", "", "=_x", "b1\r\n--b1"))
        parts = "".join(f"--{boundary}\r\n{_part(rng, body if i == 0 else body[:40])}\r\n" for i in range(n))
        end = f"--{boundary}--\r\n" if rng.random() < 0.9 else ""
        return (head + f'Content-Type: multipart/mixed; boundary="{boundary}"\r\n\r\n' + parts + end).encode(
            "latin-1", errors="replace")
    depth = rng.choice((2, 10, 99, 150, 1200))
    kind = rng.random() < 0.5
    inner = _part(rng, body)
    for i in range(depth):
        if kind:
            inner = f'Content-Type: multipart/mixed; boundary="n{i}"\r\n\r\n--n{i}\r\n{inner}\r\n--n{i}--\r\n'
        else:
            inner = f"Content-Type: message/rfc822\r\n\r\nSubject: inner {i}\r\n{inner}"
    return (head + inner).encode("latin-1", errors="replace")


def _mutate(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 20)):
        if not b:
            break
        k, i = rng.random(), rng.randrange(len(b))
        if k < 0.4:
            b[i] = rng.randrange(256)
        elif k < 0.6:
            del b[i:i + rng.randint(1, 50)]
        elif k < 0.8:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 20)))
        else:
            j = rng.randrange(len(b))
            b[i:i] = b[j:j + rng.randint(1, 400)]
    return bytes(b)


class Pushing(Target, Protocol):
    def push(self, data: bytes, knows: set[str]) -> MailTally: ...


def fuzz_mail(target: Pushing, count: int, seed_value: int) -> MailTally:
    """``count`` generated mails through ``target``, the generator seeded by ``seed_value``."""
    rng = random.Random(seed_value)
    total = MailTally()
    for _ in range(count):
        data, knows = mails(rng, target)
        total.add(target.push(data, knows))
    return total
