"""Benchmark: bounded work for any order file (``adjudicate check`` in-process).

Plays a short game on the German map to turn 2, then checks hostile order
files against it and prints, for each, the time and the ratio of output to
input size.  Targets (issue 8): a 1 MB order file checked in under 2 s; the
output of any input at most a small multiple of its size.

    python bench/bench_orders.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ (not installed); the package as installed

from adjudicator.app.check import check_orders  # noqa: E402
from adjudicator.app.commands import start_game  # noqa: E402


def inputs(pw: str) -> dict[str, str]:
    head = f"GAME b\nTURN 1\nPLAYER RED PASSWORD {pw}\nSTART Berlin\n"
    line = "BUILD Berlin" + " - 1710" * 3000
    return {
        "1 MB of orders": head + "BUILD Berlin - 1812 - 1811\n" * (990_000 // 27),
        "1 MB of garbage lines": head + "BIULD 1710 - 1812 - 1811 - 1711 - 1712\n" * (990_000 // 39),
        "2 MB attachment": "PASS\n" * 400_000,
        "21 KB line": head + line + "\n",
        "256 KB line": head + "BUILD Berlin" + " - 1710" * 37_000 + "\n",
        "5000-digit numbers": head + ("TURN " + "7" * 5000 + "\n") * 10,
        "mixed mail": head + "Hallo,\n" * 200 + "BUILD Berlin - 1812\n" * 200 + "Grüße\n" * 200,
    }


def main() -> None:
    work = Path(tempfile.mkdtemp())
    os.chdir(work)
    start_game("b", "germany", "schmidt", ["RED:Rot", "BLUE:Blau"], "bench", "hmac", [], None, "bench")
    pw = dict(line.split() for line in Path("b/passwords.txt").read_text().splitlines())["RED"]
    print(f"{'input':24} {'size':>10} {'seconds':>8} {'output':>9} {'ratio':>6}")
    for name, text in inputs(pw).items():
        path = work / "in.orders"
        path.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        out, _ = check_orders([str(path)], "b", False)
        took = time.perf_counter() - start
        print(f"{name:24} {len(text):>10} {took:>8.2f} {len(out):>9} {len(out) / len(text):>6.3f}")


if __name__ == "__main__":
    main()
