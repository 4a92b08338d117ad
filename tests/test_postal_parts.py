"""Issue 10, the parts of the postal loop: deadlines, mail sources and limits, the configuration, the GM's
deadline commands, early runs, corrected reports, statements."""

from __future__ import annotations

import json
import mailbox
import os
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.kernel.deadline import DeadlineError, Schedule, after_turn, parse_duration, parse_every
from adjudicator.postal.mailparse import html_to_text, read_mail
from tests.helpers import dampfross_game, dampfross_state, invoke
from tests.mailservers import SmtpServer, smtp_server
from tests.postal_game import setup_game, tick_times

BERLIN = "Europe/Berlin"
PW_RED = "sft6-ps9m-gkf5-gewv"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


# --- deadlines -------------------------------------------------------------------------------------------------

def test_weekly_deadlines_keep_their_wall_clock_time_across_the_change_of_summer_time():
    s = Schedule(due="2025-10-24T18:00:00+02:00", every="fri 18:00", zone=BERLIN)
    nxt = after_turn(s, at("2025-10-24T18:05:00+02:00"), over=False)
    assert nxt.due == "2025-10-31T18:00:00+01:00"
    period = after_turn(replace(s, every="7d"), at("2025-10-24T18:05:00+02:00"), over=False)
    assert period.due == "2025-10-31T18:00:00+01:00"


def test_a_turn_run_early_or_late_keeps_the_schedule_and_leaves_half_a_period():
    s = Schedule(due="2025-11-21T18:00:00+01:00", every="fri 18:00", zone=BERLIN, held=True)
    assert after_turn(s, at("2025-11-19T12:00:00+01:00"), over=False).due == "2025-11-28T18:00:00+01:00"
    late = after_turn(s, at("2025-11-25T09:00:00+01:00"), over=False)  # held over until Tuesday
    assert late.due == "2025-12-05T18:00:00+01:00" and not late.held
    assert after_turn(replace(s, every=""), at("2025-11-21T18:05:00+01:00"), over=False).due is None
    over = after_turn(replace(s, statements="7d"), at("2025-11-21T18:05:00+01:00"), over=True)
    assert over.due == "2025-11-28T18:05:00+01:00"


@pytest.mark.parametrize("text", ["7", "0d", "400d", "soon", "fri 25:00", "someday 18:00"])
def test_periods_that_cannot_be_read_are_refused(text: str):
    with pytest.raises(DeadlineError):
        parse_every(text)
    assert parse_duration("2d12h").total_seconds() == 216000


def test_new_with_a_bad_deadline_is_one_error_line(tmp_path: Path):
    result = invoke("new", str(tmp_path / "g"), "--map", "germany", "--player", "RED", "--player", "BLUE",
                    "--every", "fortnightly", ok=False)
    assert result.exit_code == 1 and result.output.startswith("error: ") and "Traceback" not in result.output
    assert not (tmp_path / "g").exists()


# --- reading mail ----------------------------------------------------------------------------------------------

def _mail(body: str = "PLAYER RED PASSWORD x\nPASS\n", sender: str = "anna@example.org") -> EmailMessage:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, "gm@example.org", "orders"
    m["Message-ID"] = f"<{abs(hash(body))}@example.org>"
    m.set_content(body)
    return m


def test_html_is_made_text_with_quotes_kept_as_quotes():
    text = html_to_text("<p>Hallo<br>PLAYER RED PASSWORD x</p><blockquote><p>BUILD 0101 - 0102</p></blockquote>"
                        "<script>x()</script><div>Gr&uuml;&szlig;e</div>")
    assert text.splitlines() == ["Hallo", "PLAYER RED PASSWORD x", "", "> BUILD 0101 - 0102", "", "Grüße"]


