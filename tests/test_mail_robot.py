"""Issue 15, "must never happen again": no mail stops the robot, and nothing a sender writes reaches the GM's
terminal or another robot unchecked.  Each test is named after the finding; each failed before its fix."""

from __future__ import annotations

import json
import shutil
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.postal import mailparse
from adjudicator.postal.inbox import Inbox
from adjudicator.postal.mailparse import read_mail
from adjudicator.postal.moves import MovesDir
from tests.helpers import dampfross_game, invoke
from tests.postal_game import setup_game, tick_times

ARRIVED = "1763600000"  # 2025-11-20 00:53 UTC: before the example's first tick
LAST = "1763740000"  # 2025-11-21 15:46 UTC: after the example's last mail in time, before the deadline


def nested(depth: int, kind: str = "multipart") -> bytes:
    """A small mail (some 65 KB for 1,000 levels) of ``depth`` nested multiparts or attached messages."""
    head = ("From: Anna <anna@example.org>\r\nTo: gm@example.org\r\nSubject: nest\r\nMessage-ID: <nest-"
            f"{kind}-{depth}@example.org>\r\nMIME-Version: 1.0\r\n")
    if kind == "multipart":
        body = "--b0\r\nContent-Type: text/plain\r\n\r\nPASS\r\n--b0--\r\n"
        for i in range(1, depth):
            body = f'--b{i}\r\nContent-Type: multipart/mixed; boundary="b{i - 1}"\r\n\r\n{body}\r\n--b{i}--\r\n'
        return (head + f'Content-Type: multipart/mixed; boundary="b{depth - 1}"\r\n\r\n' + body).encode()
    body = "Content-Type: text/plain\r\n\r\nPASS\r\n"
    for _ in range(depth):
        body = "Content-Type: message/rfc822\r\n\r\nSubject: inner\r\n" + body
    return (head + body).encode()


def deliver(where: Path, data: bytes, name: str = "M99P1.mx", arrived: str = ARRIVED) -> None:
    (where / "maildir" / "new" / f"{arrived}.{name}").write_bytes(data)


def plain(body: str, sender: str = "anna@example.org", subject: str = "orders", **headers: str) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, "gm@dampfross.example.org", subject
    m["Message-ID"] = f"<{abs(hash((body, subject, tuple(headers.items()))))}@example.org>"
    for k, v in headers.items():
        m[k.replace("_", "-")] = v
    m.set_content(body)
    return m.as_bytes()


def tick(*games: Path, ok: bool = True) -> str:
    result = invoke("tick", *map(str, games), "--now", tick_times()[0], ok=ok)
    return result.output


@pytest.mark.parametrize("kind", ["multipart", "rfc822"])
def test_one_deeply_nested_mail_stops_no_game(tmp_path: Path, kind: str):
    """1,000 nested multiparts (or attached messages) raised RecursionError in every tick, forever, and the games
    listed after it were skipped.  Now the mail is stored with its headers, marked seen, answered, the GM told;
    the next game of the same tick runs as ever."""
    first, second = setup_game(tmp_path / "a"), setup_game(tmp_path / "b")
    deliver(tmp_path / "a", nested(1000, kind))
    out = tick(first, second)
    stored = [m for m in Inbox(MovesDir(first)).mails() if m.meta["subject"] == "nest"]
    assert len(stored) == 1 and stored[0].headers_only == ("too-many-parts",)
    assert f"{first}: mail {stored[0].seq}: the mail has too many parts" in out
    assert f"{second}: mail 2 stored" in out
    receipt = (first / "mail" / "outbox" / f"receipt-mail-{stored[0].seq:05d}.eml").read_text()
    assert "could not be read as a mail of orders" in receipt
    assert tick(first, second).count("stored") == 0  # seen: not read again


def test_a_mail_the_parser_cannot_read_is_kept_with_its_headers(monkeypatch: pytest.MonkeyPatch):
    """Past the part count, the parser itself still fails on a nesting too deep for its stack: that mail is read
    for its headers (the count raised here so that the parser meets the mail)."""
    monkeypatch.setattr(mailparse, "MAX_PARTS", 10**6)
    content = read_mail(nested(1000))
    assert content.sender == "anna@example.org" and content.subject == "nest" and content.texts == ()
    assert [n.code for n in content.notes] == ["unreadable"]


