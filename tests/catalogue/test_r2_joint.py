"""Rules catalogue: joint building (issue 11, item 4; the variant of seeds 000, 002 and 004).

Row 3 runs west-east: Alt (0103, start town) ... Burg (0503) ... ; GREEN has a
line down column 4 (0402-0403-0404), which a joint line along row 3 crosses.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.building.joint import joint_points
from adjudicator.dampfross.building.lines import BuildLine
from adjudicator.dampfross.building.turn import BuildingInput, BuildingOrders, adjudicate_building_turn
from adjudicator.dampfross.engine.preview import building_ok, preview_building
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Connection
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.entry import judge_entry
from adjudicator.dampfross.report.building import building_report
from adjudicator.dampfross.report.phrases import line_stopped
from adjudicator.kernel.problems import Problem
from tests.helpers import H, board, build, fees_paid, make_map, manual_game, path

GMAP = make_map("\n".join(["." * 10] * 5) + "\n",
                towns=[("Alt", "0103", [11, 12]), ("Burg", "0503", [13]), ("Cell", "0705", [14])], starts=["Alt"])
SCHMIDT = load_profile("schmidt")


def started(balances: dict[str, int] | None = None):
    """RED and BLUE started in Alt and each built one segment; GREEN has a line down column 4."""
    state = manual_game(GMAP, ("RED", "BLUE", "GREEN"))
    track = (Segment("RED", Side(H("0103"), H("0102")), 1), Segment("BLUE", Side(H("0103"), H("0104")), 1),
             Segment("GREEN", Side(H("0402"), H("0403")), 1), Segment("GREEN", Side(H("0403"), H("0404")), 1))
    players = tuple(replace(p, start_town="Alt" if p.id != "GREEN" else None,
                            balance=(balances or {}).get(p.id, p.balance)) for p in state.players)
    return replace(state, turn=2, track=track, players=players, connections={"Alt": Connection("RED", 1, 0)},
                   start_player="RED")


def joint(partner: str, *labels: str) -> BuildLine:
    return BuildLine(path(*labels), partner=partner)


def run(state, orders, rolls):
    return adjudicate_building_turn(state, GMAP, BuildingInput(state.turn, orders, {}, rolls), None)


@pytest.mark.parametrize("a, b, points", [(4, 4, 6), (3, 3, 4), (3, 5, 6), (6, 6, 9), (1, 1, 1)])
def test_J01_three_quarters_of_the_summed_rolls_rounded_down(a, b, points):
    """R2-J01 (seed 000: 'Beide würfeln und können drei Viertel des Gesamtwurfs verbauen. (Beispiel: Sie
    würfeln 4 + 4 = 8; 6 Punkte können verbaut werden. Sie würfeln 3 + 3 = 6; Sie können 4 Punkte verbauen,
    ein halber Punkt verfällt.)'; seed 002: 'Speler 1 dobbelt een 3, speler 2 dobbelt een 5. Drievierde van
    de totale worp (= 6) mag worden verbouwd')."""
    assert joint_points(SCHMIDT, a, b) == points


def test_J02_a_joint_line_starts_where_both_networks_meet():
    """R2-J02 (seed 000: 'Diese Linie muß in einem Feld beginnen, in dem sich ihre Streckennetze treffen';
    seed 004: 'Společná trať musí začínat na poli, kde se železnice obou hráčů stýkají').

    From Alt, where both started, the joint line is built; from 0102 (RED's alone) it is not.
    """
    state = started()
    orders = {"RED": BuildingOrders("RED", lines=(joint("BLUE", "0102", "0202"),)),
              "BLUE": BuildingOrders("BLUE", lines=(joint("RED", "0102", "0202"),))}
    r = run(state, orders, {"RED": 4, "BLUE": 4})
    line = r.outcomes[0].joint.lines[0]
    assert not line.built and line.problem == Problem.of(BuildProblem.NOT_WHERE_NETWORKS_MEET, hex=H("0102"),
                                                          partners=("RED", "BLUE"))
    assert line_stopped(line) == "0102-0202: 0102 is not where the networks of RED, BLUE meet"
    orders = {"RED": BuildingOrders("RED", lines=(joint("BLUE", "0103", "0203", "0303"),)),
              "BLUE": BuildingOrders("BLUE", lines=(joint("RED", "0303", "0203", "0103"),))}  # either direction
    r = run(state, orders, {"RED": 4, "BLUE": 4})
    assert r.outcomes[0].joint.lines[0].complete and r.outcomes[0].joint.points == 6


