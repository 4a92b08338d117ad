"""Rules catalogue, rules-reference.md §3 "Movement": step costs, moving with a roll, expected rounds.

Each test is one numbered case (see docs/rules.md), its docstring quoting the
rule and the seed it comes from.
"""

from __future__ import annotations

from fractions import Fraction

from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.racing.movement import advance, expected_rounds, route_costs, step_cost
from tests.helpers import H, make_map, path

SCHMIDT = load_profile("schmidt")
PALUBA_UPHILL = SCHMIDT.with_overrides(["uphill=any_to_mountain"])

# Row 1: plain 0101, mountains 0201 0301, plain 0401; a town on 0501.
GMAP = make_map(
    """\
.^^...
......
""",
    towns=[("Berg", "0501", [11])],
)

# Abb. 2 of seed 000 (as in R2-C10): Eins 0202, Zwei 0402, a mountain on 0302,
# a river between 0303 and 0403.
ABB2 = make_map(
    """\
.......
..^....
.......
""",
    towns=[("Eins", "0202", [11]), ("Zwei", "0402", [12])],
    rivers=["0303 0403"],
)


def test_M01_one_point_per_hex_plus_one_up_onto_a_mountain():
    """R3-M01 (seed 000: 'Ein Feld in der gleichen Ebene kostet einen Würfelpunkt, die Fahrt auf einen
    Berg hinauf einen zusätzlichen Punkt'; seed 003: 'from a plain hex into a mountain hex ... not from
    mountain to mountain').

    Plain to mountain 2, mountain to mountain 1, mountain down to plain 1, plain to plain 1.
    """
    assert step_cost(GMAP, SCHMIDT, H("0101"), H("0201")) == 2
    assert step_cost(GMAP, SCHMIDT, H("0201"), H("0301")) == 1
    assert step_cost(GMAP, SCHMIDT, H("0301"), H("0401")) == 1
    assert step_cost(GMAP, SCHMIDT, H("0401"), H("0501")) == 1
    assert route_costs(GMAP, SCHMIDT, path("0101", "0201", "0301", "0401")) == (2, 1, 1)


def test_M02_paluba_uphill_from_any_hex():
    """R3-M02 (seed 004: 'Jízda do kopce (z libovolného pole na horské) stojí dva body kostky'):
    option ``uphill: any_to_mountain`` also charges mountain to mountain 2."""
    assert step_cost(GMAP, PALUBA_UPHILL, H("0201"), H("0301")) == 2
    assert step_cost(GMAP, PALUBA_UPHILL, H("0101"), H("0201")) == 2
    assert step_cost(GMAP, PALUBA_UPHILL, H("0301"), H("0401")) == 1
    assert route_costs(GMAP, PALUBA_UPHILL, path("0101", "0201", "0301", "0401")) == (2, 2, 1)


def test_M03_abb2_movement_points():
    """R3-M03 (seed 000: 'braucht man auf der Strecke A 6 Würfelpunkte, auf den Strecken B und C je 3 Punkte').

    A: six plain steps = 6.  B: Eins, up the mountain (1 + 1), down to Zwei (1) = 3.
    C: three plain steps; a river costs nothing to travel = 3.
    """
    a = route_costs(ABB2, SCHMIDT, path("0202", "0201", "0301", "0401", "0501", "0502", "0402"))
    b = route_costs(ABB2, SCHMIDT, path("0202", "0302", "0402"))
    c = route_costs(ABB2, SCHMIDT, path("0202", "0303", "0403", "0402"))
    assert (sum(a), sum(b), sum(c)) == (6, 3, 3)
    assert b == (2, 1)


def test_M04_a_step_not_paid_in_full_is_not_taken():
    """R3-M04 (RULES §3: 'A step it cannot pay for in full is not taken; leftover points are lost').

    Costs 1, 2, 1: a roll of 2 takes the first step and stops before the climb, 1 point lost;
    a roll of 3 takes two steps; a roll of 6 arrives with 2 points unused.
    """
    costs = (1, 2, 1)
    two = advance(costs, 0, 2)
    assert (two.end, two.used, two.left) == (1, 1, 1)
    three = advance(costs, 0, 3)
    assert (three.end, three.used, three.left) == (2, 3, 0)
    six = advance(costs, 0, 6)
    assert (six.end, six.used, six.left) == (3, 4, 2)
    stuck = advance(costs, 1, 1)
    assert (stuck.end, stuck.used, stuck.left) == (1, 0, 1)


def test_M05_expected_rounds_of_one_plain_step_is_one():
    """R3-M05 (issue 4: the exact expected number of race rounds): one plain step takes exactly one round."""
    assert expected_rounds((1,)) == 1


def test_M06_expected_rounds_of_seven_plain_steps():
    """R3-M06 (issue 4): seven plain steps, by hand.

    With r steps left, E(0) = 0 and E(r) = 1 + (E(r-1) + ... + E(r-6)) / 6.  By induction
    E(r) = (7/6)^(r-1) for 1 <= r <= 7:  E(r) = 1 + (1/6) * sum_{k<r-1} (7/6)^k
    = 1 + ((7/6)^(r-1) - 1) = (7/6)^(r-1).  So E(7) = (7/6)^6 = 117649/46656.
    """
    assert expected_rounds((1,) * 7) == Fraction(117649, 46656)
    assert [expected_rounds((1,) * r) for r in range(1, 7)] == [Fraction(7, 6) ** (r - 1) for r in range(1, 7)]


def test_M07_expected_rounds_with_a_climb():
    """R3-M07 (issue 4): costs (1, 2) and (2, 1), by hand.

    (1, 2): before the climb, a 1 stays (p 1/6), so E1 = 1 / (5/6) = 6/5; from the start a roll of
    1 or 2 stops before the climb (2/6), 3..6 arrives: E0 = 1 + (2/6)(6/5) = 7/5.
    (2, 1): a 1 stays, a 2 climbs (then E = 1), 3..6 arrives: E0 = (1 + 1/6) / (5/6) = 7/5.
    """
    assert expected_rounds((1, 2)) == Fraction(7, 5)
    assert expected_rounds((2, 1)) == Fraction(7, 5)


def test_M08_expected_rounds_depend_on_where_the_climbs_are():
    """R3-M08 (issue 4: 'the expectation depends on the sequence of step costs'):
    five steps of 8 points, the climbs placed differently, take different expected times."""
    early = expected_rounds((2, 1, 1, 2, 2))
    late = expected_rounds((1, 2, 2, 2, 1))
    assert early == Fraction(2221, 750)
    assert late == Fraction(1138, 375)
    assert early < late


def test_M09_a_step_dearer_than_a_die_never_arrives():
    """R3-M09 [reading]: a step costing more than a die can show is never taken; no expectation."""
    assert expected_rounds((1, 7)) is None