def test_an_unexpected_fault_in_one_game_is_its_error_line_and_the_next_game_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Only the project's own errors were caught per game: any other exception ended the tick with a traceback.
    A fault nobody foresaw is simulated in the first game's inbox; the second game ticks, the traceback goes to
    the first game's fault log, the tick exits 1."""
    first, second = setup_game(tmp_path / "a"), setup_game(tmp_path / "b")
    real = Inbox.store

    def broken(self: Inbox, mail, fetched, later=None):  # type: ignore[no-untyped-def]
        if self.root.parent == first:
            raise KeyError("a fault nobody foresaw")
        return real(self, mail, fetched, later)

    monkeypatch.setattr(Inbox, "store", broken)
    out = tick(first, second, ok=False)
    assert f"error: {first}: unexpected KeyError: 'a fault nobody foresaw'" in out
    assert f"{second}: mail 2 stored" in out and "Traceback" not in out
    assert "KeyError" in (first / "mail" / "tick-faults.log").read_text()


def test_ten_thousand_parts_and_a_megabyte_of_headers_are_read_for_their_headers_only():
    parts = "".join(f"--B\r\nContent-Type: text/plain\r\n\r\nPASS {i}\r\n" for i in range(10_000))
    many = ('From: anna@example.org\r\nSubject: many\r\nContent-Type: multipart/mixed; boundary="B"\r\n\r\n'
            + parts + "--B--\r\n").encode()
    assert [n.code for n in read_mail(many).notes] == ["too-many-parts"]
    big = ("From: anna@example.org\r\n" + "".join(f"X-H{i}: {'v' * 80}\r\n" for i in range(12_000))
           + "Subject: big\r\n\r\nPASS\r\n").encode()
    content = read_mail(big)
    assert [n.code for n in content.notes] == ["header-too-big"] and content.sender == "anna@example.org"
    assert content.texts == ()
    ordinary = read_mail(plain("PLAYER RED PASSWORD x\nPASS\n"))
    assert [t.text for t in ordinary.texts] == ["PLAYER RED PASSWORD x\nPASS\n"] and not ordinary.notes


@pytest.mark.parametrize("headers", [
    {"Auto_Submitted": "auto-replied"},
    {"Precedence": "bulk"},
    {"X_Autoreply": "yes"},
    {"Return_Path": "<>"},
])
def test_auto_replies_get_no_receipt(tmp_path: Path, headers: dict[str, str]):
    """A player's vacation robot answered every receipt, and got a receipt for each answer: two robots mailing each
    other for ever.  An auto-reply, a list's mail or a bounce is stored and never answered."""
    game = setup_game(tmp_path)
    deliver(tmp_path, plain("I am away until Monday.", subject="Abwesend: receipt", **headers))
    out = tick(game)
    seq = next(m.seq for m in Inbox(MovesDir(game)).mails() if m.meta["subject"] == "Abwesend: receipt")
    assert f"mail {seq} from anna@example.org is an auto-reply" in out
    assert not (game / "mail" / "outbox" / f"receipt-mail-{seq:05d}.eml").exists()
    assert not read_mail(plain("x", Auto_Submitted="no")).auto


