"""A mail's bytes to what the adjudicator reads: sender, headers, and the texts that may hold orders.

The standard library's ``email`` with the modern policy reads any charset
and transfer encoding.  The texts are the mail's body (``text/plain``, or
its HTML made text when there is no plain part) and every attachment that
is text (``text/*``, or a name ending ``.txt``/``.orders``).  What is not
read is said, as a code: an attachment that is not text, or larger than
an order file can be (``MAX_FILE_BYTES``), a charset nobody knows, a mail
too big to read at all.

No mail stops the robot: a mail with more MIME parts than ``MAX_PARTS`` or
a header block over ``MAX_HEADER_BYTES`` is read for its headers only (the
parser's cost grows with both: 10,000 parts or a 1 MB header took some 20 s
each), and a mail the parser cannot read at all (1,000 nested multiparts
ran it out of stack) is read for its headers, as far as they can be read,
with the note ``unreadable``.  ``read_mail`` never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from email import message_from_bytes, policy
from email.headerregistry import BaseHeader, HeaderRegistry
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser
from email.utils import parsedate_to_datetime
from functools import lru_cache
from html.parser import HTMLParser
from typing import Any, Literal

from adjudicator.postal.files import MAX_FILE_BYTES, decode_bytes

ORDER_NAMES = (".txt", ".orders", ".text")
"""Attachments with these name endings are read as order files whatever their content type."""

MAX_PARTS = 100
"""The most MIME parts (counted by their delimiter and Content-Type lines) a mail may have to be read in full: an
order mail has a body and a few attachments."""

MAX_HEADER_BYTES = 64 * 1024
"""The largest header block read in full; of a larger one the first ``MAX_HEADER_BYTES`` are read."""

MailNoteCode = Literal["too-big", "html-body", "not-text", "part-too-big", "bad-charset", "no-text",
                       "too-many-parts", "header-too-big", "unreadable"]

HEADERS_ONLY: frozenset[MailNoteCode] = frozenset({"too-big", "too-many-parts", "header-too-big", "unreadable"})
"""The notes of a mail read for its headers only (no text of it is read for orders)."""


@dataclass(frozen=True)
class MailNote:
    """Something about how the mail was read: a code, and the attachment's name and size if it is about one."""

    code: MailNoteCode
    name: str = ""
    size: int = 0


@dataclass(frozen=True)
class MailText:
    """A text of the mail that may hold orders: ``name`` is "" for the body, else the attachment's name."""

    name: str
    text: str


@dataclass(frozen=True)
class MailContent:
    """What a mail says."""

    message_id: str
    sender: str  # the address of From, lower case ("" when there is none)
    sender_name: str
    date: datetime | None  # the sender's Date header (for the record only, never for ordering)
    subject: str
    texts: tuple[MailText, ...] = ()
    notes: tuple[MailNote, ...] = field(default_factory=tuple)
    auto: bool = False  # an auto-reply, a list's mail or a bounce: never answered (``is_automatic``)
    replies_to: tuple[str, ...] = ()  # the Message-IDs of In-Reply-To and References: the mails it answers


class _KeptHeaders(HeaderRegistry):
    """The standard header registry, each header parsed once for the same name and value: a mail's parts ask for
    their Content-Type again and again, and a flood's mails carry the same headers (a parsed header is a value
    nobody changes)."""

    @lru_cache(maxsize=8192)  # noqa: B019 - one registry for the program's life
    def __call__(self, name: str, value: str) -> BaseHeader:
        return super().__call__(name, value)


POLICY = policy.default.clone(header_factory=_KeptHeaders())
"""The policy every mail is read with: ``policy.default``, its headers parsed once each."""


