"""postal/compose.py: ``composed`` writes every mail as ``compose(...).as_string()`` writes it (issue 34: the mails a
tick queues are written without the email package's header objects, the same text to the byte)."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from adjudicator.postal.compose import Outgoing, _written, compose, composed, composed_text

NOW = datetime(2026, 12, 2, 10, 5, tzinfo=UTC)
GM = "InterUrban GM <gm@interurban.example.org>"
PNG = bytes(range(256)) * 9 + b"\x89PNG end"
REPORT = ("Move 2: Bernd (BLUE) is on move, until Sun 23 Nov 2025 11:30 (UTC).\n\nInterUrban, game iu: move 1\n"
          + "=" * 60 + "\nFrom here on:\n  x=0..1\n   |  .\n  3#  #2\n\nLines (value; economic value):\n"
          "  S: 2; no station; open\n" + "A long line of prose that goes on " * 5 + "\n\tTabbed, trailing   \n.\n")


def both(monkeypatch: pytest.MonkeyPatch, out: Outgoing, sender: str = GM, now: datetime = NOW) -> tuple[
        tuple[str, str], tuple[str, str]]:
    """The mail by the email package and by ``composed``, from the same random draws at the same time."""
    monkeypatch.setattr(time, "time", lambda: 1796113800.25)
    random.seed(34)
    msg = compose(out, sender, now)
    old = msg.as_string(), str(msg["Message-ID"])
    random.seed(34)
    return old, composed(out, sender, now)


MAILS = {
    "receipt": Outgoing("receipt-mail-00001", ("anna@example.org", "anna@example.org"), "InterUrban iu: receipt",
                        "Your move counts.\nFrom now on BLUE.\n", kind="receipt", in_reply_to="<bench-1@example.org>"),
    "report": Outgoing("move-001-RED", ("anna@example.org",), "InterUrban iu: report of move 1 for RED", REPORT,
                       (("move-001.png", PNG),), kind="report", turn=1, player="RED"),
    "dampfross report": Outgoing("move-003-RED", ("anna@example.org",), "Dampfross postal: turn 3, RED", REPORT,
                                 (("report-turn-003.txt", REPORT), ("map-turn-003.png", PNG),
                                  ("map-turn-003.txt", "From 0101 on\n  . . .\n")), kind="report"),
    "texts only": Outgoing("move-003-BLUE", ("bernd@example.net",), "turn 3", "Hello\n",
                           (("report-turn-003.txt", "Turn 3\n"),), kind="report"),
    "two pictures": Outgoing("opening-RED", ("anna@example.org",), "opening", "Hi\n",
                             (("a.png", PNG), ("b.png", PNG[:100])), kind="opening"),
    "reminder": Outgoing("reminder-002-GREEN", ("carla@example.com",), "InterUrban iu: move 2 is yours", "Remember.\n",
                         kind="reminder"),
}


@pytest.mark.parametrize("name", sorted(MAILS))
def test_the_robots_mails_are_written_here_as_the_package_writes_them(monkeypatch: pytest.MonkeyPatch, name: str):
    out = MAILS[name]
    old, new = both(monkeypatch, out)
    assert new == old
    random.seed(1)
    assert _written(out, GM, NOW) is not None  # written here, not by the package


ODD = {
    "non-ASCII subject": {"subject": "Zug 3: Bericht für Köln"},
    "long subject": {"subject": "InterUrban " + "very long subject words " * 6},
    "encoded word in the subject": {"subject": "=?utf-8?q?hello?= there"},
    "spaces in the subject": {"subject": " two  spaces "},
    "empty subject": {"subject": ""},
    "non-ASCII body": {"body": "Grüße aus Köln – ça va?\n€\n"},
    "body with CRLF and no last newline": {"body": "one\r\ntwo\rthree\n\nFrom four"},
    "empty body": {"body": ""},
    "equals and dots": {"body": "a=b\n.\n..\n=3D\n" + "x" * 200 + "\n" + "ü" * 90 + "\n"},
    "long reply id": {"in_reply_to": "<" + "CAF" * 30 + "@mail.gmail.com>"},
    "odd reply id": {"in_reply_to": "<a b@c> (comment)"},
    "non-ASCII reply id": {"in_reply_to": "<müller@example.de>"},
    "two recipients and an empty one": {"to": ("anna@example.org", "")},
    "no recipient": {"to": ()},
    "named recipient": {"to": ("Anna Müller <anna@example.org>", "Bernd <bernd@example.net>")},
    "quoted recipient": {"to": ('"Dr. Anna" <anna@example.org>',)},
    "long recipients": {"to": tuple(f"player{i}@a-rather-long-domain.example.org" for i in range(5))},
    "filename with a space": {"attachments": (("map turn.png", PNG), ("report.txt", "x\n"))},
    "non-ASCII filename": {"attachments": (("karte-köln.png", PNG),)},
    "text attachment beginning From": {"attachments": (("map.txt", "From 0101 on\nFrom\n"),)},
    "long name": {"name": "receipt-" + "x" * 80},
}


@pytest.mark.parametrize("case", sorted(ODD))
@pytest.mark.parametrize("base", ["receipt", "report", "dampfross report"])
def test_any_other_mail_is_the_same_as_the_packages(monkeypatch: pytest.MonkeyPatch, case: str, base: str):
    from dataclasses import replace

    out = replace(MAILS[base], **ODD[case])  # type: ignore[arg-type]
    old, new = both(monkeypatch, out)
    assert new == old


@pytest.mark.parametrize("sender", [GM, "gm@example.org", "Dampfross GM <gm@dampfross.example.org>",
                                    "Spielleitung Köln <gm@example.de>", "Dr. GM <gm@example.org>",
                                    '"GM, the" <gm@example.org>',
                                    "GM <gm@a-very-long-subdomain-name.of-a-very-long-domain-name.example.org>",
                                    "GM <gm@[127.0.0.1]>", "nobody"])
def test_every_sender_is_the_same_as_the_packages(monkeypatch: pytest.MonkeyPatch, sender: str):
    for out in MAILS.values():
        old, new = both(monkeypatch, out, sender)
        assert new == old


@pytest.mark.parametrize("now", [NOW, datetime(2026, 7, 1, 18, 0, tzinfo=ZoneInfo("Europe/Berlin")),
                                 datetime(2026, 1, 1, 0, 0), datetime(2026, 1, 1, tzinfo=timezone(timedelta(hours=-5))),
                                 datetime(1890, 1, 1, tzinfo=ZoneInfo("Europe/Amsterdam"))])
def test_every_time_is_the_same_as_the_packages(monkeypatch: pytest.MonkeyPatch, now: datetime):
    old, new = both(monkeypatch, MAILS["receipt"], now=now)
    assert new == old


def test_a_header_with_a_line_break_is_refused_as_the_package_refuses_it():
    from dataclasses import replace

    with pytest.raises(ValueError, match="linefeed or carriage return"):
        composed(replace(MAILS["receipt"], subject="two\nlines"), GM, NOW)


def by_parser(data: bytes) -> str:
    """``Outbox.text`` by the email package's parser: the first text/plain part not attached, decoded."""
    from email import message_from_bytes, policy

    for part in message_from_bytes(data, policy=policy.compat32).walk():
        if part.get_content_type() == "text/plain" and part.get_content_disposition() != "attachment":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            return payload.decode(part.get_content_charset("ascii"), "replace")
    return ""


@pytest.mark.parametrize("case", ["", *sorted(ODD)])
@pytest.mark.parametrize("base", sorted(MAILS))
def test_a_mails_text_is_read_back_as_the_parser_reads_it(case: str, base: str):
    from dataclasses import replace

    out = replace(MAILS[base], **ODD.get(case, {}))  # type: ignore[arg-type]
    data = composed(out, GM, NOW)[0].encode("utf-8")
    found = composed_text(data)
    assert found == by_parser(data) or (found is None and case)  # read here, or by the parser (Outbox.text)
    if not case:
        assert found is not None


@pytest.mark.parametrize("data", [b"", b"Subject: x\n\nhello\n", b"Content-Type: text/plain\n\nhi\n",
                                  (b'Content-Type: text/plain; charset="utf-8"\r\nContent-Transfer-Encoding: '
                                  b'quoted-printable\r\n\r\nhi=\r\n there\r\n'),
                                  (b'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain; '
                                  b'charset="utf-8"\nContent-Transfer-Encoding: quoted-printable\n\nhi\n--b--\n')])
def test_another_mail_is_left_to_the_parser(data: bytes):
    found = composed_text(data)
    assert found is None or found == by_parser(data)
