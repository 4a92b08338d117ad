"""Benchmark: one ``adjudicate tick`` over many games by mail, each with one short player mail waiting (issue 34).

Cron runs one tick over every game a GM has.  This bench makes ``--games`` games by mail, Dampfross and
InterUrban in turn with ``--game mixed`` (the default), or all of one game.  Each of the first ``--distinct``
(100) is made by ``adjudicate new`` with a seed of its own (its own dice or tiles, its own passwords;
Dampfross as ``examples/postal/play.sh`` starts its game: three companies on the German map, turn 1 due the
next day; InterUrban with three colours), its Maildir beside it, sending over SMTP to a real server on
localhost (aiosmtpd in this process, ``security = "none"``; it comes with the test extra), and is ticked once
so that its openings are sent; the other games are copies of these in turn, so that no two games ticked near
each other are alike.  Each game's Maildir then holds ONE short mail from a player, a valid order section with
the right password: Dampfross, RED's ``START`` and ``BUILD`` for turn 1, answered with a receipt; InterUrban,
the first move by the seat on move, played at once, its report mailed to every seat.

One ``adjudicate tick DIR1 ... DIRn`` (a process of the installed script, as cron runs it) is timed
``--repeat`` times, each on a fresh copy of the games in a folder of its own, written to the disk first
(``os.sync``: a GM's mailbox and games are on the disk before cron's tick; no files deleted just before, see
``restore``).  Target (issue 34): <= 5 s for 1,000 games.  Shown: wall
seconds (min and median), the tick's CPU seconds (user and system, median), the mails answered and those the
SMTP server received in the last run, and the ticks' exit status.  ``--profile FILE`` runs the tick once more
under cProfile, for ``python -m pstats FILE``.

    python bench/bench_tick.py [--games 1000] [--repeat 5] [--game mixed] [--distinct 100] [--no-smtp]
                               [--profile FILE]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the package as installed

SCRIPT = str(Path(sys.executable).with_name("adjudicate"))

WHEN = datetime(2025, 11, 20, 11, 0, tzinfo=UTC)
"""When the games are made and ticked once (the postal example's first tick); the bench's tick is an hour later,
the mails arrived half an hour before it, every deadline still ahead (one tick has one clock for all its games)."""

GAMES = ("dampfross", "interurban")
"""The games this bench ticks (``--game mixed``: half each, Dampfross first)."""


@dataclass
class Sink:
    """An SMTP server's handler that counts what it is given (aiosmtpd's hook)."""

    mails: int = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.mails += 1
        return "250 OK"


@contextmanager
def smtp_server(on: bool) -> Iterator[tuple[Sink, int]]:
    """A real SMTP server on localhost (``on``), its handler and port; without it the mails wait in the outboxes."""
    sink = Sink()
    if not on:
        yield sink, 0
        return
    from aiosmtpd.controller import Controller

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()


def smtp_toml(port: int) -> str:
    return f'\n[smtp]\nhost = "127.0.0.1"\nport = {port}\nsecurity = "none"\ntimeout = 30\n' if port else ""


def mail(sender: str, to: str, subject: str, body: str, when: datetime, ident: str) -> bytes:
    """A short plain-text mail as a player's program writes it."""
    head = (f"From: {sender}\nTo: {to}\nSubject: {subject}\nDate: {format_datetime(when)}\n"
            f"Message-ID: <{ident}@bench.example.org>\nMIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n\n")
    return (head + body).replace("\n", "\r\n").encode("utf-8")


def passwords(game: Path) -> dict[str, str]:
    return dict(line.split() for line in (game / "passwords.txt").read_text(encoding="utf-8").splitlines())


DAMPFROSS_GM = "Dampfross GM <gm@dampfross.example.org>"
INTERURBAN_GM = "InterUrban GM <gm@interurban.example.org>"
ADDRESSES = {"RED": "anna@example.org", "BLUE": "bernd@example.net", "GREEN": "carla@example.com"}
NAMES = {"RED": "Anna", "BLUE": "Bernd", "GREEN": "Carla"}


