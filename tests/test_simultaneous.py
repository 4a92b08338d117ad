"""The one session of the games of moves running a game of simultaneous turns (issue 34; ``postal/periods.py``),
with the tests' rock-paper-scissors (``tests/games/rps.py``): orders accepted and replaced, a period resolved when
every seat is in or at its deadline, a killed tick, ``verify`` and ``undo``, and secrecy until the period is
resolved."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.postal.moves import MovesDir
from adjudicator.postal.outbox import Outbox
from tests.conftest import ANNA, BERND, Trial, make_trial
from tests.helpers import invoke
from tests.mailservers import text_of


def _records(trial: Trial) -> list[dict[str, Any]]:
    """The records of the game's steps but the GM's changes of its deadlines (the fixture's ``--early``)."""
    every = [json.loads(p.read_text()) for p in sorted((trial.game / "archive").glob("step-*/record.json"))]
    return [r for r in every if r["kind"] != "deadline"]


def _throw(trial: Trial, seat: str, throw: str, when: str, subject: str, password: str | None = None) -> None:
    trial.deliver(ANNA if seat == "RED" else BERND, trial.envelope(seat, password) + f"{throw}\n", when, subject)


def _texts(trial: Trial, to: str, prefix: str = "") -> str:
    return "\n".join(text_of(m) for _, m in trial.mails(to, prefix))


@pytest.fixture
def rps(tmp_path: Path) -> Trial:
    """A game of rock-paper-scissors whose GM allows a round resolved as soon as both throws are in (``--early``)."""
    trial = make_trial(tmp_path, "rps")
    invoke("deadline", "set", str(trial.game), "--early")
    return trial


def test_a_later_section_replaces_the_orders_and_its_receipt_says_which(rps: Trial):
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "first")
    rps.tick("2026-12-01T09:05+00:00")
    _throw(rps, "RED", "SCISSORS", "2026-12-01T10:00+00:00", "second")
    rps.tick("2026-12-01T10:05+00:00")
    table = rps.state()["table"]
    assert table["orders"]["RED"]["lines"] == ["SCISSORS"]
    second = text_of(rps.mails(ANNA, "receipt-mail-00002")[0][1])
    assert "Your throw for round 1 is in." in second and "replaces your throw of an earlier mail: ROCK" in second
    assert [r["kind"] for r in _records(rps)] == ["opening", "orders", "orders"]
    assert _records(rps)[-1]["replaced"] == _records(rps)[-2]["mail"]
    both = "PLAYER RED PASSWORD {pw}\nPAPER\nPLAYER RED PASSWORD {pw}\nROCK\n".format(pw=rps.passwords["RED"])
    rps.deliver(ANNA, "GAME g\n" + both, "2026-12-01T11:00+00:00", "two sections")
    rps.tick("2026-12-01T11:05+00:00")
    assert rps.state()["table"]["orders"]["RED"]["lines"] == ["ROCK"]  # the last section counts
    _throw(rps, "BLUE", "PAPER", "2026-12-01T12:00+00:00", "blue")
    rps.tick("2026-12-01T12:05+00:00")
    assert "RPS g, round 1: RED rock, BLUE paper." in _texts(rps, ANNA, "move-001")


def test_the_period_is_resolved_at_once_when_every_seat_is_in(rps: Trial):
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    _throw(rps, "BLUE", "SCISSORS", "2026-12-01T09:01+00:00", "blue")
    out = rps.tick("2026-12-01T09:05+00:00")
    assert "move 1 adjudicated (every seat's orders are in)" in out and "made by" not in out
    last = _records(rps)[-1]
    assert last["kind"] == "move" and last["seats"] == ["RED", "BLUE"] and last["missed"] == [] and \
        last["at"] == "2026-12-01T09:01:00+00:00"
    state = rps.state()
    assert state["table"]["moves"] == 1 and "orders" not in state["table"] and state["state"]["wins"] == [1, 0]
    assert state["table"]["schedule"]["due"] == "2026-12-11T18:00:00+00:00"  # the rhythm kept (reading 135)
    assert "RED wins the round." in _texts(rps, BERND, "move-001")


