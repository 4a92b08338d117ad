"""The strength of the Dampfross bots: one bot of a level against three of another, over many games.

Run by hand::

    python bench/bench_bots.py                        # 64 games, careful against three random
    python bench/bench_bots.py --games 400 --workers 2
    python bench/bench_bots.py --games 4 --short      # a smoke run (short games)

Each game has four companies; the bot measured (``--level``, default
``careful``) plays one seat, turn about RED, BLUE, GREEN, GOLD, and
``--against`` (default ``random``) the three others.  The cases cycle through
4 maps x 4 profiles x basic and advanced rules; each game is the profile's
own game (``--short``: four building rounds and four races), played through
the GM's own commands by ``tools/selfplay`` with every mail read first as
``adjudicate check`` reads it, and every company's section alone, as
``check`` reads a bot's archived file (``tools/selfplay/audit.py``).  It
prints the measured bot's share of wins with its 95 % Wilson interval, the
problems found in the mails, the refused sections per level (sections
``check`` alone would refuse: a problem, a section that does not count, an
order not carried out in full; every bot's, random ones included), and the
longest and mean time a bot took for one turn (its judgement by ``check``
included).  Nothing here is a test; the figures go into docs/bots.md.  Exits 1
when a mail had a problem or a refused section, or a game did not end.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # tools/ (not installed); the package as installed

from adjudicator.dampfross.bots import LEVELS, Level
from tools.selfplay import COMPANIES, play_game
from tools.selfplay.audit import Audit
from tools.stats import wilson

MAPS = ("germany", "france", "usa-east", "usa-west")
PROFILES = ("schmidt", "paluba", "rr-postal", "buetehorn")
RULES = {"basic": (), "advanced": ("advanced=true",)}
SHORT = ("building_rounds=4", "races_per_turn=2", "fixed_races=4")


@dataclass(frozen=True)
class Case:
    number: int
    map_name: str
    profile: str
    rules: str
    seat: str


@dataclass(frozen=True)
class Outcome:
    case: Case
    turns: int
    over: bool
    won: bool
    problems: int
    refused: int  # sections that do not count, and sections check alone would refuse
    sections: dict[str, int]  # per level: the sections checked alone
    refused_by: dict[str, int]  # per level: of them check alone would refuse
    incomplete: int  # the measured seat's sections check alone would refuse
    slowest: float  # seconds, the measured level's longest turn
    slowest_other: float
    secs: float
    mean: float
    found: tuple[str, ...]  # the first problems of the mails, and why the game stopped (a turn refused)


def cases(games: int) -> list[Case]:
    out = []
    for n in range(games):
        k = n % (len(MAPS) * len(PROFILES) * len(RULES))
        out.append(Case(n, MAPS[k % len(MAPS)], PROFILES[k // len(MAPS) % len(PROFILES)],
                        tuple(RULES)[k // (len(MAPS) * len(PROFILES))], COMPANIES[n % 4]))
    return out


def play(args: tuple[Case, Level, Level, bool]) -> Outcome:
    case, level, against, short = args
    audit = Audit()
    timing: list[tuple[str, float]] = []
    levels: dict[str, Level] = dict.fromkeys(COMPANIES[:4], against)
    levels[case.seat] = level
    sets = (SHORT if short else ()) + RULES[case.rules]
    with tempfile.TemporaryDirectory(prefix="bots-") as tmp:
        started = time.perf_counter()
        try:
            r = play_game(Path(tmp) / "g", case.map_name, profile=case.profile, players=4,
                          seed=f"bench-bots-{case.number}", sets=sets, check=False, run=audit, levels=levels,
                          timing=timing, max_turns=120, joint=False)
        except Exception as exc:  # a crash is a finding, reported with the case, not a stopped benchmark
            return Outcome(case, audit.mails, False, False, audit.problems, audit.refused, {}, {}, 0, 0.0, 0.0,
                           time.perf_counter() - started, 0.0, (f"crashed: {type(exc).__name__}: {exc!r}",))
        secs = time.perf_counter() - started
    mine = [t for pid, t in timing if pid == case.seat]
    others = [t for pid, t in timing if pid != case.seat]
    sections: Counter[str] = Counter()
    refused_by: Counter[str] = Counter()
    for pid, n in audit.sections.items():
        sections[levels[pid]] += n
        refused_by[levels[pid]] += audit.short_alone[pid]
    return Outcome(case, r.turns, r.over, r.winner == case.seat, audit.problems,
                   audit.refused + sum(refused_by.values()), dict(sections), dict(refused_by),
                   audit.short_alone[case.seat], max(mine, default=0.0), max(others, default=0.0), secs,
                   sum(mine) / max(1, len(mine)), tuple(audit.found) + tuple(r.breaks))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--level", choices=LEVELS, default="careful")
    parser.add_argument("--against", choices=LEVELS, default="random")
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--quiet", action="store_true", help="print only the summary and games with problems")
    a = parser.parse_args()
    started = time.perf_counter()
    print(f"{'#':>4} {'map':9} {'profile':9} {'rules':8} {'seat':5} {'turns':>5} {'won':3} {'probl':>5} "
          f"{'incmp':>5} {'slowest':>7} {'secs':>5}", flush=True)
    done: list[Outcome] = []
    with multiprocessing.Pool(a.workers) as pool:
        for o in pool.imap_unordered(play, [(c, a.level, a.against, a.short) for c in cases(a.games)]):
            done.append(o)
            if not a.quiet or o.problems or o.refused or not o.over:
                c = o.case
                print(f"{c.number:4d} {c.map_name:9} {c.profile:9} {c.rules:8} {c.seat:5} {o.turns:5d} "
                      f"{'yes' if o.won else 'no':3} {o.problems + o.refused:5d} {o.incomplete:5d} "
                      f"{o.slowest:7.3f} {o.secs:5.1f}  {'; '.join(o.found[:1])}", flush=True)
    n = len(done)
    wins = sum(o.won for o in done)
    low, high = wilson(wins, n)
    by_profile = Counter(o.case.profile for o in done if o.won)
    print(f"\n{a.level} against three {a.against}: {n} games ({'short' if a.short else 'the profiles own'}), "
          f"{sum(o.turns for o in done)} turns; {a.level} won {wins} = {wins / max(n, 1):.0%} "
          f"(95 % Wilson interval {low:.0%} to {high:.0%}); a seat by chance: 25 %")
    print("wins per profile: " + ", ".join(f"{p} {by_profile[p]}/{sum(o.case.profile == p for o in done)}"
                                           for p in PROFILES))
    print(f"problems in mails: {sum(o.problems for o in done)}, refused sections: {sum(o.refused for o in done)}, "
          f"games not over: {sum(not o.over for o in done)}")
    sections = sum((Counter(o.sections) for o in done), Counter())
    refused_by = sum((Counter(o.refused_by) for o in done), Counter())
    print("refused sections per level (each section checked alone, as check reads a bot's file): "
          + ", ".join(f"{lv} {refused_by[lv]} of {sections[lv]:,}" for lv in LEVELS if lv in sections))
    print(f"a bot's turn: {a.level} at most {max((o.slowest for o in done), default=0):.3f} s "
          f"(mean {sum(o.mean for o in done) / max(n, 1):.3f} s), {a.against} at most "
          f"{max((o.slowest_other for o in done), default=0):.3f} s; {time.perf_counter() - started:.0f} s "
          f"with {a.workers} workers")
    bad = any(o.problems or o.refused or not o.over for o in done)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
