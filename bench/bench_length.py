"""Benchmark: how whole-game commands, a turn and the cron tick grow with the length of a game (issue 18).

Self-plays one game on the German map (four companies, the schmidt rules,
``fixed_races=400`` so that it does not end) to the longest length asked
for, and takes the shorter games from it by ``undo``.  Then, each as a fresh
process of the installed ``adjudicate`` script (the median of several runs,
CPU seconds of the process, user and system, so that other work on the
machine counts little):

* ``adjudicate verify`` and ``adjudicate report --all`` on each length and
  on the game before its first turn, the exponent ``k`` of ``time ~ turns^k``
  between the shortest and the longest game after the command's start-up
  (its time on the game of no turns) is taken off, and the time each turn
  added between one length and the next (a racing turn costs several times
  a building turn, so ``k`` over lengths of both phases is more than 1 even
  when every turn of a phase costs the same: ``--turns 10,21,40,60,80,100``
  shows each phase; the network also grows while the races are run);
* a turn's work in the process (``run_turn``, in this process: orders read,
  adjudicated, reported, archived) at turn 3 and at the last turn, and at the
  first turn of the racing phase (so that the growth with the game's length
  is seen apart from the phases: a racing turn searches routes and runs
  races, which a building turn does not); each run on a fresh copy of the
  game written to the disk before the clock starts;
* the size of each game directory and of the last turn's archive folder;
* an idle ``adjudicate tick`` (a postal game, its deadline far away, nothing
  in the mailbox) over one game and over ``--games`` copies of it, and over
  the longest game.

Targets (issue 18): verify and report --all linear (``k <= 1.1`` from 10 to
100 turns); the last turn's work within 1.5x turn 3's; an idle tick over 50
games within 2x an idle tick over one.  The figures go into docs/speed.md.

    python bench/bench_length.py [--turns 10,40,100] [--games 50] [--repeat 3]
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ (not installed); the package as installed

from adjudicator.postal.moves import MovesDir  # noqa: E402
from tools.selfplay import back_to, play_game, run_here, state_now  # noqa: E402

SCRIPT = str(Path(sys.executable).with_name("adjudicate"))
FAR = "2099-01-01 18:00"
MAIL_TOML = 'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = "maildir"\n'


def cpu_of(command: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user and system) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_cpu(command: list[str], env: dict[str, str], repeat: int) -> float:
    return statistics.median(cpu_of(command, env) for _ in range(repeat))


def in_process(work: Callable[[], object]) -> float:
    """CPU seconds of this process spent in ``work``."""
    start = time.process_time()
    work()
    return time.process_time() - start


def shortened(game: Path, turns: int, into: Path) -> Path:
    """A copy of ``game`` as it stood after ``turns`` turns (the later ones undone, their archives removed)."""
    shutil.copytree(game, into)
    back_to(into, turns + 1)
    return into


def workspace(prefix: str) -> tuple[Path, dict[str, str]]:
    """A fresh folder and the environment of the ``adjudicate`` processes (their own cache inside the folder;
    Python may write its bytecode, as an installed package has it)."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["ADJUDICATE_CACHE"] = os.environ["ADJUDICATE_CACHE"] = str(work / "cache")
    return work, env


def length_games(lengths: list[int], work: Path) -> tuple[dict[int, Path], Path]:
    """One game self-played on the German map to the longest of ``lengths`` (four companies, schmidt rules,
    ``fixed_races=400`` so that it does not end), the shorter games taken from it: each length's game folder,
    and the longest game's."""
    started = time.perf_counter()
    full = work / "full"
    record = play_game(full, "germany", players=4, seed="bench-length", sets=("fixed_races=400",),
                       max_turns=lengths[-1], check=False)
    print(f"game: {record.turns} turns on germany (fixed_races=400), played in {time.perf_counter() - started:.1f} s")
    return {n: shortened(full, n, work / f"game-{n}") if n < record.turns else full for n in lengths}, full


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def exponent(short: tuple[int, float], long: tuple[int, float], startup: float) -> float:
    (n1, t1), (n2, t2) = short, long
    return math.log(max(t2 - startup, 1e-6) / max(t1 - startup, 1e-6)) / math.log(n2 / n1)


def turn_work(game: Path, turn: int, work: Path, repeat: int) -> float:
    """Median CPU seconds of running turn ``turn`` again in this process, on a fresh copy each time."""
    before = shortened(game, turn - 1, work / f"before-{turn}")
    orders = game / "inbox" / f"turn{turn:03d}.orders"
    times = []
    for k in range(repeat + 1):
        target = work / f"run-{turn}-{k}"
        shutil.copytree(before, target)
        shutil.copy(orders, target / "inbox" / orders.name)
        os.sync()  # the copy on the disk first: the turn's first fsync would write it out, on the turn's clock
        with contextlib.chdir(target):
            seconds = in_process(lambda: run_here(Path("."), f"inbox/{orders.name}"))
        if k:  # the first run warms the caches
            times.append(seconds)
        shutil.rmtree(target)
    return statistics.median(times)