def read_mail(data: bytes, too_big: bool = False, size: int = 0) -> MailContent:
    """Read a mail (only its headers when ``too_big``, or when it is too complex to read); never raises."""
    head, cut = _head(data)
    if too_big or cut or _parts(data) > MAX_PARTS:
        content = _headers_or_none(head)
        note: MailNoteCode = "too-big" if too_big else "header-too-big" if cut else "too-many-parts"
        return _with(content, (), (MailNote(note, size=size if too_big else len(data)),))
    try:  # the whole mail parsed once, its headers read from it
        whole = message_from_bytes(data, policy=POLICY)
    except Exception:  # any mail (1,000 nested parts: RecursionError) is stored and answered
        return _with(_headers_or_none(head), (), (MailNote("unreadable", size=len(data)),))
    try:
        content = _content(whole)
    except Exception:  # a header block the parser cannot read: the mail is kept without them
        content = _NO_HEADERS
    try:
        return _read_whole(whole, content)
    except Exception:
        return _with(content, (), (MailNote("unreadable", size=len(data)),))


_NO_HEADERS = MailContent("", "", "", None, "")


def _headers_or_none(head: bytes) -> MailContent:
    """What the header block says (nothing, when the parser cannot read it)."""
    try:
        return _content(BytesHeaderParser(policy=POLICY).parsebytes(head))
    except Exception:
        return _NO_HEADERS


def _head(data: bytes) -> tuple[bytes, bool]:
    """The header block of a mail (up to the first empty line), and whether it was cut at ``MAX_HEADER_BYTES``."""
    ends = [i for i in (data.find(b"\r\n\r\n", 0, MAX_HEADER_BYTES + 4), data.find(b"\n\n", 0, MAX_HEADER_BYTES + 2))
            if i >= 0]
    if ends:
        return data[: min(ends)] + b"\n\n", False
    if len(data) <= MAX_HEADER_BYTES:
        return data, False
    block = data[:MAX_HEADER_BYTES]
    return block[: block.rfind(b"\n") + 1] + b"\n", True


_PART_LINE = re.compile(rb"^(?:--|content-type:)", re.I | re.M)


def _parts(data: bytes) -> int:
    """An upper bound of the MIME parts: the lines that may open one (a delimiter ``--...`` or a Content-Type)."""
    return len(_PART_LINE.findall(data))


def _content(msg: Message) -> MailContent:
    """What a mail's headers say (no texts yet)."""
    name, address = _from(msg)
    return MailContent(_header(msg, "Message-ID"), address, name, _date(msg), _header(msg, "Subject"),
                       auto=is_automatic(msg), replies_to=_replies_to(msg))


def _read_whole(msg: Message, head: MailContent) -> MailContent:
    notes: list[MailNote] = []
    texts: list[MailText] = []
    body = msg.get_body(preferencelist=("plain", "html")) if isinstance(msg, EmailMessage) else None
    if body is not None:
        text = _text_of(body, "", notes)
        if text is not None:
            if body.get_content_subtype() == "html":
                notes.append(MailNote("html-body"))
                text = html_to_text(text)
            texts.append(MailText("", text))
    attachments = list(msg.iter_attachments()) if isinstance(msg, EmailMessage) else []
    for i, part in enumerate(attachments, 1):
        filename = part.get_filename() or f"attachment-{i}"
        is_text = part.get_content_maintype() == "text" or filename.lower().endswith(ORDER_NAMES)
        if not is_text:
            notes.append(MailNote("not-text", filename, len(_raw(part))))
            continue
        text = _text_of(part, filename, notes)
        if text is not None:
            texts.append(MailText(filename, html_to_text(text) if part.get_content_subtype() == "html" else text))
    if not texts:
        notes.append(MailNote("no-text"))
    return _with(head, tuple(texts), tuple(notes))


_AUTO_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
_AUTO_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Autogenerated", "X-AutoReply-From", "X-Mail-Autoreply",
                 "List-Id")
_AUTO_SUBJECT = re.compile(
    r"(?:automatic reply|auto-?reply|out of (?:the )?office(?: autoreply)?|automatische antwort|abwesenheitsnotiz"
    r"|r[ée]ponse automatique|respuesta autom[áa]tica|risposta automatica|automatisch antwoord)\s*:", re.I)