def test_J03_the_line_belongs_to_both_partners():
    """R2-J03 (seed 000: 'können zwei Spieler gemeinsam eine Linie bauen'; seed 004: 'Dva hráči mohou
    postavit společnou trať'): [reading] one segment per owner, laid together.  A rival building alongside
    pays each owner; in a race each partner rides it as its own line, free."""
    state = started()
    orders = {"RED": BuildingOrders("RED", lines=(joint("BLUE", "0103", "0203", "0303"),)),
              "BLUE": BuildingOrders("BLUE", lines=(joint("RED", "0103", "0203", "0303"),))}
    after = run(state, orders, {"RED": 2, "BLUE": 2}).after
    sides = {(s.owner, s.side) for s in after.track if s.turn == 2}
    assert sides == {(o, Side(H(a), H(b))) for o in ("RED", "BLUE") for a, b in (("0103", "0203"), ("0203", "0303"))}
    ctx = board(GMAP, [(s.owner, s.a.label, s.b.label) for s in after.track])
    assert build(ctx, "GREEN", "0403", "0303", "0203").complete
    assert fees_paid(ctx, "GREEN") == {"RED": 1 + 4, "BLUE": 1 + 4}
    for rider in ("RED", "BLUE"):
        check = judge_entry(GMAP, TrackIndex(after.track), SCHMIDT, H("0103"), H("0303"), [rider],
                            path("0103", "0203", "0303"), (rider, rider))
        assert check.valid and check.fares == ()


def test_J04_fees_and_bonus_are_shared_the_richer_pays_the_odd_unit():
    """R2-J04 (seed 000: 'Beide Partner teilen sich Kosten und Prämien. Lassen sich die Kosten nicht
    gleichmäßig aufteilen, zahlt der reichere Spieler eine Einheit mehr'): [reading] so for a joint line's
    fees and town bonuses.  RED (30) and BLUE (20) cross GREEN's line at 0403 (contact fee 1: RED pays it)
    and reach Burg first (bonus 6: 3 each)."""
    state = started({"RED": 30, "BLUE": 20})
    line = ("0103", "0203", "0303", "0403", "0503")
    orders = {"RED": BuildingOrders("RED", lines=(joint("BLUE", *line),)),
              "BLUE": BuildingOrders("BLUE", lines=(joint("RED", *line),))}
    r = run(state, orders, {"RED": 3, "BLUE": 3})
    assert r.outcomes[0].joint.points == 4 and r.outcomes[0].joint.lines[0].complete
    moved = [(e.payer, e.payee, e.amount, e.reason) for e in r.entries]
    assert ("RED", "GREEN", 1, "contact-fee") in moved and not any(e[0] == "BLUE" for e in moved)
    assert [(e.payee, e.amount) for e in r.entries if e.reason == "town-bonus"] == [("RED", 3), ("BLUE", 3)]
    assert r.after.connections["Burg"].bonus == 6
    report = building_report(r, GMAP)
    assert "joint line with BLUE: 75% of 3+3 = 4 points, used 4, lost 0" in report
    assert "(built with RED's orders, above)" in report


