"""Issue 26, done when (Dampfross): two players and two bot seats play a game by mail to its end on a real IMAP/SMTP
pair (pymap and aiosmtpd on localhost); Bernd stops mailing, the caretaker plays BLUE after the set number of
missed turns, Bernd's next mail takes his company back; ``verify`` passes.  Readings 97-99 (docs/rules.md).

The game is the one session's (``postal/moves.py: MovesDir``): a bot's orders are a step of kind ``orders`` naming
the bot, accepted at the turn's start (``postal/periods.py: bots_in``), so the tick that ran turn N tells the GM
which orders the bots wrote for turn N+1, and mails him their receipt (``bot-NNN-SEAT``) before that turn runs."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from adjudicator.dampfross.app.botseats import judged_orders
from adjudicator.dampfross.app.gm import commands_of
from adjudicator.dampfross.bots import seat_view
from adjudicator.postal.moves import MovesDir
from tests.conftest import ANNA as PLAYER_ANNA
from tests.conftest import Trial, register_test_plays
from tests.helpers import dampfross_game, invoke
from tests.mailservers import imap_server, mail_bytes, sent, smtp_server, text_of

ANNA, BERND, GM = "anna@example.org", "bernd@example.net", "gm@example.org"
TINY = str(Path(__file__).parent / "data" / "tiny.yaml")
SHORT = ("building_rounds=4", "races_per_turn=2", "fixed_races=4")  # four building turns, two racing turns


def _orders(game: Path, pid: str, password: str, rng: random.Random) -> str:
    """A player's mail for the current turn: legal orders (the random bot's, as a player could write them)."""
    state = dampfross_game(game)[1]
    gmap = commands_of(str(game)).dplay.gmap(state)
    lines = judged_orders(seat_view(state, gmap, pid), "random", rng)
    return f"GAME g\nTURN {state.turn}\nPLAYER {pid} PASSWORD {password}\n" + "".join(f"{x}\n" for x in lines)


def _steps(game: Path, number: int) -> list[tuple[dict[str, object], str]]:
    """The steps of turn ``number`` in the game's archive (the orders accepted for it and the turn itself, in the
    order they were made): each record and its orders."""
    folder = MovesDir(game)
    out = []
    for step in folder.steps():
        record = folder.record(step)
        if record.get("move") == number and record.get("kind") in ("orders", "move", "missed"):
            orders = step / "orders.txt"
            out.append((record, orders.read_text(encoding="utf-8") if orders.is_file() else ""))
    return out


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
        passwords = MovesDir(game).read_passwords()
        client = imap.client()
        rng = random.Random(26)
        first = invoke("tick", str(game), "--now", "2026-12-01T08:00+00:00").output  # the openings: players only
        assert sorted(n for n in smtp.names() if n.startswith("opening-")) == ["opening-BLUE", "opening-RED"]
        bernd_mails = {1, 5}  # Bernd mails turn 1, misses 2 and 3 (the caretaker plays 4), takes BLUE back in 5
        ticks = []
        for number in range(1, 20):
            table, state = dampfross_game(game)
            if state.phase == "over":
                break
            assert state.turn == number and table.moves == number - 1 and table.schedule.due
            due = datetime.fromisoformat(table.schedule.due)
            senders = [("RED", ANNA)] + ([("BLUE", BERND)] if number in bernd_mails else [])
            for pid, address in senders:
                body = _orders(game, pid, passwords[pid], rng)
                client.append("INBOX", mail_bytes(address, body, f"turn {number} {pid}"),
                              msg_time=due - timedelta(hours=2))
            invoke("tick", str(game), "--now", (due - timedelta(hours=1)).isoformat())  # receipts
            ticks.append(invoke("tick", str(game), "--now", (due + timedelta(minutes=5)).isoformat()).output)
            after = dampfross_game(game)[0].seat("BLUE")
            assert (after.caretaker, after.caretaker_from) == {3: ("careful", 0), 4: ("careful", 4)}.get(
                number, ("", 0)), number  # the table's first turn the caretaker played (0: none yet)
            public = (game / "reports" / f"move-{number:03d}.txt").read_text(encoding="utf-8")
            marks = [line.strip() for line in public.splitlines() if line.startswith("  BLUE: played by")]
            assert marks == {3: ["BLUE: played by the caretaker from turn 4"],
                             4: ["BLUE: played by the caretaker"]}.get(number, []), (number, marks)
        assert dampfross_game(game)[1].phase == "over" and len(ticks) == 6
        # the bots write a turn's orders at its start: turn 1's in the first tick, turn N+1's in the tick that ran N
        said = [first, *ticks]
        # the caretaker writes BLUE's orders from turn 4 on; Bernd's mail of turn 5 replaces its orders of turn 5 and
        # takes BLUE back (that turn's record names no bot for BLUE, below), so none for turn 6
        assert [n for n, out in enumerate(said) if "the caretaker of BLUE (careful) gave its orders" in out] == [3, 4]
        assert "turn 4: the caretaker of BLUE (careful) gave its orders: " in said[3], said[3]
        assert "turn 5: the caretaker of BLUE (careful) gave its orders: " in said[4], said[4]
        assert "BLUE has missed 2 turns in a row: the caretaker (careful) plays it from now on" in ticks[2]
        assert "turn 6: the bot of GOLD (strong) gave its orders: " in said[5], said[5]
        assert all(f"turn {n}: the bot of GREEN (careful) gave its orders: " in said[n - 1] for n in range(1, 7))
        assert "BLUE: played by the caretaker" in text_of(sent(smtp, "move-004-BLUE", BERND)[0])
        back = [" ".join(text_of(m).split()) for m in sent(smtp, "receipt-", BERND)]
        assert ["with these orders you play it again" in r for r in back] == [False, True]  # turns 1 and 5
        # the bots' orders: archived with each turn (a step naming the bot), marked in its record; a receipt to the
        # GM, never to a player
        steps = [_steps(game, n) for n in range(1, 7)]
        bots = [[(r["seat"], bool(r.get("caretaker"))) for r, _ in s if r["kind"] == "orders" and r.get("bot")]
                for s in steps]
        turns = [next(r for r, _ in s if r["kind"] == "move") for s in steps]
        assert bots[0] == bots[1] == [("GREEN", False), ("GOLD", False)]
        assert bots[3] == bots[4] == [("BLUE", True), ("GREEN", False), ("GOLD", False)]  # turn 5's: the turn's start
        blue = [(r.get("bot"), r["mail"]) for r, _ in steps[4] if r["kind"] == "orders" and r["seat"] == "BLUE"]
        assert blue[0] == ("careful", "") and blue[-1][0] is None and blue[-1][1]  # Bernd's mail replaced them
        assert turns[4]["mails"]["BLUE"] == blue[-1][1]
        assert turns[0]["bots"] == turns[4]["bots"] == {"GREEN": "careful", "GOLD": "strong"}  # no player's seat
        assert turns[3]["bots"] == {"BLUE": "careful", "GREEN": "careful", "GOLD": "strong"}
        assert not [n for n in smtp.names() if n.endswith(("-GREEN", "-GOLD")) and not n.startswith("bot-")]
        receipt = sent(smtp, "bot-004-BLUE", GM)
        assert len(receipt) == 1 and "The caretaker (careful) played BLUE in turn 4" in " ".join(
            text_of(receipt[0]).split())
        orders = next(text for r, text in steps[3] if r["kind"] == "orders" and r["seat"] == "BLUE")
        assert all(line in text_of(receipt[0]) for line in orders.splitlines())  # the orders as the bot wrote them
        assert "As the game read them:" in text_of(receipt[0])
        assert receipt[0]["Subject"] == "Dampfross g: turn 4, the caretaker's orders for BLUE"
        assert passwords["BLUE"] not in text_of(receipt[0])
        assert len(sent(smtp, "bot-001-GREEN", GM)) == 1 and not sent(smtp, "bot-", ANNA) + sent(smtp, "bot-", BERND)
        assert sorted(n for n in smtp.names() if n.startswith("bot-")) == sorted(
            f"bot-{n:03d}-{seat}" for n, turn in enumerate(bots, 1) for seat, _ in turn)  # each once
        checks = invoke("verify", str(game)).output.splitlines()
        assert all(c.startswith("OK: ") for c in checks), checks
        client.logout()


def test_every_game_with_bots_mails_the_gm_its_bots_orders(tmp_path: Path):
    """Not Dampfross alone: a game of rock-paper-scissors (the tests' play, whose words have no receipt of a bot's
    orders of their own) mails the GM (``mail.toml``'s ``gm``, else its ``from``) each bot's throw as the round
    starts (``bot-NNN-SEAT``, the session's own words: who wrote it, the orders, the play's reading of them), once,
    never to a player."""
    register_test_plays()
    game, maildir = tmp_path / "g", tmp_path / "maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    invoke("new", str(game), "--id", "g", "--seed", "gm-bots", "--unsafe-test-passwords", "gm-bots", "--play", "rps",
           "--deadline", "2026-12-04 18:00", "--every", "7d", "--early", "--player", f"RED:Anna:{PLAYER_ANNA}",
           "--player", "BLUE:bot=random")
    (game / "mail.toml").write_text(f'from = "GM <{GM}>"\n\n[source]\nkind = "maildir"\npath = "{maildir}"\n')
    (game / "mail.toml").chmod(0o600)
    trial = Trial("rps", game, maildir, MovesDir(game).read_passwords())
    trial.tick("2026-12-01T08:00+00:00")
    trial.deliver(PLAYER_ANNA, f"GAME g\nPLAYER RED PASSWORD {trial.passwords['RED']}\nROCK\n",
                  "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")  # round 1 resolved, the bot's throw of round 2 in
    trial.tick("2026-12-01T10:00+00:00")  # nothing new: no receipt again
    throws = {int(str(r["move"])): text.strip() for r, text in _steps(game, 1) + _steps(game, 2)
              if r["kind"] == "orders" and r.get("bot")}
    assert sorted(throws) == [1, 2]
    mailed = trial.mails(prefix="bot-")
    assert [name for name, _ in mailed] == ["bot-001-BLUE", "bot-002-BLUE"]
    assert all(str(m["To"]) == GM for _, m in mailed) and not trial.mails(PLAYER_ANNA, "bot-")
    for n, (_, m) in enumerate(mailed, 1):
        text = " ".join(text_of(m).split())
        assert m["Subject"] == f"RPS g: move {n}, the bot's orders for BLUE", m["Subject"]
        assert f"The bot (random) of BLUE gave its orders for move {n}: {throws[n]}" in text, text
        assert "As the game read them:" in text and trial.passwords["RED"] not in text


def test_a_turns_record_names_only_the_seats_a_bot_played(tmp_path: Path):
    """A turn run by the GM (``adjudicate run``) with an order file for RED: the turn's step names BLUE's bot among
    the orders that came from no mail (``bots``), never RED, whose orders came from the GM's file, though no mail
    brought them either; ``verify`` passes."""
    game = tmp_path / "g"
    invoke("new", str(game), "--id", "g", "--map", TINY, "--seed", "gm-file", "--unsafe-test-passwords", "g",
           "--player", "RED:Anna", "--player", "BLUE:bot=careful")
    orders = tmp_path / "t1.orders"
    orders.write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {MovesDir(game).read_passwords()['RED']}\n"
                      "START Nordstadt\n", encoding="utf-8")
    invoke("run", str(orders), "--game", str(game))
    turn = next(r for r, _ in _steps(game, 1) if r["kind"] == "move")
    assert turn["mails"] == {"RED": "", "BLUE": ""} and turn["bots"] == {"BLUE": "careful"}
    checks = invoke("verify", str(game)).output.splitlines()
    assert checks and all(c.startswith("OK: ") for c in checks), checks
