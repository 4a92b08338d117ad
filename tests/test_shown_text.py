"""Issue 24: "problem hints quote control characters raw (an OSC title sequence reaches the GM's terminal through
``check`` and ``report``, and the player's mail); right-to-left overrides in press reach the public report. A quoted
Japanese attachment name made a receipt line of 97 bytes."

Expected: control and bidi characters are shown escaped wherever player text reaches a terminal, a report or a
page (``adjudicator.kernel.shown``); every receipt line stays within 80 columns.  Each test fails when ``shown``
escapes nothing; the Dampfross ones failed before the fix too (InterUrban's receipts wrote '?' for what a quoted word
could not print, and escaped its caret line: one way for both games now)."""

from __future__ import annotations

import email
import email.policy
import re
import unicodedata
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.kernel.shown import cut, shown, shown_name
from tests.helpers import invoke
from tests.postal_game import setup_game, tick_times

OSC = "\x1b]0;pwned\x07"
"""Sets the title of the GM's terminal."""
RLO = "\u202e"
"""Right-to-left override: prints what follows backwards."""
JAPANESE = "鉄道会社の注文書" * 6 + OSC + RLO + ".txt"
"""A long attachment name: 48 wide characters (96 columns, 144 bytes) before the hostile ones."""

RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]")
"""What must never reach a terminal, a mail or a page raw: a control character (but a tab and a line break), a bidi
control or mark, a zero-width character."""


def raw(text: str) -> list[str]:
    """The lines of ``text`` holding a character of ``RAW``."""
    return [line for line in text.split("\n") if RAW.search(line)]


