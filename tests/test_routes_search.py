"""The route search behind ``ENTER <race> BEST`` and ``adjudicate route``.

Besides hand-made boards, the k-shortest-simple-paths search is compared
with brute force (every simple path enumerated) on random small networks.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.movement import advance, expected_rounds, route_costs
from adjudicator.dampfross.racing.problems import EntryProblem
from adjudicator.dampfross.racing.search import SCALE, _Net, best_routes, best_valid
from adjudicator.dampfross.report.check import route_notation
from adjudicator.dampfross.report.racephrases import entry_problem
from adjudicator.kernel.problems import Problem
from tests.helpers import H, make_map

SCHMIDT = load_profile("schmidt")
SEATS = {"RED": 1, "BLUE": 2, "GREEN": 3}
GMAP = make_map("\n".join(["." * 12] * 6) + "\n", towns=[("Start", "0103", [11]), ("Ziel", "0903", [12])])
S, Z = H("0103"), H("0903")
ROW3 = tuple(H(f"{c:02d}03") for c in range(1, 10))  # 8 steps
ROW2 = (S,) + tuple(H(f"{c:02d}02") for c in range(1, 9)) + (Z,)  # 9 steps
ROW4 = (S,) + tuple(H(f"{c:02d}04") for c in range(1, 9)) + (Z,)  # 9 steps


def line(owner: str, hexes) -> list[Segment]:
    return [Segment(owner, Side(a, b), 1) for a, b in pairwise(hexes)]


def search(track, riders=("RED",), **kw):
    return best_routes(GMAP, track, SCHMIDT, S, Z, list(riders), SEATS, **kw)


def test_fastest_route_listed_but_best_valid_uses_own_track():
    """BLUE's row 3 is fastest but RED has no track on it; RED's own row 2 is the best valid route."""
    track = TrackIndex(line("BLUE", ROW3) + line("RED", ROW2))
    options = search(track)
    assert options[0].route.hexes == ROW3 and not options[0].valid
    assert options[0].problems == (Problem.of(EntryProblem.NO_OWN_TRACK, joint=False),)
    best = best_valid(options)
    assert best is not None and best.route.hexes == ROW2 and best.fares == ()
    assert best.expected is not None and best.expected > options[0].expected
    assert route_notation(best.route).startswith("0103 -RED- 0102 -RED- 0202")


def test_a_spur_out_of_the_start_town_is_not_a_route():
    """RED owns only 0103-0102; running out and back is no route (a hex twice).  The valid routes go on
    from 0102 along BLUE's row 2; the faster row 3 is listed as invalid."""
    track = TrackIndex(line("BLUE", ROW3) + line("RED", ROW2[:2]) + line("BLUE", ROW2[1:]))
    options = search(track, limit=10)
    assert all(len(set(o.route.hexes)) == len(o.route.hexes) for o in options)
    best = best_valid(options)
    assert best is not None and best.route.hexes == ROW2
    assert best.fares == (("BLUE", 8),)


def test_a_dead_end_spur_gives_no_valid_route():
    track = TrackIndex(line("BLUE", ROW3) + line("RED", ROW2[:2]))
    options = search(track)
    assert options and best_valid(options) is None


def test_no_track_at_the_start_no_options():
    assert search(TrackIndex(line("BLUE", ROW3[1:]))) == ()


def test_fare_cap_owners_are_spread_between_parallel_rivals():
    """Row 2 has lines of BLUE and GREEN all along, RED owns the last segment: by seat RED would owe
    BLUE 8 (allowed).  With fare_cap 5 the search spreads the segments: BLUE 4, GREEN 4."""
    track = TrackIndex(line("BLUE", ROW2[:-1]) + line("GREEN", ROW2[:-1]) + line("RED", ROW2[-2:]))
    (opt,) = search(track, limit=1)
    assert opt.valid and opt.fares == (("BLUE", 8),)
    rules = SCHMIDT.with_overrides(["fare_cap=5"])
    (opt,) = best_routes(GMAP, track, rules, S, Z, ["RED"], SEATS, limit=1)
    assert opt.valid and opt.fares == (("BLUE", 4), ("GREEN", 4))


