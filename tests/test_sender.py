"""Issue 24: whose mail it is.  A From that is not exactly one valid address is a stranger's mail, for every game;
``Sender`` and ``Reply-To`` never make a mail somebody else's (a receiver enforcing DMARC checks one address, and
the robot must not read another)."""

from __future__ import annotations

import json
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.postal.files import Folder
from adjudicator.postal.inbox import Inbox
from adjudicator.postal.mailparse import read_mail
from adjudicator.postal.moves import MovesDir
from adjudicator.postal.outbox import Outbox
from tests.helpers import invoke
from tests.postal_game import setup_game, tick_times


def head(from_lines: list[str], **headers: str) -> bytes:
    """A mail with these ``From`` lines as written (folded lines keep their CRLF and indent)."""
    lines = [f"From: {f}" for f in from_lines] + [f"{k.replace('_', '-')}: {v}" for k, v in headers.items()]
    return ("\r\n".join([*lines, "To: gm@example.org", "Subject: orders", "", "PASS", ""])).encode("utf-8")


@pytest.mark.parametrize("value", [
    "anna@x.org <evil@y.org>",  # an address as a bare display name: which one is the author?
    "anna@x.org, evil@y.org",  # two authors
    "Anna <anna@x.org>, Bob <bob@y.org>",
    "anna@x.org evil@y.org",
    "Anna <anna@x.org> <evil@y.org>",
    "Anna <anna@x.org>\r\n\t<evil@y.org>",  # the second address on a folded line
    "anna@x.org;evil@y.org",
    "Smith, Anna <anna@x.org>",  # an unquoted comma: two entries
    "players: anna@x.org;",  # a group
    "undisclosed-recipients:;",
    "=?utf-8?b?YW5uYUB4Lm9yZw==?=",  # an encoded word that decodes to an address is no address
    "anna@x.org@y.org", "<anna@x.org", "anna", "anna@x", "anna@[192.0.2.1]", '"a b"@x.org', "anna.@x.org",
    "anna@x..org", "anna@x_y.org", "Anna <>", "",
])
def test_a_from_that_is_not_exactly_one_valid_address_is_nobody(value: str):
    """``anna@x.org <evil@y.org>`` and ``anna@x.org, evil@y.org`` were read as anna."""
    assert read_mail(head([value])).sender == ""


def test_two_from_headers_are_nobody():
    assert read_mail(head(["Anna <anna@x.org>", "evil@y.org"])).sender == ""


@pytest.mark.parametrize(("value", "address"), [
    ("Anna <anna@x.org>", "anna@x.org"),
    ("ANNA@X.ORG", "anna@x.org"),
    ("<anna@x.org>", "anna@x.org"),
    ("anna@x.org (Anna)", "anna@x.org"),
    ("Anna B. Smith <anna@x.org>", "anna@x.org"),  # an obsolete but common display name
    ('"Smith, Anna" <anna@x.org>', "anna@x.org"),
    ('"anna@x.org" <evil@y.org>', "evil@y.org"),  # quoted: one address, and it is evil's
    ("=?utf-8?q?anna=40x=2Eorg?= <evil@y.org>", "evil@y.org"),
    ("=?utf-8?q?M=C3=BCller?= <anna@x.org>", "anna@x.org"),
    ("Anna Müller <anna@münchen.de>", "anna@münchen.de"),  # raw UTF-8 (RFC 6532)
    ("anna+dp@mail.x-y.org", "anna+dp@mail.x-y.org"),
    ("anna@x.org <anna@x.org>", "anna@x.org"),  # one address written twice
])
def test_a_from_of_one_valid_address_is_that_address(value: str, address: str):
    assert read_mail(head([value])).sender == address


@pytest.mark.parametrize("value", ["evil@y.org", "anna@x.org <evil@y.org>"])
def test_sender_and_reply_to_never_make_a_mail_somebody_elses(value: str):
    mail = read_mail(head([value], Sender="Anna <anna@x.org>", Reply_To="anna@x.org"))
    assert mail.sender in ("evil@y.org", "")


# --- every game -------------------------------------------------------------------------------------------

DAMPFROSS_NOW = tick_times()[0]
INTERURBAN_NOW = "2026-12-01T09:00+00:00"


def forged(sender_line: str, body: str) -> bytes:
    m = EmailMessage()
    m["To"], m["Subject"], m["Message-ID"] = "gm@example.org", "status", f"<{abs(hash(body))}@y.org>"
    m.set_content(body)
    return f"From: {sender_line}\r\n".encode() + m.as_bytes()


