"""Play many self-play games on every map, under every profile, with and without the advanced rules.

Run by hand::

    python bench/bench_selfplay.py                         # 32 games: one per map, profile and rules
    python bench/bench_selfplay.py --games 1000 --workers 2 --short
    python bench/bench_selfplay.py --games 64 --long       # to the money threshold (max 60 turns)

Each game is played by the seeded bots of ``tools/selfplay`` through the
GM's own commands, every invariant checked after every turn (balances equal
the ledger, money conserved, networks connected, nothing on water or across
a border against the rules, ferries within the map's limits, every die
verified, every report within 80 columns, every turn replayed to the same
state and report).  The cases cycle through 4 maps x 4 profiles x basic and
advanced rules, every other round of cases in German (the reports' widths
checked in both languages); each game has its own seed, 2 to 6 companies and
20 % of deliberately wrong order lines.  ``--short``: four building rounds and four
races (two racing turns); the default: the profile's own game with
``fixed_races=8``; ``--long``: the profile's own end.  Nothing here is a test;
the figures go into docs/hardening.md.  Exits 1 when any invariant broke or a
game did not end.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # tools/ (not installed); the package as installed

from tools.selfplay import play_game

MAPS = ("germany", "france", "usa-east", "usa-west")
PROFILES = ("schmidt", "paluba", "rr-postal", "buetehorn")
RULES = {"basic": (), "advanced": ("advanced=true",)}
LENGTHS = {"short": ("building_rounds=4", "races_per_turn=2", "fixed_races=4"),
           "normal": ("fixed_races=8",), "long": ()}


@dataclass(frozen=True)
class Case:
    number: int
    map_name: str
    profile: str
    rules: str
    players: int
    seed: str
    lang: str


@dataclass(frozen=True)
class Outcome:
    case: Case
    turns: int
    over: bool
    winner: str | None
    races: int
    special: int
    ferries: int
    secs: float
    breaks: tuple[str, ...]


def cases(games: int) -> list[Case]:
    rng = random.Random("bench-selfplay")
    out = []
    for n in range(games):
        k = n % (len(MAPS) * len(PROFILES) * len(RULES))
        map_name = MAPS[k % len(MAPS)]
        profile = PROFILES[k // len(MAPS) % len(PROFILES)]
        rules = tuple(RULES)[k // (len(MAPS) * len(PROFILES))]
        lang = "de" if n // (len(MAPS) * len(PROFILES) * len(RULES)) % 2 else "en"  # every other round of cases
        out.append(Case(n, map_name, profile, rules, rng.randint(2, 6), f"bench-{n}-{map_name}-{profile}-{rules}",
                        lang))
    return out


def play(args: tuple[Case, str]) -> Outcome:
    case, length = args
    with tempfile.TemporaryDirectory(prefix="selfplay-") as tmp:
        started = time.perf_counter()
        try:
            r = play_game(Path(tmp) / "g", case.map_name, profile=case.profile, players=case.players,
                          seed=case.seed, sets=LENGTHS[length] + RULES[case.rules], illegal=0.2, max_turns=60,
                          lang=case.lang)
        except Exception as exc:  # a crash is a finding, reported with the case, not a stopped benchmark
            return Outcome(case, 0, False, None, 0, 0, 0, time.perf_counter() - started,
                           (f"crashed: {type(exc).__name__}: {exc}",))
        secs = time.perf_counter() - started
    return Outcome(case, r.turns, r.over, r.winner, r.races, r.special_runs, r.ferries, secs, tuple(r.breaks))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=len(MAPS) * len(PROFILES) * len(RULES))
    parser.add_argument("--workers", type=int, default=1)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--short", action="store_const", const="short", dest="length")
    group.add_argument("--long", action="store_const", const="long", dest="length")
    parser.add_argument("--quiet", action="store_true", help="print only games that broke something")
    a = parser.parse_args()
    length = a.length or "normal"
    started = time.perf_counter()
    print(f"{'#':>5} {'map':9} {'profile':9} {'rules':8} {'la':2} {'pl':>2} {'turns':>5} {'winner':7} {'races':>5} "
          f"{'special':>7} {'ferries':>7} {'secs':>5}  breaks", flush=True)
    done: list[Outcome] = []
    with multiprocessing.Pool(a.workers) as pool:
        for o in pool.imap_unordered(play, [(c, length) for c in cases(a.games)]):
            done.append(o)
            bad = bool(o.breaks) or not o.over
            if bad or not a.quiet:
                c = o.case
                print(f"{c.number:5d} {c.map_name:9} {c.profile:9} {c.rules:8} {c.lang:2} {c.players:2d} {o.turns:5d} "
                      f"{o.winner or '-':7} {o.races:5d} {o.special:7d} {o.ferries:7d} {o.secs:5.1f}  "
                      f"{'; '.join(o.breaks[:2]) or ('ok' if o.over else 'not over')}", flush=True)
    broken = [o for o in done if o.breaks or not o.over]
    wall = time.perf_counter() - started
    turns = sum(o.turns for o in done)
    by = Counter((o.case.profile, o.case.rules) for o in done)
    langs = Counter(o.case.lang for o in done)
    print(f"\n{len(done)} games ({length}), {turns} turns, {sum(o.races for o in done)} races, "
          f"{sum(o.special for o in done)} special runs, {sum(o.ferries for o in done)} ferries bought; "
          f"{len(broken)} with a broken invariant or not over; {wall:.0f} s with {a.workers} workers "
          f"({sum(o.secs for o in done) / max(turns, 1):.2f} s per turn, checks included)")
    print("games per profile and rules: " + ", ".join(f"{p}/{r} {n}" for (p, r), n in sorted(by.items()))
          + "; per language: " + ", ".join(f"{k} {n}" for k, n in sorted(langs.items())))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
