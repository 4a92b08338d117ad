"""Benchmark: ``adjudicate site`` over games of growing length (issue 18): time and peak memory.

Self-plays one game on the German map (four companies, the schmidt rules,
``fixed_races=400`` so that it does not end) to the longest length asked for
and takes the shorter games from it by ``undo`` (as ``bench_length.py``
does).  Then, each as a fresh process of the installed ``adjudicate``
script, ``adjudicate site GAME OUT`` on each length: its CPU seconds (user
and system, the median of several runs) and its peak resident memory (the
process's own ``ru_maxrss``, from ``os.wait4``), first with no race routes
in the cache (every racing turn replayed for them, as a first site is
made), then again with the routes cached (as a site made after every
turn finds all but the newest turn's).  Printed: the exponent
``k`` of ``time ~ turns^k`` between the shortest and the longest game after
the site's own start-up (a site of the game before its first turn) is taken
off (and, as before, only ``adjudicate --version``'s, which counts the
site's imports as work and flatters ``k``), and the longest game's peak
memory against the shortest's.

Targets (issue 18): ``k <= 1.1`` from 10 to 100 turns; peak memory flat in
the game's length.  The figures go into docs/pictures.md.

    python bench/bench_site.py [--turns 10,40,100] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ (not installed); the package as installed
sys.path.append(str(ROOT / "bench"))

from bench_length import SCRIPT, exponent, length_games, median_cpu, shortened, workspace  # noqa: E402


def site_run(game: Path, out: Path, env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds and peak memory (MiB) of one ``adjudicate site GAME OUT`` (OUT removed first)."""
    shutil.rmtree(out, ignore_errors=True)
    proc = subprocess.Popen([SCRIPT, "site", str(game), str(out)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"adjudicate site {game} failed with status {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", default="10,40,100", help="game lengths, comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (the median is shown)")
    a = parser.parse_args()
    lengths = sorted(int(n) for n in a.turns.split(","))
    work, env = workspace("bench-site-")
    games, full = length_games(lengths, work)
    print(f"CPU seconds and peak memory, median of {a.repeat}")
    startup = median_cpu([SCRIPT, "--version"], env, a.repeat)
    print(f"adjudicate --version: {startup:.3f} s")
    opening = shortened(full, 0, work / "game-0")
    site_run(opening, work / "site", env)
    own = statistics.median(site_run(opening, work / "site", env)[0] for _ in range(a.repeat))
    print(f"site of the game before its first turn (the site's own start-up): {own:.3f} s")
    rows: dict[str, list[float]] = {"site, CPU s": [], "site, peak MiB": [], "again, CPU s": [],
                                    "again, peak MiB": [], "site folder, MiB": []}
    for n, game in games.items():
        site_run(game, work / "site", env)  # warms the grammar's and the templates' cache
        cold = []
        for _ in range(a.repeat):
            for kept in (work / "cache").rglob("site-routes-*"):
                kept.unlink()  # a first site: every racing turn replayed for its routes
            cold.append(site_run(game, work / "site", env))
        warm = [site_run(game, work / "site", env) for _ in range(a.repeat)]
        for label, runs in (("site", cold), ("again", warm)):
            rows[f"{label}, CPU s"].append(statistics.median(r[0] for r in runs))
            rows[f"{label}, peak MiB"].append(statistics.median(r[1] for r in runs))
        written = sum(p.stat().st_size for p in (work / "site").rglob("*") if p.is_file())
        rows["site folder, MiB"].append(written / 2**20)
        print(f"  {n} turns done", flush=True)
    print(f"{'turns':18}" + "".join(f"{n:>9}" for n in lengths))
    for label, values in rows.items():
        if "CPU" in label:
            k = exponent((lengths[0], values[0]), (lengths[-1], values[-1]), own)
            k_version = exponent((lengths[0], values[0]), (lengths[-1], values[-1]), startup)
            tail = f"   k = {k:.2f} (with only --version's start-up taken off: {k_version:.2f})"
        elif "peak" in label:
            tail = f"   {values[-1] / values[0]:.2f}x"
        else:
            tail = ""
        print(f"{label:18}" + "".join(f"{v:9.2f}" for v in values) + tail)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
