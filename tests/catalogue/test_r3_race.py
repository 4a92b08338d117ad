"""Rules catalogue, rules-reference.md §3 "Movement", "Finishing", "Joint trip": race rounds, arrivals, prizes.

Board: plain, the race from Start (0103) to Ziel (0903).  Each player has
its own line:

    RED   along row 2: 0103 0102 0202 ... 0802 0903   9 steps
    BLUE  along row 3: 0103 0203 ... 0803 0903        8 steps
    GREEN along row 4: 0103 0104 0204 ... 0804 0903   9 steps

Dice are given (manual mode) in the order they are rolled: each round the
trains move in seat order (RED, BLUE, GREEN).
"""

from __future__ import annotations

import itertools

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.game.codec import ledger_note
from adjudicator.dampfross.game.dice import GivenDice
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.state import Player
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.race import Entry, run_race
from adjudicator.dampfross.racing.rounds import TieRolls
from adjudicator.dampfross.report.racephrases import entry_problem, race_notes
from adjudicator.kernel.problems import Problem
from tests.helpers import H, make_map

SCHMIDT = load_profile("schmidt")
SPLIT = SCHMIDT.with_overrides(["tie=split"])
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}

GMAP = make_map("\n".join(["." * 10] * 5) + "\n", towns=[("Start", "0103", [11]), ("Ziel", "0903", [12])])
DRAW = RaceDraw(1, "Start", 11, "Ziel", 12, 8, (), (), H("0103"), H("0903"))

RED_ROUTE = (H("0103"),) + tuple(H(f"{c:02d}02") for c in range(1, 9)) + (H("0903"),)
BLUE_ROUTE = tuple(H(f"{c:02d}03") for c in range(1, 10))
GREEN_ROUTE = (H("0103"),) + tuple(H(f"{c:02d}04") for c in range(1, 9)) + (H("0903"),)


def line(owner: str, hexes) -> list[Segment]:
    return [Segment(owner, Side(a, b), 1) for a, b in itertools.pairwise(hexes)]


TRACK = TrackIndex(line("RED", RED_ROUTE) + line("BLUE", BLUE_ROUTE) + line("GREEN", GREEN_ROUTE))
RED = Entry(("RED",), RED_ROUTE)
BLUE = Entry(("BLUE",), BLUE_ROUTE)
GREEN = Entry(("GREEN",), GREEN_ROUTE)


def books(**balances: int) -> Books:
    return Books([Player(p, p.title(), p[0], SEATS[p], balances.get(p, 20), "") for p in SEATS], 5)


def race(entries, dice, rules=SCHMIDT, bk=None, track=TRACK, **options):
    bk = bk or books()
    given = GivenDice(dice, game="g", turn=5)
    out = run_race(GMAP, track, rules, DRAW, entries, bk, given, SEATS, **options)
    return out, bk, given


def places(out) -> list[tuple[int, str, int]]:
    return [(p.place, p.train, p.prize) for p in out.placings]


def test_R01_every_round_is_recorded():
    """R3-R01 (issue 4: 'Record every round: each train's roll, points used, position'; seed 000:
    'Vom Startfeld aus wird der Zug jeweils entsprechend der gewürfelten Augenzahl vorgerückt').

    Round 1: RED rolls 3 (to 0302), BLUE 5 (to 0603).  Round 2: RED 6 arrives using all 6;
    BLUE 4 arrives using 3, one point unused: BLUE first, RED second.
    """
    out, bk, _ = race([RED, BLUE], [3, 5, 6, 4])
    assert out.status == "run"
    r1, r2 = out.rounds
    assert [(m.train, m.die.value, m.used, m.left, m.position.label, m.steps, m.arrived) for m in r1.moves] == [
        ("RED", 3, 3, 0, "0302", 3, False), ("BLUE", 5, 5, 0, "0603", 5, False)]
    assert [(m.train, m.die.value, m.used, m.left, m.position.label, m.arrived) for m in r2.moves] == [
        ("RED", 6, 6, 0, "0903", True), ("BLUE", 4, 3, 1, "0903", True)]
    assert r1.moves[0].die.label == "manual:g|turn=5|race1:round1:RED|1"
    assert places(out) == [(1, "BLUE", 20), (2, "RED", 10)]
    assert [(e.payer, e.payee, e.amount, e.reason) for e in bk.entries] == [
        ("BANK", "BLUE", 20, "prize"), ("BANK", "RED", 10, "prize")]
    assert out.dice == tuple(m.die for r in out.rounds for m in r.moves)


def test_R02_the_race_ends_when_the_second_train_arrives():
    """R3-R02 (seed 000: 'Das Rennen endet daher, sobald der zweite Spieler das Ziel erreicht hat'):
    BLUE arrives in round 2, RED in round 3; GREEN, one hex short, gets nothing and rolls no more."""
    out, _, given = race([RED, BLUE, GREEN], [6, 6, 1, 1, 2, 6, 3, 1, 5, 5, 5])
    assert places(out) == [(1, "BLUE", 20), (2, "RED", 10)]
    assert len(out.rounds) == 3 and len(given.rolled) == 8
    assert out.place_of("GREEN") is None


