"""A turn the GM runs from order files names each company's lines by the file they came in (``turn1.orders:6:1``,
as the old format did), not by the company's id (``RED:6:1``, which is no file anybody wrote): the table keeps the
file's name with the accepted orders (``kernel/table.py: Accepted.file``), the play reads them knowing it
(``kernel/play.py: ReadsFile``), the report names the lines by it.  Several companies' sections share a file: each
company's report still holds its own problems and notes alone.  A game whose table kept no file's name (before
the change) still verifies, and names the company as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.kernel.table import Accepted
from tests.helpers import invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")
NOW = "2026-12-01T12:00:00+00:00"
"""The GM's run, at a time the test sets (the game has no deadline: nothing depends on it)."""


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g1", "--map", TINY, "--player", "RED:Rot", "--player", "BLUE:Blau", "--seed", "fixture")
    return tmp_path / "g1"


def orders(game: Path) -> Path:
    """One file of both companies' sections; RED's line 5 mistyped, BLUE's line 9 a town misspelt."""
    pw = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    path = game.parent / "sub" / "turn1.orders"
    path.parent.mkdir()
    path.write_text(f"GAME g1\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\nBIULD Nordstadt - 0403\n"
                    f"BUILD Nordstadt - 0403 - 0404\n\nPLAYER BLUE PASSWORD {pw['BLUE']}\nSTART Nordstat\n"
                    "BUILD Nordstadt - 0502\n", encoding="utf-8")
    return path


def step_files(game: Path, name: str) -> list[Path]:
    return sorted(game.glob(f"archive/step-*/{name}"))


def test_each_companys_lines_are_named_by_the_gms_order_file(game: Path):
    invoke("run", str(orders(game)), "--game", str(game), "--now", NOW)
    red, = (p.read_text(encoding="utf-8") for p in step_files(game, "mail-RED.txt"))
    blue, = (p.read_text(encoding="utf-8") for p in step_files(game, "mail-BLUE.txt"))
    assert "turn1.orders:5:1: syntax: unknown order 'BIULD'" in red  # the file's name, without the GM's folders
    assert "RED:" not in red and "sub/" not in red
    assert "turn1.orders:9: 'Nordstat' understood as Nordstadt" in blue
    assert "BIULD" not in blue and "Nordstat'" not in red  # each its own lines alone, though they share a file
    accepted = [json.loads(p.read_text(encoding="utf-8"))["table"]["orders"]
                for p in step_files(game, "game-after.json")[1:3]]  # the two orders steps
    assert [dict(o)["RED" if "RED" in dict(o) else "BLUE"]["file"] for o in accepted] == ["turn1.orders"] * 2
    assert invoke("verify", str(game)).exit_code == 0


def test_a_game_whose_table_kept_no_file_name_still_verifies(game: Path, monkeypatch: pytest.MonkeyPatch):
    kept = Accepted.to_json

    def as_before(self: Accepted) -> dict[str, object]:  # the table as the code before Accepted.file wrote it
        doc = kept(self)
        doc.pop("file", None)
        return doc

    monkeypatch.setattr(Accepted, "to_json", as_before)
    invoke("run", str(orders(game)), "--game", str(game), "--now", NOW)
    monkeypatch.undo()
    red, = (p.read_text(encoding="utf-8") for p in step_files(game, "mail-RED.txt"))
    assert "RED:5:1: syntax: unknown order 'BIULD'" in red  # named as it was then
    assert invoke("verify", str(game)).exit_code == 0
