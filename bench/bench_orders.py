"""Benchmark: bounded work for any order file (``adjudicate check`` in-process).

Plays a short game on the German map to turn 2, then checks hostile order
files against it and prints, for each, the time and the ratio of output to
input size.  Targets (issue 8): a 1 MB order file checked in under 2 s; the
output of any input at most a small multiple of its size.

Then reads hostile mails as the postal loop does (``mailparse.read_mail``, issue
15): 10,000 MIME parts, 1 MB of headers, 1,000 nested multiparts and 1,000
nested attached messages.  ``--uncapped`` also times the whole parse the loop
did before ``MAX_PARTS`` and ``MAX_HEADER_BYTES`` (about 22 s a mail).

    python bench/bench_orders.py [--uncapped]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # tools/ (not installed); the package as installed

from adjudicator.dampfross.app.commands import start_game  # noqa: E402
from adjudicator.dampfross.app.gm import commands_of  # noqa: E402
from adjudicator.postal import mailparse  # noqa: E402


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


def mails() -> dict[str, bytes]:
    """Hostile mails (issue 15, items 1 and 12)."""
    head = b"From: a@example.org\r\nTo: gm@example.org\r\nMIME-Version: 1.0\r\n"
    many = b"".join(b"--b\r\nContent-Type: text/plain\r\n\r\nPASS\r\n" for _ in range(10_000))
    nested = b"".join(b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i)
                      for i in range(1000))
    attached = b"Content-Type: message/rfc822\r\n\r\n" * 1000
    return {
        "10,000 parts": head + b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n' + many + b"--b--\r\n",
        "1 MB subject": head + b"Subject: x" + b"\r\n aaaaaaaaaa bbbbbbbbb cccccccccc dddddddd eeeeee" * 21_000
        + b"\r\n\r\nPASS\r\n",
        "1,000 nested multiparts": head + nested + b"PASS\r\n",
        "1,000 nested messages": head + attached + b"PASS\r\n",
    }


def bench_mails(uncapped: bool) -> None:
    print(f"\n{'mail':24} {'size':>10} {'seconds':>8} {'read as':>16}" + (f" {'uncapped':>9}" if uncapped else ""))
    for name, data in mails().items():
        start = time.perf_counter()
        content = mailparse.read_mail(data)
        took = time.perf_counter() - start
        read = ",".join(n.code for n in content.notes) or "whole"
        line = f"{name:24} {len(data):>10} {took:>8.3f} {read:>16}"
        if uncapped:
            start = time.perf_counter()
            try:  # what the loop did before the caps: the whole header block, then the whole mail
                whole = mailparse._headers(data[: data.find(b"\r\n\r\n") + 4])
                mailparse._read_whole(data, whole)
                result = f"{time.perf_counter() - start:.2f}"
            except RecursionError:
                result = "RecursionError"
            line += f" {result:>9}"
        print(line)


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
        out, _ = commands_of("b").check([str(path)], "b", False)
        took = time.perf_counter() - start
        print(f"{name:24} {len(text):>10} {took:>8.2f} {len(out):>9} {len(out) / len(text):>6.3f}")
    bench_mails("--uncapped" in sys.argv[1:])


if __name__ == "__main__":
    main()
