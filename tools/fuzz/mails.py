"""The mails the mail fuzzer throws at a game, the same for every game: generated, mutated and hostile ones.

``mails(rng, game)`` writes a mail from the game's order words and the mail commands' words in both languages
(right, wrong and missing passwords, GM sections, attribution lines, press), wraps it in MIME of every shape
(nesting up to 1,200 levels, up to 12,000 parts, charsets and transfer encodings right, wrong and unknown, huge
headers, control characters in subjects and file names, auto-reply headers, forged senders) and mutates a third
of them byte by byte.

``hostile(rng, game, kind, sizes)`` writes one mail of a kind the issues found costly or dangerous (issue 24):

* ``forged-from``: a From such as ``anna@x.org <evil@y.org>`` or ``anna@x.org, evil@y.org``;
* ``guesses``: 45 attachments of 12 sections each, every password wrong;
* ``commands``: 2,000 command lines (MAP, HELP, STATUS, RULES, REPORT);
* ``resets``: 1,000 PASSWORD RESET lines from a player's address;
* ``big-map``: a MAP command with an argument of 100 KB;
* ``third-party``: the right password, SET ADDRESS to a third party, then commands;
* ``autoreply``: an out-of-office reply without RFC 3834 headers, quoting a receipt;
* ``controls``: control and bidi characters (a terminal title sequence, right-to-left overrides) in the subject,
  the file name, the orders and press, and a quoted Japanese file name;
* ``clutter``: a right section between a greeting and a sign-off (``Cheers, Tom`` / ``Anna``);
* ``spam``: a one-line mail from a stranger.

``Sizes`` scales the kinds: ``FULL`` as the issue measured them (the benches), ``SMALL`` for the tests in CI.
Each function returns the mail's bytes and the companies (or colours) whose right password it gives.

What a game supplies is ``MailWords``: its players' addresses and passwords, the GM's address, the heading of a
section (GAME, TURN) and order lines for a player; everything else is the same for every game.
"""

from __future__ import annotations

import base64
import random
from dataclasses import dataclass
from typing import Protocol


class MailWords(Protocol):
    """What the generator needs of a game: its players' addresses and passwords (and the GM's), its words."""

    passwords: dict[str, str]
    addresses: dict[str, str]
    gm: str
    words: tuple[str, ...]
    """Order and command words of the game (lines are made of a word and a few places)."""
    places: tuple[str, ...]

    def heading(self) -> list[str]:
        """The lines that open a section of orders for the game on hand (``GAME x``, ``TURN n``)."""
        ...

    def orders(self, rng: random.Random, player: str) -> list[str]:
        """Order lines the player might send now (plausible ones: the game may still refuse them)."""
        ...


STRANGERS = ("mallory@example.org", "victim@example.net", "", "not an address", "a@b", "ANNA@EXAMPLE.ORG",
             "anna@example.org\r\nBcc: x@y.z", "jürgen@example.com")
COMMANDS = ("HELP", "HILFE", "MAP", "KARTE", "STATUS", "REPORT", "RULES", "SET ADDRESS", "PASSWORD RESET",
            "NEUES PASSWORT")
