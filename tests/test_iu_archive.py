"""Issue 24: InterUrban's archive covers every file a step keeps, and its refusals quote the line with a caret.

The record of each step seals its orders, each player's mail, a GM's position and the move's report by their
SHA-256 (the chain covers the record and the game files), so a one-byte change of any archived file fails
``adjudicate verify`` with a line naming the file, and a report or mail changed since is never printed or sent
as the text that was sent.  A game archived before the seals (``tests/data/iu-unsealed``, made by the program
at b90fc52) still loads, verifies and goes on.
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

from adjudicator.interurban.play import PLAY
from adjudicator.postal.moves import MovesDir
from tests.conftest import iu_maildir_game
from tests.helpers import invoke
from tests.mailservers import mail_bytes
from tests.test_iu_postal import a_move

UNSEALED = Path(__file__).parent / "data" / "iu-unsealed"


def _game(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    return iu_maildir_game(tmp_path, "sealed", "s")


def _send(tmp_path: Path, game: Path, sender: str, body: str, when: str) -> str:
    """A mail into the game's Maildir, and a tick at its time."""
    now = datetime.fromisoformat(when + "+00:00")
    subject = f"orders {when.replace(':', '')}"  # a Message-ID of its own
    (tmp_path / "in" / "new" / f"{int(now.timestamp())}.m").write_bytes(mail_bytes(sender, body, subject))
    return invoke("tick", str(game), "--now", now.isoformat()).output


def _move(tmp_path: Path, game: Path, secrets: dict[str, str], seat: str, when: str) -> None:
    state = MovesDir(game).load(PLAY).state
    address = {"RED": "a@x.org", "BLUE": "b@x.org"}[seat]
    out = _send(tmp_path, game, address, f"PLAYER {seat} PASSWORD {secrets[seat]}\n{a_move(state, seat)}\n", when)
    assert "made by" in out, out