def test_an_attachment_too_big_for_orders_is_not_read_and_a_huge_mail_not_at_all(tmp_path: Path):
    m = _mail()
    m.add_attachment(b"x" * 1_500_000, maintype="text", subtype="plain", filename="big.txt")
    m.add_attachment(b"\x89PNG", maintype="image", subtype="png", filename="map.png")
    content = read_mail(m.as_bytes())
    assert [t.name for t in content.texts] == [""]
    assert [(n.code, n.name) for n in content.notes] == [("part-too-big", "big.txt"), ("not-text", "map.png")]
    game = setup_game(tmp_path)
    huge = _mail()
    huge.add_attachment(os.urandom(50_000_000), maintype="application", subtype="zip", filename="all.zip")
    (tmp_path / "maildir" / "new" / "1763600000.M99P1.mx").write_bytes(huge.as_bytes())
    out = invoke("tick", str(game), "--now", tick_times()[0]).output
    meta = json.loads(next(p for p in (game / "mail" / "inbox").glob("*/meta.json")
                           if json.loads(p.read_text())["too_big"]).read_text())
    assert meta["size"] > 60_000_000 and meta["texts"] == [] and "mail 3 stored" in out
    receipt = (game / "mail" / "outbox" / f"receipt-mail-{meta['seq']:05d}.eml").read_text()
    assert "far more than a mail of orders can be" in receipt and len(receipt) < 20_000


def test_an_mbox_and_a_folder_of_eml_files_are_sources_too(tmp_path: Path):
    game = setup_game(tmp_path, source='[source]\nkind = "mbox"\npath = "../box.mbox"\n\n')
    box = mailbox.mbox(tmp_path / "box.mbox")
    first = mailbox.mboxMessage(_mail(f"PLAYER RED PASSWORD {PW_RED}\nSTART Hamburg\n").as_bytes())
    first.set_from("anna@example.org", (2025, 11, 20, 10, 0, 0, 0, 0, 0))
    box.add(first)
    box.flush()
    invoke("tick", str(game), "--now", tick_times()[0])
    (receipt,) = (game / "mail" / "outbox").glob("receipt-*.eml")
    assert receipt.name == "receipt-mail-00001.eml" and "receipt for RED" in receipt.read_text()
    eml_game = setup_game(tmp_path / "e", source='[source]\nkind = "eml"\npath = "../mails"\n\n')
    (tmp_path / "e" / "mails").mkdir()
    (tmp_path / "e" / "mails" / "a.eml").write_bytes(_mail(f"PLAYER RED PASSWORD {PW_RED}\nPASS\n").as_bytes())
    os.utime(tmp_path / "e" / "mails" / "a.eml", (1763629200, 1763629200))
    invoke("tick", str(eml_game), "--now", tick_times()[0])
    assert [p.name for p in (eml_game / "mail" / "outbox").glob("receipt-*.eml")] == ["receipt-mail-00001.eml"]


@pytest.mark.parametrize("toml, words", [
    ('from = "gm@example.org"\n[source]\nkind = "pop3"\npath = "x"\n', "kind 'pop3' is not one of"),
    ('from = "gm@example.org"\n[source]\nkind = "imap"\nhost = "h"\npassword = "s3cret"\n', "no password in"),
    ('from = "gm@example.org"\ncolour = 1\n[source]\nkind = "eml"\npath = "x"\n', "unknown key 'colour'"),
    ('from = [\n', "not valid TOML"),
])
def test_a_bad_mail_configuration_is_one_error_line(tmp_path: Path, toml: str, words: str):
    game = setup_game(tmp_path)
    (game / "mail.toml").write_text(toml)
    result = invoke("tick", str(game), ok=False)
    assert result.exit_code == 1 and words in result.output and "Traceback" not in result.output
    assert "s3cret" not in result.output


def test_check_exits_1_for_a_wrong_password(tmp_path: Path):
    game = setup_game(tmp_path)
    orders = tmp_path / "o.txt"
    orders.write_text("PLAYER RED PASSWORD wrong\nSTART Hamburg\n")
    result = invoke("check", str(orders), "--game", str(game), ok=False)
    assert result.exit_code == 1 and "wrong password" in result.output
    orders.write_text(f"PLAYER RED PASSWORD {PW_RED}\nSTART Hamburg\n")
    assert invoke("check", str(orders), "--game", str(game)).exit_code == 0


# --- the GM's commands, early runs, corrected reports, statements ---------------------------------------------

def _undo_turn(game: Path) -> str:
    """``undo`` until the last turn is taken back (each undo takes back one step of the session: the orders
    accepted for the next turn first), its lines."""
    for _ in range(10):
        said = invoke("undo", str(game)).output
        if " undone; game.json is back at turn" in said:
            return said
        assert said.startswith("the orders of "), said
    raise AssertionError("no turn was undone")


@pytest.fixture
def smtp() -> SmtpServer:  # type: ignore[misc]
    with smtp_server() as server:
        yield server


