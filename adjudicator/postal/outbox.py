"""The game's outbox: every mail the program sends is written first, sent over SMTP, then marked sent.

Layout (GM only)::

    DIR/mail/outbox/NAME.eml   a mail queued, not sent yet; NAME.json: what it is (kind, turn, company,
                               recipients, subject, SHA-256 of its text, when queued)
    DIR/mail/sent/NAME.eml     a mail sent; NAME.json as above with the time it was sent
    DIR/mail/undeliverable/    a mail for a company without an address on file (the GM is told)
    DIR/mail/failed/           a mail the SMTP server refused for good (5xx, or an address it cannot take):
                               set aside with the server's answer, the GM told once; ``mail send --retry``
                               queues it again, to the address on file then

Names are made from what a mail is (``receipt-00007-RED``, ``report-003-RED``,
``report-003-RED-v2``, ``reminder-003-RED``, ``opening-RED``), so queueing the
same mail twice writes nothing.  Queue before sending, mark sent after: a
crash between sending and marking sends that one mail again on the next try
(never loses it).  One bad mail never holds up the others: a recipient the
server refuses for good sets that mail aside (``failed/``), a temporary
refusal (4xx) leaves it queued for the next tick, and the next mail goes
on; a mail larger than the server takes (552 to MAIL FROM, ESMTP SIZE) is
set aside too.  Only a lost connection, or the GM's own address refused,
stops the sending (what is left stays queued).

Every mail is marked as a robot's (RFC 3834): an answer to a mail (a receipt, a reply to commands, a
notice) ``Auto-Submitted: auto-replied``, anything else ``auto-generated``, so that well-behaved
robots (vacation replies) do not answer it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.postal.files import Folder, atomic_write, record_text
from adjudicator.postal.inbox import MAIL_DIR
from adjudicator.postal.mailconfig import MailConfig, Server

if TYPE_CHECKING:  # the email package, smtplib and ssl: loaded when a mail is composed, read or sent (not by a turn
    import smtplib  # that queues no mail)
    import ssl
    from email.message import EmailMessage


@dataclass(frozen=True)
class Outgoing:
    """A mail to write: its name (what it is), recipients, subject, text and attachments (text, or PNG bytes)."""

    name: str
    to: tuple[str, ...]
    subject: str
    body: str
    attachments: tuple[tuple[str, str | bytes], ...] = ()
    kind: str = ""
    turn: int | None = None
    player: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    in_reply_to: str = ""

    @property
    def sha256(self) -> str:
        """SHA-256 of the text and the attachments: tells a corrected report from the one sent."""
        h = hashlib.sha256(self.body.encode("utf-8"))
        for name, data in self.attachments:
            h.update(b"\0" + name.encode("utf-8") + b"\0" + (data if isinstance(data, bytes) else data.encode("utf-8")))
        return h.hexdigest()


@dataclass
class SendResult:
    """What a sending did: mails sent, mails set aside (name, the server's answer), mails a server refused for now
    (name, answer), mails sent that some recipients refused, the error that stopped the sending, how many mails
    still wait."""

    sent: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    deferred: list[tuple[str, str]] = field(default_factory=list)
    partly: list[tuple[str, str]] = field(default_factory=list)  # sent, but some recipients refused it
    error: str = ""
    waiting: int = 0


def compose(out: Outgoing, sender: str, now: datetime) -> EmailMessage:
    """The mail as it goes out: UTF-8 text, quoted-printable (so no raw line is longer than 76).

    A mail with a picture (PNG bytes among the attachments) shows it in its body as mail clients expect::

        multipart/mixed
          multipart/related
            multipart/alternative
              text/plain    the text, unchanged (what a text-only reader sees)
              text/html     the same text for a phone's window too, then <img src="cid:..."> for each picture
            image/png       Content-ID, inline, with its file name
          text/plain        each text attachment (the whole report, the whole map as text)
    """
    from email import policy
    from email.message import EmailMessage
    from email.utils import format_datetime, make_msgid

    msg = EmailMessage(policy=policy.default)
    msg["From"] = sender
    msg["To"] = ", ".join(out.to)
    msg["Subject"] = out.subject
    msg["Date"] = format_datetime(now)
    domain = sender.rpartition("@")[2].strip(" >") or None
    msg["Message-ID"] = make_msgid("dampfross", domain=domain)
    msg["X-Dampfross"] = out.name
    msg["Auto-Submitted"] = _auto_submitted(out)
    if out.in_reply_to:
        msg["In-Reply-To"] = out.in_reply_to
        msg["References"] = out.in_reply_to
    msg.set_content(out.body, charset="utf-8", cte="quoted-printable")
    pictures = [(filename, data) for filename, data in out.attachments if isinstance(data, bytes)]
    if pictures:
        _show(msg, out.body, pictures, domain)
    for filename, data in out.attachments:
        if isinstance(data, str):
            msg.add_attachment(data, subtype="plain", charset="utf-8", cte="quoted-printable", filename=filename)
    for part in msg.walk():
        if part.get_content_maintype() == "text":  # quoted-printable, so the encoded line is the same text
            part.set_payload(_FROM_LINE.sub("=46rom ", str(part.get_payload())))
    return msg


def composed(out: Outgoing, sender: str, now: datetime) -> tuple[str, str]:
    """The mail as ``compose(out, sender, now).as_string()`` writes it, and its Message-ID.

    The mails the robot sends (headers of plain ASCII, a text, pictures, text attachments of plain names) are
    written here, part by part as the email package writes them (``_written``: its structure, its headers, its
    quoted-printable and base64, its random Message-IDs and boundaries drawn in the same order); any other mail by
    the package itself.  The package took some 2 ms for a mail with a picture, a tenth of an InterUrban move in a
    tick (issue 34); ``tests/test_postal_compose.py`` holds the two to the same text."""
    written = _written(out, sender, now)
    if written is not None:
        return written
    msg = compose(out, sender, now)
    return msg.as_string(), str(msg["Message-ID"])


_MAX = 78
"""The email package's longest header line (``policy.default.max_line_length``)."""
_PLAIN = re.compile(r"[!-~]+(?: [!-~]+)*")
"""An unstructured header's value the package writes as it is when it fits on its line (no encoded word in it)."""
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_ADDRESS = rf"{_ATOM}(?:\.{_ATOM})*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"
_ADDRESSES = re.compile(rf"(?:[A-Za-z0-9]+(?: [A-Za-z0-9]+)* <{_ADDRESS}>|{_ADDRESS})(?:, (?:[A-Za-z0-9]+(?: "
                        rf"[A-Za-z0-9]+)* <{_ADDRESS}>|{_ADDRESS}))*")
"""Addresses (``Name <address>``, ``address``) the package writes as they are when they fit on their line."""
_MSGID = re.compile(rf"<{_ATOM}(?:\.{_ATOM})*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*>")
_FILENAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_TEXT = 'Content-Type: text/{}; charset="utf-8"\nContent-Transfer-Encoding: quoted-printable\n'
_CONTENT_TYPE = {"mixed": 'Content-Type: multipart/mixed; boundary="{}"\n',
                 "alternative": 'Content-Type: multipart/alternative;\n boundary="{}"\n',
                 "related": 'Content-Type: multipart/related; type="multipart/alternative";\n boundary="{}"\n'}
"""A multipart's Content-Type as the package folds it, with a boundary of its usual 36 characters."""


def _written(out: Outgoing, sender: str, now: datetime) -> tuple[str, str] | None:
    """``composed``'s mail written here, or ``None`` where it is not one of the mails written here."""
    from email.utils import format_datetime, make_msgid

    offset = now.utcoffset()
    if (offset is None or offset.seconds % 60 or any(not _FILENAME.fullmatch(name) for name, _ in out.attachments)
            or any("\r" in v or "\n" in v for v in (sender, out.subject, out.name, out.in_reply_to, *out.to))):
        return None  # a time the Date header writes otherwise; a name RFC 2231 encodes; an error the package raises
    domain = sender.rpartition("@")[2].strip(" >") or None
    message_id = make_msgid("dampfross", domain=domain)
    head = [_header("From", sender, _ADDRESSES), _header("To", ", ".join(out.to), _ADDRESSES),
            _header("Subject", out.subject), f"Date: {format_datetime(now)}\n", _id_header("Message-ID", message_id),
            _header("X-Dampfross", out.name), _header("Auto-Submitted", _auto_submitted(out))]
    if out.in_reply_to:
        head += [_header("In-Reply-To", out.in_reply_to), _header("References", out.in_reply_to)]
    pictures = [(name, data) for name, data in out.attachments if isinstance(data, bytes)]
    texts = [(name, data) for name, data in out.attachments if isinstance(data, str)]
    body = _quoted(out.body)
    if not out.attachments:
        return "".join(head) + _TEXT.format("plain") + "MIME-Version: 1.0\n\n" + body, message_id
    first: str | None = _TEXT.format("plain") + "\n" + body
    if pictures:
        import base64

        cids = [make_msgid("picture", domain=domain) for _ in pictures]
        shown = [(name, cid[1:-1]) for (name, _), cid in zip(pictures, cids, strict=True)]
        page = _TEXT.format("html") + "MIME-Version: 1.0\n\n" + _quoted(picture_page(out.body, shown))
        alternative = _multipart("alternative", [_TEXT.format("plain") + "\n" + body, page])
        images = ["Content-Type: image/png\nContent-Transfer-Encoding: base64\n"
                  + _header("Content-Disposition", f'inline; filename="{name}"') + _id_header("Content-ID", cid)
                  + "MIME-Version: 1.0\n\n" + base64.encodebytes(data).decode("ascii")
                  for (name, data), cid in zip(pictures, cids, strict=True)]
        first = _multipart("related", [alternative, *images]) if alternative is not None else None
    attached = [_TEXT.format("plain") + _header("Content-Disposition", f'attachment; filename="{name}"')
                + "MIME-Version: 1.0\n\n" + _quoted(data) for name, data in texts]
    mixed = _multipart("mixed", [first, *attached]) if first is not None else None
    if mixed is None:
        return None
    return "".join(head) + "MIME-Version: 1.0\n" + mixed, message_id


def _auto_submitted(out: Outgoing) -> str:
    """RFC 3834: an answer to a mail is ``auto-replied``, anything else ``auto-generated``."""
    return "auto-replied" if out.kind in ("receipt", "answer", "notice") else "auto-generated"


def _header(name: str, value: str, plain: re.Pattern[str] = _PLAIN) -> str:
    """A header line as the email package writes it: as it is when it is ``plain`` and fits, else folded by the
    package (the header object it makes of the value, folded as its generator folds it)."""
    if len(name) + 2 + len(value) <= _MAX and plain.fullmatch(value) and "=?" not in value:
        return f"{name}: {value}\n"
    from email import policy

    return str(policy.default.header_factory(name, value).fold(policy=policy.default))


def _id_header(name: str, value: str) -> str:
    """A Message-ID or Content-ID line: on the next line, indented, when it does not fit on its own."""
    if _MSGID.fullmatch(value) and len(value) + 1 <= _MAX:
        return f"{name}: {value}\n" if len(name) + 2 + len(value) <= _MAX else f"{name}:\n {value}\n"
    return _header(name, value)


def _quoted(text: str) -> str:
    """A text part's body as ``set_content(text, charset="utf-8", cte="quoted-printable")`` encodes it, its lines
    beginning ``From `` written ``=46rom `` (``compose``)."""
    from email import quoprimime

    lines = text.encode("utf-8").splitlines()
    return _FROM_LINE.sub("=46rom ", quoprimime.body_encode((b"\n".join(lines) + b"\n").decode("latin-1"), _MAX))


def _multipart(kind: str, parts: Sequence[str]) -> str | None:
    """A multipart of ``parts`` (each its headers and body) as the package's generator writes it, with a boundary
    drawn as the generator draws it (``None``: one that is in the parts already, practically never)."""
    import random
    import sys

    # email.generator's _make_boundary, its random draw and its form, without its regular expression (one compiled
    # for every boundary): a boundary that is a line of the parts would get a suffix there, here the package's mail
    boundary = "=" * 15 + f"{random.randrange(sys.maxsize):0{len(repr(sys.maxsize - 1))}d}" + "=="
    if f"--{boundary}" in "\n".join(parts):
        return None
    return (_CONTENT_TYPE[kind].format(boundary) + "\n" + f"--{boundary}\n" + f"\n--{boundary}\n".join(parts)
            + f"\n--{boundary}--\n")


def _show(msg: EmailMessage, text: str, pictures: Sequence[tuple[str, bytes]], domain: str | None) -> None:
    """Make ``msg`` (its text set) show the pictures in its body: the structure of ``compose``.  The standard
    library converts an alternative into a mixed part but not into a related one, so that step is made here."""
    from email import policy
    from email.message import EmailMessage
    from email.utils import make_msgid

    cids = [make_msgid("picture", domain=domain) for _ in pictures]
    msg.add_alternative(picture_page(text, [(name, cid[1:-1]) for (name, _), cid in zip(pictures, cids, strict=True)]),
                        subtype="html", charset="utf-8", cte="quoted-printable")
    msg.make_mixed()
    related = EmailMessage(policy=policy.default)
    related["Content-Type"] = 'multipart/related; type="multipart/alternative"'
    alternative = msg.get_payload(0)
    assert isinstance(alternative, EmailMessage)  # make_mixed moved the alternative into the first part
    related.attach(alternative)
    for (name, data), cid in zip(pictures, cids, strict=True):
        image = EmailMessage(policy=policy.default)
        image.set_content(data, maintype="image", subtype="png", cid=cid, filename=name, disposition="inline")
        related.attach(image)
    msg.set_payload([related])


def picture_page(text: str, pictures: Sequence[tuple[str, str]]) -> str:
    """The HTML alternative of a mail with pictures: the text made to read on a phone and on a desktop, then each
    picture (its file name, its Content-ID), as wide as the reader's window at most (``postal/mailhtml.py``)."""
    from adjudicator.postal import mailhtml

    return mailhtml.page(text, pictures)


_MAIL_SIZE = (552,)
"""The answers to MAIL FROM that refuse one mail for good, not the sender: too large (RFC 1870)."""

_FROM_LINE = re.compile(r"^From ", re.M)
"""A line beginning ``From `` is written ``=46rom `` (the same text once decoded), or a mail store on the way would
turn it into ``>From`` (mbox quoting)."""


_UNQUEUED: dict[str, list[str]] = {}
"""Per game folder, the mails that could not be queued since the tick began (``unqueued``)."""


def unqueued(gdir: Folder) -> list[str]:
    """What could not be queued in ``gdir``'s outbox since the last call: a line each (``Tick.problems``)."""
    return _UNQUEUED.pop(str(gdir.path), [])


class Outbox:
    """The outbox of one game directory (hold the game's lock)."""

    def __init__(self, gdir: Folder):
        root = gdir.path / MAIL_DIR
        self.queue_dir = root / "outbox"
        self.sent_dir = root / "sent"
        self.dead_dir = root / "undeliverable"
        self.failed_dir = root / "failed"

    def _paths(self, folder: Path, name: str) -> tuple[Path, Path]:
        return folder / f"{name}.eml", folder / f"{name}.json"

    def known(self, name: str) -> bool:
        """True when a mail of this name was queued (or sent, or set aside) before."""
        return any(self._paths(d, name)[1].is_file() for d in (self.queue_dir, self.sent_dir, self.dead_dir,
                                                                  self.failed_dir))

    def versions(self, base: str) -> list[str]:
        """The names a mail went out under, oldest first: ``base``, then ``base-v2``, ``base-v3``, ... (a report
        corrected after it was sent)."""
        found = [base] if self.known(base) else []
        for k in range(2, 100):  # the versions are numbered without a gap (a new one is ``-v{len(known) + 1}``)
            if not found or not self.known(f"{base}-v{k}"):
                break
            found.append(f"{base}-v{k}")
        return found

    def record(self, name: str) -> dict[str, Any] | None:
        """What is known of a mail of this name, the sent copy first."""
        for d in (self.sent_dir, self.queue_dir, self.dead_dir, self.failed_dir):
            path = self._paths(d, name)[1]
            if path.is_file():
                doc = json.loads(path.read_text(encoding="utf-8"))
                return {**doc, "where": d.name} if isinstance(doc, dict) else None
        return None

    def _records(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """The name and record of every mail queued or sent (one that cannot be read is left out)."""
        for d in (self.queue_dir, self.sent_dir):
            for path in d.glob("*.json"):
                try:
                    doc = json.loads(path.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    continue
                if isinstance(doc, dict):
                    yield path.stem, doc

    def message_ids(self) -> set[str]:
        """The Message-IDs of every mail queued or sent (what an auto-reply to one of them names)."""
        return {str(doc["message_id"]) for _, doc in self._records() if doc.get("message_id")}

    def addressed(self) -> dict[str, list[str]]:
        """The names of the mails queued or sent, by each address they go to (lower case), oldest first (by the
        time each was queued): what the robot wrote to whom (``postal/quoted.py``)."""
        found: dict[str, list[tuple[str, str]]] = {}
        for name, doc in self._records():
            to = doc.get("to")
            for address in to if isinstance(to, list) else ():
                found.setdefault(str(address).lower(), []).append((_instant(doc.get("queued")), name))
        return {a: list(dict.fromkeys(name for _, name in sorted(names))) for a, names in found.items()}

    def text(self, name: str) -> str:
        """The text of a mail queued or sent, as its reader sees it: its plain body ("" without one).  A tick reads
        the mails lately sent to each sender, a report's pictures among them: only the mail's head up to the end of
        its first text part is parsed (``_first_text``), without making header objects (``compat32``; the first
        text/plain part not attached, as ``compose`` writes it, decoded as ``get_body().get_content()`` decodes
        it)."""
        from email import message_from_bytes, policy

        for d in (self.sent_dir, self.queue_dir):
            eml = self._paths(d, name)[0]
            try:
                data = eml.read_bytes()
            except OSError:
                continue
            plain = _composed_text(data)
            if plain is not None:
                return plain
            msg = message_from_bytes(_first_text(data), policy=policy.compat32)
            for part in msg.walk():
                if part.get_content_type() == "text/plain" and part.get_content_disposition() != "attachment":
                    payload = part.get_payload(decode=True)
                    if not isinstance(payload, bytes):
                        return ""
                    try:
                        return payload.decode(part.get_content_charset("ascii"), "replace")
                    except LookupError:  # a charset Python does not know (not one ``compose`` writes)
                        return payload.decode("utf-8", "replace")
            return ""
        return ""

    def queue(self, out: Outgoing, sender: str, now: datetime) -> bool:
        """Write the mail into the outbox unless a mail of its name exists; True when written.  An outbox that
        cannot take it (a full disk, a file where the folder should be) costs this mail alone: ``False``, and one
        line for the tick (``unqueued``), never an error that stops the game's tick or its turn at the deadline
        (a mail the game owes, such as a report, is queued again by the next tick; issue 32)."""
        try:
            return self._queue(out, sender, now)
        except OSError as exc:
            where = exc.filename or self.queue_dir
            _UNQUEUED.setdefault(str(self.queue_dir.parent.parent), []).append(
                f"the mail {out.name} could not be queued ({where}: {exc.strerror or exc})")
            return False

    def _queue(self, out: Outgoing, sender: str, now: datetime) -> bool:
        if self.known(out.name):
            return False
        text, message_id = composed(out, sender, now)
        folder = self.queue_dir if out.to else self.dead_dir
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        eml, info = self._paths(folder, out.name)
        atomic_write(eml, text, 0o600)
        doc = {"name": out.name, "kind": out.kind, "turn": out.turn, "player": out.player, "to": list(out.to),
               "subject": out.subject, "sha256": out.sha256, "queued": now.isoformat(),
               "message_id": message_id, **out.extra}
        atomic_write(info, record_text(doc), 0o600)
        return True

    def drop(self, name: str) -> None:
        """Take a queued, unsent mail out of the outbox (a report replaced before it went out)."""
        eml, info = self._paths(self.queue_dir, name)
        info.unlink(missing_ok=True)
        eml.unlink(missing_ok=True)

    def pending(self) -> list[str]:
        """Names of the queued mails, oldest first (a mail already in sent/ is cleared away)."""
        if not self.queue_dir.is_dir():
            return []
        names = []
        for info in sorted(self.queue_dir.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name)):
            name = info.stem
            if self._paths(self.sent_dir, name)[1].is_file():  # sent, then interrupted before it was cleared
                q_eml, s_eml = self._paths(self.queue_dir, name)[0], self._paths(self.sent_dir, name)[0]
                if q_eml.is_file() and not s_eml.exists():
                    os.replace(q_eml, s_eml)  # its record was written, the mail not moved yet (``_mark_sent``)
                self.drop(name)
            elif self._paths(self.queue_dir, name)[0].is_file():
                names.append(name)
        return names

    def requeue(self, name: str, now: datetime, to: Sequence[str] | None = None, folder: Path | None = None) -> bool:
        """Put a sent (or set-aside) mail back into the outbox to send it again (``mail send --turn/--player``,
        ``--retry``); ``to``: its recipients now (the address on file may have changed since)."""
        from email import message_from_bytes, policy

        eml, info = self._paths(folder or self.sent_dir, name)
        if not eml.is_file():
            return False
        doc = json.loads(info.read_text(encoding="utf-8"))
        for key in ("sent", "failed", "refused"):
            doc.pop(key, None)
        doc["requeued"] = now.isoformat()
        text = eml.read_text(encoding="utf-8")
        if to is not None and list(to) != doc["to"]:
            msg = message_from_bytes(text.encode("utf-8"), policy=policy.default)
            del msg["To"]
            msg["To"] = ", ".join(to)
            text, doc["to"] = msg.as_string(), list(to)
        self.queue_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        q_eml, q_info = self._paths(self.queue_dir, name)
        atomic_write(q_eml, text, 0o600)
        atomic_write(q_info, record_text(doc), 0o600)
        info.unlink()
        eml.unlink()
        return True

    def rewrite(self, name: str, body: str, sender: str, now: datetime) -> bool:
        """Write a queued mail of text alone (a receipt) again with ``body``, before it is sent: what a receipt says
        of the game is made true again at the end of its tick (InterUrban's reading IU-32).  Its text, then its
        record, are replaced atomically; its place in the queue stays.  ``False``: it is not queued any more
        (sent, set aside), has more than its text, or says that already."""
        from email import message_from_bytes, policy

        eml, info = self._paths(self.queue_dir, name)
        try:
            doc = json.loads(info.read_text(encoding="utf-8"))
            if isinstance(doc, dict) and Outgoing(name, (), "", body).sha256 == doc.get("sha256"):
                return False  # it says that already (the mail is not read: most receipts are not changed)
            msg = message_from_bytes(eml.read_bytes(), policy=policy.default)
        except (OSError, ValueError):
            return False
        if not isinstance(doc, dict) or msg.is_multipart() or self._paths(self.sent_dir, name)[1].is_file():
            return False
        out = Outgoing(name, tuple(doc.get("to") or ()), str(doc.get("subject", "")), body, kind=str(doc.get("kind")),
                       turn=doc.get("turn"), player=doc.get("player"), in_reply_to=str(msg.get("In-Reply-To", "")))
        if out.sha256 == doc.get("sha256"):
            return False
        stamp = info.stat().st_mtime
        text, message_id = composed(out, sender, now)
        atomic_write(eml, text, 0o600)
        atomic_write(info, record_text({**doc, "sha256": out.sha256, "message_id": message_id,
                                        "rewritten": now.isoformat()}), 0o600)
        os.utime(info, (stamp, stamp))  # the queue's order is the records' times
        return True

    def failed(self) -> list[str]:
        """Names of the mails set aside (refused for good), oldest first."""
        if not self.failed_dir.is_dir():
            return []
        return [p.stem for p in sorted(self.failed_dir.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name))]

    def send(self, config: MailConfig, now: datetime, names: Sequence[str] | None = None) -> SendResult:
        """Send the queued mails over SMTP, each on its own: a mail refused for good is set aside, one refused for
        now stays queued, and the next goes on; a lost connection stops (what is left stays queued)."""
        import smtplib

        result = SendResult()
        todo = [n for n in self.pending() if names is None or n in names]
        if not todo:
            return result
        if config.smtp is None:
            result.waiting = len(todo)
            return result
        sender = bare_address(config.sender)
        try:
            with _connection(config.smtp, config.base, len(todo)) as smtp:
                for name in todo:
                    self._send_one(smtp, sender, name, now, result)
        except (OSError, smtplib.SMTPException) as exc:
            result.error = f"{config.smtp.host}:{config.smtp.port}: {smtp_answer(exc)}"
        result.waiting = len(self.pending())
        return result

    def _send_one(self, smtp: smtplib.SMTP, sender: str, name: str, now: datetime, result: SendResult) -> None:
        """Send one queued mail; what the server says of this mail alone decides its fate, anything about the
        connection or the sender is raised (and stops the sending)."""
        import smtplib

        eml, info = self._paths(self.queue_dir, name)
        data = eml.read_bytes()
        doc = json.loads(info.read_text(encoding="utf-8"))
        try:
            refused = _transmit(smtp, data, sender, [bare_address(a) for a in doc["to"]])
        except smtplib.SMTPRecipientsRefused as exc:
            answer = "; ".join(f"{a}: {smtp_answer_of(c, m)}" for a, (c, m) in exc.recipients.items())
            self._refused(smtp, name, doc, now, answer, all(500 <= c < 600 for c, _m in exc.recipients.values()),
                          result)
            return
        except smtplib.SMTPDataError as exc:
            self._refused(smtp, name, doc, now, smtp_answer(exc), 500 <= exc.smtp_code < 600, result)
            return
        except smtplib.SMTPSenderRefused as exc:
            # MAIL FROM refused: 552 (the mail is larger than the server takes, ESMTP SIZE) and other 4xx answers are
            # about this mail alone; a 5xx otherwise (the GM's own address refused) is about every mail: raised
            code = exc.smtp_code
            if not (code in _MAIL_SIZE or (400 <= code < 500 and code != 421)):  # 421: the server is closing
                raise
            self._refused(smtp, name, doc, now, smtp_answer(exc), code in _MAIL_SIZE, result)
            return
        except (smtplib.SMTPNotSupportedError, UnicodeError) as exc:  # a non-ASCII address without SMTPUTF8
            self._refused(smtp, name, doc, now, f"the server cannot take this address ({exc})", True, result)
            return
        if refused:  # some recipients took it, others refused: sent, and the refusals on record
            doc["refused"] = {a: smtp_answer_of(c, m) for a, (c, m) in refused.items()}
            result.partly.append((name, "; ".join(f"{a}: {w}" for a, w in doc["refused"].items())))
        self._mark_sent(name, doc, now)
        result.sent.append(name)

    def _refused(self, smtp: smtplib.SMTP, name: str, doc: dict[str, Any], now: datetime, answer: str,
                 for_good: bool, result: SendResult) -> None:
        """The server refused this mail: for good, it is set aside; for now, it stays queued for the next tick."""
        if for_good:
            self._set_aside(name, doc, now, answer)
            result.failed.append((name, answer))
        else:
            result.deferred.append((name, answer))
        smtp.rset()

    def _set_aside(self, name: str, doc: dict[str, Any], now: datetime, answer: str) -> None:
        self.failed_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        q_eml, _ = self._paths(self.queue_dir, name)
        f_eml, f_info = self._paths(self.failed_dir, name)
        atomic_write(f_eml, q_eml.read_text(encoding="utf-8"), 0o600)
        atomic_write(f_info, record_text({**doc, "failed": now.isoformat(), "answer": answer}), 0o600)
        self.drop(name)

    def _mark_sent(self, name: str, doc: dict[str, Any], now: datetime) -> None:
        """The sent record written (durable), then the mail moved from the queue as it is (it was made durable when
        queued: not written again), then the queued record removed.  Killed in between, the next ``pending`` finds
        the sent record and finishes the move."""
        self.sent_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        q_eml, q_info = self._paths(self.queue_dir, name)
        s_eml, s_info = self._paths(self.sent_dir, name)
        atomic_write(s_info, record_text({**doc, "sent": now.isoformat()}), 0o600)
        os.replace(q_eml, s_eml)
        q_info.unlink(missing_ok=True)


_TEXT_HEAD = _TEXT.format("plain").encode("ascii")
"""The head of a mail's text as ``composed`` writes it (UTF-8, quoted-printable)."""


def _composed_text(data: bytes) -> str | None:
    """The text of a mail as ``composed`` writes it, read without the email package (``Outbox.text``: what the
    package's parser gives, a tick reads the recent mails to each sender); ``None``: not such a mail.

    Its text is the body of a mail of text alone, or the first part of a multipart whose head is the text's
    (``_TEXT_HEAD`` and a blank line, right below a boundary line), up to the line break before the next line of
    that boundary (the parser's end of a part); either is quoted-printable of UTF-8, in ASCII."""
    import quopri

    end_of_head = data.find(b"\n\n")
    if end_of_head < 0:
        return None
    head = data[:end_of_head + 1]
    if head.count(b"Content-Type:") == 1 and b"\n" + _TEXT_HEAD in head and b"Content-Disposition" not in head:
        body = data[end_of_head + 2:]
    elif head.count(b"Content-Type:") == 1 and b"\nContent-Type: multipart/" in head:
        at = data.find(b"\nContent-Type: text/")
        start = data.rfind(b"\n--", 0, at)
        line_end = data.find(b"\n", start + 1)
        if at < 0 or start < 0 or line_end != at or not data.startswith(b"\n" + _TEXT_HEAD + b"\n", at):
            return None
        delimiter = data[start:line_end]  # "\n--boundary"
        begin = at + len(_TEXT_HEAD) + 2
        end = data.find(delimiter + b"\n", begin)
        if end < 0:
            return None
        body = data[begin:end]
    else:
        return None
    if not body.isascii() or b"\r" in body:
        return None
    return quopri.decodestring(body).decode("utf-8", "replace")


def _first_text(data: bytes) -> bytes:
    """A multipart mail's bytes up to the boundary line that ends its first text/plain part, when that part is not
    an attachment (what follows, the HTML and the pictures, is not needed for the text); else the whole mail.  The
    boundary is the one on the line before the part's headers, so no line of the text is taken for it."""
    at = data.find(b"\nContent-Type: text/plain")
    start = data.rfind(b"\n--", 0, at) if at >= 0 else -1
    body = data.find(b"\n\n", at) if start >= 0 else -1
    if body < 0 or b"attachment" in data[start:body].lower():
        return data
    delimiter = data[start:data.find(b"\n", start + 1)].rstrip(b"\r")
    end = data.find(delimiter, body)
    return data if end < 0 else data[:end + len(delimiter)] + b"\n"


_LINE_END = re.compile(rb"\r\n|\n|\r(?!\n)")


def _transmit(smtp: smtplib.SMTP, data: bytes, sender: str, to: list[str]) -> dict[str, tuple[int, bytes]]:
    """Send a queued mail's bytes as they are in the outbox (its lines ended CRLF, as ``send_message`` writes them;
    the same mail, not parsed and written again); an address that is not ASCII needs SMTPUTF8, and the mail's
    headers written in UTF-8: ``send_message`` does both.  The recipients refused, as ``sendmail`` gives them."""
    from email import message_from_bytes, policy

    if not "".join([sender, *to]).isascii():
        return smtp.send_message(message_from_bytes(data, policy=policy.default), from_addr=sender, to_addrs=to)
    return smtp.sendmail(sender, to, _LINE_END.sub(b"\r\n", data))


def _instant(when: object) -> str:
    """A record's time as text that sorts in time order (UTC), "" when it has none."""
    try:
        return datetime.fromisoformat(str(when)).astimezone(UTC).isoformat()
    except ValueError:
        return ""


def smtp_answer_of(code: int, message: bytes | str) -> str:
    """An SMTP server's answer as one line: its code and words."""
    text = message.decode("utf-8", "replace") if isinstance(message, bytes) else str(message)
    return f"{code} {' '.join(text.split())}"[:200]


def smtp_answer(exc: BaseException) -> str:
    """An SMTP error as the server's code and words; any other error as itself."""
    code, message = getattr(exc, "smtp_code", None), getattr(exc, "smtp_error", None)
    if isinstance(code, int) and message is not None:
        return smtp_answer_of(code, message)
    return str(exc)


def bare_address(text: str) -> str:
    """The address of ``Name <address>`` (the text itself when it holds none)."""
    from email.utils import getaddresses

    found = getaddresses([text])
    return found[0][1] if found and found[0][1] else text


def smtp_transport(server: Server, context: ssl.SSLContext | None) -> smtplib.SMTP:
    """A connection to the SMTP server, TLS from the start where it says so (STARTTLS and login are the
    caller's: ``mail check`` tells each step's failure apart)."""
    import smtplib

    if server.security == "tls":
        return smtplib.SMTP_SSL(server.host, server.port, timeout=server.timeout, context=context)
    return smtplib.SMTP(server.host, server.port, timeout=server.timeout)


KEPT_MAILS = 100
"""The most mails sent over one kept connection before it is closed and another opened (a server may refuse more
in one session: Exim's ``smtp_accept_max_per_connection`` is 1,000)."""

_KEPT: list[dict[tuple[Server, str], tuple[smtplib.SMTP, int]]] = []
"""While ``kept_connections`` is open: each server's connection left open by the last game that sent through it,
with the mails sent over it."""


@contextmanager
def kept_connections() -> Iterator[None]:
    """While it is open, a game's sending leaves its SMTP connection open for the next game that sends through the
    same server, as the same user (a tick over many games: ``loop.py``): one connection, not one a game (issue 34).
    A kept connection is asked whether it still answers (``NOOP``) before it is used again; one that does not, or
    that carried ``KEPT_MAILS``, is closed and another opened.  Leaving the block closes them all."""
    _KEPT.append({})
    try:
        yield
    finally:
        for smtp, _count in _KEPT.pop().values():
            _close(smtp)


@contextmanager
def _connection(server: Server, base: Path, mails: int) -> Iterator[smtplib.SMTP]:
    """A connection to ``server``, logged in, for ``mails`` mails: a kept one (``kept_connections``) or a new one,
    closed after."""
    if not _KEPT:
        with _connect(server, base) as smtp:
            yield smtp
        return
    key = (server, server.password(base) if server.user else "")  # the same server as the same user, whichever game
    kept, count = _KEPT[-1].pop(key, (None, 0))
    if kept is not None and (count >= KEPT_MAILS or not _answers(kept)):
        _close(kept)
        kept = None
    smtp = kept if kept is not None else _connect(server, base)
    count = count if kept is not None else 0
    try:
        yield smtp
    except BaseException:
        _close(smtp)  # whatever went wrong, the next game starts on a new connection
        raise
    _KEPT[-1][key] = smtp, count + mails


def _answers(smtp: smtplib.SMTP) -> bool:
    import smtplib

    try:
        return smtp.noop()[0] == 250
    except (OSError, smtplib.SMTPException):
        return False


def _close(smtp: smtplib.SMTP) -> None:
    import smtplib

    try:
        smtp.quit()
    except (OSError, smtplib.SMTPException):
        smtp.close()


def _connect(server: Server, base: Path) -> smtplib.SMTP:
    context = server.tls()
    smtp = smtp_transport(server, context)
    if server.security == "starttls":
        smtp.starttls(context=context)
    if server.user:
        smtp.login(server.user, server.password(base))
    return smtp
