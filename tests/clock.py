"""The tests' clock: a test sets every time it uses, and CI runs the tests that tick once more a year ahead.

A test that ticks gives ``tick`` its ``--now`` and gives every mail it delivers its arrival time, both from
the times it writes down itself: a Maildir file's name begins with its delivery time (``maildir_mail``), an
IMAP mail is appended with ``msg_time``, an mbox message gets its ``From`` line (``set_from``), an ``.eml``
file its time (``os.utime``).  A command that reads the clock and has no ``--now`` (``undo`` in a game of
moves) runs inside ``at(when)``.  Nothing a test checks may then depend on the day it runs.

``pytest --clock-ahead DAYS`` checks that: it runs the session with the clock ``DAYS`` ahead, so a test that
still leans on the wall clock (a mail dated by the clock against a fixed ``--now``, a fixed deadline against
a tick without ``--now``) fails today, in CI, instead of on the day the wall clock passes its dates.  The
clock is moved in three places:

- this process (where ``adjudicate`` runs, through click's ``CliRunner``): time-machine moves
  ``time.time``, ``datetime.now`` and the rest, and lets the clock tick on from there;
- the mail source's file times: the file system keeps stamping files with the real time, so a mail file
  written during the session (its time between the session's start and now, real time) is read as written
  that much later, as if the file system's clock had moved too; a file whose time a test set is left alone;
- the IMAP server (pymap, a subprocess, which dates a mail appended without ``msg_time``): it runs under
  libfaketime (Debian's ``faketime``) when that is installed; without it the server keeps the real clock.

Other subprocesses (``python -m adjudicator`` in ``test_hardening_store``, the benches, Chromium) keep the
real clock.  The tests this concerns carry the marker ``clock`` (given in ``tests/conftest.py``); CI runs
``pytest -m clock --clock-ahead 365`` after the whole suite.
"""

from __future__ import annotations

import re
import shutil
import time
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path
from typing import Any

OPTION = "--clock-ahead"
MARKER = "clock"

BOUND = re.compile(r"""["']tick["']|--now\b|--deadline\b|\btrial\b|\bdeliver\(|\bmaildir\b|\bMaildir\b|"""
                   r"""\bimap_server\b|\bsmtp_server\b|\bmail_bytes\b|\bnow=|datetime\.now|date\.today|"""
                   r"""time\.time\(|\bresident\b""")
"""Words of a test module that ticks, delivers mail or reads the clock: every test of such a module is marked
``clock`` (a test elsewhere can carry the marker itself)."""


def instant(when: datetime | str) -> datetime:
    """A test's time: an aware datetime, or an ISO text with its offset (``2026-12-01T08:00+00:00``)."""
    at = datetime.fromisoformat(when) if isinstance(when, str) else when
    if at.tzinfo is None:
        raise ValueError(f"{when}: a test's time says its offset (+00:00, +01:00)")
    return at


def maildir_mail(maildir: Path, data: bytes, when: datetime | str, name: str) -> Path:
    """Deliver ``data`` into ``maildir/new`` as arrived at ``when``: the file's name begins with that time (as
    a Maildir's delivery agent names it; the mail source reads it from there, not from the clock)."""
    stamp = int(instant(when).timestamp())
    path = maildir / "new" / f"{stamp}.{name}"
    path.write_bytes(data)
    return path


def at(when: datetime | str) -> Any:
    """The clock at ``when`` (and ticking on from there) for a command that reads the clock and has no ``--now``:
    ``with clock.at("2026-12-03T10:30+00:00"): invoke("undo", game)`` (time-machine; inside a session run with
    ``--clock-ahead`` too)."""
    import time_machine

    return time_machine.travel(instant(when), tick=True)


def date_header(when: datetime | str) -> str:
    """A mail's ``Date`` at ``when`` (the test's time, not the clock's)."""
    return format_datetime(instant(when))


class Ahead:
    """The clock ``days`` ahead for a session: ``start`` moves it, ``stop`` puts it back."""

    def __init__(self, days: int) -> None:
        self.days = days
        self.offset = timedelta(days=days)
        self._travel: Any = None
        self._real_start = 0.0
        self._mono_start = 0.0
        self._file_time: Any = None

    def start(self) -> None:
        import time_machine

        from adjudicator.postal import mailsource

        self._real_start, self._mono_start = time.time(), time.monotonic()
        travel = time_machine.travel(datetime.now(UTC) + self.offset, tick=True)
        travel.start()
        self._travel = travel
        # what the clock is ahead of the real time, measured (a little less than ``days``: the travel started
        # after its destination was taken), so that a file written now is never read as written after now
        ahead = timedelta(seconds=time.time() - self._real_now())
        self._file_time = real = mailsource._file_time

        def file_time(path: Path) -> datetime:
            """A file's time as if the file system's clock were ahead too: a file written during the session
            by the real clock is read as written that much later (the mail source's own reading of a file's
            time, replaced for the session: a test cannot move the file system's clock)."""
            written = real(path)
            if self._real_start - 1 <= written.timestamp() <= self._real_now() + 1:
                return written + ahead
            return written

        mailsource._file_time = file_time  # for the session: stop() puts the mail source's own back

    def _real_now(self) -> float:
        """The real time (``time.time`` runs ahead)."""
        return self._real_start + (time.monotonic() - self._mono_start)

    def stop(self) -> None:
        from adjudicator.postal import mailsource

        if self._file_time is not None:
            mailsource._file_time = self._file_time
        if self._travel is not None:
            self._travel.stop()

    def subprocess_prefix(self) -> list[str]:
        """What a subprocess that dates things (the IMAP server) is started under: libfaketime ``days`` ahead
        when it is installed, else nothing (the subprocess keeps the real clock).  The library is preloaded
        itself, not through the ``faketime`` wrapper: the wrapper names a semaphore and a shared memory by its own
        process id and leaves them behind when the server is stopped, so that a later wrapper given the same id
        refused to start ("faketime: sem_open: File exists", a red CI once the machine had some hundreds)."""
        lib = libfaketime()
        if lib is not None:
            return ["env", f"LD_PRELOAD={lib}", f"FAKETIME={self.days:+d}d"]
        faketime = shutil.which("faketime")
        return [faketime, "-f", f"{self.days:+d}d"] if faketime else []

    def header(self) -> str:
        tool = "libfaketime for the IMAP server" if libfaketime() or shutil.which("faketime") else \
            "no faketime: pymap keeps the real clock"
        return (f"clock: {self.days} days ahead, now {datetime.now(UTC):%Y-%m-%d %H:%M} UTC "
                f"(time-machine in this process, mail file times shifted, {tool})")


LIBFAKETIME = ("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
               "/usr/lib/faketime/libfaketime.so.1", "/usr/local/lib/faketime/libfaketime.so.1")
"""Where Debian's ``faketime`` package and a build from source put the library."""


def libfaketime() -> str | None:
    """The libfaketime library to preload, when it is installed."""
    return next((lib for lib in LIBFAKETIME if Path(lib).is_file()), None)


AHEAD: Ahead | None = None
"""The session's clock when it runs ahead (``--clock-ahead``), else ``None``."""


def subprocess_prefix() -> list[str]:
    """What a subprocess that dates mail is started under in this session (nothing at the real clock)."""
    return AHEAD.subprocess_prefix() if AHEAD is not None else []
