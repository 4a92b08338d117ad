"""Rules catalogue, rules-reference.md §2: payments to rivals for building (Gebühren).

The five points of the fee model in rules-reference.md and every worked example of the
seeds.  Board (all plain): towns T at 0303 and U at 0706; rivals' lines are
laid per test.
"""

from __future__ import annotations

from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.report.phrases import line_stopped
from tests.helpers import board, build, fees_paid, make_map

SCHMIDT = load_profile("schmidt")
NO_JOIN_FEE = SCHMIDT.with_overrides(["city_join_fee=off"])

GMAP = make_map(
    """\
.........
.........
.........
.........
.........
.........
.........
""",
    towns=[("T", "0303", [11]), ("U", "0706", [12])],
)

# RED's line runs east-west along row 4: 0204-0304-0404-0504-0604
RED_ROW4 = [("RED", "0204", "0304"), ("RED", "0304", "0404"), ("RED", "0404", "0504"), ("RED", "0504", "0604")]


def test_F01_crossing_a_line_costs_1():
    """R2-F01 (seed 000: 'Die Linie eines Mitspielers zu kreuzen ... kostet 1 Einheit'; seed 002).

    BLUE comes down from 0403 across RED's line at 0404 and on to 0405.
    """
    ctx = board(GMAP, RED_ROW4 + [("BLUE", "0402", "0403")])
    out = build(ctx, "BLUE", "0403", "0404", "0405")
    assert out.complete
    assert fees_paid(ctx, "BLUE") == {"RED": 1}
    assert [f.rule for b in out.built for f in b.fees] == ["contact"]


def test_F02_joining_a_line_costs_1():
    """R2-F02 (seed 000: '... oder an sie anzuschließen, kostet 1 Einheit'): ending on a rival's line."""
    ctx = board(GMAP, RED_ROW4 + [("BLUE", "0402", "0403")])
    build(ctx, "BLUE", "0403", "0404")
    assert fees_paid(ctx, "BLUE") == {"RED": 1}


def test_F03_parallel_between_plain_hexes_costs_4_and_no_contact_fee():
    """R2-F03 (seed 000: 'Für jedes halbe Feld ... parallel ... 2 Einheiten'; RULES §2 points 2 and 3).

    BLUE, already at 0404 (it crossed there), runs alongside RED 0404-0504:
    two halves in plain hexes = 4; arriving along RED's segment adds no contact fee.
    """
    ctx = board(GMAP, RED_ROW4 + [("BLUE", "0403", "0404")])
    out = build(ctx, "BLUE", "0404", "0504")
    assert fees_paid(ctx, "BLUE") == {"RED": 4}
    assert [f.rule for f in out.built[0].fees] == ["parallel"]


def test_F04_leaving_a_line_costs_nothing():
    """R2-F04 (RULES §2 point 3; seed 004: 'za odpojení se neplatí nic')."""
    ctx = board(GMAP, RED_ROW4 + [("BLUE", "0403", "0404"), ("BLUE", "0404", "0504")])
    assert build(ctx, "BLUE", "0504", "0505").complete
    assert fees_paid(ctx, "BLUE") == {}


def test_F05_no_fees_inside_a_town():
    """R2-F05 (seed 000: 'Diese Gebühren gelten nicht in Städten'; seed 003: 'Only the use of city hexes is free').

    RED runs through town T; BLUE crosses it there: nothing to pay.
    """
    ctx = board(GMAP, [("RED", "0203", "0303"), ("RED", "0303", "0403"), ("BLUE", "0202", "0302")])
    out = build(ctx, "BLUE", "0302", "0303", "0304")
    assert out.complete
    assert fees_paid(ctx, "BLUE") == {}


def test_F06_several_rivals_are_each_paid():
    """R2-F06 (seed 000: 'Haben bereits zwei Spieler ... muß er an beide entsprechend zahlen'; seed 004).

    RED and GREEN both run 0404-0504.  BLUE crosses at 0404 (1 each) then runs
    alongside both to 0504 (4 each).
    """
    track = RED_ROW4 + [("GREEN", "0404", "0504"), ("GREEN", "0504", "0505"), ("BLUE", "0402", "0403")]
    ctx = board(GMAP, track)
    build(ctx, "BLUE", "0403", "0404", "0504")
    assert fees_paid(ctx, "BLUE") == {"RED": 5, "GREEN": 5}


def test_F07_dutch_worked_example_7():
    """R2-F07 (seed 002 'Voorbeeld'; seed 000 Abb. 4: 'zahlt an Schwarz 7 Einheiten').

    Blue joins green in a town and runs alongside to halfway into the second
    hex after the town: 1 for the join (due after all) + 3 halves x 2 = 7.
    GREEN: T(0303)-0403-0503; BLUE arrives in T from 0302.
    """
    ctx = board(GMAP, [("GREEN", "0303", "0403"), ("GREEN", "0403", "0503"), ("BLUE", "0302", "0303")])
    out = build(ctx, "BLUE", "0303", "0403", "0503")
    assert fees_paid(ctx, "BLUE") == {"GREEN": 7}
    assert sorted(f.rule for b in out.built for f in b.fees) == ["city-join", "parallel", "parallel"]


