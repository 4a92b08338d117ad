"""Rules catalogue: running a postal game (issue 10): missed turns, stand-bys, companies out of play.

Cases R8-N01..N04 (no moves received), R8-S01..S03 (a stand-by takes a
company over), R8-T01..T06 (a company retires).  Played on the tiny test map
through the GM's commands, plus the pieces of the core they rest on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import BANK, Player
from adjudicator.dampfross.racing.end import check_end
from adjudicator.dampfross.racing.turn import in_play
from adjudicator.postal.moves import MovesDir
from tests.helpers import dampfross_game, dampfross_state, invoke

TINY = str(Path(__file__).parent.parent / "data" / "tiny.yaml")


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--player", "GREEN", "--seed", "r8",
           "--unsafe-test-passwords", "r8", "--set", "nmr_warn_after=2")
    return tmp_path / "g"


def pw(game: Path) -> dict[str, str]:
    return MovesDir(game).read_passwords()


def turn(game: Path, number: int, sections: dict[str, list[str]], passwords: dict[str, str] | None = None) -> str:
    """Run turn ``number`` with a section per company given; the public report."""
    secrets = passwords or pw(game)
    text = f"GAME g\nTURN {number}\n" + "".join(
        f"PLAYER {pid} PASSWORD {secrets[pid]}\n" + "".join(f"{line}\n" for line in lines)
        for pid, lines in sections.items())
    path = game.parent / f"t{number}.orders"
    path.write_text(text, encoding="utf-8")
    invoke(str(path))
    return (game / "reports" / f"move-{number:03d}.txt").read_text(encoding="utf-8")


def state(game: Path):
    return dampfross_state(game)


def missed(game: Path) -> dict[str, int]:
    """Each company's turns without orders in a row (the session's table keeps them)."""
    table, _ = dampfross_game(game)
    return {s.id: table.missed_by(s.id) for s in table.seats}


def private(game: Path, number: int, pid: str) -> str:
    """The company's private report of turn ``number``, as ``report --player`` gives it from the archive."""
    return invoke("report", str(game), "--turn", str(number), "--player", pid).output


def test_N01_no_orders_builds_nothing_and_is_counted_in_a_row(game: Path):
    """R8-N01: a company without orders builds nothing; its turns without orders are counted in a row, and
    orders set the count back to 0."""
    turn(game, 1, {"RED": ["START Nordstadt"], "BLUE": ["START Nordstadt"]})
    assert missed(game) == {"RED": 0, "BLUE": 0, "GREEN": 1}
    turn(game, 2, {"RED": ["PASS"]})
    assert missed(game) == {"RED": 0, "BLUE": 1, "GREEN": 2}
    turn(game, 3, {"GREEN": ["START Nordstadt"]})
    assert missed(game) == {"RED": 1, "BLUE": 2, "GREEN": 0}


def test_N02_the_report_names_the_missing_and_flags_them_at_the_limit(game: Path):
    """R8-N02: the public report lists each company without orders with its count; at ``nmr_warn_after``
    turns in a row (2 here) it is flagged for the GM."""
    first = turn(game, 1, {"RED": ["START Nordstadt"], "BLUE": ["START Nordstadt"]})
    assert "Missed turns and companies out of play" in first and "GREEN    no orders this turn" in first
    second = turn(game, 2, {"RED": ["PASS"], "BLUE": ["PASS"]})
    assert ("GREEN    no orders for 2 turns in a row (flagged: the GM may hand the\n"
            "           company to a stand-by)") in second
    third = turn(game, 3, {"RED": ["PASS"], "BLUE": ["PASS"], "GREEN": ["START Nordstadt"]})
    assert "Missed turns" not in third


def test_N03_a_section_with_a_wrong_password_is_no_orders(game: Path):
    """R8-N03: a section that does not count (wrong password) leaves the company without orders."""
    secrets = pw(game) | {"BLUE": "wrong-wrong-wrong-wron"}
    turn(game, 1, {"RED": ["START Nordstadt"], "BLUE": ["START Nordstadt"]}, secrets)
    assert missed(game)["BLUE"] == 1


