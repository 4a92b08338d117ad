"""The GM's workflow end to end on the tiny map: new, run, dry run, check, verify, undo, failures."""

from __future__ import annotations

import fcntl
import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import cli
from tests.helpers import dampfross_state, invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


@pytest.fixture
def game(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g1", "--map", TINY, "--player", "RED:Rot", "--player", "BLUE:Blau", "--seed", "fixture")
    return tmp_path / "g1"


def passwords(game: Path) -> dict[str, str]:
    return dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())


def orders(game: Path, turn: int = 1, red_pw: str | None = None, extra: str = "") -> Path:
    pw = passwords(game)
    text = (
        f"GAME g1\nTURN {turn}\nPLAYER RED PASSWORD {red_pw or pw['RED']}\nSTART Nordstadt\n"
        "BUILD Nordstadt - 0403 - 0404\n"
        f"\nPLAYER BLUE PASSWORD {pw['BLUE']}\nSTART Nordstadt\nBUILD Nordstadt - 0502\n{extra}"
    )
    path = game.parent / f"turn{turn}.orders"
    path.write_text(text, encoding="utf-8")
    return path


def snapshot(game: Path) -> dict[str, bytes]:
    return {str(p.relative_to(game)): p.read_bytes() for p in sorted(game.rglob("*")) if p.is_file()}


def records(game: Path) -> list[tuple[Path, dict]]:
    """Each step of the session's archive and its record."""
    return [(p.parent, json.loads(p.read_text(encoding="utf-8"))) for p in sorted(game.glob("archive/step-*/record.json"))]


def test_new_writes_the_game_directory(game: Path):
    assert {p.name for p in game.iterdir()} == {"game.json", "map.yaml", "passwords.txt", "seed.txt", "reports",
                                                "archive", ".lock"}
    assert {p.name for p in (game / "archive" / "step-000").iterdir()} == {"record.json", "game-after.json"}
    for secret in ("passwords.txt", "seed.txt"):
        assert stat.S_IMODE(os.stat(game / secret).st_mode) == 0o600
    doc = json.loads((game / "game.json").read_text())
    assert doc["play"] == "dampfross" and doc["table"]["commitment"] == doc["state"]["dice"]["commitment"]
    assert doc["state"]["dice"]["commitment"] in (game / "reports" / "move-000.txt").read_text()
    assert all("password" not in k or k == "password_hash" for p in doc["state"]["players"] for k in p)
    assert all("password" not in k or k == "password_hash" for s in doc["table"]["seats"] for k in s)
    assert not any(pw in (game / "game.json").read_text() for pw in passwords(game).values())


def test_main_command_finds_the_game_by_its_game_line(game: Path):
    path = orders(game)
    result = invoke(path.name)
    assert "Turn 1 report" in result.output
    assert (game / "reports" / "move-001.txt").is_file()
    steps = records(game)
    move = next(step for step, r in steps if r["kind"] == "move")
    assert "private report for RED" in (move / "mail-RED.txt").read_text()
    # each company's section of the file archived as its orders step, at its lines of the file
    lines = path.read_text().splitlines()
    for step, r in steps:
        if r["kind"] == "orders":
            assert r["file"] == path.name and (step / "orders.txt").read_text().splitlines() == \
                [lines[n - 1] for n in r["numbers"]]
    assert sorted(r["seat"] for _, r in steps if r["kind"] == "orders") == ["BLUE", "RED"]
    state = dampfross_state(game)
    assert state.turn == 2 and len(state.track) == 3
    assert state.balances_from_ledger() == {p.id: p.balance for p in state.players}


def test_a_run_makes_its_files_durable_once_when_it_is_done(game: Path, monkeypatch: pytest.MonkeyPatch):
    """``app/moverun.py: run_period`` under ``postal/files.py: deferred_sync``: the turn's steps, game file and
    reports are written as ever, and made durable by one sync at the end, the game's lock still held, not a fsync
    each; a refused run writes nothing and syncs nothing."""
    events: list[str] = []
    real_sync, real_fsync = os.sync, os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1])

    def sync() -> None:
        # another process's try at the lock (flock: per open file)
        with open(game / ".lock", "a") as other, pytest.raises(BlockingIOError):
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        events.append("sync")
        real_sync()

    monkeypatch.setattr(os, "sync", sync)
    path = orders(game)
    invoke("run", str(path), "--now", "2026-12-01T12:00:00+00:00")
    assert events == ["sync"] and dampfross_state(game).turn == 2
    invoke("run", str(path), "--game", str(game), "--now", "2026-12-01T12:05:00+00:00", ok=False)  # turn 1 again
    assert events == ["sync"]


def test_dry_run_writes_nothing(game: Path):
    before = snapshot(game)
    result = invoke("run", str(orders(game)), "--dry-run")
    assert "Turn 1 report" in result.output
    assert snapshot(game) == before


def test_same_turn_twice_is_refused(game: Path):
    path = orders(game)
    invoke(str(path))
    before = snapshot(game)
    result = invoke(str(path), ok=False)
    assert result.exit_code == 1 and "already adjudicated" in result.output
    assert snapshot(game) == before


