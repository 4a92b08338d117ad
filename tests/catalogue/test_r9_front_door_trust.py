"""The rules catalogue, R9-T (the front door, continued): a robot the players can trust (issue 32).

A From line is forgeable, so nothing that anybody could send may cost a player his turn, his receipts or his
password: the red team's cases, each run against every game the platform serves (the ``trial`` fixture of
``tests/conftest.py``: Dampfross, InterUrban and the tests' own take-away).  docs/hardening.md states each budget
and what a forged mail can and cannot cost a player."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import ANNA, BERND, Trial
from tests.helpers import invoke

MALLORY = "mallory@example.com"


def _text(msg: object) -> str:
    return str(msg.get_body(preferencelist=("plain",)).get_content())  # type: ignore[attr-defined]


def _new_password(trial: Trial) -> str:
    ((_, mailed),) = trial.mails(ANNA, "password-")
    found = re.search(r"(?:New password|Neues Passwort): (\S+)", _text(mailed))
    assert found, _text(mailed)
    return found.group(1)


def _passwords(trial: Trial) -> dict[str, str]:
    return dict(line.split(None, 1) for line in (trial.game / "passwords.txt").read_text().splitlines()
                if " " in line)


def test_T01_twelve_forged_mails_and_a_forged_reset_lock_nobody_out(trial: Trial):
    """The lockout: twelve one-line mails forged as from RED's address spend its budget of replies, a thirteenth
    asks for a new password.  The password mail is sent all the same (to the address on file, never stopped by a
    budget), the old password stays RED's until RED uses the new one, so RED's orders with the password RED holds
    count, and their receipt reaches RED."""
    for i in range(12):
        trial.deliver(ANNA, "HELP\n", f"2026-12-01T09:{i:02d}+00:00", f"forged {i}")
    trial.deliver(ANNA, "PASSWORD RESET RED\n", "2026-12-01T09:20+00:00", "forged reset")
    trial.tick("2026-12-01T09:25+00:00")
    assert len(trial.mails(ANNA, "answer-")) == 12  # the budget of replies to unauthenticated mail is spent
    assert _new_password(trial)  # and yet the new password went out, to RED's address on file
    old = trial.passwords["RED"]
    assert _passwords(trial)["RED"].strip() == old
    trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-01T10:00+00:00", "my orders")
    trial.tick("2026-12-01T10:05+00:00")
    assert trial.counted("RED") and _passwords(trial)["RED"].strip() == old
    assert trial.mails(ANNA, "receipt-")  # the receipt is never silenced by the forged mails


def test_T02_a_valid_section_after_twelve_forged_mails_gets_its_receipt(trial: Trial):
    """The silenced receipts: twelve forged STATUS mails spend the address's replies; the real player's section,
    with the right password, still gets its receipt (it spends no budget: only the player could cause it), and a
    thirteenth forged mail gets nothing."""
    for i in range(12):
        trial.deliver(ANNA, "STATUS\n", f"2026-12-01T09:{i:02d}+00:00", f"forged {i}")
    trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-01T09:30+00:00", "mine")
    trial.deliver(ANNA, "STATUS\n", "2026-12-01T09:40+00:00", "forged 13")
    trial.tick("2026-12-01T09:45+00:00")
    assert len(trial.mails(ANNA, "answer-")) == 12 and len(trial.mails(ANNA, "receipt-")) == 1
    assert trial.counted("RED")


def test_T03_a_player_who_forgot_his_password_plays_the_move_he_is_on(trial: Trial):
    """The forgetful player: RED is on move (or the turn is open) and has lost the password; RED asks for a new
    one and plays with it at once, in the same period: the new one counts from its first use."""
    trial.deliver(ANNA, "Hello, I lost my password.\nPASSWORD RESET\n", "2026-12-01T09:00+00:00", "reset")
    trial.tick("2026-12-01T09:05+00:00")
    new = _new_password(trial)
    trial.deliver(ANNA, trial.envelope("RED", new) + trial.orders("RED"), "2026-12-01T09:10+00:00", "orders")
    out = trial.tick("2026-12-01T09:15+00:00")
    assert trial.counted("RED") and "RED used its new password" in out
    assert _passwords(trial)["RED"].strip() == new
    trial.deliver(ANNA, trial.envelope("RED") + "PASS\n", "2026-12-01T09:20+00:00", "old password")
    trial.tick("2026-12-01T09:25+00:00")
    (last,) = [m for n, m in trial.mails(ANNA) if n.startswith("receipt-")][-1:]
    said = " ".join(_text(last).split()).lower()
    assert "wrong password" in said or "password for red is wrong" in said  # from then on only the new one counts


def test_T04_the_guess_limit_covers_command_mails(trial: Trial):
    """Guesses on command mails: BLUE's player tries RED's password in command mails; past twenty wrong guesses
    even the right password is not tried, so SET ADDRESS mails no token to the guesser."""
    for i in range(21):
        trial.deliver(BERND, f"PLAYER RED PASSWORD guess-{i:02d}\nSTATUS\n", f"2026-12-01T09:{i:02d}+00:00", f"g{i}")
    trial.deliver(BERND, f"PLAYER RED PASSWORD {trial.passwords['RED']}\nSET ADDRESS {MALLORY}\n",
                  "2026-12-01T09:40+00:00", "got it")
    trial.tick("2026-12-01T09:45+00:00")
    assert not trial.mails(MALLORY)
    answers = [" ".join(_text(m).split()) for _, m in trial.mails(BERND, "answer-")]
    assert any("Too many wrong passwords came from this address" in a for a in answers) or len(answers) == 12
    records = [json.loads(p.read_text()) for p in (trial.game / "mail" / "inbox").glob("*/receipt.json")]
    assert sum(int(r.get("guesses", 0)) for r in records) == 20  # the right one was never tried


def test_T05_a_tick_over_a_thousand_mails_prints_at_most_fifty_lines(trial: Trial):
    """A flood of a thousand strangers' mails makes a tick that cron mails to the GM: at most fifty lines, every
    line in the game's mail/tick.log."""
    for i in range(1000):
        trial.deliver(f"spam{i}@example.net", f"buy {i}\n", f"2026-12-01T09:{i % 60:02d}+00:00", f"spam {i}")
    out = trial.tick("2026-12-01T10:05+00:00")
    assert len(out.splitlines()) <= 50, out
    log = (trial.game / "mail" / "tick.log").read_text()
    assert log.count(" stored: ") >= 1000 and "tick.log" in out


