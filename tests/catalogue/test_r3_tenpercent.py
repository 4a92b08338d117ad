"""Rules catalogue: the 10% variant of building after races (issue 11, item 5; seeds 000, 002, 004).

Seed 000: "Als Spielvariante können Sie vereinbaren, daß alle Prämien und
Einkünfte dem Konto gutgeschrieben werden. Nach jeder zweiten Fahrt können
10% des Kontostands für den weiteren Ausbau des Streckennetzes verwendet
werden. Spieler mit einem Kontostand unter 50 Einheiten können bis zu 5
Einheiten verbauen."
"""

from __future__ import annotations

from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.building.lines import BuildLine
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.racing.after import build_after_races, builds_this_turn, ten_percent_budget
from adjudicator.dampfross.report.phrases import line_stopped
from adjudicator.kernel.problems import Problem
from tests.helpers import board, make_map, path

TEN = load_profile("schmidt").with_overrides(["build_budget=ten_percent"])
GMAP = make_map("\n".join(["." * 12] * 4) + "\n", towns=[("Alt", "0102", [11]), ("Burg", "0902", [12])])
RED_LINE = [("RED", f"{c:02d}02", f"{c + 1:02d}02") for c in range(1, 4)]


def test_T01_building_only_after_every_second_race():
    """R3-T01 (seed 000: 'Nach jeder zweiten Fahrt'; seed 002: 'Na iedere tweede reisetappe'; seed 004: 'po
    každé druhé jízdě'): after race 1 nobody builds, whatever its income; after race 2 everybody may."""
    assert not builds_this_turn(TEN, [1]) and builds_this_turn(TEN, [2]) and builds_this_turn(TEN, [3, 4])
    ctx = board(GMAP, RED_LINE, rules=TEN, players=("RED", "BLUE"), balance=120)
    (red, _) = build_after_races(ctx, ["RED", "BLUE"], {"RED": 30}, {"RED": [BuildLine(path("0402", "0502"))]}, [1])
    assert red.income == 0 and not red.lines[0].built
    assert red.lines[0].problem == Problem.of(BuildProblem.NO_BUILDING_NOW, every=2)
    assert line_stopped(red.lines[0]) == ("0402-0502: no building this turn: in the 10% variant building follows "
                                          "every 2 races")


def test_T02_ten_percent_of_the_balance_paid_from_the_account():
    """R3-T02 (seed 000: 'können 10% des Kontostands für den weiteren Ausbau ... verwendet werden'; 'alle
    Prämien und Einkünfte dem Konto gutgeschrieben'): RED has 125, so 12 to build with, this turn's race
    income (30) being no limit; the line stops at the 13th unit."""
    assert ten_percent_budget(TEN, 125) == 12 and ten_percent_budget(TEN, 50) == 5
    ctx = board(GMAP, RED_LINE, rules=TEN, players=("RED", "BLUE"), balance=125)
    ctx.bonuses_open = False  # after races
    line = BuildLine(path(*[f"{c:02d}02" for c in range(4, 12)] + ["1103", "1003", "0903", "0803", "0703", "0603"]))
    (red, _) = build_after_races(ctx, ["RED", "BLUE"], {"RED": 30}, {"RED": [line]}, [2])
    assert red.income == 12 and red.spent == 12 and len(red.lines[0].built) == 12
    assert red.lines[0].problem is not None and red.lines[0].problem.code is BuildProblem.INCOME_SHORT
    assert ctx.books.balance("RED") == 125 - 12


def test_T03_a_balance_under_50_may_build_up_to_5():
    """R3-T03 (seed 000: 'Spieler mit einem Kontostand unter 50 Einheiten können bis zu 5 Einheiten
    verbauen'; seed 004: 'Hráči, kteří mají na účtu méně než 50 bodů, mohou prostavět 5 bodů'): with 40,
    RED may spend 5 (10% would be 4)."""
    assert ten_percent_budget(TEN, 40) == 5 and ten_percent_budget(TEN, 49) == 5
    ctx = board(GMAP, RED_LINE, rules=TEN, players=("RED", "BLUE"), balance=40)
    line = BuildLine(path(*[f"{c:02d}02" for c in range(4, 12)]))
    (red, _) = build_after_races(ctx, ["RED", "BLUE"], {}, {"RED": [line]}, [4])
    assert red.income == 5 and red.spent == 5 and len(red.lines[0].built) == 5


def test_T04_ten_percent_of_the_balance_after_the_races_not_after_earlier_builders():
    """R3-T04 [reading 23] (seed 000: 'Nach jeder zweiten Fahrt können 10% des Kontostands ... verwendet
    werden'): the share is of the balance after the races.  RED builds first and joins BLUE's line (contact
    fee 1 to BLUE: 129 -> 130); BLUE still builds with 12, not 13."""
    ctx = board(GMAP, RED_LINE + [("BLUE", "0502", "0503")], rules=TEN, players=("RED", "BLUE"), balance=129)
    ctx.bonuses_open = False
    lines = {"RED": [BuildLine(path("0402", "0502"))], "BLUE": [BuildLine(path("0503", "0603"))]}
    (_, blue) = build_after_races(ctx, ["RED", "BLUE"], {}, lines, [2])
    assert [(e.payer, e.payee, e.amount) for e in ctx.books.entries if e.reason == "contact-fee"] == [
        ("RED", "BLUE", 1)]
    assert blue.income == 12