"""The subjects auto-responders that set no RFC 3834 header give their replies (Exchange, Outlook, mail
providers, in the languages of the players): a person's mail of orders never begins so."""


def is_automatic(msg: Message) -> bool:
    """True for a mail no robot should answer (RFC 3834): an auto-reply (``Auto-Submitted`` other than ``no``,
    ``X-Autoreply``, ``X-Autorespond`` and their kin, ``Precedence: bulk|junk|list|auto_reply``, a subject such
    as ``Automatic reply:``), a mailing list's mail (``List-Id``) or a bounce (an empty ``Return-Path``, a
    delivery report)."""
    submitted = _header(msg, "Auto-Submitted").lower()
    if submitted and submitted.split(";")[0].strip() != "no":
        return True
    if any(_header(msg, name) for name in _AUTO_HEADERS):
        return True
    if _header(msg, "Precedence").lower() in _AUTO_PRECEDENCE:
        return True
    if _header(msg, "Return-Path").replace(" ", "") == "<>":
        return True
    if _AUTO_SUBJECT.match(_header(msg, "Subject")):
        return True
    return _header(msg, "Content-Type").lower().startswith("multipart/report")


def _with(head: MailContent, texts: tuple[MailText, ...], notes: tuple[MailNote, ...]) -> MailContent:
    return MailContent(head.message_id, head.sender, head.sender_name, head.date, head.subject, texts, notes,
                       head.auto, head.replies_to)


MAX_REPLIES_TO = 20
"""The most Message-IDs of In-Reply-To and References kept (the last ones: the nearest in the thread)."""


def _replies_to(msg: Message) -> tuple[str, ...]:
    ids = re.findall(r"<[^<>\s]{1,250}>", f"{_header(msg, 'In-Reply-To')} {_header(msg, 'References')}")
    return tuple(dict.fromkeys(ids))[-MAX_REPLIES_TO:]


def _header(msg: Message, name: str) -> str:
    try:
        value = msg.get(name)
        return " ".join(str(value).split()) if value is not None else ""
    except Exception:  # the header parser raises many kinds on a broken header: absent
        return ""


def _from(msg: Message) -> tuple[str, str]:
    """The display name and address of the mail's one author; the address is "" (a stranger's mail) unless
    ``From`` is exactly one valid address (``sender_of``)."""
    try:
        return sender_of([str(value) for key, value in msg.raw_items() if key.lower() == "from"])
    except Exception:  # the header parser raises many kinds on a broken header: nobody
        return "", ""


_LOCAL = re.compile(r"[^\s@\"(),:;<>\[\]\\.]+(?:\.[^\s@\"(),:;<>\[\]\\.]+)*")
_LABEL = r"[^\W_](?:(?:[^\W_]|-)*[^\W_])?"
_DOMAIN = re.compile(rf"{_LABEL}(?:\.{_LABEL})+")
_BAD_FROM = ("InvalidHeaderDefect", "HeaderMissingRequiredValue", "NonPrintableDefect")
"""Defects that make a From header not one valid address (an obsolete form, raw UTF-8 are read)."""


def sender_of(fields: list[str]) -> tuple[str, str]:
    """``(name, address)`` of a mail's ``From`` header fields (their raw values): the address lower case, or ""
    when there is not exactly one field holding exactly one valid address.

    A receiver that enforces DMARC checks one address; when a header could be read as two (``anna@x.org
    <evil@y.org>``, ``anna@x.org, evil@y.org``, a second ``From``, a group, an encoded word that decodes to an
    address) the mail is nobody's.  ``Sender`` and ``Reply-To`` are never read."""
    if len(fields) != 1:
        return "", ""
    header: Any = POLICY.header_factory("From", fields[0])
    groups = header.groups
    if len(groups) != 1 or groups[0].display_name is not None or len(groups[0].addresses) != 1:
        return "", ""
    address = groups[0].addresses[0]
    name = _utf8(str(address.display_name))
    if any(type(d).__name__ in _BAD_FROM for d in header.defects) and not _twice(fields[0], address.addr_spec):
        return name, ""
    local, domain = _utf8(address.username), _utf8(address.domain)
    if not (_LOCAL.fullmatch(local) and _DOMAIN.fullmatch(domain) and len(local) <= 64 and len(domain) <= 253):
        return name, ""
    return name, f"{local}@{domain}".lower()


