"""Benchmark: a building turn in which every company sends the largest orders that think the rules allow.

Six companies on the German map (schmidt rules, each with a few pieces of
track) each send the most a section may hold (``orders/conditions.py``): 20 IF
lines, nested 3 deep, 40 orders inside each outermost IF, 10 BUILD CHEAPEST
lines across the map (Hamburg to München and the like, each a search of the
whole map), the conditions chosen so that every branch with orders runs.
Timed in-process, the median of several runs: reading the mails (parse and
resolve), the turn (``adjudicate_building_turn``), and both together; the
figures go to docs/speed.md.

    python bench/bench_conditional.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))

from adjudicator.dampfross.app.maps import read_map  # noqa: E402
from adjudicator.dampfross.building.turn import BuildingInput, adjudicate_building_turn  # noqa: E402
from adjudicator.dampfross.engine.newgame import new_game  # noqa: E402
from adjudicator.dampfross.game.rules import load_profile  # noqa: E402
from adjudicator.dampfross.orders import collect, parse_orders, resolve  # noqa: E402
from adjudicator.dampfross.orders.conditions import MAX_CHEAPEST, MAX_CONDITIONS, MAX_DEPTH, MAX_ORDERS  # noqa: E402
from adjudicator.dampfross.orders.translate import building_orders  # noqa: E402
from adjudicator.kernel.contacts import PlayerSpec  # noqa: E402

COMPANIES = ("RED", "BLUE", "GREEN", "YELLOW", "BLACK", "WHITE")
STARTS = ("Hamburg", "Berlin", "München", "Hamburg", "Berlin", "München")
FAR = ("München", "Hamburg", "Hamburg", "München", "München", "Berlin")


def orders_text(pid: str, start: str, far: str, step: str) -> str:
    """The largest section: ``MAX_CONDITIONS`` IF lines in blocks nested ``MAX_DEPTH`` deep, each outermost block
    holding ``MAX_ORDERS`` orders, ``MAX_CHEAPEST`` of them BUILD CHEAPEST."""
    lines = [f"PLAYER {pid} PASSWORD x", f"START {start}"]
    cheapest = MAX_CHEAPEST
    ifs = 0
    while ifs + MAX_DEPTH <= MAX_CONDITIONS:
        conditions = [f"NOT {far} CONNECTED", "BALANCE AT LEAST 0", f"NOT STANDBY {pid}"][:MAX_DEPTH]
        body = []
        for _ in range(MAX_ORDERS):
            if cheapest:
                body.append(f"BUILD CHEAPEST FROM {start} TO {far}")
                cheapest -= 1
            else:
                body.append(f"BUILD {start} - {step}")  # one segment from the start (the first one is built)
        lines += [f"IF {c} THEN" for c in conditions] + body + ["END"] * len(conditions)
        ifs += len(conditions)
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    gmap = read_map(str(ROOT / "maps" / "germany.yaml"))
    rules = load_profile("schmidt")
    state, _ = new_game("bench", gmap, "germany.yaml", "0" * 64, rules, [PlayerSpec(p, p.title()) for p in COMPANIES],
                        None, 1)
    def step(town: str) -> str:
        here = gmap.town_named(town)
        assert here is not None
        return min(n.label for n in gmap.neighbours(here.hex) if gmap.is_land(n))

    texts = {pid: orders_text(pid, s, f, step(s)) for pid, s, f in zip(COMPANIES, STARTS, FAR, strict=True)}
    size = sum(t.count("\n") for t in texts.values())
    reading, turning = [], []
    for _ in range(args.repeat):
        parse_orders.cache_clear()
        t0 = time.perf_counter()
        sections = {}
        for pid, text in texts.items():
            o = resolve(collect([parse_orders(text, f"{pid}.orders")]), gmap, companies=COMPANIES)
            assert not o.problems, o.problems[:3]
            sections[pid] = building_orders(o.sections[0], [])
        t1 = time.perf_counter()
        r = adjudicate_building_turn(replace(state), gmap, BuildingInput(state.turn, sections, {},
                                                                         dict.fromkeys(COMPANIES, 6)), None)
        t2 = time.perf_counter()
        reading.append(t1 - t0)
        turning.append(t2 - t1)
    judged = sum(len(o.verdicts) for o in r.outcomes)
    chosen = sum(1 for o in r.outcomes for line in o.lines if line.choice is not None)
    print(f"{len(COMPANIES)} companies, {size} lines in all: {MAX_CONDITIONS} IF lines ({MAX_DEPTH} deep), "
          f"{MAX_ORDERS} orders an outermost IF, {MAX_CHEAPEST} BUILD CHEAPEST each")
    print(f"conditions judged {judged}, cheapest lines chosen {chosen}, lines carried out "
          f"{sum(len(o.lines) for o in r.outcomes)}")
    print(f"read (parse, resolve) median {statistics.median(reading):.3f} s, max {max(reading):.3f} s")
    print(f"turn (building engine) median {statistics.median(turning):.3f} s, max {max(turning):.3f} s")
    both = [a + b for a, b in zip(reading, turning, strict=True)]
    print(f"both median {statistics.median(both):.3f} s ({args.repeat} runs)")


if __name__ == "__main__":
    main()