def first_racing_turn(game: Path) -> int | None:
    """The first turn of ``game`` played in the racing phase (the turn after building ended), if any."""
    ended = state_now(game).building_ended_turn
    return None if ended is None else ended + 1


def postal(game: Path, env: dict[str, str]) -> None:
    """Make ``game`` a postal game: a deadline far away, an empty Maildir; one tick queues what is due."""
    for sub in ("new", "cur", "tmp"):
        (game / "maildir" / sub).mkdir(parents=True, exist_ok=True)
    (game / "mail.toml").write_text(MAIL_TOML, encoding="utf-8")
    (game / "mail.toml").chmod(0o600)
    subprocess.run([SCRIPT, "deadline", "set", str(game), "--due", FAR, "--zone", "UTC", "--why", "bench"],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([SCRIPT, "tick", str(game)], env=env, stdout=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", default="10,40,100", help="game lengths, comma-separated")
    parser.add_argument("--games", type=int, default=50, help="games of the idle tick over many")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (the median is shown)")
    a = parser.parse_args()
    lengths = sorted(int(n) for n in a.turns.split(","))
    work, env = workspace("bench-length-")
    games, full = length_games(lengths, work)
    print(f"CPU seconds, median of {a.repeat}")
    cpu_of([SCRIPT, "--version"], env)
    startup = median_cpu([SCRIPT, "--version"], env, a.repeat)
    print(f"adjudicate --version: {startup:.3f} s")
    opening = shortened(full, 0, work / "game-0")
    os.sync()
    rows: dict[str, list[float]] = {"verify": [], "report --all": []}
    for game in [opening, *games.values()]:
        cpu_of([SCRIPT, "verify", str(game)], env)  # warms the cache
        rows["verify"].append(median_cpu([SCRIPT, "verify", str(game)], env, a.repeat))
        rows["report --all"].append(median_cpu([SCRIPT, "report", "--all", str(game)], env, a.repeat))
    print(f"{'turns':14}" + "".join(f"{n:>9}" for n in [0, *lengths]) + f"{'k':>7}{'k (-v)':>8}")
    for label, times in rows.items():
        k = exponent((lengths[0], times[1]), (lengths[-1], times[-1]), times[0])
        k_version = exponent((lengths[0], times[1]), (lengths[-1], times[-1]), startup)
        print(f"{label:14}" + "".join(f"{t:9.3f}" for t in times) + f"{k:7.2f}{k_version:8.2f}")
    print("  k: the exponent with the command's own start-up (its time on a game of no turns) taken off;\n"
          "  k (-v): with only --version's taken off (the command's imports then count as work, which flatters k)")
    ends = [0, *lengths]
    for label, times in rows.items():
        added = pairwise(zip(ends, times, strict=True))
        print(f"  {label}, ms a turn added:" + "".join(
            f"  {a + 1}-{b}: {(tb - ta) / (b - a) * 1000:.1f}" for (a, ta), (b, tb) in added))
    print(f"{'game dir, KB':14}" + "".join(f"{size(g) // 1024:9d}" for g in games.values()))
    last = {n: max((p for p, r in MovesDir(g).moves() if r.get("kind") == "move"), key=lambda p: p.name)
            for n, g in games.items()}  # the turn's step (the companies' orders are steps of their own)
    print(f"{'last turn, KB':14}" + "".join(f"{size(p) // 1024:9d}" for p in last.values()))
    early, late = 3, lengths[-1]
    t_early, t_late = turn_work(full, early, work, a.repeat), turn_work(full, late, work, a.repeat)
    print(f"turn work in the process: turn {early} {t_early * 1000:.1f} ms, turn {late} {t_late * 1000:.1f} ms "
          f"({t_late / t_early:.2f}x)")
    first = first_racing_turn(full)
    if first is not None and first < late:
        t_first = turn_work(full, first, work, a.repeat)
        print(f"  in the racing phase: its first turn ({first}) {t_first * 1000:.1f} ms, turn {late} "
              f"{t_late * 1000:.1f} ms ({t_late / t_first:.2f}x)")
    one = games[lengths[0]]
    postal(one, env)
    many = [str(one)]
    for k in range(1, a.games):
        shutil.copytree(one, work / f"copy-{k}")
        many.append(str(work / f"copy-{k}"))
    longest = games[lengths[-1]]
    postal(longest, env)
    cpu_of([SCRIPT, "tick", str(one)], env)
    tick_one = median_cpu([SCRIPT, "tick", str(one)], env, a.repeat)
    tick_many = median_cpu([SCRIPT, "tick", *many], env, a.repeat)
    tick_long = median_cpu([SCRIPT, "tick", str(longest)], env, a.repeat)
    print(f"idle tick: 1 game {tick_one:.3f} s, {a.games} games {tick_many:.3f} s ({tick_many / tick_one:.2f}x), "
          f"1 game of {lengths[-1]} turns {tick_long:.3f} s")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
