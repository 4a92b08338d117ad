"""Issue 24: nothing one game folder or one mail holds stops the tick of another game, or the rest of its own.

An unreadable folder, file or mail costs one ``error:`` line naming it; every other game runs, and a game with one
mail it cannot read still answers its other mails and runs its deadline.  And the inbox a tick asks again and
again for each mail is read once (1,000 one-line mails made a tick of 107 s holding the game's lock)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adjudicator.postal.inbox import Inbox
from adjudicator.postal.mailsource import Incoming
from adjudicator.postal.moves import MovesDir
from tests.helpers import dampfross_state, invoke
from tests.postal_game import setup_game, tick_times

UNREADABLE = "1763600000.M99P1.mx.example.org"
"""A mail file of the Maildir that cannot be read (delivered before the example's first tick)."""


def unreadable(path: Path) -> None:
    """A file that cannot be read, even by root: a link to this very process's memory (reading it at offset 0
    fails with an input/output error)."""
    path.symlink_to("/proc/self/mem")


def tick(*games: Path | str, now: str | None = None) -> tuple[int, str]:
    result = invoke("tick", *map(str, games), "--now", now or tick_times()[0], ok=False)
    return result.exit_code, result.output


def test_a_file_a_missing_folder_or_a_broken_game_among_ticks_arguments_stops_no_other_game(tmp_path: Path):
    """click refused the whole command for one plain file among the folders: no game on the cron line ran."""
    game = setup_game(tmp_path)
    plain = tmp_path / "notes.txt"
    plain.write_text("not a game\n")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "mail.toml").write_text((game / "mail.toml").read_text())
    unreadable(broken / "game.json")
    code, out = tick(plain, tmp_path / "missing", broken, game)
    assert code == 1 and "Traceback" not in out
    assert f"error: {plain}: not a game folder but a file" in out
    assert f"error: {tmp_path / 'missing'}: no such game folder" in out
    assert [line for line in out.splitlines() if line.startswith(f"error: {broken}: ") and "game.json" in line]
    assert f"{game}: mail 1 stored" in out and not [line for line in out.splitlines()
                                                      if line.startswith(f"error: {game}")]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a folder of mode 000 anyway")
def test_an_unreadable_game_folder_is_one_error_line(tmp_path: Path):
    locked, game = setup_game(tmp_path / "a"), setup_game(tmp_path / "b")
    locked.chmod(0)
    try:
        code, out = tick(locked, game)
    finally:
        locked.chmod(0o700)
    assert code == 1 and f"error: {locked}: cannot read the game folder" in out and f"{game}: mail 1 stored" in out


def test_an_unreadable_mail_costs_one_error_line_a_tick_and_the_game_runs_its_deadline(tmp_path: Path):
    """One unreadable file in a Maildir stopped that game's every tick, the deadline's too."""
    game = setup_game(tmp_path)
    bad = tmp_path / "maildir" / "new" / UNREADABLE
    unreadable(bad)
    outs = [tick(game, now=when) for when in tick_times()]
    for code, out in outs:
        errors = [line for line in out.splitlines() if line.startswith("error:")]
        assert code == 1 and len(errors) == 1 and str(bad.name) in errors[0] and "cannot be read" in errors[0]
    everything = "".join(out for _, out in outs)
    assert "Traceback" not in everything and dampfross_state(game).turn == 3  # turns 1 and 2 ran at their deadlines
    assert "turn 1 adjudicated" in everything or f"{game}: move 1 made by " in everything  # and said so
    clean = setup_game(tmp_path / "clean")
    for when in tick_times():
        tick(clean, now=when)
    stored = Inbox(MovesDir(game)).mails()
    assert [m.meta["sha256"] for m in stored] == [m.meta["sha256"] for m in Inbox(MovesDir(clean)).mails()]
    assert all(m.receipt() is not None for m in stored)
    seen = json.loads((game / "mail" / "seen.json").read_text())["keys"]
    assert f"maildir:{UNREADABLE.split(':')[0]}" not in seen  # asked for again once it can be read
    bad.unlink()
    bad.write_bytes(b"From: anna@example.org\r\nSubject: late\r\n\r\nhello\r\n")
    code, out = tick(game, now=tick_times()[-1])
    assert "error:" not in out and "subject 'late'" in out


def test_a_maildir_name_with_a_number_beyond_any_clock_is_read_by_its_files_time(tmp_path: Path):
    game = setup_game(tmp_path)
    far = tmp_path / "maildir" / "new" / f"{'9' * 30}.M1P1.mx"
    far.write_bytes(b"From: x@example.org\r\nSubject: far\r\n\r\n")
    arrived = datetime.fromisoformat("2025-11-20T10:00+01:00").timestamp()  # before the first tick
    os.utime(far, (arrived, arrived))
    _, out = tick(game)
    assert "Traceback" not in out and "subject 'far'" in out


# --- the inbox, read once a tick --------------------------------------------------------------------------------

def mail(n: int, minute: int) -> Incoming:
    data = f"From: s{n}@spam.example\r\nMessage-ID: <{n}@spam.example>\r\nSubject: {n}\r\n\r\nbuy {n}\r\n".encode()
    return Incoming(f"eml:{n}", data, len(data), datetime(2025, 11, 20, 10, minute, tzinfo=UTC))


def test_the_inbox_keeps_what_it_read_and_wrote_for_the_tick(tmp_path: Path):
    """The inbox was read again for every mail (every meta.json and receipt.json for each one): the records a
    tick asks for are kept, a record written is kept as it reads back, and a fresh inbox reads the same."""
    folder = MovesDir(tmp_path)
    inbox = Inbox(folder)
    now = datetime(2025, 11, 20, 11, tzinfo=UTC)
    for n, minute in ((1, 5), (2, 3), (3, 4)):
        inbox.store(mail(n, minute), now)
    assert [m.meta["subject"] for m in inbox.mails()] == ["2", "3", "1"]  # by arrival, the new ones kept in place
    assert inbox.store(mail(3, 4), now)[1] is False  # the same mail again
    assert inbox.duplicate_of("<3@spam.example>", "") is None  # a Message-ID alone is anybody's: no copy
    first = inbox.mails()[0]
    inbox.answered(first, {"turn": 1, "counted": ("RED",)})
    assert inbox.records() == [(first, {"turn": 1, "counted": ["RED"]})]
    assert [m.meta["subject"] for m in inbox.unanswered()] == ["3", "1"]
    (first.folder / "receipt.json").write_text('{"turn": 99}')  # changed behind the tick's back: not read again
    assert inbox.records()[0][1] == {"turn": 1, "counted": ["RED"]}
    assert Inbox(folder).records()[0][1] == {"turn": 99}
    other = Inbox(folder).mails()[1]  # a mail of another inbox object answered through this one
    inbox.answered(other, {"turn": 2})
    assert other.receipt() == {"turn": 2} and [d for _, d in inbox.records()] == [{"turn": 1, "counted": ["RED"]},
                                                                                   {"turn": 2}]
