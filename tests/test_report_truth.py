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


def test_a_mailed_section_with_a_wrong_password_is_told_in_the_company_s_report(tmp_path: Path):
    """By mail: BLUE's orders count; a mail of BERND's in an earlier tick and one of ANNA's in the tick that runs the
    turn (its RED section completes it, ``--early``) hold a section for BLUE with a wrong password.  BLUE's own
    report says both did not count, as the old format's did ("a section for you in a mail to the GM", naming
    nobody's mail); RED's says nothing of them; the turn's step keeps them (why, the PLAYER line, the mail), never
    the passwords tried, and ``report --player`` made again from the step says the same."""
    import json

    from adjudicator.dampfross.board.mapfile import shipped_map_text
    from tests.mailservers import smtp_server
    from tests.test_dampfross_session import ANNA, BERND, _flat, _start

    with smtp_server() as smtp:
        game = _start(tmp_path, smtp)
        game.tick("2026-12-01T08:00+00:00")
        game.orders("BLUE", "START Berlin\n", "2026-12-01T09:00+00:00", "blue", turn=1)
        game.deliver(BERND, "GAME g\nTURN 1\nPLAYER BLUE PASSWORD nope-nope\nPASS\n", "2026-12-01T09:10+00:00", "x")
        game.tick("2026-12-01T09:15+00:00")
        game.deliver(ANNA, f"GAME g\nTURN 1\nPLAYER BLUE PASSWORD guess-guess\nPASS\n"
                           f"PLAYER RED PASSWORD {game.passwords['RED']}\nSTART Hamburg\n", "2026-12-01T10:00+00:00",
                     "red")
        game.tick("2026-12-01T10:05+00:00")
        (bernd,), (anna,) = game.texts("move-001-", BERND), game.texts("move-001-", ANNA)
        told = "a section for you in a mail to the GM does not count: wrong password"
        assert _flat(bernd).count(told) == 2 and "does not count" not in anna
        (move,) = [r for r in game.records() if r["kind"] == "move"]
        assert [(r["why"], r["line"]) for r in move["refused"]["BLUE"]] == [("wrong-password", 3)] * 2
        assert list(move["refused"]) == ["BLUE"]
        assert not any(word in p.read_bytes() for p in (game.path / "archive").rglob("*") if p.is_file()
                       for word in (b"nope-nope", b"guess-guess"))
        (game.path / "map.yaml").write_text(shipped_map_text("germany"), encoding="utf-8")  # as new writes it
        again = invoke("report", str(game.path), "--turn", "1", "--player", "BLUE").output
        assert _flat(again).count(told) == 2
        assert json.loads((game.path / "game.json").read_text())["table"]["moves"] == 1
