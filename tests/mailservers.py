"""Real mail servers on localhost for the postal tests: SMTP (aiosmtpd, in this process) and IMAP (pymap).

No mocks: the program talks SMTP and IMAP over a socket to servers that run here.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from tests import clock


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class SmtpServer:
    """An SMTP server on localhost that keeps every mail it is given; ``refuse`` makes it fail every mail."""

    port: int
    mails: list[EmailMessage] = field(default_factory=list)
    envelopes: list[tuple[str, list[str]]] = field(default_factory=list)
    refuse: bool = False
    refused: dict[str, str] = field(default_factory=dict)  # a recipient and the server's answer to its RCPT

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:  # aiosmtpd's hook
        if address.lower() in self.refused:
            return self.refused[address.lower()]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # aiosmtpd's hook
        if self.refuse:
            return "451 4.3.0 try again later"
        msg = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(msg, EmailMessage)
        self.mails.append(msg)
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        return "250 OK"

    def names(self) -> list[str]:
        """The X-Dampfross name of each mail received (what it is: receipt-00001-RED, report-001-RED...)."""
        return [str(m["X-Dampfross"]) for m in self.mails]

    def toml(self) -> str:
        return f'[smtp]\nhost = "127.0.0.1"\nport = {self.port}\nsecurity = "none"\ntimeout = 5\n'


@contextlib.contextmanager
def smtp_server(utf8: bool = True, size_limit: int = 33554432) -> Iterator[SmtpServer]:
    """``utf8``: whether the server takes non-ASCII addresses (SMTPUTF8; aiosmtpd's Controller offers it);
    ``size_limit``: the largest mail it takes, in bytes (offered as ESMTP SIZE; a larger one gets 552 at MAIL)."""
    from aiosmtpd.controller import Controller

    server = SmtpServer(free_port())
    controller = Controller(server, hostname="127.0.0.1", port=server.port, enable_SMTPUTF8=utf8,
                            data_size_limit=size_limit)
    controller.start()
    try:
        yield server
    finally:
        controller.stop()


@dataclass(frozen=True)
class ImapServer:
    port: int
    user: str = "gm"
    password: str = "imap-secret"

    def toml(self) -> str:
        """mail.toml's ``[source]`` for this server (its password in ``TEST_IMAP_PASSWORD``)."""
        return (f'[source]\nkind = "imap"\nhost = "127.0.0.1"\nport = {self.port}\nsecurity = "none"\n'
                f'user = "{self.user}"\npassword_env = "TEST_IMAP_PASSWORD"\n\n')

    def client(self) -> Any:
        from imapclient import IMAPClient

        c = IMAPClient("127.0.0.1", self.port, ssl=False, timeout=10)
        c.login(self.user, self.password)
        return c


@contextlib.contextmanager
def imap_server(tmp: Path) -> Iterator[ImapServer]:
    """pymap's in-memory server in a subprocess (skipped, saying why, when pymap is not installed); with the
    clock ahead (``--clock-ahead``) it runs under libfaketime where that is installed (it dates a mail appended
    without ``msg_time``)."""
    exe = shutil.which("pymap", path=str(Path(sys.executable).parent)) or shutil.which("pymap")
    if exe is None:
        pytest.skip("pymap (the test extra's IMAP server) is not installed: pip install -e '.[test]'")
    server = ImapServer(free_port())
    log = (tmp / "pymap.log").open("w")
    proc = subprocess.Popen([*clock.subprocess_prefix(), exe, "--host", "127.0.0.1", "--port", str(server.port),
                             "--no-tls", "dict", "--demo-user", server.user, "--demo-password", server.password],
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", server.port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"pymap did not start: {(tmp / 'pymap.log').read_text()}")
                time.sleep(0.1)
        yield server
    finally:  # the whole group: under libfaketime pymap is the faketime wrapper's child, not left behind
        _signal_group(proc, signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            _signal_group(proc, signal.SIGKILL)
            proc.wait(5)
        log.close()


def _signal_group(proc: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    """``sig`` to the process group ``proc`` leads (``start_new_session``), ignoring a group already gone."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)


def mail_bytes(sender: str, body: str, subject: str, date: datetime | str | None = None) -> bytes:
    """A plain mail to the GM, as a player's program would send it; ``date``: its ``Date`` (the test's time; the
    robot reads a mail's arrival from its source, never from its ``Date``)."""
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = sender, "gm@example.org", subject
    if date is not None:
        m["Date"] = clock.date_header(date)
    m["Message-ID"] = f"<{subject.replace(' ', '-')}@example.org>"
    m.set_content(body)
    return m.as_bytes()


def text_of(m: EmailMessage) -> str:
    """A received mail's plain text."""
    return str(m.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]


def sent(smtp: SmtpServer, prefix: str, to: str) -> list[EmailMessage]:
    """The mails the SMTP server received whose outbox name begins with ``prefix``, to ``to``."""
    return [m for m in smtp.mails if str(m["X-Dampfross"]).startswith(prefix) and to in str(m["To"])]
