"""Issue 24: the GM's corrections of an InterUrban game (``adjudicate fix seat``, ``fix position``).

Each is a step of the archive with the GM's reason, printed in the report of the next move (never an address
or a password) and done again by ``verify``; a correction a game cannot take is refused in one line.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from adjudicator.interurban.play import PLAY
from adjudicator.postal.moves import MovesDir
from tests.conftest import iu_maildir_game
from tests.helpers import invoke
from tests.mailservers import mail_bytes
from tests.test_iu_postal import a_move

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def _game(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    return iu_maildir_game(tmp_path, "fix", "f")


def _send(tmp_path: Path, game: Path, sender: str, seat: str, password: str, when: str) -> str:
    """The move of ``seat`` by mail from ``sender``, and a tick at its time."""
    state = MovesDir(game).load(PLAY).state
    now = datetime.fromisoformat(when + "+00:00")
    body = f"PLAYER {seat} PASSWORD {password}\n{a_move(state, seat)}\n"
    subject = f"move {when.replace(':', '')}"  # a Message-ID of its own
    (tmp_path / "in" / "new" / f"{int(now.timestamp())}.m").write_bytes(mail_bytes(sender, body, subject))
    return invoke("tick", str(game), "--now", now.isoformat()).output


def _verified(game: Path) -> list[str]:
    lines = invoke("verify", str(game)).output.splitlines()
    assert all(line.startswith("OK: ") for line in lines), lines
    return lines


def test_a_seat_corrected_is_archived_printed_in_the_next_report_and_done_again_by_verify(tmp_path: Path):
    game, secrets = _game(tmp_path)
    out = invoke("fix", "seat", str(game), "BLUE", "--email", "bernd@x.net", "--lang", "de", "--why",
                 "Bernd moved").output
    assert out == "BLUE corrected: Bernd, bernd@x.net, de; printed in the next report.\n"
    seat = MovesDir(game).load(PLAY).table.seat("BLUE")
    assert (seat.name, seat.address, seat.lang) == ("Bernd", "bernd@x.net", "de")
    record = json.loads((game / "archive" / "step-001" / "record.json").read_text())
    assert record["kind"] == "fix" and record["why"] == "Bernd moved" and record["set"]["address"] == "bernd@x.net"
    assert "move 1 made by RED" in _send(tmp_path, game, "a@x.org", "RED", secrets["RED"], "2026-12-01T09:00")
    report = (game / "reports" / "move-001.txt").read_text()
    assert "The game master's corrections since the last move:" in report, report
    assert "Changed for Bernd (BLUE): mail address and language. The reason: Bernd moved" in " ".join(report.split())
    assert "bernd@x.net" not in report
    german = (game / "archive" / "step-002" / "mail-BLUE.txt").read_text()
    assert "Geändert für Bernd (blau): Mailadresse und Sprache." in " ".join(german.split()), german
    assert "Mailadresse" in (game / "mail" / "outbox" / "move-001-BLUE.eml").read_text()
    assert "bernd@x.net" in (game / "mail" / "outbox" / "move-001-BLUE.json").read_text()
    assert "move 2 made by BLUE" in _send(tmp_path, game, "bernd@x.net", "BLUE", secrets["BLUE"], "2026-12-01T10:00")
    assert "corrections" not in (game / "reports" / "move-002.txt").read_text()  # printed once
    lines = _verified(game)
    assert "OK: step-001: fix done again: the same" in lines


def test_a_new_password_goes_to_the_seat_and_the_old_one_stops_working(tmp_path: Path):
    game, secrets = _game(tmp_path)
    out = invoke("fix", "seat", str(game), "RED", "--new-password", "--why", "the password was lost").output
    assert "The new password is queued to the seat's address" in out
    new = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())["RED"]
    assert new != secrets["RED"]
    (mail,) = (game / "mail" / "outbox").glob("takeover-RED-*.eml")
    assert new in mail.read_text() and "a@x.org" in mail.with_suffix(".json").read_text()
    assert "made by" not in _send(tmp_path, game, "a@x.org", "RED", secrets["RED"], "2026-12-01T09:00")
    assert "move 1 made by RED" in _send(tmp_path, game, "a@x.org", "RED", new, "2026-12-01T09:10")
    report = " ".join((game / "reports" / "move-001.txt").read_text().split())
    assert "Changed for Anna (RED): password. The reason: the password was lost" in report and new not in report
    # a stand-by: a new name and address with a new password, by 'fix seat' or 'player replace' alike
    out = invoke("player", "replace", str(game), "BLUE", "--name", "Dora", "--email", "dora@x.org").output
    assert "queued" in out
    assert "move 2 made by BLUE" not in _send(tmp_path, game, "b@x.org", "BLUE", secrets["BLUE"], "2026-12-01T10:00")
    dora = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())["BLUE"]
    assert "move 2 made by BLUE" in _send(tmp_path, game, "dora@x.org", "BLUE", dora, "2026-12-01T10:10")
    report = " ".join((game / "reports" / "move-002.txt").read_text().split())
    assert "Changed for Dora (BLUE): name, mail address and password. The reason: a stand-by takes over" in report
    _verified(game)
    assert MovesDir(game).load(PLAY).table.seat("BLUE").name == "Dora"
    assert json.loads((game / "archive" / "step-003" / "record.json").read_text())["set"]["name"] == "Dora"


def test_a_teaching_position_replaces_the_state_and_verify_does_it_again(tmp_path: Path):
    game, secrets = _game(tmp_path)
    start = MovesDir(game).load(PLAY).state
    seed = (game / "seed.txt").read_text().strip()
    made, _ = PLAY.read(start, "RED", [(1, a_move(start, "RED"))])
    lesson, _ = PLAY.move(start, "RED", made, PLAY.draw(seed))
    made, _ = PLAY.read(lesson, "BLUE", [(1, a_move(lesson, "BLUE"))])
    lesson, _ = PLAY.move(lesson, "BLUE", made, PLAY.draw(seed))
    position = tmp_path / "lesson.json"
    position.write_text(json.dumps(PLAY.dump(lesson)))
    out = invoke("fix", "position", str(game), str(position), "--why", "lesson 1: a line's second station").output
    assert out == f"position set from {position}: RED on move; printed in the next report.\n"
    after = MovesDir(game).load(PLAY)
    assert after.state == lesson and after.table.moves == 0
    assert (game / "archive" / "step-001" / "position.json").read_text() == position.read_text()
    assert "move 1 made by RED" in _send(tmp_path, game, "a@x.org", "RED", secrets["RED"], "2026-12-01T09:00")
    report = " ".join((game / "reports" / "move-001.txt").read_text().split())
    assert "The game master set up a new position. The reason: lesson 1: a line's second station" in report
    lines = _verified(game)
    assert lines[2:4] == ["OK: step-001: fix done again: the same", "OK: step-002: move played again: the same"]
    # a whole game file is a position too (its state); the archived position is sealed
    out = invoke("fix", "position", str(game), str(game / "archive" / "step-000" / "game-after.json"), "--why",
                 "back to the start").output
    assert "RED on move" in out and MovesDir(game).load(PLAY).state == start
    kept = game / "archive" / "step-001" / "position.json"
    kept.write_text(kept.read_text().replace('"moves": 2', '"moves": 3'))
    assert "archive/step-001/position.json was changed" in invoke("verify", str(game), ok=False).output


def test_a_position_that_is_no_state_of_this_game_is_refused_in_one_line(tmp_path: Path):
    game, _ = _game(tmp_path)
    steps = len(MovesDir(game).steps())
    state = PLAY.dump(MovesDir(game).load(PLAY).state)
    cases = {"not JSON": "{", "damaged": json.dumps({**state, "board": "x"}),
             "other players": json.dumps({**state, "players": ["RED", "GREEN"]})}
    for name, text in cases.items():
        bad = tmp_path / f"{name}.json"
        bad.write_text(text)
        result = invoke("fix", "position", str(game), str(bad), "--why", "x", ok=False)
        lines = result.output.strip().splitlines()
        assert result.exit_code == 1 and len(lines) == 1 and str(bad) in lines[0], (name, result.output)
    assert len(MovesDir(game).steps()) == steps


def test_a_correction_a_game_cannot_take_says_so_in_one_line(tmp_path: Path):
    game, _ = _game(tmp_path)
    for args in (["balance", str(game), "RED", "3"], ["track", str(game), "add", "RED", "0101", "0102"],
                 ["rule", str(game), "fixed_races=6"]):
        result = invoke("fix", *args, "--why", "x", ok=False)
        assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
        assert f"error: fix {args[0]}: an interurban game has no" in result.output and "fix seat" in result.output
    dampfross = tmp_path / "d"
    invoke("new", str(dampfross), "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "d")
    position = tmp_path / "p.json"
    position.write_text("{}")
    for args in (["position", str(dampfross), str(position)], ["seat", str(dampfross), "RED", "--lang", "de"]):
        result = invoke("fix", *args, "--why", "x", ok=False)
        assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
        assert f"error: fix {args[0]}: a dampfross game has no" in result.output
    result = invoke("fix", "seat", str(game), "GREEN", "--lang", "de", "--why", "x", ok=False)
    assert result.exit_code == 1 and "no player GREEN in game g" in result.output
    result = invoke("fix", "seat", str(game), "RED", "--why", "x", ok=False)
    assert result.exit_code == 1 and "--new-password" in result.output


def test_undo_of_a_new_password_puts_the_gms_passwords_file_back(tmp_path: Path):
    """``undo`` took back a stand-by's seat but left his password in the GM's passwords file: the GM read a
    password that no longer opened the seat.  The file as it was is kept in the step (0600) and put back."""
    game, secrets = _game(tmp_path)
    before = (game / "passwords.txt").read_text()
    invoke("player", "replace", str(game), "BLUE", "--name", "Dora", "--email", "dora@x.org")
    assert (game / "passwords.txt").read_text() != before
    assert ((game / "archive" / "step-001" / "passwords-before.txt").stat().st_mode & 0o777) == 0o600
    _verified(game)
    invoke("undo", str(game))
    assert (game / "passwords.txt").read_text() == before
    assert MovesDir(game).load(PLAY).table.seat("BLUE").name != "Dora"
    assert "move 1 made by RED" in _send(tmp_path, game, "a@x.org", "RED", secrets["RED"], "2026-12-01T09:00")
