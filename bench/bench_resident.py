"""Benchmark: a bot's game run by one ``adjudicate`` process per turn, and by one resident process (issue 18).

The seeded bots of ``tools/selfplay`` play the same game three times (the
German map, four companies, ``--turns`` turns of the schmidt rules with
``fixed_races=400``): each turn by a new ``adjudicate run`` process, by one
``adjudicate resident`` process fed a command line a turn, and in this
process (``run_turn``; this row's CPU seconds include the bots').  Shown: the CPU seconds (user and system)
of the adjudicating processes, the wall time, and the turns per CPU second;
the three games must give the same reports byte for byte, or the bench
exits 1.  Invariants are not checked here (self-play
and its bench do that); the bots' own work is not counted.

    python bench/bench_resident.py [--turns 30]
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ (not installed); the package as installed

from adjudicator.kernel.errors import AdjudicatorError  # noqa: E402
from tools.selfplay import play_game, run_here  # noqa: E402

SCRIPT = str(Path(sys.executable).with_name("adjudicate"))


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def one_process_per_turn(directory: Path, orders: str) -> None:
    done = subprocess.run([SCRIPT, "run", orders, "--game", "."], cwd=directory, capture_output=True, text=True)
    if done.returncode:
        raise AdjudicatorError(done.stderr.strip())


class Resident:
    """One ``adjudicate resident`` process for a game, started in its directory with the first turn."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None

    def __call__(self, directory: Path, orders: str) -> None:
        if self.process is None:
            self.process = subprocess.Popen([SCRIPT, "resident"], cwd=directory, text=True, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"run {shlex.quote(orders)} --game .\n")
        self.process.stdin.flush()
        while not (line := self.process.stdout.readline()).startswith(".exit "):
            if not line:
                raise AdjudicatorError("the resident process ended")
        if line.split()[1] != "0":
            raise AdjudicatorError(f"the resident process: {line.strip()}")

    def close(self) -> None:
        if self.process is not None:
            self.process.communicate("")


def fingerprint(game: Path) -> str:
    """The SHA-256 of every report (game.json holds salted password hashes, different in every game)."""
    files = sorted((game / "reports").glob("*.txt"))
    return hashlib.sha256(b"".join(p.read_bytes() for p in files)).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=30)
    turns = parser.parse_args().turns
    work = Path(tempfile.mkdtemp(prefix="bench-resident-"))
    resident = Resident()
    modes: list[tuple[str, Callable[[Path, str], None]]] = [
        ("one process per turn", one_process_per_turn), ("one resident process", resident),
        ("in this process, bots too", run_here)]
    rows, prints = [], set()
    for label, run in modes:
        cpu, wall, own = children_cpu(), time.perf_counter(), time.process_time()
        record = play_game(work / label.replace(" ", "-") / "game", "germany", players=4, seed="bench-resident",
                           sets=("fixed_races=400",), max_turns=turns, check=False, run=run)
        if run is resident:
            resident.close()
        seconds = children_cpu() - cpu if run is not run_here else time.process_time() - own
        rows.append((label, record.turns, seconds, time.perf_counter() - wall, record.breaks))
        prints.add(fingerprint(work / label.replace(" ", "-") / "game"))
    print(f"{'':24} {'turns':>5} {'CPU s':>7} {'wall s':>7} {'turns/CPU s':>11}")
    for label, n, seconds, wall, _ in rows:
        print(f"{label:24} {n:5d} {seconds:7.2f} {wall:7.2f} {n / seconds:11.1f}")
    same = len(prints) == 1 and not any(breaks for *_, breaks in rows)
    print(f"the games end the same: {'yes' if same else 'NO'}; resident vs one process per turn: "
          f"{rows[0][2] / rows[1][2]:.1f}x fewer CPU seconds")
    shutil.rmtree(work, ignore_errors=True)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
