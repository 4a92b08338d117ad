"""Issue 10: a failed send, a second tick at the same time, and a tick killed anywhere lose no mail and no turn."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.postal.lock import exclusive
from adjudicator.postal.moves import LOCK_FILE
from tests.helpers import dampfross_state, invoke
from tests.mailservers import SmtpServer, smtp_server
from tests.postal_game import setup_game, tick_times

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ)
DEADLINE = tick_times()[2]  # turn 1 runs at this tick


def tick_cli(game: Path, now: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "adjudicator", "tick", str(game), "--now", now], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def sent_names(game: Path) -> set[str]:
    return {p.stem for p in (game / "mail" / "sent").glob("*.json")}


def inbox_ids(game: Path) -> set[str]:
    return {json.loads(p.read_text())["message_id"] for p in (game / "mail" / "inbox").glob("*/meta.json")}


@pytest.fixture
def smtp() -> SmtpServer:  # type: ignore[misc]
    with smtp_server() as server:
        yield server


def before_deadline(tmp_path: Path, smtp: SmtpServer) -> Path:
    game = setup_game(tmp_path, smtp.toml())
    for now in tick_times()[:2]:
        invoke("tick", str(game), "--now", now)
    return game


def test_a_failed_send_leaves_the_turn_run_and_the_mail_queued(tmp_path: Path, smtp: SmtpServer):
    game = before_deadline(tmp_path, smtp)
    smtp.refuse = True
    failed = invoke("tick", str(game), "--now", DEADLINE, ok=False)
    assert failed.exit_code == 1
    assert "sending failed" in failed.output and "stay queued for the next try" in failed.output
    assert dampfross_state(game).turn == 2  # turn 1 was adjudicated all the same
    queued = {p.stem for p in (game / "mail" / "outbox").glob("*.json")}
    assert {"move-001-RED", "move-001-BLUE", "move-001-GREEN", "receipt-mail-00006"} <= queued
    smtp.refuse = False
    assert "mails sent" in invoke("tick", str(game), "--now", DEADLINE).output
    assert not list((game / "mail" / "outbox").glob("*.json"))
    assert queued <= set(smtp.names())
    assert invoke("tick", str(game), "--now", DEADLINE).output == ""


def test_mail_send_sends_a_turns_reports_again(tmp_path: Path, smtp: SmtpServer):
    game = before_deadline(tmp_path, smtp)
    invoke("tick", str(game), "--now", DEADLINE)
    count = len(smtp.mails)
    invoke("mail", "send", str(game), "--turn", "1", "--player", "blue")
    assert smtp.names()[count:] == ["move-001-BLUE"]
    assert "no seat NOPE" in invoke("mail", "send", str(game), "--player", "NOPE", ok=False).output


def test_a_second_tick_while_one_is_at_work_skips_the_game(tmp_path: Path, smtp: SmtpServer):
    game = before_deadline(tmp_path, smtp)
    with exclusive(game / LOCK_FILE, 1):  # the first tick, another process, is at work (holds the game's lock)
        busy = invoke("tick", str(game), "--now", DEADLINE)
        assert "another adjudicate is working on this game; skipped" in busy.output
        assert dampfross_state(game).turn == 1
    pair = [tick_cli(game, DEADLINE), tick_cli(game, DEADLINE)]
    results = [(p.wait(60), p.stderr.read() if p.stderr else "") for p in pair]
    assert [code for code, _ in results] == [0, 0], results
    assert dampfross_state(game).turn == 2
    names = smtp.names()
    assert len(names) == len(set(names))  # every mail sent once
    assert {"move-001-RED", "move-001-BLUE", "move-001-GREEN"} <= set(names)


def test_a_tick_killed_anywhere_loses_no_mail_and_no_turn(tmp_path: Path, smtp: SmtpServer):
    """``kill -9`` at points spread over a tick that fetches, answers, runs a turn and sends: the next tick
    ends where an unbroken tick ends (mail may go out twice, never not at all)."""
    pristine = before_deadline(tmp_path / "pristine", smtp)
    ref = Path(shutil.copytree(pristine.parent, tmp_path / "ref")) / "postal"
    start = time.monotonic()
    assert tick_cli(ref, DEADLINE).wait(60) == 0
    length = time.monotonic() - start
    want_state = (ref / "game.json").read_text()
    want_sent, want_ids = sent_names(ref), inbox_ids(ref)
    outcomes = []
    for k, share in enumerate((0.7, 0.85, 0.92, 0.96, 0.99, 1.02)):
        game = Path(shutil.copytree(pristine.parent, tmp_path / f"k{k}")) / "postal"
        proc = tick_cli(game, DEADLINE)
        time.sleep(length * share)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        outcomes.append((dampfross_state(game).turn, len(sent_names(game)),
                         len(inbox_ids(game))))
        again = invoke("tick", str(game), "--now", DEADLINE, ok=False)
        assert again.exit_code == 0, again.output
        assert (game / "game.json").read_text() == want_state, f"kill {k}"
        assert sent_names(game) == want_sent, f"kill {k}"
        assert inbox_ids(game) == want_ids, f"kill {k}"
        assert not list((game / "mail" / "outbox").glob("*.json"))
        assert invoke("verify", str(game)).exit_code == 0
    print(f"kills over {length:.2f} s left (turn, mails sent, mails stored): {outcomes}")



@pytest.mark.parametrize("lost", ["", "{\"keys\": ["])
def test_a_list_of_seen_mails_lost_in_a_crash_costs_only_reading_again(tmp_path: Path, smtp: SmtpServer, lost: str):
    """``seen.json`` is written without a sync (issue 34): a crash may leave it empty or cut.  The next tick reads the
    source again, finds every mail stored already (by its Message-ID or SHA-256), and answers and sends nothing
    twice."""
    game = before_deadline(tmp_path, smtp)
    sent, stored = sent_names(game), inbox_ids(game)
    (game / "mail" / "seen.json").write_text(lost)
    mails = len(smtp.mails)
    invoke("tick", str(game), "--now", tick_times()[1])
    assert sent_names(game) == sent and inbox_ids(game) == stored and len(smtp.mails) == mails
    assert len(list((game / "mail" / "inbox").glob("*/meta.json"))) == len(stored)
    assert json.loads((game / "mail" / "seen.json").read_text())["keys"]
