"""Fuzz the mail robot of every game: generated, mutated and hostile mails through a real ``tick`` of two games.

Run by hand: ``python bench/bench_mailfuzz.py [--mails 20000] [--workers 2] [--game both] [--hostile 0.1]
[--sizes small] [--budgets]``.  For each game (``tools/fuzz/mailgames.py``: ``dampfross``, the example of
``examples/postal``; ``interurban``, a new game of three colours) each worker sets up two games by mail in a
temporary folder and pushes its share of the mails (``tools/fuzz/mail.py``; the mails of ``tools/fuzz/mails.py``,
a share of them hostile, the kinds in turn, at the ``small`` sizes or the issue's ``full`` ones).  Judged always:
no traceback, no fault, no tick over 20 s, no change a mail may not make, nothing about a company to an address
that is not its own; with ``--budgets`` (or ``tools.fuzz.mail.BUDGETS``) also one reply per mail, no accepted
orders voided, 80 columns, no raw control characters.  Prints the figures a game and writes the findings to
``mailfuzz-findings-GAME.txt``; exit 1 when there are any.
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
from tools.fuzz.mail import BUDGETS, MailTally, fuzz_mail  # noqa: E402
from tools.fuzz.mailgames import GAMES, mail_target  # noqa: E402
from tools.fuzz.mails import FULL, SMALL  # noqa: E402


def work(args: tuple[int, int], game: str, hostile: float, full: bool, budgets: bool) -> MailTally:
    index, count = args
    with tempfile.TemporaryDirectory(prefix=f"mailfuzz-{game}-{index}-") as tmp:
        target = mail_target(game, Path(tmp), budgets=budgets)
        return fuzz_mail(target, count, 7919 * (index + 1), hostile, FULL if full else SMALL)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=20_000, help="mails a game")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", choices=(*sorted(GAMES), "both"), default="both")
    parser.add_argument("--hostile", type=float, default=0.1, help="the share of hostile mails")
    parser.add_argument("--sizes", choices=("small", "full"), default="small", help="the hostile mails' sizes")
    parser.add_argument("--budgets", action="store_true", default=BUDGETS, help="judge the budgets too")
    a = parser.parse_args()
    found = False
    for game in sorted(GAMES) if a.game == "both" else [a.game]:
        started = time.perf_counter()
        parts = in_workers(partial(work, game=game, hostile=a.hostile, full=a.sizes == "full", budgets=a.budgets),
                           a.mails, a.workers)
        total = MailTally()
        for part in parts:
            total.add(part)
        elapsed = time.perf_counter() - started
        each = 1000 * elapsed * a.workers / max(1, total.mails)
        hostile = total.mails - total.kinds["random"]
        print(f"{game}: mails {total.mails} ({hostile} hostile, {a.sizes}) in {elapsed:.0f} s ({a.workers} workers, "
              f"{each:.0f} ms each); answered {total.answered}, mails queued {total.outgoing}; slowest tick "
              f"{total.slowest:.2f} s; budgets {'judged' if a.budgets else 'not judged'}")
        print(f"{game}: {total.summary()}")
        if total.found:
            found = True
            text = "\n\n".join(f"[{f.code}, {f.kind}]\n{f.detail}" for f in total.found)
            Path(f"mailfuzz-findings-{game}.txt").write_text(text + "\n", encoding="utf-8")
            print(text[:3000])
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