def test_T06_an_unreadable_record_in_the_inbox_costs_that_mail_and_nothing_else(trial: Trial, tmp_path: Path):
    """A stored mail's record (meta.json) or receipt record that cannot be read stopped that game's every tick
    and its turn: now it costs that mail alone, named in one error line, and the next mail counts."""
    trial.deliver(MALLORY, "hello\n", "2026-12-01T09:00+00:00", "one")
    trial.deliver(BERND, "hello again\n", "2026-12-01T09:01+00:00", "two")
    trial.tick("2026-12-01T09:05+00:00")
    inbox = sorted((trial.game / "mail" / "inbox").iterdir())
    for folder, name in zip(inbox[-2:], ("meta.json", "receipt.json"), strict=True):
        (folder / name).unlink()
        (folder / name).symlink_to("/proc/self/mem")  # reading it fails with an input/output error, even as root
    trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-01T10:00+00:00", "orders")
    result = invoke("tick", str(trial.game), "--now", "2026-12-01T10:05+00:00", ok=False)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert result.exit_code == 1 and len(errors) == 2 and "Traceback" not in result.output, result.output
    assert all("cannot read" in line for line in errors)
    assert trial.counted("RED")


def test_T07_an_outbox_that_cannot_be_written_costs_its_mails_never_the_turn(trial: Trial):
    """An outbox the robot cannot write (here a file where its folder should be) stopped the game's every tick,
    and with it the turn (or the missed move) at the deadline: now each mail that cannot be queued is one error
    line, the mails are read and the deadline runs."""
    trial.deliver(ANNA, trial.envelope("RED") + trial.orders("RED"), "2026-12-01T09:00+00:00", "orders")
    outbox = trial.game / "mail" / "outbox"
    kept = trial.game / "outbox-kept"
    outbox.rename(kept)
    outbox.write_text("not a folder\n")
    archive = trial.game / "archive"  # every game's steps (the session's)
    steps = len(list(archive.glob("*"))) if archive.is_dir() else 0
    result = invoke("tick", str(trial.game), "--now", "2026-12-04T18:30+00:00", ok=False)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert [line for line in result.output.splitlines() if line.startswith("error:") and "queued" in line]
    assert trial.counted("RED") and len(list(archive.glob("*"))) > steps  # the turn (or the missed move) ran
    outbox.unlink()
    kept.rename(outbox)
    trial.tick("2026-12-04T18:35+00:00")  # the outbox back: the mails owed are queued again
    assert trial.mails(ANNA, "report-") or trial.mails(ANNA, "move-")
