"""Issue 15, outgoing mail: one refused recipient never holds up the other mails; addresses and names are
checked when they enter the game; every mail we send says it is a robot's.  Real SMTP (aiosmtpd) on localhost."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import dampfross_game, invoke
from tests.mailservers import SmtpServer, smtp_server
from tests.postal_game import setup_game, tick_times


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    with smtp_server() as server:
        yield server


def tick(game: Path, ok: bool = True) -> str:
    return invoke("tick", str(game), "--now", tick_times()[0], ok=ok).output


def test_one_refused_recipient_blocks_no_other_mail(tmp_path: Path, smtp: SmtpServer):
    """A 550 for one address stopped every mail of the game for good, tick after tick.  Now the refused mail is
    set aside (the GM told once), a 451 leaves its mail queued for the next tick, and every other mail goes."""
    smtp.refused = {"anna@example.org": "550 5.1.1 no such user", "bernd@example.net": "451 4.7.1 greylisted"}
    game = setup_game(tmp_path, smtp.toml())
    out = tick(game)
    assert "opening-GREEN" in smtp.names()
    assert not any(n.startswith(("opening-RED", "opening-BLUE")) for n in smtp.names())
    assert "the mail opening-RED was refused for good (anna@example.org: 550 5.1.1 no such user)" in out
    assert "the mail opening-BLUE was refused for now (bernd@example.net: 451 4.7.1 greylisted)" in out
    assert (game / "mail" / "failed" / "opening-RED.eml").is_file()
    assert (game / "mail" / "outbox" / "opening-BLUE.eml").is_file()
    smtp.refused = {"anna@example.org": "550 5.1.1 no such user"}
    again = invoke("tick", str(game), "--now", tick_times()[1]).output
    assert "opening-BLUE" in smtp.names() and "opening-RED" not in again  # told once; BLUE's goes on the retry
    invoke("player", "address", str(game), "RED", "anna.roth@example.org")
    invoke("mail", "send", str(game), "--retry", "--now", tick_times()[1])
    sent = [m for m in smtp.mails if m["X-Dampfross"] == "opening-RED"]
    assert len(sent) == 1 and sent[0]["To"] == "anna.roth@example.org"
    assert not (game / "mail" / "failed" / "opening-RED.eml").exists()


def test_an_address_the_server_cannot_take_is_set_aside(tmp_path: Path):
    """A non-ASCII address to a server without SMTPUTF8 raised out of the sending and blocked all mail."""
    with smtp_server(utf8=False) as smtp:
        game = setup_game(tmp_path, smtp.toml())
        invoke("player", "address", str(game), "GREEN", "jürgen@example.com")
        out = tick(game)
    assert "the mail opening-GREEN was refused for good (the server cannot take this address" in out
    assert "opening-RED" in smtp.names() and "opening-BLUE" in smtp.names()


def test_every_mail_sent_says_it_is_a_robots(tmp_path: Path, smtp: SmtpServer):
    """RFC 3834: receipts carry ``Auto-Submitted: auto-replied``, every other mail ``auto-generated``."""
    game = setup_game(tmp_path, smtp.toml())
    for now in tick_times()[:3]:  # openings, receipts, turn 1's reports
        invoke("tick", str(game), "--now", now)
    kinds = {str(m["X-Dampfross"]).split("-")[0]: str(m["Auto-Submitted"]) for m in smtp.mails}
    assert kinds["receipt"] == kinds["notice"] == "auto-replied"  # answers to a mail (a stranger's: the notice)
    assert kinds["opening"] == kinds["reminder"] == kinds["move"] == "auto-generated", kinds  # move-001-RED: a report
    assert all(m["Precedence"] is None for m in smtp.mails)  # RFC 3834 advises against Precedence: bulk


@pytest.mark.parametrize(("spec", "words"), [
    ("RED:Rheinbahn:anna@example.org\r\nBcc: all@example.org", "control character"),
    ("RED:Rhein\x1b[2Jbahn:anna@example.org", "control character"),
    ("RED:Rheinbahn:Anna <anna@example.org>", "not one mail address"),
    ("RED:Rheinbahn:anna@example.org, eve@example.org", "not one mail address"),
    ("RED:Rheinbahn:anna", "not one mail address"),
])
def test_a_name_or_address_that_would_break_every_mail_is_refused_on_entry(tmp_path: Path, spec: str, words: str):
    """A CR/LF or a control character in a name or address was accepted and every tick crashed after."""
    result = invoke("new", str(tmp_path / "g"), "--map", "germany", "--player", spec, "--player", "BLUE", ok=False)
    assert result.exit_code == 1 and words in result.output and not (tmp_path / "g").exists()


def test_player_replace_and_address_check_the_address_and_leave_the_game_as_it_was(tmp_path: Path):
    invoke("new", str(tmp_path / "g"), "--map", "germany", "--player", "RED:R:anna@example.org", "--player", "BLUE")
    before = (tmp_path / "g" / "game.json").read_bytes()
    bad = invoke("player", "replace", str(tmp_path / "g"), "RED", "--name", "Eve", "--email", "eve@x.org\nBcc: y",
                 ok=False)
    assert bad.exit_code == 1 and "control character" in bad.output
    bad = invoke("player", "address", str(tmp_path / "g"), "RED", "not an address", ok=False)
    assert bad.exit_code == 1 and "not one mail address" in bad.output
    assert (tmp_path / "g" / "game.json").read_bytes() == before
    invoke("player", "address", str(tmp_path / "g"), "RED", "Anna.Roth@Example.org")
    table, _state = dampfross_game(tmp_path / "g")
    assert table.seat("RED").address == "anna.roth@example.org"
    record = json.loads(sorted((tmp_path / "g" / "archive").glob("step-*/record.json"))[-1].read_text())
    assert record["kind"] == "fix" and record["set"] == {"address": "anna.roth@example.org"}
    assert record["correction"] == {"number": 1, "turn": 1, "kind": "address", "by": "GM",
                                    "when": record["correction"]["when"], "why": "", "player": "RED",
                                    "value": "anna.roth@example.org"}
    invoke("verify", str(tmp_path / "g"))


def test_a_line_beginning_from_arrives_as_written(tmp_path: Path):
    """A body line starting ``From `` arrived as ``>From``: mail stores quote such lines.  It is sent encoded
    (``=46rom``), which decodes to the same text."""
    from datetime import UTC, datetime
    from email import message_from_bytes, policy

    from adjudicator.postal.compose import Outgoing, compose

    body = "Race 3\nFrom Berlin to Kiel, 12 hexes\n"
    msg = compose(Outgoing("x", ("a@example.org",), "s", body, (("map.txt", "From 0101 on\n"),)), "gm@example.org",
                  datetime(2026, 1, 1, tzinfo=UTC))
    raw = msg.as_bytes()
    assert b"\nFrom " not in raw and b"=46rom Berlin" in raw
    back = message_from_bytes(raw, policy=policy.default)
    assert back.get_body().get_content() == body  # type: ignore[union-attr]
    assert [a.get_content() for a in back.iter_attachments()] == ["From 0101 on\n"]  # type: ignore[attr-defined]


def test_a_changed_deadline_is_mailed_to_every_company_at_once(tmp_path: Path, smtp: SmtpServer):
    """Issue 15: ``deadline extend/hold/set`` reached players only in the next report.  Each change is mailed to
    every company in play by the next tick, in its language, with the deadline as it is now."""
    game = setup_game(tmp_path, smtp.toml())
    tick(game)
    invoke("player", "lang", str(game), "BLUE", "de")
    invoke("deadline", "extend", str(game), "2d", "--why", "a holiday")
    invoke("tick", str(game), "--now", tick_times()[1])
    news = {str(m["To"]): m for m in smtp.mails if str(m["X-Dampfross"]).startswith("deadline-")}
    assert set(news) == {"anna@example.org", "bernd@example.net", "carla@example.com"}
    red = str(news["anna@example.org"].get_body().get_content())  # type: ignore[union-attr]
    assert "the deadline is now Sun 23 Nov 2025 18:00 CET" in red and "a holiday" in red
    blue = str(news["bernd@example.net"].get_body().get_content())  # type: ignore[union-attr]
    assert "So. 23. Nov. 2025 18:00" in blue
    invoke("deadline", "hold", str(game))
    invoke("tick", str(game), "--now", tick_times()[1])
    held = [m for m in smtp.mails if str(m["X-Dampfross"]).startswith("deadline-") and "hold" in
            str(m.get_body().get_content()).lower()]  # type: ignore[union-attr]
    assert len(held) >= 2


def test_a_mail_too_large_for_the_server_is_set_aside_and_the_others_go(tmp_path: Path):
    """A mail larger than the server's ESMTP SIZE got 552 at MAIL FROM: the refusal was taken for a lost
    connection, so the sending stopped at that mail, tick after tick, and no mail queued after it ever went."""
    with smtp_server(size_limit=12000) as smtp:
        game = setup_game(tmp_path, smtp.toml())
        invoke("player", "replace", str(game), "RED", "--name", "Rosa", "--email", "rosa@example.org")
        big = (game / "mail" / "outbox" / "takeover-RED-001.eml").stat().st_size
        out = tick(game)
        again = tick(game)
    assert big > 12000, big  # the take-over mail (and the openings, with the map) are too large
    assert "the mail takeover-RED-001 was refused for good" in out and "552" in out
    assert (game / "mail" / "failed" / "takeover-RED-001.eml").is_file()
    assert "receipt-mail-00002" in smtp.names()  # a small mail queued after the large ones went
    assert not list((game / "mail" / "outbox").glob("*.eml"))  # nothing left to block a later tick
    assert "takeover-RED-001" not in again  # told once


def test_a_report_sent_again_after_player_replace_goes_to_the_stand_by(tmp_path: Path, smtp: SmtpServer):
    """``mail send --player`` after ``player replace --email`` went to the old address: the report is sent again
    to the address on file now, and the stand-by gets the take-over mail too."""
    game = setup_game(tmp_path, smtp.toml())
    for now in tick_times()[:3]:  # turn 1 runs at the third tick
        invoke("tick", str(game), "--now", now)
    assert [m["To"] for m in smtp.mails if m["X-Dampfross"] == "move-001-BLUE"] == ["bernd@example.net"]
    invoke("player", "replace", str(game), "BLUE", "--name", "Dora", "--email", "dora@example.org")
    invoke("mail", "send", str(game), "--turn", "1", "--player", "BLUE")
    invoke("mail", "send", str(game))  # the take-over mail, queued by player replace
    to = {str(m["X-Dampfross"]): str(m["To"]) for m in smtp.mails if str(m["To"]) == "dora@example.org"}
    assert {k.rsplit("-", 1)[0] if k.startswith("takeover-") else k for k in to} == {"takeover-BLUE",
                                                                                     "move-001-BLUE"}, to
    assert [str(m["To"]) for m in smtp.mails if m["X-Dampfross"] == "move-001-BLUE"] == [
        "bernd@example.net", "dora@example.org"]


def test_a_mail_goes_out_as_it_was_queued_and_is_kept_as_sent(tmp_path: Path, smtp: SmtpServer):
    """Issue 34: a queued mail is sent as its bytes in the outbox (not parsed and written again) and moved into
    sent/ as it is, its record written first; what the server got is what sent/ keeps, each mail once."""
    from email import message_from_bytes, policy

    from adjudicator.postal.moves import MovesDir
    from adjudicator.postal.outbox import Outbox

    game = setup_game(tmp_path, smtp.toml())
    tick(game)
    outbox = Outbox(MovesDir(game))
    assert smtp.mails and outbox.pending() == [] and not list(outbox.queue_dir.iterdir())
    for got in smtp.mails:
        name = str(got["X-Dampfross"])
        kept = message_from_bytes((outbox.sent_dir / f"{name}.eml").read_bytes(), policy=policy.default)
        assert [(k, str(v).strip()) for k, v in got.items()] == [(k, str(v).strip()) for k, v in kept.items()]
        assert [_lines(p) for p in got.walk()] == [p.get_payload(decode=True) for p in kept.walk()]
        assert json.loads((outbox.sent_dir / f"{name}.json").read_text())["sent"]
    assert sorted(smtp.names()) == sorted(p.stem for p in outbox.sent_dir.glob("*.eml"))


def _lines(part: Any) -> object:
    """A part's bytes, a text's lines ended as the outbox ends them (SMTP carries CRLF)."""
    data = part.get_payload(decode=True)
    return data.replace(b"\r\n", b"\n") if isinstance(data, bytes) and part.get_content_maintype() == "text" else data


def test_a_send_killed_after_its_sent_record_is_finished_by_the_next_tick(tmp_path: Path, smtp: SmtpServer):
    """Killed between the sent record and the mail's move from the queue: the next tick moves the mail into sent/
    (it was sent: it is not sent again) and clears the queue."""
    from adjudicator.postal.moves import MovesDir
    from adjudicator.postal.outbox import Outbox

    game = setup_game(tmp_path, "")  # no [smtp]: the openings wait in the outbox
    tick(game)
    outbox = Outbox(MovesDir(game))
    name = outbox.pending()[0]
    outbox.sent_dir.mkdir(mode=0o700)
    doc = json.loads((outbox.queue_dir / f"{name}.json").read_text())
    (outbox.sent_dir / f"{name}.json").write_text(json.dumps({**doc, "sent": "2025-11-20T11:00:00+00:00"}))
    queued = (outbox.queue_dir / f"{name}.eml").read_bytes()
    assert name not in outbox.pending()
    assert (outbox.sent_dir / f"{name}.eml").read_bytes() == queued
    assert not (outbox.queue_dir / f"{name}.eml").exists() and not (outbox.queue_dir / f"{name}.json").exists()
    assert outbox.text(name) and outbox.record(name)["where"] == "sent"  # type: ignore[index]


@pytest.mark.parametrize("attachments", [(), (("map.txt", "0101 Hamburg\n"),), (("map.png", b"\x89PNG\r\n\x1a\n"),),
                                         (("map.png", b"\x89PNG\r\n\x1a\n"), ("report.txt", "Turn 1\nÜber\n"))])
def test_the_text_of_a_queued_mail_is_its_plain_body(tmp_path: Path, attachments: tuple[tuple[str, str | bytes], ...]):
    """``Outbox.text`` reads a mail's head up to its first text, without making header objects: the text
    ``get_body().get_content()`` gives, for every shape ``compose`` writes (text alone, text attachments, pictures
    shown in the body, both), lines that begin with dashes as they are."""
    from datetime import UTC, datetime
    from email import message_from_bytes, policy

    from adjudicator.postal.compose import Outgoing
    from adjudicator.postal.outbox import Outbox

    class Folder:
        path = tmp_path

    outbox = Outbox(Folder())
    body = "Zug 3: Grünzug baut\nFrom Berlin nach Kiel\n------\n" + "eine lange Zeile " * 10 + "\n-- \nGM\n"
    assert outbox.queue(Outgoing("x", ("a@example.org",), "Zug 3", body, attachments), "gm@example.org",
                        datetime(2026, 1, 1, tzinfo=UTC))
    whole = message_from_bytes((outbox.queue_dir / "x.eml").read_bytes(), policy=policy.default)
    assert outbox.text("x") == whole.get_body(preferencelist=("plain",)).get_content() == body  # type: ignore[union-attr]
