"""Rules catalogue, rules-reference.md §2: building turns, town bonus, start, order, end of building."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.dampfross.building.costs import BuildProblem, CostKind
from adjudicator.dampfross.building.lines import BuildLine, LineOutcome
from adjudicator.dampfross.building.turn import (
    BuildingInput,
    BuildingOrders,
    Declare,
    PhaseEnd,
    StartProblem,
    adjudicate_building_turn,
    draw_allowances,
)
from adjudicator.dampfross.game.dice import DiceRoller, seed_from_text
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.orders import collect, parse_orders, resolve
from adjudicator.dampfross.orders.codes import ProblemCode
from adjudicator.dampfross.orders.translate import building_orders
from adjudicator.dampfross.report.lines import line_context
from adjudicator.dampfross.report.phrases import DECLARE, NO_ORDERS, START, line_stopped, say
from adjudicator.kernel.errors import TurnRefused
from adjudicator.kernel.problems import NoOrders, Problem
from tests.helpers import H, board, build, make_map, manual_game, path

# Row 3 runs west-east: Alt(0103, start town) ... Burg(0503) ... Dorf(0903, unnumbered)
GMAP = make_map(
    """\
..........
..........
..........
..........
..^.......
""",
    towns=[("Alt", "0103", [11, 12]), ("Burg", "0503", [13]), ("Cell", "0705", [14]), ("Dorf", "0903", []),
           ("Ende", "0301", [15])],
    starts=["Alt"],
)


def line(*labels: str) -> BuildLine:
    return BuildLine(path(*labels))


def turn(state, orders: dict[str, BuildingOrders], rolls: dict[str, int]):
    return adjudicate_building_turn(state, GMAP, BuildingInput(state.turn, orders, {}, rolls), None)


def test_B01_town_bonus_to_the_first_player_only():
    """R2-B01 (seed 000: '6 Einheiten für den Spieler, der eine Stadt als erster ... anschließt'; 003: 5).

    RED reaches Burg first and gets 6 from the bank; BLUE arriving later gets nothing.
    """
    ctx = board(GMAP, [("RED", "0103", "0203"), ("BLUE", "0103", "0104")])
    out = build(ctx, "RED", "0203", "0303", "0403", "0503")
    assert out.built[-1].bonus == 6 and out.built[-1].bonus_town == "Burg"
    out = build(ctx, "BLUE", "0104", "0204", "0304", "0404", "0504", "0503")
    assert out.complete
    assert all(b.bonus == 0 for b in out.built)
    assert ctx.connections["Burg"].player == "RED"
    assert [(e.payer, e.payee, e.amount, e.reason) for e in ctx.books.entries if e.reason == "town-bonus"] == [
        ("BANK", "RED", 6, "town-bonus")
    ]


def test_B02_buetehorn_bonus_is_5():
    """R2-B02 (seed 003: 'a bonus of 5 accounting points')."""
    ctx = board(GMAP, [("RED", "0103", "0203")], rules=load_profile("buetehorn"))
    assert build(ctx, "RED", "0203", "0303", "0403", "0503").built[-1].bonus == 5


def test_B03_unnumbered_places_give_no_bonus_a_start_town_nobody_chose_does():
    """R2-B03 [reading 5] (seed 003: 'This bonus is not given for start hexes of the players'; 004: 'Město,
    kde hráč začínal, se nepočítá'; seed 000: '6 Einheiten für den Spieler, der eine Stadt als erster ...
    anschließt'): an unnumbered place (never drawn) is no town for the bonus; a start town of the map that
    no player started in is a town like any other: the first to reach it gets the bonus."""
    ctx = board(GMAP, [("RED", "0603", "0703"), ("BLUE", "0303", "0403")])
    out = build(ctx, "RED", "0703", "0803", "0903")
    assert out.complete and sum(b.bonus for b in out.built) == 0 and "Dorf" not in ctx.connections
    out = build(ctx, "BLUE", "0303", "0203", "0103")
    assert out.complete and out.built[-1].bonus == 6 and out.built[-1].bonus_town == "Alt"
    assert ctx.connections["Alt"].bonus == 6 and ctx.connections["Alt"].player == "BLUE"


def test_B19_no_bonus_for_the_own_start_town_the_first_other_player_gets_it():
    """R2-B19 [reading 5] (seed 003: 'This bonus is not given for start hexes of the players'; seed 004:
    'Za každé město obdrží hráč, jehož železnice jako první do tohoto města dorazí, 6 bodů. Město, kde
    hráč začínal, se nepočítá').

    On a map without start flags RED starts in Burg: building out of Burg pays RED nothing for it.  BLUE,
    the first other player to reach Burg, gets the 6; GREEN, later, gets nothing.
    """
    plain = make_map(GMAP_TERRAIN, towns=[("Alt", "0103", [11]), ("Burg", "0503", [13])])
    ctx = board(plain, [("BLUE", "0103", "0203"), ("GREEN", "0103", "0104")])
    ctx.start_hexes.update({"RED": H("0503"), "BLUE": H("0103"), "GREEN": H("0103")})
    out = build(ctx, "RED", "0503", "0603")
    assert out.complete and out.built[0].bonus == 0
    assert ctx.connections["Burg"].player == "RED" and ctx.connections["Burg"].bonus == 0
    out = build(ctx, "BLUE", "0203", "0303", "0403", "0503")
    assert out.built[-1].bonus == 6 and out.built[-1].bonus_town == "Burg"
    assert ctx.connections["Burg"].player == "BLUE" and ctx.connections["Burg"].bonus == 6
    out = build(ctx, "GREEN", "0104", "0204", "0304", "0404", "0504", "0503")
    assert out.complete and sum(b.bonus for b in out.built) == 0
    assert [(e.payee, e.amount, e.town) for e in ctx.books.entries if e.reason == "town-bonus"] == [
        ("BLUE", 6, "Burg")]


def test_B04_network_must_stay_connected():
    """R2-B04 (seed 000: 'Alle Linien einer Farbe müssen jedoch zusammenhängen'; 003, 004)."""
    ctx = board(GMAP, [("RED", "0103", "0203")])
    out = build(ctx, "RED", "0603", "0703")
    assert not out.built and out.problem is not None and out.problem.code is BuildProblem.NOT_ON_NETWORK
    assert "not on your network" in line_stopped(out)


def test_B05_a_line_stops_at_the_first_illegal_segment_later_lines_still_run():
    """R2-B05 (issue 3; RULES §7 'what cannot be done is reported with the reason').

    The second segment runs into the mountain at 0305 with too few points left;
    the rest of that line is not built, the next line still is.
    """
    state = manual_game(GMAP)
    orders = {
        "RED": BuildingOrders("RED", H("0103"), (line("0103", "0104", "0204", "0305", "0405"), line("0103", "0102"))),
    }
    r = turn(state, orders, {"RED": 4})
    red = r.outcomes[0]
    first, second = red.lines
    assert [f"{b.a}-{b.b}" for b in first.built] == ["0103-0104", "0104-0204"]
    assert first.unbuilt == path("0204", "0305", "0405")
    assert first.problem == Problem.of(BuildProblem.POINTS_SHORT, cost=3, kind=CostKind.MOUNTAIN, left=2)
    assert "costs 3 points (mountain), only 2" in line_stopped(first)
    assert second.complete
    assert red.points_used == 3 and red.points_lost == 1


def test_B06_unused_points_are_lost():
    """R2-B06 (seed 000: 'Nicht verwendete Würfelpunkte ... verfallen')."""
    state = manual_game(GMAP)
    r = turn(state, {"RED": BuildingOrders("RED", H("0103"), (line("0103", "0203"),))}, {"RED": 5})
    assert r.outcomes[0].points_lost == 4
    assert r.after.allowances == ()  # manual dice: the GM gives next turn's


def test_B07_seat_order_from_the_start_player_who_moves_on_each_round():
    """R2-B07 (seed 000: 'Die Rolle des Spielers, der als erster bauen darf, wechselt von Runde zu Runde')."""
    state = manual_game(GMAP, ("RED", "BLUE", "GREEN"))
    state = replace(state, start_player="BLUE")
    r = turn(state, {}, {})
    assert r.order == ("BLUE", "GREEN", "RED")
    assert r.after.start_player == "GREEN"


def test_B08_earlier_builders_track_counts_for_later_builders_fees():
    """R2-B08 (issue 3: players build in seat order): BLUE builds after RED this turn and pays for running alongside."""
    state = manual_game(GMAP)
    orders = {
        "RED": BuildingOrders("RED", H("0103"), (line("0103", "0203", "0303"),)),
        "BLUE": BuildingOrders("BLUE", H("0103"), (line("0103", "0203", "0303"),)),
    }
    r = turn(state, orders, {"RED": 2, "BLUE": 2})
    blue_fees = [(e.payee, e.amount, e.reason) for e in r.entries if e.payer == "BLUE"]
    # 0103-0203: out of the town alongside RED (2 + retroactive join 1); 0203-0303: alongside (4)
    assert blue_fees == [("RED", 2, "parallel-fee"), ("RED", 1, "contact-fee"), ("RED", 4, "parallel-fee")]
    assert r.after.player("BLUE").balance == 13 and r.after.player("RED").balance == 27


def test_B09_already_own_track_stops_the_line():
    """R2-B09 (issue 3: 'already own' is illegal)."""
    ctx = board(GMAP, [("RED", "0103", "0203")])
    out = build(ctx, "RED", "0103", "0203", "0303")
    assert not out.built and out.problem == Problem.of(BuildProblem.OWN_TRACK_THERE)
    assert "already have track" in line_stopped(out)


def test_B10_start_must_be_a_start_town_and_may_be_shared():
    """R2-B10 (seed 000: Start in the map's start towns; 'Mehrere Spieler können ... in derselben Stadt ... beginnen')."""
    state = manual_game(GMAP)
    orders = {"RED": BuildingOrders("RED", H("0503"), (line("0503", "0603"),)), "BLUE": BuildingOrders("BLUE", H("0103"))}
    r = turn(state, orders, {"RED": 3, "BLUE": 3})
    red, blue = r.outcomes
    assert red.start_problem is not None and red.start_problem.code is StartProblem.NOT_A_START_TOWN
    assert "not a start town" in say(START, red.start_problem) and not red.lines[0].built
    assert blue.start == "Alt"
    orders = {"RED": BuildingOrders("RED", H("0103")), "BLUE": BuildingOrders("BLUE", H("0103"))}
    assert all(o.start == "Alt" for o in turn(state, orders, {"RED": 1, "BLUE": 1}).outcomes)


def test_B11_distinct_starts_option():
    """R2-B11 (RULES §2 option distinct_starts; seed 004 EJ: 'Dva hráči nemohou začínat ze stejného města')."""
    two = make_map(GMAP_TERRAIN, towns=[("Alt", "0103", [11]), ("Burg", "0503", [13])], starts=["Alt", "Burg"])
    state = manual_game(two, sets=["distinct_starts=true"])
    orders = {"RED": BuildingOrders("RED", H("0103")), "BLUE": BuildingOrders("BLUE", H("0103"))}
    r = adjudicate_building_turn(state, two, BuildingInput(1, orders, {}, {"RED": 1, "BLUE": 1}), None)
    assert r.outcomes[0].start == "Alt"
    assert r.outcomes[1].start_problem == Problem.of(StartProblem.TAKEN, town="Alt", by="RED")
    assert "already the start town of RED" in say(START, r.outcomes[1].start_problem)


GMAP_TERRAIN = "..........\n..........\n..........\n..........\n..^.......\n"


def test_B12_line_written_from_the_far_end_is_built_from_the_network():
    """R2-B12 [reading] (RULES §7: the GM corrects an evident slip): a line whose first point is off the
    network but whose last point is on it is built from the network end, with a note."""
    ctx = board(GMAP, [("RED", "0103", "0203")])
    out = build(ctx, "RED", "0403", "0303", "0203")
    assert out.complete and out.reversed_from == H("0203")
    assert [f"{b.a}-{b.b}" for b in out.built] == ["0203-0303", "0303-0403"]


def test_B13_building_ends_when_every_numbered_town_is_connected():
    """R2-B13 (seed 000: 'Sobald jede Stadt an wenigstens eine Linie angeschlossen ist, endet die Aufbauphase')."""
    small = make_map("......\n......\n", towns=[("Alt", "0101", [11]), ("Burg", "0401", [12])], starts=["Alt"])
    state = manual_game(small)
    orders = {"RED": BuildingOrders("RED", H("0101"), (BuildLine(path("0101", "0201", "0301", "0401")),))}
    r = adjudicate_building_turn(state, small, BuildingInput(1, orders, {}, {"RED": 3}), None)
    assert r.phase_end == Problem.of(PhaseEnd.ALL_CONNECTED)
    assert r.after.phase == "racing" and r.after.building_ended_turn == 1


def test_B14_declare_end_after_exactly_two_more_rounds_with_one_town_left():
    """R2-B14 [reading 9] (seed 000: 'kann jeder Spieler die Aufbauphase für beendet erklären, sobald nur noch
    eine Stadt ohne Bahnanschluß ist und zwei weitere Runden gespielt wurden. Der nächste Spieler in
    Reihenfolge beginnt dann mit dem zweiten Spielabschnitt, der Betriebsphase').

    One town was left at the end of turn 4 (L).  Turns 5 and 6 are the two more rounds: a declaration sent
    with the orders of turn 5 is refused, one sent with turn 6's (L + 2) or later is valid, and the building
    phase ends after that turn, which is built in full.
    """
    state = replace(manual_game(GMAP), one_town_left_turn=4)
    for t, valid in ((5, False), (6, True), (7, True)):
        s = replace(state, turn=t)
        orders = {"RED": BuildingOrders("RED", H("0103"), (line("0103", "0203"),), declare_end=True),
                  "BLUE": BuildingOrders("BLUE", H("0103"), (line("0103", "0104"),))}
        r = adjudicate_building_turn(s, GMAP, BuildingInput(t, orders, {}, {"RED": 1, "BLUE": 1}), None)
        verdict = r.outcomes[0].declare
        assert verdict is not None and (verdict.code is Declare.VALID) is valid, (t, verdict)
        assert say(DECLARE, verdict).startswith("valid" if valid else "refused")
        assert (r.after.phase == "racing") is valid
        assert all(o.lines[0].complete for o in r.outcomes)  # the declaring turn is built in full
    refused = adjudicate_building_turn(replace(state, turn=5), GMAP, BuildingInput(
        5, {"RED": BuildingOrders("RED", declare_end=True)}, {}, {"RED": 1}), None).outcomes[0].declare
    assert refused == Problem.of(Declare.TOO_EARLY, left=4, first=6)
    assert say(DECLARE, refused) == "refused: only one town left since turn 4; allowed from turn 6 on"


def test_B20_nothing_more_is_built_once_the_last_town_is_connected():
    """R2-B20 (seed 000: 'Sobald jede Stadt an wenigstens eine Linie angeschlossen ist, endet die
    Aufbauphase'): RED connects Burg, the last numbered town, with the second segment of its line; the rest
    of its line and BLUE's line, later in the turn, are not built, and the report says why."""
    small = make_map("......\n......\n", towns=[("Alt", "0101", [11]), ("Burg", "0301", [12])], starts=["Alt"])
    state = manual_game(small)
    orders = {"RED": BuildingOrders("RED", H("0101"), (line("0101", "0201", "0301", "0401"),)),
              "BLUE": BuildingOrders("BLUE", H("0101"), (line("0101", "0102"),))}
    r = adjudicate_building_turn(state, small, BuildingInput(1, orders, {}, {"RED": 3, "BLUE": 3}), None)
    red, blue = r.outcomes
    assert [f"{b.a}-{b.b}" for b in red.lines[0].built] == ["0101-0201", "0201-0301"]
    assert red.lines[0].problem == Problem.of(BuildProblem.ALL_CONNECTED)
    assert red.lines[0].unbuilt == path("0301", "0401")
    assert not blue.lines[0].built and blue.lines[0].problem == Problem.of(BuildProblem.ALL_CONNECTED)
    assert line_stopped(blue.lines[0]) == "0101-0102: every town is connected: the building phase is over"
    assert r.phase_end == Problem.of(PhaseEnd.ALL_CONNECTED) and r.after.phase == "racing"


def test_B15_one_town_left_is_recorded():
    """R2-B15 (seed 000, anti-stalling): the turn at whose end only one numbered town is unconnected is recorded."""
    small = make_map("......\n......\n", towns=[("Alt", "0101", [11]), ("Burg", "0401", [12]), ("Cell", "0602", [13])],
                     starts=["Alt"])
    state = manual_game(small)
    orders = {"RED": BuildingOrders("RED", H("0101"), (BuildLine(path("0101", "0201", "0301", "0401")),))}
    r = adjudicate_building_turn(state, small, BuildingInput(1, orders, {}, {"RED": 3}), None)
    assert r.unconnected == ("Cell",) and r.after.one_town_left_turn == 1 and r.after.phase == "building"


def test_B16_allowances_drawn_at_the_end_of_the_previous_turn():
    """R2-B16 (RULES §2: in play by mail the allowance for the coming turn is drawn at the end of the previous
    turn and printed): own allowance one die per player; shared one roll for all; two_dice two dice."""
    seed = seed_from_text("b16")
    state = replace(manual_game(GMAP, ("RED", "BLUE", "GREEN")), dice_mode="hmac", turn=3)
    own = draw_allowances(state, DiceRoller(seed, "test"))
    assert [len(a.dice) for a in own] == [1, 1, 1] and len({a.dice[0].label for a in own}) == 3
    shared = draw_allowances(replace(state, rules=state.rules.with_overrides(["allowance=shared"])), DiceRoller(seed, "test"))
    assert len({a.dice for a in shared}) == 1
    two = draw_allowances(replace(state, rules=state.rules.with_overrides(["allowance_dice=2"])), DiceRoller(seed, "test"))
    assert all(len(a.dice) == 2 and 2 <= a.points <= 12 for a in two)


def test_B17_manual_dice_turn_without_a_needed_roll_is_refused():
    """R2-B17 (issue 3, manual dice): a turn that lacks a die it needs is refused, saying which."""
    state = manual_game(GMAP)
    with pytest.raises(TurnRefused, match="ROLL BLUE"):
        turn(state, {"RED": BuildingOrders("RED", H("0103")), "BLUE": BuildingOrders("BLUE", H("0103"))}, {"RED": 3})


def test_B18_player_without_orders_builds_nothing():
    """R2-B18 (issue 3; RULES §7 NMR): a player without orders builds nothing and the report says why."""
    state = manual_game(GMAP)
    r = adjudicate_building_turn(state, GMAP, BuildingInput(1, {}, {"BLUE": Problem.of(NoOrders.WRONG_PASSWORD)}, {}), None)
    assert [o.skipped for o in r.outcomes] == [Problem.of(NoOrders.NONE_RECEIVED), Problem.of(NoOrders.WRONG_PASSWORD)]
    assert [say(NO_ORDERS, o.skipped) for o in r.outcomes] == ["no orders received", "wrong password"]


def test_B21_a_bad_point_stops_the_line_there_with_a_public_reason():
    """R2-B21 [reading 79] (RULES §7: 'everything else is carried out as written where possible, and what
    cannot be done is reported with the reason'): a BUILD line is built up to its first bad point (a place that
    is no hex, a next point that is no neighbour) and stops there; the report, public and private, says why;
    the rest of the line is not built, and later lines still run."""
    text = ("PLAYER RED PASSWORD x\nSTART Alt\nBUILD Alt - 0203 - 0303 - Xyzzy - 0503\nBUILD 0303 - 0305\n"
            "BUILD Alt - 0102\n")
    orders = resolve(collect([parse_orders(text, "t.orders")]), GMAP)
    assert [p.code for p in orders.problems] == [ProblemCode.UNKNOWN_TOWN, ProblemCode.NOT_NEIGHBOURS]
    state = manual_game(GMAP)
    r = turn(state, {"RED": building_orders(orders.sections[0], [])}, {"RED": 6})
    first, second, third = r.outcomes[0].lines
    assert [f"{b.a}-{b.b}" for b in first.built] == ["0103-0203", "0203-0303"]
    assert first.problem == Problem.of(BuildProblem.UNKNOWN_POINT, written="Xyzzy")
    public = line_context(first)
    assert (public["unbuilt"], public["reason"]) == (
        "0303-Xyzzy-0503", "'Xyzzy' is no town or hex label of this map: the line stops at 0303")
    assert second.built == () and second.problem == Problem.of(BuildProblem.NOT_NEIGHBOURS, a=H("0303"), b=H("0305"))
    assert line_context(second)["reason"] == "0303 and 0305 are not neighbours: the line stops at 0303"
    assert third.complete and r.outcomes[0].points_used == 3
    nothing = turn(state, {"RED": building_orders(resolve(collect([parse_orders(
        "PLAYER RED PASSWORD x\nSTART Alt\nBUILD Xyzzy - Alt\n", "t.orders")]), GMAP).sections[0], [])}, {"RED": 6})
    (line_0,) = nothing.outcomes[0].lines
    assert line_context(line_0)["reason"] == "'Xyzzy' is no town or hex label of this map: nothing of the line is built"
    assert line_context(line_0)["unbuilt"] == "Xyzzy-Alt"
    refused = LineOutcome(line_0.line, (), Problem.of(BuildProblem.NO_BUILDING_NOW, every=2), ())
    assert line_stopped(refused) == "no building this turn: in the 10% variant building follows every 2 races"