def new_line(kind: str, game: Path, n: int) -> str:
    """The ``adjudicate new`` line of game ``n`` of ``kind`` (its own seed, so its own dice or tiles and
    passwords): Dampfross as ``examples/postal/play.sh`` starts its game, InterUrban with three colours."""
    seats = " ".join(f"--player '{seat}:{NAMES[seat]}:{address}'" for seat, address in ADDRESSES.items())
    if kind == "dampfross":
        return (f"new '{game}' --id postal --map germany --seed bench-{n} --unsafe-test-passwords bench-{n} {seats} "
                "--deadline '2025-11-21 18:00' --every 'fri 18:00' --zone Europe/Berlin --strict --remind 24h "
                "--statements 7d")
    return (f"new '{game}' --play interurban --id iu --seed bench-{n} --unsafe-test-passwords bench-{n} {seats} "
            "--deadline '2025-11-22 18:00' --every 3d")


def toml(kind: str, port: int) -> str:
    gm = DAMPFROSS_GM if kind == "dampfross" else INTERURBAN_GM
    return f'from = "{gm}"\n\n[source]\nkind = "maildir"\npath = "../maildir"\n' + smtp_toml(port)


def player_mail(kind: str, game: Path, n: int) -> bytes:
    """The one short mail of game ``n``: Dampfross, RED's orders for turn 1; InterUrban, the first move of the seat
    on move; each with the seat's password."""
    secret = passwords(game)
    later = WHEN + timedelta(minutes=30)
    if kind == "dampfross":
        body = (f"Hello,\n\nGAME postal\nTURN 1\nPLAYER RED PASSWORD {secret['RED']}\nSTART Hamburg\n"
                "BUILD Hamburg - 1208\n\nAnna\n")
        return mail(f"Anna <{ADDRESSES['RED']}>", DAMPFROSS_GM, "Orders turn 1", body, later, f"bench-{n}")
    from adjudicator.interurban.play import PLAY
    from adjudicator.postal.moves import MovesDir

    state = MovesDir(game).load(PLAY).state
    seat = state.on_move
    body = f"PLAYER {seat} PASSWORD {secret[seat]}\nMOVE 1\n{first_move(state, seat)}\n"
    return mail(f"{NAMES[seat]} <{ADDRESSES[seat]}>", INTERURBAN_GM, "My move", body, later, f"bench-{n}")


def first_move(state: Any, seat: str) -> str:
    """A line of notation ``seat`` may play now (tried through the play's own reading)."""
    from adjudicator.interurban.play import PLAY

    for line in state.lines:
        if line.finished:
            continue
        for tile in state.track_face_up:
            for turn in (["LEFT", "RIGHT"] if tile.kind == "curve" else [""]):
                text = f"{line.label} {tile.kind.upper()} {tile.value} {turn}".strip()
                if PLAY.read(state, seat, [(4, text)])[0] is not None:
                    return text
    raise SystemExit("no first move found in an InterUrban game")


def resident(lines: list[str]) -> None:
    """Command lines run by one ``adjudicate resident`` process (what a process per command would pay for
    starting is paid once); an error when one fails."""
    done = subprocess.run([SCRIPT, "resident"], input="\n".join(lines) + "\n", text=True, capture_output=True,
                          check=False)
    failed = [line for line in done.stdout.splitlines() if line.startswith(".exit ") and line != ".exit 0"]
    if done.returncode or failed:
        raise SystemExit(f"setting the games up failed: {done.stderr.strip()[-2000:]}")


def games(kinds: list[str], count: int, distinct: int, port: int, pristine: Path) -> list[tuple[str, Path]]:
    """``count`` games by mail under ``pristine`` (``NNNNN/game`` with ``NNNNN/maildir`` beside it), the kinds in
    turn: the first ``distinct`` made by ``new``, each with its own seed, ticked once (its openings sent) and given
    its one player mail; the others copies of them in turn (game ``n`` a copy of game ``n % distinct``, so that no
    two games ticked near each other are alike).  Each game's kind and folder, in tick order."""
    made = [(kinds[n % len(kinds)], pristine / f"{n:05d}" / "game") for n in range(count)]
    first = made[:distinct]
    for _kind, game in first:
        for sub in ("cur", "new", "tmp"):
            (game.parent / "maildir" / sub).mkdir(parents=True)
    resident([new_line(kind, game, n) for n, (kind, game) in enumerate(first)])
    for kind, game in first:
        (game / "mail.toml").write_text(toml(kind, port), encoding="utf-8")
        (game / "mail.toml").chmod(0o600)
    resident([" ".join(["tick", *(f"'{g}'" for _, g in first), "--now", WHEN.isoformat()])])  # the openings
    arrived = int((WHEN + timedelta(minutes=30)).timestamp())
    for n, (kind, game) in enumerate(first):
        (game.parent / "maildir" / "new" / f"{arrived}.B{n}.bench").write_bytes(player_mail(kind, game, n))
    for n in range(distinct, count):
        shutil.copytree(made[n % distinct][1].parent, made[n][1].parent, symlinks=True)
    return made


