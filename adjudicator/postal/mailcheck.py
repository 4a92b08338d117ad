"""``adjudicate mail check``: try a game's mail configuration for real, step by step, and say what failed.

The source is opened as a tick opens it (an IMAP login and its folder, or the
Maildir, mbox or folder of ``.eml`` files); the SMTP server is logged in to and
sends the GM one test mail from the robot's address.  Each step gives a
``Finding``: a code and its data, never a sentence (the CLI words them), so a
GM reads which step failed: an unknown host, a closed port, TLS, a refused
login, a missing ``[smtp]``.
"""

from __future__ import annotations

import contextlib
import smtplib
import socket
import ssl
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Literal

from adjudicator.postal.inbox import MAIL_DIR
from adjudicator.postal.mailconfig import MailConfig, MailConfigError, Server
from adjudicator.postal.mailsource import imap_transport
from adjudicator.postal.outbox import bare_address, smtp_answer, smtp_answer_of, smtp_transport

Step = Literal["source", "smtp"]
Code = Literal["imap-ok", "files-ok", "sent", "no-path", "no-smtp", "unknown-host", "refused", "timeout", "tls",
               "no-starttls", "login-refused", "password", "no-folder", "sender-refused", "gm-refused", "failed"]


@dataclass(frozen=True)
class Finding:
    """One step of the check: what was tried (``step``), its outcome (``code``), and what to name."""

    step: Step
    code: Code
    ok: bool
    data: tuple[tuple[str, str], ...] = ()

    def get(self, key: str) -> str:
        return dict(self.data).get(key, "")


def check(config: MailConfig, now: datetime, folder_name: str) -> list[Finding]:
    """Every step of the configuration tried: the source, then SMTP with a test mail to the GM (``folder_name``:
    the game's folder, named in the mail)."""
    return [_source(config), _smtp(config, now, folder_name)]


def _found(step: Step, code: Code, ok: bool = False, at: Mapping[str, str | int] | None = None,
           **data: str | int) -> Finding:
    """A finding; ``at``: the server tried (proto, host, port)."""
    return Finding(step, code, ok, tuple((k, str(v)) for k, v in {**(at or {}), **data}.items()))


def _source(config: MailConfig) -> Finding:
    if config.kind != "imap":
        assert config.path is not None
        exists = config.path.is_dir() if config.kind in ("maildir", "eml") else config.path.is_file()
        if not exists:
            return _found("source", "no-path", kind=config.kind, path=str(config.path))
        return _found("source", "files-ok", True, kind=config.kind, path=str(config.path))
    assert config.imap is not None
    return _imap(config.imap, config)


def _imap(server: Server, config: MailConfig) -> Finding:
    from imapclient.exceptions import IMAPClientError, LoginError

    where: dict[str, str | int] = {"host": server.host, "port": server.port, "proto": "IMAP"}
    try:
        password = server.password(config.base) if server.user else ""
    except MailConfigError as exc:
        return _found("source", "password", at=where, why=str(exc))
    context = server.tls()
    with _network("source", where, (IMAPClientError,)) as failed:
        client = imap_transport(server, context)
        try:
            if server.security == "starttls":
                try:
                    client.starttls(context)
                except IMAPClientError as exc:
                    return _found("source", "no-starttls", at=where, answer=str(exc))
            if server.user:
                try:
                    client.login(server.user, password)
                except (LoginError, IMAPClientError) as exc:
                    return _found("source", "login-refused", at=where, user=server.user, answer=str(exc))
            try:
                info = client.select_folder(server.folder, readonly=True)
            except IMAPClientError as exc:
                return _found("source", "no-folder", at=where, folder=server.folder, answer=str(exc))
            return _found("source", "imap-ok", True, at=where, user=server.user, folder=server.folder,
                          count=int(info.get(b"EXISTS", 0)))
        finally:
            with contextlib.suppress(OSError, IMAPClientError):
                client.logout()
    return failed[0]


def _smtp(config: MailConfig, now: datetime, folder_name: str) -> Finding:
    server = config.smtp
    if server is None:
        return _found("smtp", "no-smtp", where=str(config.base / MAIL_DIR / "outbox"))
    where: dict[str, str | int] = {"host": server.host, "port": server.port, "proto": "SMTP"}
    try:
        password = server.password(config.base) if server.user else ""
    except MailConfigError as exc:
        return _found("smtp", "password", at=where, why=str(exc))
    context = server.tls()
    with _network("smtp", where) as failed:
        smtp = smtp_transport(server, context)
        with smtp:
            if server.security == "starttls":
                try:
                    smtp.starttls(context=context)
                except smtplib.SMTPNotSupportedError as exc:
                    return _found("smtp", "no-starttls", at=where, answer=str(exc))
            if server.user:
                try:
                    smtp.login(server.user, password)
                except smtplib.SMTPException as exc:
                    return _found("smtp", "login-refused", at=where, user=server.user, answer=smtp_answer(exc))
            mail = test_mail(config, now, folder_name)
            try:
                smtp.send_message(mail, from_addr=bare_address(config.sender), to_addrs=[config.gm_address])
            except smtplib.SMTPSenderRefused as exc:
                return _found("smtp", "sender-refused", at=where, sender=config.sender, answer=smtp_answer(exc))
            except smtplib.SMTPRecipientsRefused as exc:
                answers = "; ".join(smtp_answer_of(c, m) for c, m in exc.recipients.values())
                return _found("smtp", "gm-refused", at=where, gm=config.gm_address, answer=answers)
            return _found("smtp", "sent", True, at=where, user=server.user, gm=config.gm_address,
                          sender=config.sender)
    return failed[0]


@contextlib.contextmanager
def _network(step: Step, where: dict[str, str | int],
             others: tuple[type[Exception], ...] = ()) -> Iterator[list[Finding]]:
    """What went wrong on the network (or ``others``: a client's own errors), as a finding in the list it yields
    (empty when nothing did)."""
    failed: list[Finding] = []
    try:
        yield failed
    except socket.gaierror as exc:
        failed.append(_found(step, "unknown-host", at=where, answer=exc.strerror or str(exc)))
    except ConnectionRefusedError:
        failed.append(_found(step, "refused", at=where))
    except TimeoutError:
        failed.append(_found(step, "timeout", at=where))
    except ssl.SSLError as exc:
        failed.append(_found(step, "tls", at=where, answer=exc.reason or str(exc)))
    except (OSError, smtplib.SMTPException) as exc:
        failed.append(_found(step, "failed", at=where, answer=smtp_answer(exc)))
    except others as exc:
        failed.append(_found(step, "failed", at=where, answer=str(exc)))


def test_mail(config: MailConfig, now: datetime, folder_name: str) -> EmailMessage:
    """The mail ``mail check`` sends the GM (English: the GM's language)."""
    mail = EmailMessage()
    mail["From"], mail["To"] = config.sender, config.gm
    mail["Subject"] = f"Dampfross per Post: test mail of {folder_name}"
    mail["Date"] = format_datetime(now)
    mail["Message-ID"] = make_msgid(domain=bare_address(config.sender).rpartition("@")[2] or None)
    mail["Auto-Submitted"] = "auto-generated"
    mail["X-Dampfross"] = "mail-check"
    mail.set_content(f"This mail was sent by `adjudicate mail check {folder_name}`:\n"
                     "the game's SMTP server takes mail from the robot's address, and it reaches you.\n")
    return mail

