"""Racing turns end to end in the pure core: from the last building turn to the winner."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.building.lines import BuildLine
from adjudicator.dampfross.building.turn import BuildingInput, BuildingOrders, PhaseEnd, draw_allowances
from adjudicator.dampfross.engine.turn import adjudicate_turn
from adjudicator.dampfross.game.dice import DiceRoller, Die, seed_from_text
from adjudicator.dampfross.game.gamefile import check_invariants
from adjudicator.dampfross.racing.entry import Entry
from adjudicator.dampfross.racing.turn import RacingInput, RacingOrders, adjudicate_racing_turn
from adjudicator.kernel.errors import TurnRefused
from adjudicator.kernel.problems import Problem
from tests.helpers import H, manual_game, path

TINY = read_map("tests/data/tiny.yaml")
RED_LINE = path("0402", "0403", "0404", "0405", "0306", "0307")
BLUE_LINE = path("0402", "0502", "0503", "0404")


def built_game(sets=("building_rounds=1", "min_race_distance=2", "fixed_races=2")):
    state = manual_game(TINY, sets=list(sets))
    orders = {
        "RED": BuildingOrders("RED", H("0402"), (BuildLine(RED_LINE),)),
        "BLUE": BuildingOrders("BLUE", H("0402"), (BuildLine(BLUE_LINE),)),
    }
    result = adjudicate_turn(state, TINY, BuildingInput(1, orders, {}, {"RED": 6, "BLUE": 6}), None)
    assert result.phase_end == Problem.of(PhaseEnd.ROUNDS_PLAYED, rounds=1)
    return result.after


def money(state) -> int:
    return sum(p.balance for p in state.players)


def test_building_rounds_end_the_building_phase_and_races_follow():
    state = built_game()
    assert state.phase == "racing" and state.turn == 2
    assert state.races is not None and state.races.upcoming == ()  # manual dice: the GM gives the races


def test_a_racing_turn_with_manual_dice():
    state = built_game()
    orders = {
        "RED": RacingOrders("RED", (Entry(("RED",), RED_LINE, race=1),), (BuildLine(path("0307", "0308")),)),
        "BLUE": RacingOrders("BLUE", (Entry(("BLUE",), race=1),)),  # BEST
    }
    dice = {(1, "RED"): (3, 4), (1, "BLUE"): (3, 1, 6)}
    inp = RacingInput(2, orders, {}, {1: (H("0402"), H("0307"))}, dice)
    r = adjudicate_racing_turn(state, TINY, inp, None)
    race = r.races[0]
    assert [p.riders for p in race.placings] == [("RED",), ("BLUE",)]
    assert dict(race.payouts) == {"RED": 20, "BLUE": 10}
    assert any(f.payer == "BLUE" and f.payee == "RED" for f in race.fares)
    red_build = next(b for b in r.builds if b.player == "RED")
    assert red_build.spent == 1 and red_build.income == r.income["RED"]
    assert r.builds[0].player == "RED"  # the winner builds first
    check_invariants(r.after)
    assert r.after.phase == "racing" and r.after.race_state.count == 1
    bank_out = sum(e.amount for e in r.entries if e.payer == "BANK") - sum(e.amount for e in r.entries if e.payee == "BANK")
    assert money(r.after) == money(state) + bank_out


def test_fixed_races_end_the_game():
    state = built_game(("building_rounds=1", "min_race_distance=2", "fixed_races=1"))
    orders = {"RED": RacingOrders("RED", (Entry(("RED",), RED_LINE, race=1),))}
    r = adjudicate_racing_turn(state, TINY, RacingInput(2, orders, {}, {1: (H("0402"), H("0307"))}, {}), None)
    assert r.races[0].status == "sole" and r.end is not None
    assert r.after.phase == "over" and r.after.race_state.winner is not None
    assert r.after.race_state.winner.player == "RED"


def test_manual_race_without_the_gms_race_line_is_refused():
    with pytest.raises(TurnRefused, match="RACE"):
        adjudicate_racing_turn(built_game(), TINY, RacingInput(2, {}, {}, {}, {}), None)


def test_hmac_dice_draw_the_first_races_when_building_ends():
    seed = seed_from_text("races")
    state = manual_game(TINY, sets=["building_rounds=1", "min_race_distance=2", "races_per_turn=2", "allowance_dice=2"])
    state = replace(state, dice_mode="hmac")
    state = replace(state, allowances=tuple(
        replace(a, dice=(Die("given1", 6), Die("given2", 6))) for a in draw_allowances(state, DiceRoller(seed, "test"))))
    orders = {"RED": BuildingOrders("RED", H("0402"), (BuildLine(RED_LINE),))}
    r = adjudicate_turn(state, TINY, BuildingInput(1, orders, {}, {}), DiceRoller(seed, "test"))
    races = r.after.race_state
    assert r.after.phase == "racing"
    assert len(races.upcoming) == 2 and races.count == 2
    assert {(x.start_town, x.dest_town) for x in races.upcoming} <= {("Nordstadt", "Südheim"), ("Südheim", "Nordstadt")}
    labels = {d.label for d in r.after.dice_log}
    assert all(d.label in labels for race in races.upcoming for d in race.dice)


def test_too_few_connected_towns_draw_among_all_towns():
    """[reading 25] When no race can be drawn among connected towns, the draw uses every town instead of stalling."""
    seed = seed_from_text("few")
    state = manual_game(TINY, sets=["building_rounds=1", "min_race_distance=2"])
    state = replace(state, dice_mode="hmac")
    state = replace(state, allowances=tuple(draw_allowances(state, DiceRoller(seed, "test"))))
    r = adjudicate_turn(state, TINY, BuildingInput(1, {}, {}, {}), DiceRoller(seed, "test"))
    assert r.after.phase == "racing" and len(r.after.race_state.upcoming) == 1


def test_a_race_whose_entries_were_all_invalid_does_not_say_nobody_entered():
    """Issue 17: "nobody entered: the race lapses" was printed when companies had entered with no valid route."""
    from adjudicator.dampfross.report.i18n import language
    from adjudicator.dampfross.report.racephrases import race_notes

    state = built_game()
    nowhere = path("0402", "0502", "0602")  # no track of RED's there
    orders = {"RED": RacingOrders("RED", (Entry(("RED",), nowhere, race=1),)),
              "BLUE": RacingOrders("BLUE", (Entry(("BLUE",), nowhere, race=1),))}
    r = adjudicate_racing_turn(state, TINY, RacingInput(2, orders, {}, {1: (H("0402"), H("0307"))}, {}), None)
    race = r.races[0]
    assert race.status == "lapsed" and len(race.entries) == 2 and not any(e.valid for e in race.entries)
    assert race_notes(race) == ["RED, BLUE entered, but no entry was valid: the race lapses"]
    with language("de"):
        assert "RED, BLUE" in race_notes(race)[0] and "entered" not in race_notes(race)[0]
    empty = adjudicate_racing_turn(state, TINY, RacingInput(2, {}, {}, {1: (H("0402"), H("0307"))}, {}), None)
    assert race_notes(empty.races[0]) == ["nobody entered: the race lapses"]