def _played(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A game of a move, a missed move, a GM's change of an address and another move."""
    game, secrets = _game(tmp_path)
    _move(tmp_path, game, secrets, "RED", "2026-12-01T09:00")
    assert "missed" in invoke("tick", str(game), "--now", "2026-12-03T10:00+00:00").output
    invoke("player", "address", str(game), "BLUE", "bernd@x.net")
    _move(tmp_path, game, secrets, "RED", "2026-12-03T11:00")
    return game, secrets


def _one_byte_changed(path: Path) -> bytes:
    """Change one byte of ``path`` (a letter's case or a digit, from the middle on); returns the bytes before."""
    data = bytearray(path.read_bytes())
    before = bytes(data)
    for k in range(len(data) // 2, len(data)):
        c = chr(data[k])
        if c.isascii() and c.isalnum():
            data[k] = ord(str((int(c) + 1) % 10) if c.isdigit() else c.swapcase())
            path.write_bytes(bytes(data))
            return before
    raise AssertionError(f"{path}: no byte to change")


def test_every_step_seals_its_files_and_a_changed_byte_of_any_of_them_is_named(tmp_path: Path):
    game, _ = _played(tmp_path)
    lines = invoke("verify", str(game)).output.splitlines()
    assert all(line.startswith("OK: ") for line in lines) and len(lines) == 7, lines
    assert not any("before the records sealed" in line for line in lines)
    for step in MovesDir(game).steps():
        record = json.loads((step / "record.json").read_text())
        kept = {p.name for p in step.iterdir()} - {"record.json", "game-before.json", "game-after.json"}
        assert set(record["files"]) == kept, step
        assert ("report_sha256" in record) == (record["kind"] in ("opening", "move", "missed")), step
    archived = sorted(p for p in (game / "archive").rglob("*") if p.is_file())
    archived += sorted((game / "reports").iterdir()) + [game / "game.json"]
    kinds = {p.name.split("-")[0] for p in archived}
    assert {"mail", "orders.txt", "record.json", "game", "move"} <= kinds and len(archived) == 27
    for path in archived:
        before = _one_byte_changed(path)
        result = invoke("verify", str(game), ok=False)
        named = str(path.relative_to(game))
        failed = [line for line in result.output.splitlines() if line.startswith(("FAILED", "error:"))]
        assert result.exit_code == 1 and any(named in line for line in failed), (named, result.output)
        assert "Traceback" not in result.output
        path.write_bytes(before)
    assert invoke("verify", str(game)).exit_code == 0


def test_a_file_put_into_a_step_afterwards_or_taken_out_is_named(tmp_path: Path):
    game, _ = _played(tmp_path)
    extra = game / "archive" / "step-001" / "mail-EVE.txt"
    extra.write_text("forged\n")
    failed = invoke("verify", str(game), ok=False).output
    assert "FAILED: step-001: archive/step-001/mail-EVE.txt is not a file the step archived" in failed, failed
    extra.unlink()
    (game / "archive" / "step-004" / "orders.txt").unlink()
    failed = invoke("verify", str(game), ok=False).output
    assert "archive/step-004/orders.txt is missing" in failed, failed


def test_a_report_changed_after_it_was_sent_is_not_printed_as_sent(tmp_path: Path):
    game, _ = _played(tmp_path)
    report = game / "reports" / "move-001.txt"
    sent = invoke("report", str(game), "--turn", "1", "--archived").output
    assert sent == report.read_text()
    report.write_text(report.read_text().replace("Anna", "Anne", 1))
    for args in (["--turn", "1", "--archived"], ["--all"]):
        result = invoke("report", str(game), *args, ok=False)
        assert result.exit_code == 1 and "Anne" not in result.output
        assert "reports/move-001.txt was changed after it was archived" in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1
    result = invoke("site", str(game), str(tmp_path / "site"), ok=False)
    assert result.exit_code == 1 and "move-001.txt was changed" in result.output
    assert "report of move 2" not in invoke("report", str(game), "--turn", "2").output.lower()  # the others print


def test_a_mail_changed_in_the_archive_is_not_sent_again(tmp_path: Path):
    """A tick queues a move's mails from the archive when an earlier tick was killed before it queued them: a
    mail changed since is refused (one line naming it), never sent as the mail of the move."""
    game, secrets = _game(tmp_path)
    _move(tmp_path, game, secrets, "RED", "2026-12-01T09:00")
    outbox = game / "mail" / "outbox"
    for queued in outbox.glob("move-001-*"):
        queued.unlink()  # as if the tick had been killed before it queued them
    mail = game / "archive" / "step-001" / "mail-BLUE.txt"
    mail.write_text(mail.read_text().replace("Bernd", "Evil", 1))
    result = invoke("tick", str(game), "--now", "2026-12-01T09:30+00:00", ok=False)
    assert "archive/step-001/mail-BLUE.txt was changed after it was archived" in result.output, result.output
    assert "Traceback" not in result.output and not list(outbox.glob("move-001-*"))


def test_a_game_archived_before_the_seals_still_loads_verifies_and_goes_on(tmp_path: Path):
    game = tmp_path / "g"
    shutil.copytree(UNSEALED, game)
    for sub in ("cur", "new", "tmp"):
        (tmp_path / "in" / sub).mkdir(parents=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{tmp_path / "in"}"\n')
    lines = invoke("verify", str(game)).output.splitlines()
    assert all(line.startswith("OK: ") for line in lines), lines
    older = ("OK: 5 of the 5 steps were archived before the records sealed their files: their orders, mails and "
             "reports are not covered, only their records and game files")
    assert older in lines
    assert "Bernd (BLUE) is on move" in invoke("report", str(game), "--turn", "3").output
    secrets = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    state = MovesDir(game).load(PLAY).state
    out = _send(tmp_path, game, "bernd@x.net", f"PLAYER BLUE PASSWORD {secrets['BLUE']}\n{a_move(state, 'BLUE')}\n",
                "2026-12-04T10:00")
    assert "move 4 made by BLUE" in out
    lines = invoke("verify", str(game)).output.splitlines()
    assert all(line.startswith("OK: ") for line in lines) and "OK: 5 of the 6 steps were archived" in lines[-2]
    _one_byte_changed(game / "archive" / "step-005" / "mail-RED.txt")  # the new step is sealed
    assert "archive/step-005/mail-RED.txt was changed" in invoke("verify", str(game), ok=False).output


def test_a_refusal_receipt_quotes_the_line_with_a_caret_under_the_column(tmp_path: Path):
    game, secrets = _game(tmp_path)
    _send(tmp_path, game, "a@x.org", f"PLAYER RED PASSWORD {secrets['RED']}\n6 STRAIGT 1\nH CURVE 1 LEFT\x1b[2J\n",
          "2026-12-01T09:00")
    (receipt,) = (game / "mail" / "outbox").glob("receipt-*.eml")
    text = receipt.read_text()
    assert "Mail line 2, column 3:" in text and "\n    6 STRAIGT 1\n      ^\n" in text, text
    assert "\x1b" not in text
