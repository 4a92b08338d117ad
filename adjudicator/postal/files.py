"""Writing files so that a crash never leaves half of one, and reading text of unknown encoding.

Game-neutral: the game directory, the inbox and the outbox of every game write through here.
"""

from __future__ import annotations

import codecs
import hashlib
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from adjudicator.kernel.errors import AdjudicatorError, TurnRefused

MAX_FILE_BYTES = 1_000_000
"""The largest order file read; a mail of orders is a few kilobytes (a bigger one is reported, not read)."""

ENCODINGS = ("utf-8-sig", "cp1252", "latin-1")
"""Tried in this order; anything but UTF-8 earns a note."""


STAGE_PREFIX = ".stage-"
"""A folder being written (``write_folder``); one left behind by a killed run is removed by the next."""


class Folder(Protocol):
    """Anything with a folder on disk (a game directory)."""

    @property
    def path(self) -> Path: ...


_DEFERRED: list[bool] = []
"""Set while a tick over many games pays for durability once a phase (``deferred_sync``); the one flag: whether a
write was left unsynced since the last sync."""


def flush(fd: int) -> None:
    """Make a file written through ``fd`` durable: ``fsync``, or under ``deferred_sync`` noted for its next sync."""
    if _DEFERRED:
        _DEFERRED[0] = True
    else:
        os.fsync(fd)


def sync() -> None:
    """Make every file written so far durable: ``os.sync``, or under ``deferred_sync`` noted for its next sync."""
    if _DEFERRED:
        _DEFERRED[0] = True
    else:
        os.sync()


@contextmanager
def deferred_sync() -> Iterator[Callable[[], None]]:
    """Durability paid once a phase of a tick over many games, not once a file of each game (issue 34).

    While it is open, ``flush`` and ``sync`` (every ``fsync`` and ``sync`` of the postal code, the game folders'
    writes through this module) write nothing to the disk: the files stay in the page cache, written in the same
    order as ever, which is all a killed process needs (the system writes them out; a tick killed anywhere loses
    no mail and no turn).  What a power failure needs is done at the phase's end: the function yielded (the
    barrier) syncs once when anything was written since, and leaving the block does too.  The caller puts
    nothing outside the game folders that depends on a write (a mail sent, the source's mails marked seen) before
    the barrier after it.  Nested, the outer block decides."""
    if _DEFERRED:
        yield lambda: None
        return
    _DEFERRED.append(False)

    def barrier() -> None:
        if _DEFERRED and _DEFERRED[0]:
            _DEFERRED[0] = False
            os.sync()

    try:
        yield barrier
    finally:
        written = _DEFERRED.pop()
        if written:
            os.sync()


def atomic_write(path: Path, text: str, mode: int = 0o644, durable: bool = True) -> None:
    """Write via a temporary file, fsync and rename: readers see old or new, never half (``durable=False``: no
    fsync; the caller syncs later, once for many files).  The temporary file is named by the process and thread
    (``.NAME.PID-THREAD.tmp``: two writers never share one; one a killed process left is written over), its folder
    made only when it is missing: a tick writes some twenty-five files a game."""
    tmp = str(path.parent / f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    data = text.encode("utf-8")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        try:
            os.fchmod(fd, mode)  # whatever the umask
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if durable:
                flush(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_gm_file(name: str, what: str) -> str:
    """The text of a file the GM names (orders to check, a position), in any encoding as the mail robot reads a
    mail's; one line naming it when it cannot be read or is bigger than ``what`` may be (``MAX_FILE_BYTES``)."""
    try:
        raw = Path(name).read_bytes()
    except OSError as exc:
        raise AdjudicatorError(f"{name}: cannot be read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise AdjudicatorError(f"{name}: {len(raw)} bytes, more than {what} ({MAX_FILE_BYTES}) may be")
    return decode_bytes(raw)[0]


ORDER_SUFFIXES = (".orders", ".txt")
"""A folder of order files the GM names stands for the files directly inside it whose names end in one of these."""


def folder_order_files(folder: Path) -> list[Path]:
    """The order files of a folder the GM names (``adjudicate run DIR``): the files directly inside it (not in its
    subfolders) whose names end in ``ORDER_SUFFIXES``, in name order, hidden files skipped."""
    return sorted(c for c in folder.iterdir()
                  if c.is_file() and not c.name.startswith(".") and c.suffix.lower() in ORDER_SUFFIXES)


def order_files(names: Sequence[str]) -> list[str]:
    """The files the GM's order-file names stand for, in order: a file as named, a folder its order files
    (``folder_order_files``; a folder without any is an error naming it), each once."""
    found: list[str] = []
    for name in names:
        path = Path(name)
        if not path.is_dir():
            found.append(name)  # a file, or a name that cannot be read: ``read_gm_file`` says so
            continue
        try:
            inside = folder_order_files(path)
        except OSError as exc:
            raise AdjudicatorError(f"{name}: cannot be read: {exc.strerror or exc}") from None
        if not inside:
            raise AdjudicatorError(f"{name}: a folder without order files (*{', *'.join(ORDER_SUFFIXES)})")
        found += [str(p) for p in inside]
    return list(dict.fromkeys(found))


def write_new(path: Path, text: str, mode: int = 0o644) -> None:
    """Write a file that must not exist yet (archives are never overwritten)."""
    if path.exists():
        raise TurnRefused(f"{path} already exists; archived files are never overwritten")
    atomic_write(path, text, mode)


@lru_cache(maxsize=8)
def sha256(text: str) -> str:
    """The SHA-256 of a text's UTF-8 bytes, kept for the last few texts: a turn asks it of the game file's text
    three times (is it the state archived last, the new state's chain link, the step's changes)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def record_text(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def decode_bytes(data: bytes) -> tuple[str, str | None]:
    """Text from bytes of unknown encoding, and the encoding when it was not UTF-8: UTF-16 with a byte-order
    mark is read as such, anything else not UTF-8 as Windows-1252 (or Latin-1)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            pass
    for enc in ENCODINGS:
        try:
            return data.decode(enc), None if enc == "utf-8-sig" else enc
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def write_folder(final: Path, content: Mapping[str, str], mode_of: Callable[[str], int], stage_in: Path) -> None:
    """Write a whole folder (an archive step) at once: its files into a stage folder made in ``stage_in`` (on the
    same disk), then renamed into place, so a reader sees all of it or none."""
    stage = Path(tempfile.mkdtemp(dir=stage_in, prefix=STAGE_PREFIX))
    try:
        for name, text in content.items():
            _write_staged(stage / name, text, mode_of(name))
        final.parent.mkdir(parents=True, exist_ok=True)
        os.replace(stage, final)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise


def _write_staged(path: Path, text: str, mode: int) -> None:
    """A new file of a stage folder, written and synced in place: nobody sees the folder before it is renamed
    into place whole, so no temporary file and rename per file are needed (as ``atomic_write`` needs)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        os.fchmod(fd, mode)  # whatever the umask
        f.write(text)
        f.flush()
        flush(fd)
