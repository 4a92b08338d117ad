"""Benchmark: generated and mutated order files through ``check`` and the turn (issue 8 §5).

Each worker process sets up its own games (``tools.fuzz.make_targets``: the
German map in building and in racing) and lets Hypothesis generate order
files for them (``tools.fuzz.order_files``), each pushed through ``check``
and then the turn, which is undone again when it ran.  Findings: a
traceback, a hang (over 20 s), a refused turn that changed the game
directory, an undo that did not restore ``game.json``.  Target: 0 of each
in 100,000 inputs.

    python bench/bench_fuzz.py [--inputs 100000] [--workers 2] [--light]

``--light`` pushes each input through the dry-run turn only (reading, the
engines, the reports; nothing written, no check, no undo): the order
language at several times the pace.

Prints the tally and every finding (also written to ``fuzz-findings.txt``
in the working directory when there are any); exits 1 on any finding.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ (not installed); the package as installed

from tools.fuzz import Tally, fuzz, in_workers, make_targets  # noqa: E402

LIGHT = False
"""``--light``: each input through the dry-run turn only (``Target.push_light``), not check, commit and undo."""


def work(args: tuple[int, int]) -> Tally:
    """One worker: ``count`` inputs shared between its targets, Hypothesis seeded by ``index``."""
    index, count = args
    total = Tally()
    with tempfile.TemporaryDirectory(prefix=f"fuzz-{index}-") as tmp:
        targets = make_targets(Path(tmp))
        for k, target in enumerate(targets):
            total.add(fuzz(target, count // len(targets) + (k < count % len(targets)), 1000 * index + k, LIGHT))
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--light", action="store_true", help="the dry-run turn only (no check, commit, undo)")
    a = parser.parse_args()
    global LIGHT
    LIGHT = a.light
    started = time.perf_counter()
    parts = in_workers(work, a.inputs, a.workers)
    total = Tally()
    for part in parts:
        total.add(part)
    elapsed = time.perf_counter() - started
    kinds: dict[str, int] = {}
    for f in total.found:
        kinds[f.code.value] = kinds.get(f.code.value, 0) + 1
    each = 1000 * elapsed * a.workers / max(1, total.inputs)
    print(f"inputs {total.inputs} in {elapsed:.0f} s ({a.workers} workers, {each:.0f} ms each)")
    print(f"checks refused cleanly {total.checks_refused}; turns run and undone {total.turns_run}, "
          f"refused cleanly {total.turns_refused}; slowest check or turn {total.slowest:.2f} s")
    print("findings: " + (", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"))
    if total.found:
        text = "\n\n".join(f"[{f.code.value} in {f.stage}]\n{f.detail}" for f in total.found)
        Path("fuzz-findings.txt").write_text(text + "\n", encoding="utf-8")
        print(text[:5000])
    return 1 if total.found else 0


if __name__ == "__main__":
    sys.exit(main())