def test_at_the_deadline_a_seat_that_sent_nothing_gets_what_missing_says(rps: Trial):
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    rps.tick("2026-12-04T17:59+00:00")
    assert rps.state()["table"]["moves"] == 0
    out = rps.tick("2026-12-04T18:05+00:00")
    assert "move 1: BLUE missed the deadline" in out
    first = _records(rps)[-1]
    assert first["missed"] == ["BLUE"] and first["due"] == "2026-12-04T18:00:00+00:00" and first["stand_in"] == []
    assert rps.state()["table"]["missed"] == {"BLUE": 1}
    assert "RED rock, BLUE nothing" in _texts(rps, BERND, "move-001")
    rps.tick("2026-12-11T18:05+00:00")  # nobody throws: RED throws rock again (its standing orders), BLUE nothing
    second = _records(rps)[-1]
    assert second["stand_in"] == ["RED"] and second["missed"] == ["BLUE"] and second["kind"] == "move"
    assert rps.state()["state"]["over"] and "RED wins the game." in _texts(rps, ANNA, "move-002")
    assert invoke("verify", str(rps.game)).exit_code == 0


class Killed(Exception):
    """The tick dies here."""


def test_a_killed_tick_neither_loses_nor_doubles_orders(rps: Trial, monkeypatch: pytest.MonkeyPatch):
    """Killed after RED's and BLUE's orders were accepted and the period resolved, before the mails were marked
    answered: the next tick answers them, accepting nothing twice and resolving nothing again."""
    from adjudicator.postal import robot, turns
    from adjudicator.postal.loop import Tick
    from tests.clock import instant
    from tests.games.rps import PLAY

    def tick(when: str) -> None:
        robot.tick_game(str(rps.game), instant(when), Tick(str(rps.game)), turns.MovesGame(PLAY))

    def killed(self: object) -> None:
        raise Killed

    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    _throw(rps, "BLUE", "PAPER", "2026-12-01T09:01+00:00", "blue")
    monkeypatch.setattr(turns.Receipts, "send", killed)
    with pytest.raises(Killed):
        tick("2026-12-01T09:05+00:00")
    assert [r["kind"] for r in _records(rps)] == ["opening", "orders"]  # RED's in, the tick died at its receipt
    monkeypatch.undo()
    rps.tick("2026-12-01T09:10+00:00")
    assert [r["kind"] for r in _records(rps)] == ["opening", "orders", "orders", "move"]
    assert rps.state()["state"]["wins"] == [0, 1]
    monkeypatch.setattr(turns.Receipts, "send", killed)
    _throw(rps, "RED", "SCISSORS", "2026-12-01T10:00+00:00", "red again")
    _throw(rps, "BLUE", "ROCK", "2026-12-01T10:01+00:00", "blue again")
    for _ in range(2):  # killed twice at the first mail's receipt
        with pytest.raises(Killed):
            tick("2026-12-01T10:05+00:00")
    monkeypatch.undo()
    rps.tick("2026-12-01T10:10+00:00")
    kinds = [r["kind"] for r in _records(rps)]
    assert kinds == ["opening", "orders", "orders", "move", "orders", "orders", "move"], kinds
    assert rps.state()["state"]["wins"] == [0, 2] and len(rps.mails(ANNA, "receipt-")) == 2
    assert invoke("verify", str(rps.game)).exit_code == 0


def test_verify_names_an_archived_step_changed_and_replays_every_period(rps: Trial):
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    _throw(rps, "BLUE", "PAPER", "2026-12-01T09:01+00:00", "blue")
    rps.tick("2026-12-01T09:05+00:00")
    ok = invoke("verify", str(rps.game)).output
    assert "OK: step-003: orders of BLUE read again: the same" in ok and "OK: step-004: move resolved again" in ok
    orders = rps.game / "archive" / "step-002" / "orders.txt"  # step-001: the fixture's --early
    orders.chmod(0o600)
    orders.write_text("PAPER\n")
    result = invoke("verify", str(rps.game), ok=False)
    assert result.exit_code == 1 and "archive/step-002/orders.txt was changed after it was archived" in result.output


