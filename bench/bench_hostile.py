"""Benchmark: what hostile mail costs a game by mail, for every game (issue 24's budgets).

For each game of the mail fuzzer (``tools/fuzz/mailgames.py``: ``dampfross``, the example of
``examples/postal``; ``interurban``, a new game of three colours), each as a fresh process of the installed
``adjudicate`` script on a fresh copy of the game:

* **a flood**: one ``adjudicate tick`` of the game with ``--mails`` hostile mails in its Maildir, the kinds of
  ``tools/fuzz/mails.py`` in turn at the issue's sizes (forged From headers, 45 attachments of 12 wrong
  passwords, 2,000 command lines, 1,000 PASSWORD RESET lines, a 100 KB MAP argument, SET ADDRESS to a third
  party, auto-replies, control characters, greetings and sign-offs, spam).  Target: <= 5 s for 1,000 mails.
  A tick still running after ``--limit`` seconds is stopped; how many mails it had answered by then is shown;
* **one mail of commands**: one tick of the game with one mail of ``--commands`` command lines: the replies it
  queued (target: one);
* **each kind alone**: one tick with one mail of each hostile kind (the first ``--kinds`` of them): its seconds and
  the replies it queued.

Prints the figures (replies: new outgoing mails that are not the game clock's, as ``tools/fuzz/mail.py``
counts them).

    python bench/bench_hostile.py [--mails 1000] [--commands 2000] [--limit 300] [--game both] [--sizes full]
                                  [--kinds N]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ and tests/ (not installed); the package as installed

from tools.fuzz.mail import CLOCK, MailTarget  # noqa: E402
from tools.fuzz.mailgames import GAMES, mail_target  # noqa: E402
from tools.fuzz.mails import FULL, KINDS, SMALL, hostile, hostile_mix  # noqa: E402

SCRIPT = str(Path(sys.executable).with_name("adjudicate"))


def tick(target: MailTarget, limit: float) -> tuple[float, bool]:
    """One ``adjudicate tick`` of the target's first game: wall seconds, and whether it ended within ``limit``."""
    game = target.games[0]
    os.sync()  # the mails delivered and the game copied reach the disk first: a GM's mailbox is written before
    start = time.perf_counter()  # the tick, and the tick's one sync would write them out on its clock
    try:
        subprocess.run([SCRIPT, "tick", str(game), "--now", target.game.when.isoformat()], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=limit)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, False
    return time.perf_counter() - start, True


def outgoing(target: MailTarget, old: frozenset[str] = frozenset()) -> tuple[int, int, int]:
    """Mails queued in the first game's outbox but those named ``old``: all, the replies, and the most replies to
    one address."""
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in (target.games[0] / "mail" / "outbox").glob("*.json")
            if p.name not in old]
    replies = [d for d in docs if d.get("kind") not in CLOCK]
    per_address = Counter(str(a).lower() for d in replies for a in d.get("to", []))
    return len(docs), len(replies), max(per_address.values(), default=0)


def answered(target: MailTarget) -> int:
    """Mails of the inbox with a receipt (answered, or set aside as not to be answered)."""
    return len(list((target.games[0] / "mail" / "inbox").glob("*/receipt.json")))


def restored(target: MailTarget) -> MailTarget:
    target._restore()
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=1000, help="hostile mails in the flood")
    parser.add_argument("--commands", type=int, default=2000, help="command lines of the one mail")
    parser.add_argument("--limit", type=float, default=300.0, help="seconds a tick may run before it is stopped")
    parser.add_argument("--game", choices=(*sorted(GAMES), "both"), default="both")
    parser.add_argument("--sizes", choices=("small", "full"), default="full", help="the hostile mails' sizes")
    parser.add_argument("--kinds", type=int, default=len(KINDS), help="how many kinds are ticked alone (all)")
    a = parser.parse_args()
    sizes = FULL if a.sizes == "full" else SMALL
    for name in sorted(GAMES) if a.game == "both" else [a.game]:
        with tempfile.TemporaryDirectory(prefix=f"hostile-{name}-") as tmp:
            target = mail_target(name, Path(tmp), budgets=False)
            rng = random.Random(24)
            done = answered(target)
            old = frozenset(p.name for p in (target.games[0] / "mail" / "outbox").glob("*.json"))
            for data in hostile_mix(rng, target, a.mails, sizes):
                target.deliver(data)
            inbox = sum(len(p.read_bytes()) for p in (target.games[0].parent / "maildir" / "new").iterdir())
            wall, ended = tick(target, a.limit)
            queued, replies, most = outgoing(target, old)
            how = "ended" if ended else f"stopped after {a.limit:.0f} s"
            print(f"{name}: a tick of {a.mails} hostile mails ({inbox / 1e6:.1f} MB, {a.sizes}): {wall:.1f} s ({how}); "
                  f"{answered(target) - done} answered; {queued} mails queued, the most to one address {most}")
            target = restored(target)
            data, _ = hostile(rng, target, "commands", replace(sizes, commands=a.commands))
            target.deliver(data)
            wall, ended = tick(target, a.limit)
            queued, replies, most = outgoing(target, old)
            print(f"{name}: one mail of {a.commands} commands: {wall:.1f} s{'' if ended else ' (stopped)'}; "
                  f"replies queued {replies}")
            cells = []
            for kind in KINDS[:a.kinds]:
                target = restored(target)
                data, _ = hostile(rng, target, kind, sizes)
                target.deliver(data)
                wall, ended = tick(target, a.limit)
                cells.append(f"{kind} {wall:.1f} s{'' if ended else ' (stopped)'} {outgoing(target, old)[1]}")
            print(f"{name}: each kind alone (seconds, replies): " + "; ".join(cells))
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
