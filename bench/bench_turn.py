"""Benchmark: how long a turn takes, as the GM runs it, against the bare command.

Self-plays a game on the German map (four companies, the schmidt rules) to its
end or ``--turns`` (40) turns, then times, each as a fresh process of the installed
``adjudicate`` script (the median of several runs, on a fresh copy of the
game each time):

* ``adjudicate --version`` (the interpreter with the command line loaded),
* one building turn and one racing turn (``adjudicate run ORDERS``),
* ``adjudicate report --all``: every report of the game re-rendered from
  the archive.

Targets (issue 8 §6): a turn within 2x of ``--version``; the whole game's
reports within 5x of one turn; (issue 18) a turn within 2x of the interpreter
with the stack imported (``python -c 'import click, lark, jinja2, yaml'``).
Wall seconds and CPU seconds (user and system: other work on the shared
machine counts little) are shown.  Also shown: each turn against the interpreter
with the package a turn uses imported (``--version`` as it was when the target
was set; the command line now imports only what a command needs).  The cache on disk is used as a GM's runs use
it (warmed by one run first), and Python may write its bytecode (as ``pip
install`` does when it installs the wheel).

    python bench/bench_turn.py [--repeat N] [--turns 40]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ (not installed); the package as installed

import adjudicator  # noqa: E402
from adjudicator.postal.moves import MovesDir  # noqa: E402
from tools.selfplay import play_game  # noqa: E402

SCRIPT = str(Path(sys.executable).with_name("adjudicate"))


IMPORTED = [sys.executable, "-c", "import adjudicator.cli, adjudicator.dampfross.app.session, adjudicator.app.moverun"]
"""The interpreter with the package a turn runs on imported (click, Lark, Jinja, the engines, the reports, the one
session's run): what ``adjudicate --version`` cost when the issue was written, before the command line imported
lazily."""


STACK = [sys.executable, "-c", "import click, lark, jinja2, yaml"]
"""The stack the design chose, imported: the floor of a turn process (issue 18: a turn within 2x of it)."""

CPU: dict[float, float] = {}
"""The median CPU seconds (user and system) of each ``timed`` measurement, by its median wall time."""


def timed(args: list[str], env: dict[str, str], repeat: int, fresh: Path | None = None,
          game: Path | None = None, command: list[str] | None = None) -> float:
    """Median wall time of ``adjudicate ARGS`` or of ``command`` (with ``game`` restored from ``fresh`` before
    each run); its median CPU seconds are kept in ``CPU``."""
    times, cpu = [], []
    for _ in range(repeat):
        if fresh is not None and game is not None:
            shutil.rmtree(game, ignore_errors=True)
            shutil.copytree(fresh, game)
            os.sync()  # the copy on the disk first: a turn's fsync would write it out, on the turn's clock
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command or [SCRIPT, *args], env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(now.ru_utime - used.ru_utime + now.ru_stime - used.ru_stime)
    wall = statistics.median(times)
    CPU[wall] = statistics.median(cpu)
    return wall


def snapshot_before(game: Path, turn: int, into: Path) -> Path:
    """A copy of ``game`` as it stood before ``turn`` (by undoing the steps from its first on: each company's orders
    accepted, the turn), and that turn's orders."""
    shutil.copytree(game, into)
    orders = into.parent / f"{into.name}.orders"
    shutil.copy(game / "inbox" / f"turn{turn:03d}.orders", orders)
    folder = MovesDir(into)
    first = next(i for i, step in enumerate(folder.steps()) if folder.record(step).get("move") == turn)
    with folder.lock():
        while len(folder.steps()) > first:
            folder.undo()
    for aside in into.glob("archive/undone-*"):
        shutil.rmtree(aside)
    return orders


def phases_of(game: Path) -> dict[int, str]:
    """Each turn's phase (the state before it), by the turn's number."""
    import json

    folder = MovesDir(game)
    out = {}
    for step, record in folder.moves():
        if record.get("kind") in ("move", "missed"):
            before = json.loads((step / "game-before.json").read_text(encoding="utf-8"))
            out[int(record["move"])] = str(before["state"]["phase"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs per measurement (the median is shown)")
    parser.add_argument("--turns", type=int, default=40, help="the most turns self-played (racing begins about 18)")
    a = parser.parse_args()
    repeat = a.repeat
    work = Path(tempfile.mkdtemp(prefix="bench-turn-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["ADJUDICATE_CACHE"] = str(work / "cache")
    game = work / "game"
    record = play_game(game, "germany", players=4, seed="bench-turn", max_turns=a.turns, check=False)
    turn_phases = phases_of(game)
    phases = [turn_phases[t] for t in range(1, record.turns + 1)]
    building = 3
    racing = phases.index("racing") + 2 if "racing" in phases else None
    print(f"game: {record.turns} turns on germany, over={record.over}; "
          f"timing turn {building} (building) and turn {racing} (racing), median of {repeat}")
    editable = Path(adjudicator.__file__).resolve().is_relative_to(ROOT)
    print("the package: " + ("this checkout, an editable install (its import finder costs every import of the "
                             "package; a GM's `pip install .` does not pay it)" if editable else
                             f"installed in {Path(adjudicator.__file__).parent.parent}"))

    subprocess.run([SCRIPT, "--version"], env=env, check=True, stdout=subprocess.DEVNULL)
    version = timed(["--version"], env, repeat)
    imported = timed([], env, repeat, command=IMPORTED)
    stack = timed([], env, repeat, command=STACK)
    rows = [("adjudicate --version", version, None),
            ("python -c 'import ...cli, ...session, ...moverun'", imported, None),
            ("python -c 'import click, lark, jinja2, yaml'", stack, None)]
    for label, turn in (("building turn", building), ("racing turn", racing)):
        if turn is None:
            continue
        fresh = work / f"before-{turn}"
        orders = snapshot_before(game, turn, fresh)
        target = work / "run"
        args = ["run", str(orders), "--game", str(target)]
        timed(args, env, 1, fresh, target)  # warms the cache
        seconds = timed(args, env, repeat, fresh, target)
        rows.append((f"{label} {turn}", seconds, version))
        rows.append(("  the same", seconds, imported))
        rows.append(("  the same", seconds, stack))
    one_turn = max(t for _, t, base in rows if base is not None)
    reports = timed(["report", "--all", str(game)], env, max(1, repeat // 2))
    rows.append((f"report --all ({record.turns} turns)", reports, one_turn))

    cpu = CPU
    print(f"{'':48} {'wall s':>7} {'ratio':>7} {'CPU s':>7} {'ratio':>7}  (to)")
    for label, seconds, base in rows:
        ratio = f"{seconds / base:6.2f}x" if base else ""
        cpu_ratio = f"{cpu[seconds] / cpu[base]:6.2f}x" if base else ""
        to = "" if base is None else {version: "--version", imported: "the package imported",
                                      stack: "the stack imported"}.get(base, "slowest turn")
        print(f"{label:48} {seconds:7.3f} {ratio:>7} {cpu[seconds]:7.3f} {cpu_ratio:>7}  {to}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