CHARSETS = ("utf-8", "iso-8859-1", "utf-16", "windows-1252", "x-unknown", "utf-7", "")
ENCODINGS = ("7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "bogus")
ODD = ("\x1b[2J", "\r", "\x00", "\u202e", "\ufeff", "\x85", "\u2028", "￿", "\t\t", "𝟙𝟚")
CONTROLS = ("\x1b]0;owned\x07", "\x1b[2J", "\u202e", "\u2066", "\u200f", "\x9b31m", "\x08\x08\x08", "\x00")
"""Control and bidi characters a hostile sender puts where player text is shown (a terminal, a report)."""
JAPANESE = "=?utf-8?b?" + base64.b64encode("東京から大阪までの路線の注文書です.txt".encode()).decode() + "?="


def mails(rng: random.Random, game: MailWords) -> tuple[bytes, set[str]]:
    """One generated (and maybe mutated) mail, and the companies whose right password it gives."""
    companies = list(game.addresses)
    company = rng.choice(companies)
    sender = game.addresses[company] if rng.random() < 0.6 else rng.choice(STRANGERS)
    knows: set[str] = set()
    lines = []
    for _ in range(rng.randint(0, 12)):
        k = rng.random()
        if k < 0.15:
            pid = rng.choice([*companies, "NOPE", "GM", "red"])
            right = rng.random() < 0.5 and pid in game.passwords
            if right:
                knows.add(pid.upper())
            password = game.passwords.get(pid, "x") if right else rng.choice(("wrong", "", "aaaa-bbbb-cccc-dddd"))
            lines.append(f"{rng.choice(('PLAYER', 'SPIELER', 'GM'))} {pid} PASSWORD {password}".replace("GM GM", "GM"))
        elif k < 0.6:
            word = rng.choice(game.words) if rng.random() < 0.8 else rng.choice(COMMANDS)
            lines.append(" ".join([word, *(rng.choice(game.places) for _ in range(rng.randint(0, 4)))]))
        elif k < 0.7:
            lines.append(rng.choice(("On Tue, 24 Nov 2026, GM wrote:", "> quoted", "-- ", "Am 1.2.2026 schrieb X:",
                                     "-----Original Message-----")))
        else:
            lines.append("".join(rng.choice("abc XYZ 0123 -#>:äöü" + rng.choice(ODD)) for _ in range(rng.randint(0, 90))))
    data = _mime(rng, _headers(rng, sender, game.gm), "\n".join(lines) + "\n")
    if rng.random() < 0.33:
        data = _mutate(rng, data)
    return data, knows


# --- hostile mails ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sizes:
    """How big the hostile kinds are."""

    attachments: int = 45
    sections: int = 12
    commands: int = 2000
    resets: int = 1000
    map_argument: int = 100_000


FULL = Sizes()
"""The sizes the issue measured (issue 24): the benches."""
SMALL = Sizes(attachments=6, sections=12, commands=40, resets=20, map_argument=2_000)
"""Sizes for the tests in CI: every kind met, each mail well under a second's work even today."""

KINDS = ("forged-from", "guesses", "commands", "resets", "big-map", "third-party", "autoreply", "controls",
         "clutter", "spam")


def hostile(rng: random.Random, game: MailWords, kind: str, sizes: Sizes = FULL) -> tuple[bytes, set[str]]:
    """One hostile mail of ``kind`` (of ``KINDS``) and the companies whose right password it gives."""
    pid = rng.choice(list(game.addresses))
    own = game.addresses[pid]
    section = [*game.heading(), f"PLAYER {pid} PASSWORD {game.passwords[pid]}"]
    if kind == "forged-from":
        victim = rng.choice(("evil@y.org", "mallory@example.org"))
        sender = rng.choice((f"{own} <{victim}>", f"{own}, {victim}", f'"{own}" <{victim}>', f"{victim} ({own})",
                             f"<{own}> <{victim}>"))
        body = rng.choice((["STATUS"], [f"PASSWORD RESET {pid}"], [*section[:-1], f"PLAYER {pid} PASSWORD wrong",
                                                                     *game.orders(rng, pid)]))
        return _plain(rng, game, sender, "orders", body, raw_from=True), set()
    if kind == "guesses":
        sender = rng.choice((own, "mallory@example.org"))
        parts = ["\n".join(line for k in range(sizes.sections) for line in (
            *game.heading(), f"PLAYER {rng.choice([*game.addresses, 'GM'])} PASSWORD guess-{n}-{k}",
            *game.orders(rng, pid)[:1])) for n in range(sizes.attachments)]
        return _attached(rng, game, sender, parts), set()
    if kind == "commands":
        words = ("MAP", "HELP", "STATUS", "RULES", "REPORT", f"MAP {rng.choice(game.places)}")
        return _plain(rng, game, own, "help", [rng.choice(words) for _ in range(sizes.commands)]), set()
    if kind == "resets":
        return _plain(rng, game, own, "password", [rng.choice(("PASSWORD RESET", f"PASSWORD RESET {pid}",
                                                          f"NEUES PASSWORT {pid}")) for _ in range(sizes.resets)]), set()
    if kind == "big-map":
        arg = "".join(rng.choice((*game.places, "x", " ", "-")) for _ in range(sizes.map_argument // 4))
        return _plain(rng, game, own, "map", [f"MAP {arg[:sizes.map_argument]}"]), set()
    if kind == "third-party":
        third = rng.choice(("victim@example.net", "list@lists.example.com"))
        more = ["MAP"] * rng.choice((1, 20))
        return _plain(rng, game, own, "new address", [*section, f"SET ADDRESS {third}", *more]), {pid}
    if kind == "autoreply":
        sender = rng.choice((own, game.gm, "mallory@example.org"))
        subject = rng.choice(("Out of office: your receipt", "Abwesenheitsnotiz", "Automatic reply: orders"))
        body = ["I am out of the office until Monday and will read your mail when I am back.", "",
                "> Your orders for turn 1 were received.", f"> PLAYER {pid} PASSWORD (not shown)",
                *[f"> {line}" for line in game.orders(rng, pid)]]
        return _plain(rng, game, sender, subject, body), set()
    if kind == "controls":
        c = rng.choice(CONTROLS)
        body = [*section, *(f"{line}{c}" for line in game.orders(rng, pid)), f"PRESS {c}Hello{c} all",
                f"MAP {c}{rng.choice(game.places)}"]
        name = rng.choice((f"orders{c}.txt", JAPANESE, f"{c}{JAPANESE}"))
        return _attached(rng, game, own, ["\n".join(body)], subject=f"orders {c} turn", name=name), {pid}
    if kind == "clutter":
        hello = rng.choice(("Hi all,", "Hallo zusammen,", "Dear GM,", "Moin!"))
        bye = rng.choice((["Cheers, Tom"], ["Anna"], ["Best regards,", "Anna"], ["Viele Grüße", "Bernd"], ["Thanks!"]))
        return _plain(rng, game, own, "my move", [hello, "", *section, *game.orders(rng, pid), "", *bye]), {pid}
    if kind == "spam":
        line = rng.choice(("Cheap watches at http://spam.example.com", "You have won!!!", "Re: invoice"))
        return _plain(rng, game, rng.choice(("spam@example.com", "noreply@bulk.example.net")), line, [line]), set()
    raise ValueError(f"no hostile kind {kind!r}: the kinds are {', '.join(KINDS)}")


def hostile_mix(rng: random.Random, game: MailWords, count: int, sizes: Sizes = FULL) -> list[bytes]:
    """``count`` hostile mails, the kinds taken in turn (a flood of every kind alike)."""
    return [hostile(rng, game, KINDS[i % len(KINDS)], sizes)[0] for i in range(count)]


def _plain(rng: random.Random, game: MailWords, sender: str, subject: str, body: list[str], raw_from: bool = False) -> bytes:
    """A plain-text UTF-8 mail (``raw_from``: ``sender`` is the whole From header, as forged)."""
    head = [f"From: {sender}" if raw_from else f"From: <{sender}>", f"To: {game.gm}", f"Subject: {subject}",
            f"Message-ID: <{rng.getrandbits(64):x}@hostile>", "MIME-Version: 1.0",
            'Content-Type: text/plain; charset="utf-8"', "Content-Transfer-Encoding: 8bit"]
    return ("\r\n".join(head) + "\r\n\r\n" + "\r\n".join(body) + "\r\n").encode("utf-8")


def _attached(rng: random.Random, game: MailWords, sender: str, texts: list[str], subject: str = "orders",
              name: str = "orders.txt") -> bytes:
    """A multipart mail of one text per attachment (``name`` is put into the headers as it is)."""
    head = [f"From: <{sender}>", f"To: {game.gm}", f"Subject: {subject}",
            f"Message-ID: <{rng.getrandbits(64):x}@hostile>", "MIME-Version: 1.0",
            'Content-Type: multipart/mixed; boundary="hostile"']
    parts = [f'--hostile\r\nContent-Type: text/plain; charset="utf-8"\r\nContent-Disposition: attachment; '
             f'filename="{name}"\r\nContent-Transfer-Encoding: 8bit\r\n\r\n' + text.replace("\n", "\r\n") + "\r\n"
             for text in texts]
    return ("\r\n".join(head) + "\r\n\r\n" + "".join(parts) + "--hostile--\r\n").encode("utf-8")


# --- random MIME --------------------------------------------------------------------------------------------

def _headers(rng: random.Random, sender: str, gm: str) -> str:
    subject = "".join(rng.choice("orders Züge 1 " + rng.choice(ODD)) for _ in range(rng.randint(0, 60)))
    h = [f"From: {rng.choice(('Anna ', '', '=?utf-8?q?=1B=5B2J?= '))}<{sender}>" if rng.random() < 0.8
         else f"From: {sender}", f"To: {gm}", f"Subject: {subject}",
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
    text = base64.encodebytes(raw).decode("ascii") if cte == "base64" else raw.decode("latin-1")
    if ctype == "text/html":
        text = f"<html><body><p>{text}</p><blockquote>{text[:50]}</blockquote><script>x</script></body></html>"
    return head + text


def _mime(rng: random.Random, head: str, body: str) -> bytes:
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
