"""Benchmark: the InterUrban notation fuzzer, generated and mutated move texts through ``parse_move``.

Each worker makes the three target positions (``tools.fuzz.interurban.make_targets``: the opening,
a game in its middle, one just before its end) and lets Hypothesis generate texts for them, each
judged: nothing raised, problems well formed and said within 80 columns in English and German,
every move read accepted by the rules, none slower than 5 s.  Target: 0 findings.

    python bench/bench_iu_fuzz.py [--inputs 20000] [--workers 2]

Prints the tally and every finding; exits 1 on any finding.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # tools/ (not installed); the package as installed

from tools.fuzz import in_workers
from tools.fuzz.interurban import Tally, fuzz, make_targets


def work(args: tuple[int, int]) -> Tally:
    """One worker: ``count`` texts shared between the targets, Hypothesis seeded by ``index``."""
    index, count = args
    total = Tally()
    targets = make_targets()
    for k, target in enumerate(targets):
        total.add(fuzz(target, count // len(targets) + (k < count % len(targets)), 1000 * index + k))
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    a = parser.parse_args()
    started = time.perf_counter()
    total = Tally()
    for part in in_workers(work, a.inputs, a.workers):
        total.add(part)
    wall = time.perf_counter() - started
    for code, start, detail in total.found:
        print(f"[{code}] {start!r}\n{detail}\n")
    print(f"{total.inputs} texts in {wall:.1f} s with {a.workers} workers ({total.inputs / wall:.0f}/s): "
          f"{total.moves} moves and {total.passes} PASS read, {total.refused} refused with problems, "
          f"{total.ahead} alternatives of moves sent ahead read")
    print(f"findings: {len(total.found) or 'none'}")
    return 1 if total.found else 0


if __name__ == "__main__":
    sys.exit(main())
