"""Fuzz the mail robot: generated and mutated MIME mails through a real ``tick`` of two postal games.

Run by hand: ``python bench/bench_mailfuzz.py [--mails 20000] [--workers 2] [--play interurban]``.  Each
worker sets up the two games of ``examples/postal`` (or two InterUrban games, ``tools/fuzz/movesmail.py``) in a
temporary folder and pushes its share of mails (``tools/fuzz/mail.py``):
no traceback, no fault, no game stopped, no change but an address or a password, every text sent within 80
columns, nothing about a company to an address that is not its own.  Prints the figures and writes the
findings to ``mailfuzz-findings.txt``; exit 1 when there are any.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ and tests/ (not installed); the package as installed

from tools.fuzz import in_workers  # noqa: E402
from tools.fuzz.mail import MailTally, MailTarget, fuzz_mail  # noqa: E402
from tools.fuzz.movesmail import MovesTarget  # noqa: E402


def work(args: tuple[int, int], play: str = "dampfross") -> MailTally:
    index, count = args
    with tempfile.TemporaryDirectory(prefix=f"mailfuzz-{index}-") as tmp:
        target = MovesTarget(Path(tmp)) if play == "interurban" else MailTarget(Path(tmp))
        return fuzz_mail(target, count, 7919 * (index + 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--play", choices=("dampfross", "interurban"), default="dampfross")
    a = parser.parse_args()
    started = time.perf_counter()
    parts = in_workers(partial(work, play=a.play), a.mails, a.workers)
    total = MailTally()
    for part in parts:
        total.add(part)
    elapsed = time.perf_counter() - started
    kinds: dict[str, int] = {}
    for f in total.found:
        kinds[f.code] = kinds.get(f.code, 0) + 1
    each = 1000 * elapsed * a.workers / max(1, total.mails)
    print(f"mails {total.mails} in {elapsed:.0f} s ({a.workers} workers, {each:.0f} ms each); answered "
          f"{total.answered}, mails queued {total.outgoing}; slowest tick {total.slowest:.2f} s")
    print("findings: " + (", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"))
    if total.found:
        text = "\n\n".join(f"[{f.code}]\n{f.detail}" for f in total.found)
        Path("mailfuzz-findings.txt").write_text(text + "\n", encoding="utf-8")
        print(text[:5000])
    return 1 if total.found else 0


if __name__ == "__main__":
    sys.exit(main())
