"""Rules catalogue, rules-reference.md §2: terrain cost of one segment.

Each test is one numbered case (see docs/rules.md), its docstring quoting the
rule and the seed it comes from.
"""

from __future__ import annotations

import pytest

from adjudicator.dampfross.building.costs import BuildProblem, segment_cost, terrain_problem
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.report.phrases import build_problem
from adjudicator.kernel.problems import Problem
from tests.helpers import H, board, build, make_map

SCHMIDT = load_profile("schmidt")
BUETEHORN = load_profile("buetehorn")

# A board with every kind of segment:
#   0101-0201 plain-plain        0201-0301 river (plain)
#   0301-0401 plain-mountain     0401-0501 mountain-mountain
#   0501-0601 mountain-plain across a river
#   0401-0402 mountain-mountain across a river      0701 water, 0801 foreign
TERRAIN = """\
...^^.~.
...^....
"""
COUNTRIES = """\
AAAAAAAB
AAAAAAAB
"""
RIVERS = ["0201 0301", "0501 0601", "0401 0402"]
GMAP = make_map(TERRAIN, countries=COUNTRIES, rivers=RIVERS)


def cost(a: str, b: str, rules=SCHMIDT) -> int:
    return segment_cost(GMAP, H(a), H(b), rules).points


@pytest.mark.parametrize(
    "case,a,b,schmidt,buetehorn",
    [
        ("C01 plain-plain", "0101", "0201", 1, 1),
        ("C02 across a river", "0201", "0301", 3, 3),
        ("C03 plain to mountain", "0301", "0401", 3, 4),
        ("C03 mountain to plain (either way)", "0401", "0301", 3, 4),
        ("C04 mountain-mountain", "0401", "0501", 5, 6),
        ("C05 plain-mountain across a river", "0501", "0601", 5, 6),
        ("C06 mountain-mountain across a river (cap)", "0401", "0402", 5, 6),
    ],
)
def test_C01_to_C06_segment_costs(case, a, b, schmidt, buetehorn):
    """R2-C01..C06 (seed 000 cost table, 002, 003 Bütehorn 1/3/4/6): the terrain cost of one segment.

    Schmidt: plain 1, river 3, plain-mountain 3, mountain-mountain 5, mountain
    across a river 5 (5 is the cap).  Bütehorn: 1, 3, 4, 6, 6.
    """
    assert cost(a, b, SCHMIDT) == schmidt, case
    assert cost(a, b, BUETEHORN) == buetehorn, case


def test_C07_paluba_house_rule_mountain_river():
    """R2-C07 (seed 004, EJ): Paluba's house rule prices a river between two mountains at 7.

    It is a number in the profile, so a game can set it: --set cost_mountain_mountain_river=7.
    """
    rules = SCHMIDT.with_overrides(["cost_mountain_mountain_river=7"])
    assert cost("0401", "0402", rules) == 7
    assert cost("0501", "0601", rules) == 5


def test_C08_water_is_never_built_on():
    """R2-C08 (seed 000: 'Seen oder Meeresteile dürfen nicht überbaut werden')."""
    problem = terrain_problem(GMAP, H("0601"), H("0701"), SCHMIDT)
    assert problem == Problem.of(BuildProblem.WATER, hex=H("0701"))
    assert build_problem(problem) == "0701 is water"


def test_C09_borders_are_not_crossed():
    """R2-C09 (seed 000: 'Die Strecken dürfen die rot gekennzeichneten Landesgrenzen nicht überschreiten')."""
    problem = terrain_problem(GMAP, H("0702"), H("0802"), SCHMIDT)
    assert problem is not None and problem.code is BuildProblem.BORDER and "border" in build_problem(problem)
    assert terrain_problem(GMAP, H("0702"), H("0802"), SCHMIDT.with_overrides(["border_crossing=true"])) is None


# Abb. 2 of seed 000 / the Dutch example of seed 002: three lines from town 1 to town 2.
#   A: six plain segments   B: over a mountain (2 x 3)   C: 1 + river 3 + 1
ABB2 = make_map(
    """\
.......
.T^T...
.......
""".replace("T", "."),
    towns=[("Eins", "0202", [11]), ("Zwei", "0402", [12])],
    rivers=["0303 0403"],
)


@pytest.mark.parametrize(
    "line,labels,schmidt,buetehorn",
    [
        ("A", ("0202", "0201", "0301", "0401", "0501", "0502", "0402"), 6, 6),
        ("B", ("0202", "0302", "0402"), 6, 8),
        ("C", ("0202", "0303", "0403", "0402"), 5, 5),
    ],
)
def test_C10_abb2_worked_example(line, labels, schmidt, buetehorn):
    """R2-C10 (seed 000 Abb. 2, seed 002 'Voorbeeld'): Linie A kostet 6 (6x1), B 6 (2x3), C 5 (1+3+1).

    Under Bütehorn's costs (seed 003: 4 into or out of mountains) line B costs 8.
    """
    for rules, expected in ((SCHMIDT, schmidt), (BUETEHORN, buetehorn)):
        ctx = board(ABB2, [("RED", "0202", "0102")], rules=rules)
        out = build(ctx, "RED", *labels)
        assert out.complete, out.problem
        assert sum(b.cost.points for b in out.built) == expected, (line, rules.name)
