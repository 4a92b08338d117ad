"""Rules catalogue, rules-reference.md §5 "Ferries" (advanced rules): buying a ferry, crossing, fares to the owner.

On the shipped maps: Germany's two ferries to Gedser (Puttgarden 1405 and
Rostock 1606, length 3, one per player), France's ferries to England
(Cherbourg-Southampton length 5, at most two per player).

German board used below: RED has track Hamburg (1108) - 1208 - Lübeck
(1307) - 1306 - Puttgarden (1405); BLUE has Hamburg - 1208 - Lübeck
alongside RED; GREEN has Berlin - ... - Rostock (1606).
"""

from __future__ import annotations

from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.building.ferries import FerryOrder, FerryProblem, buy_ferry
from adjudicator.dampfross.game.codec import ledger_from_fields, ledger_from_json, ledger_note, ledger_to_json
from adjudicator.dampfross.game.dice import GivenDice
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import FerryOwner, Player
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.racing.after import race_income
from adjudicator.dampfross.racing.entry import judge_entry
from adjudicator.dampfross.racing.ferries import ferry_links
from adjudicator.dampfross.racing.movement import expected_rounds
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.race import Entry, run_race
from adjudicator.dampfross.racing.search import best_routes, best_valid
from adjudicator.dampfross.report.phrases import purchase_text
from adjudicator.dampfross.report.racephrases import entry_problem
from adjudicator.dampfross.report.racing import route_text
from adjudicator.kernel.problems import Problem
from tests.helpers import H, board, build, land_path, segments

SCHMIDT = load_profile("schmidt")
ADVANCED = SCHMIDT.with_overrides(["advanced=true"])
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}

GERMANY = load_map("germany")
FRANCE = load_map("france")
PUTTGARDEN, ROSTOCK, GEDSER = H("1405"), H("1606"), H("1504")
RED_LINE = land_path(GERMANY, "Hamburg", "Lübeck", "Puttgarden")
BLUE_LINE = land_path(GERMANY, "Hamburg", "Lübeck")
GREEN_LINE = land_path(GERMANY, "Berlin", "Rostock")
TRACK = segments("RED", RED_LINE) + segments("BLUE", BLUE_LINE) + segments("GREEN", GREEN_LINE)


def ctx(rules=ADVANCED, owners: dict[str, str] | None = None, gmap=GERMANY, track=TRACK, balance=20):
    c = board(gmap, [(s.owner, s.a.label, s.b.label) for s in track], rules, balance=balance)
    c.ferries.update({name: FerryOwner(name, owner, 1) for name, owner in (owners or {}).items()})
    return c


def race_track(owners: dict[str, str], gmap=GERMANY, track=TRACK, rules=ADVANCED) -> TrackIndex:
    return TrackIndex(track, ferry_links(gmap, rules, owners))


def books(**balances: int) -> Books:
    return Books([Player(p, p.title(), p[0], SEATS[p], balances.get(p, 20), "") for p in SEATS], 5)


def test_F01_a_ferry_is_bought_for_6_once_the_track_reaches_its_port():
    """R5-F01 (seed 000, Deutschland-Karte: 'Wer mit seinem Eisenbahnnetz einen der Fährhäfen erreicht ...,
    kann die entsprechende Fährverbindung nach Gedser kaufen. Die Fährstrecke wird also nicht gebaut ...,
    sie wird vielmehr durch Zahlung vom Konto erworben ... Jede Fährstrecke kostet 6 Einheiten')."""
    c = ctx()
    bought = buy_ferry(c, "RED", FerryOrder((PUTTGARDEN,), "BUY FERRY Puttgarden"))
    assert bought.bought and (bought.ferry, bought.price) == ("Puttgarden-Gedser", 6)
    assert c.books.balance("RED") == 14
    (entry,) = c.books.entries
    assert (entry.payer, entry.payee, entry.amount, entry.reason, entry.town) == (
        "RED", "BANK", 6, "ferry-purchase", "Puttgarden-Gedser")
    assert ledger_from_fields(ledger_to_json(entry), "test") == entry == ledger_from_json(ledger_to_json(entry, 1), "test")
    assert c.ferries["Puttgarden-Gedser"].owner == "RED"
    assert purchase_text(bought) == "bought Puttgarden-Gedser for 6"
    not_there = buy_ferry(c, "BLUE", FerryOrder((ROSTOCK,)))
    assert not_there.problem == Problem.of(FerryProblem.NOT_REACHED, ferry="Rostock-Gedser", port="Rostock",
                                           hex=ROSTOCK)
    assert purchase_text(not_there) == "not bought: your track does not reach Rostock (1606) yet"


