"""The mails the robot sends, written: ``compose`` makes one with the email package, ``composed`` writes the mails
the robot sends itself, part by part as the package writes them (the package took some 2 ms for a mail with a
picture, a tenth of an InterUrban move in a tick: issue 34), and ``composed_text`` reads the text of such a mail
back without the package's parser; ``tests/test_postal_compose.py`` holds each to the package's.  The outbox
(``postal/outbox.py``) queues, sends and reads them.

Every mail is marked as a robot's (RFC 3834): an answer to a mail (a receipt, a reply to commands, a
notice) ``Auto-Submitted: auto-replied``, anything else ``auto-generated``, so that well-behaved
robots (vacation replies) do not answer it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the email package: loaded when a mail is composed or read (not by a turn that queues no mail)
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


_FROM_LINE = re.compile(r"^From ", re.M)
"""A line beginning ``From `` is written ``=46rom `` (the same text once decoded), or a mail store on the way would
turn it into ``>From`` (mbox quoting)."""


_TEXT_HEAD = _TEXT.format("plain").encode("ascii")
"""The head of a mail's text as ``composed`` writes it (UTF-8, quoted-printable)."""


def composed_text(data: bytes) -> str | None:
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


def first_text(data: bytes) -> bytes:
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
