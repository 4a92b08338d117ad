"""Benchmark: what each turn costs a walk through a whole game, window by window of its turns (issue 18).

``verify`` walks the archive of the one session (``postal/moveverify.py``): each step's game files are
checked against the chain's SHA-256 (the link), and each step is done again and compared with the archived
state (the replay: a company's orders read again, a turn adjudicated again).  Timing whole commands on games
of several lengths gives a turn's cost only as the difference of two noisy figures; here one ``verify`` of
one game runs in this process and every step is timed on its own (CPU
seconds; the link, the replay and the route searches in it), then the
turns are summed window by window.  A walk is linear when a turn costs
the same early and late in its phase: a racing turn costs several times a
building turn (its entries' route searches are adjudicated again), and its
searches grow with the network, which grows while the races are run.

Self-plays one game on the German map (four companies, the schmidt rules,
``fixed_races=400``), as ``bench_length.py`` does.

    python bench/bench_walk.py [--turns 100] [--window 20] [--repeat 3]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ (not installed); the package as installed
sys.path.append(str(ROOT / "bench"))

from bench_length import length_games, workspace  # noqa: E402

from adjudicator.dampfross.racing import trains  # noqa: E402
from adjudicator.postal import moveverify as verify  # noqa: E402
from adjudicator.postal.moves import MovesDir  # noqa: E402
from tools.selfplay import session_play, state_now  # noqa: E402

PARTS = ("link", "replay", "route search")


def timed_walk(game: Path) -> dict[str, dict[int, float]]:
    """CPU seconds of each turn's link, replay and route searches in one ``verify`` of ``game``."""
    spent: dict[str, dict[int, float]] = {part: defaultdict(float) for part in PARTS}
    turn = [0]

    def timing(part: str, work: Callable[..., Any], turn_of: Callable[..., int] | None) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if turn_of is not None:
                turn[0] = turn_of(*args)
            start = time.process_time()
            try:
                return work(*args, **kwargs)
            finally:
                spent[part][turn[0]] += time.process_time() - start
        return timed

    link, replay, search = verify._link, verify._replay, trains.best_routes
    verify._link = timing("link", link, lambda steps, i, *rest: int(steps[i].record.get("move", 0)))
    verify._replay = timing("replay", replay, lambda play, step, record, *rest: int(record.get("move", 0)))
    trains.best_routes = timing("route search", search, None)
    try:
        checks = verify.verify(MovesDir(game), session_play(game), None)
    finally:
        verify._link, verify._replay, trains.best_routes = link, replay, search
    if not all(ok for ok, _ in checks):
        raise SystemExit("verify failed:\n" + "\n".join(line for _, line in checks))
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=100, help="the game's length")
    parser.add_argument("--window", type=int, default=20, help="turns summed in a row of the table")
    parser.add_argument("--repeat", type=int, default=3, help="walks timed (the median of each turn is used)")
    a = parser.parse_args()
    work, _ = workspace("bench-walk-")
    _, full = length_games([a.turns], work)
    state = state_now(full)
    ended = state.building_ended_turn
    racing = ended + 1 if ended is not None and ended < a.turns else a.turns + 1  # the first racing turn, if any
    timed_walk(full)  # warms the caches of the map, the grammar and the templates
    walks = [timed_walk(full) for _ in range(a.repeat)]
    per_turn = {part: {t: statistics.median(w[part].get(t, 0.0) for w in walks) for t in range(1, a.turns + 1)}
                for part in PARTS}
    edges = sorted({1, racing, *range(1, a.turns + 1, a.window)} | {a.turns + 1})
    races = f"the races from turn {racing}" if racing <= a.turns else "no races yet"
    print(f"one verify of a {a.turns}-turn game in this process, CPU ms a turn (the median of {a.repeat} walks); "
          f"{races}")
    print(f"{'turns':>9} {'phase':>9}" + "".join(f"{p:>14}" for p in PARTS) + f"{'turn':>9}")
    for lo, hi in pairwise(edges):
        turns = range(lo, hi)
        cells = [statistics.fmean(per_turn[p][t] for t in turns) * 1000 for p in PARTS]
        phase = "racing" if lo >= racing else "building"
        print(f"{lo:>4}-{hi - 1:<4} {phase:>9}" + "".join(f"{c:14.2f}" for c in cells) + f"{cells[0] + cells[1]:9.2f}")
    print("  link: the turn's steps (each company's orders, the turn) checked against their SHA-256 and the chain;\n"
          "  replay: each step done again, the turn adjudicated again, and compared with its state (route search: "
          "its BEST searches)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
