"""BUILD CHEAPEST and IF through the GM's commands on the tiny map: check, run, the reports on disk (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")


@pytest.fixture
def game(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g1", "--map", TINY, "--player", "RED:Rot", "--player", "BLUE:Blau", "--seed", "fixture")
    return tmp_path / "g1"


def test_check_and_run_carry_out_build_cheapest_and_if_and_the_reports_say_why(game: Path):
    """Readings 100-104 end to end: the check says how it judged, the turn builds the line it chose, the
    private report traces the IF, the public report shows the line built and its cost, never the IF nor how the
    line was chosen (reading 122)."""
    pw = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    text = (f"GAME g1\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\n"
            "IF 0403 TAKEN THEN\n  BUILD 0402 - 0502\nELSE\n  BUILD CHEAPEST FROM Nordstadt TO 0404\nEND\n"
            f"\nPLAYER BLUE PASSWORD {pw['BLUE']}\nSTART Nordstadt\nBUILD Nordstadt - 0502\n")
    path = game.parent / "turn1.orders"
    path.write_text(text, encoding="utf-8")
    check = " ".join(invoke("check", str(path), "--game", str(game)).output.split())
    assert "IF 0403 TAKEN: no, no other company had track at 0403" in check
    assert "as if no other company built before you this turn" in check
    invoke("run", str(path), "--game", str(game))
    private = " ".join(invoke("report", str(game), "--player", "RED", "--turn", "1").output.split())
    mailed = " ".join(invoke("report", str(game), "--player", "RED", "--turn", "1", "--archived").output.split())
    assert private in mailed  # the mail RED was sent holds its private report
    public = " ".join((game / "reports" / "move-001.txt").read_text(encoding="utf-8").split())
    assert "line 5: IF 0403 TAKEN: no, no other company had track at 0403: the orders after ELSE were" in private
    assert "BUILD CHEAPEST FROM Nordstadt (0402) TO 0404" in private and "the cheapest line now: 0402-" in private
    assert "BUILD Nordstadt (0402) - 0403 - 0404 [line 1]" in public  # the line built (reading 122)
    assert "IF 0403" not in public and "CHEAPEST" not in public and "cheapest line" not in public