def test_J05_both_partners_must_order_the_same_line():
    """R2-J05 [reading] (seed 000: 'Als Variante können zwei Spieler gemeinsam eine Linie bauen': both agree):
    the joint line is built only when both order it alike; otherwise it is not built, and each builds its
    own lines with its own roll."""
    state = started()
    orders = {"RED": BuildingOrders("RED", lines=(joint("BLUE", "0103", "0203"), BuildLine(path("0102", "0202")))),
              "BLUE": BuildingOrders("BLUE", lines=(joint("RED", "0103", "0203", "0303"),))}
    r = run(state, orders, {"RED": 4, "BLUE": 4})
    red, blue = r.outcomes[0], r.outcomes[1]
    assert red.joint is None and blue.joint is None
    refused = [x for x in red.lines if x.line.partner]
    assert refused[0].problem == Problem.of(BuildProblem.JOINT_UNMATCHED, partner="BLUE")
    assert line_stopped(refused[0]) == "0103-0203: BLUE did not order the same joint line"
    assert next(x for x in red.lines if not x.line.partner).complete


def test_J06_the_partners_rolls_go_into_the_joint_line():
    """R2-J06 [reading] (seed 000: 'Beide würfeln und können drei Viertel des Gesamtwurfs verbauen'): the two
    rolls are spent on the joint line; the partners' own lines of that turn are not built."""
    state = started()
    orders = {"RED": BuildingOrders("RED", lines=(joint("BLUE", "0103", "0203"), BuildLine(path("0102", "0202")))),
              "BLUE": BuildingOrders("BLUE", lines=(joint("RED", "0103", "0203"),))}
    r = run(state, orders, {"RED": 4, "BLUE": 4})
    own = next(x for x in r.outcomes[0].lines if not x.line.partner)
    assert own.problem == Problem.of(BuildProblem.JOINT_TURN, partner="BLUE") and not own.built
    assert line_stopped(own) == "0102-0202: your roll went into the joint line with BLUE this turn"
    assert r.outcomes[0].points_lost == 0 and r.outcomes[0].joint.used == 1


def test_J07_check_prices_a_joint_line():
    """R2-J07 (issue 11: 'check prices every new order form'): the building preview builds the joint line
    with the partners' points and fees, and says whether it would be built in full."""
    state = started()
    orders = {"RED": BuildingOrders("RED", lines=(joint("BLUE", "0103", "0203", "0303", "0403"),)),
              "BLUE": BuildingOrders("BLUE", lines=(joint("RED", "0103", "0203", "0303", "0403"),))}
    result, guessed = preview_building(state, GMAP, BuildingInput(2, orders, {}, {"RED": 1, "BLUE": 1}))
    line = result.outcomes[0].joint.lines[0]
    assert [f"{b.a}-{b.b}" for b in line.built] == ["0103-0203"] and line.problem is not None
    assert not building_ok(result, BuildingInput(2, orders))
    result, guessed = preview_building(state, GMAP, BuildingInput(2, orders, {}, {}))
    assert guessed and result.outcomes[0].joint.points == 9 and building_ok(result, BuildingInput(2, orders))
    assert [f.amount for b in result.outcomes[0].joint.lines[0].built for f in b.fees] == [1]


def test_J08_a_joint_lines_unused_points_are_credited_once_split_by_the_balances_before():
    """R2-J08 (seed 004 (EJ): unused points to the account; seed 000: 'Beide Partner teilen sich Kosten und
    Prämien ... zahlt der reichere Spieler eine Einheit mehr'): [reading] a joint line's leftover is split once,
    the richer partner getting the smaller half, by the balances before the credit.  RED (9) and BLUE (10)
    have 4 joint points, use 1: of 3 left BLUE (richer) gets 1, RED 2 (the split used to be worked out for each
    partner against balances the first credit had changed: 4 units for 3 points)."""
    rules = SCHMIDT.with_overrides(["unused_points_to_account=on"])
    state = replace(started({"RED": 9, "BLUE": 10}), rules=rules)
    orders = {"RED": BuildingOrders("RED", lines=(joint("BLUE", "0103", "0203"),)),
              "BLUE": BuildingOrders("BLUE", lines=(joint("RED", "0103", "0203"),))}
    r = run(state, orders, {"RED": 3, "BLUE": 3})
    assert r.outcomes[0].joint.points == 4 and r.outcomes[0].joint.used == 1
    assert sorted((e.payee, e.amount) for e in r.entries if e.reason == "unused-points") == [("BLUE", 1), ("RED", 2)]