def test_the_gm_extends_and_holds_a_deadline(tmp_path: Path, smtp: SmtpServer):
    game = setup_game(tmp_path, smtp.toml())
    invoke("deadline", "extend", str(game), "2d", "--why", "BLUE asked for time")
    assert "Orders for turn 1 are due Sun 23 Nov 2025 18:00 CET." in invoke("status", str(game)).output
    invoke("deadline", "hold", str(game))
    assert "ran" not in invoke("tick", str(game), "--now", "2025-11-24T12:00+01:00").output
    assert dampfross_state(game).turn == 1
    invoke("deadline", "hold", str(game), "--release")
    assert "turn 1 adjudicated" in invoke("tick", str(game), "--now", "2025-11-24T12:05+01:00").output
    report = (game / "reports" / "move-001.txt").read_text()
    assert "the deadline is now Sun 23 Nov 2025 18:00 CET: BLUE asked for time" in report.replace("\n     ", " ")
    assert "the game is held over" in report
    assert invoke("verify", str(game)).exit_code == 0


def test_a_game_with_early_runs_runs_when_every_company_has_sent_orders(tmp_path: Path, smtp: SmtpServer):
    game = setup_game(tmp_path, smtp.toml())
    invoke("deadline", "set", str(game), "--early")
    invoke("tick", str(game), "--now", "2025-11-20T12:00+01:00")
    assert dampfross_state(game).turn == 1  # GREEN's orders are not in yet
    out = invoke("tick", str(game), "--now", "2025-11-21T10:30+01:00").output
    assert "turn 1 adjudicated (every seat's orders are in)" in out


def test_undo_and_a_new_run_send_a_corrected_report(tmp_path: Path, smtp: SmtpServer):
    game = setup_game(tmp_path, smtp.toml())
    for now in tick_times()[:3]:
        invoke("tick", str(game), "--now", now)
    undone = _undo_turn(game)
    assert "The game is held: no tick runs turn 1 until" in undone  # issue 15: it re-ran at once, silently
    invoke("fix", "balance", str(game), "RED", "5", "--why", "a fee charged twice")
    held = invoke("tick", str(game), "--now", "2025-11-21T18:30+01:00").output
    assert "adjudicated" not in held and "3 mails sent" in held  # held: nothing runs; the players hear of the hold
    invoke("deadline", "hold", str(game), "--release")
    assert "turn 1 adjudicated" in invoke("tick", str(game), "--now", "2025-11-21T19:00+01:00").output
    corrected = [m for m in smtp.mails if m["X-Dampfross"] == "move-001-RED-v2"]
    assert len(corrected) == 1
    body = str(corrected[0].get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]
    due, rest = body.replace("\r\n", "\n").split("\n\n", 1)  # issue 25: the deadline first (two lines at 72
    banner = rest.split("\n*")[0].replace("\n    ", " ")  # columns, issue 35), then the banner
    assert due.startswith("Orders for turn 2 are due ") and due.count("\n") <= 1
    assert banner == "CORRECTED REPORT: this replaces the one sent on Fri 21 Nov 2025 18:05 CET."
    assert invoke("tick", str(game), "--now", "2025-11-21T19:05+01:00").output == ""


def test_the_hold_after_an_undo_is_told_in_each_players_language(tmp_path: Path, smtp: SmtpServer):
    """The hold an undo makes reached every company's mail (and the next report) as the English words "turn 1
    undone; held until the GM releases it", German players too: it is a setting worded by the report layer."""
    from tools import i18n

    game = setup_game(tmp_path, smtp.toml())
    invoke("player", "lang", str(game), "BLUE", "de")
    for now in tick_times()[:3]:
        invoke("tick", str(game), "--now", now)
    _undo_turn(game)
    invoke("tick", str(game), "--now", "2025-11-21T18:30+01:00")
    news = {str(m["To"]): " ".join(str(m.get_body().get_content()).split())  # type: ignore[union-attr]
            for m in smtp.mails if str(m["X-Dampfross"]).startswith("deadline-")}
    assert "turn 1 was undone; the game is held over until the GM releases it" in news["anna@example.org"]
    german = news["bernd@example.net"]
    assert "Runde 1 wurde zurückgenommen; das Spiel ist angehalten, bis der Spielleiter es freigibt" in german
    assert i18n.english_left(german, ["postal", "GM"]) == []  # the game's name, who made the correction (its record)
    invoke("verify", str(game))


