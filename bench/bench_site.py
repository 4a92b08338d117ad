"""Benchmark: ``adjudicate site`` over games of growing length (issue 18): time and peak memory.

Self-plays one game on the German map (four companies, the schmidt rules,
``fixed_races=400`` so that it does not end) to the longest length asked for
and takes the shorter games from it by ``undo`` (as ``bench_length.py``
does).  Then, each as a fresh process of the installed ``adjudicate``
script, ``adjudicate site GAME OUT`` on each length: its CPU seconds (user
and system, the median of several runs) and its peak resident memory (the
process's own ``ru_maxrss``, from ``os.wait4``).  Printed: the exponent
``k`` of ``time ~ turns^k`` between the shortest and the longest game after
the start-up (``adjudicate --version``) is taken off, and the longest game's
peak memory against the shortest's.

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

from bench_length import SCRIPT, exponent, length_games, median_cpu, workspace  # noqa: E402


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
    games, _ = length_games(lengths, work)
    print(f"CPU seconds and peak memory, median of {a.repeat}")
    startup = median_cpu([SCRIPT, "--version"], env, a.repeat)
    print(f"adjudicate --version: {startup:.3f} s")
    seconds, peaks, sizes = [], [], []
    for n, game in games.items():
        site_run(game, work / "site", env)  # warms the cache
        runs = [site_run(game, work / "site", env) for _ in range(a.repeat)]
        seconds.append(statistics.median(r[0] for r in runs))
        peaks.append(statistics.median(r[1] for r in runs))
        sizes.append(sum(p.stat().st_size for p in (work / "site").rglob("*") if p.is_file()) / 2**20)
        print(f"  {n} turns done", flush=True)
    k = exponent((lengths[0], seconds[0]), (lengths[-1], seconds[-1]), startup)
    print(f"{'turns':18}" + "".join(f"{n:>9}" for n in lengths))
    print(f"{'site, CPU s':18}" + "".join(f"{t:9.2f}" for t in seconds) + f"   k = {k:.2f}")
    print(f"{'site, peak MiB':18}" + "".join(f"{m:9.1f}" for m in peaks) + f"   {peaks[-1] / peaks[0]:.2f}x")
    print(f"{'site folder, MiB':18}" + "".join(f"{m:9.1f}" for m in sizes))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
