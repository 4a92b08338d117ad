"""Play whole self-play games on every map, with and without the advanced rules, and print what happened.

Run by hand: ``python bench/bench_selfplay.py [games_per_case] [players]``.
Each game is played by the seeded bots of ``tools/selfplay`` through the
GM's own commands, every invariant checked after every turn (balances equal
the ledger, money conserved, networks connected, nothing on water or across
a border against the rules, ferries within the map's limits, every die
verified, every turn replayed).  Games run to the money threshold or to
``fixed_races`` (16 by default, so that every map sees four special runs).
Nothing here is a test; the figures go into the issue report.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.selfplay import play_game

MAPS = ("germany", "france", "usa-east", "usa-west")
RULES = {"basic": (), "advanced": ("advanced=true",)}
COMMON = ("building_rounds=8", "races_per_turn=2", "fixed_races=16")


def main(games: int = 2, players: int = 4) -> int:
    """Play ``games`` games per map and rules; return 1 when any invariant broke."""
    header = (f"{'map':9} {'rules':9} {'seed':26} {'turns':>5} {'winner':7} {'races':>5} {'special':>7} "
              f"{'ferries':>7} {'fares':>5} {'abroad':>6} {'secs':>5}  breaks")
    print(header)
    broken = 0
    for name in MAPS:
        for label, extra in RULES.items():
            for g in range(games):
                seed = f"bench-{name}-{label}-{g}"
                with tempfile.TemporaryDirectory() as tmp:
                    started = time.perf_counter()
                    r = play_game(Path(tmp) / "g", name, players=players, seed=seed, sets=COMMON + extra,
                                  illegal=0.2, max_turns=60)
                    secs = time.perf_counter() - started
                broken += bool(r.breaks) or not r.over
                print(f"{name:9} {label:9} {seed:26} {r.turns:5d} {r.winner or '-':7} {r.races:5d} "
                      f"{r.special_runs:7d} {r.ferries:7d} {r.ferry_fares:5d} {r.abroad:6d} {secs:5.1f}  "
                      f"{'; '.join(r.breaks[:2]) or ('ok' if r.over else 'not over')}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:3])))
