"""The game-neutral postal loop: one tick over many games, fetching mail into a game's inbox, sending its outbox.

Each game directory is ticked on its own (an error or a fault in one never
stops the others); what a tick does inside a game is its play's business
(``adjudicator/postal/turns.py``, the one session of every play).  What a tick tells the GM
are codes (``kernel/notes.py``); the CLI words them.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.kernel.errors import AdjudicatorError, GameBusy, GameFileError
from adjudicator.kernel.notes import PostalNote
from adjudicator.postal.files import Folder, deferred_sync
from adjudicator.postal.inbox import MAIL_DIR, Inbox
from adjudicator.postal.mailconfig import MailConfig, MailConfigError, load_config
from adjudicator.postal.outbox import Outbox, kept_connections
from adjudicator.postal.tick import Tick

if TYPE_CHECKING:  # multiprocessing, the mail source (mailbox, ssl): a turn run from files needs neither
    from multiprocessing.connection import Connection


TickGame = Callable[[str, datetime, Tick], None]
"""One tick of one game directory (its play's loop)."""


def tick_all(directories: Sequence[str], when: datetime, loop_of: Callable[[str], TickGame]) -> list[Tick]:
    """One tick of every game named, each by its play's loop; an error in one game (a folder that is missing,
    a file or cannot be read) is reported, the others go on.

    Two phases, durability paid once each (issue 34; ``postal/files.py``: ``deferred_sync``): every game's mail
    fetched, answered and what is due run, its mails queued, the files left in the page cache; one sync; then
    each game's mails sent and the source's mails marked seen (``later``), and one sync more for the sent
    records.  Nothing leaves the game folders before the sync after the writes it tells of.  A tick over many
    games runs them on every core (``_in_workers``); what it returns is the same, in the order named."""
    workers = _workers(len(directories))
    if workers > 1:
        return _in_workers(directories, when, loop_of, workers)
    return _tick_here(directories, when, loop_of)


WORKERS_FROM = 40
"""The fewest games a tick shares out between processes (a process of its own costs about 50 ms to start and
finish; a game with one mail 10 to 50 ms of work)."""
MOST_WORKERS = 4


def _workers(games: int) -> int:
    """How many processes tick ``games`` games: one a core this process may use (at most ``MOST_WORKERS``), at
    least ``WORKERS_FROM // 2`` games each; one where processes are not forked (Windows, macOS: the games' loops
    are not passed to a fresh interpreter)."""
    if games < WORKERS_FROM:
        return 1
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, MOST_WORKERS, games // (WORKERS_FROM // 2)))


def _in_workers(directories: Sequence[str], when: datetime, loop_of: Callable[[str], TickGame],
                workers: int) -> list[Tick]:
    """The games shared out between ``workers`` forked processes, each ticking in the two phases of ``_tick_here``
    (its own two syncs); the ticks back in the order named.  A worker takes the next game not yet taken when it is
    done with its last (``_taken``), so that a share of slow games (InterUrban's pictures, a game with many mails)
    never leaves the other cores idle.  A worker that dies (killed, out of memory) costs the games it took this
    tick: each gets an error line, and the next tick does their work (a tick killed anywhere loses no mail and no
    turn); the other workers' games are as if it had not."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    following = context.Value("l", 0)  # the index of the next game to take
    taker = context.Array("b", len(directories), lock=False)  # which worker took each game (its number + 1)
    running = []
    for number in range(workers):
        receive, give = context.Pipe(duplex=False)
        games = _taken(directories, following, taker, number + 1)
        worker = context.Process(target=_worker, args=(games, when, loop_of, give), daemon=False)
        worker.start()
        give.close()
        running.append((worker, receive))
    ticks: list[Tick | None] = [None] * len(directories)
    for number, (worker, receive) in enumerate(running, start=1):
        try:
            done = receive.recv()
        except (EOFError, OSError):  # it died before its ticks came back
            done = None
        worker.join()
        receive.close()
        took = [i for i, k in enumerate(taker) if k == number]
        if isinstance(done, list) and len(done) == len(took):
            for i, t in zip(took, done, strict=True):
                ticks[i] = t
        else:
            for i in took:
                ticks[i] = Tick(directories[i], error=f"the tick's worker process stopped (exit status "
                                                      f"{worker.exitcode}); the next tick does this game's work")
    return [t if t is not None else Tick(d, error="no worker process of the tick took this game; the next tick "
                                                  "does its work")
            for d, t in zip(directories, ticks, strict=True)]


def _taken(directories: Sequence[str], following: Any, taker: Any, number: int) -> Iterator[str]:
    """The games worker ``number`` takes, one at a time as it asks for the next: each the next not yet taken by
    any worker (``following``, shared), marked as its own in ``taker`` before it is ticked."""
    while True:
        with following.get_lock():
            i = following.value
            following.value = i + 1
        if i >= len(directories):
            return
        taker[i] = number
        yield directories[i]


def _worker(games: Iterable[str], when: datetime, loop_of: Callable[[str], TickGame], give: Connection) -> None:
    """A forked worker: the games it takes ticked, the ticks given back through the pipe in the order taken."""
    try:
        give.send(_tick_share(games, when, loop_of))
    finally:
        give.close()


def _tick_share(directories: Iterable[str], when: datetime, loop_of: Callable[[str], TickGame]) -> list[Tick]:
    """A worker's games, ticked in its process."""
    return _tick_here(directories, when, loop_of)


def _tick_here(directories: Iterable[str], when: datetime, loop_of: Callable[[str], TickGame]) -> list[Tick]:
    """The games ticked in this process, in the two phases of ``tick_all``."""
    out = []
    with deferred_sync() as barrier:
        _LATER.append([])
        try:
            for d in directories:
                t = Tick(d)
                _guarded(t, when, partial(_first_phase, d, when, t, loop_of))
                out.append(t)
        finally:
            steps = _LATER.pop()
        barrier()  # every game's stored mails, records, turns and queued mails on the disk
        with kept_connections():  # one SMTP connection for the games that send through the same server
            for t, step in steps:
                _guarded(t, when, step)
    return out


_LATER: list[list[tuple[Tick, Callable[[], None]]]] = []
"""While ``tick_all`` runs its first phase: each game's second phase (its mails sent, its source's mails marked
seen), run after the one sync between them."""


def later(t: Tick, step: Callable[[], None]) -> bool:
    """Leave ``step`` (a game's sending and marking its source's mails seen, with its lock taken again) to the
    tick's second phase, after the sync that makes what the first phase wrote durable; ``False`` when no tick over
    many games is running (the caller does it now)."""
    if not _LATER:
        return False
    _LATER[-1].append((t, step))
    return True


def phased_tick() -> bool:
    """Whether a tick over many games (``tick_all``) is running its first phase: a game's sending waits (``later``)."""
    return bool(_LATER)


def _first_phase(d: str, when: datetime, t: Tick, loop_of: Callable[[str], TickGame]) -> None:
    _readable_folder(d)
    loop_of(d)(d, when, t)


def _guarded(t: Tick, when: datetime, step: Callable[[], None]) -> None:
    """Run one game's step of the tick; what goes wrong is the game's (a note or its error), never the tick's."""
    d = t.directory
    try:
        step()
    except GameBusy:
        t.note("busy")  # another tick (or a GM's command) is at work: this one skips the game
    except AdjudicatorError as exc:
        t.error = str(exc)
    except OSError as exc:  # a file of the game that cannot be read: the game's error, not a fault
        t.error = f"cannot read {exc.filename or 'a file of the game'}: {exc.strerror or exc}"
    except Exception as exc:  # a fault in one game never stops the others of the tick
        t.error = f"unexpected {type(exc).__name__}: {exc} (traceback in {log_fault(d, when)})"


def _readable_folder(directory: str) -> None:
    """An error unless ``directory`` is a folder this process may list (the CLI's line names the folder)."""
    path = Path(directory)
    if not path.exists():
        raise GameFileError("no such game folder")
    if not path.is_dir():
        raise GameFileError("not a game folder but a file")
    if not os.access(path, os.R_OK | os.X_OK):
        raise GameFileError("cannot read the game folder (permission denied)")


def config_of(folder: Folder) -> MailConfig:
    """The game's ``mail.toml``; an error when there is none."""
    config = load_config(folder)
    if config is None:
        raise MailConfigError(f"{folder.path / 'mail.toml'}: no such file: the game is not run by mail (write one: "
                              f"adjudicate mail init {folder.path}; docs/postal.md)")
    return config


FAULT_LOG = "tick-faults.log"
"""Where a tick writes the traceback of an unexpected error in a game (in the game's mail folder)."""


def log_fault(directory: str, when: datetime) -> str:
    """Append the traceback being handled to the game's fault log; its path, or "stderr" when it cannot be written."""
    text = f"--- {when.isoformat()}\n{traceback.format_exc()}"
    path = Path(directory) / MAIL_DIR / FAULT_LOG
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(text)
    except OSError:
        sys.stderr.write(text)
        return "stderr"
    return str(path)


def fetch(gdir: Folder, config: MailConfig, now: datetime, t: Tick,
          seen_later: list[Callable[[], None]] | None = None) -> Inbox:
    """New mail from the source into the inbox: stored first, then marked seen (once, at the end: the inbox
    knows every mail it stored by its Message-ID or SHA-256, so a crash in between stores nothing twice).  A mail
    the source cannot give is skipped and asked for again by the next tick: one ``error:`` line for them all.
    Returns the inbox, its mails as stored (the tick reads them from it, not from the disk again).
    ``seen_later``: marking them seen is left to its caller (in the tick's second phase, after the sync that makes
    the stored mails durable)."""
    from adjudicator.postal.mailsource import incoming

    inbox = Inbox(gdir)
    seen = inbox.seen()
    before = len(seen)
    skipped = []
    later: list[tuple[Path, bytes]] = []
    try:
        for mail in incoming(config, seen, now):
            if mail.problem:
                skipped.append(mail.problem)
                continue
            stored, new = inbox.store(mail, now, later)
            if new:
                t.note("stored", seq=stored.seq, sender=stored.sender or "?",
                       subject=str(stored.meta["subject"])[:50])
                for code in stored.headers_only:
                    t.note("headers-only", seq=stored.seq, why=code)
            else:
                t.note("duplicate", seq=stored.seq, sender=stored.sender or "?")
            seen.add(mail.key)
    finally:
        inbox.settle(later)  # every new mail in place, durable, before any is marked seen
        if len(seen) > before and seen_later is not None:
            seen_later.append(lambda: inbox.mark_seen(seen))
        elif len(seen) > before:
            inbox.mark_seen(seen)
    if skipped and config.kind == "imap":
        t.problems.append(f"the mail source gave {len(skipped)} mail(s) in a broken answer, skipped: "
                          + "; ".join(skipped))
    elif skipped:
        shown = "; ".join(skipped[:MAX_SKIPPED_SHOWN]) + ("; ..." if len(skipped) > MAX_SKIPPED_SHOWN else "")
        t.problems.append(f"{len(skipped)} mail(s) of the source cannot be read, skipped until they can: {shown}")
    return inbox


MAX_SKIPPED_SHOWN = 5
"""The most unreadable mails of the source named in a tick's error line."""


def send(gdir: Folder, config: MailConfig, now: datetime, t: Tick, names: Sequence[str] | None = None,
         fresh: bool = True) -> None:
    """Send what is queued; a failure is the tick's error (the mails stay queued).  Without SMTP the GM
    hears of waiting mails when new ones were queued (``fresh``)."""
    outbox = Outbox(gdir)
    result = outbox.send(config, now, names)
    if result.sent:
        t.note("sent", count=len(result.sent))
    for name, answer in result.failed:
        t.note("set-aside", name=name, answer=answer, where=str(outbox.failed_dir))
    if result.deferred and not result.sent and not result.failed and not result.error:
        # the server refuses everything for now: one error line (exit 1), not a line per mail
        result.error = f"{config.smtp.host if config.smtp else '?'}: {result.deferred[0][1]}"
    else:
        for name, answer in result.deferred:
            t.note("deferred", name=name, answer=answer)
    for name, answer in result.partly:
        t.note("partly-refused", name=name, answer=answer)
    if result.error:
        t.failure = PostalNote("send-failed", (("error", result.error), ("count", result.waiting)))
        t.error = result.error
    elif result.waiting and config.smtp is None and fresh:
        t.note("no-smtp", count=result.waiting, where=str(outbox.queue_dir))


def retry_failed(folder: Folder, when: datetime, t: Tick,
                 address_of: Callable[[dict[str, object]], tuple[str, ...] | None]) -> None:
    """``mail send --retry``: the mails the server refused for good queued again, each to its company's address on
    file now (``address_of`` its outbox record; ``None``: as it was addressed)."""
    outbox = Outbox(folder)
    again = outbox.failed()
    for name in again:
        outbox.requeue(name, when, address_of(outbox.record(name) or {}), outbox.failed_dir)
    if again:
        t.note("retried", count=len(again))
