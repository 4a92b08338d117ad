"""The game's inbox: every mail received, stored once, with what the GM and the players may need to prove.

Layout (GM only: folders 0700, files 0600)::

    DIR/mail/seen.json               keys of the source's mails already stored (an optimisation:
                                     the inbox itself is what counts)
    DIR/mail/inbox/NNNNN/mail.eml    the mail as received (only its headers when too big to read)
    DIR/mail/inbox/NNNNN/meta.json   Message-ID, SHA-256 of mail.eml, sender, Date, subject, arrival
                                     (the source's time), fetch time, the source's key, size, how it
                                     was read, and each text that may hold orders with its SHA-256
    DIR/mail/inbox/NNNNN/text-K.txt  those texts as stored (UTF-8): what a turn reads
    DIR/mail/inbox/NNNNN/receipt.json  written once the mail is answered: what the game made of it (the
                                     period, each section's verdict, the sections refused), the replies

A mail's folder is written whole through a stage folder renamed into place,
so a mail is stored completely or not at all; ``seen.json`` is written only
after that, so a crash in between stores nothing twice (the next fetch finds
the mail again and knows it by its Message-ID or SHA-256).  The mails of a
turn are read in the order they arrived (then in the order stored), never by
a file name.

An ``Inbox`` is cheap to ask again and again within one tick: it lists the
stored mails once, reads each mail's ``receipt.json`` once and keeps it, and
keeps what ``answered`` and ``store`` write (a tick of 1,000 mails used to
read the whole inbox again for every mail).  A new ``Inbox`` reads the
folder afresh.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from bisect import insort
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.kernel.errors import GameFileError
from adjudicator.postal.files import Folder, atomic_write, flush, record_text, sync

if TYPE_CHECKING:  # read when a mail is stored or asked: a turn run from files reads its game's mail folder only
    from adjudicator.postal.mailparse import MailContent
    from adjudicator.postal.mailsource import Incoming

MAIL_DIR = "mail"
STAGE = ".stage-"
TEXTS = "texts.json"
"""A stored mail's texts that may hold orders, by name, in one file (before issue 24: one ``text-N.txt`` each,
still read)."""


@dataclass(frozen=True)
class StoredText:
    """A text of a stored mail that may hold orders: its name in the mail ("" for the body), file, SHA-256."""

    name: str
    file: str
    sha256: str


@dataclass(frozen=True)
class StoredMail:
    """A mail in the inbox."""

    seq: int
    folder: Path
    meta: dict[str, Any]
    _kept: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The receipt record once read or written (key ``receipt``: the record, or ``None`` for none yet)."""

    @property
    def key(self) -> str:
        """The name its texts have in a turn's orders (``mail-00007``, ``mail-00007-2``): never a GM's path."""
        return f"mail-{self.seq:05d}"

    @property
    def arrived(self) -> datetime:
        return datetime.fromisoformat(self.meta["arrived"])

    @property
    def sender(self) -> str:
        return str(self.meta.get("sender", ""))

    @property
    def headers_only(self) -> tuple[str, ...]:
        """The notes (codes) for which only the mail's headers were read: too big, too many parts, ..."""
        from adjudicator.postal.mailparse import HEADERS_ONLY

        return tuple(str(n["code"]) for n in self.meta.get("notes", ()) if n.get("code") in HEADERS_ONLY)

    @property
    def automatic(self) -> bool:
        """An auto-reply, a list's mail or a bounce (``mailparse.is_automatic``): never answered."""
        return bool(self.meta.get("auto"))

    @property
    def replies_to(self) -> tuple[str, ...]:
        """The Message-IDs the mail says it answers (In-Reply-To, References): a reply to the robot's own mail
        that holds neither orders nor a command is most likely an auto-responder's (mails stored before these
        were kept: none)."""
        return tuple(str(x) for x in self.meta.get("replies_to", ()))

    @property
    def texts(self) -> tuple[StoredText, ...]:
        return tuple(StoredText(t["name"], t["file"], t["sha256"]) for t in self.meta.get("texts", ()))

    def text_key(self, index: int) -> str:
        """The name of its ``index``-th text (0: the body, or the first text) in a turn's orders."""
        return self.key if index == 0 else f"{self.key}-{index + 1}"

    def read_text(self, t: StoredText) -> str:
        if t.file.startswith(TEXTS + ":"):  # a text of the mail's one file of texts (mails stored since issue 24)
            data = self._texts().get(t.file.split(":", 1)[1], "").encode("utf-8")
        else:
            data = (self.folder / t.file).read_bytes()
        text = data.decode("utf-8", errors="replace")
        if _sha(data) != t.sha256:
            raise GameFileError(f"{self.folder / t.file} is not the text stored (its SHA-256 differs)")
        return text

    def _texts(self) -> dict[str, str]:
        kept = self._kept.get("texts")
        if not isinstance(kept, dict):
            try:
                kept = json.loads((self.folder / TEXTS).read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise GameFileError(f"{self.folder / TEXTS}: cannot be read ({exc})") from None
            self._kept["texts"] = kept
        return kept if isinstance(kept, dict) else {}

    def receipt(self) -> dict[str, Any] | None:
        """The record of how the mail was answered (``None``: not yet), read once and kept: do not change it."""
        if "receipt" not in self._kept:
            self._kept["receipt"] = self._read_receipt()
        doc: dict[str, Any] | None = self._kept["receipt"]
        return doc

    def _read_receipt(self) -> dict[str, Any] | None:
        path = self.folder / "receipt.json"
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:  # the mail counts for nobody, named in one line a tick; nothing else stops
            self._kept["damaged"] = f"{path}: cannot read: {exc.strerror or exc}; mail {self.seq} counts for nobody"
            return {"status": "damaged"}
        try:
            doc = json.loads(text)
        except ValueError:  # a record cut by a crash before the tick's one sync: the mail is answered again (each
            return None  # reply it makes is queued once, by its name), nothing is lost
        return doc if isinstance(doc, dict) else None

    def _order(self) -> tuple[datetime, int]:
        return self.arrived, self.seq


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Inbox:
    """The inbox of one game directory (hold the game's lock to change it)."""

    def __init__(self, gdir: Folder):
        self.root = gdir.path / MAIL_DIR
        self.folder = self.root / "inbox"
        self._mails: list[StoredMail] | None = None
        self._by_seq: dict[int, StoredMail] = {}
        self._by_id: dict[str, list[StoredMail]] = {}  # a Message-ID may be borrowed: each mail that has it
        self._by_sha: dict[str, StoredMail] = {}
        self._cleaned = False
        self._unsynced = False
        self._damaged: dict[int, str] = {}
        """Stored mails whose record cannot be read: each costs that mail (named in one line a tick), never the
        tick or the turn (issue 32)."""

    def mails(self) -> list[StoredMail]:
        """Every stored mail, in the order of arrival (then of storing); the folder is listed once."""
        return list(self._listed())

    def _listed(self) -> list[StoredMail]:
        if self._mails is None:
            found = []
            if self.folder.is_dir():
                for d in self.folder.iterdir():
                    if d.name.isdigit() and (d / "meta.json").is_file():
                        try:
                            found.append(StoredMail(int(d.name), d, self._meta(d / "meta.json")))
                        except GameFileError as exc:
                            self._damaged[int(d.name)] = str(exc)
            self._mails = sorted(found, key=StoredMail._order)
            for m in self._mails:
                self._index(m)
        return self._mails

    def _index(self, m: StoredMail) -> None:
        self._by_seq[m.seq] = m
        if m.meta.get("message_id"):
            self._by_id.setdefault(str(m.meta["message_id"]), []).append(m)
        if m.meta.get("sha256"):
            self._by_sha.setdefault(str(m.meta["sha256"]), m)

    @staticmethod
    def _meta(path: Path) -> dict[str, Any]:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise GameFileError(f"{path}: cannot read: {exc}") from None
        if not isinstance(doc, dict) or "arrived" not in doc:
            raise GameFileError(f"{path}: not the record of a mail")
        return doc

    def duplicate_of(self, message_id: str, sha256: str, texts: Sequence[str] = (), sender: str = ""
                     ) -> StoredMail | None:
        """The stored mail that is this one again (the first stored), if any: the same bytes (SHA-256), or the same
        Message-ID from the same sender with the same texts (``texts``: their SHA-256s; the same mail come twice,
        its headers changed on the way).  A Message-ID alone is anybody's to write: a mail that borrows another's
        is no copy of it, and never keeps it from being read (a short command's text can be guessed too)."""
        self._listed()
        for same in self._by_id.get(message_id, []) if message_id else []:
            if same.sender.lower() == sender.lower() and \
                    [str(t.get("sha256", "")) for t in same.meta.get("texts", ())] == list(texts):
                return same
        return self._by_sha.get(sha256)

    # --- the source's keys already stored ----------------------------------
    def seen(self) -> set[str]:
        path = self.root / "seen.json"
        if not path.is_file():
            return set()
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return set()  # the inbox itself knows every mail: a lost list only costs reading again
        return set(doc.get("keys", [])) if isinstance(doc, dict) else set()

    def mark_seen(self, keys: set[str]) -> None:
        """Write the source's keys stored (after the mails are durable).  Not synced: a list lost in a crash only
        costs reading the source again, whose mails the inbox knows by their Message-ID or SHA-256 (``seen``)."""
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic_write(self.root / "seen.json", record_text({"keys": sorted(keys)}), 0o600, durable=False)

    # --- storing ------------------------------------------------------------
    def store(self, mail: Incoming, fetched: datetime, later: list[tuple[Path, bytes]] | None = None
              ) -> tuple[StoredMail, bool]:
        """Store a mail unless it is there already; returns it and whether it is new.

        A mail's folder counts once its ``meta.json`` is there, written last after the other files are durable
        (a folder without it, left by a killed tick, is written anew).  With ``later`` the mail's record waits:
        ``settle(later)`` writes every waiting record at the cost of two syncs, however many mails a flood
        brings (one sync a file made a thousand mails cost thousands)."""
        from adjudicator.postal.mailparse import read_mail

        sha = _sha(mail.data)
        content = read_mail(mail.data, mail.too_big, mail.size)
        old = self.duplicate_of(content.message_id, sha, [_sha(t.text.encode("utf-8")) for t in content.texts],
                                content.sender)
        if old is not None:
            return old, False
        seq = max([*self._by_seq, *self._damaged], default=0) + 1
        final = self.folder / f"{seq:05d}"
        meta = _meta_of(mail, content, sha, seq, fetched)
        files: dict[str, bytes] = {"mail.eml": mail.data}
        texts, bodies = [], {}
        for i, t in enumerate(content.texts, 1):
            texts.append({"name": t.name, "file": f"{TEXTS}:text-{i}", "sha256": _sha(t.text.encode("utf-8"))})
            bodies[f"text-{i}"] = t.text
        meta["texts"] = texts
        if bodies:  # every text in one file: a mail of 45 attachments is 3 files, not 47
            files[TEXTS] = json.dumps(bodies, ensure_ascii=False).encode("utf-8")
        record = record_text(meta).encode("utf-8")
        self._write_files(final, files, durable=later is None)
        if later is None:
            _write(final / "meta.json", record, durable=True)
            _sync_folder(self.folder)
        else:
            later.append((final, record))
        # the record as it reads back; the texts as written (read back only by a later tick)
        stored = StoredMail(seq, final, json.loads(record), {"receipt": None, "texts": bodies})
        insort(self._listed(), stored, key=StoredMail._order)
        self._index(stored)
        return stored, True

    def _write_files(self, final: Path, files: dict[str, bytes], durable: bool) -> None:
        """A mail's folder with its files but its record (a partial folder a killed tick left is replaced)."""
        if not self._cleaned:  # once a tick: the inbox's folder, and no stage folders of versions before issue 24
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            for stale in self.folder.glob(f"{STAGE}*"):
                shutil.rmtree(stale, ignore_errors=True)
            self._cleaned = True
        if final.exists():
            shutil.rmtree(final)
        final.mkdir(mode=0o700)
        for name, data in files.items():
            _write(final / name, data, durable)

    def settle(self, later: list[tuple[Path, bytes]]) -> None:
        """Write the records of the mails stored with ``later``: one sync makes their files durable first, one
        more their records, so a crash leaves each mail whole or not counted (and never marked seen before)."""
        if not later:
            return
        sync()
        for final, record in later:
            _write(final / "meta.json", record, durable=False)
        sync()
        later.clear()

    def answered(self, mail: StoredMail, doc: dict[str, Any], durable: bool = True) -> None:
        """Record that the mail was answered (written last, after its receipts are queued); the record is kept
        as it reads back from the file, in ``mail`` and in this inbox's own copy of it.  ``durable=False``: not
        synced now; the caller syncs once for them all (``sync``) before anything depends on them."""
        text = record_text(doc)
        if durable:
            atomic_write(mail.folder / "receipt.json", text, 0o600)
        else:  # written in place, synced with the tick's others: one that a crash cut reads as unanswered
            fd = os.open(mail.folder / "receipt.json", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            self._unsynced = True
        kept = json.loads(text)
        mail._kept["receipt"] = kept
        mine = self._by_seq.get(mail.seq) if self._mails is not None else None
        if mine is not None and mine.folder == mail.folder:
            mine._kept["receipt"] = kept

    def sync(self) -> None:
        """Make the records written with ``durable=False`` durable (one sync for a tick's thousand answers)."""
        if self._unsynced:
            sync()
            self._unsynced = False

    def damaged(self) -> list[str]:
        """What cannot be read of the stored mails: a record or a receipt record each (one ``error:`` line a tick
        each; the mail counts for nobody)."""
        self._listed()
        out = [why for _, why in sorted(self._damaged.items())]
        for m in self._listed():
            if m.receipt() is not None and m._kept.get("damaged"):
                out.append(str(m._kept["damaged"]))
        return out

    def unanswered(self) -> Iterator[StoredMail]:
        """The mails not answered yet, in the order of arrival (a mail answered while this runs is skipped)."""
        for m in self.mails():
            if m.receipt() is None:
                yield m

    def records(self) -> list[tuple[StoredMail, dict[str, Any]]]:
        """Every answered mail with its receipt record, in the order of arrival: kept, not read again."""
        out = []
        for m in self._listed():
            doc = m.receipt()
            if doc is not None:
                out.append((m, doc))
        return out


def _write(path: Path, data: bytes, durable: bool) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        if durable:
            f.flush()
            flush(f.fileno())


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        flush(fd)
    finally:
        os.close(fd)


def _meta_of(mail: Incoming, content: MailContent, sha: str, seq: int, fetched: datetime) -> dict[str, Any]:
    return {
        "seq": seq,
        "message_id": content.message_id,
        "sha256": sha,
        "sender": content.sender,
        "sender_name": content.sender_name,
        "date": content.date.isoformat() if content.date else None,
        "subject": content.subject,
        "arrived": (mail.arrived or fetched).isoformat(),
        "fetched": fetched.isoformat(),
        "source": mail.key,
        "size": mail.size,
        "too_big": mail.too_big,
        "auto": content.auto,
        "replies_to": list(content.replies_to),
        "notes": [{"code": n.code, "name": n.name, "size": n.size} for n in content.notes],
    }