def test_undo_takes_back_a_period_and_then_a_seats_orders(rps: Trial):
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    _throw(rps, "BLUE", "PAPER", "2026-12-01T09:01+00:00", "blue")
    rps.tick("2026-12-01T09:05+00:00")
    from tests import clock

    with clock.at("2026-12-01T12:00+00:00"):
        said = invoke("undo", str(rps.game)).output
    assert said.startswith("move 1 undone; game.json is back at move 1 (the orders accepted for it stand)")
    assert "The game is held: no tick runs move 1 until 'adjudicate deadline hold" in said  # reading 73, every game
    table = rps.state()["table"]
    assert table["moves"] == 0 and sorted(table["orders"]) == ["BLUE", "RED"]  # the accepted orders are back
    assert table["schedule"]["held"] and table["schedule"]["due"] == "2026-12-04T18:00:00+00:00"  # as it was
    rps.tick("2026-12-01T12:05+00:00")
    assert rps.state()["table"]["moves"] == 0  # held: not resolved again from the orders that stand
    assert invoke("undo", str(rps.game)).output.startswith("step deadline taken back")  # the hold
    said = invoke("undo", str(rps.game)).output
    assert said.startswith("the orders of BLUE for move 1 taken back")
    assert sorted(rps.state()["table"]["orders"]) == ["RED"]
    assert invoke("verify", str(rps.game)).exit_code == 0
    _throw(rps, "BLUE", "SCISSORS", "2026-12-01T13:00+00:00", "blue again")
    rps.tick("2026-12-01T13:05+00:00")
    assert rps.state()["state"]["wins"] == [1, 0]


def test_no_mail_tells_another_seats_orders_before_the_period_is_resolved(rps: Trial):
    """RED throws SCHERE (scissors, in German); Bernd asks STATUS, HELP and for the opening's report, gets his
    reminder and the receipt of a CHECK: nothing mailed to him before the resolve names RED's throw, his STATUS and
    the GM's status say only who is in."""
    invoke("deadline", "set", str(rps.game), "--remind", "48h")
    _throw(rps, "RED", "SCHERE", "2026-12-01T09:00+00:00", "red")
    rps.deliver(BERND, "STATUS\nHELP\nREPORT 0\n", "2026-12-01T09:01+00:00", "status")
    rps.deliver(BERND, rps.envelope("BLUE") + "CHECK\nROCK\n", "2026-12-01T09:02+00:00", "check")
    rps.tick("2026-12-03T09:05+00:00")
    assert rps.mails(BERND, "reminder-") and not rps.mails(ANNA, "reminder-")  # RED is in: no reminder
    assert rps.mails(BERND, "answer-") and rps.mails(BERND, "receipt-")
    told = _texts(rps, BERND)
    assert "schere" not in told.lower() and "RED scissors" not in told
    assert "in: RED" in _texts(rps, BERND, "answer-")  # who is in is no secret (Table.public): his STATUS says it
    status = invoke("status", str(rps.game)).output
    assert "in: RED" in status and "schere" not in status.lower()
    _throw(rps, "BLUE", "ROCK", "2026-12-03T10:00+00:00", "blue")
    rps.tick("2026-12-03T10:05+00:00")
    assert "RED scissors, BLUE rock" in _texts(rps, BERND, "move-001")  # told once resolved


def test_a_game_of_three_is_refused_in_one_line(tmp_path: Path):
    from tests.conftest import register_test_plays

    register_test_plays()
    result = invoke("new", str(tmp_path / "g"), "--play", "rps", "--player", "RED:Anna", "--player", "BLUE:Bernd",
                    "--player", "GOLD:Carla", ok=False)
    assert result.exit_code == 1 and result.output.startswith("error:") and result.output.count("\n") == 1
    assert not (tmp_path / "g" / "game.json").exists()


