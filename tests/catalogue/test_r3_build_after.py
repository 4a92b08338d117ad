"""Rules catalogue, rules-reference.md §3 "Building after a race": income, money budget, order.

Board as in test_r3_race: Start 0103 to Ziel 0903; RED's line along row 2,
BLUE's along row 3, GREEN's along row 4.  RED also owns 0103-0203, so it can
ride BLUE's line paying 7.
"""

from __future__ import annotations

from itertools import pairwise

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.building.lines import BuildContext, BuildLine
from adjudicator.dampfross.game.dice import GivenDice
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import LedgerEntry, Player
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.after import build_after_races, building_order, race_income
from adjudicator.dampfross.racing.race import Entry, run_race
from adjudicator.dampfross.report.phrases import line_stopped
from adjudicator.kernel.problems import Problem
from tests.helpers import H, make_map, path

SCHMIDT = load_profile("schmidt")
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}
GMAP = make_map("\n".join(["." * 10] * 6) + "\n", towns=[("Start", "0103", [11]), ("Ziel", "0903", [12])])

RED_ROUTE = (H("0103"),) + tuple(H(f"{c:02d}02") for c in range(1, 9)) + (H("0903"),)
BLUE_ROUTE = tuple(H(f"{c:02d}03") for c in range(1, 10))
GREEN_ROUTE = (H("0103"),) + tuple(H(f"{c:02d}04") for c in range(1, 9)) + (H("0903"),)


def line(owner: str, hexes) -> list[Segment]:
    return [Segment(owner, Side(a, b), 1) for a, b in pairwise(hexes)]


def setup():
    track = TrackIndex(line("RED", RED_ROUTE) + line("BLUE", BLUE_ROUTE) + line("GREEN", GREEN_ROUTE)
                       + line("RED", BLUE_ROUTE[:2]))
    bk = Books([Player(p, p.title(), p[0], s, 20, "") for p, s in SEATS.items()], 6)
    return track, bk


def first_race(track, bk):
    """RED rides BLUE's line (pays BLUE 7); BLUE wins, GREEN second, RED third."""
    draw = RaceDraw(1, "Start", 11, "Ziel", 12, 8, (), (), H("0103"), H("0903"))
    entries = [Entry(("RED",), BLUE_ROUTE), Entry(("BLUE",), BLUE_ROUTE), Entry(("GREEN",), GREEN_ROUTE)]
    # round 1: RED 1, BLUE 6, GREEN 6; round 2: RED 1, BLUE 3 (in, 1 left), GREEN 3 (in, 0 left)
    return run_race(GMAP, track, SCHMIDT, draw, entries, bk, GivenDice([1, 6, 6, 1, 3, 3]), SEATS)


def test_B01_income_is_prizes_plus_fares_received():
    """R3-B01 (seed 000: 'die Einkünfte (einschließlich der von anderen Spielern erhaltenen Fahrpreise)';
    seed 004: 'Do těchto příjmů se počítají prémie za umístění v závodě a jízdné od protivníků'):
    BLUE 20 + 7 from RED, GREEN 10, RED nothing (fares paid do not count against it)."""
    track, bk = setup()
    out = first_race(track, bk)
    assert [(p.place, p.train) for p in out.placings] == [(1, "BLUE"), (2, "GREEN")]
    assert race_income(bk.entries, SEATS) == {"RED": 0, "BLUE": 27, "GREEN": 10}


def test_B02_income_after_set_off_is_what_was_received():
    """R3-B02 [reading]: fares set off against each other count as received net (A owes B 19, B owes A
    11: B's income from fares is 8, A's none)."""
    entries = [LedgerEntry(6, "RED", "BLUE", 8, "fare"), LedgerEntry(6, "BANK", "RED", 20, "prize"),
               LedgerEntry(6, "GREEN", "BLUE", 1, "contact-fee")]
    assert race_income(entries, SEATS) == {"RED": 20, "BLUE": 8, "GREEN": 0}


