"""Where the editions' rules (issue 11) meet the advanced rules (issue 12): both switched on in one game.

German map as in the ferry cases (tests/catalogue/test_r5_ferries.py): RED has track Hamburg (1108) -
1208 - Lübeck (1307) - 1306 - Puttgarden (1405) and owns the ferry to Gedser (1504); BLUE has Hamburg -
1208 - Lübeck alongside RED.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.building.ferries import FerryOrder, FerryProblem, buy_ferry
from adjudicator.dampfross.building.lines import Budget, BuildLine, build_line
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.building.turn import BuildingInput, BuildingOrders, adjudicate_building_turn
from adjudicator.dampfross.game.dice import DiceRoller, Die, GivenDice, seed_from_text
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Allowance, Player
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.draw import draw_race
from adjudicator.dampfross.racing.ferries import ferry_links
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.race import Entry, run_race
from adjudicator.dampfross.racing.routes import Route
from adjudicator.dampfross.report.phrases import purchase_text
from adjudicator.kernel.problems import Problem
from tests.helpers import H, board, land_path, make_map, manual_game, segments

ADVANCED = load_profile("schmidt").with_overrides(["advanced=true"])
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}
GERMANY = load_map("germany")
PUTTGARDEN, GEDSER = H("1405"), H("1504")
RED_LINE = land_path(GERMANY, "Hamburg", "Lübeck", "Puttgarden")
BLUE_LINE = land_path(GERMANY, "Hamburg", "Lübeck")
TRACK = TrackIndex(segments("RED", RED_LINE) + segments("BLUE", BLUE_LINE),
                   ferry_links(GERMANY, ADVANCED, {"Puttgarden-Gedser": "RED"}))
ROUTE = RED_LINE + (GEDSER,)
DRAW = RaceDraw(1, "Hamburg", 14, "Gedser", 0, 9, (), (), H("1108"), GEDSER)


def books(**balances: int) -> Books:
    return Books([Player(p, p.title(), p[0], SEATS[p], balances.get(p, 20), "") for p in SEATS], 5)


def test_legs_done_counts_a_crossing_only_when_landed():
    """Positions in a race are movement steps; a crossing of 5 points is five steps of one leg."""
    route = Route(ROUTE, ("BLUE", "BLUE", "RED", "RED", "RED"), (1, 1, 1, 1, 5), (None,) * 4 + ("ferry",))
    assert [route.legs_done(s) for s in range(10)] == [0, 1, 2, 3, 4, 4, 4, 4, 4, 5]


def test_fares_move_by_move_are_for_track_the_ferry_fare_is_paid_before_the_start():
    """``fare_timing: per_move`` (003) with a ferry: BLUE pays RED's ferry fare (3) before the start and the
    fares for RED's two segments of track as it moves over them (round 1: 5 points, to the quay at
    Puttgarden and one point of the crossing), gross and once; the ferry leg costs no fare per segment."""
    rules = ADVANCED.with_overrides(["fare_timing=per_move", "fare_cap_rule=none"])
    bk = books()
    out = run_race(GERMANY, TRACK, rules, DRAW, [Entry(("RED",), ROUTE), Entry(("BLUE",), ROUTE)], bk,
                   GivenDice([6, 5, 3, 5], "g", 5), SEATS)
    paid = [(e.payer, e.payee, e.amount, e.reason) for e in bk.entries if e.payer != "BANK"]
    assert paid == [("BLUE", "RED", 3, "ferry-fare"), ("BLUE", "RED", 2, "fare")]
    assert [(f.payer, f.payee, f.amount) for f in out.fares] == [("BLUE", "RED", 2)]
    assert [(f.payer, f.amount, f.ferry) for f in out.ferry_fares] == [("BLUE", 3, "Puttgarden-Gedser")]
    assert [(p.place, p.train) for p in out.placings] == [(1, "BLUE"), (2, "RED")]


def test_without_debt_ferry_fares_count_against_the_balance_with_the_fares_after_set_off():
    """``debt_allowed: false`` (paluba) with a ferry: BLUE owes RED 2 in fares and 3 for the crossing; with a
    balance of 4 it cannot pay both, so its entry is dropped (the fare cap itself leaves ferry fares out)."""
    rules = ADVANCED.with_overrides(["debt_allowed=false"])
    out = run_race(GERMANY, TRACK, rules, DRAW, [Entry(("RED",), ROUTE), Entry(("BLUE",), ROUTE)], books(BLUE=4),
                   GivenDice([6, 5, 3, 5], "g", 5), SEATS)
    blue = out.entries[1]
    assert not blue.valid and blue.problems[0].code is EntryProblem.NET_FARES_OVER_BALANCE
    assert (blue.problems[0]["net"], blue.problems[0]["balance"]) == (5, 4)
    assert out.status == "sole" and out.ferry_fares == ()
    enough = run_race(GERMANY, TRACK, rules, DRAW, [Entry(("RED",), ROUTE), Entry(("BLUE",), ROUTE)],
                      books(BLUE=5), GivenDice([6, 5, 3, 5], "g", 5), SEATS)
    assert all(e.valid for e in enough.entries)


def test_nothing_is_bought_once_the_game_is_over():
    """R4-E07 with a ferry: a fee received while building after races reached the threshold, so the game is
    over and a later BUY FERRY is not carried out."""
    ctx = board(GERMANY, [(s.owner, s.a.label, s.b.label) for s in TRACK.segments], ADVANCED)
    ctx.stop = Problem.of(BuildProblem.GAME_OVER, players=("BLUE",), threshold=250)
    bought = buy_ferry(ctx, "RED", FerryOrder((PUTTGARDEN,), "BUY FERRY Puttgarden"))
    assert bought.problem is not None and bought.problem.code is FerryProblem.GAME_OVER
    assert purchase_text(bought) == "not bought: BLUE reached 250: the game is over"
    assert ctx.ferries == {} and ctx.books.entries == []


def test_simultaneous_building_sells_a_ferry_once():
    """rr-postal (simultaneous building) with ferries: every company builds on its own copy of the track, but
    the ferries are one register, so of two companies ordering the same ferry the first in the building
    order gets it and the other is told it is taken."""
    rules = load_profile("rr-postal").with_overrides(["ferries=true"])
    state = replace(manual_game(GERMANY, ("RED", "BLUE"), rules=rules), dice_mode="hmac", turn=2,
                    track=tuple(segments("RED", RED_LINE) + segments("BLUE", RED_LINE)))
    dice = tuple(Die(f"t:{i}", 1) for i in range(3))
    state = replace(state, allowances=tuple(Allowance(p, dice) for p in ("RED", "BLUE")))
    order = FerryOrder((PUTTGARDEN,), "BUY FERRY Puttgarden")
    orders = {p: BuildingOrders(p, ferries=(order,)) for p in ("RED", "BLUE")}
    r = adjudicate_building_turn(state, GERMANY, BuildingInput(2, orders), DiceRoller(seed_from_text("x"), "t"))
    first, second = (o.player for o in r.outcomes)
    got = {o.player: o.purchases[0] for o in r.outcomes}
    assert got[first].bought and got[second].problem == Problem.of(
        FerryProblem.TAKEN, ferry="Puttgarden-Gedser", owner=first)
    assert [(f.ferry, f.owner) for f in r.after.ferries] == [("Puttgarden-Gedser", first)]


def test_simultaneous_building_pays_no_bonus_abroad():
    """rr-postal with open borders: a town beyond the border reached in a simultaneous turn is connected but
    pays nobody (seed 000: 'Prämien gibt es für den Anschluß der Nachbarländer nicht')."""
    gmap = make_map("....\n", towns=[("Heim", "0101", [11]), ("Fremd", "0301", [12])])
    gmap = replace(gmap, home="H", countries={H("0101"): "H", H("0201"): "H", H("0301"): "F", H("0401"): "F"})
    rules = load_profile("rr-postal").with_overrides(["border_crossing=true"])
    ctx = board(gmap, [("RED", "0101", "0201")], rules, players=("RED",))
    ctx.defer_bonuses = True
    outcome = build_line(ctx, "RED", BuildLine((H("0201"), H("0301"))), Budget("points", 6))
    assert outcome.complete and ctx.reached == [("Fremd", "RED")]
    from adjudicator.dampfross.building.simultaneous import settle_bonuses

    ctx.defer_bonuses = False
    settle_bonuses(ctx, ctx.reached)
    assert ctx.connections["Fremd"].bonus == 0 and ctx.books.entries == []


def test_a_special_run_marks_its_start_on_the_paired_grid():
    """``numbers_once`` on paluba's 3-row grid with special runs: the start of a special run uses up its
    number and the partner in its pair of tens, as any drawn start does (the destination is a region)."""
    rules = load_profile("paluba").with_overrides(["advanced=true"])
    connected = {t.name for t in GERMANY.numbered_towns}
    d = draw_race(GERMANY, rules, GivenDice([1, 4] + [5, 2] * 10, "g", 1), 2, connected=connected, special=True)
    assert d.special is not None and d.start_number == 14
    assert d.marks == (14, 24)
