"""InterUrban self-play: many seeded games of random legal moves, every invariant checked after every move.

Run by hand::

    python bench/bench_iu_selfplay.py                        # 1,000 games, 2 workers
    python bench/bench_iu_selfplay.py --games 100 --workers 1

Each game (``tools.selfplay.interurban.play``) has its own seed and 2 to 5 players (cycling);
the bots write their moves in the notation and the game reads them back, the check previews
each move, and after every move the invariants are checked (every tile accounted for, rules A-J
on the board, every line's record as its track says, scores consistent, the first round keeps
B); at the end every game must be over, every line finished, every draw verified.  Nothing here
is a test; the figures go into docs/interurban-rules.md.  Exits 1 when any invariant broke.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # tools/ (not installed); the package as installed

from tools.selfplay.interurban import Game, play


def one(n: int) -> Game:
    return play(f"iu-bench-{n}", 2 + n % 4)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    a = parser.parse_args()
    started = time.perf_counter()
    with multiprocessing.Pool(a.workers) as pool:
        games = pool.map(one, range(a.games), chunksize=max(1, a.games // (8 * a.workers)))
    wall = time.perf_counter() - started
    broken = [g for g in games if g.breaks]
    for g in broken:
        print(f"{g.seed} ({g.players} players): {'; '.join(g.breaks[:3])}")
    moves = sum(g.moves for g in games)
    ends = Counter(g.end for g in games)
    print(f"{len(games)} games, {moves} moves, {sum(g.tiles for g in games)} tiles; ends: "
          + ", ".join(f"{e} {n}" for e, n in sorted(ends.items(), key=lambda kv: str(kv[0]))))
    print(f"{len(games)} games in {wall:.1f} s with {a.workers} workers: {len(games) / wall:.1f} games/s, "
          f"{moves / wall:.0f} moves/s; {len(broken)} with a broken invariant")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
