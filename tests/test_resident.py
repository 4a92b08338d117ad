"""``adjudicate resident`` (issue 18): many commands in one process, each followed by ``.exit N``; a turn run so
is the turn a process of its own runs, and a failing command does not stop the next."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from adjudicator.postal.moves import MovesDir
from tests.helpers import dampfross_state

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


def adjudicate(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "adjudicator", *args], cwd=cwd, input=stdin, text=True,
                          capture_output=True, timeout=120)


def orders(game: Path) -> str:
    pw = MovesDir(game).read_passwords()
    return (f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\nBUILD Nordstadt - 0403 - 0404\n"
            f"PLAYER BLUE PASSWORD {pw['BLUE']}\nSTART Nordstadt\nBUILD Nordstadt - 0502\n")


def new_game(where: Path) -> Path:
    where.mkdir()
    done = adjudicate("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "resident",
                      "--unsafe-test-passwords", "resident", cwd=where)
    assert done.returncode == 0, done.stderr
    (where / "t1.orders").write_text(orders(where / "g"), encoding="utf-8")
    return where / "g"


def test_commands_run_one_after_another_each_with_its_exit_status(tmp_path: Path):
    game = new_game(tmp_path / "a")
    done = adjudicate("resident", cwd=tmp_path / "a", stdin=(
        "# a comment, then an empty line\n\n"
        "run t1.orders\n"
        "run t1.orders\n"            # the turn is adjudicated already: refused, exit 1
        "nosuchcommand 'unclosed\n"  # not a command line: exit 2
        "verify g\n"))
    assert done.returncode == 1  # some command failed
    exits = [line for line in done.stdout.splitlines() if line.startswith(".exit ")]
    assert exits == [".exit 0", ".exit 1", ".exit 2", ".exit 0"]
    assert "Turn 1 report" in done.stdout.split(".exit 0")[0]
    assert "OK: step-003: move resolved again: the same\nOK: game.json is the game after the last step\n" in done.stdout
    assert "error: these are orders for turn 1 (already adjudicated)" in done.stderr
    assert "error: cannot read the command line" in done.stderr
    assert dampfross_state(game).turn == 2


def test_a_turn_run_by_the_resident_process_is_the_turn_a_process_of_its_own_runs(tmp_path: Path):
    one, other = new_game(tmp_path / "a"), new_game(tmp_path / "b")
    assert adjudicate("run", "t1.orders", cwd=one.parent).returncode == 0
    done = adjudicate("resident", cwd=other.parent, stdin="run t1.orders\n")
    assert done.returncode == 0 and done.stdout.endswith(".exit 0\n")
    names = ("reports/move-001.txt", "archive/step-003/mail-RED.txt", "archive/step-003/mail-BLUE.txt")
    assert json.loads((one / "archive" / "step-003" / "record.json").read_text())["kind"] == "move"
    for name in names:  # the public report, and each company's mail (its private report first)
        assert (one / name).read_bytes() == (other / name).read_bytes()
    assert dampfross_state(one) == dampfross_state(other) and dampfross_state(one).turn == 2