def restore(pristine: Path, live: Path) -> None:
    """``live`` made anew from ``pristine`` (``cp -a``), in a folder no run has used: the folders of the runs before
    are removed only at the end.  Tens of thousands of files deleted just before a tick would cost the tick's every
    file it creates: ext4 passes over an inode freed in the last minutes when it chooses one for a new file
    (``recently_deleted``; a third of the tick's system time in ``perf``), which a GM's cron tick does not meet."""
    subprocess.run(["cp", "-a", str(pristine), str(live)], check=True)
    os.sync()  # on the disk before the clock starts, as a GM's games and mailbox are before cron's tick


def run_tick(dirs: list[str], when: datetime, profile: str = "") -> tuple[float, float, int]:
    """One ``adjudicate tick`` over ``dirs``: wall seconds, CPU seconds (user and system), exit status."""
    command = [SCRIPT, "tick", *dirs, "--now", when.isoformat()]
    if profile:
        command = [sys.executable, "-m", "cProfile", "-o", profile, *command]
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        print(f"the tick exited {done.returncode}: {done.stderr.strip().splitlines()[:3]}")
    return wall, now.ru_utime - used.ru_utime + now.ru_stime - used.ru_stime, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="game folders ticked at once")
    parser.add_argument("--repeat", type=int, default=5, help="timed ticks (min and median shown)")
    parser.add_argument("--game", choices=(*GAMES, "mixed"), default="mixed", help="mixed: the two games in turn")
    parser.add_argument("--distinct", type=int, default=100, help="games made by new (the others are copies)")
    parser.add_argument("--no-smtp", action="store_true", help="no [smtp]: the mails wait in the outboxes")
    parser.add_argument("--profile", metavar="FILE", help="one more tick under cProfile, its statistics to FILE")
    a = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-tick-"))
    os.environ.setdefault("ADJUDICATE_CACHE", str(work / "cache"))
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # Python may write its bytecode, as an installed package has it
    try:
        with smtp_server(not a.no_smtp) as (sink, port):
            kinds = list(GAMES) if a.game == "mixed" else [a.game]
            started = time.perf_counter()
            distinct = min(a.games, max(a.distinct, len(kinds)))
            made = games(kinds, a.games, distinct, port, work / "pristine")
            smtp = "none (mails wait in the outboxes)" if a.no_smtp else "localhost, aiosmtpd"
            print(f"games: {', '.join(f'{sum(k == kind for k, _ in made)} {kind}' for kind in kinds)}, one player "
                  f"mail each ({distinct} made by new, the others copies of them); SMTP: {smtp}; "
                  f"made in {time.perf_counter() - started:.0f} s")
            when = WHEN + timedelta(hours=1)
            walls, cpus, codes = [], [], []
            for run in range(a.repeat):
                live = work / f"live-{run}"
                dirs = [str(live / g.relative_to(work / "pristine")) for _, g in made]
                restore(work / "pristine", live)
                sink.mails = 0
                wall, cpu, code = run_tick(dirs, when)
                walls.append(wall)
                cpus.append(cpu)
                codes.append(code)
            sent = sink.mails
            waiting = sum(1 for d in dirs for _ in (Path(d) / "mail" / "outbox").glob("*.eml"))
            receipts = sum(1 for d in dirs for _ in (Path(d) / "mail" / "inbox").glob("*/receipt.json"))
            if a.profile:
                live = work / "live-profiled"
                restore(work / "pristine", live)
                run_tick([str(live / g.relative_to(work / "pristine")) for _, g in made], when, a.profile)
                print(f"profile: {a.profile} (python -m pstats {a.profile})")
        print(f"tick over {len(dirs)} games: wall min {min(walls):.2f} s, median {statistics.median(walls):.2f} s; "
              f"CPU median {statistics.median(cpus):.2f} s ({a.repeat} runs: "
              f"{', '.join(f'{w:.2f}' for w in walls)}); exit {sorted(set(codes))}")
        print(f"mails: {receipts} answered, {sent} received by the SMTP server in the last run, {waiting} waiting in "
              f"the outboxes; {len(dirs) / statistics.median(walls):.0f} games a second")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
