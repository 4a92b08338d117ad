"""Where a game's mail comes from: a Maildir, an mbox, a folder of ``.eml`` files, or an IMAP mailbox.

Each source yields the mails it holds that were not seen before, as bytes
with the time the source says they arrived (never the sender's ``Date``):
a Maildir file's delivery time (the number its name begins with, else the
file's time), an mbox's ``From`` line, an ``.eml`` file's time, IMAP's
INTERNALDATE.  Mail is only read: nothing in the source is moved, flagged
or deleted.  A mail bigger than ``MAX_MAIL_BYTES`` is not read: only its
headers are, to answer it.  A mail that "arrives" after ``now`` is left
for later (the GM's ``--now`` sets the clock back, e.g. to replay a game).

A mail file that cannot be read (its permissions, a disk error) is an
``Incoming`` with a ``problem``: skipped, named in one error line, asked for
again by the next tick, while the game goes on with its other mails and its
deadline.  A file that vanished since the folder was listed (moved from
``new/`` to ``cur/`` by a mail client) is not a problem: it is found where it
went.  A folder of the source that cannot be listed is the source's error.
"""

from __future__ import annotations

import contextlib
import hashlib
import mailbox
import ssl
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

from adjudicator.postal.mailconfig import MailConfig, MailConfigError, Server

MAX_MAIL_BYTES = 10_000_000
"""The largest mail read: a mail of orders is a few kilobytes (a bigger one is answered, not read)."""

HEAD_BYTES = 200_000
"""How much of a mail too big to read is kept: its headers."""


class MailSourceError(MailConfigError):
    """The source cannot be read (a missing folder, an IMAP server that refuses)."""


@dataclass(frozen=True)
class Incoming:
    """One mail from the source: its key there, its bytes (only the headers when ``too_big``), its size
    and when the source says it arrived (``None``: it does not say)."""

    key: str
    data: bytes
    size: int
    arrived: datetime | None
    too_big: bool = False
    problem: str = ""  # the source could not give this mail (a broken server answer): skipped, tried next time


def incoming(config: MailConfig, seen: Collection[str], now: datetime) -> Iterator[Incoming]:
    """The mails of the configured source not in ``seen`` (keys), oldest first, that arrived by ``now``."""
    if config.kind == "imap":
        assert config.imap is not None
        found = _imap(config.imap, config.base, seen)
    else:
        assert config.path is not None
        if not config.path.exists():
            raise MailSourceError(f"{config.path}: the mail source ({config.kind}) does not exist")
        reader = {"maildir": _maildir, "mbox": _mbox, "eml": _eml}[config.kind]
        found = reader(config.path, seen)
    mails = sorted(found, key=lambda m: (m.arrived or now, m.key))
    for m in mails:
        if m.arrived is None or m.arrived <= now:
            yield m


def _read_file(path: Path) -> tuple[bytes, int, bool]:
    size = path.stat().st_size
    with path.open("rb") as f:
        if size > MAX_MAIL_BYTES:
            return _head(f.read(HEAD_BYTES)), size, True
        return f.read(), size, False


def _head(data: bytes) -> bytes:
    """The header block of a mail's beginning (up to the first empty line)."""
    for sep in (b"\r\n\r\n", b"\n\n"):
        i = data.find(sep)
        if i >= 0:
            return data[:i + len(sep)]
    return data


