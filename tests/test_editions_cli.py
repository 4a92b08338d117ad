"""Issue 11 through the GM's commands: a joint line and running powers from order files, checked and run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import dampfross_state, invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


@pytest.fixture
def game(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g1", "--map", TINY, "--player", "RED:Rot", "--player", "BLUE:Blau", "--seed", "joint")
    return tmp_path / "g1"


def mail(game: Path, turn: int, red: str, blue: str) -> Path:
    pw = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    text = f"GAME g1\nTURN {turn}\nPLAYER RED PASSWORD {pw['RED']}\n{red}\nPLAYER BLUE PASSWORD {pw['BLUE']}\n{blue}\n"
    path = game.parent / f"turn{turn}.orders"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_joint_line_is_checked_then_built_for_both(game: Path):
    invoke(str(mail(game, 1, "START Nordstadt\nBUILD Nordstadt - 0502", "START Nordstadt\nBUILD Nordstadt - 0401")),
           "--game", str(game))
    path = mail(game, 2, "BAUE MIT BLUE Nordstadt - 0403", "BUILD WITH RED Nordstadt - 0403")
    check = invoke("check", str(path), "--game", str(game), ok=False)
    assert "joint line with BLUE: 75% of" in check.output and check.exit_code == 0
    report = invoke(str(path), "--game", str(game)).output
    assert "joint line with BLUE" in report and "(built with RED's orders, above)" in report
    state = dampfross_state(game)
    owners = {s.owner for s in state.track if {s.a.label, s.b.label} == {"0402", "0403"}}
    assert owners == {"RED", "BLUE"}


def test_running_powers_outside_rr_postal_are_refused_with_a_note(game: Path):
    path = mail(game, 1, "START Nordstadt\nPOWERS 1 WITH BLUE", "START Nordstadt\nFAHRRECHTE 1 MIT RED")
    result = invoke(str(path), "--game", str(game))
    assert "'POWERS 1 WITH BLUE' is ignored in the building phase" in result.stderr