def test_R03_czech_tie_example_most_unused_points_wins():
    """R3-R03 (seed 004: 'Hráč hodil 4. Tři body mu stačily k tomu, aby jako první dorazil do cíle. Po něm
    hází další hráč v pořadí. Ten hodil 3 a k dojezdu mu stačil jeden bod. Vítězem se v tomto případě stal
    druhý hráč ... druhému po dojezdu přebývaly dva body, zatímco prvnímu pouze jeden'; seed 000: 'gewinnt
    derjenige, der im Ziel die meisten Würfelpunkte übrig behält').

    After two rounds RED needs 3 and BLUE 1.  Round 3: RED rolls 4 (1 unused), BLUE 3 (2 unused).
    """
    out, _, _ = race([RED, BLUE], [3, 4, 3, 3, 4, 3])
    last = out.rounds[-1].moves
    assert [(m.train, m.die.value, m.used, m.left) for m in last] == [("RED", 4, 3, 1), ("BLUE", 3, 1, 2)]
    assert places(out) == [(1, "BLUE", 20), (2, "RED", 10)]


def test_R04_tie_reroll_until_decided():
    """R3-R04 (seed 004: 'Pokud mělo více hráčů stejný počet zbylých bodů, házejí znova, až než se
    rozhodne'; option tie: reroll): both arrive with 1 unused; both roll 3, then RED 5 to BLUE 2."""
    out, _, _ = race([RED, BLUE], [6, 5, 4, 4, 3, 3, 5, 2])
    assert places(out) == [(1, "RED", 20), (2, "BLUE", 10)]
    tie = [d.label.split("|", 2)[2] for d in out.dice[4:]]
    assert tie == ["race1:tie2:RED|1", "race1:tie2:BLUE|1", "race1:tie2:RED|2", "race1:tie2:BLUE|2"]
    assert [d.value for d in out.placings[0].tie_dice] == [5]
    assert out.ties == (TieRolls(2, (("RED", 3), ("BLUE", 3))), TieRolls(2, (("RED", 5), ("BLUE", 2))))
    assert race_notes(out) == ["tie after round 2: RED rolls 3, BLUE rolls 3", "tie after round 2: RED rolls 5, BLUE rolls 2"]


def test_R05_tie_split_shared_first():
    """R3-R05 (RULES §3, postal practice, option tie: split: '15/15 for a shared first'):
    the same race split: (20 + 10) / 2 each, and the race is over."""
    out, bk, given = race([RED, BLUE], [6, 5, 4, 4, 1, 1], rules=SPLIT)
    assert [(p.place, p.train, p.prize, p.shared) for p in out.placings] == [(1, "RED", 15, True), (1, "BLUE", 15, True)]
    assert dict(out.payouts) == {"RED": 15, "BLUE": 15}
    assert len(given.rolled) == 4
    assert (bk.entries[0].race, bk.entries[0].place, bk.entries[0].shared) == (1, 1, True)
    assert ledger_note(bk.entries[0]) == "race 1: shared 1st place"


def test_R06_tie_split_shared_second():
    """R3-R06 (RULES §3, option tie: split: '5/5 for a shared second'): BLUE first alone in round 2;
    RED and GREEN arrive in round 3 with 1 unused each."""
    out, _, _ = race([RED, BLUE, GREEN], [6, 6, 6, 1, 5, 1, 3, 3], rules=SPLIT)
    assert [(p.place, p.train, p.prize) for p in out.placings] == [(1, "BLUE", 20), (2, "RED", 5), (2, "GREEN", 5)]


def test_R07_sole_entrant_gets_20_without_running():
    """R3-R07 (seed 000: 'Nimmt nur ein Spieler an der Fahrt teil, werden ihm automatisch 20 Einheiten auf
    dem Kontoblatt gutgeschrieben'; seed 003): no dice, no rounds.  [reading] Its fares are still paid:
    RED runs on BLUE's line after one own segment and pays BLUE 7."""
    track = TrackIndex(TRACK.segments + line("RED", BLUE_ROUTE[:2]))
    out, bk, given = race([Entry(("RED",), BLUE_ROUTE), Entry(("BLUE",), BLUE_ROUTE[:3])], [], track=track)
    assert out.status == "sole"
    assert given.rolled == [] and out.rounds == ()
    assert places(out) == [(1, "RED", 20)]
    assert [(e.payer, e.payee, e.amount, e.reason) for e in bk.entries] == [
        ("RED", "BLUE", 7, "fare"), ("BANK", "RED", 20, "prize")]


def test_R08_a_race_nobody_enters_lapses():
    """R3-R08 (seed 004: 'Pokud se závodu nemůže nebo nechce zúčastnit žádný hráč, závod se považuje za
    ukončený'): no valid entry, no dice, no money."""
    out, bk, given = race([], [1, 2, 3])
    assert out.status == "lapsed" and out.placings == () and bk.entries == [] and given.rolled == []
    out, bk, _ = race([Entry(("RED",), BLUE_ROUTE)], [1, 2, 3])  # no own segment: invalid
    assert out.status == "lapsed" and not out.entries[0].valid


