"""Every benchmark of ``bench/`` runs in CI in a smoke size, so that none rots unseen (issue 18: ``bench_routes``
had crashed since ``GameMap.is_home`` was removed, and the benches imported the checkout rather than the
installed package).

The figures are not looked at here (speed is never asserted in tests); each bench must run to its end, exit 0
and print its summary line.  A new bench must be added to ``SMOKE`` (the test of the table fails otherwise).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"

SMOKE: dict[str, tuple[list[str], str]] = {
    "bench_routes.py": (["3", "8"], "BEST searches: 18"),
    "bench_orders.py": ([], "1,000 nested messages"),
    "bench_turn.py": (["--repeat", "1", "--turns", "20"], "racing turn"),
    "bench_resident.py": (["--turns", "3"], "the games end the same: yes"),
    "bench_site.py": (["--turns", "3,6", "--repeat", "1"], "site, peak MiB"),
    "bench_length.py": (["--turns", "3,6", "--games", "3", "--repeat", "1"], "idle tick: 1 game"),
    "bench_walk.py": (["--turns", "24", "--window", "10", "--repeat", "1"], "the races from turn"),
    "bench_selfplay.py": (["--games", "1", "--short"], "0 with a broken invariant"),
    "bench_bots.py": (["--games", "2", "--short"], "problems in mails: 0, refused sections: 0, games not over: 0"),
    "bench_concurrent.py": (["--pairs", "1"], "1 right"),
    "bench_fuzz.py": (["--inputs", "5", "--workers", "1"], "findings: none"),
    "bench_mailfuzz.py": (["--mails", "10", "--workers", "1"], "findings: none"),
    "bench_hostile.py": (["--mails", "10", "--commands", "20", "--sizes", "small", "--limit", "120", "--kinds", "2"],
                         "each kind alone"),
    "bench_iu_selfplay.py": (["--games", "2", "--workers", "1"], "0 with a broken invariant"),
    "bench_iu_fuzz.py": (["--inputs", "6", "--workers", "1"], "findings: none"),
    "bench_iu_bots.py": (["--games", "3", "--workers", "1"], "bot moves refused: 0"),
    "bench_png.py": (["--maps", "germany", "--repeat", "1"], "renderers measured: pillow, resvg, shipped"),
    "bench_tick.py": (["--games", "4", "--distinct", "2", "--repeat", "1"], "mails: 4 answered"),
    "bench_conditional.py": (["--repeat", "1"], "conditions judged 108, cheapest lines chosen 60"),
}
"""Each bench's smoke arguments and a piece of the summary it prints."""


def test_every_bench_has_a_smoke_size():
    assert sorted(p.name for p in BENCH.glob("bench_*.py")) == sorted(SMOKE)


HYPOTHESIS = {"HYPOTHESIS_STORAGE_DIRECTORY": os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY")
              or str(BENCH.parent / ".hypothesis")}
"""Hypothesis's folder for the fuzz benches: the repository's, where the tests keep theirs, not one in each bench's
folder (Hypothesis's table of the characters UTF-8 encodes, made anew in each, was 1.5 of bench_fuzz's 2.5 CPU
seconds and two thirds of bench_iu_fuzz's)."""


@pytest.mark.parametrize("name", sorted(SMOKE))
def test_the_bench_runs_in_its_smoke_size(name: str, tmp_path: Path):
    args, summary = SMOKE[name]
    done = subprocess.run([sys.executable, str(BENCH / name), *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, env={**os.environ, **HYPOTHESIS})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert summary in done.stdout, done.stdout[-2000:]