def test_F02_one_owner_per_ferry_and_nobody_owns_both_german_ferries():
    """R5-F02 (seed 000: '... kann nur von einem Spieler gekauft werden. Beide Fährten dürfen nicht in
    der Hand desselben Spielers sein'): a ferry bought is taken; its owner may not buy the other."""
    track = TRACK + segments("RED", land_path(GERMANY, "Lübeck", "Rostock"))
    c = ctx(owners={"Puttgarden-Gedser": "RED"}, track=track)
    taken = buy_ferry(c, "BLUE", FerryOrder((PUTTGARDEN,)))
    assert taken.problem == Problem.of(FerryProblem.TAKEN, ferry="Puttgarden-Gedser", owner="RED")
    both = buy_ferry(c, "RED", FerryOrder((ROSTOCK,)))
    assert both.problem is not None and both.problem.code is FerryProblem.LIMIT
    assert purchase_text(both) == ("not bought: Rostock-Gedser: a player may own at most 1 on this map "
                                   "(you own Puttgarden-Gedser)")
    assert buy_ferry(c, "GREEN", FerryOrder((ROSTOCK,))).bought


def test_F03_the_german_crossing_costs_5_points_and_3_to_the_owner():
    """R5-F03 (seed 000: 'In der Betriebsphase werden für die Benützung der Fähre 5 Würfelpunkte benötigt.
    (3 für die Fahrt und je 1 für das Be- und Entladen). Die Spieler zahlen für die Fahrt mit der Fähre an
    den Eigentümer 3 Einheiten vom Konto').

    Hamburg to Gedser: BLUE on its own line to Lübeck, on RED's to Puttgarden (2 fares), on RED's ferry
    (5 points, 3 to RED).  Round 1: RED rolls 6 (4 steps on land, 2 of the crossing: at sea), BLUE 5 (at
    sea after boarding); round 2: RED 3 arrives with nothing left, BLUE 5 arrives with 1 left and wins.
    """
    track = race_track({"Puttgarden-Gedser": "RED"})
    route = RED_LINE + (GEDSER,)
    verdict = judge_entry(GERMANY, track, ADVANCED, H("1108"), GEDSER, ["BLUE"], route, (), SEATS)
    assert verdict.valid and verdict.route is not None
    assert verdict.route.costs == (1, 1, 1, 1, 5) and verdict.route.steps == (1,) * 9
    assert verdict.fares == (("RED", 2),) and verdict.ferry_fares == (("RED", 3),)
    assert route_text(verdict.route) == "1108-1208-1307 BLUE, 1307-1306-1405 RED, 1405~1504 ferry RED"
    draw = RaceDraw(1, "Hamburg", 14, "Gedser", 0, 9, (), (), H("1108"), GEDSER)
    bk = books()
    out = run_race(GERMANY, track, ADVANCED, draw, [Entry(("RED",), route), Entry(("BLUE",), route)], bk,
                   GivenDice([6, 5, 3, 5], "g", 5), SEATS)
    r1, r2 = out.rounds
    assert [(m.train, m.position.label, m.at_sea) for m in r1.moves] == [("RED", "1405", True),
                                                                        ("BLUE", "1405", True)]
    assert [(m.train, m.left, m.arrived) for m in r2.moves] == [("RED", 0, True), ("BLUE", 1, True)]
    assert [(p.place, p.train) for p in out.placings] == [(1, "BLUE"), (2, "RED")]
    paid = [(e.payer, e.payee, e.amount, e.reason, ledger_note(e)) for e in bk.entries if e.payer != "BANK"]
    assert paid == [("BLUE", "RED", 2, "fare", "race 1: owed 2, owed back 0"),
                    ("BLUE", "RED", 3, "ferry-fare", "race 1: ferry Puttgarden-Gedser")]
    assert race_income(bk.entries, SEATS)["RED"] == 2 + 3 + 10


def test_F04_cherbourg_southampton_costs_5_plus_2_points():
    """R5-F04 (seed 000, Frankreich-Karte: 'richten sich die Kosten für die Fahrt auf der Fähre nach der
    Länge des Weges zusätzlich 2 Würfelpunkten für das Be- und Entladen. Beispiel: Eine Fahrt von Cherbourg
    nach Southhampton kostet 5 + 2 = 7 Würfelpunkte'): taken point by point, so one die can make it."""
    line = land_path(FRANCE, "Caen", "Cherbourg")
    track = TrackIndex(segments("RED", line), ferry_links(FRANCE, ADVANCED, {"Cherbourg-Southampton": "RED"}))
    southampton = FRANCE.town_named("Southampton")
    assert southampton is not None
    verdict = judge_entry(FRANCE, track, ADVANCED, line[0], southampton.hex, ["RED"], line + (southampton.hex,))
    assert verdict.valid and verdict.route is not None
    assert verdict.route.costs[-1] == 7 and verdict.route.steps[-7:] == (1,) * 7
    assert verdict.ferry_fares == ()  # own ferry: no fare
    assert expected_rounds(verdict.route.steps) is not None


