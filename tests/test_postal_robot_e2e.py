"""Issue 15, done when: a GM on a real IMAP/SMTP pair (pymap and aiosmtpd on localhost) runs a game by ``tick``
where a stand-by takes over, a player resets a password and asks for the map by mail, with no hand step but the
GM's ``player replace``: every password reaches its player by mail, and the mails are read back from SMTP."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from tests.helpers import dampfross_state, invoke
from tests.mailservers import imap_server, mail_bytes, sent, smtp_server, text_of

BERLIN = "+01:00"








def _password(text: str) -> str:
    found = re.search(r"[Pp]assword(?: is)?: ([a-z0-9-]{19})", text)
    assert found, text
    return found.group(1)


def test_a_stand_by_takes_over_a_player_resets_a_password_and_asks_for_the_map(tmp_path: Path):
    with imap_server(tmp_path) as imap, smtp_server() as smtp, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TEST_IMAP_PASSWORD", imap.password)
        game = tmp_path / "g"
        invoke("new", str(game), "--id", "g", "--map", "germany", "--player", "RED:Rheinbahn:anna@example.org",
               "--player", "BLUE:Blaue Linie:bernd@example.net", "--deadline", "2026-12-04 18:00", "--every", "7d",
               "--zone", "Europe/Berlin")
        (game / "mail.toml").write_text(
            'from = "Dampfross GM <gm@example.org>"\n\n'
            + imap.toml() + smtp.toml(), encoding="utf-8")
        client = imap.client()

        def deliver(sender: str, body: str, subject: str, when: str) -> None:
            client.append("INBOX", mail_bytes(sender, body, subject), msg_time=datetime.fromisoformat(when + BERLIN))

        def tick(when: str) -> str:
            return invoke("tick", str(game), "--now", when + BERLIN).output

        tick("2026-12-01T09:00")  # the openings, each with its password
        red_password = _password(text_of(sent(smtp, "opening-RED", "anna@example.org")[0]))
        assert sent(smtp, "opening-BLUE", "bernd@example.net")

        # BLUE's player leaves; the GM hands the company to a stand-by: one command, the rest goes by mail
        out = invoke("player", "replace", str(game), "BLUE", "--name", "Carla Stein", "--email",
                     "carla@example.com").output
        assert "queued; the next tick sends it" in out and "New password" not in out
        tick("2026-12-01T10:00")
        (takeover,) = sent(smtp, "takeover-", "carla@example.com")
        carla_password = _password(text_of(takeover))
        assert "You take over BLUE" in text_of(takeover)

        # RED forgets the password and asks for a new one, and for the map around Hamburg
        deliver("anna@example.org", "PASSWORD RESET RED\n", "reset", "2026-12-01T11:00")
        deliver("anna@example.org", "KARTE Hamburg\n", "map", "2026-12-01T11:01")
        tick("2026-12-01T12:00")
        (reset,) = [m for m in sent(smtp, "password-", "anna@example.org") if "New password" in text_of(m)]
        new_red = _password(text_of(reset))
        assert new_red != red_password
        (map_answer,) = [m for m in sent(smtp, "answer-", "anna@example.org") if "Ausschnitt" in text_of(m)
                         or "window" in text_of(m)]
        assert "1108" in text_of(map_answer) and list(map_answer.iter_attachments())

        # the old password works until the new one is used (a forged reset costs the owner nothing); once RED signs
        # a mail with the new one, only the new one counts, at once (issue 32)
        deliver("anna@example.org", f"GAME g\nTURN 1\nPLAYER RED PASSWORD {new_red}\nSTART Hamburg\n", "new",
                "2026-12-02T09:00")
        deliver("anna@example.org", f"GAME g\nTURN 1\nPLAYER RED PASSWORD {red_password}\nSTART Hamburg\n", "old",
                "2026-12-02T09:05")
        deliver("carla@example.com", f"GAME g\nTURN 1\nPLAYER BLUE PASSWORD {carla_password}\nSTART Berlin\n",
                "carla", "2026-12-02T10:00")
        tick("2026-12-02T12:00")
        assert dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())["RED"] == new_red
        assert any("does not count" in text_of(m) or "wrong password" in text_of(m)
                   for m in sent(smtp, "receipt-", "anna@example.org"))
        counted = [m for m in sent(smtp, "receipt-", "") if "Your mail counts for turn 1" in " ".join(text_of(m).split())]
        assert {str(m["To"]).split(",")[0] for m in counted} >= {"anna@example.org", "carla@example.com"}

        out = tick("2026-12-04T18:05")  # the deadline has passed: the turn runs, the reports go out
        assert "turn 1 adjudicated" in out
        state = dampfross_state(game)
        assert {p.id: p.start_town for p in state.players} == {"RED": "Hamburg", "BLUE": "Berlin"}
        assert sent(smtp, "move-001-BLUE", "carla@example.com") and sent(smtp, "move-001-RED", "anna@")
        assert not sent(smtp, "move-001-BLUE", "bernd@example.net")
        tick("2026-12-04T18:10")
        client.logout()
        invoke("verify", str(game))