def test_F08_czech_example_join_before_a_town_3():
    """R2-F08 (seed 004: 'hráč připojí svou trať k cizí těsně před městem ... zaplatí tři body').

    RED runs 0503-0403-T(0303).  BLUE joins RED at 0403 one hex before the
    town (1) and runs the last segment into the town alongside (one half, 2): 3.
    """
    ctx = board(GMAP, [("RED", "0503", "0403"), ("RED", "0403", "0303"), ("BLUE", "0405", "0404")])
    build(ctx, "BLUE", "0404", "0403", "0303")
    assert fees_paid(ctx, "BLUE") == {"RED": 3}


def test_F09_czech_example_out_of_a_town_2_or_3():
    """R2-F09 (seed 004: 'Pokud stejnou trať staví směrem z města ven, zaplatí ... pouze dva body'; seed 000).

    The same track built out of the town: 2 without the retroactive join fee
    (Paluba), 3 with it (Schmidt: 'wird die Anschlußgebühr nachträglich fällig').
    """
    track = [("RED", "0503", "0403"), ("RED", "0403", "0303"), ("BLUE", "0302", "0303")]
    for rules, expected in ((SCHMIDT, 3), (NO_JOIN_FEE, 2)):
        ctx = board(GMAP, track, rules=rules)
        build(ctx, "BLUE", "0303", "0403", "0404")
        assert fees_paid(ctx, "BLUE") == {"RED": expected}, rules.city_join_fee


def test_F10_join_fee_not_twice_when_arriving_alongside():
    """R2-F10 [reading] (RULES §2 point 4): the retroactive join fee is not due when the builder
    already runs alongside the rival into the town; it joined (and paid) outside.

    RED: 0203-T(0303)-0403.  BLUE already runs alongside RED 0203-T; continuing
    T-0403 alongside costs the parallel 2 only.
    """
    track = [("RED", "0203", "0303"), ("RED", "0303", "0403"), ("BLUE", "0203", "0303"), ("BLUE", "0202", "0203")]
    ctx = board(GMAP, track)
    build(ctx, "BLUE", "0303", "0403")
    assert fees_paid(ctx, "BLUE") == {"RED": 2}


def test_F11_paluba_no_contact_fee_where_the_builder_already_has_track():
    """R2-F11 [reading 3] (seed 004: 'Pokud však jedna z tratí, které kříží nebo připojuje, je jeho vlastní,
    neplatí nikomu nic'): under paluba (``contact_fee_at_own_hex: false``) arriving at a hex where the
    builder's own line already is costs no contact fee.

    BLUE crossed RED at 0404 earlier (paid then); now it closes a loop into 0404 from 0503.
    """
    track = RED_ROW4 + [("BLUE", "0403", "0404"), ("BLUE", "0404", "0405"), ("BLUE", "0403", "0503")]
    ctx = board(GMAP, track, rules=load_profile("paluba"))
    assert build(ctx, "BLUE", "0503", "0404").complete
    assert fees_paid(ctx, "BLUE") == {}


def test_F14_schmidt_contact_fee_even_where_the_builder_already_has_track():
    """R2-F14 (seed 000: 'Wer seine Gleise in ein Feld baut, in dem bereits ein gegnerischer Schienenstrang
    liegt, zahlt dafür Gebühren an seinen Mitspieler'): under schmidt (``contact_fee_at_own_hex: true``)
    the same loop into 0404, where RED's line runs, costs BLUE the contact fee of 1."""
    track = RED_ROW4 + [("BLUE", "0403", "0404"), ("BLUE", "0404", "0405"), ("BLUE", "0403", "0503")]
    ctx = board(GMAP, track)
    assert build(ctx, "BLUE", "0503", "0404").complete
    assert fees_paid(ctx, "BLUE") == {"RED": 1}
    assert [(e.reason, e.fee_rule) for e in ctx.books.entries] == [("contact-fee", "contact")]


def test_F12_fees_come_from_the_account_not_the_die_points():
    """R2-F12 (seed 003 clarification: 'All other cost have to be paid from the account'; seed 004)."""
    ctx = board(GMAP, RED_ROW4 + [("BLUE", "0403", "0404")], balance=20)
    out = build(ctx, "BLUE", "0404", "0504", points=1)
    assert out.complete and out.built[0].cost.points == 1
    assert ctx.books.balance("BLUE") == 16 and ctx.books.balance("RED") == 24
    assert [(e.reason, e.amount) for e in ctx.books.entries] == [("parallel-fee", 4)]


def test_F13_debt_allowed_under_schmidt_forbidden_by_option():
    """R2-F13 [reading] (RULES §2; seed 004 'nesmí ... na dluh'): under schmidt a balance may go below
    zero; with debt_allowed off the segment whose fees exceed the balance is not built."""
    track = RED_ROW4 + [("BLUE", "0403", "0404")]
    ctx = board(GMAP, track, balance=2)
    assert build(ctx, "BLUE", "0404", "0504").complete
    assert ctx.books.balance("BLUE") == -2
    ctx = board(GMAP, track, balance=2, rules=SCHMIDT.with_overrides(["debt_allowed=off"]))
    out = build(ctx, "BLUE", "0404", "0504")
    assert not out.built and out.problem is not None and out.problem.code is BuildProblem.FEES_OVER_BALANCE
    assert "exceed your balance of 2" in line_stopped(out)