def columns(line: str) -> int:
    """How many columns a terminal gives ``line``: East Asian wide and full-width characters 2, combining ones 0."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def too_wide(text: str) -> list[str]:
    """The lines wider than a mail: over 80 columns, or over 80 UTF-8 bytes (the project's own measure)."""
    return [line for line in text.split("\n") if columns(line) > 80 or len(line.encode("utf-8")) > 80]


def mail_texts(path: Path) -> tuple[str, list[str]]:
    """A queued mail's subject and the texts of its parts."""
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    texts = [str(part.get_content()) for part in msg.walk() if part.get_content_maintype() == "text"]
    return str(msg["Subject"]), texts


def test_shown_escapes_what_drives_a_terminal_or_reorders_a_line_and_keeps_ordinary_text() -> None:
    assert shown(f"BUILD {OSC}Köln{RLO}") == "BUILD \\x1b]0;pwned\\x07Köln\\u202e"
    for c in "\x00\r\x7f\x85\u061c\u200e\u200f\u202a\u202d\u2066\u2069\u200b\u200d\ufeff\u2028\U000e0041\udcff":
        assert shown(f"a{c}b") == "a" + c.encode("unicode_escape").decode("ascii") + "b", repr(c)
    ordinary = "Grüße aus Köln – 東京\u3000駅\xa0! C:\\Züge\tx"
    assert shown(ordinary, "\t") == ordinary and shown(shown(f"{OSC}{RLO}")) == shown(f"{OSC}{RLO}")
    assert shown(f"one{RLO}\ntwo\x1b", "\n") == "one\\u202e\ntwo\\x1b" and shown("a\nb") == "a\\nb"
    name = shown_name(JAPANESE)
    assert len(name.encode()) <= 40 and name.endswith("\\u202e.txt") and "..." in name
    assert cut("Zürich" * 20, 20) == "ZürichZürichZü..." and cut("kurz", 20) == "kurz"


def _new_game(where: Path) -> dict[str, str]:
    invoke("new", str(where / "g"), "--map", "germany", "--player", "RED", "--player", "BLUE", "--seed", "s",
           "--unsafe-test-passwords", "s")
    return dict(line.split() for line in (where / "g" / "passwords.txt").read_text().splitlines())


def test_check_run_report_and_site_show_an_osc_and_an_rlo_escaped(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Problems quoting the line (the caret's line, and the hint: ``remove ']0'`` held the raw escape), an unknown
    order, press: through ``check``, the turn's run, ``report`` (public and private) and the site."""
    monkeypatch.chdir(tmp_path)
    pw = _new_game(tmp_path)
    Path("o.orders").write_text(
        f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Berl{OSC}in\nBUILD Berlin - 12{OSC}08{RLO}\n"
        f"BIULD{RLO} Berlin\nPRESS\nGreetings {OSC} from {RLO}Berlin\nEND PRESS\n"
        f"PLAYER BLUE PASSWORD {pw['BLUE']}\nSTART Hamburg\n", encoding="utf-8")
    checked = invoke("check", "o.orders", "--game", "g", ok=False).output
    assert "hint: remove '\\x1b]0'" in checked and "BIULD\\u202e Berlin" in checked
    assert not raw(checked), raw(checked)
    run = invoke("o.orders", "--game", "g").output
    assert "Greetings \\x1b]0;pwned\\x07 from \\u202eBerlin" in run  # the public report's press
    assert not raw(run), raw(run)
    for player in ((), ("--player", "RED")):
        for archived in ((), ("--archived",)):
            text = invoke("report", "g", *player, *archived).output
            assert "\\u202eBerlin" in text and not raw(text), (player, archived, raw(text))
    for path in (tmp_path / "g" / "reports").glob("*.txt"):
        assert not raw(path.read_text(encoding="utf-8")), path.name
    invoke("site", "g", "site")
    pages = sorted((tmp_path / "site").glob("*.html"))
    assert any("\\u202eBerlin" in p.read_text(encoding="utf-8") for p in pages)
    assert not [p.name for p in pages if raw(p.read_text(encoding="utf-8"))]


def _hostile_mail(pw: str) -> bytes:
    """A mail of RED's orders with an OSC and an RLO in its subject, an order line and its press, and an
    attachment with a long Japanese name holding a line that is no order."""
    m = EmailMessage()
    m["From"], m["To"] = "anna@example.org", "gm@dampfross.example.org"
    m["Subject"], m["Message-ID"] = f"Züge {OSC}{RLO}Runde 1", "<shown-1@example.org>"
    m.set_content(f"GAME postal\nTURN 1\nPLAYER RED PASSWORD {pw}\nSTART Hamburg\nBUILD Hamburg - 12{OSC}08{RLO}\n"
                  f"PRESS\nAhoi {OSC} aus {RLO}Hamburg\nEND PRESS\n")
    m.add_attachment(f"PLAYER RED PASSWORD {pw}\nSTART Hamburg\nBIULD{OSC} Hamburg - 1208\n", filename=JAPANESE)
    return m.as_bytes()


def test_a_postal_receipt_shows_them_and_every_line_fits_80_columns(tmp_path: Path) -> None:
    """The receipt of a tick quotes the subject, the attachment's name (cut in the middle, by its bytes), the
    order lines and the press; the GM's terminal gets the tick's lines."""
    game = setup_game(tmp_path)
    pw = "sft6-ps9m-gkf5-gewv"  # RED's, as play.sh's --unsafe-test-passwords gives it
    assert pw in (game / "passwords.txt").read_text()
    (tmp_path / "maildir" / "new" / "1763600000.M99P1.mx").write_bytes(_hostile_mail(pw))
    out = invoke("tick", str(game), "--now", tick_times()[0]).output
    assert not raw(out), raw(out)
    receipts = [p for p in sorted((game / "mail" / "outbox").glob("receipt-*.eml")) if "Runde 1" in
                "".join(mail_texts(p)[1])]
    assert receipts
    for path in receipts:
        subject, texts = mail_texts(path)
        text = "\n".join(texts)
        assert not raw(subject) and not raw(text), (path.name, raw(text))
        assert not too_wide(text), (path.name, too_wide(text))
    text = "\n".join(mail_texts(receipts[-1])[1])
    assert "\\u202eRunde 1" in text and "BIULD\\x1b]0;pwned\\x07 Hamburg" in text
    assert "...\\u202e.txt" in text and "鉄道会社" in text


def _interurban(where: Path) -> tuple[Path, dict[str, str]]:
    game = where / "tram"
    invoke("new", str(game), "--play", "interurban", "--id", "tram", "--seed", "shown", "--unsafe-test-passwords",
           "shown", "--player", "RED:A:a@x.org", "--player", "BLUE:B:b@x.org")
    for sub in ("cur", "new", "tmp"):
        (where / "in" / sub).mkdir(parents=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{where / "in"}"\n')
    return game, dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())


def test_an_interurban_receipt_and_check_show_them_and_fit_80_columns(tmp_path: Path) -> None:
    """InterUrban quoted a player's word with '?' for what it could not print but its caret line raw; its receipts
    and ``check`` now show both the same way."""
    game, secrets = _interurban(tmp_path)
    m = EmailMessage()
    m["From"], m["To"], m["Subject"], m["Message-ID"] = "a@x.org", "gm@x.org", f"move{OSC}", "<iu-shown@x.org>"
    m.set_content(f"PLAYER RED PASSWORD {secrets['RED']}\n6 CURVY{OSC} 1 LEFT{RLO}\n")
    m.add_attachment(f"PLAYER RED PASSWORD {secrets['RED']}\n{RLO}6 STRAI{OSC}GHT {'鉄道' * 30}\n", filename=JAPANESE)
    (tmp_path / "in" / "new" / "1.m").write_bytes(m.as_bytes())
    out = invoke("tick", str(game), "--now", "2026-12-01T09:00+00:00").output
    assert not raw(out), raw(out)
    receipts = sorted((game / "mail" / "outbox").glob("receipt-*.eml"))
    assert len(receipts) == 1  # one receipt a mail: both sections' answers in it
    for path in receipts:
        subject, texts = mail_texts(path)
        text = "\n".join(texts)
        assert "\\x1b]0;pwned\\x07" in text and not raw(subject) and not raw(text), (path.name, raw(text))
        assert not too_wide(text), (path.name, too_wide(text))
    (tmp_path / "move.txt").write_text(f"PLAYER RED PASSWORD {secrets['RED']}\n6 CURVY{OSC}{RLO} 1 LEFT\n",
                                       encoding="utf-8")
    checked = invoke("check", str(tmp_path / "move.txt"), "--game", str(game), ok=False).output
    assert "CURVY\\x1b]0;pwned\\x07\\u202e" in checked and not raw(checked), raw(checked)
