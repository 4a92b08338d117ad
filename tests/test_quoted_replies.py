"""Issue 32, done when: a reply that quotes the report it answers, as each mail program quotes it, counts exactly
the new orders above the quote, in both games, with a receipt of at most 60 lines.

The replies are the fixtures of ``tests/data/quoting/`` (``tests/quoting.py`` writes them), each quoting the
real report of its game: Outlook (English, its header block under a line of underscores; German, under
``-----Ursprüngliche Nachricht-----``), Gmail, Apple Mail, Thunderbird, an iPhone and an Android phone replying
on top.  Each is delivered into the game's Maildir and read by ``tick``, every time fixed (the mails' Date
headers and arrival, ``--now``).  A quote without any sign the reader knows (a Swedish Outlook) is found by the
robot's own lines (``postal/quoted.py``); Dampfross's turn reads the section the receipt read (the session's
orders step of that mail: ``archive/step-NNN/orders.txt``), and ``verify`` replays it.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.dampfross.orders import parse_orders
from tests.helpers import invoke
from tests.quoting import (
    GAMES,
    STYLES,
    Game,
    dampfross_game,
    deliver,
    fixture,
    interurban_game,
    outbox_text,
    own_lines,
    plain_mail,
)

MOST = 60
"""The most lines of the receipt of a reply (issue 32: a quoted report read as orders made one of 689)."""
UNMARKED = ("outlook", "outlook-de", "android")
"""The styles that quote without ``>``: only a reply header tells the quote, and the receipt names its line."""


@pytest.fixture(scope="module")
def waiting(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Game]:
    """Each game played once to where it waits for the reply (each test plays on a copy)."""
    base = tmp_path_factory.mktemp("quoting")
    return {"dampfross": dampfross_game(base / "dampfross"), "interurban": interurban_game(base / "interurban")}


def copied(game: Game, to: Path) -> Game:
    """A copy of the game's folder and Maildir (its mail.toml pointed at the copy's Maildir)."""
    shutil.copytree(game.folder.parent, to)
    folder, maildir = to / game.folder.name, to / game.maildir.name
    toml = folder / "mail.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(str(game.maildir), str(maildir)), encoding="utf-8")
    return replace(game, folder=folder, maildir=maildir)


def answered(game: Game, data: bytes, name: str) -> tuple[dict[str, object], dict[str, str]]:
    """Deliver a reply at ``game.sent`` and tick at ``game.tick``: the mail's record and the receipts it got."""
    outbox = game.folder / "mail" / "outbox"
    before = {p.stem for p in outbox.glob("*.eml")}
    deliver(game.maildir, data, game.sent, name)
    invoke("tick", str(game.folder), "--now", game.tick)
    new = sorted(p.stem for p in outbox.glob("receipt-*.eml") if p.stem not in before)
    inbox = sorted((game.folder / "mail" / "inbox").iterdir())
    record = json.loads((inbox[-1] / "receipt.json").read_text(encoding="utf-8"))
    return record, {n: outbox_text(game.folder, n)[1] for n in new}


def quote_line(data: bytes) -> int:
    """The line of a fixture's text where its quote begins: the first line after the player's own (his orders and
    sign-off) that is not blank."""
    from email import message_from_bytes, policy

    msg = message_from_bytes(data, policy=policy.default)
    lines = str(msg.get_body(preferencelist=("plain",)).get_content()).splitlines()  # type: ignore[attr-defined]
    own = len(own_lines(data))
    signed = own < len(lines) and lines[own] in ("Anna", "Bernd")
    return next(i for i in range(own + signed, len(lines)) if lines[i].strip()) + 1


def understood(receipt: str) -> list[str]:
    """A Dampfross receipt's echo: the lines under "Your orders as understood"."""
    lines = receipt.splitlines()
    start = lines.index("Your orders as understood") + 2
    return [line.strip() for line in lines[start:lines.index("", start)]]


def orders_step(game: Game, seq: str) -> tuple[str, list[str]]:
    """The seat and the lines of the orders step the session archived for inbox mail ``seq`` (``mail-NNNNN``)."""
    for step in sorted((game.folder / "archive").glob("step-*"), reverse=True):
        record = json.loads((step / "record.json").read_text(encoding="utf-8"))
        if record.get("kind") == "orders" and record.get("mail") == f"mail-{seq}":
            return record["seat"], (step / "orders.txt").read_text(encoding="utf-8").splitlines()
    raise AssertionError(f"no orders step of mail {seq}")


