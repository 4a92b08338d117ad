"""Rules catalogue: the ``paluba`` profile (seed 004, the Czech tournament rules) and its alternatives.

The profile (issue 11, section 2) and, as ``--set`` options, the
alternatives 004 marks (E) Express, (EJ) Jirka Fiala's house rules and (D2)
Dampfross variants.  Each docstring quotes 004.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.building.costs import BuildProblem
from adjudicator.dampfross.building.ending import Declare, PhaseEnd
from adjudicator.dampfross.building.lines import BuildLine
from adjudicator.dampfross.building.turn import BuildingInput, BuildingOrders, StartProblem, adjudicate_building_turn
from adjudicator.dampfross.game.dice import DiceRoller, GivenDice, seed_from_text
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw, Redraw, RedrawReason
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Connection, HistoryEntry, Player
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.after import building_order
from adjudicator.dampfross.racing.draw import draw_race, draw_turn_races, used_after
from adjudicator.dampfross.racing.end import check_end
from adjudicator.dampfross.racing.movement import step_cost
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.race import Entry, run_race
from adjudicator.dampfross.racing.turn import _gains
from adjudicator.dampfross.report.phrases import DECLARE, START, line_stopped, say
from adjudicator.dampfross.report.racephrases import entry_problem
from adjudicator.dampfross.report.racing import render_paired_grid
from adjudicator.kernel.problems import Problem
from tests.helpers import H, board, build, fees_paid, make_map, manual_game, path

PALUBA = load_profile("paluba")
SCHMIDT = load_profile("schmidt")
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}

# racing board: a plain strip, Start (0103) to Ziel (2203) along row 3, every company's line along it
STRIP = make_map("\n".join(["." * 23] * 5) + "\n", towns=[("Start", "0103", [11]), ("Ziel", "2203", [12])])
ROW3 = tuple(H(f"{c:02d}03") for c in range(1, 23))
DRAW = RaceDraw(1, "Start", 11, "Ziel", 12, 21, (), (), H("0103"), H("2203"))


def line(owner: str, hexes) -> list[Segment]:
    return [Segment(owner, Side(a, b), 1) for a, b in itertools.pairwise(hexes)]


ALL_ON_ROW3 = TrackIndex(line("RED", ROW3) + line("BLUE", ROW3) + line("GREEN", ROW3))


def named(*spec: tuple[str, int]) -> tuple[str, ...]:
    return tuple(o for o, n in spec for _ in range(n))


def books(**balances: int) -> Books:
    return Books([Player(p, p.title(), p[0], SEATS[p], balances.get(p, 20), "") for p in SEATS], 5)


# building board: Alt (0103, start) ... Burg (0503) ... Cell (0705), Ende (0301)
GMAP = make_map("\n".join(["." * 10] * 5) + "\n",
                towns=[("Alt", "0103", [11]), ("Burg", "0503", [13]), ("Cell", "0705", [14]), ("Ende", "0301", [15])],
                starts=["Alt", "Burg"])


def turn(state, orders, rolls, gmap=GMAP):
    return adjudicate_building_turn(state, gmap, BuildingInput(state.turn, orders, {}, rolls), None)


def test_P01_two_dice_one_shared_roll_the_starter_rotates():
    """R6-P01 (seed 004: 'Začínající hráč hodí dvěma kostkami ... všichni mají v tomto kole k dispozici
    stejný počet bodů. Další kolo začíná hodem kostkami hráč po levici hráče, který začínal hru')."""
    from adjudicator.dampfross.building.turn import draw_allowances

    state = replace(manual_game(GMAP, ("RED", "BLUE", "GREEN"), rules=PALUBA), dice_mode="hmac")
    allowances = draw_allowances(state, DiceRoller(seed_from_text("p01"), "test"))
    assert len({a.dice for a in allowances}) == 1 and len(allowances[0].dice) == 2
    r = turn(replace(manual_game(GMAP, ("RED", "BLUE", "GREEN"), rules=PALUBA), start_player="BLUE"), {}, {})
    assert r.order == ("BLUE", "GREEN", "RED") and r.after.start_player == "GREEN"


def test_P02_no_debt_building_fees_nor_fares():
    """R6-P02 (seed 004: 'Během hry nesmí stav jeho účtu klesnout pod nulu. Hráč tedy nesmí stavět ani
    závodit na dluh'): BLUE with 3 may not run alongside RED (4); RED with 3 may not owe 5 in fares."""
    ctx = board(GMAP, [("RED", "0203", "0303"), ("BLUE", "0102", "0202"), ("BLUE", "0202", "0203")],
                rules=PALUBA, balance=3)
    out = build(ctx, "BLUE", "0203", "0303")
    assert out.problem == Problem.of(BuildProblem.FEES_OVER_BALANCE, fees=4, balance=3)
    red = Entry(("RED",), ROW3, named(("BLUE", 5), ("RED", 16)))
    out = run_race(STRIP, ALL_ON_ROW3, PALUBA, DRAW, [red, Entry(("BLUE",), ROW3)], books(RED=3), GivenDice([6, 5] * 9),
                   SEATS)
    assert [p.code for p in out.entries[0].problems] == [EntryProblem.NET_FARES_OVER_BALANCE]


def test_P03_fare_cap_overall_not_per_pair():
    """R6-P03 (seed 004: 'Hráč se nesmí závodu zúčastnit, ... když by musel ostatním za použití jejich tratí
    platit o více než o deset bodů více, než ostatní zaplatí jemu').

    RED owes BLUE 6 and GREEN 6: 12 in all, more than 10 more than the others pay it (schmidt's cap per
    pair allows it).  When GREEN owes RED 3, RED pays 12 and receives 3: 9 more, allowed.
    """
    red = Entry(("RED",), ROW3, named(("BLUE", 6), ("GREEN", 6), ("RED", 9)))
    out = run_race(STRIP, ALL_ON_ROW3, PALUBA, DRAW, [red], books(), GivenDice([]), SEATS)
    assert out.entries[0].problems == (Problem.of(EntryProblem.NET_FARE_CAP_TOTAL, payer="RED", net=12, cap=10,
                                                  joint=False),)
    assert entry_problem(out.entries[0].problems[0]) == ("would pay 12 more in fares than it receives, more than "
                                                         "the cap of 10")
    assert run_race(STRIP, ALL_ON_ROW3, SCHMIDT, DRAW, [red], books(), GivenDice([]), SEATS).entries[0].valid
    green = Entry(("GREEN",), ROW3, named(("RED", 3), ("GREEN", 18)))
    out = run_race(STRIP, ALL_ON_ROW3, PALUBA, DRAW, [red, green], books(), GivenDice([6, 5] * 9), SEATS)
    assert [e.valid for e in out.entries] == [True, True]


def test_P04_uphill_from_any_hex_onto_a_mountain():
    """R6-P04 (seed 004: 'Jízda do kopce (z libovolného pole na horské) stojí dva body kostky')."""
    hills = make_map("..^^\n", towns=[])
    assert PALUBA.uphill == "any_to_mountain"
    assert [step_cost(hills, PALUBA, H(f"0{c}01"), H(f"0{c + 1}01")) for c in (1, 2, 3)] == [1, 2, 2]
    assert step_cost(hills, SCHMIDT, H("0301"), H("0401")) == 1


def test_P05_ties_are_rolled_again():
    """R6-P05 (seed 004: 'Pokud mělo více hráčů stejný počet zbylých bodů, házejí znova, až než se
    rozhodne'): RED and BLUE arrive in the same round with 3 points left; they roll again, BLUE wins."""
    trains = [Entry((p,), ROW3, named((p, 21))) for p in ("RED", "BLUE")]
    dice = {f"race1:round{r}:{p}": 6 for r in range(1, 5) for p in ("RED", "BLUE")}
    dice |= {"race1:tie4:RED": 2, "race1:tie4:BLUE": 5}
    out = run_race(STRIP, ALL_ON_ROW3, PALUBA, DRAW, trains, books(), GivenDice(dice), SEATS)
    assert [(p.place, p.train) for p in out.placings] == [(1, "BLUE"), (2, "RED")]


def test_P06_nine_races_three_row_grid_next_higher_free_number():
    """R6-P06 (seed 004: 'Hra končí po devíti závodech ... Tabulka bude mít šest sloupců pro bílou kostku
    (jednotky), ale jen tři řádky pro červenou kostku (desítky): jeden pro 1 a 2, druhý pro 3 a 4 a třetí
    pro 5 a 6. Jakmile tedy například padne číslo 35, současně s ním je ze hry vyloučeno i číslo 45';
    'Padne-li číslo, které už padlo dříve, najde se v tabulce nejbližší vyšší číslo, které ještě nepadlo').

    Drawing 35 also uses up 45; 45 drawn later takes the next higher free number, 46.
    """
    assert PALUBA.fixed_races == 9 and check_end({"RED": 90, "BLUE": 99}, {"RED": 1, "BLUE": 2}, PALUBA, 9)
    gmap = make_map("\n".join(["." * 14] * 3) + "\n", towns=[
        ("Alt", "0102", [11]), ("Drei", "0902", [35]), ("Vier", "1002", [45]), ("Sechs", "1102", [46])])
    d = draw_race(gmap, PALUBA, GivenDice([1, 1, 3, 5]), 1)
    assert d.marks == (11, 21, 35, 45) and used_after([], [d]) == (11, 21, 35, 45)
    d = draw_race(gmap, PALUBA, GivenDice([1, 1, 4, 5]), 2, used=[35, 45])
    assert (d.dest_town, d.dest_number) == ("Sechs", 46)
    assert d.notes[0].drawn == 45 and d.notes[0].taken == 46
    assert render_paired_grid([11, 21, 35, 45]) == (
        "       1  2  3  4  5  6\n"
        "  1-2  X  .  .  .  .  .\n"
        "  3-4  .  .  .  .  X  .\n"
        "  5-6  .  .  .  .  .  .\n")


def test_P07_building_after_a_race_winner_second_then_clockwise_after_the_second():
    """R6-P07 (seed 004: 'První smí stavět vítěz závodu, pak druhý hráč, po něm přijdou na řadu i ostatní po
    směru hodinových ručiček'): with five companies, GREEN wins and RED is second: then BLUE, GOLD, PINK."""
    seats = {"RED": 1, "BLUE": 2, "GREEN": 3, "GOLD": 4, "PINK": 5}
    trains = [Entry((p,), ROW3, named((p, 21))) for p in ("RED", "GREEN")]
    track = TrackIndex(line("RED", ROW3) + line("GREEN", ROW3))
    bk = Books([Player(p, p, p[0], n, 20, "") for p, n in seats.items()], 5)
    out = run_race(STRIP, track, PALUBA, DRAW, trains, bk, GivenDice([5, 6] * 5), seats)
    assert [p.train for p in out.placings] == ["GREEN", "RED"]
    assert building_order(out, seats, clockwise=True) == ("GREEN", "RED", "BLUE", "GOLD", "PINK")
    assert building_order(out, seats) == ("GREEN", "RED", "BLUE", "GOLD", "PINK")
    bk = Books([Player(p, p, p[0], n, 20, "") for p, n in seats.items()], 5)
    out = run_race(STRIP, track, PALUBA, DRAW, trains, bk, GivenDice([6, 5] * 5), seats)
    assert [p.train for p in out.placings] == ["RED", "GREEN"]
    assert building_order(out, seats, clockwise=True) == ("RED", "GREEN", "GOLD", "PINK", "BLUE")
    assert building_order(out, seats) == ("RED", "GREEN", "BLUE", "GOLD", "PINK")


def test_P08_end_of_building_two_rounds_after_the_player_who_connected_the_last_but_one_town():
    """R6-P08 (seed 004: 'Pokud však utekla dvě kola od hráče, který připojil předposlední město, může
    libovolný hráč prohlásit stavební fázi za skončenou. Hráč, který je po něm na řadě v házení kostkou, pak
    začíná druhou fázi hry').

    BLUE connected the last-but-one town in turn 4.  In turn 6 (two rounds on) GREEN declares: the building
    phase ends right after BLUE's build; GREEN and RED, after BLUE in that turn's order, build nothing.
    """
    state = manual_game(GMAP, ("RED", "BLUE", "GREEN"), rules=PALUBA)
    state = replace(state, turn=6, start_player="BLUE", one_town_left_turn=4, one_town_left_by="BLUE",
                    track=tuple(line("RED", path("0103", "0203")) + line("BLUE", path("0103", "0104"))
                                + line("GREEN", path("0103", "0102"))),
                    players=tuple(replace(p, start_town="Alt") for p in state.players))
    orders = {p: BuildingOrders(p, lines=(BuildLine(path(a, b)),), declare_end=p == "GREEN")
              for p, a, b in (("RED", "0203", "0303"), ("BLUE", "0104", "0204"), ("GREEN", "0102", "0202"))}
    r = turn(state, orders, {"RED": 2, "BLUE": 2, "GREEN": 2})
    assert r.order == ("BLUE", "GREEN", "RED")
    blue, green, red = r.outcomes
    assert blue.lines[0].complete and not green.lines[0].built and not red.lines[0].built
    assert green.lines[0].problem == Problem.of(BuildProblem.DECLARED_OVER, after="BLUE")
    assert line_stopped(green.lines[0]) == "0102-0202: the building phase was declared over after BLUE's build"
    assert green.declare == Problem.of(Declare.VALID_AFTER, left=4, player="BLUE")
    assert r.phase_end == Problem.of(PhaseEnd.DECLARED_AFTER, by="GREEN", after="BLUE")
    early = turn(replace(state, turn=5), orders, {"RED": 2, "BLUE": 2, "GREEN": 2})
    assert early.outcomes[1].declare == Problem.of(Declare.TOO_EARLY, left=4, first=6) and early.phase_end is None


def test_P09_joining_in_a_town_is_free_and_so_is_leaving_it_alongside():
    """R6-P09 (seed 004: 'Za překřížení nebo napojení ve městě se neplatí nic, protože města patří všem ...
    Pokud stejnou trať staví směrem z města ven, zaplatí protihráči pouze dva body, neplatí za napojení')."""
    ctx = board(GMAP, [("RED", "0503", "0603"), ("BLUE", "0403", "0503")], rules=PALUBA)
    assert build(ctx, "BLUE", "0503", "0603").complete and fees_paid(ctx, "BLUE") == {"RED": 2}


def test_P10_EJ_distinct_start_towns_chosen_secretly():
    """R6-P10 (seed 004 (EJ): 'Každý hráč si zvolí město, ze kterého bude začínat, a napíše ho na papírek.
    Potom jsou startovní města zveřejněna všechna najednou ... Dva hráči nemohou začínat ze stejného města.
    Pokud si napíšou na papírek stejné město, volí ve druhém kole').

    RED and BLUE both write Alt: neither gets it, both choose again; GREEN's Burg stands.
    """
    rules = PALUBA.with_overrides(["distinct_starts=true", "secret_starts=true"])
    state = manual_game(GMAP, ("RED", "BLUE", "GREEN"), rules=rules)
    orders = {"RED": BuildingOrders("RED", H("0103")), "BLUE": BuildingOrders("BLUE", H("0103")),
              "GREEN": BuildingOrders("GREEN", H("0503"))}
    r = turn(state, orders, {"RED": 2, "BLUE": 2, "GREEN": 2})
    red, blue, green = r.outcomes
    assert red.start_problem == Problem.of(StartProblem.CHOSEN_TWICE, town="Alt", others=("BLUE",))
    assert say(START, red.start_problem) == ("Alt was chosen by BLUE too: choose again (distinct start towns, "
                                             "chosen secretly)")
    assert blue.start_problem is not None and green.start == "Burg"
    assert {p.id: p.start_town for p in r.after.players} == {"RED": None, "BLUE": None, "GREEN": "Burg"}


def test_P11_chained_races():
    """R6-P11 (seed 004 (E, D2): 'Startovní a cílové město se hází pouze pro první závod. Pro další závody
    už se losuje pouze cílové město a startem se stává cílové město z předcházejícího závodu')."""
    gmap = make_map("\n".join(["." * 14] * 3) + "\n", towns=[("Alt", "0102", [11]), ("Ende", "0702", [15]),
                                                               ("Fern", "1302", [16])])
    rules = PALUBA.with_overrides(["chain_races=on", "races_per_turn=2"])
    first, second = draw_turn_races(gmap, rules, GivenDice([1, 1, 1, 5, 1, 6]), 1)
    assert (second.start_town, second.chained, second.dest_town) == ("Ende", True, "Fern")
    assert used_after([], [first, second]) == (11, 15, 16, 21, 25, 26)


def test_P12_18_or_36_races_every_town_once_or_twice():
    """R6-P12 (seed 004: 'Zkušení hráči hrají na 18 nebo 36 závodů, v nichž je každé město právě jednou
    (resp. dvakrát) startem nebo cílem nějakého závodu'): the full grid, each number once (18 races) or
    twice (36); a number used up takes the next higher free one."""
    gmap = make_map("\n".join(["." * 14] * 3) + "\n", towns=[("Alt", "0102", [11]), ("Ende", "0702", [15]),
                                                               ("Fern", "1302", [16])])
    eighteen = PALUBA.with_overrides(["fixed_races=18", "number_grid=full"])
    d = draw_race(gmap, eighteen, GivenDice([1, 1, 1, 5]), 1, used=[15])
    assert d.dest_number == 16 and d.marks == (11, 16)
    thirty_six = PALUBA.with_overrides(["fixed_races=36", "number_grid=full", "number_uses=2"])
    d = draw_race(gmap, thirty_six, GivenDice([1, 1, 1, 5]), 1, used=[15], uses_per_number=2)
    assert d.dest_number == 15


def test_P13_E_two_trains_may_not_stop_in_the_same_hex():
    """R6-P13 (seed 004 (E): 'Dva vlaky nesmějí zastavit na stejném poli, i když se smějí předjíždět. Pokud
    by vlak podle kostky měl zastavit na poli, kde už stojí jiný vlak, musí zastavit o pole dříve. Pokud však
    mezi dvěma poli vede více souběžných tratí a každý vlak jede po jiné trati, mohou zastavit na stejném poli').

    RED moves 4 to 0503.  BLUE rolls 4 on RED's line too: it stops at 0403, a hex earlier.  On its own
    parallel line BLUE may stop beside RED.
    """
    rules = PALUBA.with_overrides(["one_train_per_hex=on"])
    red = Entry(("RED",), ROW3, named(("RED", 21)))
    on_red = Entry(("BLUE",), ROW3, named(("RED", 4), ("BLUE", 17)))
    dice = {"race1:round1:RED": 4, "race1:round1:BLUE": 4, **{f"race1:round{r}:{p}": 6 for r in range(2, 6)
                                                               for p in ("RED", "BLUE")}}
    dice |= {f"race1:tie{r}:{p}": v for r in range(3, 6) for p, v in (("RED", 1), ("BLUE", 2))}
    out = run_race(STRIP, ALL_ON_ROW3, rules, DRAW, [red, on_red], books(), GivenDice(dict(dice)), SEATS)
    assert [(m.train, m.position.label, m.used, m.left) for m in out.rounds[0].moves] == [
        ("RED", "0503", 4, 0), ("BLUE", "0403", 3, 1)]
    own = Entry(("BLUE",), ROW3, named(("BLUE", 21)))
    out = run_race(STRIP, ALL_ON_ROW3, rules, DRAW, [red, own], books(), GivenDice(dict(dice)), SEATS)
    assert [m.position.label for m in out.rounds[0].moves] == ["0503", "0503"]


def test_P14_E_prizes_by_distance():
    """R6-P14 (seed 004 (E): 'Vítěz získá tolik bodů, kolik je dvojnásobek této vzdálenosti, druhý v pořadí
    získá jednonásobek (tedy číslo z tabulky) ... Zakázány jsou závody mezi městy, která lze propojit tratí
    kratší než deset polí'): a race 21 hexes long pays 42 and 21."""
    rules = PALUBA.with_overrides(["prizes=distance", "min_race_distance=10"])
    trains = [Entry((p,), ROW3, named((p, 21))) for p in ("RED", "BLUE")]
    out = run_race(STRIP, ALL_ON_ROW3, rules, DRAW, trains, books(), GivenDice([6, 5] * 5), SEATS)
    assert [(p.train, p.prize) for p in out.placings] == [("RED", 42), ("BLUE", 21)]
    sole = run_race(STRIP, ALL_ON_ROW3, rules, DRAW, trains[:1], books(), GivenDice([]), SEATS)
    assert sole.payouts == (("RED", 42),)


def test_P15_EJ_unused_building_points_credited_to_the_account():
    """R6-P15 (seed 004 (EJ): 'Nemůže-li nebo nechce-li hráč využít všechny hozené body, může si zbylé nechat
    připsat na konto'): RED uses 2 of 7 points; 5 go to its account."""
    rules = PALUBA.with_overrides(["unused_points_to_account=on"])
    state = manual_game(GMAP, ("RED", "BLUE"), rules=rules)
    r = turn(state, {"RED": BuildingOrders("RED", H("0103"), (BuildLine(path("0103", "0203", "0303")),))},
             {"RED": 7})
    red = r.outcomes[0]
    assert red.points_used == 2 and red.credited == 5
    assert [(e.payee, e.amount, e.reason) for e in r.entries] == [("RED", 5, "unused-points")]
    assert r.after.player("RED").balance == 25 and r.after.player("BLUE").balance == 20


def test_P16_E_express_end_of_building_three_rounds_after_the_declaration():
    """R6-P16 (seed 004 (E): 'Jakmile zbývá k napojení jen jedno město, může kdokoli z hráčů vyhlásit konec
    stavby. V tomto případě se odehrají ještě 3 kola, počínaje hráčem, který konec stavby vyhlásil. Tato tři
    kola se dohrávají, i když v jejich průběhu dojde k napojení posledního města').

    One town left since turn 4; BLUE declares in turn 5.  Turns 6, 7 and 8 are played (turn 6 started by
    BLUE), even though RED connects the last town in turn 6; building ends after turn 8.
    """
    rules = PALUBA.with_overrides(["declare_end=express"])
    small = make_map("........\n........\n", towns=[("Alt", "0101", [11]), ("Burg", "0401", [12]),
                                                    ("Cell", "0801", [13])], starts=["Alt"])
    state = manual_game(small, ("RED", "BLUE", "GREEN"), rules=rules)
    state = replace(state, turn=5, start_player="RED", one_town_left_turn=4,
                    track=tuple(line("RED", path("0101", "0201", "0301", "0401", "0501", "0601"))),
                    connections={"Alt": Connection("RED", 1, 0), "Burg": Connection("RED", 2, 6)},
                    players=tuple(replace(p, start_town="Alt") for p in state.players))
    r = turn(state, {"BLUE": BuildingOrders("BLUE", declare_end=True)}, {"BLUE": 2}, small)
    assert r.outcomes[1].declare == Problem.of(Declare.VALID_EXPRESS, rounds=3, by="BLUE")
    assert say(DECLARE, r.outcomes[1].declare) == "valid: 3 more rounds are played, the first started by BLUE"
    after = r.after
    assert (after.end_declared_turn, after.end_declared_by, after.start_player, after.phase) == (5, "BLUE", "BLUE",
                                                                                                 "building")
    r = turn(after, {"RED": BuildingOrders("RED", lines=(BuildLine(path("0601", "0701", "0801")),))}, {"RED": 2},
             small)
    assert r.unconnected == () and r.phase_end is None and r.after.phase == "building"
    r = turn(r.after, {}, {}, small)
    assert r.phase_end is None
    r = turn(r.after, {}, {}, small)
    assert r.phase_end == Problem.of(PhaseEnd.EXPRESS_ROUNDS, by="BLUE", turn=5, rounds=3)
    assert r.after.phase == "racing" and r.turn == 8


def test_P17_EJ2_game_of_set_rounds_winner_by_points_in_the_last_three():
    """R6-P17 (seed 004: 'Nebo: Předem se stanoví čas, po jehož uplynutí už se pojede jen jeden další závod';
    (EJ2): 'bude vítězem ne ten, kdo má nejvyšší počet bodů na kontě, ale ten, kdo získal nejvíce bodů v
    posledních třech kolech').

    Five racing turns; BLUE ends richer, but RED gained more over the last three turns (4, 5 and this one).
    """
    rules = PALUBA.with_overrides(["fixed_races=0", "racing_turns=5", "winner_by=last_turns"])
    state = manual_game(GMAP, ("RED", "BLUE"), rules=rules)
    hist = [HistoryEntry(1, "building", (("RED", 30), ("BLUE", 40)))]
    hist += [HistoryEntry(t, "racing", (("RED", 30 + t), ("BLUE", 80 + t)), races=(t,)) for t in range(2, 6)]
    state = replace(state, history=tuple(hist), phase="racing", turn=6)
    now = {"RED": 70, "BLUE": 90}
    gains = _gains(state, now)
    assert gains == {"RED": 70 - 33, "BLUE": 90 - 83}
    seats = {"RED": 1, "BLUE": 2}
    assert check_end(now, seats, rules, 5, racing_turn=4, gains=gains) is None
    end = check_end(now, seats, rules, 5, racing_turn=5, gains=gains)
    assert end is not None and (end.winner, end.reason, end.gained) == ("RED", "racing_turns", 37)
    plain = check_end(now, seats, rules.with_overrides(["winner_by=balance"]), 5, racing_turn=5, gains=gains)
    assert plain is not None and plain.winner == "BLUE"


def test_P18_used_number_redraw_reason_is_reported():
    """R6-P18 (seed 004: 'Původně hozené číslo cílového města se v tabulce neoznačí jako použité'): a
    destination too near is drawn again and not marked, also in the paired grid."""
    gmap = make_map("\n".join(["." * 14] * 3) + "\n", towns=[("Alt", "0102", [11]), ("Nah", "0302", [35]),
                                                               ("Fern", "1302", [16])])
    d = draw_race(gmap, PALUBA, GivenDice([1, 1, 3, 5, 1, 6]), 1)
    assert d.redraws == (Redraw("dest", 35, "Nah", RedrawReason.TOO_CLOSE, "Alt", 2, 6),)
    assert d.marks == (11, 21, 16, 26)
