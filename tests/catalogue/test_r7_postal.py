"""Rules catalogue: the ``rr-postal`` profile, English postal practice of Railway Rivals (rules-reference.md §6).

rules-reference.md §6: "3 published common rolls per round, 6 building rounds then 6
racing rounds; 7 races a round, a player enters at most 4 (carried-over
races raise the cap: 2–3 → 5, 4–5 → 6, 6–7 → 7); a race nobody enters
carries over except from the last round; entry invalid with more than 10
hexes of another's track; ties split".
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.building.lines import BuildLine, build_line
from adjudicator.dampfross.building.turn import (
    BuildingInput,
    BuildingOrders,
    adjudicate_building_turn,
    allowance_budget,
)
from adjudicator.dampfross.engine.preview import preview_racing
from adjudicator.dampfross.game.dice import DiceRoller, Die, GivenDice, seed_from_text
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw, RaceState, Redraw, RedrawReason
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Allowance, Connection, HistoryEntry, Player
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.draw import draw_race
from adjudicator.dampfross.racing.end import check_end
from adjudicator.dampfross.racing.entry import Entry
from adjudicator.dampfross.racing.fares import FarePayment
from adjudicator.dampfross.racing.problems import EntryNote, EntryProblem
from adjudicator.dampfross.racing.race import RaceOutcome, run_race
from adjudicator.dampfross.racing.schedule import destination_counts
from adjudicator.dampfross.racing.trains import entry_cap, trains_of_turn
from adjudicator.dampfross.racing.turn import RacingInput, RacingOrders, adjudicate_racing_turn
from adjudicator.dampfross.report.common import next_turn
from adjudicator.dampfross.report.racephrases import entry_note, entry_problem
from adjudicator.dampfross.report.racing import postal_money
from adjudicator.kernel.problems import Problem
from tests.helpers import H, board, make_map, manual_game, path

POSTAL = load_profile("rr-postal")
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}
STRIP = make_map("\n".join(["." * 23] * 5) + "\n", towns=[("Start", "0103", [11]), ("Ziel", "2203", [12])])
ROW3 = tuple(H(f"{c:02d}03") for c in range(1, 23))
DRAW = RaceDraw(1, "Start", 11, "Ziel", 12, 21, (), (), H("0103"), H("2203"))
GMAP = make_map("\n".join(["." * 10] * 5) + "\n",
                towns=[("Alt", "0103", [11]), ("Burg", "0503", [13]), ("Cell", "0705", [14])], starts=["Alt"])


def line(owner: str, hexes) -> list[Segment]:
    return [Segment(owner, Side(a, b), 1) for a, b in itertools.pairwise(hexes)]


def named(*spec: tuple[str, int]) -> tuple[str, ...]:
    return tuple(o for o, n in spec for _ in range(n))


def books(**balances: int) -> Books:
    return Books([Player(p, p.title(), p[0], SEATS[p], balances.get(p, 20), "") for p in SEATS], 5)


def rolls(*values: int) -> tuple[Die, ...]:
    return tuple(Die(f"g|turn=2|allowance:ALL|{i + 1}", v) for i, v in enumerate(values))


def postal_state(players=("RED", "BLUE"), *values: int):
    """A postal game at turn 2 with published rolls; RED and BLUE started in Alt."""
    state = replace(manual_game(GMAP, players, rules=POSTAL), dice_mode="hmac", turn=2)
    return replace(state, allowances=tuple(Allowance(p, rolls(*values)) for p in players),
                   players=tuple(replace(p, start_town="Alt") for p in state.players))


def test_Q01_three_common_rolls_used_in_order_a_line_may_be_split_between_them():
    """R7-Q01 (RULES §2: 'postal — the GM publishes three common rolls per round in advance (players build
    three pieces a, b, c; English postal practice)'): [reading] the rolls a, b, c are spent in order; a
    segment the current roll cannot pay is paid from the next roll that can, the rest of the current roll
    being lost.  Rolls 2, 3, 1: a plain line of 5 uses a (2) and b (3); the river crossing (3) after it finds
    only c (1) and stops.  Rolls 1, 4, 2: a river crossing first skips a (lost), takes 3 of b, and the plain
    step after it the last point of b; c is left."""
    river = make_map("\n".join(["." * 10] * 3) + "\n", towns=[("Alt", "0102", [11])], rivers=["0702 0802"])
    ctx = board(river, [("RED", "0102", "0202")], rules=POSTAL)
    budget = allowance_budget(POSTAL, Allowance("RED", rolls(2, 3, 1)))
    assert budget.pots == [2, 3, 1] and budget.remaining == 6
    out = build_line(ctx, "RED", BuildLine(path("0202", "0302", "0402", "0502", "0602", "0702", "0802")), budget)
    assert [f"{b.a}-{b.b}" for b in out.built] == ["0202-0302", "0302-0402", "0402-0502", "0502-0602", "0602-0702"]
    assert out.problem == Problem.of(BuildProblem.POINTS_SHORT, cost=3, kind=out.problem["kind"], left=1)
    budget = allowance_budget(POSTAL, Allowance("RED", rolls(1, 4, 2)))
    ctx2 = board(river, [("RED", "0602", "0702")], rules=POSTAL)
    out = build_line(ctx2, "RED", BuildLine(path("0702", "0802", "0902")), budget)
    assert out.complete and budget.pots == [0, 2] and budget.remaining == 2  # a lost, b paid 3 + 1, c untouched


def test_Q02_simultaneous_building_against_the_track_as_it_stood():
    """R7-Q02 (RULES §6, postal: every company builds with the same rolls in the same round): [reading]
    builds are judged against the track at the start of the turn: RED and BLUE both build Alt-0203-0303
    this turn and pay each other nothing; both reach Burg in the same turn and share its bonus (3 each)."""
    state = postal_state(("RED", "BLUE"), 2, 2, 1)
    same = (BuildLine(path("0103", "0203", "0303", "0403", "0503")),)
    orders = {"RED": BuildingOrders("RED", lines=same), "BLUE": BuildingOrders("BLUE", lines=same)}
    r = adjudicate_building_turn(state, GMAP, BuildingInput(2, orders), DiceRoller(seed_from_text("q2"), "test"))
    assert all(o.lines[0].complete for o in r.outcomes)
    assert [(e.payer, e.payee) for e in r.entries if e.payer != "BANK"] == []
    assert [(e.payee, e.amount, e.town) for e in r.entries if e.reason == "town-bonus"] == [
        ("RED", 3, "Burg"), ("BLUE", 3, "Burg")]
    assert len([s for s in r.after.track if s.turn == 2]) == 8


def test_Q03_six_building_rounds_then_racing_connecting_every_town_does_not_end_it():
    """R7-Q03 (RULES §6: '6 building rounds then 6 racing rounds'): [reading] the building phase runs its
    six rounds; connecting every town earlier stops nothing."""
    assert (POSTAL.building_rounds, POSTAL.racing_turns, POSTAL.all_connected_ends_building) == (6, 6, False)
    small = make_map("......\n", towns=[("Alt", "0101", [11]), ("Burg", "0301", [12])], starts=["Alt"])
    state = replace(manual_game(small, ("RED", "BLUE"), rules=POSTAL), dice_mode="hmac")
    state = replace(state, allowances=tuple(Allowance(p, rolls(3, 3, 3)) for p in ("RED", "BLUE")))
    orders = {"RED": BuildingOrders("RED", H("0101"), (BuildLine(path("0101", "0201", "0301", "0401")),))}
    roller = DiceRoller(seed_from_text("q3"), "test")
    r = adjudicate_building_turn(state, small, BuildingInput(1, orders), roller)
    assert r.unconnected == () and r.phase_end is None and r.outcomes[0].lines[0].complete
    r = adjudicate_building_turn(replace(r.after, turn=6), small, BuildingInput(6), roller)
    assert r.phase_end is not None and r.after.phase == "racing"


def test_Q04_seven_races_a_round_announced_in_the_previous_report():
    """R7-Q04 (RULES §6: '7 races a round'): the next turn's seven races are drawn at the end of a turn and
    printed, numbered on."""
    from adjudicator.dampfross.racing.schedule import draw_next

    gmap = make_map("\n".join(["." * 14] * 3) + "\n", towns=[(f"T{n}", f"{2 * i + 1:02d}02", [n]) for i, n in
                                                               enumerate((11, 12, 13, 14, 15, 16, 21))])
    state = replace(manual_game(gmap, ("RED", "BLUE"), rules=POSTAL), dice_mode="hmac", phase="racing",
                    connections={f"T{n}": Connection("RED", 1, 0) for n in (11, 12, 13, 14, 15, 16, 21)})
    draws = draw_next(replace(state, rules=POSTAL.with_overrides(["min_race_distance=2"])), gmap,
                      DiceRoller(seed_from_text("q4"), "test"), 2)
    assert [d.number for d in draws] == [1, 2, 3, 4, 5, 6, 7]


def test_Q05_at_most_four_entries_more_with_carried_races():
    """R7-Q05 (RULES §6: 'a player enters at most 4 (carried-over races raise the cap: 2–3 → 5, 4–5 → 6,
    6–7 → 7)'): RED's fifth entry makes no entry; with two carried-over races it may enter five."""
    draws = [replace(DRAW, number=n) for n in range(1, 8)]
    assert entry_cap(POSTAL, draws) == 4
    for carried, cap in ((1, 4), (2, 5), (3, 5), (4, 6), (5, 6), (6, 7), (7, 7)):
        assert entry_cap(POSTAL, [replace(d, carried=i < carried) for i, d in enumerate(draws)]) == cap
    track = TrackIndex(line("RED", ROW3))
    orders = {"RED": [Entry(("RED",), ROW3, race=n) for n in range(1, 6)]}
    entries, notes = trains_of_turn(STRIP, track, POSTAL, draws, orders, {}, SEATS, list(SEATS))
    assert sum(len(v) for v in entries.values()) == 4
    assert notes == [Problem.of(EntryNote.TOO_MANY_ENTRIES, player="RED", race=5, cap=4)]
    assert entry_note(notes[0]) == "RED: ENTER 5: no more than 4 races a turn"


def test_Q05b_a_joint_run_counts_for_the_partner_in_its_races_place():
    """R7-Q05b (RULES §6: 'a player enters at most 4'; reading 33: entries beyond the cap, in race order, make
    no entry): BLUE enters races 1-4 alone and race 5 jointly with RED (RED, first in seat order, ordered it
    too).  Race 5 is BLUE's fifth entry and makes none; BLUE's race 4 stands (the joint run used to be counted
    first, because RED's orders were read before BLUE's)."""
    draws = [replace(DRAW, number=n) for n in range(1, 6)]
    track = TrackIndex(line("RED", ROW3) + line("BLUE", ROW3))
    orders = {"RED": [Entry(("RED", "BLUE"), ROW3, race=5)],
              "BLUE": [Entry(("BLUE",), ROW3, race=n) for n in range(1, 5)] + [Entry(("BLUE", "RED"), ROW3, race=5)]}
    entries, notes = trains_of_turn(STRIP, track, POSTAL, draws, orders, {}, SEATS, list(SEATS))
    assert [len(entries[n]) for n in range(1, 6)] == [1, 1, 1, 1, 0]
    assert notes == [Problem.of(EntryNote.TOO_MANY_ENTRIES, player="BLUE", race=5, cap=4)]


def test_Q06_a_race_nobody_enters_carries_over_except_from_the_last_round():
    """R7-Q06 (RULES §6: 'a race nobody enters carries over except from the last round'): race 2 has no
    entrant: it is run again next turn, marked carried, keeping its number."""
    state = replace(manual_game(STRIP, ("RED", "BLUE"), rules=POSTAL.with_overrides(["races_per_turn=1"])),
                    dice_mode="hmac", phase="racing", turn=7, track=tuple(line("RED", ROW3)),
                    connections={"Start": Connection("RED", 1, 0), "Ziel": Connection("RED", 1, 0)})
    upcoming = (DRAW, replace(DRAW, number=2))
    state = replace(state, races=RaceState(upcoming=upcoming, count=2))
    orders = RacingInput(7, {"RED": RacingOrders("RED", (Entry(("RED",), ROW3, race=1),))})
    roller = DiceRoller(seed_from_text("q6"), "test")
    r = adjudicate_racing_turn(state, STRIP, orders, roller)
    assert [o.status for o in r.races] == ["sole", "carried"]
    assert [(d.number, d.carried) for d in r.next_draws] == [(2, True), (3, False)]
    assert [d.number for d in r.after.race_state.upcoming] == [2, 3]
    last = replace(state, history=tuple(HistoryEntry(t, "racing", (("RED", 20), ("BLUE", 20))) for t in range(1, 6)))
    r = adjudicate_racing_turn(last, STRIP, orders, roller)
    assert r.end is not None and [o.status for o in r.races] == ["sole", "lapsed"]


def test_Q06c_only_a_race_nobody_entered_carries_over():
    """R7-Q06c [reading 64] (RULES §6: 'a race nobody enters carries over'): race 2 entered by RED with a route
    that does not reach the destination lapses (an entry was made, an invalid one); race 2 ordered only as BEST
    by BLUE, who has no track and so no route, makes no entry and carries over."""
    state = replace(manual_game(STRIP, ("RED", "BLUE"), rules=POSTAL.with_overrides(["races_per_turn=1"])),
                    dice_mode="hmac", phase="racing", turn=7, track=tuple(line("RED", ROW3)),
                    connections={"Start": Connection("RED", 1, 0), "Ziel": Connection("RED", 1, 0)})
    state = replace(state, races=RaceState(upcoming=(DRAW, replace(DRAW, number=2)), count=2))
    roller = DiceRoller(seed_from_text("q6c"), "test")
    first = Entry(("RED",), ROW3, race=1)
    short = RacingInput(7, {"RED": RacingOrders("RED", (first, Entry(("RED",), ROW3[:5], race=2)))})
    assert [o.status for o in adjudicate_racing_turn(state, STRIP, short, roller).races] == ["sole", "lapsed"]
    best = RacingInput(7, {"RED": RacingOrders("RED", (first,)), "BLUE": RacingOrders("BLUE", (Entry(("BLUE",),
                                                                                                   race=2),))})
    assert [o.status for o in adjudicate_racing_turn(state, STRIP, best, roller).races] == ["sole", "carried"]


def test_Q07_an_entry_with_more_than_ten_hexes_of_one_other_companys_track_is_invalid():
    """R7-Q07 [reading 118] (RULES §3: 'Postal RR: at most 10 hexes of another company's track'; §6: 'entry
    invalid with more than 10 hexes of another's track'): 11 hexes of BLUE's line are invalid, whatever the
    money (schmidt's cap per pair would count fares after set-off); 10 of BLUE's are allowed."""
    track = TrackIndex(line("RED", ROW3) + line("BLUE", ROW3) + line("GREEN", ROW3))
    eleven = Entry(("RED",), ROW3, named(("BLUE", 11), ("RED", 10)))
    out = run_race(STRIP, track, POSTAL, DRAW, [eleven], books(), GivenDice([]), SEATS)
    assert out.entries[0].problems == (Problem.of(EntryProblem.TOO_MANY_HEXES, owner="BLUE", hexes=11, cap=10),)
    assert entry_problem(out.entries[0].problems[0]) == "uses 11 hexes of BLUE's track, more than the 10 allowed"
    ten = Entry(("RED",), ROW3, named(("BLUE", 10), ("RED", 11)))
    assert run_race(STRIP, track, POSTAL, DRAW, [ten], books(), GivenDice([]), SEATS).entries[0].valid


def test_Q15_the_cap_on_others_hexes_is_per_rival_company():
    """R7-Q15 [reading 118] (RULES §3: 'Postal RR: at most 10 hexes of another company's track'; §6: 'entry
    invalid with more than 10 hexes of another's track'; the postal ruling on an entry that "uses more than
    10 of another's track"): the cap is counted for each rival company on its own, so 6 hexes of BLUE's line
    and 6 of GREEN's (12 of others' track in all) is a valid entry; 11 of GREEN's beside 6 of BLUE's is not,
    for GREEN alone.  ``BEST`` spreads unnamed segments over the rivals to keep each under the cap."""
    track = TrackIndex(line("RED", ROW3) + line("BLUE", ROW3) + line("GREEN", ROW3))
    six_six = Entry(("RED",), ROW3, named(("BLUE", 6), ("GREEN", 6), ("RED", 9)))
    out = run_race(STRIP, track, POSTAL, DRAW, [six_six], books(), GivenDice([]), SEATS)
    assert out.entries[0].valid and out.entries[0].problems == ()
    too_many = Entry(("RED",), ROW3, named(("BLUE", 6), ("GREEN", 11), ("RED", 4)))
    out = run_race(STRIP, track, POSTAL, DRAW, [too_many], books(), GivenDice([]), SEATS)
    assert out.entries[0].problems == (Problem.of(EntryProblem.TOO_MANY_HEXES, owner="GREEN", hexes=11, cap=10),)
    others = TrackIndex(line("RED", ROW3[:2]) + line("BLUE", ROW3[1:]) + line("GREEN", ROW3[1:]))
    state = replace(manual_game(STRIP, ("RED", "BLUE", "GREEN"), rules=POSTAL), phase="racing", dice_mode="hmac",
                    track=tuple(others.segments), races=RaceState(upcoming=(DRAW,), count=1))
    orders = RacingInput(1, {"RED": RacingOrders("RED", (Entry(("RED",), race=1),))})
    (preview,) = preview_racing(state, STRIP, orders)
    assert preview.ok, preview.entries[0]
    route = preview.entries[0].route
    assert route is not None and all(n <= 10 for n in route.paid_segments(("RED",)).values())


def test_Q08_ties_split():
    """R7-Q08 (RULES §3: 'split (postal: 15/15 for a shared first, 5/5 for a shared second)')."""
    track = TrackIndex(line("RED", ROW3) + line("BLUE", ROW3) + line("GREEN", ROW3))
    trains = [Entry((p,), ROW3, named((p, 21))) for p in ("RED", "BLUE")]
    out = run_race(STRIP, track, POSTAL, DRAW, trains, books(), GivenDice([6] * 8), SEATS)
    assert [(p.place, p.train, p.prize, p.shared) for p in out.placings] == [(1, "RED", 15, True),
                                                                              (1, "BLUE", 15, True)]


def test_Q09_every_town_a_destination_at_most_twice():
    """R7-Q09 (issue 11: 'over the racing rounds every town is a destination twice (the draw keeps the
    count)'): [reading] a town already twice a destination is drawn again as a destination."""
    gmap = make_map("\n".join(["." * 14] * 3) + "\n", towns=[("Alt", "0102", [11]), ("Ende", "0702", [15]),
                                                               ("Fern", "1302", [16])])
    d = draw_race(gmap, POSTAL, GivenDice([1, 1, 1, 5, 1, 6]), 9, dest_counts={"Ende": 2, "Fern": 1})
    assert d.dest_town == "Fern" and d.redraws == (Redraw("dest", 15, "Ende", RedrawReason.DEST_USED),)
    races = RaceState(upcoming=(replace(DRAW, number=3, dest_town="Ende"),), results=())
    assert destination_counts(races) == {"Ende": 1}


def test_Q10_running_powers_both_order_them_each_rides_the_others_track_free():
    """R7-Q10 (issue 11: 'two companies may agree an exchange of running powers for a race (each uses the
    other's track without paying; both order it)'): RED rides 12 hexes of BLUE's line free, and they do not
    count towards the 10 hexes; ordered by RED alone, the powers do not hold."""
    track = TrackIndex(line("RED", ROW3[:10]) + line("BLUE", ROW3[9:]))
    orders = {"RED": [Entry(("RED",), ROW3, race=1)], "BLUE": []}
    draws = [DRAW]
    both = {"RED": ((1, "BLUE"),), "BLUE": ((1, "RED"),)}
    entries, notes = trains_of_turn(STRIP, track, POSTAL, draws, orders, both, SEATS, list(SEATS))
    (train,) = entries[1]
    assert train.powers == ("BLUE",) and notes == []
    out = run_race(STRIP, track, POSTAL, DRAW, [train], books(), GivenDice([]), SEATS)
    assert out.entries[0].valid and out.fares == ()
    entries, notes = trains_of_turn(STRIP, track, POSTAL, draws, orders, {"RED": ((1, "BLUE"),)}, SEATS, list(SEATS))
    assert entries[1][0].powers == () and notes[0].code is EntryNote.POWERS_PARTNER_MISSING
    out = run_race(STRIP, track, POSTAL, DRAW, entries[1], books(), GivenDice([]), SEATS)
    assert out.entries[0].problems == (Problem.of(EntryProblem.TOO_MANY_HEXES, owner="BLUE", hexes=12, cap=10),)


def test_Q11_a_joint_run_is_two_companies_ordering_the_same_route_together():
    """R7-Q11 (issue 11: 'a joint run is two companies ordering the same route together'): ENTER n WITH ID
    from both makes one train; the fares are shared."""
    track = TrackIndex(line("RED", ROW3[:15]) + line("GREEN", ROW3[14:]))
    orders = {"RED": [Entry(("RED", "BLUE"), ROW3, race=1)], "BLUE": [Entry(("BLUE", "RED"), ROW3, race=1)]}
    entries, notes = trains_of_turn(STRIP, track, POSTAL, [DRAW], orders, {}, SEATS, list(SEATS))
    assert [t.riders for t in entries[1]] == [("RED", "BLUE")] and notes == []
    bk = books(RED=30)
    out = run_race(STRIP, track, POSTAL, DRAW, entries[1], bk, GivenDice([]), SEATS)
    assert [(e.payer, e.amount) for e in bk.entries if e.reason == "fare"] == [("RED", 4), ("BLUE", 3)]
    assert out.status == "sole"


def test_Q12_the_report_shows_the_rolls_and_each_races_money_in_postal_notation():
    """R7-Q12 (RULES §7: 'Each report prints ... race results with fares and prizes ... the next turn's build
    rolls or races'; issue 11: 'each race's money per company in the postal notation (e.g. 20-9+3)')."""
    state = postal_state(("RED", "BLUE"), 4, 6, 2)
    assert next_turn(state)["rolls"] == "a 4, b 6, c 2"
    o = RaceOutcome(DRAW, "run", (), (FarePayment("RED", "BLUE", 6, 9, 3),), (), (), (("RED", 20), ("BLUE", 10)),
                    (), ())
    assert [postal_money(o, p) for p in ("RED", "BLUE", "GREEN")] == ["20-9+3", "10-3+9", "."]


def test_Q13_check_prices_an_entry_with_the_hex_cap():
    """R7-Q13 (issue 11: 'check prices every new order form (... rr-postal entries with the cap)'): the
    preview judges the entry with the postal cap on other companies' hexes, and with the running powers the
    player ordered for that race (taken as agreed: the partner's orders are not known to a check)."""
    state = replace(manual_game(STRIP, ("RED", "BLUE"), rules=POSTAL), phase="racing", dice_mode="hmac",
                    track=tuple(line("RED", ROW3[:10]) + line("BLUE", ROW3[9:])),
                    races=RaceState(upcoming=(DRAW,), count=1))
    orders = RacingInput(1, {"RED": RacingOrders("RED", (Entry(("RED",), ROW3, race=1),))})
    (preview,) = preview_racing(state, STRIP, orders)
    assert preview.entries[0].verdict is not None
    assert preview.entries[0].verdict.problems == (Problem.of(EntryProblem.TOO_MANY_HEXES, owner="BLUE", hexes=12,
                                                                  cap=10),)
    assert not preview.ok
    with_powers = RacingInput(1, {"RED": RacingOrders("RED", (Entry(("RED",), ROW3, race=1),), (), ((1, "BLUE"),))})
    (preview,) = preview_racing(state, STRIP, with_powers)
    assert preview.ok and preview.entries[0].verdict is not None and preview.entries[0].verdict.fares == ()


def test_Q13b_check_judges_the_entry_cap_as_the_turn_does():
    """R7-Q13b (RULES §6: 'a player enters at most 4'; issue 15: check said valid for a fifth entry that the turn
    drops): the preview leaves out the entry beyond the cap by the turn's own judgement (``entry_slots``), and
    the check is not ok; with two carried-over races the fifth entry stands."""
    draws = tuple(replace(DRAW, number=n) for n in range(1, 8))
    state = replace(manual_game(STRIP, ("RED", "BLUE"), rules=POSTAL), phase="racing", dice_mode="hmac",
                    track=tuple(line("RED", ROW3)), races=RaceState(upcoming=draws, count=7))
    five = RacingInput(1, {"RED": RacingOrders("RED", tuple(Entry(("RED",), ROW3, race=n) for n in range(1, 6)))})
    (preview,) = preview_racing(state, STRIP, five)
    assert [e.over_cap for e in preview.entries] == [None] * 4 + [
        Problem.of(EntryNote.TOO_MANY_ENTRIES, player="RED", race=5, cap=4)]
    assert not preview.ok
    carried = replace(state, races=RaceState(upcoming=tuple(replace(d, carried=d.number < 3) for d in draws),
                                             count=7))
    (preview,) = preview_racing(carried, STRIP, five)
    assert preview.ok and all(e.over_cap is None for e in preview.entries)


def test_Q14_the_game_ends_after_six_racing_rounds_highest_balance_wins():
    """R7-Q14 (RULES §6: '6 building rounds then 6 racing rounds'; §4: 'Highest balance wins')."""
    seats = {"RED": 1, "BLUE": 2}
    assert check_end({"RED": 300, "BLUE": 90}, seats, POSTAL, 30, racing_turn=5) is None
    end = check_end({"RED": 80, "BLUE": 90}, seats, POSTAL, 42, racing_turn=6)
    assert end is not None and (end.winner, end.reason, end.target) == ("BLUE", "racing_turns", 6)
