"""Rules catalogue: the ``buetehorn`` profile as seed 003 writes it (issue 11, item 7), cases R5-H01..H07.

Board: a plain strip, the race from Start (0103) to Ziel (2203) along row 3,
21 segments; RED and BLUE each have a line along the whole of row 3, and a
route names whose line it uses on each segment.
"""

from __future__ import annotations

import itertools

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.game.dice import GivenDice
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw, Redraw, RedrawReason
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Player
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.after import building_order, race_income
from adjudicator.dampfross.racing.draw import draw_race
from adjudicator.dampfross.racing.race import Entry, run_race
from adjudicator.dampfross.report.phrases import redraw_text
from tests.helpers import H, board, build, fees_paid, make_map

BUETEHORN = load_profile("buetehorn")
SCHMIDT = load_profile("schmidt")
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}
GMAP = make_map("\n".join(["." * 23] * 5) + "\n", towns=[("Start", "0103", [11]), ("Ziel", "2203", [12])])
ROW3 = tuple(H(f"{c:02d}03") for c in range(1, 23))
DRAW = RaceDraw(1, "Start", 11, "Ziel", 12, 21, (), (), H("0103"), H("2203"))


def line(owner: str, hexes) -> list[Segment]:
    return [Segment(owner, Side(a, b), 1) for a, b in itertools.pairwise(hexes)]


TRACK = TrackIndex(line("RED", ROW3) + line("BLUE", ROW3) + line("GREEN", ROW3))


def named(*spec: tuple[str, int]) -> tuple[str, ...]:
    return tuple(o for o, n in spec for _ in range(n))


def books(**balances: int) -> Books:
    return Books([Player(p, p.title(), p[0], SEATS[p], balances.get(p, 20), "") for p in SEATS], 5)


def test_H01_no_fare_cap():
    """R5-H01 (seed 003 has no cap; 'if you use another player's line you must pay one account point per
    hex'): RED may ride 19 segments on BLUE's line, which schmidt's cap of 10 forbids."""
    red = Entry(("RED",), ROW3, named(("BLUE", 19), ("RED", 2)))
    for rules, valid in ((BUETEHORN, True), (SCHMIDT, False)):
        out = run_race(GMAP, TRACK, rules, DRAW, [red, Entry(("GREEN",), ROW3)], books(), GivenDice([6, 5] * 30),
                       SEATS)
        assert out.entries[0].valid is valid


def test_H02_fares_paid_move_by_move_gross_seed_19_11_example():
    """R5-H02 (seed 003: 'The account points a player has to pay are transferred between accounts after the
    die roll, but before the pawn moves'; seed 000's example 'A muß an B 19 Einheiten zahlen, B an A 11').

    RED owes BLUE 19, BLUE owes RED 11.  Nothing is set off: each roll's fares are paid before the move
    (RED's first 6 to BLUE, then BLUE's first 6 to RED, ...), 19 and 11 in all, so the fares count in
    full in the budgets for building after the race: 19 for BLUE, 11 for RED (plus their prizes).
    """
    red = Entry(("RED",), ROW3, named(("BLUE", 19), ("RED", 2)))
    blue = Entry(("BLUE",), ROW3, named(("RED", 11), ("BLUE", 10)))
    bk = books()
    out = run_race(GMAP, TRACK, BUETEHORN, DRAW, [red, blue], bk, GivenDice([6] * 30), SEATS,
                   first_arrival_wins=True, move_order="balance")
    fares = [(e.payer, e.payee, e.amount) for e in bk.entries if e.reason == "fare"]
    assert fares[:2] == [("RED", "BLUE", 6), ("BLUE", "RED", 6)]
    assert sum(a for p, _, a in fares if p == "RED") == 19 and sum(a for p, _, a in fares if p == "BLUE") == 11
    assert [(f.payer, f.payee, f.amount) for f in out.fares] == [("RED", "BLUE", 19), ("BLUE", "RED", 11)]
    income = race_income(bk.entries, SEATS)
    prizes = dict(out.payouts)
    assert income["BLUE"] - prizes.get("BLUE", 0) == 19 and income["RED"] - prizes.get("RED", 0) == 11


def test_H03_the_race_runs_until_every_train_has_arrived_building_in_order_of_arrival():
    """R5-H03 (seed 003: 'As soon as all players have arrived at the terminal a building phase is inserted
    ... The winner of the race begins to build, the others follow (in order of arrival, Ed.)').

    Three trains on their own lines: RED rolls 6s, GREEN 5s, BLUE 4s.  RED wins, GREEN is second; the race
    goes on until BLUE arrives too, third and without a prize; they build in that order.
    """
    trains = [Entry((p,), ROW3, named((p, 21))) for p in ("RED", "BLUE", "GREEN")]
    dice = {f"race1:round{r}:{p}": v for r in range(1, 8) for p, v in (("RED", 6), ("BLUE", 4), ("GREEN", 5))}
    out = run_race(GMAP, TRACK, BUETEHORN, DRAW, trains, books(), GivenDice(dice), SEATS, first_arrival_wins=True)
    assert [(p.place, p.train, p.prize) for p in out.placings] == [(1, "RED", 20), (2, "GREEN", 10), (3, "BLUE", 0)]
    assert building_order(out, SEATS, by_arrival=True) == ("RED", "GREEN", "BLUE")
    schmidt = run_race(GMAP, TRACK, SCHMIDT, DRAW, trains, books(), GivenDice(dice), SEATS)
    assert [p.train for p in schmidt.placings] == ["RED", "GREEN"]