def test_wrong_password_builds_nothing_unless_trusted(game: Path):
    result = invoke(str(orders(game, red_pw="nottheone")), "--dry-run")
    assert "turn1.orders:3: a section for RED: wrong password; it does not count" in result.output
    # the turn's refused sections reach the report: RED builds nothing, and why
    assert "RED (Rot): allowance" in result.output and "builds nothing: wrong password" in result.output
    result = invoke(str(orders(game, red_pw="nottheone")), "--dry-run", "--trust")
    assert "builds nothing" not in result.output


def test_check_prices_orders_and_changes_nothing(game: Path):
    before = snapshot(game)
    result = invoke("check", str(orders(game)), "--game", str(game))
    assert "0402-0403  plain" in result.output and ", left " in result.output
    assert snapshot(game) == before
    bad = orders(game, extra="BIULD 0502 - 0503\n")
    result = invoke("check", str(bad), ok=False)
    assert result.exit_code == 1 and "did you mean BUILD?" in result.output


@pytest.mark.parametrize("case", ["other game", "missing file", "exception"])
def test_a_failed_run_leaves_everything_untouched(game: Path, monkeypatch, case):
    before = snapshot(game)
    path = orders(game)
    args = [str(path), "--game", str(game)]
    if case == "other game":
        path.write_text(path.read_text().replace("GAME g1", "GAME g2"))
    elif case == "missing file":
        args = [str(path), "nosuchfile.orders", "--game", str(game)]
    else:
        def boom(*a, **k):
            raise RuntimeError("injected failure")
        monkeypatch.setattr("adjudicator.dampfross.report.building.private_report", boom)  # as run imports it
    if case == "exception":
        with pytest.raises(RuntimeError):
            CliRunner().invoke(cli, args, catch_exceptions=False)
    else:
        result = invoke(*args, ok=False)
        assert result.exit_code == 1 and "Traceback" not in result.output
        if case == "other game":  # refused by the problem's code, GAME_MISMATCH, worded by the phrasebook
            assert "orders for another game:" in result.output
            assert "GAME g2 does not match game g1 (named by the GM)" in result.output
        else:  # MISSING_FILE
            assert "cannot read the orders:\nnosuchfile.orders: syntax: no such file or directory" in result.output
    assert snapshot(game) == before


def test_failure_while_writing_the_archive_keeps_game_json(game: Path, monkeypatch):
    before = (game / "game.json").read_bytes()
    calls = {"n": 0}
    import adjudicator.postal.files as files

    real = files._write_staged  # each file of the archive's stage folder

    def flaky(path, text, mode=0o644):
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(28, "No space left on device")
        return real(path, text, mode)

    monkeypatch.setattr(files, "_write_staged", flaky)
    result = CliRunner().invoke(cli, [str(orders(game))], catch_exceptions=False)
    assert result.exit_code == 1 and "No space left on device" in result.output and "Traceback" not in result.output
    assert (game / "game.json").read_bytes() == before
    assert {p.name for p in (game / "archive").iterdir()} == {"step-000"}
    monkeypatch.setattr(files, "_write_staged", real)
    invoke(str(orders(game)))  # the turn can be run once the disk is fixed


def test_verify_confirms_and_detects_tampering(game: Path):
    invoke(str(orders(game)))
    said = invoke("verify", str(game)).output.splitlines()
    assert said[-1] == "OK: game.json is the game after the last step"
    assert all(line.startswith("OK: ") for line in said) and "OK: step-003: move resolved again: the same" in said
    seed = invoke("reveal", str(game)).output.strip()
    assert invoke("verify", str(game), "--seed", seed).exit_code == 0
    result = invoke("verify", str(game), "--seed", "ab" * 32, ok=False)
    assert result.exit_code == 1 and "does not match the commitment" in result.output
    doc = json.loads((game / "game.json").read_text())
    die = doc["state"]["dice"]["log"][-1]
    die["value"] = die["value"] % 6 + 1
    (game / "game.json").write_text(json.dumps(doc))
    result = invoke("verify", str(game), ok=False)
    changed = "FAILED: step-003: game.json or archive/step-003/game-after.json was changed after it was written"
    assert result.exit_code == 1 and changed in result.output
    (game / "game.json").write_text((game / "archive" / "step-003" / "game-after.json").read_text())
    after = json.loads((game / "archive" / "step-003" / "game-after.json").read_text())  # the archive's die too
    after["state"]["dice"]["log"][-1]["value"] = die["value"]
    (game / "archive" / "step-003" / "game-after.json").write_text(json.dumps(after))
    result = invoke("verify", str(game), ok=False)
    assert result.exit_code == 1 and "FAILED: step-003" in result.output