def test_control_characters_a_sender_wrote_never_reach_the_gms_terminal_or_a_receipt(tmp_path: Path):
    """ANSI escapes in a Subject (or an attachment's name) were printed as they came: a sender could clear the
    GM's screen or forge tick lines.  They are shown escaped, in the GM's lines and in receipts."""
    game = setup_game(tmp_path)
    m = EmailMessage()
    m["From"], m["To"], m["Message-ID"] = "anna@example.org", "gm@example.org", "<ansi@example.org>"
    m["Subject"] = "orders \x1b[2J\x1b[31mFAKE: turn 1 adjudicated"
    m.set_content("PLAYER RED PASSWORD nope\nPASS\n")
    m.add_attachment("PASS\n", filename="evil\x1b[1A.txt")
    deliver(tmp_path, m.as_bytes())
    out = tick(game)
    assert "\x1b" not in out and "\\x1b[2J" in out
    seq = next(x.seq for x in Inbox(MovesDir(game)).mails() if x.meta["message_id"] == "<ansi@example.org>")
    receipt = (game / "mail" / "outbox" / f"receipt-mail-{seq:05d}.eml").read_text()
    assert "\x1b" not in receipt and "\\x1b" in receipt
    meta = json.loads((game / "mail" / "inbox" / f"{seq:05d}" / "meta.json").read_text())
    assert "\x1b" in meta["subject"]  # the record keeps what came; only what is shown is escaped


class _BrokenImap:
    """An IMAP server's answers as imapclient hands them on, for answers a real server (pymap) cannot be made to
    give: a FETCH without RFC822.SIZE for one UID, without the mail's body for another; the third is whole."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.normalise_times = True

    def login(self, user: str, password: str) -> None: ...

    def select_folder(self, folder: str, readonly: bool = False) -> dict[bytes, int]:
        return {b"UIDVALIDITY": 7}

    def search(self, criteria: list[str]) -> list[int]:
        return [1, 2, 3]

    def fetch(self, uids: list[int], items: list[str]) -> dict[int, dict[bytes, object]]:
        if "RFC822.SIZE" in items:
            return {2: {b"RFC822.SIZE": 120}, 3: {b"RFC822.SIZE": 120}}  # no answer for UID 1
        uid = uids[0]
        return {} if uid == 2 else {3: {b"BODY[]": plain("PLAYER RED PASSWORD x\nPASS\n", subject="whole")}}

    def logout(self) -> None: ...


def test_a_broken_imap_answer_is_one_error_line_and_the_mail_is_asked_for_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A FETCH without RFC822.SIZE (or without the mail) raised a KeyError traceback.  The mail is skipped, not
    marked seen (the next tick asks again), the tick has one ``error:`` line, the whole mail is stored."""
    import imapclient

    game = setup_game(tmp_path, source='[source]\nkind = "imap"\nhost = "127.0.0.1"\nuser = "gm"\n\n')
    monkeypatch.setattr(imapclient, "IMAPClient", _BrokenImap)
    out = tick(game, ok=False)
    assert "error:" in out and "2 mail(s) in a broken answer" in out and "Traceback" not in out
    assert "UID 1: the server's answer gives no RFC822.SIZE" in out and "UID 2: the server's answer holds no" in out
    assert [m.meta["subject"] for m in Inbox(MovesDir(game)).mails()] == ["whole"]
    seen = json.loads((game / "mail" / "seen.json").read_text())["keys"]
    assert seen == ["imap:7:3"]


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "1e9", "true", '"30"'])
def test_a_timeout_that_is_no_number_of_seconds_is_one_error_line(tmp_path: Path, value: str):
    """``timeout = nan`` (or inf) in mail.toml gave a traceback at the first connection."""
    game = setup_game(tmp_path, f'[smtp]\nhost = "127.0.0.1"\nport = 2525\ntimeout = {value}\n')
    out = tick(game, ok=False)
    assert "error:" in out and "timeout must be a number of seconds, more than 0 and at most 600" in out and "Traceback" not in out


def _counted(game: Path, seq: int) -> list[str]:
    """The companies whose orders of mail ``seq`` count: the session's orders steps that name the mail."""
    records = (json.loads(p.read_text()) for p in sorted((game / "archive").glob("step-*/record.json")))
    return [r["seat"] for r in records if r.get("kind") == "orders" and r.get("mail") == f"mail-{seq:05d}"]


def _passwords(game: Path) -> dict[str, str]:
    return dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())