def test_over_the_cap_alone_is_listed_as_invalid():
    track = TrackIndex(line("BLUE", ROW2[:-1]) + line("RED", ROW2[-2:]))
    rules = SCHMIDT.with_overrides(["fare_cap=5"])
    (opt,) = best_routes(GMAP, track, rules, S, Z, ["RED"], SEATS, limit=1)
    assert not opt.valid and opt.problems == (Problem.of(EntryProblem.FARE_CAP, payee="BLUE", amount=8, cap=5),)
    assert [entry_problem(p) for p in opt.problems] == ["8 in fares to BLUE is more than the cap of 5"]


def test_ranking_equal_speed_fewer_fares_first_then_lower_seat():
    """Rows 2 and 4 take the same time; row 2 is BLUE's (seat 2), row 4 GREEN's (seat 3); RED owns the
    first segment of each.  Equal fares: BLUE's row first.  With one more RED segment on row 4 it wins."""
    base = line("RED", ROW2[:2]) + line("RED", ROW4[:2]) + line("BLUE", ROW2[1:]) + line("GREEN", ROW4[1:])
    options = search(TrackIndex(base))
    assert [o.route.hexes for o in options[:2]] == [ROW2, ROW4]
    assert options[0].expected == options[1].expected
    options = search(TrackIndex(base + line("RED", ROW4[1:3])))
    assert options[0].route.hexes == ROW4 and options[0].fare_total == 7


def test_joint_trip_partner_track_is_free():
    track = TrackIndex(line("BLUE", ROW3) + line("RED", ROW3[:2]))
    best = best_valid(search(track, riders=("RED", "BLUE")))
    assert best is not None and best.route.hexes == ROW3 and best.fares == ()


def test_no_debt_balance_limits_fares():
    rules = SCHMIDT.with_overrides(["debt_allowed=off"])
    track = TrackIndex(line("BLUE", ROW3) + line("RED", ROW3[:2]))
    (opt,) = best_routes(GMAP, track, rules, S, Z, ["RED"], SEATS, limit=1, balance=5)
    assert not opt.valid and Problem.of(EntryProblem.FARES_OVER_BALANCE, fares=7, balance=5) in opt.problems
    assert "fares of 7 exceed the balance of 5 (no debt allowed)" in [entry_problem(p) for p in opt.problems]


def test_expected_rounds_decide_between_routes_of_equal_points():
    """Rows 2 and 4 (via 0803), 9 points each with one climb: row 4 climbs at once (0104), row 2 one step
    later (0202).  Row 4 is the faster on average (the label order would put row 2 first)."""
    gmap = make_map(
        """\
............
.^..........
............
^...........
............
""",
        towns=[("Start", "0103", [11]), ("Ziel", "0803", [12])],
    )
    row2 = (S,) + tuple(H(f"{c:02d}02") for c in range(1, 8)) + (H("0803"),)
    row4 = (S,) + tuple(H(f"{c:02d}04") for c in range(1, 8)) + (H("0803"),)
    track = TrackIndex(line("RED", row2) + line("RED", row4))
    options = best_routes(gmap, track, SCHMIDT, S, H("0803"), ["RED"], SEATS)
    assert [o.route.hexes for o in options] == [row4, row2]
    assert [o.route.costs for o in options] == [(2,) + (1,) * 7, (1, 2) + (1,) * 6]
    assert options[0].expected < options[1].expected


# --- brute force ---------------------------------------------------------------

SMALL = make_map(
    """\
.....
..^..
.^...
.....
""",
    towns=[("A", "0101", [11]), ("B", "0504", [12])],
)
SMALL_SIDES = sorted({Side(h, n) for h in SMALL.terrain for n in SMALL.neighbours(h)})


