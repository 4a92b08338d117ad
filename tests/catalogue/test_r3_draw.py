"""Rules catalogue, rules-reference.md §3 "Drawing a race": red tens, white units, redraws, options.

Board: three plain rows; the towns stand in row 2, so the land distance
from Alt is the column difference.  Numbers no town has are drawn again.

    Alt 0102 (11)   Burg 0402 (12, 3 hexes from Alt)   Cell 0502 (13, 4)
    Dorf 0602 (14, 5)   Ende 0702 (15, 6)   Gut 1002 (22, 9)   Fern 1302 (16 and 21, 12)
    Hof 0104 (23, 2 hexes from Alt)
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.dampfross.game.dice import DiceRoller, GivenDice, RolledDice, seed_from_text, verify
from adjudicator.dampfross.game.errors import MissingDice, RaceDrawError
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import NumberReplaced, Redraw, RedrawReason
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Connection
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.draw import draw_race, draw_turn_races, used_after
from adjudicator.dampfross.racing.problems import RaceCheck
from adjudicator.dampfross.racing.race import run_race
from adjudicator.dampfross.racing.turn import RacingInput, adjudicate_racing_turn
from adjudicator.dampfross.report.phrases import redraw_text, replaced_text
from adjudicator.dampfross.report.racephrases import race_warning
from adjudicator.dampfross.report.racing import render_used_grid
from adjudicator.kernel.commitment import commitment
from adjudicator.kernel.problems import Problem
from tests.helpers import H, make_map, manual_game

SCHMIDT = load_profile("schmidt")
BUETEHORN = load_profile("buetehorn")
ONCE = SCHMIDT.with_overrides(["numbers_once=on"])

GMAP = make_map(
    """\
