"""Time the route search (``ENTER <race> BEST``) on the German map with a dense network.

Run by hand: ``python bench/bench_routes.py [players] [towns_per_player]``.
Builds a synthetic, reproducible network: every player connects its start
town to many towns along shortest land paths with its own random detours, so
lines run parallel, cross and share towns as in a late game.  Then times
``best_routes`` between distant towns for every player and prints the
figures.  Nothing here is a test; the numbers go into the issue report.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # tools/ (not installed); the package as installed

from adjudicator.dampfross.board.hexgrid import Side, pairwise, shortest_path
from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.racing.movement import expected_rounds
from adjudicator.dampfross.racing.search import best_routes, best_valid

PLAYERS = ("RED", "BLUE", "GREEN", "YELLOW", "BLACK", "ORANGE")
PAIRS = (("Flensburg", "München"), ("Aachen", "Cottbus"), ("Emden", "Passau"), ("Kiel", "Freiburg"),
         ("Saarbrücken", "Rostock"), ("Köln", "Dresden"))


def synthetic_track(gmap, n_players: int, towns_each: int, seed: int = 1) -> TrackIndex:
    """Each player: a tree from a start town to ``towns_each`` towns, with its own detours."""
    rng = random.Random(seed)
    starts = list(gmap.start_towns)
    towns = list(gmap.numbered_towns)
    segments: list[Segment] = []
    for p, pid in enumerate(PLAYERS[:n_players]):
        noise = {h: rng.random() * 1.5 for h in gmap.terrain}
        net = {starts[p % len(starts)].hex}
        targets = rng.sample(towns, min(towns_each, len(towns)))

        def cost(a, b, noise=noise):
            return 1 + noise[b] + (2 if gmap.terrain_at(b).value == "^" else 0)

        for town in targets:
            if town.hex in net:
                continue
            path = shortest_path(town.hex, lambda h, net=net: h in net,
                                 lambda h: gmap.is_land(h) and not gmap.abroad(h), cost)
            if path is None:
                continue
            for a, b in pairwise(path):
                segments.append(Segment(pid, Side(a, b), 1))
                net.update((a, b))
    return TrackIndex(segments)


def main() -> None:
    n_players = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    towns_each = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    gmap = load_map("germany")
    rules = load_profile("schmidt")
    t0 = time.perf_counter()
    track = synthetic_track(gmap, n_players, towns_each)
    built = time.perf_counter() - t0
    sides = {s.side for s in track.segments}
    hexes = {h for s in sides for h in s.hexes}
    seats = {p: i + 1 for i, p in enumerate(PLAYERS[:n_players])}
    print(f"map {gmap.name} {gmap.width}x{gmap.height}; {n_players} players x {towns_each} towns: "
          f"{len(track.segments)} segments on {len(sides)} sides, {len(hexes)} hexes with track "
          f"(built in {built:.2f} s)")
    times = []
    for a, b in PAIRS:
        start, dest = gmap.town_named(a), gmap.town_named(b)
        for pid in PLAYERS[:n_players]:
            t = time.perf_counter()
            options = best_routes(gmap, track, rules, start.hex, dest.hex, [pid], seats)
            dt = time.perf_counter() - t
            times.append(dt)
            best = best_valid(options)
            desc = (f"{best.route.points:3d} pts, {float(best.expected):5.2f} rounds, fares {best.fare_total:2d}"
                    if best else "no valid route")
            print(f"  {a:>11} -> {b:<9} {pid:<6} {dt * 1000:7.1f} ms  {len(options)} options, best valid: {desc}")
    t = time.perf_counter()
    for _ in range(200):
        expected_rounds([1, 2, 1, 1] * 15)
    dp = (time.perf_counter() - t) / 200
    print(f"BEST searches: {len(times)}, mean {statistics.mean(times) * 1000:.1f} ms, "
          f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")
    print(f"expected_rounds of a 60-step route: {dp * 1000:.2f} ms")


if __name__ == "__main__":
    main()