def checked(kind: str, game: Game, record: dict[str, object], receipts: dict[str, str], own: list[str],
            quoted: int | None, above: list[str]) -> None:
    """The reply counts its own orders, and nothing of the quote; its one receipt is short and names the quote's
    line when it would have been read (``quoted``); ``above``: the mail's lines above the quote."""
    assert len(receipts) == 1, sorted(receipts)
    (text,) = receipts.values()
    assert len(text.splitlines()) <= MOST, text
    if kind == "dampfross":
        assert record["codes"] == ["accepted"] and "guesses" not in record, record
        player = next(i for i, line in enumerate(above) if line.startswith("PLAYER "))
        seq = sorted((game.folder / "mail" / "inbox").iterdir())[-1].name
        # the section as the session keeps it for the turn: his lines above the quote, nothing of the quote (his
        # greeting above the PLAYER line with them, which the receipt names as prose: reading 139)
        greeting = [line for line in above[:player] if line.strip() and not line.startswith(("GAME ", "TURN "))]
        assert orders_step(game, seq) == ("RED", greeting + [line for line in above[player + 1:] if line.strip()])
        assert understood(text) == ["BUILD 1207 - 1307"] and "Problems" not in text, text
    else:
        assert record["codes"] == ["moved"] and "guesses" not in record, record
        steps = sorted((game.folder / "archive").glob("step-*"))
        after = own[next(i for i, line in enumerate(own) if line.startswith("MOVE ")) + 1:]
        move = after[:after.index("")] if "" in after else after
        assert (steps[-1] / "orders.txt").read_text(encoding="utf-8").splitlines() == move
    note = f"The mail you answered, quoted from line {quoted} on, was not read."  # the platform's, in every game
    assert (note in " ".join(text.split())) is (quoted is not None), text


def above_quote(data: bytes) -> list[str]:
    """A fixture's lines above its quote (the player's own and his sign-off)."""
    from email import message_from_bytes, policy

    msg = message_from_bytes(data, policy=policy.default)
    lines = str(msg.get_body(preferencelist=("plain",)).get_content()).splitlines()  # type: ignore[attr-defined]
    return lines[:quote_line(data) - 1]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("kind", GAMES)
def test_a_reply_counts_exactly_the_orders_above_the_quote(kind: str, style: str, waiting: dict[str, Game],
                                                           tmp_path: Path):
    """Each mail program's reply to the real report (a fixture): the new orders above the quote count, the quoted
    report's order lines (its echo, its example with ``PLAYER ... PASSWORD ...``) are not read, no section is
    refused, and the one receipt fits in 60 lines; it names the quote's line where the quote was not marked with
    ``>`` (Outlook, the Android phone)."""
    game = copied(waiting[kind], tmp_path / kind)
    data = fixture(kind, style).read_bytes()
    record, receipts = answered(game, data, f"{style}.M1P1.mx")
    checked(kind, game, record, receipts, own_lines(data), quote_line(data) if style in UNMARKED else None,
            above_quote(data))


SWEDISH = "Från: {gm}\nSkickat: den 22 november 2025 09:00\nTill: {name} <{address}>\nÄmne: {subject}\n\n"
"""Outlook's header block in a language the reader does not know: the quote below it is found by the robot's own
lines, and the block above them is the quote's."""


@pytest.mark.parametrize("kind", GAMES)
def test_the_robots_own_report_below_the_orders_is_never_read(kind: str, waiting: dict[str, Game], tmp_path: Path):
    """A reply whose quote bears no sign the reader knows: the report is found by its lines, which the robot sent
    to that address; the receipt names its first line and only the orders above count.  Dampfross's turn reads the
    section its receipt read (the orders step of the mail holds the lines above the quote) and ``verify`` replays
    it."""
    game = copied(waiting[kind], tmp_path / kind)
    own = list(game.orders) + ["", game.name.split()[0], ""]
    body = "\n".join(own) + "\n" + SWEDISH.format(gm=game.gm, name=game.name, address=game.address,
                                                  subject=game.subject) + game.text
    first = len(own) + 1  # the header block's first line
    if kind == "dampfross":  # read alone, the text would count the report's own lines: its echo, a second time
        assert parse_orders(body, "alone").problems != ()
    record, receipts = answered(game, plain_mail(f"{game.name} <{game.address}>", game.gm, "Re: " + game.subject,
                                                 body, game.sent), "swedish.M1P1.mx")
    assert record["quoted"] == [first]
    checked(kind, game, record, receipts, list(game.orders), first, own)
    if kind == "dampfross":
        seq = sorted((game.folder / "mail" / "inbox").iterdir())[-1].name
        invoke("tick", str(game.folder), "--now", "2025-11-28T18:05+01:00")
        assert (game.folder / "reports" / "move-002.txt").is_file()  # turn 2 was run
        assert orders_step(game, seq) == ("RED", ["BUILD 1207 - 1307", "Anna"])  # what the turn reads: above the quote
        verified = invoke("verify", str(game.folder))
        assert verified.exit_code == 0 and "orders of RED read again: the same" in verified.output, verified.output