def dampfross(where: Path) -> tuple[Path, Folder, str]:
    game = setup_game(where)
    return game, MovesDir(game), DAMPFROSS_NOW


def interurban(where: Path) -> tuple[Path, Folder, str]:
    game = where / "tram"
    invoke("new", str(game), "--play", "interurban", "--id", "tram", "--seed", "sender", "--unsafe-test-passwords",
           "s", "--player", "RED:Anna:anna@example.org", "--player", "BLUE:Bernd:bernd@example.net",
           "--deadline", "2026-12-04 18:00", "--every", "2d")
    (where / "maildir" / "new").mkdir(parents=True)
    (where / "maildir" / "cur").mkdir()
    (game / "mail.toml").write_text('from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\n'
                                    'path = "../maildir"\n', encoding="utf-8")
    return game, MovesDir(game), INTERURBAN_NOW


@pytest.mark.parametrize("make", [dampfross, interurban], ids=["dampfross", "interurban"])
@pytest.mark.parametrize("value", ["anna@example.org <evil@y.org>", "anna@example.org, evil@y.org"])
def test_a_forged_from_of_a_players_address_is_a_strangers_mail_in_every_game(tmp_path: Path, make, value: str):
    """A mail whose From could be read as the player's address asks for the game's status: nothing goes to the
    player's address (nor to the other one), and the inbox keeps it as a mail of nobody."""
    game, folder, now = make(tmp_path)
    invoke("tick", str(game), "--now", now, ok=False)
    before = set(Outbox(folder).pending())
    (tmp_path / "maildir" / "new" / "1763500000.F1P1.mx").write_bytes(forged(value, "STATUS\nHELP\n"))
    invoke("tick", str(game), "--now", now, ok=False)
    stored = [m for m in Inbox(folder).mails() if m.meta["subject"] == "status"]
    assert len(stored) == 1 and stored[0].sender == ""
    new = set(Outbox(folder).pending()) - before
    to = {a for name in new for a in (Outbox(folder).record(name) or {}).get("to", [])}
    assert not to & {"anna@example.org", "evil@y.org"}, new
    receipt = json.loads((stored[0].folder / "receipt.json").read_text())
    assert receipt.get("sender", "") in ("", None)


# --- auto-responders that set no RFC 3834 header ------------------------------------------------------------

@pytest.mark.parametrize(("subject", "headers"), [
    ("Automatic reply: Dampfross postal: receipt, turn 1", {}),  # Exchange, Outlook
    ("Automatische Antwort: Dampfross postal: receipt, turn 1", {}),
    ("Out of Office: Re: orders", {}),
    ("Abwesenheitsnotiz: orders", {}),
    ("AutoReply: orders", {}),
    ("Réponse automatique : orders", {}),
    ("Re: orders", {"X_Autogenerated": "Reply"}),
    ("Re: orders", {"X_AutoReply_From": "anna@x.org"}),
])
def test_an_auto_responders_reply_without_rfc_3834_headers_is_automatic(subject: str, headers: dict[str, str]):
    """An auto-responder that sets no RFC 3834 header got a receipt (and the GM a forward) for each reply, and its
    reply to that receipt came in the next tick: one more every tick, for ever."""
    assert read_mail(head(["anna@x.org"], Subject=subject, **headers).replace(b"Subject: orders\r\n", b"")).auto


@pytest.mark.parametrize("subject", ["Re: Dampfross postal: receipt, turn 1", "Züge Runde 1 – Rheinbahn",
                                     "Auto orders for turn 3", "my reply: orders", "Office: orders"])
def test_a_persons_subject_is_not_automatic(subject: str):
    assert not read_mail(head(["anna@x.org"], Subject=subject).replace(b"Subject: orders\r\n", b"")).auto


def test_the_mails_a_mail_answers_are_kept_with_it(tmp_path: Path):
    """In-Reply-To and References are stored: a reply to the robot's own mail can be told from a new mail."""
    game = setup_game(tmp_path)
    data = head(["Anna <anna@example.org>"], In_Reply_To="<r1.dampfross@example.org>",
                References="<o1.dampfross@example.org> <r1.dampfross@example.org>")
    (tmp_path / "maildir" / "new" / "1763500000.R1P1.mx").write_bytes(data)
    invoke("tick", str(game), "--now", DAMPFROSS_NOW)
    (mail,) = [m for m in Inbox(MovesDir(game)).mails() if m.meta["subject"] == "orders"]
    assert mail.replies_to == ("<r1.dampfross@example.org>", "<o1.dampfross@example.org>")
