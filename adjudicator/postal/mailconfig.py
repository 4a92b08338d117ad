"""The GM's mail configuration of a game: ``DIR/mail.toml`` (GM only, mode 0600; never part of game.json).

::

    from = "Dampfross GM <gm@example.org>"   # the sender of every mail
    gm = "gm@example.org"                    # optional: receipts of GM sections

    [source]                                 # where orders arrive
    kind = "maildir"                         # maildir | mbox | eml | imap
    path = "/home/gm/Maildir"                # maildir, mbox, eml: relative to DIR or absolute
    # imap: host, port, security (tls | starttls | none), user, folder,
    #       password_env = "VARIABLE" or password_file = "imap.secret"

    [site]                                   # optional: the order pages of ``adjudicate site``
    recipient = true                         # their "Send by mail" writes to the address of ``from``
                                             # (false: the player fills in the address)

    [smtp]                                   # optional: without it mail waits in the outbox
    host = "smtp.example.org"
    port = 587
    security = "starttls"                    # tls | starttls | none
    user = "gm@example.org"                  # optional
    password_env = "DAMPFROSS_SMTP_PASSWORD" # or password_file = "smtp.secret" (GM only)

Passwords never stand in the file itself: an environment variable or a file
of their own (relative to DIR) holds them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # ssl and the email package, loaded when a connection is made or an address read: not by a turn
    import ssl

from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.postal.files import Folder

CONFIG_FILE = "mail.toml"
SOURCES = ("maildir", "mbox", "eml", "imap")
SECURITY = ("tls", "starttls", "none")
_TOP = {"from", "gm", "source", "smtp", "site"}
_SERVER = {"host", "port", "security", "user", "password_env", "password_file", "folder", "timeout"}
_SOURCE = {"kind", "path"} | _SERVER


class MailConfigError(AdjudicatorError):
    """The mail configuration cannot be used."""


@cache
def tls_context() -> ssl.SSLContext:
    """The one TLS context of the process (the system's certificates, verified host names)."""
    import ssl

    return ssl.create_default_context()


@dataclass(frozen=True)
class Server:
    """An IMAP or SMTP server: where, how securely, as whom, and where its password is kept."""

    host: str
    port: int
    security: str
    user: str = ""
    password_env: str = ""
    password_file: str = ""
    folder: str = "INBOX"
    timeout: float = 30.0

    def tls(self) -> ssl.SSLContext | None:
        """The TLS context for this server (``None`` with ``security = "none"``): built once a process, since
        loading the system's certificates costs a third of a tick over a thousand games (issue 34)."""
        return None if self.security == "none" else tls_context()

    def password(self, base: Path) -> str:
        """The password from its variable or file (``""``: none configured)."""
        if self.password_env:
            value = os.environ.get(self.password_env)
            if value is None:
                raise MailConfigError(f"the environment variable {self.password_env} (the password of "
                                      f"{self.host}) is not set")
            return value
        if self.password_file:
            path = base / self.password_file
            try:
                return path.read_text(encoding="utf-8").strip()
            except OSError as exc:
                raise MailConfigError(f"{path}: cannot read the password of {self.host}: "
                                      f"{exc.strerror or exc}") from None
        return ""


@dataclass(frozen=True)
class MailConfig:
    """A game's mail: the sender, the GM's address, where mail comes from, how it goes out."""

    base: Path
    sender: str
    gm: str
    kind: str
    path: Path | None = None
    imap: Server | None = None
    smtp: Server | None = None
    site_recipient: bool = True

    @property
    def robot_address(self) -> str:
        """The address the robot reads and sends from (``from`` without its name), where order pages send to."""
        return _address(self.sender, "from")

    @property
    def order_page_to(self) -> str:
        """The recipient of an order page's mail: the robot's address, unless ``[site] recipient = false``."""
        return self.robot_address if self.site_recipient else ""

    @property
    def gm_address(self) -> str:
        """The GM's own address, lower case (``gm`` may be ``Name <address>``)."""
        from email.utils import getaddresses

        found = [x for _, x in getaddresses([self.gm]) if "@" in x]
        return found[0].lower() if found else self.gm.lower()


def load_config(gdir: Folder) -> MailConfig | None:
    """The game's mail configuration, or ``None`` when the game has no ``mail.toml``."""
    path = gdir.path / CONFIG_FILE
    if not path.is_file():
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MailConfigError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    return parse_config(text, gdir.path, str(path))


def order_page_to(gdir: Folder) -> str:
    """Where the order pages of a game's site send their mail (``MailConfig.order_page_to``): ``""`` without a
    ``mail.toml``, or when it cannot be read (the site is made all the same; ``tick`` reports the file's problem)."""
    try:
        config = load_config(gdir)
    except MailConfigError:
        return ""
    return config.order_page_to if config else ""


def parse_config(text: str, base: Path, where: str) -> MailConfig:
    """A ``mail.toml``'s text read and checked (``base``: the game's folder, ``where``: the file's name in errors)."""
    import tomllib  # a turn run from files reads no mail.toml: not imported by it

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MailConfigError(f"{where}: not valid TOML: {exc}") from None
    _known(doc, _TOP, where)
    sender = _text(doc, "from", where, required=True)
    _address(sender, f"{where}: from")
    gm = _text(doc, "gm", where) or sender
    source = doc.get("source")
    if not isinstance(source, dict):
        raise MailConfigError(f"{where}: a [source] table is needed (kind = maildir, mbox, eml or imap)")
    _known(source, _SOURCE, f"{where} [source]")
    kind = _text(source, "kind", f"{where} [source]", required=True)
    if kind not in SOURCES:
        raise MailConfigError(f"{where} [source]: kind {kind!r} is not one of {', '.join(SOURCES)}")
    recipient = _site(doc, where)
    if kind == "imap":
        return MailConfig(base, sender, gm, kind, imap=_server(source, f"{where} [source]", 993),
                          smtp=_smtp(doc, where), site_recipient=recipient)
    raw = _text(source, "path", f"{where} [source]", required=True)
    return MailConfig(base, sender, gm, kind, path=base / raw, smtp=_smtp(doc, where), site_recipient=recipient)


MAX_TIMEOUT = 600.0
"""The longest a mail server may keep a tick waiting, in seconds (cron runs the next tick in a few minutes)."""


def config_text(sender: str, gm: str, source: dict[str, str | int], smtp: dict[str, str | int] | None) -> str:
    """The text of a ``mail.toml`` (``adjudicate mail init``): the keys given, in the order given; no ``[smtp]``
    when ``smtp`` is ``None`` (mail then waits in the outbox).  Not checked here: ``parse_config`` does that."""
    lines = ["# The GM's mail configuration (adjudicate mail init). GM only: mode 0600.",
             "# Passwords never stand here: password_env names a variable, password_file a file.",
             f"from = {_toml(sender)}"]
    if gm:
        lines.append(f"gm = {_toml(gm)}")
    for name, table in (("source", source), ("smtp", smtp)):
        if table is not None:
            lines += ["", f"[{name}]", *(f"{k} = {_toml(v)}" for k, v in table.items() if v != "")]
    if smtp is None:
        lines += ["", "# No [smtp]: every mail waits in mail/outbox as an .eml file."]
    return "\n".join(lines) + "\n"


def _toml(value: str | int) -> str:
    """A TOML value: a number as it is, text as a basic string (JSON's escapes are TOML's)."""
    return str(value) if isinstance(value, int) else json.dumps(value, ensure_ascii=False)


def _site(doc: dict[str, Any], where: str) -> bool:
    """``[site] recipient``: whether the order pages write the robot's address into their mails (default yes)."""
    table = doc.get("site", {})
    if not isinstance(table, dict):
        raise MailConfigError(f"{where}: site must be a table ([site])")
    _known(table, {"recipient"}, f"{where} [site]")
    recipient = table.get("recipient", True)
    if not isinstance(recipient, bool):
        raise MailConfigError(f"{where} [site]: recipient must be true or false")
    return recipient


def _smtp(doc: dict[str, Any], where: str) -> Server | None:
    table = doc.get("smtp")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise MailConfigError(f"{where}: smtp must be a table ([smtp])")
    _known(table, _SERVER - {"folder"}, f"{where} [smtp]")
    return _server(table, f"{where} [smtp]", 587)


def _server(table: dict[str, Any], where: str, default_port: int) -> Server:
    host = _text(table, "host", where, required=True)
    security = _text(table, "security", where) or ("tls" if default_port == 993 else "starttls")
    if security not in SECURITY:
        raise MailConfigError(f"{where}: security {security!r} is not one of {', '.join(SECURITY)}")
    port = table.get("port", default_port)
    if not isinstance(port, int) or not 0 < port < 65536:
        raise MailConfigError(f"{where}: port must be a number from 1 to 65535")
    timeout = table.get("timeout", 30)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= MAX_TIMEOUT:
        raise MailConfigError(f"{where}: timeout must be a number of seconds, more than 0 and at most {MAX_TIMEOUT:g}, "
                              f"not {timeout!r}")
    env, file = _text(table, "password_env", where), _text(table, "password_file", where)
    if env and file:
        raise MailConfigError(f"{where}: give password_env or password_file, not both")
    return Server(host, port, security, _text(table, "user", where), env, file,
                  _text(table, "folder", where) or "INBOX", float(timeout))


def _known(table: dict[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(table) - keys)
    if "password" in unknown:
        raise MailConfigError(f"{where}: no password in the configuration: use password_env (an environment "
                              "variable) or password_file (a file of its own, GM only)")
    if unknown:
        raise MailConfigError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(keys))})")


def _text(table: dict[str, Any], key: str, where: str, required: bool = False) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise MailConfigError(f"{where}: {key} must be text in quotes")
    if required and not value.strip():
        raise MailConfigError(f"{where}: {key} is missing")
    return value.strip()


def _address(text: str, where: str) -> str:
    """The address of ``Name <addr>`` or ``addr``; ``MailConfigError`` when there is none."""
    from email.headerregistry import Address
    from email.utils import getaddresses

    found = [a for _, a in getaddresses([text]) if "@" in a]
    if len(found) != 1:
        raise MailConfigError(f"{where}: {text!r} is not one mail address")
    try:
        Address(addr_spec=found[0])
    except (ValueError, IndexError):
        raise MailConfigError(f"{where}: {text!r} is not a mail address") from None
    return found[0]
