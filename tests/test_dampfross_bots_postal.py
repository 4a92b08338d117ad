"""Issue 26, done when (Dampfross): two players and two bot seats play a game by mail to its end on a real IMAP/SMTP
pair (pymap and aiosmtpd on localhost); Bernd stops mailing, the caretaker plays BLUE after the set number of
missed turns, Bernd's next mail takes his company back; ``verify`` passes.  Readings 97-99 (docs/rules.md)."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from adjudicator.dampfross.app.botseats import judged_orders
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.bots import seat_view
from tests.helpers import invoke
from tests.mailservers import imap_server, mail_bytes, sent, smtp_server, text_of

ANNA, BERND, GM = "anna@example.org", "bernd@example.net", "gm@example.org"
SHORT = ("building_rounds=4", "races_per_turn=2", "fixed_races=4")  # four building turns, two racing turns


def _orders(game: Path, pid: str, password: str, rng: random.Random) -> str:
    """A player's mail for the current turn: legal orders (the random bot's, as a player could write them)."""
    state = GameDir(game).load_state()
    lines = judged_orders(seat_view(state, GameDir(game).load_map(state), pid), "random", rng)
    return f"GAME g\nTURN {state.turn}\nPLAYER {pid} PASSWORD {password}\n" + "".join(f"{x}\n" for x in lines)


def test_two_players_and_two_bots_play_by_mail_with_the_caretaker(tmp_path: Path):
    with imap_server(tmp_path) as imap, smtp_server() as smtp, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TEST_IMAP_PASSWORD", imap.password)
        game = tmp_path / "g"
        invoke("new", str(game), "--id", "g", "--map", "germany", "--seed", "bots-by-mail",
               "--unsafe-test-passwords", "bots", "--player", f"RED:Anna:{ANNA}", "--player", f"BLUE:Bernd:{BERND}",
               "--player", "GREEN:bot=careful", "--player", "GOLD:bot=strong", "--caretaker-after", "2",
               "--deadline", "2026-12-04 18:00", "--every", "7d", *[a for s in SHORT for a in ("--set", s)])
        (game / "mail.toml").write_text(
            f'from = "GM <{GM}>"\ngm = "{GM}"\n\n'
            + imap.toml() + smtp.toml(), encoding="utf-8")
        status = json.loads(invoke("status", str(game), "--json").output)
        assert status["caretaker"] == {"after": 2, "level": "careful"}
        assert status["bots"] == {"GREEN": "careful", "GOLD": "strong"} and status["missing"] == ["RED", "BLUE"]
        passwords = GameDir(game).read_passwords()
        client = imap.client()
        rng = random.Random(26)
        invoke("tick", str(game), "--now", "2026-12-01T08:00+00:00")  # the openings: to the players only
        assert sorted(n for n in smtp.names() if n.startswith("opening-")) == ["opening-BLUE", "opening-RED"]
        bernd_mails = {1, 5}  # Bernd mails turn 1, misses 2 and 3 (the caretaker plays 4), takes BLUE back in 5
        ticks = []
        for number in range(1, 20):
            state = GameDir(game).load_state()
            if state.phase == "over":
                break
            assert state.turn == number and state.schedule is not None and state.schedule.due
            due = datetime.fromisoformat(state.schedule.due)
            senders = [("RED", ANNA)] + ([("BLUE", BERND)] if number in bernd_mails else [])
            for pid, address in senders:
                body = _orders(game, pid, passwords[pid], rng)
                client.append("INBOX", mail_bytes(address, body, f"turn {number} {pid}"),
                              msg_time=due - timedelta(hours=2))
            invoke("tick", str(game), "--now", (due - timedelta(hours=1)).isoformat())  # receipts
            ticks.append(invoke("tick", str(game), "--now", (due + timedelta(minutes=5)).isoformat()).output)
            after = GameDir(game).load_state()
            blue = after.player("BLUE")
            assert (blue.caretaker, blue.caretaker_from) == {1: (None, None), 2: (None, None), 3: ("careful", 4),
                                                             4: ("careful", 4), 5: (None, None)}.get(number, (None, None))
            public = (game / "reports" / f"turn-{number:03d}.txt").read_text(encoding="utf-8")
            marks = [line.strip() for line in public.splitlines() if line.startswith("  BLUE: played by")]
            assert marks == {3: ["BLUE: played by the caretaker from turn 4"],
                             4: ["BLUE: played by the caretaker"]}.get(number, []), (number, marks)
        assert GameDir(game).load_state().phase == "over" and len(ticks) == 6
        assert "turn 4: the caretaker (careful) wrote the orders of BLUE" in ticks[3], ticks[3]
        assert "BLUE has missed 2 turns in a row: the caretaker (careful) plays it from now on" in ticks[2]
        assert "turn 5: the caretaker" not in ticks[4] and "the bot (strong) wrote the orders of GOLD" in ticks[4]
        assert "BLUE: played by the caretaker" in text_of(sent(smtp, "report-004-BLUE", BERND)[0])
        back = [" ".join(text_of(m).split()) for m in sent(smtp, "receipt-", BERND)]
        assert ["with these orders you play it again" in r for r in back] == [False, True]  # turns 1 and 5
        # the bots' orders: archived with each turn, marked in its record; a receipt to the GM, never to a player
        records = [json.loads((game / "turns" / f"turn-{n:03d}" / "record.json").read_text()) for n in range(1, 7)]
        bots = [[(f["bot"]["seat"], f["bot"]["caretaker"]) for f in r["files"] if "bot" in f] for r in records]
        assert bots[0] == bots[4] == [("GREEN", False), ("GOLD", False)]
        assert bots[3] == [("BLUE", True), ("GREEN", False), ("GOLD", False)]
        assert not [n for n in smtp.names() if n.endswith(("-GREEN", "-GOLD")) and not n.startswith("bot-")]
        receipt = sent(smtp, "bot-004-BLUE", GM)
        assert len(receipt) == 1 and "The caretaker (careful) played BLUE in turn 4" in " ".join(
            text_of(receipt[0]).split())
        assert passwords["BLUE"] not in text_of(receipt[0])
        assert len(sent(smtp, "bot-001-GREEN", GM)) == 1 and not sent(smtp, "bot-", ANNA) + sent(smtp, "bot-", BERND)
        checks = invoke("verify", str(game)).output.splitlines()
        assert all(c.startswith("OK: ") for c in checks), checks
        client.logout()