def test_H04_only_town_hexes_are_free_no_retroactive_join_fee():
    """R5-H04 (seed 003: 'If more than one player has lines in hex, the full amount must be paid to each of
    them. Only the use of city hexes is free'): the Czech example built out of the town alongside a rival
    costs 2 (the half hex outside the town), not 3 as with schmidt's retroactive join fee."""
    gmap = make_map("\n".join(["." * 8] * 5) + "\n", towns=[("Burg", "0403", [13])])
    for rules, fee in ((BUETEHORN, 2), (SCHMIDT, 3)):
        ctx = board(gmap, [("RED", "0403", "0503"), ("BLUE", "0303", "0403")], rules=rules)
        assert build(ctx, "BLUE", "0403", "0503").complete
        assert fees_paid(ctx, "BLUE") == {"RED": fee}


def test_H05_a_used_number_is_rolled_again():
    """R5-H05 (seed 003: 'When a city is rolled that has already been used as end terminal, re-roll'):
    with numbers_once, the used 15 is rolled again (schmidt, seed 000 and 004: the next higher free number)."""
    gmap = make_map("\n".join(["." * 14] * 4) + "\n",
                    towns=[("Alt", "0102", [11]), ("Ende", "0702", [15]), ("Gut", "1002", [22])])
    rules = BUETEHORN.with_overrides(["numbers_once=on", "chain_races=off"])
    d = draw_race(gmap, rules, GivenDice([1, 1, 1, 5, 2, 2]), 2, used=[15])
    assert (d.dest_town, d.dest_number) == ("Gut", 22)
    assert d.redraws == (Redraw("dest", 15, "Ende", RedrawReason.USED),)
    assert redraw_text(d.redraws[0]) == "destination 15 (Ende): used already: drawn again"
    d = draw_race(gmap, SCHMIDT.with_overrides(["numbers_once=on"]), GivenDice([1, 1, 1, 5]), 2, used=[15])
    assert d.dest_number == 22 and d.redraws == ()


def test_H06_what_003_does_not_give_is_kept_from_schmidt():
    """R5-H06 [reading] (seed 003: 'Your objective is to be the first player to score a certain total of
    points:' with the table missing; no cost for a plain-mountain step across a river; no anti-stalling
    rule; the start player moving on 'was left out of the German rules'): buetehorn keeps schmidt's win
    thresholds, declaration of the end of building and rotating start player, and prices plain-mountain
    across a river like mountain-mountain (6)."""
    for key in ("win_2_3_players", "win_4_players", "win_5_6_players", "declare_end", "declare_end_after_rounds"):
        assert getattr(BUETEHORN, key) == getattr(SCHMIDT, key)
    assert BUETEHORN.cost_mountain_river == BUETEHORN.cost_mountain_mountain == 6


def test_H07_a_fare_paid_move_by_move_that_reaches_the_threshold_stops_the_race():
    """R5-H07 (seed 003: 'Operations continue until the first player has reached the necessary points for
    winning the game'; 'The account points ... are transferred ... after the die roll, but before the pawn
    moves'): BLUE has 248; RED's first roll takes it over BLUE's line and pays BLUE 6: BLUE has 254, the game
    is over at once; the race stops there, nobody is placed, no prize is paid."""
    red = Entry(("RED",), ROW3, named(("BLUE", 10), ("RED", 11)))
    blue = Entry(("BLUE",), ROW3, named(("BLUE", 21)))
    bk = books(BLUE=248)
    out = run_race(GMAP, TRACK, BUETEHORN, DRAW, [red, blue], bk, GivenDice([6] * 10), SEATS,
                   first_arrival_wins=True, threshold=BUETEHORN.win_threshold(3))
    assert out.ended and out.status == "run" and out.placings == () and out.payouts == ()
    assert [(m.train, m.die.value) for r in out.rounds for m in r.moves] == [("RED", 6)]
    assert [(e.payer, e.payee, e.amount) for e in bk.entries] == [("RED", "BLUE", 6)]


def test_H08_a_sole_entrant_whose_fares_end_the_game_gets_no_prize_and_the_report_says_so():
    """R5-H08 (seed 003 as R5-H07, with one train): RED alone enters on BLUE's line; its fares, paid as it
    would move, take BLUE over the threshold: the game is over, RED is not placed and gets no prize.  The race's
    notes crashed on it (``IndexError``: a sole entrant without a placing), so the turn could not be reported;
    now they say the game ended during the race."""
    from adjudicator.dampfross.report.racephrases import race_notes

    red = Entry(("RED",), ROW3, named(("BLUE", 10), ("RED", 11)))
    bk = books(BLUE=248)
    out = run_race(GMAP, TRACK, BUETEHORN, DRAW, [red], bk, GivenDice([6] * 10), SEATS,
                   first_arrival_wins=True, threshold=BUETEHORN.win_threshold(3))
    assert out.status == "sole" and out.placings == () and out.payouts == ()
    assert race_notes(out) == ["the game ended during the race: it stops here"]
