"""Issue 10, the postal game loop: the example Maildir game played through ``tick`` with a real SMTP server.

Every mail gets a receipt, corrections win by arrival, prose is not an
error, the late mail counts for the next turn, the reports go out, and a second tick
changes nothing and sends nothing.  The same mail served by a real IMAP
server (pymap) gets the same answers.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.play import DampfrossPlay
from tests.helpers import invoke
from tests.mailservers import imap_server, smtp_server
from tests.postal_game import EXAMPLE, arrival, setup_game, tick_times, tree


@dataclass
class Played:
    game: Path
    mails: list[EmailMessage]
    outputs: list[str]
    quiet_ticks: list[tuple[str, bool, int]] = field(default_factory=list)  # (time, unchanged, sent)

    def mail(self, name: str) -> EmailMessage:
        found = [m for m in self.mails if m["X-Dampfross"] == name]
        assert len(found) == 1, f"{name}: {len(found)} mails ({sorted(str(m['X-Dampfross']) for m in self.mails)})"
        return found[0]

    def body(self, name: str) -> str:
        part = self.mail(name).get_body(preferencelist=("plain",))
        assert part is not None
        return str(part.get_content()).replace("\r\n", "\n")

    def names(self) -> list[str]:
        return sorted(str(m["X-Dampfross"]) for m in self.mails)

    def records(self, kind: str, move: int) -> list[tuple[Path, dict]]:
        """The archive's steps of ``kind`` (``orders``: a company's orders accepted; ``move``: the turn run) for
        turn ``move``, each with its record (the session's folder, ``postal/moves.py``)."""
        out = []
        for step in sorted((self.game / "archive").iterdir()):
            record = json.loads((step / "record.json").read_text(encoding="utf-8"))
            if record["kind"] == kind and record.get("move") == move:
                out.append((step, record))
        return out

    def after(self, move: int) -> GameState:
        """The game's state after turn ``move`` as the archive keeps it."""
        [(step, _record)] = self.records("move", move)
        return DampfrossPlay().load(json.loads((step / "game-after.json").read_text(encoding="utf-8"))["state"])


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    where = tmp_path_factory.mktemp("postal")
    with smtp_server() as smtp:
        game = setup_game(where, smtp.toml())
        outputs, quiet = [], []
        for now in tick_times():
            outputs.append(invoke("tick", str(game), "--now", now).output)
            before, sent = tree(game), len(smtp.mails)
            again = invoke("tick", str(game), "--now", now)
            quiet.append((now, tree(game) == before and again.output == "", len(smtp.mails) - sent))
        return Played(game, list(smtp.mails), outputs, quiet)


def test_a_second_tick_changes_nothing_and_sends_nothing(played: Played):
    assert played.quiet_ticks and all(unchanged and sent == 0 for _, unchanged, sent in played.quiet_ticks), \
        played.quiet_ticks


def test_every_mail_gets_one_receipt_and_the_duplicate_is_stored_once(played: Played):
    files = sorted((EXAMPLE / "maildir" / "new").iterdir())
    assert len(files) == 10
    inbox = sorted((played.game / "mail" / "inbox").iterdir())
    assert len(inbox) == 9  # mail 5 of the Maildir is mail 2 delivered again
    receipts = [n for n in played.names() if n.startswith("receipt-")]
    # mail 5 is a stranger's (a wrong password from an address not on file): a notice, no receipt (issue 15)
    assert sorted({n.split("-")[2] for n in receipts}) == [f"{k:05d}" for k in range(1, 10) if k != 5]
    assert len(receipts) == 8 and len([n for n in played.names() if n.startswith("notice-")]) == 1
    assert "is mail 2 again" in played.outputs[2]


def test_the_correction_wins_by_arrival_not_by_its_date(played: Played):
    """RED's correction arrived on Friday; her clock dated it before her first mail: arrival counts."""
    after = played.after(1)
    red = {(s.a.label, s.b.label) for s in after.track if s.owner == "RED"}
    assert red == {("1108", "1207")}
    assert "It replaces your mail of 19 Nov 20:15." in played.body("receipt-mail-00004")
    assert "mail 4: RED's orders replace those of mail 1" in played.outputs[2]
    accepted = [(r["seat"], r["mail"], r.get("replaced")) for _, r in played.records("orders", 1)]
    assert accepted == [("RED", "mail-00001", None), ("BLUE", "mail-00002", None), ("GREEN", "mail-00003", None),
                        ("RED", "mail-00004", "mail-00001")]


def test_prose_is_not_an_error_and_ende_is_a_sign_off(played: Played):
    red = played.body("receipt-mail-00001")
    assert "Problems in your orders" not in red
    assert "lines 1-3 and 11-12 are not orders: ignored" in red.replace("\n      ", " ")
    blue = played.body("receipt-mail-00002")
    assert "Problems in your orders" not in blue
    assert "'ENDE' at line 9 is read as a sign-off" in blue.replace("\n      ", " ")
    after = played.after(1)
    assert after.end_declared_turn is None
    reply = played.body("receipt-mail-00008")  # turn 2: a reply on top of the quoted report
    assert "Problems in your orders" not in reply and "BUILD 1533 - 1534" in reply


def test_the_late_mail_is_kept_and_counts_for_the_next_turn(played: Played):
    """The game is strict: turn 1 is run at its deadline, and BLUE's mail that arrived three minutes after it
    counts for turn 2 (docs/rules.md, reading 132); its receipt says so, and no receipt says late orders are not
    used."""
    late = " ".join(played.body("receipt-mail-00006").split())
    said = "arrived after the deadline of turn 1 (Fri 21 Nov 2025 18:00 CET), at which that turn was run: it counts"
    assert f"{said} for turn 2" in late, late
    assert "Orders for turn 2 are due Fri 28 Nov 2025 18:00 CET. Orders that arrive later count for turn 3." in late
    assert all("not used" not in played.body(n) for n in played.names() if n.startswith("receipt-"))
    assert (played.game / "mail" / "inbox" / "00006" / "mail.eml").is_file()
    after = played.after(1)
    assert {(s.a.label, s.b.label) for s in after.track if s.owner == "BLUE"} == {("1532", "1533")}
    accepted = [(r["seat"], r["mail"], r.get("replaced")) for _, r in played.records("orders", 2) if r["seat"] == "BLUE"]
    assert accepted == [("BLUE", "mail-00006", None), ("BLUE", "mail-00008", "mail-00006")]
    assert "It replaces your mail of 21 Nov 18:03." in played.body("receipt-mail-00008")


def test_mails_in_any_encoding_html_and_attachments_are_read(played: Played):
    assert "START München (1532)" in played.body("receipt-mail-00002")  # ISO-8859-1, 8bit
    assert "START Berlin (1913)" in played.body("receipt-mail-00003")  # HTML only, base64
    assert "its HTML was read as text" in played.body("receipt-mail-00003")
    att = played.body("receipt-mail-00007")  # turn 2: the orders in zug2.txt
    assert "BUILD 1207 - 1307" in att and "the attachment zug2.txt:" in att
    stored = re.search(r"the attachment zug2.txt:\n +([0-9a-f]{64})", att)
    inbox = played.game / "mail" / "inbox" / "00007"  # the session keeps the mail's texts in its inbox folder
    texts = json.loads((inbox / "texts.json").read_text(encoding="utf-8"))
    meta = json.loads((inbox / "meta.json").read_text(encoding="utf-8"))
    assert stored and stored.group(1) in [t["sha256"] for t in meta["texts"] if t["name"] == "zug2.txt"]
    assert hashlib.sha256(texts["text-2"].encode("utf-8")).hexdigest() == stored.group(1)  # what was stored


def test_a_strangers_wrong_password_gets_one_notice_that_repeats_nothing(played: Played):
    """Issue 15 (backscatter): a stranger's section with a wrong password made the GM mail a receipt with the
    stranger's subject and lines to whatever address the From named.  An address not on file gets one short
    notice a turn that repeats nothing of the mail; the GM is told in one line."""
    name = next(n for n in played.names() if n.startswith("notice-move-1-"))
    m = played.mail(name)
    assert m["To"] == "mallory@example.org" and m["Auto-Submitted"] == "auto-replied"
    text = played.body(name)
    assert "not on file" in text and "GREEN" not in text and "Berlin" not in text and "qzbq" not in text
    subject = json.loads((played.game / "mail" / "inbox" / "00005" / "meta.json").read_text())["subject"]
    assert subject
    assert all(word not in text for word in ("wrong password", "section", subject))
    assert "receipt-00005" not in played.names() and "receipt-mail-00005" not in played.names()
    assert "mail 5: 1 section(s) did not count (GREEN: wrong password)" in "".join(played.outputs)


def test_a_sender_not_on_file_is_noted_and_both_addresses_get_the_receipt(played: Played):
    m = played.mail("receipt-mail-00009")
    assert set(str(m["To"]).split(", ")) == {"carla@example.com", "carla.urlaub@example.de"}
    assert "not from the address on file (carla@example.com)" in played.outputs[3]


def test_receipts_name_the_deadline_the_goal_and_never_a_path(played: Played):
    for name in played.names():
        if name.startswith(("receipt-", "reminder-")):
            text = played.body(name)
            assert "To win: be the first to reach 250." in text, name
            assert "are due" in text, name
            assert str(played.game) not in text and "mail-0000" not in text, name
    assert "your mail of 20 Nov 09:30, line 1" in played.body("receipt-mail-00002")


def test_the_reminder_goes_to_the_company_without_orders(played: Played):
    assert [n for n in played.names() if n.startswith("reminder-")] == ["reminder-001-GREEN"]
    assert played.mail("reminder-001-GREEN")["To"] == "carla@example.com"


def test_the_opening_mails_each_company_its_own_password(played: Played):
    passwords = dict(line.split() for line in (played.game / "passwords.txt").read_text().splitlines())
    for pid, address in (("RED", "anna@example.org"), ("BLUE", "bernd@example.net"), ("GREEN", "carla@example.com")):
        m = played.mail(f"opening-{pid}")
        assert m["To"] == address
        text = played.body(f"opening-{pid}")
        assert f"PLAYER {pid} PASSWORD {passwords[pid]}" in text
        assert all(pw not in text for other, pw in passwords.items() if other != pid)


def test_the_reports_go_out_with_the_full_map_attached(played: Played):
    """Issue 17: the private part first, then the turn in short; the whole public report and the whole map
    attached, the whole map never inline as text.  Issue 25: the map's picture shown in the body (a plain
    install makes it), the HTML alternative pointing at it."""
    for turn in (1, 2):
        for pid in ("RED", "BLUE", "GREEN"):
            m = played.mail(f"move-{turn:03d}-{pid}")
            assert m["Subject"] == f"Dampfross postal: report of turn {turn} for {pid}"
            text = played.body(f"move-{turn:03d}-{pid}")
            due, rest = text.split("\n\n", 1)  # issue 25: the deadline first (folded at 72 columns, issue 35)
            title = rest.split("\n")[0]
            assert due.startswith(f"Orders for turn {turn + 1} are due ") and due.count("\n") <= 1
            assert title == f"DAMPFROSS PER POST -- game postal -- Turn {turn}, private report for {pid}"
            assert text.index("Your orders as understood") < text.index(f"Turn {turn} report, building phase")
            assert f"Orders for turn {turn + 1} are due" in text and "Attached: the turn's whole public report" in text
            assert "The whole map\n" not in text and text.count("\n") < 120
            atts = {a.get_filename(): a for a in m.iter_attachments()}
            assert sorted(atts) == sorted([f"report-turn-{turn:03d}.txt", f"map-turn-{turn:03d}.txt"])
            public = str(atts[f"report-turn-{turn:03d}.txt"].get_content()).replace("\r\n", "\n")
            assert public == (played.game / "reports" / f"move-{turn:03d}.txt").read_text(encoding="utf-8")
            picture = [p for p in m.walk() if p.get_content_type() == "image/png"]
            assert [p.get_filename() for p in picture] == [f"map-turn-{turn:03d}.png"]
            assert picture[0].get_content().startswith(b"\x89PNG")
            assert f'src="cid:{picture[0]["Content-ID"].strip(" <>")}"' in m.get_body(("html",)).get_content()
    assert "GREEN" not in played.body("move-001-RED").split("private report for RED", 1)[1].split("Your")[0]


def test_the_game_verifies_and_its_reports_render_again_from_the_mails(played: Played):
    assert invoke("verify", str(played.game)).exit_code == 0
    for turn in (1, 2):
        archived = invoke("report", str(played.game), "--turn", str(turn), "--player", "GREEN", "--archived").output
        assert invoke("report", str(played.game), "--turn", str(turn), "--player", "GREEN").output == archived


def test_status_lists_who_sent_what(played: Played):
    text = invoke("status", str(played.game)).output
    assert "Game postal, turn 3 (building)" in text
    assert "Orders for turn 3 are due Fri 5 Dec 2025 18:00 CET." in text
    assert "missing: RED, BLUE, GREEN" in text


def _lines(m: EmailMessage) -> list[tuple[str, str]]:
    """Every line of a mail as sent (raw) and of its text (decoded), the map attachment aside."""
    out = [("raw", line) for line in m.as_string().splitlines()]
    part = m.get_body(preferencelist=("plain",))
    if part is not None:
        out += [("text", line) for line in str(part.get_content()).splitlines()]
    return out


def test_receipts_reminders_and_opening_lines_fit_80_columns(played: Played):
    long = [(n, kind, line) for n in played.names() if n.startswith(("receipt-", "reminder-"))
            for kind, line in _lines(played.mail(n)) if len(line) > 80]
    assert long == []


def test_no_line_of_any_outgoing_mail_is_longer_than_80_characters(played: Played):
    long = [(n, kind, line) for n in played.names() for kind, line in _lines(played.mail(n)) if len(line) > 80]
    assert long == []


def test_the_same_mails_from_an_imap_server_get_the_same_answers(tmp_path: Path, played: Played):
    with imap_server(tmp_path) as imap, smtp_server() as smtp:
        client = imap.client()
        for f in sorted((EXAMPLE / "maildir" / "new").iterdir()):
            client.append("INBOX", f.read_bytes(), msg_time=arrival(f))
        client.logout()
        game = setup_game(tmp_path, smtp.toml(), source=imap.toml())
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("TEST_IMAP_PASSWORD", imap.password)
            for now in tick_times()[:3]:
                invoke("tick", str(game), "--now", now)
            sent = len(smtp.mails)
            assert invoke("tick", str(game), "--now", tick_times()[2]).output == ""
        assert len(smtp.mails) == sent
        turn1 = [n for n in played.names() if not re.match(r"move-002|receipt-mail-0000[789]", n)]
        assert sorted(smtp.names()) == turn1
        [(step, _record)] = played.records("move", 1)
        assert (game / "archive" / step.name / "game-after.json").read_text() == \
            (step / "game-after.json").read_text()
