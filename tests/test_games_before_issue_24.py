"""Issue 24, done when: games started before the one postal loop go on and verify.  The folders in
``tests/data/before-issue-24/`` were made by the program at 3080aa5 (the example postal game of Dampfross after
two ticks, an InterUrban game after two moves by mail), with their inboxes, outboxes and archives as that
version wrote them; this version ticks them on and ``verify`` passes (the Dampfross game, of the old format, is
upgraded to the one session's by its first tick: ``dampfross/app/convert.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.helpers import dampfross_state, invoke
from tests.mailservers import mail_bytes

OLD = Path(__file__).resolve().parent / "data" / "before-issue-24"


def _verified(game: Path) -> list[str]:
    lines = invoke("verify", str(game)).output.splitlines()
    assert lines and all(line.startswith("OK: ") for line in lines), lines
    return lines


def test_a_dampfross_game_started_before_goes_on_and_verifies(tmp_path: Path):
    shutil.copytree(OLD / "dampfross", tmp_path / "d")
    game = tmp_path / "d" / "postal"
    out = invoke("tick", str(game), "--now", "2025-11-21T18:05+01:00").output
    assert f"{game}: converted to a game of the one session (play dampfross)" in out  # the first command upgrades it
    assert (game / "old-format" / "game.json").is_file() and not (game / "turns").exists()
    assert dampfross_state(game).turn == 2 and ("turn 1 adjudicated" in out or f"{game}: move 1 made by " in out)
    out = invoke("tick", str(game), "--now", "2025-11-28T18:05+01:00").output
    assert "converted" not in out  # once
    assert dampfross_state(game).turn == 3 and ("turn 2 adjudicated" in out or f"{game}: move 2 made by " in out)
    _verified(game)
    assert invoke("tick", str(game), "--now", "2025-11-28T18:10+01:00").output == ""  # nothing more to do


def test_an_interurban_game_started_before_goes_on_and_verifies(tmp_path: Path):
    shutil.copytree(OLD / "interurban", tmp_path / "i")
    game = tmp_path / "i" / "tram"
    red = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())["RED"]
    (tmp_path / "i" / "maildir" / "new" / "1796200200.move3.eml").write_bytes(mail_bytes(
        "anna@example.org", f"Hi,\nGAME tram\nPLAYER RED PASSWORD {red}\nMOVE 3\n2 STRAIGHT 1\n3 STRAIGHT 1\nAnna\n",
        "move 3"))
    out = invoke("tick", str(game), "--now", "2026-12-02T10:00+01:00").output
    assert "move 3 made by RED" in out, out
    _verified(game)