def test_a_bad_zone_or_setting_is_refused_before_anything_is_written(tmp_path: Path):
    """Review: ``new --zone Foo/Bar`` wrote the zone into the game file, and ``deadline set --zone ... --every
    bogus`` recorded the zone before refusing the period."""
    bad = invoke("new", str(tmp_path / "g"), "--map", "germany", "--player", "RED", "--player", "BLUE",
                 "--zone", "Foo/Bar", ok=False)
    assert bad.exit_code == 1 and "unknown time zone 'Foo/Bar'" in bad.output and not (tmp_path / "g").exists()
    invoke("new", str(tmp_path / "g"), "--map", "germany", "--player", "RED", "--player", "BLUE")
    before = (tmp_path / "g" / "game.json").read_bytes()
    refused = invoke("deadline", "set", str(tmp_path / "g"), "--zone", "Europe/Berlin", "--every", "bogus", ok=False)
    assert refused.exit_code == 1 and (tmp_path / "g" / "game.json").read_bytes() == before
    assert not list((tmp_path / "g" / "turns").glob("fix-*"))


def test_an_attachment_in_utf16_without_a_charset_is_read():
    """Review: a mail part without a charset was decoded by a copy of the order files' fallback that lacked its
    UTF-16 branch (a UTF-16 attachment became cp1252 garbage); both now use ``orderfiles.decode_bytes``."""
    m = _mail()
    m.add_attachment("PLAYER RED PASSWORD x\nPASS\n".encode("utf-16"), maintype="application",
                     subtype="octet-stream", filename="orders.txt")
    texts = [t.text for t in read_mail(m.as_bytes()).texts]
    assert any("PLAYER RED PASSWORD x" in t for t in texts[1:]), texts


def test_a_daily_deadline_keeps_the_gms_wall_clock_time_across_both_changes_of_summer_time():
    """Issue 15: ``--every 1d`` at 02:30 Europe/Berlin drifted to 03:30 for good after the spring change.  The GM's
    wall-clock time is kept; on the night the clocks skip 02:30 the deadline is the first minute after the skip
    (03:00), and a time that happens twice in autumn is the first of the two."""
    s = Schedule(every="1d", zone=BERLIN).with_setting("due", "2027-03-27 02:30")
    dues = []
    for _ in range(3):
        s = after_turn(s, s.due_at(), False)
        dues.append(s.due)
    assert dues == ["2027-03-28T03:00:00+02:00", "2027-03-29T02:30:00+02:00", "2027-03-30T02:30:00+02:00"]
    s = Schedule(every="1d", zone=BERLIN).with_setting("due", "2027-10-30 02:30")
    s = after_turn(s, s.due_at(), False)
    assert s.due == "2027-10-31T02:30:00+02:00"
    assert after_turn(s, s.due_at(), False).due == "2027-11-01T02:30:00+01:00"


@pytest.mark.parametrize(("text", "words"), [("2027-03-28 02:30", "does not exist in Europe/Berlin"),
                                             ("2027-10-31 02:30", "happens twice in Europe/Berlin")])
def test_a_deadline_the_clock_skips_or_repeats_is_refused_with_the_choices(tmp_path: Path, text: str, words: str):
    """Issue 15: a local time that does not exist, or exists twice, was taken silently."""
    result = invoke("new", str(tmp_path / "g"), "--map", "germany", "--player", "RED", "--player", "BLUE",
                    "--zone", BERLIN, "--deadline", text, "--every", "1d", ok=False)
    assert result.exit_code == 1 and words in result.output and not (tmp_path / "g").exists()
    invoke("new", str(tmp_path / "g"), "--map", "germany", "--player", "RED", "--player", "BLUE",
           "--zone", BERLIN, "--deadline", "2027-10-31 02:30+01:00", "--every", "1d")
    assert dampfross_game(tmp_path / "g")[0].schedule.due == "2027-10-31T02:30:00+01:00"


def test_reminders_are_due_within_remind_before_the_deadline_unless_held():
    s = Schedule(due="2025-11-28T18:00:00+00:00", remind="1d")
    at = datetime(2025, 11, 27, 18, 0, tzinfo=UTC)
    assert s.reminding(at) and s.reminding(at + timedelta(hours=23, minutes=59))
    assert not s.reminding(at - timedelta(minutes=1)) and not s.reminding(at + timedelta(days=1))  # the deadline
    assert not replace(s, held=True).reminding(at) and not replace(s, remind="").reminding(at)
    assert not replace(s, due=None).reminding(at)
