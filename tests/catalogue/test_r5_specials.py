"""Rules catalogue, rules-reference.md §5 "International / special runs" (advanced rules).

German map (table by the red die and the white die's parity), French map
(one die).  Dice are given in the order they are rolled: the start's red
and white die, then the table's dice (Germany: red, white; France: one).
Berlin is 7 land hexes from Rostock, 9 from Lübeck and 11 from Kiel.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.game.codec import draw_from_json, draw_to_json, redraw_from_phrase, redraw_phrase
from adjudicator.dampfross.game.dice import GivenDice
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RedrawReason
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Connection, Player
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.orders import collect, parse_orders, resolve
from adjudicator.dampfross.orders.codes import ProblemCode
from adjudicator.dampfross.orders.translate import engine_input, settle_orders
from adjudicator.dampfross.racing.draw import draw_race, draw_turn_races
from adjudicator.dampfross.racing.problems import EntryProblem, RaceCheck
from adjudicator.dampfross.racing.race import Entry, run_race
from adjudicator.dampfross.racing.search import best_routes, best_valid
from adjudicator.dampfross.racing.specials import goal, is_special
from adjudicator.dampfross.racing.turn import RacingInput, RacingOrders, adjudicate_racing_turn
from adjudicator.dampfross.report.orderwords import format_problem, hint_text
from adjudicator.dampfross.report.phrases import redraw_text
from adjudicator.dampfross.report.racephrases import destination_text, entry_problem, race_warning, special_text
from adjudicator.kernel.problems import Problem
from tests.helpers import H, land_path, manual_game, segments

SCHMIDT = load_profile("schmidt")
ADVANCED = SCHMIDT.with_overrides(["advanced=true"])
SEATS = {"RED": 1, "BLUE": 2}
GERMANY = load_map("germany")
FRANCE = load_map("france")
BERLIN = H("1913")
TO_ROSTOCK = land_path(GERMANY, "Berlin", "Rostock")
TO_LUEBECK = land_path(GERMANY, "Berlin", "Lübeck")


def given(*values: int) -> GivenDice:
    return GivenDice(values, game="g", turn=3)


def baltic_run():
    """Race 2 on the German map: start Berlin (red 3, white 1), destination red 5, white 2: 5G."""
    return draw_race(GERMANY, ADVANCED, given(3, 1, 5, 2), 2, special=True)


def books() -> Books:
    return Books([Player(p, p.title(), p[0], SEATS[p], 20, "") for p in SEATS], 3)


def test_S01_which_races_are_international():
    """R5-S01 (seed 000: Germany 'jede zweite Fahrt ist eine internationale Fahrt'; France, USA 'nach jeder
    dritten Fahrt' [reading]: races 4, 8, 12, as seed 004 'každá čtvrtá jízda'; seed 002 'elke derde rit'
    is the option special_every=3)."""
    assert [n for n in range(1, 9) if is_special(GERMANY, ADVANCED, n)] == [2, 4, 6, 8]
    for name in ("france", "usa-east", "usa-west"):
        assert [n for n in range(1, 13) if is_special(load_map(name), ADVANCED, n)] == [4, 8, 12]
    every_third = ADVANCED.with_overrides(["special_every=3"])
    assert [n for n in range(1, 10) if is_special(FRANCE, every_third, n)] == [3, 6, 9]
    assert not any(is_special(GERMANY, SCHMIDT, n) for n in range(1, 9))
    races = draw_turn_races(GERMANY, ADVANCED, given(3, 1, 1, 5, 3, 1, 5, 2), 1, count=2)
    assert [(d.number, d.special) for d in races] == [(1, None), (2, "5G")]


def test_S02_red_5_and_an_even_white_die_go_to_a_baltic_port_of_each_entrants_choosing():
    """R5-S02 (seed 000: '5G = Ostseehäfen (Rostock, Lübeck, Kiel)'; 'Nennt die Tabelle dabei verschiedene
    Ziele, kann sich jeder Spieler den für ihn vorteilhaftesten Ort aussuchen. Dadurch ist es möglich, daß
    zwar alle Spieler vom selben Ort aus starten, anschließend aber verschiedene Fahrziele ansteuern')."""
    d = baltic_run()
    assert (d.start_town, d.special, d.dest_town, d.dest_number) == ("Berlin", "5G", "Ostseehäfen", 0)
    assert [x.label.split("|")[2] for x in d.dice] == ["race2:start:red", "race2:start:white", "race2:region:red",
                                                      "race2:region:white"]
    where = goal(GERMANY, ADVANCED, d)
    assert sorted(h.label for h in where.hexes) == ["1205", "1307", "1606"]  # Kiel, Lübeck, Rostock
    assert special_text(GERMANY, ADVANCED, d) == (
        "special run 5G (red 5, white 2): end in Rostock, Lübeck or Kiel, each entrant's choice, at least 6 hexes "
        "from Berlin")
    track = TrackIndex(segments("RED", TO_ROSTOCK) + segments("BLUE", TO_LUEBECK))
    out = run_race(GERMANY, track, ADVANCED, d, [Entry(("RED",), TO_ROSTOCK), Entry(("BLUE",), TO_LUEBECK)],
                   books(), given(6, 6, 1, 2, 1), SEATS)
    assert [e.valid for e in out.entries] == [True, True]
    assert [e.check.destination for e in out.entries] == [H("1606"), H("1307")]
    assert destination_text(GERMANY, d, H("1307")) == "ends at Lübeck (1307), in Ostseehäfen, 9 hexes from Berlin"
    assert [(p.place, p.train, p.prize) for p in out.placings] == [(1, "RED", 20), (2, "BLUE", 10)]


def test_S03_a_route_must_end_in_the_region():
    """R5-S03 (seed 000: the destination is 'nach einer besonderen Tabelle ermittelt'): Hamburg is no Baltic
    port; [reading] a route may not pass through the region before its end (it would have arrived)."""
    d = baltic_run()
    to_hamburg = land_path(GERMANY, "Berlin", "Hamburg")
    via_luebeck = land_path(GERMANY, "Berlin", "Lübeck", "Kiel")
    track = TrackIndex(segments("RED", to_hamburg) + segments("RED", via_luebeck))
    out = run_race(GERMANY, track, ADVANCED, d, [Entry(("RED",), to_hamburg)], books(), given(), SEATS)
    assert out.entries[0].problems == (Problem.of(EntryProblem.WRONG_REGION, region="Ostseehäfen", got=H("1108")),)
    assert entry_problem(out.entries[0].problems[0]) == "the route must end in Ostseehäfen, not at 1108"
    out = run_race(GERMANY, track, ADVANCED, d, [Entry(("RED",), via_luebeck)], books(), given(), SEATS)
    assert out.entries[0].problems == (Problem.of(EntryProblem.REGION_EARLY, region="Ostseehäfen", at=H("1307")),)


def test_S04_a_country_means_any_land_hex_beyond_the_border():
    """R5-S04 (seed 000: '4U = Niederlande'; USA West: 'ein beliebiges Feld jenseits der kanadischen
    Grenze'): track ending in the first hex beyond the border reaches the country."""
    d = draw_race(GERMANY, ADVANCED, given(2, 2, 4, 1), 2, special=True)  # Hannover (22); 4U
    assert (d.start_town, d.special, d.dest_town) == ("Hannover", "4U", "Niederlande")
    line = land_path(GERMANY, "Hannover", "0516", "0416", "0316", "0315")  # through Germany
    track = TrackIndex(segments("RED", line))
    out = run_race(GERMANY, track, ADVANCED, d, [Entry(("RED",), line)], books(), given(), SEATS)
    assert out.status == "sole" and out.entries[0].check.destination == H("0315")
    assert destination_text(GERMANY, d, H("0315")) == "ends at 0315, in Niederlande, 8 hexes from Hannover"


def test_S05_best_picks_the_best_destination_too():
    """R5-S05 (seed 000: 'den für ihn vorteilhaftesten Ort'): ENTER ... BEST chooses among the region's
    destinations; from Berlin, Rostock (7 hexes) beats Lübeck (9)."""
    track = TrackIndex(segments("RED", TO_ROSTOCK) + segments("RED", TO_LUEBECK))
    best = best_valid(best_routes(GERMANY, track, ADVANCED, BERLIN, goal(GERMANY, ADVANCED, baltic_run()),
                                  ["RED"], SEATS))
    assert best is not None and best.route.hexes == TO_ROSTOCK


def test_S06_a_region_out_of_reach_is_rolled_again():
    """R5-S06 [reading] (rules-reference.md §3: 'a town not yet connected is redrawn'; the minimum distance of six):
    a row whose region no track reaches is rolled again, and so is one with no hex six hexes away."""
    reached = set(TO_ROSTOCK)
    d = draw_race(GERMANY, ADVANCED, given(3, 1, 4, 1, 5, 2), 2, special=True, reached=reached)
    assert d.special == "5G"
    (r,) = d.redraws
    assert (r.number, r.town, r.reason) == (41, "Niederlande", RedrawReason.REGION_UNCONNECTED)
    assert redraw_text(r) == "destination 41 (Niederlande): no track reaches the region yet: rolled again"
    near = draw_race(GERMANY, ADVANCED, given(1, 3, 5, 4, 4, 1), 2, special=True)  # from Lübeck
    assert near.special == "4U"
    (r,) = near.redraws
    assert (r.number, r.town, r.reason, r.start, r.minimum) == (54, "Ostseehäfen", RedrawReason.REGION_TOO_CLOSE,
                                                                "Lübeck", 6)
    assert redraw_from_phrase(redraw_phrase(r), "test") == r


def test_S07_the_french_table_rolls_one_die():
    """R5-S07 (seed 000, Frankreich-Karte: 'Hierbei wird das Ziel mit nur einem Würfel ermittelt: 1 =
    England ... 6 = Übersee (das heißt eine der großen Hafenstädte Marseille, Dünkirchen, Le Havre,
    Antwerpen oder Bordeaux)')."""
    d = draw_race(FRANCE, ADVANCED, given(3, 1, 1), 4, special=True)
    assert (d.start_town, d.special, d.dest_town) == ("Paris", "1", "England")
    assert {FRANCE.country_of(h) for h in goal(FRANCE, ADVANCED, d).hexes} == {"E"}
    assert special_text(FRANCE, ADVANCED, d).startswith("special run 1 (die 1): end in any hex of England")
    over = draw_race(FRANCE, ADVANCED, given(3, 1, 6), 4, special=True)
    towns = {FRANCE.town_at(h).name for h in goal(FRANCE, ADVANCED, over).hexes}  # type: ignore[union-attr]
    assert towns == {"Marseille", "Dunkerque", "Antwerpen", "Bordeaux"}  # Le Havre is under 6 hexes from Paris


def test_S08_fares_and_prizes_as_in_normal_races():
    """R5-S08 (seed 000: 'In den internationalen Fahrten gelten die gleichen Fahrtkosten und Prämien wie auf
    den normalen Routen'): BLUE rides RED's line to Rostock and pays 1 a segment; prizes 20 and 10."""
    d = baltic_run()
    track = TrackIndex(segments("RED", TO_ROSTOCK) + segments("BLUE", TO_ROSTOCK[:2]))
    bk = books()
    out = run_race(GERMANY, track, ADVANCED, d, [Entry(("RED",), TO_ROSTOCK), Entry(("BLUE",), TO_ROSTOCK)], bk,
                   given(4, 5, 3, 1, 1), SEATS)
    assert out.entries[1].check.fares == (("RED", 6),)
    assert [(e.payer, e.payee, e.amount, e.reason) for e in bk.entries] == [
        ("BLUE", "RED", 6, "fare"), ("BANK", "RED", 20, "prize"), ("BANK", "BLUE", 10, "prize")]


def test_S09_the_draw_keeps_the_region_and_its_dice():
    """R5-S09 (issue 12: 'The race draw records both dice (the RaceDraw gets the region; keep the game file
    additive)'): a special draw writes ``special`` and reads back; a basic draw writes no new key; the race
    after a special run under chain_races starts at a drawn town."""
    d = baltic_run()
    doc = draw_to_json(d)
    assert doc["special"] == "5G" and doc["dest"] == "Ostseehäfen"
    assert draw_from_json(doc, {x.label: x for x in d.dice}, "test") == d
    plain = draw_race(GERMANY, ADVANCED, given(3, 1, 1, 4), 1)
    assert "special" not in draw_to_json(plain)
    chained = ADVANCED.with_overrides(["chain_races=true"])
    races = draw_turn_races(GERMANY, chained, given(3, 1, 5, 2, 6, 5, 1, 4), 2, count=2)
    assert races[0].special == "5G" and not races[1].chained and races[1].start_town == "München"


def test_S10_usa_east_canada_is_the_three_towns_and_the_land_between_the_lakes():
    """R5-S10 [reading 76] (seed 000, USA Ost-Karte: '1 = Canada (das heißt Detroit, Buffalo, Albany oder
    das Gebiet zwischen Huronsee, Erie- und Ontariosee zwischen den Orten Buffalo und Detroit)'; 004:
    'kanadské pomezí ... území mezi Huronským, Erijským a Ontarijským jezerem'): the region is Detroit,
    Buffalo, Albany and the Canadian hexes between the lakes (London, Toronto), not Kingston, Ottawa or
    Montreal: from New York a route to Ottawa does not end in it, one round the lake to Toronto does."""
    east = load_map("usa-east")
    d = draw_race(east, ADVANCED, given(1, 4, 1), 4, special=True)  # New York (14); die 1
    assert (d.start_town, d.special, d.dest_town) == ("New York", "1", "Canada")
    where = goal(east, ADVANCED, d).hexes
    towns = {t.name for h in where if (t := east.town_at(h)) is not None}
    assert towns == {"Detroit", "Buffalo", "London", "Toronto"}  # Albany is under 6 hexes from New York
    assert {east.country_of(h) for h in where if east.town_at(h) is None} == {"C"}
    assert len(where) == 16
    assert special_text(east, ADVANCED, d) == (
        "special run 1 (die 1): end in Detroit, Buffalo or one of the hexes 1408, 1506, 1507, 1604, 1605, 1606, "
        "1607, 1704, 1705, 1706, 1707, 1804, 1805, 1807, each entrant's choice, at least 6 hexes from New York")
    ottawa = land_path(east, "New York", "2409", "2308", "2307", "2206", "2205", "Kingston", "2203", "Ottawa")
    toronto = land_path(east, "New York", "2409", "2308", "2307", "2206", "2205", "Kingston", "2004", "1904",
                        "1905", "Toronto")
    track = TrackIndex(segments("RED", ottawa) + segments("BLUE", toronto))
    out = run_race(east, track, ADVANCED, d, [Entry(("RED",), ottawa)], books(), given(), SEATS)
    assert out.entries[0].problems == (Problem.of(EntryProblem.WRONG_REGION, region="Canada", got=H("2202")),)
    out = run_race(east, track, ADVANCED, d, [Entry(("BLUE",), toronto)], books(), given(), SEATS)
    assert out.status == "sole" and out.entries[0].check.destination == H("1805")


def test_S11_the_gm_gives_a_special_run_with_physical_dice():
    """R5-S11 [reading 78] (seed 000: 'In der Betriebsphase wird das Ziel einer Internationalen bzw.
    Sonderfahrt nach einer besonderen Tabelle ermittelt'; reading 27, manual dice): the GM states the row
    the dice gave, ``RACE n FROM <town> SPECIAL <row>`` (RENNEN ... VON ... SONDERFAHRT); the race goes to
    that region like a drawn one, each entrant ending where it likes; a row the map's table lacks is
    refused with the rows; a special run given for an ordinary race, a town for a special one, or a row with
    no hex far enough is a warning and run as given."""
    text = ("GM\nRACE 1 FROM Berlin TO München\nRENNEN 2 VON Berlin SONDERFAHRT 5g\nMOVES 2 RED 4 4\n"
            "MOVES 2 BLUE 3 3 3\n")
    state = replace(manual_game(GERMANY, rules=ADVANCED), phase="racing",
                    track=tuple(segments("RED", TO_ROSTOCK) + segments("BLUE", TO_LUEBECK)),
                    connections={t: Connection("RED", 1, 0) for t in ("Berlin", "München", "Lübeck")})
    orders, _ = settle_orders(state, resolve(collect([parse_orders(text, "gm.orders")]), GERMANY), trust=True)
    assert orders.problems == ()
    gm = orders.gm
    assert gm is not None and [o.echo() for o in gm.races.values()] == [
        "RACE 1 FROM Berlin (1913) TO München (1532)", "RACE 2 FROM Berlin (1913) SPECIAL 5G"]
    bad = resolve(collect([parse_orders("GM\nRACE 2 FROM Berlin SPECIAL 5\n", "gm.orders")]), GERMANY)
    (p,) = bad.problems
    assert (p.code, format_problem(p).splitlines()[0]) == (
        ProblemCode.UNKNOWN_SPECIAL_ROW, "gm.orders:2:1: illegal: race 2: the special-run table of Deutschland has no row 5")
    assert hint_text(p) == "its rows are 1G 1U 2G 2U 3G 3U 4G 4U 5G 5U 6G 6U"
    entries = {"RED": RacingOrders("RED", (Entry(("RED",), TO_ROSTOCK, (), "", 2),)),
               "BLUE": RacingOrders("BLUE", (Entry(("BLUE",), TO_LUEBECK, (), "", 2),))}
    inp, _ = engine_input(state, orders)
    r = adjudicate_racing_turn(state, GERMANY, replace(inp, orders=entries), None)
    assert r.race_warnings == ()
    special = r.races[1]
    assert (special.draw.special, special.draw.dest_town, special.draw.dice) == ("5G", "Ostseehäfen", ())
    assert [(e.entry.riders, e.check.destination) for e in special.entries] == [
        (("RED",), H("1606")), (("BLUE",), H("1307"))]
    assert (special.place_of("RED"), special.place_of("BLUE")) == (1, 2)
    assert special_text(GERMANY, ADVANCED, special.draw) == (
        "special run 5G (given by the GM): end in Rostock, Lübeck or Kiel, each entrant's choice, at least 6 hexes "
        "from Berlin")
    wrong = RacingInput(1, {}, {}, {}, {}, {1: (BERLIN, "5G"), 2: (H("1307"), "5G")})  # race 1; from Lübeck
    r = adjudicate_racing_turn(state, GERMANY, wrong, None)
    assert r.race_warnings == (Problem.of(RaceCheck.SPECIAL_NOT_DUE, race=1),
                               Problem.of(RaceCheck.REGION_TOO_CLOSE, race=2, region="Ostseehäfen", minimum=6))
    assert race_warning(r.race_warnings[1]) == (
        "the GM's race 2: no hex of Ostseehäfen is at least 6 hexes from the start, so no entry can end there: run "
        "as given")
    town = adjudicate_racing_turn(state, GERMANY, RacingInput(1, {}, {}, {1: (BERLIN, H("1532")),
                                                                          2: (BERLIN, H("1532"))}), None)
    assert Problem.of(RaceCheck.SPECIAL_DUE, race=2) in town.race_warnings
