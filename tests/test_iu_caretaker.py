"""The caretaker of a game of moves (issue 26; readings IU-18 and IU-19 of docs/interurban-rules.md; the table's
rule of N missed moves is catalogue IU-CT1 to IU-CT3, tests/catalogue/test_iu4_caretaker.py): the setting
of ``new``, the GM's ``adjudicate caretaker`` (recorded, reported, verified,
undone), a player's mail that takes his seat back, and an InterUrban game of two players and two bots by mail on
real IMAP/SMTP in which a player stops mailing, the caretaker plays his seat, and his next mail takes it back."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import default
from pathlib import Path

import pytest

from adjudicator.interurban.notation import written
from adjudicator.interurban.play import PLAY
from adjudicator.postal.moves import MovesDir
from tests.helpers import invoke
from tests.mailservers import imap_server, mail_bytes, sent, smtp_server, text_of
from tools.selfplay.interurban import random_move as selfplay_move


def _maildir_game(where: Path, *extra: str) -> Path:
    game = where / "g"
    invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", "care", "--unsafe-test-passwords", "c",
           "--player", "RED:Anna:a@x.org", "--player", "BLUE:bot=careful", "--player", "GREEN:Bert:b@x.org",
           "--deadline", "2026-12-03 09:00", "--every", "2d", *extra)
    for sub in ("cur", "new", "tmp"):
        (where / "in" / sub).mkdir(parents=True, exist_ok=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{where / "in"}"\n')
    return game


def test_new_takes_the_caretaker_setting_and_refuses_a_wrong_one(tmp_path: Path):
    game = _maildir_game(tmp_path, "--caretaker-after", "2", "--caretaker-level", "random")
    assert json.loads((game / "game.json").read_text())["table"]["caretaker"] == {"after": 2, "level": "random"}
    status = json.loads(invoke("status", str(game), "--json").output)
    assert status["caretaker"] == {"after": 2, "level": "random"}
    for args, said in ((("--caretaker-after", "0"), "--caretaker-after 0: give the number of missed moves"),
                       (("--caretaker-after", "2", "--caretaker-level", "brilliant"),
                        "the caretaker's level 'brilliant' is not one of random, careful"),
                       (("--caretaker-level", "random"), "--caretaker-level goes with --caretaker-after")):
        out = invoke("new", str(tmp_path / "x"), "--play", "interurban", "--player", "RED:A", "--player", "BLUE:B",
                     *args, ok=False)
        assert out.exit_code in (1, 2) and said in out.output and "Traceback" not in out.output, out.output
        assert not (tmp_path / "x" / "game.json").exists()


def test_nobody_mails_the_caretakers_play_to_the_end_and_the_final_score_says_from_when(tmp_path: Path):
    """Neither player mails: after two missed moves each, the caretaker plays both seats at once to the end of the
    game in one tick; the final score names the move from which it played each; ``verify`` plays every step
    again (the caretaker's moves from the seed); changing the caretaker's archived orders is found."""
    game = _maildir_game(tmp_path, "--caretaker-after", "2")
    out = invoke("tick", str(game), "--now", "2026-12-30T10:00+00:00").output
    assert "RED has missed 2 moves in a row: the caretaker (careful) plays it from now on" in out
    assert "GREEN has missed 2 moves in a row: the caretaker (careful) plays it from now on" in out
    assert "made by the caretaker of RED (careful)" in out and "made by the caretaker of GREEN (careful)" in out
    final = MovesDir(game).load(PLAY)
    assert final.state.over
    seats = {s.id: s for s in final.table.seats}
    first_red = seats["RED"].caretaker_from
    assert first_red > 4 and seats["GREEN"].caretaker_from == first_red + 2
    report = " ".join(invoke("report", str(game)).output.split())
    assert f"Anna (RED): played by the caretaker from move {first_red}." in report
    assert f"Bert (GREEN): played by the caretaker from move {first_red + 2}." in report
    shown = " ".join(invoke("report", str(game), "--turn", str(first_red)).output.split())
    assert "This move was played by the caretaker of Anna (RED) (level: careful), until its player mails" in shown
    missed = " ".join(invoke("report", str(game), "--turn", str(first_red - 3)).output.split())
    assert "Anna (RED) has missed 2 moves in a row: the caretaker, a bot, plays the seat" in missed
    standings = " ".join(invoke("standings", str(game)).output.split())
    assert f"Game g: Anna (RED): played by the caretaker from move {first_red}." in standings
    checks = invoke("verify", str(game)).output.splitlines()
    assert all(c.startswith("OK: ") for c in checks), checks
    step = MovesDir(game).steps()[first_red]
    assert json.loads((step / "record.json").read_text())["caretaker"] is True
    (step / "orders.txt").write_text("PASS\n")
    assert any(c.startswith("FAILED") and "orders.txt" in c for c in invoke("verify", str(game), ok=False)
               .output.splitlines())


def test_the_gm_hands_a_seat_to_the_caretaker_and_takes_it_back(tmp_path: Path):
    """``adjudicate caretaker``: a correction (recorded, in the next report with its reason, verified, undone);
    the next tick plays the seat on move; refusals are one line: a bot seat, a seat handed over already, a level
    the game lacks, --off of a seat its player plays; Dampfross's and InterUrban's protocol is the same method."""
    game = _maildir_game(tmp_path)
    said = invoke("caretaker", str(game), "RED", "--why", "Anna is on holiday").output
    assert "RED is played by the caretaker (careful) from its next move" in said
    for args, refusal in ((("BLUE",), "BLUE is a bot seat (careful)"),
                          (("RED",), "the caretaker plays RED already"),
                          (("GREEN", "--level", "brilliant"), "'brilliant' is not one of random, careful"),
                          (("GREEN", "--off"), "GREEN is played by its player already"),
                          (("PINK",), "no player PINK")):
        refused = invoke("caretaker", str(game), *args, ok=False)
        assert refused.exit_code == 1 and refusal in refused.output and "Traceback" not in refused.output, args
    assert "Anna (RED): a@x.org (played by the caretaker, level careful)" in invoke("status", str(game)).output
    out = invoke("tick", str(game), "--now", "2026-12-01T09:00+00:00").output
    assert "move 1 made by the caretaker of RED (careful)" in out and "move 2 made by the bot of BLUE" in out
    report = " ".join(invoke("report", str(game), "--turn", "1").output.split())
    assert "The game master has handed Anna (RED) to the caretaker" in report and "Anna is on holiday" in report
    assert "RED is played by its player again" in invoke("caretaker", str(game), "RED", "--off").output
    assert MovesDir(game).load(PLAY).table.seat("RED").caretaker == ""
    assert all(c.startswith("OK: ") for c in invoke("verify", str(game)).output.splitlines())
    assert "step fix taken back" in invoke("undo", str(game)).output
    assert MovesDir(game).load(PLAY).table.seat("RED").caretaker == "careful"


def _receipt_text(game: Path, to: str) -> str:
    """The texts of the receipts queued to ``to``, white space folded."""
    mails = [BytesParser(policy=default).parsebytes(p.with_suffix(".eml").read_bytes())
             for p in sorted((game / "mail" / "outbox").glob("receipt-*.json"))]
    return " ".join(" ".join(text_of(m) for m in mails if isinstance(m, EmailMessage) and to in str(m["To"])).split())


def test_iu19_the_players_mail_takes_the_seat_back_though_not_on_move(tmp_path: Path):
    """IU-19: a section of the seat's player with the right password ends the caretaking before it is answered,
    though it is not his move: the receipt says it, the GM's line names it, the next report says it, and the
    seat waits for his mail again; a wrong password changes nothing."""
    game = _maildir_game(tmp_path, "--caretaker-after", "1")
    passwords = dict(line.split()[:2] for line in (game / "passwords.txt").read_text().splitlines())
    invoke("tick", str(game), "--now", "2026-12-03T10:00+00:00")  # RED misses move 1; the bot plays move 2
    assert MovesDir(game).load(PLAY).table.seat("RED").caretaker == "careful"
    inbox = tmp_path / "in" / "new"
    arrived = int(datetime.fromisoformat("2026-12-03T11:00+00:00").timestamp())
    (inbox / f"{arrived}.1.m").write_bytes(mail_bytes("a@x.org", "PLAYER RED PASSWORD wrong\nPASS\n", "w"))
    (inbox / f"{arrived}.2.m").write_bytes(mail_bytes("a@x.org", f"PLAYER RED PASSWORD {passwords['RED']}\n"
                                                      "PASS\n", "back"))
    out = invoke("tick", str(game), "--now", "2026-12-03T11:05+00:00").output
    assert "RED's player is back; the caretaker no longer plays the seat" in out
    loaded = MovesDir(game).load(PLAY)
    assert loaded.table.seat("RED").caretaker == "" and loaded.state.on_move == "GREEN"
    assert "The caretaker no longer plays your seat" in _receipt_text(game, "a@x.org")
    assert "It is not your move" in _receipt_text(game, "a@x.org")
    state = loaded.state
    lines = written(state, selfplay_move(state, random.Random(3)), "GREEN") or ("PASS",)
    (inbox / f"{arrived + 600}.3.m").write_bytes(mail_bytes("b@x.org", f"PLAYER GREEN PASSWORD {passwords['GREEN']}\n"
                                                            + "".join(f"{line}\n" for line in lines), "g3"))
    out = invoke("tick", str(game), "--now", "2026-12-03T11:20+00:00").output
    assert "move 3 made by GREEN" in out and "caretaker of RED" not in out
    report = " ".join(invoke("report", str(game), "--turn", "3").output.split())
    assert "Anna (RED) mailed again: the caretaker no longer plays the seat." in report
    assert MovesDir(game).load(PLAY).state.on_move == "RED"  # his seat waits for his mail again
    assert all(c.startswith("OK: ") for c in invoke("verify", str(game)).output.splitlines())


def test_two_players_and_two_bots_by_mail_a_player_leaves_and_comes_back(tmp_path: Path):
    """The done-when test: RED (Anna) and GREEN (Bert) mail their moves over real IMAP, BLUE and YELLOW are bots,
    a move every two days, the caretaker after two missed moves.  Bert stops mailing: his moves are missed at
    their deadlines, then the caretaker plays them at once; his next mail (not on move) takes the seat back and
    he plays his moves again; the game ends, every report and receipt went to a player, and ``verify`` passes."""
    with imap_server(tmp_path) as imap, smtp_server() as smtp, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TEST_IMAP_PASSWORD", imap.password)
        game = tmp_path / "tram"
        invoke("new", str(game), "--play", "interurban", "--id", "tram", "--seed", "iu-care",
               "--unsafe-test-passwords", "iu", "--player", "RED:Anna:anna@example.org",
               "--player", "BLUE:bot=careful", "--player", "GREEN:Bert:bert@example.org",
               "--player", "YELLOW:bot=random", "--every", "2d",
               "--deadline", "2026-12-04 18:00", "--caretaker-after", "2")
        (game / "mail.toml").write_text(
            'from = "InterUrban GM <gm@example.org>"\n\n'
            + imap.toml() + smtp.toml(), encoding="utf-8")
        client = imap.client()
        passwords = dict(line.split()[:2] for line in (game / "passwords.txt").read_text().splitlines())
        address = {"RED": "anna@example.org", "GREEN": "bert@example.org"}
        rng = random.Random(26)
        when = datetime.fromisoformat("2026-12-01T09:00+00:00")
        invoke("tick", str(game), "--now", when.isoformat())
        log: list[str] = []
        n = 0
        bert = "mails"  # then "away" (from his second move), "back" once the caretaker has played his move

        def mail(seat: str, lines: tuple[str, ...]) -> None:
            nonlocal n, when
            n += 1
            body = f"PLAYER {seat} PASSWORD {passwords[seat]}\n" + "".join(f"{line}\n" for line in lines)
            when += timedelta(hours=1)
            client.append("INBOX", mail_bytes(address[seat], body, f"m{n}"), msg_time=when)

        for _ in range(80):
            loaded = MovesDir(game).load(PLAY)
            if loaded.state.over:
                break
            state, table = loaded.state, loaded.table
            cared = table.seat("GREEN").caretaker_from
            if bert == "away" and cared and table.moves >= cared:
                bert = "back"
                mail("GREEN", ("PASS",))  # not his move (the caretaker plays his at once): it takes his seat back
                log.append(invoke("tick", str(game), "--now", when.isoformat()).output)
                assert "GREEN's player is back; the caretaker no longer plays the seat" in log[-1]
                continue
            seat = state.on_move
            if seat == "GREEN" and bert == "mails" and table.moves >= 6:
                bert = "away"
            if seat == "GREEN" and bert == "away":
                due = table.schedule.due_at()
                assert due is not None
                when = due + timedelta(minutes=5)
                log.append(invoke("tick", str(game), "--now", when.isoformat()).output)
                continue
            assert seat in ("RED", "GREEN"), (seat, table.moves)
            mail(seat, written(state, selfplay_move(state, rng), seat) or ("PASS",))
            log.append(invoke("tick", str(game), "--now", when.isoformat()).output)
            assert f"move {table.moves + 1} made by {seat}" in log[-1], log[-1]
        final = MovesDir(game).load(PLAY)
        assert final.state.over and bert == "back"
        out = "".join(log)
        assert out.count("GREEN missed the deadline") == 2
        assert "GREEN has missed 2 moves in a row: the caretaker (careful) plays it from now on" in out
        assert out.count("made by the caretaker of GREEN (careful)") >= 1
        assert "made by GREEN" in out.split("GREEN's player is back")[1]  # he plays his moves again
        assert not final.table.seat("GREEN").caretaker
        records = [json.loads((s / "record.json").read_text()) for s in MovesDir(game).steps()[1:]]
        assert sum(1 for r in records if r.get("caretaker")) == out.count("made by the caretaker of GREEN")
        assert any(r.get("fix") == "caretaker" and r.get("by_mail") for r in records)
        assert all(rcpts and all("@" in r for r in rcpts) for _, rcpts in smtp.envelopes)
        back = [text_of(m) for m in sent(smtp, "receipt-", "bert@example.org")]
        assert any("The caretaker no longer plays your seat" in " ".join(t.split()) for t in back)
        move = next(r["move"] for r in records if r.get("caretaker"))
        reports = [" ".join(text_of(m).split()) for m in sent(smtp, "move-", "anna@example.org")]  # one a tick
        assert any(f"move {move}, Bert (GREEN)" in report and
                   "This move was played by the caretaker of Bert (GREEN) (level: careful)" in report
                   for report in reports)
        checks = invoke("verify", str(game)).output.splitlines()
        assert all(c.startswith("OK: ") for c in checks), [c for c in checks if not c.startswith("OK")]
