"""One writer at a time: an exclusive lock the system drops when its process ends, however it ends.

``flock`` on POSIX, ``msvcrt.locking`` on Windows.  A lock file left behind by
a killed run holds no lock (the kernel released it with the process), so
there is never a stale lock to clear by hand.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

POLL = 0.05
"""Seconds between two tries while another process holds the lock."""


class LockTimeout(Exception):
    """Another process held the lock for longer than we were willing to wait."""


@contextmanager
def exclusive(path: Path, wait: float) -> Iterator[None]:
    """Hold the lock on ``path`` (made if missing) for the block; ``LockTimeout`` after ``wait`` seconds."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise LockTimeout(str(path))
            time.sleep(POLL)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