def test_a_mail_of_a_thousand_password_guesses_is_not_read(tmp_path: Path):
    """239,000 PLAYER sections in one mail: a 72 s tick, a 48.5 MB receipt, one GM line per guess.  A mail of more
    than 12 sections is not read: one GM line, one short receipt."""
    game = setup_game(tmp_path)
    guesses = "".join(f"PLAYER GREEN PASSWORD guess-{i:04d}\nPASS\n" for i in range(1000))
    deliver(tmp_path, plain(guesses, subject="guesses"))
    out = tick(game)
    seq = next(m.seq for m in Inbox(MovesDir(game)).mails() if m.meta["subject"] == "guesses")
    assert out.count(f"mail {seq}") == 2  # stored, and not read: one line, not one per guess
    assert f"mail {seq} from anna@example.org holds 1000 PLAYER sections: not read" in out  # counted unparsed
    receipt = (game / "mail" / "outbox" / f"receipt-mail-{seq:05d}.eml").read_text()
    assert "holds 1000 PLAYER sections; a mail may hold at most 12" in receipt and len(receipt) < 6000


def test_a_sender_guessing_mail_after_mail_is_read_only_for_its_own_company(tmp_path: Path):
    """Password guesses spread over many mails: after 20 failed sections from one address in a turn, its mails
    are read only when every section in them is for the company whose address it is, so a forged From never
    locks a player out of its own company."""
    game = setup_game(tmp_path)
    for i in range(25):
        deliver(tmp_path, plain(f"PLAYER GREEN PASSWORD guess-{i:04d}\nPASS\n", subject=f"g{i}"), f"M{i:02d}P2.mx")
    pw = _passwords(game)
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {pw['RED']}\nSTART Hamburg\n", subject="mine"), "M99P2.mx")
    out = tick(game)
    log = (game / "mail" / "tick.log").read_text()  # a flood: the tick prints a summary, the log every line
    assert log.count("wrong passwords from this address this turn: not read") == 5
    assert out.count("wrong passwords from this address this turn: not read") == 3
    assert "... and 2 more like the line above (guesses)" in out
    mine = next(m for m in Inbox(MovesDir(game)).mails() if m.meta["subject"] == "mine")
    assert _counted(game, mine.seq) == ["RED"]


def test_a_strangers_guesses_get_one_notice_a_turn(tmp_path: Path):
    """A forged From with a PLAYER line made the GM mail a receipt, with the stranger's subject, to any address.
    A stranger gets one notice a turn at most, repeating nothing."""
    game = setup_game(tmp_path)
    for i in range(3):
        deliver(tmp_path, plain(f"PLAYER GREEN PASSWORD nope-{i}\nPASS\n", sender="victim@example.net",
                                subject=f"Buy cheap {i}"), f"M{i:02d}P3.mx")
    tick(game)
    notices = list((game / "mail" / "outbox").glob("notice-*.eml"))
    assert len(notices) == 1
    text = notices[0].read_text()
    assert "victim@example.net" in text and "Buy cheap" not in text and "GREEN" not in text
    assert not [p for p in (game / "mail" / "outbox").glob("receipt-*.eml") if "victim@" in p.read_text()]


def test_a_mail_with_the_gms_section_alone_counts_and_is_acknowledged(tmp_path: Path):
    """A mail with only a GM section (HOLD PRESS, manual ROLL/MOVES) was answered as "no orders" and ignored by
    the turn.  It counts, and the GM's address gets a receipt of what was read."""
    game = setup_game(tmp_path)
    pw = _passwords(game)
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {pw['RED']}\nSTART Hamburg\nPRESS\nRheinbahn rules the waves!\n"
                            "END PRESS\n", subject="red"), "M01P4.mx", LAST)  # the last of RED's: it counts
    gm_mail = plain(f"GM PASSWORD {pw['GM']}\nHOLD PRESS RED\n", sender="gm@dampfross.example.org", subject="gm")
    deliver(tmp_path, gm_mail, "M02P4.mx")
    out = tick(game)
    gm = next(m for m in Inbox(MovesDir(game)).mails() if m.meta["subject"] == "gm")
    assert gm.receipt()["codes"] == ["gm-accepted"] and f"mail {gm.seq}: a GM section, accepted for turn " in out  # type: ignore[index]
    receipt = (game / "mail" / "outbox" / f"receipt-mail-{gm.seq:05d}.eml").read_text()
    assert "Your GM section counts for turn 1" in receipt and "HOLD PRESS RED" in receipt
    invoke("tick", str(game), "--now", tick_times()[2])
    public = (game / "reports" / "move-001.txt").read_text()
    assert "Rheinbahn rules the waves" not in public