def test_B03_building_with_money_within_the_income():
    """R3-B03 (seed 000: 'Die Baukosten werden jetzt also vom Konto bezahlt. Die Gesamtkosten (Baukosten
    und Gebühren für den Anschluß an andere Linien) dürfen nicht höher sein als die Einkünfte der gerade
    beendeten Fahrt').

    RED (income 0) cannot build at all.  BLUE (27) builds 0603-0604-0605 across GREEN's line: 2 to the
    bank, 1 to GREEN.  GREEN (10) builds 0404-0405-0406 (2), then a line of 9 plain segments that stops
    after 8, when its income is spent; the rest stays in the account.
    """
    track, bk = setup()
    first_race(track, bk)
    income = race_income(bk.entries, SEATS)
    ctx = BuildContext(GMAP, SCHMIDT, 6, track, bk, {}, bonuses_open=False)
    lines = {
        "RED": [BuildLine(path("0202", "0201"))],
        "BLUE": [BuildLine(path("0603", "0604", "0605"))],
        "GREEN": [BuildLine(path("0404", "0405", "0406")),
                  BuildLine(path("0406", "0506", "0606", "0706", "0806", "0906", "1006", "1005", "1004", "1003"))],
    }
    before = dict(bk.balances)
    out = {b.player: b for b in build_after_races(ctx, building_order(None, SEATS), income, lines)}
    assert out["RED"].spent == 0
    assert out["RED"].lines[0].problem == Problem.of(BuildProblem.INCOME_SHORT, total=1, cost=1, fees=0, left=0)
    assert line_stopped(out["RED"].lines[0]) == "0202-0201: costs 1 (1 building + 0 fees), only 0 of this turn's income left"
    assert out["BLUE"].spent == 3 and out["BLUE"].lines[0].complete and out["BLUE"].unspent == 24
    assert out["GREEN"].spent == 10 and out["GREEN"].lines[0].complete
    assert len(out["GREEN"].lines[1].built) == 8
    assert line_stopped(out["GREEN"].lines[1]) == ("1004-1003: costs 1 (1 building + 0 fees), only 0 of this turn's "
                                                  "income left")
    assert bk.balances == {"RED": before["RED"], "BLUE": before["BLUE"] - 3, "GREEN": before["GREEN"] - 10 + 1}
    fees = [(e.payer, e.payee, e.amount, e.reason) for e in bk.entries if e.reason == "contact-fee"]
    assert fees == [("BLUE", "GREEN", 1, "contact-fee")]


def test_B04_order_winner_second_then_seat_order():
    """R3-B04 (seed 004: 'První smí stavět vítěz závodu, pak druhý hráč, po něm přijdou na řadu i ostatní';
    issue 4: others in seat order): BLUE won, GREEN second, then RED."""
    track, bk = setup()
    out = first_race(track, bk)
    assert building_order(out, SEATS) == ("BLUE", "GREEN", "RED")
    assert building_order(None, SEATS) == ("RED", "BLUE", "GREEN")


def test_B05_buetehorn_builds_in_order_of_arrival():
    """R3-B05 (seed 003: 'The winner of the race begins to build, the others follow (in order of arrival)')."""
    track, bk = setup()
    out = first_race(track, bk)
    assert building_order(out, SEATS, by_arrival=True) == ("BLUE", "GREEN", "RED")


def test_B06_joint_winners_build_in_seat_order():
    """R3-B06 [reading]: the partners of a winning joint train build one after the other, in seat order."""
    track, bk = setup()
    draw = RaceDraw(1, "Start", 11, "Ziel", 12, 8, (), (), H("0103"), H("0903"))
    entries = [Entry(("BLUE", "RED"), BLUE_ROUTE), Entry(("GREEN",), GREEN_ROUTE)]
    out = run_race(GMAP, track, SCHMIDT, draw, entries, bk, GivenDice([6, 6, 4, 4]), SEATS)
    assert out.placings[0].riders == ("BLUE", "RED")
    assert building_order(out, SEATS) == ("RED", "BLUE", "GREEN")