def _twice(raw: str, addr_spec: str) -> bool:
    """``anna@x.org <anna@x.org>``: one address written twice (some mail programs do), not two."""
    found = re.fullmatch(r"\s*([^\s<>]+)\s*<([^\s<>]+)>\s*", raw)
    return found is not None and found.group(1).lower() == found.group(2).lower() == addr_spec.lower()


def _utf8(text: str) -> str:
    """Raw UTF-8 in a header (RFC 6532) as the parser leaves it (surrogate escapes) made text."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _date(msg: Message) -> datetime | None:
    try:
        return parsedate_to_datetime(_header(msg, "Date"))
    except (TypeError, ValueError, IndexError):
        return None


def _raw(part: Message) -> bytes:
    payload = part.get_payload(decode=False)
    return payload.encode("ascii", "replace") if isinstance(payload, str) else b""


def _text_of(part: Message, name: str, notes: list[MailNote]) -> str | None:
    """A part's text in any charset and transfer encoding, with ``\n`` line ends; ``None`` (and a note) when
    it is too big."""
    text = _decoded(part, name, notes)
    return None if text is None else text.replace("\r\n", "\n").replace("\r", "\n")


def _decoded(part: Message, name: str, notes: list[MailNote]) -> str | None:
    raw = _raw(part)
    if len(raw) > MAX_FILE_BYTES * 2:  # base64 is 4/3 of the bytes, quoted-printable up to 3x
        notes.append(MailNote("part-too-big", name, len(raw)))
        return None
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        data = b""
    if len(data) > MAX_FILE_BYTES:
        notes.append(MailNote("part-too-big", name, len(data)))
        return None
    charset = part.get_content_charset()
    if charset:
        try:  # a codec may leave lone surrogates (UTF-7's "+2ME-"): they are no text, and no file could hold them
            return _SURROGATE.sub("\ufffd", data.decode(charset, errors="replace"))
        except LookupError:
            notes.append(MailNote("bad-charset", name))
    return decode_bytes(data)[0]


_SURROGATE = re.compile("[\ud800-\udfff]")


_BLOCK = {"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "ul", "ol",
          "blockquote", "hr", "dt", "dd", "section", "article", "header", "footer"}
_SKIP = {"script", "style", "head", "title"}


class _Text(HTMLParser):
    """HTML made text: block elements end lines, quoted blocks become ``> `` lines, scripts and styles vanish."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = [""]
        self.quote = 0
        self.skip = 0
        self.pre = 0

    def newline(self) -> None:
        self.lines.append("")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self.skip += 1
        elif tag in _BLOCK:
            self.newline()
            if tag == "blockquote":
                self.quote += 1
            elif tag == "pre":
                self.pre += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in _BLOCK:
            if tag == "blockquote":
                self.quote = max(0, self.quote - 1)
            elif tag == "pre":
                self.pre = max(0, self.pre - 1)
            self.newline()

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        chunks = data.split("\n") if self.pre else [re.sub(r"\s+", " ", data)]
        for i, chunk in enumerate(chunks):
            if i:
                self.newline()
            if not self.lines[-1] and self.quote:
                self.lines[-1] = "> " * self.quote
            self.lines[-1] += chunk

    def text(self) -> str:
        out = [line.rstrip().replace("\xa0", " ") for line in self.lines]
        text = "\n".join(line.lstrip(" ") if not line.startswith(">") else line for line in out)
        return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"


def html_to_text(html: str) -> str:
    """The text of an HTML mail, one line per paragraph or line break; quoted blocks as ``> `` lines."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return parser.text()