def _file_time(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def _listed(folder: Path) -> list[Path]:
    """The entries of a folder of the source, by name; an error of the source when it cannot be listed."""
    try:
        return sorted(folder.iterdir())
    except OSError as exc:
        raise MailSourceError(f"{folder}: cannot read the mail folder: {exc.strerror or exc}") from None


def _from_file(key: str, f: Path, stamp: str = "") -> Incoming | None:
    """The mail of a file (``stamp``: its delivery time in seconds, else the file's time); ``None`` when it
    vanished since it was listed; an ``Incoming`` with a ``problem`` when it cannot be read."""
    try:
        arrived = _stamp_time(stamp) or _file_time(f)
        data, size, big = _read_file(f)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return Incoming(key, b"", 0, None, problem=f"{f}: {exc.strerror or exc}")
    return Incoming(key, data, size, arrived, big)


def _stamp_time(stamp: str) -> datetime | None:
    if not stamp.isdigit():
        return None
    try:
        return datetime.fromtimestamp(int(stamp), UTC)
    except (OverflowError, OSError, ValueError):  # a name's number beyond any clock: the file's time
        return None


def _maildir(path: Path, seen: Collection[str]) -> Iterator[Incoming]:
    """``new/`` and ``cur/``; the key is a file's unique name (before ``:2,``), so a mail moved to cur/ is the same."""
    if not (path / "new").is_dir() and not (path / "cur").is_dir():
        raise MailSourceError(f"{path}: not a Maildir (no new/ or cur/ folder)")
    for sub in ("new", "cur"):
        folder = path / sub
        if not folder.is_dir():
            continue
        for f in _listed(folder):
            if f.name.startswith(".") or not f.is_file():
                continue
            unique = f.name.split(":", 1)[0].split("!", 1)[0]
            key = f"maildir:{unique}"
            if key in seen:
                continue
            mail = _from_file(key, f, unique.split(".", 1)[0])
            if mail is not None:
                yield mail


def _eml(path: Path, seen: Collection[str]) -> Iterator[Incoming]:
    if not path.is_dir():
        raise MailSourceError(f"{path}: not a folder of .eml files")
    for f in _listed(path):
        key = f"eml:{f.name}"
        if f.name.endswith(".eml") and key not in seen and f.is_file():
            mail = _from_file(key, f)
            if mail is not None:
                yield mail


def _mbox(path: Path, seen: Collection[str]) -> Iterator[Incoming]:
    """Keys are the SHA-256 of each message (an mbox's offsets change when it is rewritten)."""
    box = mailbox.mbox(path, create=False)
    try:
        for k in box.iterkeys():
            with box.get_file(k, from_=True) as f:
                first = f.readline()
                data = f.read(MAX_MAIL_BYTES + 1)
            big = len(data) > MAX_MAIL_BYTES
            key = "mbox:" + hashlib.sha256(data).hexdigest()
            if key in seen:
                continue
            yield Incoming(key, _head(data[:HEAD_BYTES]) if big else data, len(data), _from_line(first), big)
    finally:
        box.close()


def _from_line(line: bytes) -> datetime | None:
    """The date of an mbox ``From sender Fri Nov 21 18:02:00 2025`` line."""
    parts = line.decode("ascii", "replace").split()
    if len(parts) < 7:
        return None
    try:
        when = datetime.strptime(" ".join(parts[-5:]), "%a %b %d %H:%M:%S %Y")
    except ValueError:
        try:
            return parsedate_to_datetime(" ".join(parts[2:]))
        except (TypeError, ValueError):
            return None
    return when.replace(tzinfo=UTC)


def imap_transport(server: Server, context: ssl.SSLContext | None) -> Any:
    """A connection to the IMAP server (an ``IMAPClient``), TLS from the start where it says so (STARTTLS and
    login are the caller's: ``mail check`` tells each step's failure apart)."""
    from imapclient import IMAPClient

    return IMAPClient(server.host, server.port, ssl=server.security == "tls", ssl_context=context,
                      timeout=server.timeout)


def _imap(server: Server, base: Path, seen: Collection[str]) -> Iterator[Incoming]:
    """The folder's mails by UID (keys ``imap:UIDVALIDITY:UID``), read with PEEK so nothing is flagged."""
    from imapclient.exceptions import IMAPClientError

    context = server.tls()
    try:
        client = imap_transport(server, context)
    except (OSError, IMAPClientError) as exc:
        raise MailSourceError(f"IMAP {server.host}:{server.port}: cannot connect: {exc}") from None
    client.normalise_times = False
    try:
        if server.security == "starttls":
            client.starttls(context)
        if server.user:
            client.login(server.user, server.password(base))
        info = client.select_folder(server.folder, readonly=True)
        validity = int(info.get(b"UIDVALIDITY", 0))
        uids = [u for u in client.search(["ALL"]) if f"imap:{validity}:{u}" not in seen]
        for start in range(0, len(uids), 50):
            chunk = uids[start:start + 50]
            meta = client.fetch(chunk, ["RFC822.SIZE", "INTERNALDATE"])
            for uid in chunk:
                yield _imap_mail(client, validity, uid, meta.get(uid))
    except (OSError, IMAPClientError) as exc:
        raise MailSourceError(f"IMAP {server.host}:{server.port}: {exc}") from None
    finally:
        with contextlib.suppress(OSError, IMAPClientError):
            client.logout()


def _imap_mail(client: Any, validity: int, uid: int, meta: Any) -> Incoming:
    """One mail of the folder; a server answer without the size, the mail or its UID gives an ``Incoming`` with a
    ``problem`` (not stored, not marked seen: the next tick asks again)."""
    key = f"imap:{validity}:{uid}"
    try:
        size = int(meta[b"RFC822.SIZE"])
    except (KeyError, TypeError, ValueError):
        return Incoming(key, b"", 0, None, problem=f"UID {uid}: the server's answer gives no RFC822.SIZE")
    big = size > MAX_MAIL_BYTES
    part = b"BODY[HEADER]" if big else b"BODY[]"
    got = client.fetch([uid], ["BODY.PEEK[HEADER]" if big else "BODY.PEEK[]"])
    try:
        data = bytes(got[uid][part])
    except (KeyError, TypeError, ValueError):
        return Incoming(key, b"", size, None, problem=f"UID {uid}: the server's answer holds no {part.decode()}")
    when = meta.get(b"INTERNALDATE") if isinstance(meta, dict) else None
    arrived = when if isinstance(when, datetime) else None
    if arrived is not None and arrived.tzinfo is None:
        arrived = arrived.replace(tzinfo=UTC)
    return Incoming(key, data, size, arrived, big)
