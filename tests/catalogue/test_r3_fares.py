"""Rules catalogue, rules-reference.md §3 "Entering" and "Fares": routes, owners, fares, the fare cap, joint trips.

Board: a plain strip, the race from Start (0103) to Ziel (2203) along row 3,
21 segments.  In most cases every player has a line along the whole of row
3, so a route names whose line it uses on each segment (seed 000: 'muß der
Spieler angeben, welche Linie er befährt').
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
from adjudicator.dampfross.racing.entry import judge_entry
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.race import Entry, run_race
from adjudicator.dampfross.racing.routes import choose_owners
from adjudicator.dampfross.report.racephrases import entry_problem
from adjudicator.kernel.problems import Problem
from tests.helpers import H, make_map

SCHMIDT = load_profile("schmidt")
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}

GMAP = make_map(
    "\n".join(["." * 23] * 5) + "\n",
    towns=[("Start", "0103", [11]), ("Ziel", "2203", [12])],
)
ROW3 = tuple(H(f"{c:02d}03") for c in range(1, 23))
DRAW = RaceDraw(1, "Start", 11, "Ziel", 12, 21, (), (), H("0103"), H("2203"))


def line(owner: str, hexes) -> list[Segment]:
    return [Segment(owner, Side(a, b), 1) for a, b in itertools.pairwise(hexes)]


ALL_ON_ROW3 = TrackIndex(line("RED", ROW3) + line("BLUE", ROW3) + line("GREEN", ROW3))


def named(*spec: tuple[str, int]) -> tuple[str, ...]:
    """Owners per segment from (owner, count) runs."""
    return tuple(o for o, n in spec for _ in range(n))


def books(**balances: int) -> Books:
    ps = [Player(p, p.title(), p[0], SEATS[p], balances.get(p, 20), "") for p in SEATS]
    return Books(ps, 5)


def race(entries, track=ALL_ON_ROW3, rules=SCHMIDT, bk=None, dice=()):
    bk = bk or books()
    out = run_race(GMAP, track, rules, DRAW, entries, bk, GivenDice(dice or [6, 5, 4] * 20), SEATS)
    return out, bk


def check_route(*args, **kwargs):
    """A route judged as the race judges it (the fare cap is applied after set-off, in the race)."""
    return judge_entry(*args, **kwargs, in_race=True)


def said(problems) -> list[str]:
    """The problems in the words of the reports."""
    return [entry_problem(p) for p in problems]


def paid(bk: Books) -> list[tuple[str, str, int]]:
    return [(e.payer, e.payee, e.amount) for e in bk.entries if e.reason == "fare"]


def test_F01_own_track_free_rival_track_one_per_segment():
    """R3-F01 (seed 000: 'Auf eigenen Gleisen ist die Fahrt kostenlos. Auf fremden Gleisen kostet sie
    1 Einheit pro Feld'): RED uses BLUE's line for 4 segments, its own for the rest: owes BLUE 4."""
    check = check_route(GMAP, ALL_ON_ROW3, SCHMIDT, DRAW.start_hex, DRAW.dest_hex, ["RED"], ROW3,
                        named(("BLUE", 4), ("RED", 17)), SEATS)
    assert check.valid
    assert check.fares == (("BLUE", 4),)


def test_F02_unnamed_segments_use_own_line_else_the_rival_first_in_seat_order():
    """R3-F02 (seed 000: 'Er braucht den Fahrpreis hier nur an einen Eigentümer zu entrichten'; issue 4:
    unnamed, its own line if it has one there, else a rival by seat order).

    0103-0203 has lines of GREEN and BLUE: RED uses BLUE's (seat 2).  0203-0303 has RED's and BLUE's:
    RED's own.  0303-0403 has GREEN's only.
    """
    track = TrackIndex(line("GREEN", ROW3[0:2]) + line("BLUE", ROW3[0:3]) + line("RED", ROW3[1:3])
                       + line("GREEN", ROW3[2:4]))
    owners, problems = choose_owners(track, ROW3[:4], ["RED"], (), SEATS)
    assert problems == ()
    assert owners == ("BLUE", "RED", "GREEN")


def test_F03_a_named_owner_must_have_track_there():
    """R3-F03 (seed 000: 'muß der Spieler angeben, welche Linie er befährt'): naming a line that is not
    there makes the entry invalid, and says whose lines are."""
    track = TrackIndex(line("BLUE", ROW3))
    check = check_route(GMAP, track, SCHMIDT, DRAW.start_hex, DRAW.dest_hex, ["RED"], ROW3,
                        ("GREEN",) + (None,) * 20, SEATS)
    assert not check.valid
    assert Problem.of(EntryProblem.OWNER_NOT_THERE, a=H("0103"), b=H("0203"), owner="GREEN", owners=("BLUE",)) \
        in check.problems
    assert "0103-0203: GREEN has no track there (only BLUE)" in said(check.problems)


def test_F04_at_least_one_segment_of_own_track():
    """R3-F04 (seed 000: 'Wenigstens ein Teil der Fahrtroute muß auf dem eigenen Streckennetz
    zurückgelegt werden'; seed 003: 'he must use some section of his own line network')."""
    track = TrackIndex(line("BLUE", ROW3) + line("RED", (H("0102"), H("0202"))))
    check = check_route(GMAP, track, SCHMIDT, DRAW.start_hex, DRAW.dest_hex, ["RED"], ROW3, (), SEATS)
    assert check.problems == (Problem.of(EntryProblem.NO_OWN_TRACK, joint=False),)
    assert said(check.problems) == ["the route must use at least one segment of your own track"]
    # naming BLUE on a segment RED also owns does not count as own track
    check = check_route(GMAP, ALL_ON_ROW3, SCHMIDT, DRAW.start_hex, DRAW.dest_hex, ["RED"], ROW3,
                        named(("BLUE", 21)), SEATS)
    assert not check.valid


def test_F05_route_must_run_on_track_from_start_to_destination():
    """R3-F05 (seed 000: 'Die Spieler ... legen vor der Abfahrt ihre Fahrtroute fest'; RULES §3):
    a gap, a wrong end and a jump are reported, each with the place."""
    track = TrackIndex(line("RED", ROW3[:10]))
    check = check_route(GMAP, track, SCHMIDT, DRAW.start_hex, DRAW.dest_hex, ["RED"],
                        ROW3[:11] + (H("1303"),), (), SEATS)
    assert [p.code for p in check.problems] == [EntryProblem.WRONG_END, EntryProblem.NO_TRACK,
                                                EntryProblem.NOT_NEIGHBOURS]
    assert "1003-1103: there is no track" in said(check.problems)
    assert "1103-1303: the hexes are not neighbours" in said(check.problems)
    assert "the route must end at Ziel (2203), not at 1303" in said(check.problems)


def test_F06_a_route_visits_no_hex_twice():
    """R3-F06 [reading]: a route is a simple path; running out along a spur and back is not a route."""
    track = TrackIndex(line("BLUE", ROW3) + line("RED", (H("0103"), H("0102"))))
    hexes = (H("0103"), H("0102"), H("0103")) + ROW3[1:]
    check = check_route(GMAP, track, SCHMIDT, DRAW.start_hex, DRAW.dest_hex, ["RED"], hexes, (), SEATS)
    assert Problem.of(EntryProblem.HEX_TWICE, hexes=("0103",)) in check.problems
    assert "a route may not visit a hex twice: 0103" in said(check.problems)


def test_F07_fare_cap_after_set_off_seed_example():
    """R3-F07 (seed 000: 'A muß an B 19 Einheiten zahlen, B an A 11 Einheiten. Beides wird gegeneinander
    aufgerechnet, so daß unter dem Strich A an B 8 Einheiten zahlen muß. Beide Spieler dürfen also fahren.')

    RED (A) uses BLUE's line for 19 segments, BLUE (B) RED's for 11: RED pays BLUE 8, both race.
    """
    red = Entry(("RED",), ROW3, named(("BLUE", 19), ("RED", 2)))
    blue = Entry(("BLUE",), ROW3, named(("BLUE", 10), ("RED", 11)))
    out, bk = race([red, blue])
    assert [e.valid for e in out.entries] == [True, True]
    assert paid(bk) == [("RED", "BLUE", 8)]
    (f,) = out.fares
    assert (f.payer, f.payee, f.amount, f.owed, f.owed_back) == ("RED", "BLUE", 8, 19, 11)
    assert (bk.entries[0].race, bk.entries[0].owed, bk.entries[0].owed_back) == (1, 19, 11)
    assert ledger_note(bk.entries[0]) == "race 1: owed 19, owed back 11"


def test_F08_an_entry_over_the_fare_cap_is_invalid():
    """R3-F08 (seed 000: 'Kein Spieler darf einem anderen mehr als 10 Einheiten für den Fahrpreis zahlen';
    RULES §3: 'An entry that breaks this is invalid'): alone, RED's 19 to BLUE breaks the cap; RED does
    not race and pays nothing; GREEN, the only valid entrant, gets 20."""
    red = Entry(("RED",), ROW3, named(("BLUE", 19), ("RED", 2)))
    green = Entry(("GREEN",), ROW3)
    out, bk = race([red, green])
    assert out.entries[0].problems == (Problem.of(EntryProblem.NET_FARE_CAP, payer="RED", payee="BLUE", net=19, cap=10,
                                                  joint=False),)
    assert said(out.entries[0].problems) == ["would pay BLUE 19 in fares (net), more than the cap of 10"]
    assert paid(bk) == []
    assert out.status == "sole" and out.payouts == (("GREEN", 20),)


def test_F09_exactly_the_cap_is_allowed():
    """R3-F09 (seed 000: 'nicht mehr als 10'): 10 to one rival and 10 to another is allowed."""
    red = Entry(("RED",), ROW3, named(("BLUE", 10), ("GREEN", 10), ("RED", 1)))
    out, bk = race([red])
    assert out.entries[0].valid
    assert paid(bk) == [("RED", "BLUE", 10), ("RED", "GREEN", 10)]


def test_F10_several_entries_over_the_cap_largest_excess_first():
    """R3-F10 [reading]: when entries break the cap, the payer's entry with the largest excess is dropped
    first, then the fares are worked out again.

    RED owes BLUE 16 (excess 6) and GREEN 4; GREEN owes RED 13, which RED's 4 sets off to 9.  RED is
    dropped first; then GREEN's 13 to RED stands alone (excess 3) and GREEN is dropped too.  BLUE,
    left alone, gets 20 without running.
    """
    red = Entry(("RED",), ROW3, named(("BLUE", 16), ("GREEN", 4), ("RED", 1)))
    green = Entry(("GREEN",), ROW3, named(("RED", 13), ("GREEN", 8)))
    blue = Entry(("BLUE",), ROW3)
    out, bk = race([red, green, blue])
    assert [p["net"] for e in out.entries[:2] for p in e.problems] == [16, 13]
    assert said(out.entries[0].problems) == ["would pay BLUE 16 in fares (net), more than the cap of 10"]
    assert said(out.entries[1].problems) == ["would pay RED 13 in fares (net), more than the cap of 10"]
    assert out.entries[2].valid and out.status == "sole"
    assert paid(bk) == []


def test_F11_fares_are_paid_before_the_start_through_the_ledger():
    """R3-F11 (seed 000: 'Die Fahrpreise für die Benutzung fremder Linien werden vor Antritt der Fahrt
    entrichtet und vom Bankhalter auf dem Kontoblatt festgehalten'): reason 'fare', before any prize."""
    red = Entry(("RED",), ROW3, named(("BLUE", 3), ("RED", 18)))
    blue = Entry(("BLUE",), ROW3)
    out, bk = race([red, blue])
    assert next((e.payer, e.payee, e.amount, e.reason) for e in bk.entries) == ("RED", "BLUE", 3, "fare")
    assert {e.reason for e in bk.entries[1:]} == {"prize"}
    assert out.ledger == tuple(bk.entries)


def test_F12_joint_trip_shares_an_odd_fare_richer_pays_one_more():
    """R3-F12 (seed 000: 'Beide Partner teilen sich Kosten und Prämien. Lassen sich die Kosten nicht
    gleichmäßig aufteilen, zahlt der reichere Spieler eine Einheit mehr'; seed 004: 'sobě navzájem
    neplatí nic').

    RED (30) and BLUE (20) ride together, using GREEN's line for 5 segments and BLUE's for 16:
    RED pays GREEN 3, BLUE pays 2; nothing passes between the partners.
    """
    joint = Entry(("RED", "BLUE"), ROW3, named(("GREEN", 5), ("BLUE", 16)))
    out, bk = race([joint], bk=books(RED=30, BLUE=20))
    assert out.entries[0].valid
    assert paid(bk) == [("RED", "GREEN", 3), ("BLUE", "GREEN", 2)]


def test_F13_joint_trip_needs_a_segment_of_either_partner():
    """R3-F13 (seed 000 joint trip + 'Wenigstens ein Teil der Fahrtroute muß auf dem eigenen
    Streckennetz'): a segment of BLUE's line is enough for RED+BLUE."""
    track = TrackIndex(line("GREEN", ROW3) + line("BLUE", ROW3[:2]))
    ok = check_route(GMAP, track, SCHMIDT, DRAW.start_hex, DRAW.dest_hex, ["RED", "BLUE"], ROW3, (), SEATS)
    assert ok.valid and ok.fares == (("GREEN", 20),)
    bad = check_route(GMAP, TrackIndex(line("GREEN", ROW3)), SCHMIDT, DRAW.start_hex, DRAW.dest_hex,
                      ["RED", "BLUE"], ROW3, (), SEATS)
    assert bad.problems == (Problem.of(EntryProblem.NO_OWN_TRACK, joint=True),)
    assert said(bad.problems) == ["the route must use at least one segment of either partner's own track"]


def test_F14_no_debt_fares_beyond_the_balance():
    """R3-F14 (RULES §3 'No debt (Paluba option)'; seed 004: 'Hráč tedy nesmí stavět ani závodit na
    dluh'): with debt_allowed off, RED with 3 may not owe 5 net."""
    rules = SCHMIDT.with_overrides(["debt_allowed=off"])
    red = Entry(("RED",), ROW3, named(("BLUE", 5), ("RED", 16)))
    blue = Entry(("BLUE",), ROW3)
    out, bk = race([red, blue], rules=rules, bk=books(RED=3))
    assert [p.code for p in out.entries[0].problems] == [EntryProblem.NET_FARES_OVER_BALANCE]
    assert said(out.entries[0].problems) == ["fares of 5 (net) exceed your balance of 3 (no debt allowed)"]
    assert paid(bk) == []


def test_F15_joint_trip_splits_the_total_of_its_fares():
    """R3-F15 (seed 000: 'Beide Partner teilen sich Kosten und Prämien. Lassen sich die Kosten nicht
    gleichmäßig aufteilen, zahlt der reichere Spieler eine Einheit mehr'; seed 003: 'When two players
    co-operate in a transport, and an odd number of account points has to be paid, the richer player pays
    one point more').

    RED (30) and BLUE (20) ride together and owe GREEN 3 and GOLD 5: 8 in all, 4 each.  (Splitting each
    fare on its own would make RED pay 2 + 3 = 5 and BLUE 3.)  With 3 and 4 (7 in all) RED pays 4, BLUE 3.
    """
    seats = {"RED": 1, "BLUE": 2, "GREEN": 3, "GOLD": 4}
    for gold, totals in ((5, {"RED": 4, "BLUE": 4}), (4, {"RED": 4, "BLUE": 3})):
        track = TrackIndex(line("GREEN", ROW3[:4]) + line("GOLD", ROW3[3:4 + gold]) + line("BLUE", ROW3[3 + gold:]))
        bk = Books([Player(p, p.title(), p[0], n, 30 if p == "RED" else 20, "") for p, n in seats.items()], 5)
        joint = Entry(("RED", "BLUE"), ROW3, named(("GREEN", 3), ("GOLD", gold), ("BLUE", 18 - gold)))
        out = run_race(GMAP, track, SCHMIDT, DRAW, [joint], bk, GivenDice([]), seats)
        assert out.entries[0].valid, out.entries[0].problems
        by_payer: dict[str, int] = {}
        for e in bk.entries:
            if e.reason == "fare":
                by_payer[e.payer] = by_payer.get(e.payer, 0) + e.amount
        assert by_payer == totals, (gold, by_payer)