def test_status_and_check_judge_a_mail_alike(tmp_path: Path):
    """``status`` said "valid" for orders that ``check`` rejects (exit 1: not every order would be carried out).
    Both now rest on the same judgement (the receipt records check's verdict per company)."""
    game = setup_game(tmp_path)
    pw = _passwords(game)
    too_long = f"GAME postal\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Hamburg\nBUILD Hamburg - 1808\n"
    deliver(tmp_path, plain(too_long, subject="long"), "M01P5.mx")
    (tmp_path / "long.orders").write_text(too_long)
    assert invoke("check", str(tmp_path / "long.orders"), "--game", str(game), ok=False).exit_code == 1
    tick(game)
    rows = [line for line in invoke("status", str(game)).output.splitlines() if line.strip().startswith("RED")]
    assert rows and "counts, but not every order would be carried out" in rows[0], rows


def test_a_receipt_echoes_the_press_and_warns_of_anonymous_press_the_game_will_not_print(tmp_path: Path):
    """PRESS ANONYMOUS in a game without anonymous press was accepted silently in the receipt and dropped after the
    deadline.  The receipt echoes the company's press and says what will become of it, with a warning."""
    game = setup_game(tmp_path)
    pw = _passwords(game)
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {pw['RED']}\nSTART Hamburg\nPRESS ANONYMOUS\nWho built the "
                            "bridge?\nEND PRESS\nPRESS\nRheinbahn shares up!\nEND PRESS\n", subject="press"))
    tick(game)
    seq = next(m.seq for m in Inbox(MovesDir(game)).mails() if m.meta["subject"] == "press")
    receipt = (game / "mail" / "outbox" / f"receipt-mail-{seq:05d}.eml").read_text()
    from tests.test_mail_commands import decoded

    text = decoded(receipt)
    assert "WARNING: your press at line 3 will NOT be printed: this game prints no\n    anonymous press" in text
    assert "  | Who built the bridge?" in text and "  | Rheinbahn shares up!" in text
    assert "your press at line 6 will be printed in the public report:" in text


def test_status_as_json_for_scripts(tmp_path: Path):
    """Issue 17: ``status --json`` for scripts: codes, not sentences."""
    game = setup_game(tmp_path)
    tick(game)
    doc = json.loads(invoke("status", str(game), "--json").output)
    assert doc["game"] == "postal" and doc["turn"] == 1 and doc["in_play"] == ["RED", "BLUE", "GREEN"]
    rows = {r["company"]: r for r in doc["companies"]}
    assert rows["RED"]["verdict"] in ("valid", "partial", "problems") and rows["GREEN"]["verdict"] is None
    assert "GREEN" in doc["missing"]


def test_gm_lines_in_a_players_section_are_refused_and_hold_nothing(tmp_path: Path):
    """The GM's own mail now counts; a player who writes the GM's lines (HOLD PRESS, ROLL) inside its own section
    still gets them refused in its receipt, its other orders count, and the press it tried to hold is printed."""
    game = setup_game(tmp_path)
    pw = _passwords(game)
    deliver(tmp_path, plain(f"PLAYER GREEN PASSWORD {pw['GREEN']}\nSTART Hamburg\nPRESS\nGreen goes west!\n"
                            "END PRESS\n", sender="bert@example.org", subject="green"), "M01P6.mx", LAST)
    deliver(tmp_path, plain(f"PLAYER RED PASSWORD {pw['RED']}\nSTART Hamburg\nHOLD PRESS GREEN\nROLL RED 6\n",
                            subject="red"), "M02P6.mx", LAST)
    invoke("tick", str(game), "--now", tick_times()[2])  # answers the mails, then runs the turn
    red = next(m for m in Inbox(MovesDir(game)).mails() if m.meta["subject"] == "red")
    doc = red.receipt()
    assert doc is not None and _counted(game, red.seq) == ["RED"] and "gm-accepted" not in doc["codes"]
    from tests.test_mail_commands import decoded

    receipt = decoded((game / "mail" / "outbox" / f"receipt-mail-{red.seq:05d}.eml").read_text())
    receipt = " ".join(receipt.split())  # folded at 72 columns (issue 35)
    assert "illegal: HOLD belongs in the GM's" in receipt and "illegal: ROLL belongs in the GM's" in receipt
    assert receipt.count("illegal:") == 2  # its two problems, no more
    assert "Green goes west!" in (game / "reports" / "move-001.txt").read_text()


