"""Benchmark: many pairs of concurrent runs of the same turn; one must win, the other refuse cleanly.

A game of the one session (``postal/moves.py: MovesDir``, issue 34): ``adjudicate FILE`` runs the turn through
``dampfross/app/session.py: SessionCommands.run``, which holds the game's lock from its reading of the file to
the session's run of the turn.

Before the lock (issue 8 §3), of 250 concurrent pairs 21 both exited 0, 12
crashed and 4 left the archive disagreeing with ``game.json``.  Each pair
here: a fresh two-company game on the test map, the same order file run by
two ``adjudicate`` processes started together.  A pair is right when one
exits 0, the other exits 1 with one ``error:`` line (no traceback) saying the
turn is adjudicated already or another run holds the game, the game stands at
turn 2 (turn 1 resolved once, no turn 2 without orders) with one step of turn 1
in its archive, and ``verify`` passes on the game afterwards.  ``tests/test_hardening_store.py`` runs 4 pairs
in CI.

    python bench/bench_concurrent.py [--pairs 250]

Prints the tally and every wrong pair; exits 1 on any.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from adjudicator.postal.moves import MovesDir

ROOT = Path(__file__).resolve().parent.parent
TINY = str(ROOT / "tests" / "data" / "tiny.yaml")
ENV = dict(os.environ, ADJUDICATE_LOCK_WAIT="3")


def adjudicate(*args: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "adjudicator", *args], cwd=cwd, env=ENV, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def one_pair(work: Path, k: int) -> str:
    """``ok``, or what went wrong."""
    subprocess.run([sys.executable, "-m", "adjudicator", "new", "g", "--map", TINY, "--player", "RED", "--player",
                    "BLUE", "--seed", f"pair-{k}"], cwd=work, env=ENV, check=True, capture_output=True)
    pw = MovesDir(work / "g").read_passwords()
    (work / "t1.orders").write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\n"
                                    f"BUILD Nordstadt - 0403 - 0404\nPLAYER BLUE PASSWORD {pw['BLUE']}\n"
                                    "START Nordstadt\nBUILD Nordstadt - 0502\n")
    pair = [adjudicate("t1.orders", cwd=work), adjudicate("t1.orders", cwd=work)]
    results = [(p.wait(), *p.communicate()) for p in pair]
    codes = sorted(code for code, _, _ in results)
    if codes != [0, 1]:
        return f"exit codes {codes}"
    loser = next(err for code, _, err in results if code == 1)
    if not loser.startswith("error: ") or "Traceback" in loser:
        return f"the loser said {loser[:120]!r}"
    if "already adjudicated" not in loser and "another adjudicate is working" not in loser:
        return f"the loser refused for another reason: {loser[:120]!r}"
    game = json.loads((work / "g" / "game.json").read_text(encoding="utf-8"))
    if game["state"]["turn"] != 2:
        return f"the game stands at turn {game['state']['turn']}, not 2"
    moves = [r for r in (work / "g" / "archive").glob("step-*/record.json")
             if json.loads(r.read_text(encoding="utf-8")).get("kind") == "move"]
    if len(moves) != 1:
        return f"{len(moves)} turn steps in the archive"
    verify = subprocess.run([sys.executable, "-m", "adjudicator", "verify", "g"], cwd=work, env=ENV,
                            capture_output=True, text=True)
    return "ok" if verify.returncode == 0 else f"verify failed: {verify.stdout[-200:]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=250)
    a = parser.parse_args()
    started = time.perf_counter()
    outcomes: Counter[str] = Counter()
    with tempfile.TemporaryDirectory(prefix="pairs-") as tmp:
        for k in range(a.pairs):
            work = Path(tmp) / f"p{k}"
            work.mkdir()
            outcome = one_pair(work, k)
            outcomes["ok" if outcome == "ok" else "wrong"] += 1
            if outcome != "ok":
                print(f"pair {k}: {outcome}", flush=True)
    print(f"{a.pairs} concurrent pairs: {outcomes['ok']} right (one ran, one refused cleanly, verify passed), "
          f"{outcomes['wrong']} wrong; {time.perf_counter() - started:.0f} s")
    return 1 if outcomes["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
