"""Issue 27, done when: a player on standing racing orders sends no mail for two racing turns and his company
enters the races it should, in a game run by ``tick`` on a real IMAP/SMTP pair (pymap and aiosmtpd on
localhost).

Anna (RED) sends one mail in the building turn: her start, her line and ``STANDING ENTER ALL BEST MIN 1``.
Then she is away. Bernd (BLUE) mails every turn. In each racing turn RED enters exactly the races the rule
(reading 111: ``orders.standing.standing_entries``, from RED's view of the state before the turn) picks; her
receipt and report mails say what stands, Bernd's never do, RED is neither reminded nor missing, and has missed
no turn."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest

from adjudicator.dampfross.orders.standing import standing_entries
from tests.catalogue.test_r12_standing_orders import entered as entered_in
from tests.catalogue.test_r12_standing_orders import gmap, verified
from tests.helpers import dampfross_game, dampfross_state, invoke
from tests.mailservers import imap_server, mail_bytes, sent, smtp_server, text_of

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")
ANNA, BERND = "anna@example.org", "bernd@example.net"
UTC = "+00:00"


def _player_line(text: str) -> str:
    """The PLAYER line the opening mail tells its reader to copy."""
    found = re.search(r"^.*?: (PLAYER \w+ PASSWORD \S+)$", text.replace("\r\n", "\n"), re.M)
    assert found, text
    return found.group(1)


def _flat(text: str) -> str:
    return " ".join(text.replace("\r\n", "\n").split())


def test_a_player_on_standing_racing_orders_enters_the_races_it_should_without_mail(tmp_path: Path) -> None:
    with imap_server(tmp_path) as imap, smtp_server() as smtp, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TEST_IMAP_PASSWORD", imap.password)
        game = tmp_path / "g"
        invoke("new", str(game), "--id", "g", "--map", TINY, "--player", f"RED:Anna:{ANNA}",
               "--player", f"BLUE:Bernd:{BERND}", "--deadline", "2026-12-04 18:00", "--every", "7d", "--remind", "1d",
               "--set", "building_rounds=1", "--set", "min_race_distance=2", "--set", "fixed_races=6",
               "--set", "allowance_dice=2", "--seed", "standing")  # the seed: the same races every run
        (game / "mail.toml").write_text(
            'from = "GM <gm@example.org>"\n\n'
            + imap.toml() + smtp.toml(), encoding="utf-8")
        client = imap.client()

        def deliver(sender: str, body: str, when: str) -> None:
            subject = f"orders {sender} {when}"  # the Message-ID is made of it: one a mail
            client.append("INBOX", mail_bytes(sender, body, subject), msg_time=datetime.fromisoformat(when + UTC))

        def tick(when: str) -> str:
            return invoke("tick", str(game), "--now", when + UTC).output

        tick("2026-12-01T08:00")  # the openings
        anna, bernd = (_player_line(text_of(sent(smtp, f"opening-{c}", a)[0])) for c, a in
                       (("RED", ANNA), ("BLUE", BERND)))
        deliver(ANNA, f"GAME g\nTURN 1\n{anna}\nSTART Nordstadt\n"
                      "BUILD Nordstadt - 0403 - 0404 - 0405 - 0306 - Südheim\nSTANDING ENTER ALL BEST MIN 1\n\n"
                      "I am away until January: my standing orders play for me.\nAnna\n", "2026-12-01T09:00")
        deliver(BERND, f"GAME g\nTURN 1\n{bernd}\nSTART Nordstadt\n"
                       "BUILD Nordstadt - 0502 - 0503 - 0404 - 0405 - 0505 - 0605 - 0705 - Ostburg\n",
                "2026-12-01T09:05")
        tick("2026-12-01T10:00")
        receipt = _flat(text_of(sent(smtp, "receipt-", ANNA)[-1]))
        assert "standing orders on file: STANDING ENTER ALL BEST MIN 1" in receipt, receipt
        assert "standing" not in _flat(text_of(sent(smtp, "receipt-", BERND)[-1]))
        assert "turn 1 adjudicated" in tick("2026-12-04T18:05")

        picked = []
        for turn, bernd_orders, deadline in ((2, "ENTER 1 BEST", "2026-12-11"), (3, "PASS", "2026-12-18")):
            before = dampfross_state(game)
            assert before.phase == "racing" and before.turn == turn
            expected = standing_entries(before, gmap(game), "RED")
            tick(f"{deadline}T08:00")  # a day before the deadline: reminders, to Bernd alone (reading 112)
            assert sent(smtp, f"reminder-{turn:03d}-BLUE", BERND) and not sent(smtp, "reminder-", ANNA)
            status = json.loads(invoke("status", str(game), "--json").output)
            assert status["missing"] == ["BLUE"]
            deliver(BERND, f"GAME g\nTURN {turn}\n{bernd}\n{bernd_orders}\n", f"{deadline}T09:00")
            assert f"turn {turn} adjudicated" in tick(f"{deadline}T18:05")
            entered = entered_in(game, turn, "RED")  # the turn resolved again from its step
            assert entered == expected
            picked.append(entered)
            report = _flat(text_of(sent(smtp, f"move-{turn:03d}-RED", ANNA)[-1]))
            assert "your standing orders were carried out" in report, report
            assert "standing" not in _flat(text_of(sent(smtp, f"move-{turn:03d}-BLUE", BERND)[-1]))
        assert picked == [[1], [2]]  # the rule entered a race in each turn: this test can fail
        table = dampfross_game(game)[0]  # the session's table counts the turns missed
        assert [(s.id, table.missed_by(s.id)) for s in table.seats] == [("RED", 0), ("BLUE", 0)]
        assert dampfross_state(game).player("RED").missed == 0  # the state's count, which the reports print
        assert len(sent(smtp, "receipt-", ANNA)) == 1  # one mail from Anna in three turns
        client.logout()
        assert verified(game, 3)
