"""InterUrban bots' strength: the careful bot against two random-legal bots in three-player games (issue 26).

Run by hand::

    python bench/bench_iu_bots.py                       # 300 games, 2 workers
    python bench/bench_iu_bots.py --games 20 --workers 1

Each game has its own seed; the careful bot sits in each of the three seats in turn (the start player
changes).  Every move a bot writes is read by the play as a player's mail (``PLAY.read``: the notation and
the whole move checked) before it is played: a move it refuses is counted and the game stops.  Printed: the
careful bot's share of wins (strictly the most points; a tie for first is no win) with its 95 % Wilson
interval, its share of ties, the seconds per bot move of each level (mean and the slowest), and the refused
moves.  Nothing here is a test; the figures go into docs/bots.md.  Exits 1 when a move was refused.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # tools/ (not installed); the package as installed

from adjudicator.interurban.bots import bot_move
from adjudicator.interurban.move import apply_move, setup
from adjudicator.interurban.play import PLAY
from adjudicator.interurban.scoring import score
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from tools.stats import wilson

SEATS = ("RED", "BLUE", "GREEN")


@dataclass(frozen=True)
class Result:
    """One game: whether the careful bot won (or tied for first), the seconds of each level's moves, refusals."""

    won: bool
    tied: bool
    careful: tuple[float, ...]
    random: tuple[float, ...]
    refused: int


def one(n: int) -> Result:
    """Game ``n``: the careful bot in seat ``n % 3``."""
    draw = SeededDraw(seed_from_text(f"iu-bots-{n}"))
    state = setup(f"b{n}", SEATS, draw)
    careful_seat = SEATS[n % 3]
    rng = random.Random(n)
    times: dict[str, list[float]] = {"careful": [], "random": []}
    while not state.over:
        seat = state.on_move
        level = "careful" if seat == careful_seat else "random"
        started = time.perf_counter()
        lines = bot_move(state, seat, level, rng)
        times[level].append(time.perf_counter() - started)
        made, _problems = PLAY.read(state, seat, list(enumerate(lines, 1)))
        if made is None:
            return Result(False, False, tuple(times["careful"]), tuple(times["random"]), 1)
        state, _events = apply_move(state, made, draw)
    totals = score(state)[1]
    others = max(v for s, v in totals.items() if s != careful_seat)
    return Result(totals[careful_seat] > others, totals[careful_seat] == others, tuple(times["careful"]),
                  tuple(times["random"]), 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    a = parser.parse_args()
    started = time.perf_counter()
    with multiprocessing.Pool(a.workers) as pool:
        games = pool.map(one, range(a.games), chunksize=max(1, a.games // (8 * a.workers)))
    wall = time.perf_counter() - started
    wins, ties = sum(g.won for g in games), sum(g.tied for g in games)
    low, high = wilson(wins, len(games))
    print(f"{len(games)} three-player games, the careful bot against two random bots, in {wall:.1f} s "
          f"with {a.workers} workers")
    print(f"careful bot wins: {wins} of {len(games)} = {wins / max(1, len(games)):.0%} (95 % Wilson interval "
          f"{low:.0%} to {high:.0%}); ties for first: {ties}; a seat by chance: 33 %")
    for level in ("careful", "random"):
        seconds = [s for g in games for s in getattr(g, level)]
        if seconds:
            print(f"{level} bot: {len(seconds)} moves, {sum(seconds) / len(seconds):.3f} s a move on average, "
                  f"the slowest {max(seconds):.3f} s")
    refused = sum(g.refused for g in games)
    print(f"bot moves refused: {refused}")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
