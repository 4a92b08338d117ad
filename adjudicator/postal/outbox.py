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

The mails themselves are written by ``postal/compose.py`` (``Outgoing``, ``composed``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.postal.compose import Outgoing, composed, composed_text, first_text
from adjudicator.postal.files import Folder, atomic_write, record_text
from adjudicator.postal.inbox import MAIL_DIR
from adjudicator.postal.mailconfig import MailConfig, Server

if TYPE_CHECKING:  # the email package, smtplib and ssl: loaded when a mail is composed, read or sent (not by a turn
    import smtplib  # that queues no mail)
    import ssl


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


_MAIL_SIZE = (552,)
"""The answers to MAIL FROM that refuse one mail for good, not the sender: too large (RFC 1870)."""



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
        its first text part is parsed (``compose.first_text``), without making header objects (``compat32``; the first
        text/plain part not attached, as ``compose`` writes it, decoded as ``get_body().get_content()`` decodes
        it)."""
        from email import message_from_bytes, policy

        for d in (self.sent_dir, self.queue_dir):
            eml = self._paths(d, name)[0]
            try:
                data = eml.read_bytes()
            except OSError:
                continue
            plain = composed_text(data)
            if plain is not None:
                return plain
            msg = message_from_bytes(first_text(data), policy=policy.compat32)
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

    def told(self, name: str, doc: Mapping[str, Any]) -> None:
        """A mail the game would owe recorded as sent, with no mail of it: the players were told by other means
        (``doc`` says which, or why it was never owed: a game converted from the old format, whose robot sent it
        under its own name)."""
        self.sent_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic_write(self._paths(self.sent_dir, name)[1], record_text({"name": name, **doc}), 0o600)

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