def test_N04_no_flag_when_the_limit_is_0(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """R8-N04: ``nmr_warn_after: 0`` never flags (the count is still printed)."""
    monkeypatch.chdir(tmp_path)
    invoke("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "n4",
           "--set", "nmr_warn_after=0")
    game = tmp_path / "g"
    turn(game, 1, {"RED": ["START Nordstadt"]})
    report = turn(game, 2, {"RED": ["PASS"]})
    assert "BLUE     no orders for 2 turns in a row" in report and "flagged" not in report


def test_S01_a_stand_by_gets_a_new_password_and_the_old_one_stops_working(game: Path):
    """R8-S01: ``player replace`` gives the company a new password (printed once, written to the GM's file);
    the old one no longer counts, the new one does; the next report says who runs it; the count is reset."""
    old = pw(game)["BLUE"]
    turn(game, 1, {"RED": ["START Nordstadt"]})
    out = invoke("player", "replace", str(game), "BLUE", "--name", "Anna Roth", "--email", "anna@example.org").output
    new = pw(game)["BLUE"]
    assert new != old and f"New password for BLUE (send it to the stand-by only): {new}" in out
    blue = state(game).player("BLUE")
    assert (blue.manager, dampfross_game(game)[0].seat("BLUE").address, missed(game)["BLUE"]) == (
        "Anna Roth", "anna@example.org", 0)
    report = turn(game, 2, {"RED": ["PASS"], "BLUE": ["START Nordstadt"]}, pw(game) | {"BLUE": old})
    assert "BLUE is run by Anna Roth from now on, with a new password" in report
    assert missed(game)["BLUE"] == 1  # the old password no longer counts
    turn(game, 3, {"BLUE": ["START Nordstadt"]})
    assert any(s.owner == "BLUE" for s in state(game).track) or state(game).player("BLUE").start_town


def test_S02_undo_gives_the_old_password_back(game: Path):
    """R8-S02: undoing a stand-by's takeover restores the passwords file and the state before it."""
    before = (game / "passwords.txt").read_text()
    invoke("player", "replace", str(game), "RED", "--name", "Stand By")
    assert (game / "passwords.txt").read_text() != before
    invoke("undo", str(game))
    assert (game / "passwords.txt").read_text() == before and state(game).player("RED").manager == ""
    assert invoke("verify", str(game)).exit_code == 0


def test_S03_the_takeover_is_archived_and_verified_like_a_correction(game: Path):
    """R8-S03: the takeover is a correction in the archive chain (who, when, why); verify replays it."""
    invoke("player", "replace", str(game), "GREEN", "--name", "Stand By", "--why", "GREEN left for a year")
    c = state(game).corrections[-1]
    assert (c.kind, c.player, c.manager, c.why) == ("replace", "GREEN", "Stand By", "GREEN left for a year")
    step = MovesDir(game).steps()[-1]  # the takeover's step keeps the passwords before it, for the GM only
    assert (step / "passwords-before.txt").stat().st_mode & 0o777 == 0o600
    assert invoke("verify", str(game)).exit_code == 0


def test_T01_a_retired_company_sends_no_more_orders(game: Path):
    """R8-T01: ``player retire``: the company's mail is refused with the reason; it builds nothing and is
    listed as out of play (not as missing)."""
    turn(game, 1, {"RED": ["START Nordstadt", "BUILD Nordstadt - 0403"], "BLUE": ["START Nordstadt"]})
    invoke("player", "retire", str(game), "RED")
    report = turn(game, 2, {"RED": ["BUILD 0403 - 0404"], "BLUE": ["PASS"]})
    assert "RED is out of play: its track stays, its money is frozen" in report
    assert "RED      out of play since turn 2" in report
    assert not any(s.owner == "RED" and s.turn == 2 for s in state(game).track)
    assert missed(game)["RED"] == 0
    assert "the company was taken out of play in turn 2" in private(game, 2, "RED")


def test_T02_what_is_due_to_a_retired_company_goes_to_the_bank():
    """R8-T02 [reading]: fares and fees due to a retired company are paid to the bank; its account is frozen;
    the GM's corrections still reach it."""
    books = Books([Player("RED", "Red", "R", 1, 30, "", retired=3), Player("BLUE", "Blue", "B", 2, 30, "")], 4)
    fee = books.pay("BLUE", "RED", 2, "contact-fee")
    assert fee is not None and fee.payee == BANK and books.balances == {"RED": 30, "BLUE": 28}
    assert books.pay(BANK, "RED", 6, "prize") is None and books.balances["RED"] == 30
    fix = books.pay(BANK, "RED", 5, "correction", fix=1)
    assert fix is not None and fix.payee == "RED" and books.balances["RED"] == 35


def test_T03_a_retired_company_cannot_win():
    """R8-T03: only companies in play can win: the richest retired company is passed over."""
    rules = load_profile("schmidt")
    books = Books([Player("RED", "Red", "R", 1, 300, "", retired=5), Player("BLUE", "Blue", "B", 2, 260, "")], 9)
    seats = {"RED": 1, "BLUE": 2}
    end = check_end(books.balances, in_play(seats, books), rules, 7, companies=len(seats))
    assert end is not None and end.winner == "BLUE"


def test_T04_the_last_company_in_play_cannot_retire_and_retired_is_final(game: Path):
    """R8-T04: the GM cannot retire the last company in play, nor replace or retire a retired one."""
    before = pw(game)
    invoke("player", "retire", str(game), "RED")
    invoke("player", "retire", str(game), "BLUE")
    last = invoke("player", "retire", str(game), "GREEN", ok=False)
    assert last.exit_code == 1 and "the last company in play cannot retire" in last.output
    again = invoke("player", "replace", str(game), "RED", "--name", "X", ok=False)
    assert again.exit_code == 1 and "RED was taken out of play in turn 1" in again.output
    assert pw(game) == before  # the refused stand-by got no new password


def test_T05_a_retired_company_has_no_allowance_and_no_place_in_the_building_order(game: Path):
    """R8-T05: the next turn's allowances and building order leave a retired company out."""
    invoke("player", "retire", str(game), "GREEN")
    report = turn(game, 1, {"RED": ["START Nordstadt"], "BLUE": ["START Nordstadt"]})
    tail = report[report.index("Next: turn 2"):]
    assert "GREEN" not in tail and "RED" in tail and "BLUE" in tail


def test_T06_a_retired_companys_money_ends_nothing():
    """R8-T06 [reading 58]: a retired company cannot win, so its frozen balance over the threshold (only the GM's
    corrections reach it) ends no race, no building and no game: only companies in play count."""
    books = Books([Player("RED", "Red", "R", 1, 300, "", retired=5), Player("BLUE", "Blue", "B", 2, 100, "")], 9)
    assert books.over(250) == [] and books.over(None) == []
    books.pay(BANK, "BLUE", 150, "prize")
    assert books.over(250) == ["BLUE"]


def press_turn(game: Path, text: str, *extra: str) -> tuple[str, dict[str, str]]:
    """Run turn 1 from ``text`` (``{RED}``, ``{BLUE}``, ``{GM}``: the passwords); the public report and the
    private ones."""
    path = game.parent / "press.orders"
    path.write_text("GAME g\nTURN 1\n" + text.format(**pw(game)), encoding="utf-8")
    invoke(str(path), *extra)
    reports = {pid: private(game, 1, pid) for pid in dampfross_state(game).player_ids}
    return (game / "reports" / "move-001.txt").read_text(encoding="utf-8"), reports


def test_P01_press_is_printed_under_the_companys_name(game: Path):
    """R8-P01: the lines after PRESS up to END PRESS are printed in the turn's public report under the
    company's name; orders go on after END PRESS; the sender's private report says so."""
    public, private = press_turn(game, "PLAYER RED PASSWORD {RED}\nSTART Nordstadt\nPRESS\n"
                                       "Rheinbahn opens the line to the north!\n  Shares at 12.\nEND PRESS\n"
                                       "BUILD Nordstadt - 0403\n")
    assert "Press\n-----\nFrom RED (RED):\n  Rheinbahn opens the line to the north!\n    Shares at 12.\n" in public
    assert any(s.owner == "RED" for s in state(game).track)
    assert "your press at line 5 is printed in the public report" in private["RED"]


def test_P02_text_in_press_is_never_an_order_nor_an_error(game: Path):
    """R8-P02: prose and order-like lines inside press are text: nothing is built from them, no problem is
    reported; a press item ends at the next PLAYER line (or a signature) when END PRESS is missing."""
    public, private = press_turn(game, "PLAYER RED PASSWORD {RED}\nPRESSE\nBUILD Nordstadt - 0403 - 0404\n"
                                       "Viele Grüße an alle!\nPLAYER BLUE PASSWORD {BLUE}\nSTART Nordstadt\nPRESS\n"
                                       "Blaue Linie grüßt.\n-- \nBLUE\n")
    assert not any(s.owner == "RED" for s in state(game).track)
    assert "From RED (RED):\n  BUILD Nordstadt - 0403 - 0404\n  Viele Grüße an alle!" in public
    assert "From BLUE (BLUE):\n  Blaue Linie grüßt.\n" in public and "\n  BLUE\n" not in public
    assert "Problems in your orders" not in private["RED"] + private["BLUE"]


def test_P03_anonymous_press_only_where_the_game_allows_it(game: Path, tmp_path: Path):
    """R8-P03: PRESS ANONYMOUS is printed without the name when ``anonymous_press`` is on; otherwise it is not
    printed at all (printing it signed would betray the sender), and the sender is told."""
    text = "PLAYER BLUE PASSWORD {BLUE}\nPRESS ANONYMOUS\nWho is afraid of the red line?\n"
    public, private = press_turn(game, text)
    assert "afraid" not in public and "Anonymous" not in public
    assert "not printed: this game prints no anonymous press" in " ".join(private["BLUE"].split())  # folded at 72
    invoke("new", str(tmp_path / "a"), "--id", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "p3",
           "--set", "anonymous_press=true")
    public, private = press_turn(tmp_path / "a", text, "--game", str(tmp_path / "a"))
    assert "Anonymous:\n  Who is afraid of the red line?" in public and "BLUE (BLUE)" not in public[
        public.index("Press"):]
    assert "printed without your name" in " ".join(private["BLUE"].split())


def test_P04_the_gm_holds_press_back_and_a_player_cannot(game: Path):
    """R8-P04: HOLD PRESS <ID> in the GM's section (GM password) holds that company's press back, the sender
    is told; in a player's section it is refused and changes nothing; an unknown company is a note."""
    public, private = press_turn(game, "PLAYER RED PASSWORD {RED}\nPRESS\nRED rules.\nEND PRESS\n"
                                       "PLAYER BLUE PASSWORD {BLUE}\nPRESS\nBLUE rules.\nEND PRESS\nHOLD PRESS RED\n"
                                       "GM PASSWORD {GM}\nHOLD PRESS BLUE\nHOLD PRESS NOBODY\n")
    assert "RED rules." in public and "BLUE rules." not in public
    assert "your press at line 8 is held back by the GM" in private["BLUE"]
    assert "HOLD" in private["BLUE"]  # the GM line in BLUE's section is a problem shown to BLUE


def test_P05_press_in_a_section_that_does_not_count_is_not_printed(game: Path):
    """R8-P05: a section with a wrong password counts for nothing: its press is not printed either."""
    public, _ = press_turn(game, "PLAYER RED PASSWORD wrong-wrong-wrong-wron\nPRESS\nRED is broke.\n")
    assert "RED is broke" not in public


def test_P06_press_is_rendered_again_from_the_archive(game: Path):
    """R8-P06: the report re-rendered from the archive prints the same press (held items held)."""
    public, _ = press_turn(game, "PLAYER RED PASSWORD {RED}\nPRESS\nExtra! Extra!\nGM PASSWORD {GM}\n"
                                 "HOLD PRESS BLUE\n")
    assert "Extra! Extra!" in public
    assert invoke("report", str(game), "--turn", "1").stdout == public


def test_T07_a_retired_company_rolls_nothing_and_never_starts(game: Path):
    """R8-T07 (issue 15: the retired company was only hidden in the report: the engine rolled its allowance and
    named it start player): from its retirement on, a company rolls no allowance and the start passes over it
    (``GameState.in_play``, one notion for the engine, the postal loop and the reports)."""
    turn(game, 1, {"RED": ["START Nordstadt"], "BLUE": ["START Nordstadt"], "GREEN": ["START Nordstadt"]})
    retiree = state(game).start_player  # the company due to start next: the hardest case
    invoke("player", "retire", str(game), retiree)
    assert state(game).start_player != retiree
    for number in (2, 3, 4):
        report = turn(game, number, {pid: ["PASS"] for pid in ("RED", "BLUE", "GREEN") if pid != retiree})
        s = state(game)
        assert s.start_player != retiree and retiree not in {a.player for a in s.allowances}
        assert f"Start player {retiree}" not in report and f"start player {retiree}" not in report
    invoke("verify", str(game))


def test_T08_the_postal_loop_waits_for_the_companies_in_play_only(tmp_path: Path):
    """R8-T08 (issue 15: reminders went to a retired company, ``status`` listed it missing, and ``--early`` never
    ran because it never sent orders): reminders, ``status`` and early runs count the companies in play."""
    from tests.postal_game import setup_game, tick_times

    game = setup_game(tmp_path)
    invoke("deadline", "set", str(game), "--early")
    invoke("player", "retire", str(game), "GREEN", "--why", "left the game")
    out = invoke("tick", str(game), "--now", tick_times()[1]).output  # RED and BLUE have sent valid orders
    assert "turn 1 adjudicated (every seat's orders are in)" in out
    assert not list((game / "mail" / "outbox").glob("reminder-*-GREEN.*"))
    assert "GREEN" not in invoke("status", str(game)).output.split("missing:")[-1]