def test_without_early_a_round_waits_for_its_deadline_and_a_sequential_move_never_waits(tmp_path: Path):
    """The reading of issue 34 (``postal/periods.py: early``): a period of several seats is resolved before its
    deadline only when the schedule allows it (``--early``, as Dampfross's turn), however ready the play says it
    is; ``verify`` refuses a period resolved early without it.  A game of sequential moves makes its one seat's
    move at once, with ``--early`` or without (that is what a move is)."""
    rps = make_trial(tmp_path / "rps", "rps")
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    _throw(rps, "BLUE", "PAPER", "2026-12-01T09:01+00:00", "blue")
    rps.tick("2026-12-01T09:05+00:00")
    assert rps.state()["table"]["moves"] == 0 and sorted(rps.state()["table"]["orders"]) == ["BLUE", "RED"]
    rps.tick("2026-12-04T18:05+00:00")  # the deadline: both throws count, nobody missed
    last = _records(rps)[-1]
    assert last["due"] == "2026-12-04T18:00:00+00:00" and last["missed"] == [] and last["stand_in"] == []
    assert "RED rock, BLUE paper" in _texts(rps, ANNA, "move-001")
    assert invoke("verify", str(rps.game)).exit_code == 0
    held = make_trial(tmp_path / "held", "rps")
    invoke("deadline", "set", str(held.game), "--early")
    invoke("deadline", "hold", str(held.game))
    _throw(held, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    _throw(held, "BLUE", "PAPER", "2026-12-01T09:01+00:00", "blue")
    held.tick("2026-12-01T09:05+00:00")
    assert held.state()["table"]["moves"] == 0  # the GM holds the game: nothing is resolved early either
    for early in (False, True):
        take = make_trial(tmp_path / f"takeaway-{early}", "takeaway")
        if early:
            assert invoke("deadline", "set", str(take.game), "--early", ok=False).exit_code == 1  # not declared
        take.deliver(ANNA, take.envelope("RED") + take.orders("RED"), "2026-12-01T09:00+00:00", "take")
        take.tick("2026-12-01T09:05+00:00")
        assert take.state()["table"]["moves"] == 1


def test_each_seat_reads_its_own_private_part_and_nobody_else_does(rps: Trial):
    """The play words each seat's mail of a round (``kernel/play.py: SeatReports``): RED's streak is in Anna's
    report mail alone, never in Bernd's, the public report archived, a REPORT answer or the site."""
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    _throw(rps, "BLUE", "PAPER", "2026-12-01T09:01+00:00", "blue")
    rps.tick("2026-12-01T09:05+00:00")
    red, blue = "Only for you, RED: rock 1 time(s) in a row.", "Only for you, BLUE: paper 1 time(s) in a row."
    anna, bernd = _texts(rps, ANNA, "move-001"), _texts(rps, BERND, "move-001")
    assert red in anna and blue not in anna and blue in bernd and red not in bernd
    public = (rps.game / "reports").glob("*")
    assert all("Only for you" not in p.read_text() for p in public if p.is_file())
    assert "RED rock, BLUE paper" in anna and "RED rock, BLUE paper" in bernd
    rps.deliver(BERND, "REPORT 1\n", "2026-12-01T10:00+00:00", "report")
    rps.tick("2026-12-01T10:05+00:00")
    answered = _texts(rps, BERND, "answer-")
    assert "RED rock, BLUE paper" in answered and "Only for you" not in answered
    _throw(rps, "RED", "ROCK", "2026-12-01T11:00+00:00", "red again")
    _throw(rps, "BLUE", "ROCK", "2026-12-01T11:01+00:00", "blue again")
    rps.tick("2026-12-01T11:05+00:00")
    assert "Only for you, RED: rock 2 time(s) in a row." in _texts(rps, ANNA, "move-002")
    assert "RED: rock 2" not in _texts(rps, BERND)
    assert invoke("verify", str(rps.game)).exit_code == 0
    site = rps.game.parent / "site"
    invoke("site", str(rps.game), str(site))
    page = (site / "index.html").read_text()
    assert "RED rock, BLUE rock" in page and "Only for you" not in page


def _game(tmp_path: Path, *options: str) -> Trial:
    """A game of rock-paper-scissors by mail with ``options`` of ``new`` (the players among them), and the GM's
    ``--early`` (given to ``new``: every play of simultaneous turns declares it)."""
    from tests.conftest import register_test_plays

    register_test_plays()
    game, maildir = tmp_path / "g", tmp_path / "maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    invoke("new", str(game), "--id", "g", "--seed", "trial-bots", "--unsafe-test-passwords", "trial-bots", "--play",
           "rps", "--deadline", "2026-12-04 18:00", "--every", "7d", "--early", *options)  # every simultaneous play has it
    (game / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = "{maildir}"\n')
    (game / "mail.toml").chmod(0o600)
    secrets = dict(line.split(None, 1) for line in (game / "passwords.txt").read_text().splitlines() if " " in line)
    trial = Trial("rps", game, maildir, {k: v.strip() for k, v in secrets.items()})
    trial.tick("2026-12-01T08:00+00:00")
    return trial


def test_a_bot_throws_at_the_rounds_start_and_the_round_is_resolved_when_the_human_sends(tmp_path: Path):
    """BLUE is a bot's: its throw is accepted at each round's start (a step of kind orders naming the bot, from no
    mail, no receipt); Anna's throw completes the round at once (``--early``); ``verify`` plays the bot again from
    the seed; ``undo`` takes back the round and then Anna's throw, and the bot's stays."""
    trial = _game(tmp_path, "--player", f"RED:Anna:{ANNA}", "--player", "BLUE:bot=random")
    bot = _records(trial)[-1]
    assert bot["kind"] == "orders" and bot["seat"] == "BLUE" and bot["bot"] == "random" and bot["mail"] == ""
    assert "caretaker" not in bot and sorted(trial.state()["table"]["orders"]) == ["BLUE"]
    _throw(trial, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    out = trial.tick("2026-12-01T09:05+00:00")
    resolved = [r for r in _records(trial) if r["kind"] == "move"]
    assert len(resolved) == 1 and resolved[0]["bots"] == {"BLUE": "random"} and resolved[0]["missed"] == []
    assert resolved[0]["at"] == "2026-12-01T09:00:00+00:00" and "move 1 adjudicated (every seat's orders are in)" in out
    assert "move 2: the bot of BLUE (random) gave its orders: " in out and "made by the bot" not in out  # the GM's
    assert "the bot (random)" not in _texts(trial, ANNA, "receipt-")  # the receipt is Anna's own
    assert "RED rock, BLUE " in _texts(trial, ANNA, "move-001")
    after = _records(trial)[-1]  # round 2: the bot's throw is in at its start
    assert after["kind"] == "orders" and after["move"] == 2 and after["bot"] == "random"
    assert invoke("verify", str(trial.game)).exit_code == 0
    from tests import clock

    with clock.at("2026-12-01T12:00+00:00"):
        assert invoke("undo", str(trial.game)).output.startswith("the orders of BLUE for move 2 taken back")
        assert "move 1 undone" in invoke("undo", str(trial.game)).output
    assert sorted(trial.state()["table"]["orders"]) == ["BLUE", "RED"] and trial.state()["table"]["moves"] == 0
    assert invoke("verify", str(trial.game)).exit_code == 0
    invoke("deadline", "hold", str(trial.game), "--release")  # the game the undo held
    trial.tick("2026-12-01T13:05+00:00")  # ready again: resolved, and the bot's next throw in
    assert trial.state()["table"]["moves"] == 1 and sorted(trial.state()["table"]["orders"]) == ["BLUE"]
    assert invoke("verify", str(trial.game)).exit_code == 0


def test_the_caretaker_throws_for_a_seat_that_missed_and_its_player_takes_it_back_by_mail(tmp_path: Path):
    """BLUE misses round 1 (``--caretaker-after 1``): the caretaker's throw is accepted at round 2's start, labelled
    as the caretaker's, and round 2 is resolved when Anna throws; Bernd's own mail in round 3 takes his seat back,
    his throw replaces the caretaker's (his receipt says nothing of replacing a throw of his own)."""
    trial = _game(tmp_path, "--player", f"RED:Anna:{ANNA}", "--player", f"BLUE:Bernd:{BERND}", "--caretaker-after",
                  "1", "--caretaker-level", "random")
    _throw(trial, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    out = trial.tick("2026-12-04T18:05+00:00")
    assert "move 1: BLUE missed the deadline" in out
    assert "move 2: the caretaker of BLUE (random) gave its orders: " in out  # accepted, not made yet
    assert "move 2: the caretaker of BLUE (random) gave its orders: " in out  # accepted, not made yet
    cared = _records(trial)[-1]
    assert cared["kind"] == "orders" and cared["seat"] == "BLUE" and cared["caretaker"] and cared["move"] == 2
    assert trial.state()["table"]["seats"][1]["caretaker"] == "random"
    cared_throw = trial.state()["table"]["orders"]["BLUE"]["lines"][0]
    _throw(trial, "RED", cared_throw, "2026-12-05T09:00+00:00", "red 2")  # a drawn round: the game goes on
    trial.tick("2026-12-05T09:05+00:00")
    second = [r for r in _records(trial) if r["kind"] == "move"][-1]
    assert second["move"] == 2 and second["missed"] == [] and second["bots"] == {"BLUE": "random"}
    seat = trial.state()["table"]["seats"][1]
    assert seat["caretaker"] == "random" and seat["caretaker_from"] == 2  # it stays the caretaker's
    _throw(trial, "BLUE", "SCISSORS", "2026-12-06T09:00+00:00", "blue is back")
    trial.tick("2026-12-06T09:05+00:00")
    assert "caretaker" not in trial.state()["table"]["seats"][1]
    assert trial.state()["table"]["orders"]["BLUE"]["lines"] == ["SCISSORS"]
    receipt = _texts(trial, BERND, "receipt-")
    assert "Your throw for round 3 is in." in receipt and "replaces your throw" not in receipt
    assert invoke("verify", str(trial.game)).exit_code == 0


def test_a_report_asked_in_another_language_never_gives_another_seats_private_part(tmp_path: Path):
    """Anna reads German, the game is English: her REPORT 1 (no password: not proven to be RED's) is the public
    report as archived, never a seat's mail of it with its private part."""
    trial = make_trial(tmp_path, "rps", red_lang="de")
    invoke("deadline", "set", str(trial.game), "--early")
    _throw(trial, "RED", "STEIN", "2026-12-01T09:00+00:00", "rot")
    _throw(trial, "BLUE", "PAPER", "2026-12-01T09:01+00:00", "blue")
    trial.tick("2026-12-01T09:05+00:00")
    assert "Nur für dich, RED: rock 1-mal in Folge." in _texts(trial, ANNA, "move-001")
    trial.deliver(ANNA, "REPORT 1\n", "2026-12-01T10:00+00:00", "bericht")
    trial.tick("2026-12-01T10:05+00:00")
    answered = _texts(trial, ANNA, "answer-")
    assert "RED rock, BLUE paper" in answered and "Only for you" not in answered and "Nur für dich" not in answered


def test_lenient_mail_after_the_deadline_counts_until_the_tick_resolves_the_round(tmp_path: Path):
    """Reading 132, postal practice (``postal/periods.py: lenient``, Dampfross's reading 62), a game not ``--strict``:
    BLUE's throw arrived after the deadline, before the tick that finds it passed; it counts for round 1, which that
    tick resolves at its deadline after reading every mail, and BLUE's receipt says it was late and counts."""
    rps = make_trial(tmp_path, "rps")
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    rps.tick("2026-12-01T09:05+00:00")
    _throw(rps, "BLUE", "PAPER", "2026-12-04T18:30+00:00", "blue, late")
    out = rps.tick("2026-12-04T19:00+00:00")
    assert "mail 2: BLUE's orders arrived after the deadline; used, the move has not been made" in out
    last = _records(rps)[-1]
    assert last["kind"] == "move" and last["missed"] == [] and last["due"] == "2026-12-04T18:00:00+00:00"
    assert last["at"] == "2026-12-04T18:00:00+00:00" and last["mails"]["BLUE"]  # the next deadline runs from it
    assert rps.state()["table"]["schedule"]["due"] == "2026-12-11T18:00:00+00:00"
    assert "RED rock, BLUE paper" in _texts(rps, BERND, "move-001")
    receipt = _texts(rps, BERND, "receipt-")
    assert "Your throw for round 1 is in." in receipt
    late = ("Your mail arrived after the deadline (Fri 4 Dec 2026 18:00 (UTC)), but before the move was made: your "
            "orders count for it all the same.")
    assert late in " ".join(receipt.split())
    assert invoke("verify", str(rps.game)).exit_code == 0
    from tests import clock

    with clock.at("2026-12-04T20:00+00:00"):
        assert "move 1 undone" in invoke("undo", str(rps.game)).output
    assert sorted(rps.state()["table"]["orders"]) == ["BLUE", "RED"]  # the late throw is back with RED's
    assert invoke("verify", str(rps.game)).exit_code == 0


def test_lenient_with_early_a_late_mail_that_completes_the_round_resolves_it_at_once(rps: Trial):
    """Reading 132: with ``--early`` a late throw that makes the round ready resolves it at its arrival."""
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    rps.tick("2026-12-01T09:05+00:00")
    _throw(rps, "BLUE", "SCISSORS", "2026-12-04T18:30+00:00", "blue, late")
    rps.tick("2026-12-04T19:00+00:00")
    last = _records(rps)[-1]
    assert last["kind"] == "move" and last["missed"] == [] and last["at"] == "2026-12-04T18:30:00+00:00"
    assert rps.state()["state"]["wins"] == [1, 0] and "after the deadline" in _texts(rps, BERND, "receipt-")
    assert invoke("verify", str(rps.game)).exit_code == 0


def test_strict_mail_after_the_deadline_is_for_the_next_round(tmp_path: Path):
    """Reading 132, ``--strict``: the round at its deadline is resolved before a mail that arrived after it (BLUE
    missed it, RED's rock won), and that mail's throw counts for round 2, its receipt saying so, no word of lateness;
    whenever cron runs."""
    for cron in ("2026-12-04T19:00+00:00", "2026-12-06T09:00+00:00"):
        rps = make_trial(tmp_path / cron[:13], "rps")
        invoke("deadline", "set", str(rps.game), "--strict")
        _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
        _throw(rps, "BLUE", "PAPER", "2026-12-04T18:30+00:00", "blue, late")
        rps.tick(cron)
        first = [r for r in _records(rps) if r["kind"] == "move"]
        assert len(first) == 1 and first[0]["missed"] == ["BLUE"] and first[0]["at"] == "2026-12-04T18:00:00+00:00"
        assert rps.state()["state"]["wins"] == [1, 0] and rps.state()["table"]["orders"]["BLUE"]["lines"] == ["PAPER"]
        receipt = _texts(rps, BERND, "receipt-")
        assert "Your throw for round 2 is in." in receipt and "after the deadline" not in receipt
        assert invoke("verify", str(rps.game)).exit_code == 0


def test_lenient_a_killed_tick_neither_loses_nor_doubles_a_late_throw(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Killed at the late mail's receipt, then after the round was resolved (before the reminders): the next ticks
    accept the late throw once and resolve round 1 once, with it."""
    from adjudicator.postal import robot, turns
    from adjudicator.postal.loop import Tick
    from tests.clock import instant
    from tests.games.rps import PLAY

    rps = make_trial(tmp_path, "rps")

    def tick(when: str) -> None:
        robot.tick_game(str(rps.game), instant(when), Tick(str(rps.game)), turns.MovesGame(PLAY))

    def killed(*args: object) -> None:
        raise Killed

    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    rps.tick("2026-12-01T09:05+00:00")
    _throw(rps, "BLUE", "PAPER", "2026-12-04T18:30+00:00", "blue, late")
    monkeypatch.setattr(turns.Receipts, "send", killed)
    with pytest.raises(Killed):
        tick("2026-12-04T19:00+00:00")
    monkeypatch.undo()
    monkeypatch.setattr(turns.MovesSession, "remind", killed)
    with pytest.raises(Killed):
        tick("2026-12-04T19:05+00:00")
    monkeypatch.undo()
    rps.tick("2026-12-04T19:10+00:00")
    kinds = [r["kind"] for r in _records(rps)]
    assert kinds == ["opening", "orders", "orders", "move"], kinds
    assert _records(rps)[-1]["missed"] == [] and rps.state()["state"]["wins"] == [0, 1]
    assert len(rps.mails(BERND, "receipt-")) == 1 and len(rps.mails(BERND, "move-001")) == 1
    assert invoke("verify", str(rps.game)).exit_code == 0


def test_lenient_a_late_throw_whose_answer_was_lost_is_not_accepted_again_for_the_next_round(tmp_path: Path):
    """Reading 132 and a crash: the late throw counted for round 1, resolved at its deadline, but the mail's record
    of being answered was lost (written, not yet on disk): the next tick answers it again, finds its orders in the
    round resolved (``periods.accepted_from``) and accepts nothing for round 2."""
    rps = make_trial(tmp_path, "rps")
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    rps.tick("2026-12-01T09:05+00:00")
    _throw(rps, "BLUE", "PAPER", "2026-12-04T18:30+00:00", "blue, late")
    rps.tick("2026-12-04T19:00+00:00")
    (rps.game / "mail" / "inbox" / "00002" / "receipt.json").unlink()
    rps.tick("2026-12-04T19:05+00:00")
    kinds = [r["kind"] for r in _records(rps)]
    assert kinds == ["opening", "orders", "orders", "move"], kinds
    assert "orders" not in rps.state()["table"] and rps.state()["table"]["moves"] == 1
    assert invoke("verify", str(rps.game)).exit_code == 0


def test_accepted_orders_keep_each_lines_number_in_the_mail_and_old_games_still_load(rps: Trial):
    """The orders accepted keep each line's number in the mail (``Accepted.numbers``, the orders step's record
    ``numbers``), read again so at the resolve and by ``verify``; a table kept before the numbers (no ``numbers``)
    loads and its lines read from 1."""
    from adjudicator.kernel.table import Accepted

    rps.deliver(ANNA, rps.envelope("RED") + "\n\nROCK\n", "2026-12-01T09:00+00:00", "red")
    rps.tick("2026-12-01T09:05+00:00")
    kept = rps.state()["table"]["orders"]["RED"]
    assert kept["lines"][-1] == "ROCK" and kept["numbers"][-1] - kept["numbers"][0] == len(kept["lines"]) - 1
    assert kept["numbers"][0] > 1 and _records(rps)[-1]["numbers"] == kept["numbers"]
    old = Accepted.from_json({"mail": "m", "line": 3, "lines": ["ROCK"]})
    assert old.numbers == () and old.numbered() == [(1, "ROCK")] and "numbers" not in old.to_json()
    _throw(rps, "BLUE", "PAPER", "2026-12-01T10:00+00:00", "blue")
    rps.tick("2026-12-01T10:05+00:00")
    assert "RED rock, BLUE paper" in _texts(rps, ANNA, "move-001")
    assert invoke("verify", str(rps.game)).exit_code == 0


def test_status_json_says_whose_orders_are_in_and_when_not_what(rps: Trial):
    """The platform's ``status --json`` (every game; Dampfross's old ``companies`` rows are made from it): a seat
    whose orders for the period on hand are in says when its mail arrived, in the game's time zone; the mails queued
    and the mails not read yet are counted.  No seat's orders are shown."""
    _throw(rps, "RED", "ROCK", "2026-12-01T09:00+00:00", "red")
    invoke("mail", "fetch", str(rps.game))
    doc = json.loads(invoke("status", str(rps.game), "--json").output)
    assert doc["unanswered"] == 1 and "orders_arrived" not in doc["seats"][0]  # fetched, not read yet
    rps.tick("2026-12-01T09:05+00:00")
    doc = json.loads(invoke("status", str(rps.game), "--json").output)
    seats = {s["id"]: s for s in doc["seats"]}
    assert seats["RED"]["orders_arrived"] == "2026-12-01T09:00:00+00:00" and "orders_arrived" not in seats["BLUE"]
    queued = Outbox(MovesDir(rps.game)).queue_dir  # no SMTP here: the receipt and the others wait
    assert doc["unanswered"] == 0 and doc["outbox_waiting"] == len(list(queued.glob("*.json"))) > 0
    assert "ROCK" not in json.dumps(doc)


def test_status_json_says_when_orders_sent_in_an_attachment_arrived(rps: Trial):
    """Orders in an attached order file arrived with their mail: ``status --json`` says when, from the orders kept
    (``Accepted.arrived``); a table kept before that was looks it up by the mail's key in the inbox."""
    from email import message_from_bytes, policy

    from tests import clock
    from tests.mailservers import mail_bytes

    m = message_from_bytes(mail_bytes(ANNA, "My throw is attached.\n", "red", "2026-12-01T09:00+00:00"),
                           policy=policy.default)
    m.add_attachment(rps.envelope("RED") + "ROCK\n", filename="red.txt")  # type: ignore[attr-defined]
    clock.maildir_mail(rps.maildir, m.as_bytes(), "2026-12-01T09:00+00:00", "M0001P1.mx")
    rps.tick("2026-12-01T09:05+00:00")
    kept = rps.state()["table"]["orders"]["RED"]
    assert kept["mail"] == "mail-00001" and kept["arrived"] == "2026-12-01T09:00:00+00:00" and kept["lines"] == ["ROCK"]
    seats = {s["id"]: s for s in json.loads(invoke("status", str(rps.game), "--json").output)["seats"]}
    assert seats["RED"]["orders_arrived"] == "2026-12-01T09:00:00+00:00"