def test_R09_joint_trip_one_train_one_roller_shared_prize():
    """R3-R09 (seed 000: 'Sie fahren dann mit einem Zug; während der Fahrt darf nur einer der beiden
    würfeln ... Beide Partner teilen sich Kosten und Prämien'): RED rolls for RED+BLUE on BLUE's line;
    they win and get 10 each."""
    joint = Entry(("RED", "BLUE"), BLUE_ROUTE)
    out, _bk, _ = race([joint, GREEN], [6, 6, 4, 4])
    assert [m.train for m in out.rounds[0].moves] == ["RED+BLUE", "GREEN"]
    assert "race1:round1:RED" in out.rounds[0].moves[0].die.label
    assert places(out) == [(1, "RED+BLUE", 20), (2, "GREEN", 10)]
    assert dict(out.payouts) == {"RED": 10, "BLUE": 10, "GREEN": 10}


def test_R10_joint_trip_odd_prize_richer_gets_one_less():
    """R3-R10 [reading] (seed 000: 'zahlt der reichere Spieler eine Einheit mehr', applied to income):
    a shared first (tie: split) gives the joint train 15: RED (richer, 30) 7, BLUE 8."""
    joint = Entry(("RED", "BLUE"), BLUE_ROUTE)
    out, _, _ = race([joint, GREEN], [6, 6, 3, 4], rules=SPLIT, bk=books(RED=30, BLUE=20))
    assert dict(out.payouts) == {"RED": 7, "BLUE": 8, "GREEN": 15}


def test_R11_arrivals_are_judged_at_the_end_of_the_round():
    """R3-R11 (seed 004: 'Dojetí do cíle se vyhodnocuje až na konci kola'): GREEN moves after RED in the
    same round and still wins with more points unused."""
    out, _, _ = race([RED, GREEN], [6, 6, 3, 6])
    assert places(out) == [(1, "GREEN", 20), (2, "RED", 10)]


def test_R12_buetehorn_balance_order_and_first_arrival_wins():
    """R3-R12 (seed 003: 'the one with the highest balance of account begins. The other players follow in
    order of balance'; 'The first player to arrive at the end terminal gets 20'; seed 004 (D): 'Hráč, který
    první dosáhne cíle, je vítěz bez ohledu na to, zda všichni závodníci učinili stejný počet tahů').

    GREEN (50) moves before RED (20) and arrives first in round 2; RED's 6 would have left more unused.
    """
    out, _, _ = race([RED, GREEN], [6, 6, 3, 6], bk=books(GREEN=50), first_arrival_wins=True, move_order="balance")
    assert [m.train for m in out.rounds[0].moves] == ["GREEN", "RED"]
    assert places(out) == [(1, "GREEN", 20), (2, "RED", 10)]
    out, _, _ = race([RED, GREEN], [6, 6, 3, 6], bk=books(GREEN=50), move_order="balance")
    assert places(out) == [(1, "RED", 20), (2, "GREEN", 10)]


def test_R13_first_arrival_wins_stops_the_round_at_the_second_arrival():
    """R3-R13 (seed 003 order of arrival): with first_arrival_wins, once two trains are in, the others of
    that round do not roll."""
    out, _, given = race([RED, BLUE, GREEN], [6, 6, 6, 3, 2, 6], first_arrival_wins=True)
    assert places(out) == [(1, "RED", 20), (2, "BLUE", 10)]
    assert len(given.rolled) == 5 and [m.train for m in out.rounds[1].moves] == ["RED", "BLUE"]


def test_R14_a_player_rides_in_one_train_only():
    """R3-R14 (seed 000: 'zwei Spieler ... gemeinsam zu fahren', one train): RED cannot enter alone and in
    a joint trip in the same race; the later entry is invalid."""
    out, _, _ = race([RED, Entry(("BLUE", "RED"), BLUE_ROUTE), GREEN], [6, 6, 3, 6])
    assert out.entries[1].problems == (Problem.of(EntryProblem.ALREADY_RIDING, players=("RED",)),)
    assert [entry_problem(p) for p in out.entries[1].problems] == ["RED already rides in another train of this race"]
    assert [e.valid for e in out.entries] == [True, False, True]


def test_R15_three_share_first_place():
    """R3-R15 [reading] (option tie: split): tied trains share the prizes of the places they cover,
    (20 + 10 + 0) / 3 = 10 each; nobody is second."""
    out, _, _ = race([RED, BLUE, GREEN], [6, 5, 6, 4, 4, 4], rules=SPLIT)
    assert [(p.place, p.train, p.prize, p.shared) for p in out.placings] == [
        (1, "RED", 10, True), (1, "BLUE", 10, True), (1, "GREEN", 10, True)]
    assert dict(out.payouts) == {"RED": 10, "BLUE": 10, "GREEN": 10}