def test_a_mail_replaces_only_the_last_of_its_company_and_says_so_once(tmp_path: Path):
    """A company's fourth mail of a turn named every earlier mail as replaced, in its receipt and in the GM's
    lines: a flood of one company's mails made notes quadratic in their number.  Each mail replaces the one
    before it, which had replaced those before; so it names that one only."""
    game = setup_game(tmp_path)
    shutil.rmtree(tmp_path / "maildir" / "new")
    (tmp_path / "maildir" / "new").mkdir()
    for n in range(4):
        deliver(tmp_path, plain(f"PLAYER RED PASSWORD sft6-ps9m-gkf5-gewv\nSTART Hamburg\n# {n}\n"),
                name=f"M{n}P1.mx", arrived=str(int(ARRIVED) + 60 * n))
    out = tick(game)
    assert [line.split(": ", 1)[1] for line in out.splitlines() if "replace those of" in line] == [
        "mail 2: RED's orders replace those of mail 1", "mail 3: RED's orders replace those of mail 2",
        "mail 4: RED's orders replace those of mail 3"]
    sent = sorted((game / "mail" / "outbox").glob("receipt-mail-00004*.eml"))
    body = message_from_bytes(sent[0].read_bytes(), policy=policy.default).get_body()
    assert len(sent) == 1 and body.get_content().count("It replaces your mail of") == 1


def test_forged_guesses_from_the_gms_address_never_silence_the_gms_section(tmp_path: Path):
    """Two forged mails 'from' the GM's address spend its 20 password guesses; the GM's real section (his password
    right) still counts (the address out of guesses had been read for no seat at all, the GM being none)."""
    game = setup_game(tmp_path)
    pw = _passwords(game)
    guesses = "".join(f"PLAYER BLUE PASSWORD guess-{i:04d}\nPASS\n" for i in range(12))
    for n in range(2):
        deliver(tmp_path, plain(guesses, sender="gm@dampfross.example.org", subject=f"forged {n}"), f"M0{n}P7.mx")
    tick(game)
    deliver(tmp_path, plain(f"GM PASSWORD {pw['GM']}\nHOLD PRESS RED\n", sender="gm@dampfross.example.org",
                            subject="gm"), "M10P7.mx")
    out = tick(game)
    gm = next(m for m in Inbox(MovesDir(game)).mails() if m.meta["subject"] == "gm")
    assert gm.receipt()["codes"] == ["gm-accepted"], out  # type: ignore[index]


def test_a_players_own_password_never_makes_the_robot_mail_a_third_party_without_end(tmp_path: Path):
    """BLUE signs 30 mails with his own password, each 'from' the address of a third party, with an advert for a
    subject and press: each counts, and BLUE's address on file gets every receipt, but the third party gets at most
    ``REPLIES_PER_ADDRESS`` of them a turn (a receipt of a right password had been sent to the sender unbudgeted:
    the robot mailed BLUE's text to anybody, as often as BLUE liked)."""
    from adjudicator.postal.frontdoor import REPLIES_PER_ADDRESS

    game = setup_game(tmp_path)
    pw = _passwords(game)
    for n in range(30):
        body = (f"GAME postal\nTURN 1\nPLAYER BLUE PASSWORD {pw['BLUE']}\nSTART Berlin\nPRESS\n"
                f"Buy cheap watches #{n}\nEND PRESS\n")
        deliver(tmp_path, plain(body, sender="victim@third-party.example", subject=f"Buy cheap watches {n}"),
                f"M{n:02d}P8.mx")
    out = tick(game)
    mails = [p.read_text() for p in (game / "mail" / "outbox").glob("receipt-*.eml")]
    to_victim = [m for m in mails if "victim@third-party.example" in m.split("\n\n", 1)[0]]
    assert len(to_victim) == REPLIES_PER_ADDRESS and "victim@third-party.example has had" in out, out
    owner = next(s.address for s in dampfross_game(game)[0].seats if s.id == "BLUE")
    ours = [m for m in mails if "Buy cheap watches" in m]  # the example's own mails aside
    assert len([m for m in ours if owner in m.split("\n\n", 1)[0]]) == 30  # BLUE's own address: every one


