"""Issue 17, "false messages": what a report says about a company's orders is what happened to them."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import invoke


def _game(tmp_path: Path, *more: str) -> dict[str, str]:
    invoke("new", str(tmp_path / "g"), "--id", "g", "--map", "germany", "--player", "RED", "--player", "BLUE",
           "--player", "GREEN", "--unsafe-test-passwords", "truth", *more)
    rows = (tmp_path / "g" / "passwords.txt").read_text(encoding="utf-8").split("\n")
    return dict(row.split() for row in rows if row.strip())


def _private(game: Path, company: str, turn: int = 1) -> str:
    """The company's private report of the turn (``adjudicate report --player``)."""
    return invoke("report", str(game), "--turn", str(turn), "--player", company).output


def test_the_private_report_tells_unreadable_and_refused_orders_from_none(tmp_path: Path):
    """RED sent a section none of whose lines could be read, BLUE only a section with a wrong password,
    GREEN nothing: only GREEN's report says "(no orders received)"."""
    pw = _game(tmp_path)
    orders = tmp_path / "turn1.orders"
    orders.write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nBIULD to the sea\nSTRAT Hamburg\n"
                      f"PLAYER BLUE PASSWORD wrong-wrong\nSTART Berlin\n", encoding="utf-8")
    invoke(str(orders), "--game", str(tmp_path / "g"))
    red, blue, green = (_private(tmp_path / "g", company) for company in ("RED", "BLUE", "GREEN"))
    assert "no orders received" not in red and "no line of them could be read" in red
    assert "no orders received" not in blue and "none counted" in blue
    assert "(no orders received)" in green


def test_a_german_private_report_says_so_in_german(tmp_path: Path):
    pw = _game(tmp_path, "--lang", "de")
    orders = tmp_path / "turn1.orders"
    orders.write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nBIULD to the sea\n", encoding="utf-8")
    invoke(str(orders), "--game", str(tmp_path / "g"))
    red = _private(tmp_path / "g", "RED")
    assert "keine Zeile war lesbar" in red and "keine Befehle eingegangen" not in red


def test_no_report_tells_players_to_run_a_gm_command():
    """Issue 17: the opening report told players to run ``adjudicate rules show GAME``, a command only the GM
    has.  It tells them to mail RULES; the one ``adjudicate`` left is the final report's ``verify`` of the dice,
    which anybody may install the program to run."""
    golden = Path(__file__).parent / "golden"
    for report in sorted([*golden.glob("example/reports/*.txt"), *golden.glob("example-de/reports/*.txt")]):
        lines = [line for line in report.read_text(encoding="utf-8").splitlines() if "adjudicate " in line]
        assert all("adjudicate verify" in line for line in lines), (report.name, lines)