def brute_force(track: TrackIndex, riders: tuple[str, ...], start, goal, need_own: bool):
    """Every simple path, with its (points, fares) weight, by depth-first search."""
    adj: dict = {}
    for s in {s.side for s in track.segments}:
        adj.setdefault(s.a, []).append(s.b)
        adj.setdefault(s.b, []).append(s.a)
    out = []

    def walk(p):
        h = p[-1]
        if h == goal:
            owns = [bool(track.owners(Side(a, b)) & set(riders)) for a, b in pairwise(p)]
            if need_own and not any(owns):
                return
            points = sum(route_costs(SMALL, SCHMIDT, p))
            fares = sum(not o for o in owns)
            out.append((points * SCALE + fares, tuple(p)))
            return
        for n in adj.get(h, ()):
            if n not in p:
                walk(p + [n])

    if start in adj:
        walk([start])
    return sorted(out)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["RED", "BLUE"]), st.sampled_from(SMALL_SIDES)), min_size=4, max_size=30),
       st.booleans())
def test_yen_finds_the_k_cheapest_simple_paths(segments, need_own):
    track = TrackIndex([Segment(o, s, 1) for o, s in segments])
    riders = ("RED",)
    start, goal = H("0101"), H("0504")
    expected = brute_force(track, riders, start, goal, need_own)
    net = _Net(SMALL, track, SCHMIDT, riders)
    if start not in net.index or goal not in net.index:
        assert expected == []
        return
    k = 5
    found = net.yen(net.index[start], net.index[goal], 0 if need_own else 1, "points", k)
    hexes = [tuple(net.hexes[i] for i in p) for p in found]
    assert all(len(set(p)) == len(p) for p in hexes)
    weights = {p: w for w, p in expected}
    assert [weights[p] for p in hexes] == [w for w, _ in expected[:k]]


def _expected_rounds_by_fractions(costs: list[int], faces: int) -> Fraction | None:
    """The definition, step by step in fractions (as movement.expected_rounds was written before issue 18)."""
    if any(c > faces for c in costs):
        return None
    e = [Fraction(0)] * (len(costs) + 1)
    for i in range(len(costs) - 1, -1, -1):
        ends = [advance(costs, i, d).end for d in range(1, faces + 1)]
        stay = ends.count(i)
        e[i] = (1 + sum((e[j] for j in ends if j != i), Fraction(0)) / faces) / Fraction(faces - stay, faces)
    return e[0]


def test_expected_rounds_in_integers_equal_the_fractions_step_by_step():
    rng = random.Random(18)
    routes = [[rng.choice((1, 1, 1, 2)) for _ in range(rng.randint(0, 40))] for _ in range(400)]
    routes += [[rng.randint(1, 6) for _ in range(rng.randint(0, 25))] for _ in range(200)] + [[7], [1, 7], []]
    for costs in routes:
        for faces in (6, 4):
            assert expected_rounds(costs, faces) == _expected_rounds_by_fractions(costs, faces), (costs, faces)


GERMANY = load_map("germany")


@pytest.mark.parametrize("seed", range(40))
def test_the_spur_searches_left_out_change_no_path_found(seed):
    """Yen's search leaves out a spur search when no path it could find would be taken (the ``k - found``-th
    cheapest simple candidate waiting is cheaper than its cheapest first step allows); on random networks of
    lines on the German map it finds the very paths, in the same order, that searching every spur finds."""
    rng = random.Random(seed)
    land = sorted(h for h in GERMANY.terrain if GERMANY.is_land(h))
    segments = []
    for _ in range(rng.randint(4, 14)):
        owner, h = rng.choice(["RED", "BLUE", "GREEN"]), rng.choice(land)
        for _ in range(rng.randint(5, 40)):
            ahead = [n for n in GERMANY.neighbours(h) if GERMANY.is_land(n)]
            if not ahead:
                break
            n = rng.choice(ahead)
            segments.append(Segment(owner, Side(h, n), 1))
            h = n
    net = _Net(GERMANY, TrackIndex(segments), SCHMIDT, ("RED",))
    nodes = sorted(net.index.values())
    for _ in range(4):
        src, dst = rng.sample(nodes, 2)
        for layer, mode, k in ((0, "points", 6), (0, "fares", 3), (1, "points", 3), (1, "fares", 8)):
            assert net.yen(src, dst, layer, mode, k) == net.yen(src, dst, layer, mode, k, prune=False)