def test_a_players_password_never_makes_the_robot_flood_another_players_address(tmp_path: Path):
    """BLUE signs 20 mails with his own password, each 'from' RED's address: BLUE's receipts go to RED's address
    at most ``REPLIES_PER_ADDRESS`` times a turn (an address on file had taken them without a budget, so BLUE
    could bury RED's own mails, the ones a reply of RED's quotes, under his), and every one to BLUE's."""
    from adjudicator.postal.frontdoor import REPLIES_PER_ADDRESS

    game = setup_game(tmp_path)
    pw = _passwords(game)
    for n in range(20):
        body = f"GAME postal\nTURN 1\nPLAYER BLUE PASSWORD {pw['BLUE']}\nSTART Berlin\nPRESS\nBLUE #{n}\nEND PRESS\n"
        deliver(tmp_path, plain(body, subject=f"blue {n}"), f"M{n:02d}P6.mx")  # From: anna@example.org, RED's
    tick(game)
    ours = [p.read_text() for p in (game / "mail" / "outbox").glob("receipt-*.eml")]
    ours = [m for m in ours if "BLUE #" in m]
    assert len([m for m in ours if "anna@example.org" in m.split("\n\n", 1)[0]]) == REPLIES_PER_ADDRESS
    assert len([m for m in ours if "bernd@example.net" in m.split("\n\n", 1)[0]]) == 20


def test_a_seat_without_an_address_gets_its_receipt_after_the_strangers_notices_are_spent(tmp_path: Path):
    """RED's seat has no address on file, so RED's player writes from wherever he is: after 21 strangers have
    spent the turn's notices, RED's orders from his address still get their receipt (it had been held to the
    strangers' cap, and the GM told that the address 'has had 12 replies')."""
    from tests import clock
    from tests.mailservers import mail_bytes

    game, maildir = tmp_path / "g", tmp_path / "maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    invoke("new", str(game), "--id", "g", "--seed", "s", "--unsafe-test-passwords", "s", "--map", "germany",
           "--player", "RED:Anna", "--player", "BLUE:Bernd:bernd@example.net", "--deadline", "2026-12-04 18:00",
           "--every", "7d")
    (game / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = "{maildir}"\n')
    (game / "mail.toml").chmod(0o600)
    pw = _passwords(game)
    for n in range(21):
        clock.maildir_mail(maildir, mail_bytes(f"s{n}@spam.example", f"PLAYER BLUE PASSWORD guess{n}\nPASS\n",
                                               f"spam {n}", "2026-12-01T09:00+00:00"), "2026-12-01T09:00+00:00",
                           f"M{n:02d}P1.mx")
    clock.maildir_mail(maildir, mail_bytes("anna@example.org", f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\n"
                                           "START Hamburg\n", "red", "2026-12-01T09:01+00:00"),
                       "2026-12-01T09:01+00:00", "M99P1.mx")
    out = invoke("tick", str(game), "--now", "2026-12-01T09:05+00:00").output
    receipts = [p.read_text() for p in (game / "mail" / "outbox").glob("receipt-*.eml")]
    assert any("anna@example.org" in m.split("\n\n", 1)[0] for m in receipts), out
    assert "anna@example.org has had" not in out