..............
..............
..............
..............
""",
    towns=[("Alt", "0102", [11]), ("Burg", "0402", [12]), ("Cell", "0502", [13]), ("Dorf", "0602", [14]),
           ("Ende", "0702", [15]), ("Gut", "1002", [22]), ("Fern", "1302", [16, 21]), ("Hof", "0104", [23])],
)


def given(*values: int) -> GivenDice:
    return GivenDice(values, game="g", turn=7)


def test_D01_red_die_tens_white_die_units():
    """R3-D01 (seed 000: 'Der rote Würfel nennt die Zehnerstelle, der weiße die Einerstelle ...
    Rot 6, Weiß 5, Ergebnis: ... 65'): red 1 white 1 is town 11, red 1 white 5 is town 15."""
    d = draw_race(GMAP, SCHMIDT, given(1, 1, 1, 5), 1)
    assert (d.start_town, d.start_number, d.dest_town, d.dest_number) == ("Alt", 11, "Ende", 15)
    assert (d.start_hex, d.dest_hex, d.distance) == (H("0102"), H("0702"), 6)
    assert [x.label for x in d.dice] == [
        "manual:g|turn=7|race1:start:red|1", "manual:g|turn=7|race1:start:white|1",
        "manual:g|turn=7|race1:dest:red|1", "manual:g|turn=7|race1:dest:white|1",
    ]
    assert d.redraws == () and d.marks == ()


def test_D02_destination_under_six_hexes_is_drawn_again():
    """R3-D02 (seed 000: 'Die kürzeste Route zwischen zwei Orten muß mindestens SECHS Felder lang sein,
    sonst ist ein anderer Zielpunkt auszuwürfeln'): Dorf, 5 hexes from Alt, is drawn again; Ende (6) stands."""
    d = draw_race(GMAP, SCHMIDT, given(1, 1, 1, 4, 1, 5), 1)
    assert d.dest_town == "Ende"
    assert d.redraws == (Redraw("dest", 14, "Dorf", RedrawReason.TOO_CLOSE, "Alt", 5, 6),)
    assert redraw_text(d.redraws[0]) == "destination 14 (Dorf): only 5 hexes from Alt, at least 6 needed: drawn again"
    assert [x.label.split("|", 2)[2] for x in d.dice[2:]] == [
        "race1:dest:red|1", "race1:dest:white|1", "race1:dest:red|2", "race1:dest:white|2"]


def test_D03_buetehorn_at_least_three_hexes_between():
    """R3-D03 (seed 003: 'A transport will only be attempted if there are at least 3 hexes between start
    hex and end hex'; profile buetehorn: min_race_distance 4): Burg (3 steps) is drawn again, Cell (4) stands."""
    d = draw_race(GMAP, BUETEHORN, given(1, 1, 1, 2, 1, 3), 1)
    assert d.dest_town == "Cell" and d.distance == 4
    assert len(d.redraws) == 1 and d.redraws[0].distance == 3 and "only 3 hexes" in redraw_text(d.redraws[0])


def test_D04_distance_is_over_land_track_or_not():
    """R3-D04 [reading] (RULES §3: 'Distance = fewest hex steps over land hexes, track or no track'):
    water between two towns makes the race longer than the straight line."""
    lake = make_map(
        """\
.........
.~~~~....
.........
""",
        towns=[("Links", "0102", [11]), ("Rechts", "0602", [12])],
    )
    d = draw_race(lake, SCHMIDT, given(1, 1, 1, 2), 1)
    assert d.distance == 6 and d.redraws == ()  # 5 in a straight line, but 0202..0502 is lake


def test_D05_a_number_no_town_has_is_drawn_again():
    """R3-D05 (issue 4: maps with fewer than 36 numbers): 31 is no town's number, drawn again."""
    d = draw_race(GMAP, SCHMIDT, given(3, 1, 1, 1, 1, 5), 1)
    assert d.start_town == "Alt"
    assert d.redraws == (Redraw("start", 31, None, RedrawReason.NO_TOWN),)
    assert redraw_text(d.redraws[0]) == "start 31: no town has this number: drawn again"


def test_D06_a_town_not_yet_connected_is_drawn_again():
    """R3-D06 (RULES §3: 'a town not yet connected is redrawn'): Gut has no track yet."""
    d = draw_race(GMAP, SCHMIDT, given(1, 1, 2, 2, 1, 5), 1, connected={"Alt", "Ende"})
    assert d.dest_town == "Ende"
    assert d.redraws == (Redraw("dest", 22, "Gut", RedrawReason.UNCONNECTED),)
    assert redraw_text(d.redraws[0]) == "destination 22 (Gut): not connected yet: drawn again"


def test_D07_the_start_town_itself_is_drawn_again():
    """R3-D07 (seed 000: a race runs 'zwischen ... zwei Städten'): Fern holds 16 and 21; 21 after 16 is
    the start town itself and is drawn again."""
    d = draw_race(GMAP, SCHMIDT, given(1, 6, 2, 1, 1, 1), 1)
    assert (d.start_town, d.dest_town) == ("Fern", "Alt")
    assert d.redraws == (Redraw("dest", 21, "Fern", RedrawReason.START_ITSELF),)
    assert redraw_text(d.redraws[0]) == "destination 21 (Fern): the start town itself: drawn again"


def test_D08_chain_races_start_at_the_last_destination():
    """R3-D08 (seed 000: 'daß der Zielort einer Fahrt gleichzeitig als Standort für die nächste Fahrt dient.
    Dann brauchen Sie nur einen neuen Zielbahnhof auszuwürfeln'; seed 003; option chain_races)."""
    rules = SCHMIDT.with_overrides(["chain_races=on", "races_per_turn=2"])
    first, second = draw_turn_races(GMAP, rules, given(1, 1, 1, 5, 1, 1), 4)
    assert (first.number, first.start_town, first.dest_town) == (4, "Alt", "Ende")
    assert (second.number, second.start_town, second.dest_town, second.chained) == (5, "Ende", "Alt", True)
    assert len(second.dice) == 2 and "race5:dest:red" in second.dice[0].label


def test_D09_chain_from_the_previous_turn():
    """R3-D09 (option chain_races): the first race of a turn starts at the last race's destination."""
    rules = SCHMIDT.with_overrides(["chain_races=on"])
    (d,) = draw_turn_races(GMAP, rules, given(1, 1), 9, last_destination=16)
    assert (d.start_town, d.dest_town, d.chained) == ("Fern", "Alt", True)


def test_D10_numbers_once_a_repeat_takes_the_next_higher_free_number():
    """R3-D10 (seed 004: 'vezme se místo něj nejbližší vyšší číslo, které je volné'; seed 000: 'jede Stadt
    nur einmal ... Start oder Ziel'): 15 is used, so 15 becomes 16 (Fern)."""
    d = draw_race(GMAP, ONCE, given(1, 1, 1, 5), 1, used=[15])
    assert (d.dest_number, d.dest_town) == (16, "Fern")
    assert d.notes == (NumberReplaced(15, 16, "Fern"),)
    assert replaced_text(d.notes[0]) == "15 is used: took the next free number 16 (Fern)"
    assert d.marks == (11, 16)


def test_D11_numbers_once_wraps_to_the_lowest_free_number():
    """R3-D11 (seed 004: 'Pokud už jsou města s vyššími čísly vyčerpána, vezme se město s nejnižším číslem,
    které je ještě volné'): 22 and 23 (and every number above with a town) are used: 22 wraps to 11."""
    d = draw_race(GMAP, ONCE, given(2, 2, 1, 5), 1, used=[22, 23])
    assert d.start_number == 11
    assert d.notes == (NumberReplaced(22, 11, "Alt"),)
    assert replaced_text(d.notes[0]) == "22 is used: took the next free number 11 (Alt)"


def test_D12_rejected_destination_is_not_marked_used():
    """R3-D12 (seed 004: 'Původně hozené číslo cílového města se v tabulce neoznačí jako použité'):
    Dorf (14) is too close and drawn again; only 11 and 15 are marked."""
    d = draw_race(GMAP, ONCE, given(1, 1, 1, 4, 1, 5), 1)
    assert d.marks == (11, 15)
    assert used_after([12], [d]) == (11, 12, 15)


def test_D13_chained_start_is_not_marked_again():
    """R3-D13 (options chain_races + numbers_once): a chained start was marked as the last destination."""
    rules = ONCE.with_overrides(["chain_races=on"])
    d = draw_race(GMAP, rules, given(1, 1), 2, used=[16], start_number=16)
    assert d.marks == (11,)


def test_D14_used_number_grid():
    """R3-D14 (seed 000: 'Der Bankhalter hält in einem Raster fest, welche Städtekennzahlen bereits
    angefahren wurden'): tens across, units down; X used, 2 used twice, - no town."""
    text = render_used_grid([11, 15, 15, 31], GMAP)
    assert text == (
        "    10 20 30 40 50 60\n"
        "  1  X  .  X  -  -  -\n"
        "  2  .  .  -  -  -  -\n"
        "  3  .  .  -  -  -  -\n"
        "  4  .  -  -  -  -  -\n"
        "  5  2  -  -  -  -  -\n"
        "  6  .  -  -  -  -  -\n"
    )


def test_D15_hmac_dice_are_recorded_and_verifiable():
    """R3-D15 (issue 4: 'every die is recorded and verifiable'): every die of the draw, redraws included,
    is in the roller's log and recomputes from the seed."""
    seed = seed_from_text("race draw")
    roller = DiceRoller(seed, "g1")
    d = draw_race(GMAP, SCHMIDT, RolledDice(roller, 3), 1)
    assert list(d.dice) == roller.rolled
    assert len(d.dice) == 4 + 2 * len(d.redraws)
    assert verify(seed, commitment(seed), list(d.dice)) == []
    assert d.distance >= 6
    assert draw_race(GMAP, SCHMIDT, RolledDice(DiceRoller(seed, "g1"), 3), 1) == d


def test_D16_races_per_turn():
    """R3-D16 (rules key races_per_turn; RULES §6 rr-postal: 7 races a round): numbered on from the first."""
    rules = SCHMIDT.with_overrides(["races_per_turn=3"])
    draws = draw_turn_races(GMAP, rules, RolledDice(DiceRoller(seed_from_text("t"), "g"), 2), 10)
    assert [d.number for d in draws] == [10, 11, 12]
    assert not any(d.chained for d in draws)


def test_D17_manual_dice_must_cover_every_roll():
    """R3-D17 (manual dice mode): a draw that needs more dice than given is refused, naming the die."""
    with pytest.raises(MissingDice, match="race1:dest:red"):
        draw_race(GMAP, SCHMIDT, given(1, 1, 1, 4), 1)
    d = draw_race(GMAP, SCHMIDT, GivenDice({"race1:start:red": 1, "race1:start:white": 1,
                                            "race1:dest:red": 1, "race1:dest:white": 5}), 1)
    assert d.dest_town == "Ende"


def test_D18_no_destination_possible():
    """R3-D18: when no town can be the destination the draw is refused, not looped forever."""
    small = make_map("....\n", towns=[("A", "0101", [11]), ("B", "0401", [12])])
    with pytest.raises(RaceDrawError):
        draw_race(small, SCHMIDT, given(1, 1, 1, 2), 1)


def test_D19_a_race_nobody_enters_still_uses_its_numbers():
    """R3-D19 (seed 004: 'Pokud se závodu nemůže nebo nechce zúčastnit žádný hráč, závod se považuje za
    ukončený. Dotyčná čísla měst však zůstanou v tabulce označena jako použitá'): the numbers are marked
    by the draw, whatever becomes of the race."""
    d = draw_race(GMAP, ONCE, given(1, 1, 1, 5), 3)
    out = run_race(GMAP, TrackIndex(), ONCE, d, [], Books([], 1), given(), {})
    assert out.status == "lapsed"
    assert used_after([], [d]) == (11, 15)


def test_D20_the_gms_races_are_checked_like_drawn_races():
    """R3-D20 (seed 000: 'Die kürzeste Route zwischen zwei Orten muß mindestens SECHS Felder lang sein';
    seed 004: 'Totéž platí, pokud jedno z hozených měst není připojeno železnicí'; RULES §3): under manual
    dice the GM gives the races; one that breaks a rule is run as given, with a warning saying why.

    RACE 1 from Alt to Dorf (5 hexes, Dorf not connected), RACE 2 from Alt to Ende (fine).
    """
    state = replace(manual_game(GMAP), phase="racing",
                    connections={"Alt": Connection("RED", 1, 0), "Ende": Connection("RED", 1, 0)})
    orders = RacingInput(1, {}, {}, {1: (H("0102"), H("0602")), 2: (H("0102"), H("0702"))})
    r = adjudicate_racing_turn(state, GMAP, orders, None)
    assert r.race_warnings == (
        Problem.of(RaceCheck.UNCONNECTED, race=1, town="Dorf"),
        Problem.of(RaceCheck.TOO_CLOSE, race=1, distance=5, minimum=6),
    )
    assert [race_warning(w) for w in r.race_warnings] == [
        "the GM's race 1: Dorf is not connected yet: run as given",
        "the GM's race 1: start and destination are only 5 hexes apart, at least 6 needed: run as given",
    ]
    assert [o.draw.dest_town for o in r.races] == ["Dorf", "Ende"]


def test_D21_a_chained_start_without_a_destination_breaks_the_chain():
    """R3-D21 (reading 96; options chain_races + dest_uses_per_town): the last race ended in Alt, and every town
    at least 6 hexes from Alt (Ende, Gut, Fern) has been a destination as often as the rules allow.  The engine
    refused the turn ("no destination is at least 6 hexes from Alt"), and so every turn after: the game
    stalled.  Now the chain breaks: the start is drawn as for an unchained race, and the report says why."""
    rules = SCHMIDT.with_overrides(["chain_races=on", "dest_uses_per_town=1"])
    (d,) = draw_turn_races(GMAP, rules, given(1, 6, 1, 1), 9, last_destination=11,
                           dest_counts={"Ende": 1, "Gut": 1, "Fern": 1})
    assert (d.start_town, d.dest_town, d.chained) == ("Fern", "Alt", False)
    assert d.redraws[0] == Redraw("start", 11, "Alt", RedrawReason.NO_DESTINATION)
    assert redraw_text(d.redraws[0]) == "start 11 (Alt): no destination is far enough from it: drawn again"


def test_D22_a_start_whose_own_numbers_use_up_the_last_destination_is_drawn_again():
    """R3-D22 (reading 115; numbers_once with paired_tens, the Paluba grid of seed 002): 15, 22 and 16 are used
    (with their partners 25, 12, 26); Alt (11) still has a destination, Fern by its other number 21, but
    drawing 11 uses 21 as well (its partner), and then none is left.  The engine refused such a turn ("no
    destination is at least 6 hexes from Alt"; 1 of 1,000 bot games, usa-east under paluba): the start is drawn
    again, and the report says why."""
    rules = SCHMIDT.with_overrides(["numbers_once=on", "number_grid=paired_tens"])
    d = draw_race(GMAP, rules, given(1, 1, 2, 1, 1, 3), 9, used=[15, 25, 22, 12, 16, 26])
    assert (d.start_town, d.start_number, d.dest_town, d.dest_number) == ("Fern", 21, "Cell", 13)
    assert d.redraws == (Redraw("start", 11, "Alt", RedrawReason.NO_DESTINATION),)
    assert redraw_text(d.redraws[0]) == "start 11 (Alt): no destination is far enough from it: drawn again"


def test_D23_a_full_grid_lets_each_number_be_drawn_once_more():
    """R3-D23 (reading 116; numbers_once, seed 004's grid): every number of a town is used, so no start can be
    drawn.  The engine refused such a turn ("no town can be drawn as the start"; 1 of 1,000 bot games, usa-east
    under paluba, race 9): a new round of the grid begins, each number may be drawn once more (as in the 36-race
    game), and the report says so; the draw marks its numbers as any draw does."""
    used = [11, 12, 13, 14, 15, 16, 21, 22, 23]
    d = draw_race(GMAP, ONCE, given(1, 1, 1, 5), 9, used=used)
    assert (d.start_town, d.dest_town, d.marks) == ("Alt", "Ende", (11, 15))
    assert d.redraws == (Redraw("start", 0, None, RedrawReason.GRID_FULL),)
    assert redraw_text(d.redraws[0]) == "start: every number is used up: each may be drawn once more"
    (again,) = draw_turn_races(GMAP, ONCE, given(1, 2, 1, 6), 10, used=used_after(used, [d]))
    assert (again.start_town, again.dest_town) == ("Burg", "Fern")  # still the second round: 12 and 16 once more


def test_D24_a_trip_the_gm_sets_twice_is_noted_as_the_gms():
    """R3-D24 (reading 119; RULES §3: "Draw a start, then a destination"; reading 27: with manual dice the GM
    gives each race with RACE lines): the GM sets Alt to Ende as race 1 and again as race 2.  The report notes
    the repeat as the GM's ("the GM set it again"), not as the dice's, and names no house rule about drawing
    numbers again (no die drew it); a race the dice draw twice still says the dice did (R3-D19's note)."""
    from adjudicator.dampfross.report.racing import racing_report

    state = replace(manual_game(GMAP), phase="racing",
                    connections={"Alt": Connection("RED", 1, 0), "Ende": Connection("RED", 1, 0)})
    orders = RacingInput(1, {}, {}, {1: (H("0102"), H("0702")), 2: (H("0102"), H("0702"))})
    r = adjudicate_racing_turn(state, GMAP, orders, None)
    said = " ".join(racing_report(r, GMAP, None).split())
    assert "the same trip as race 1: the GM set it again" in said
    assert "drew it again" not in said and "numbers_once" not in said