def test_undo_puts_the_turn_back_and_it_can_be_run_again(game: Path):
    before = (game / "game.json").read_bytes()
    path = orders(game)
    invoke(str(path))
    assert invoke("undo", str(game)).output == ("turn 1 undone; game.json is back at turn 1 (the orders accepted for "
                                                "it stand). Run it again with the corrected orders.\n")
    assert (game / "game.json").read_bytes() != before  # the orders accepted for turn 1 stand
    assert dampfross_state(game).turn == 1 and not (game / "reports" / "move-001.txt").exists()
    assert (game / "archive" / "undone-1" / "record.json").is_file()
    assert invoke("undo", str(game)).output.startswith("the orders of BLUE for turn 1 taken back")
    assert invoke("undo", str(game)).output.startswith("the orders of RED for turn 1 taken back")
    assert (game / "game.json").read_bytes() == before
    invoke(str(path))
    assert (game / "reports" / "move-001.txt").is_file()
    assert invoke("verify", str(game)).exit_code == 0


def test_report_prints_archived_reports(game: Path):
    invoke(str(orders(game)))
    assert "Turn 1 report" in invoke("report", str(game)).output
    assert "private report for BLUE" in invoke("report", str(game), "--turn", "1", "--player", "blue").output
    assert "Opening report" in invoke("report", str(game), "--turn", "0").output


def test_manual_dice_game(tmp_path: Path, monkeypatch):
    """--dice manual: the GM gives every allowance with ROLL lines; a missing one refuses the turn."""
    monkeypatch.chdir(tmp_path)
    invoke("new", "m1", "--map", TINY, "--player", "RED", "--player", "BLUE", "--dice", "manual")
    game = tmp_path / "m1"
    assert not (game / "seed.txt").read_text().strip()
    pw = passwords(game)
    text = f"GAME m1\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\nBUILD Nordstadt - 0403 - 0404\n"
    (tmp_path / "t1.orders").write_text(text + f"GM PASSWORD {pw['GM']}\nROLL BLUE 3\n")
    before = snapshot(game)
    result = invoke("t1.orders", ok=False)
    assert result.exit_code == 1 and "ROLL RED" in result.output
    assert snapshot(game) == before
    (tmp_path / "t1.orders").write_text(text + f"SL KENNWORT {pw['GM']}\nWURF RED 1\n")
    result = invoke("t1.orders")
    assert "allowance 1 (dice 1), used 1" in result.output and "costs 1 point (plain), only 0" in result.output
    assert "no dice seed and no commitment: the GM gives every die" in invoke("verify", str(game)).output


def test_report_prints_the_report_as_sealed(game: Path):
    """The session never makes a public report again: ``report`` prints it as archived, checked by the SHA-256 its
    step sealed; a company's private report is resolved again from the step."""
    invoke(str(orders(game)))
    sent = (game / "reports" / "move-001.txt").read_text()
    assert invoke("report", str(game), "--turn", "1").output == sent
    assert invoke("report", str(game), "--archived").output == sent
    mailed = (game / "archive" / "step-003" / "mail-RED.txt").read_text()
    assert invoke("report", str(game), "--player", "RED").output in mailed
    (game / "reports" / "move-001.txt").write_text(sent.replace("Turn 1", "Turn 9"))
    result = invoke("report", str(game), "--turn", "1", ok=False)
    assert result.exit_code == 1 and "move-001.txt" in result.output and "Traceback" not in result.output


def test_a_mistyped_command_is_named_as_such(tmp_path, monkeypatch):
    """Issue 17: ``adjudicate tikc DIR`` became a run of a missing order file "tikc"; now click's usage error
    names the commands meant (exit 2). A real file of that name is still an order file."""
    from tests.helpers import invoke

    monkeypatch.chdir(tmp_path)
    result = invoke("tikc", "somegame", ok=False)
    assert result.exit_code == 2
    assert "no such command 'tikc'; did you mean 'tick'?" in result.output
    (tmp_path / "tikc").write_text("GAME nowhere\n", encoding="utf-8")
    result = invoke("tikc", ok=False)
    assert result.exit_code == 1 and "GAME nowhere" in result.output


def test_a_missing_order_file_is_named_before_the_game_is_looked_for(tmp_path, monkeypatch):
    """Issue 17: ``adjudicate turn1.ordres`` said "the orders have no GAME line" for a file that is not there."""
    from tests.helpers import invoke

    monkeypatch.chdir(tmp_path)
    result = invoke("turn1.ordres", ok=False)
    assert result.exit_code == 1
    assert "turn1.ordres" in result.output and "no such file" in result.output
    assert "GAME line" not in result.output


def test_check_reads_a_directory_of_order_files_with_game(game: Path, tmp_path: Path):
    """``check DIR --game GAME`` of a Dampfross game reads the order files in DIR (a game of moves is asked about
    first; that must not read the arguments as files)."""
    folder = tmp_path / "mails"
    folder.mkdir()
    (folder / "a.orders").write_text("GAME g1\nTURN 1\n")
    result = invoke("check", str(folder), "--game", str(game), ok=False)
    assert "Traceback" not in result.output and "cannot be read" not in result.output and "Is a directory" not in \
        result.output