def test_F05_french_players_own_at_most_two_ferries():
    """R5-F05 (seed 000: 'Jeder Spieler darf höchstens 2 Fährverbindungen erwerben, die von verschiedenen
    Fährbahnhöfen ausgehen müssen')."""
    line = land_path(FRANCE, "Amiens", "Calais") + land_path(FRANCE, "Calais", "Dunkerque")[1:]
    line2 = land_path(FRANCE, "Amiens", "Dieppe")
    c = ctx(gmap=FRANCE, track=segments("RED", line) + segments("RED", line2))
    assert buy_ferry(c, "RED", FerryOrder((H("1510"),))).bought  # Calais-Dover
    assert buy_ferry(c, "RED", FerryOrder((H("1314"),))).bought  # Dieppe-Newhaven
    third = buy_ferry(c, "RED", FerryOrder((H("1709"),)))  # Dunkerque-Dover
    assert third.problem is not None and third.problem.code is FerryProblem.LIMIT
    assert c.books.balance("RED") == 20 - 12


def test_F06_a_ferry_nobody_has_bought_cannot_be_used():
    """R5-F06 (seed 000: the ferry is 'durch Zahlung vom Konto erworben und dann in der Farbe des Käufers
    markiert') [reading]: only a bought ferry runs; an own ferry is not own track."""
    route = RED_LINE + (GEDSER,)
    verdict = judge_entry(GERMANY, race_track({}), ADVANCED, H("1108"), GEDSER, ["RED"], route)
    assert verdict.problems == (Problem.of(EntryProblem.FERRY_NOT_OWNED, a=PUTTGARDEN, b=GEDSER,
                                           ferry="Puttgarden-Gedser"),)
    assert entry_problem(verdict.problems[0]) == "1405-1504: nobody has bought the ferry Puttgarden-Gedser"
    own_ferry_only = judge_entry(GERMANY, race_track({"Puttgarden-Gedser": "BLUE"}), ADVANCED, PUTTGARDEN,
                                 GEDSER, ["BLUE"], (PUTTGARDEN, GEDSER))
    assert own_ferry_only.problems == (Problem.of(EntryProblem.NO_OWN_TRACK, joint=False),)


def test_F07_best_crosses_on_a_bought_ferry():
    """R5-F07 (rules-reference.md §5; the route search knows the ferries): BEST from Hamburg to Gedser takes RED's
    ferry and pays its owner."""
    options = best_routes(GERMANY, race_track({"Puttgarden-Gedser": "RED"}), ADVANCED, H("1108"), GEDSER,
                          ["BLUE"], SEATS)
    best = best_valid(options)
    assert best is not None and best.route.hexes[-2:] == (PUTTGARDEN, GEDSER)
    assert best.ferry_fares == (("RED", 3),) and best.route.points == 9


def test_F08_without_the_advanced_rules_no_ferry_is_sold():
    """R5-F08: ferries belong to the advanced rules (option ferries, or advanced)."""
    bought = buy_ferry(ctx(rules=SCHMIDT), "RED", FerryOrder((PUTTGARDEN,)))
    assert bought.problem == Problem.of(FerryProblem.NOT_IN_USE)
    assert ferry_links(GERMANY, SCHMIDT, {"Puttgarden-Gedser": "RED"}) == ()


def test_F09_the_far_port_names_a_ferry_when_only_one_lands_there():
    """R5-F09 (BUY FERRY <port> [- <port>]): Gedser is the far end of both German ferries, so it needs the
    home port too; two ports name the ferry between them."""
    c = ctx()
    both = buy_ferry(c, "RED", FerryOrder((GEDSER,)))
    assert both.problem == Problem.of(FerryProblem.AMBIGUOUS, port=GEDSER,
                                      ferries=("Puttgarden-Gedser", "Rostock-Gedser"))
    assert buy_ferry(c, "RED", FerryOrder((GEDSER, PUTTGARDEN))).ferry == "Puttgarden-Gedser"


def test_F10_a_german_ferry_port_pays_no_town_bonus_with_ferries_in_play():
    """R5-F10 [reading 77] (seed 000, Deutschland-Karte: 'Wer mit seinem Eisenbahnnetz einen der Fährhäfen
    erreicht (für den Anschluß gibt es keine Prämien)'; 002: 'voor de aansluiting zijn er geen premies'):
    with ferries in play, reaching Rostock pays no bonus, though it is numbered (34) and counts as connected;
    under the basic rules it is a town like any other; France's Le Havre (23) pays with ferries too."""
    last = GREEN_LINE[-2:]
    for rules, paid in ((ADVANCED, 0), (SCHMIDT.with_overrides(["ferries=true"]), 0), (SCHMIDT, 6)):
        c = board(GERMANY, [], rules, players=("GREEN",))
        c.start_hexes["GREEN"] = last[0]
        out = build(c, "GREEN", *(h.label for h in last))
        assert out.complete and out.built[0].bonus == paid, rules
        assert c.connections["Rostock"].bonus == paid and c.books.balance("GREEN") == 20 + paid
    assert GERMANY.ferry_port_bonus is False and FRANCE.ferry_port_bonus is True
    havre = FRANCE.town_named("Le Havre")
    assert havre is not None and havre.numbered
    c = board(FRANCE, [], ADVANCED, players=("GREEN",))
    inland = next(n for n in FRANCE.neighbours(havre.hex) if FRANCE.is_land(n) and not FRANCE.has_river(n, havre.hex))
    c.start_hexes["GREEN"] = inland
    assert build(c, "GREEN", inland.label, havre.hex.label).built[0].bonus == 6
