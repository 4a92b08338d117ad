"""The GM's first hour: ``adjudicate mail init`` writes a game's ``mail.toml``, ``adjudicate mail check`` tries it.

``init`` asks a few questions (or takes every answer as a flag, ``--no-input``
for scripts), checks the result as a tick would read it, and writes it with
mode 0600; a password typed in goes to a file of its own beside it
(``imap.secret``, ``smtp.secret``, mode 0600), never into ``mail.toml``.
``check`` logs in to the source and SMTP server and sends the GM a test mail
(``postal/mailcheck.py``); each failure is one line here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import getaddresses
from pathlib import Path
from typing import Any, TypeVar

import click

from adjudicator.postal.mailconfig import CONFIG_FILE, SECURITY, SOURCES, MailConfigError

PORTS = {"imap": {"tls": 993, "starttls": 143, "none": 143}, "smtp": {"tls": 465, "starttls": 587, "none": 25}}
"""The usual port of each protocol and security: the default when none is given."""

_Command = TypeVar("_Command", bound=Callable[..., Any])

_SECRET = {"imap": "imap.secret", "smtp": "smtp.secret"}
_ENV = {"imap": "DAMPFROSS_IMAP_PASSWORD", "smtp": "DAMPFROSS_SMTP_PASSWORD"}


@dataclass
class _Asker:
    """Each missing answer asked for, or (``--no-input``) an error naming the flag that gives it."""

    interactive: bool

    def text(self, value: str | None, flag: str, question: str, default: str | None = None) -> str:
        if value is not None:
            return value
        if not self.interactive:
            if default is not None:
                return default
            raise MailConfigError(f"mail init: {flag} is needed ({question})")
        return str(click.prompt(question, default=default, show_default=bool(default)))

    def choice(self, value: str | None, flag: str, question: str, choices: tuple[str, ...], default: str) -> str:
        if value is not None or not self.interactive:
            return value or default
        return str(click.prompt(question, type=click.Choice(choices), default=default))

    def number(self, value: int | None, question: str, default: int) -> int:
        if value is not None or not self.interactive:
            return value or default
        return int(click.prompt(question, type=click.IntRange(1, 65535), default=default))


def _server(ask: _Asker, proto: str, opts: dict[str, object], user_default: str) -> tuple[dict[str, str | int], str]:
    """The keys of one server's table, and a password typed in ("" when it is kept elsewhere)."""
    label = proto.upper()
    host = ask.text(_opt(opts, "host"), f"--{proto}-host", f"{label} host (e.g. {proto}.example.org)")
    security = ask.choice(_opt(opts, "security"), f"--{proto}-security", f"{label} security", SECURITY,
                          "tls" if proto == "imap" else "starttls")
    port_given = opts.get("port")
    port = ask.number(port_given if isinstance(port_given, int) else None, f"{label} port", PORTS[proto][security])
    user = ask.text(_opt(opts, "user"), f"--{proto}-user", f"{label} user name ('-': no login)", user_default)
    table: dict[str, str | int] = {"host": host, "port": port, "security": security}
    if user in ("", "-"):
        return table, ""
    table["user"] = user
    env, file = _opt(opts, "password_env"), _opt(opts, "password_file")
    if env and file:
        raise MailConfigError(f"mail init: give --{proto}-password-env or --{proto}-password-file, not both")
    typed = ""
    if not env and not file:
        if not ask.interactive:
            raise MailConfigError(f"mail init: {label} user {user} needs --{proto}-password-env VARIABLE or "
                                  f"--{proto}-password-file FILE")
        typed = str(click.prompt(f"{label} password (kept in {_SECRET[proto]}, mode 0600; empty: an environment "
                                 "variable holds it)", default="", hide_input=True, show_default=False))
        if typed:
            file = _SECRET[proto]
        else:
            env = str(click.prompt(f"{label} password's environment variable", default=_ENV[proto]))
    table["password_env" if env else "password_file"] = env or file or ""
    return table, typed


def _opt(opts: dict[str, object], key: str) -> str | None:
    value = opts.get(key) if key in opts else None
    return value if isinstance(value, str) else None


def _address(text: str) -> str:
    found = [a for _, a in getaddresses([text]) if "@" in a]
    return found[0] if found else ""


def _server_options(proto: str) -> Callable[[_Command], _Command]:
    """The flags of one server (``--imap-host`` ...), added to a command."""
    label = proto.upper()

    def add(f: _Command) -> _Command:
        for option in reversed((
            click.option(f"--{proto}-host", metavar="HOST", help=f"The {label} server."),
            click.option(f"--{proto}-port", type=click.IntRange(1, 65535), help=f"Its port ({label}: "
                         + ", ".join(f"{p} with {s}" for s, p in PORTS[proto].items()) + ")."),
            click.option(f"--{proto}-security", type=click.Choice(SECURITY), help="tls, starttls or none."),
            click.option(f"--{proto}-user", metavar="USER", help="The login ('-': none)."),
            click.option(f"--{proto}-password-env", metavar="VARIABLE",
                         help="The environment variable that holds the password (cron: set it in the crontab's "
                              "environment file)."),
            click.option(f"--{proto}-password-file", metavar="FILE",
                         help="A file that holds the password (relative to DIR, GM only)."),
        )):
            f = option(f)
        return f
    return add


@click.command("init")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--from", "sender", metavar="ADDRESS", help="The robot's From address, e.g. 'Dampfross GM "
              "<gm@example.org>'.")
@click.option("--gm", metavar="ADDRESS", help="The GM's own address (the test mail, receipts of GM sections); "
              "default: the From address.")
@click.option("--source", type=click.Choice(SOURCES), help="Where orders arrive (default imap).")
@click.option("--path", metavar="PATH", help="The Maildir, mbox or folder of .eml files (not imap).")
@click.option("--imap-folder", metavar="FOLDER", help="The IMAP folder the orders arrive in (default INBOX).")
@_server_options("imap")
@_server_options("smtp")
@click.option("--no-smtp", is_flag=True, help="No [smtp]: every mail waits in DIR/mail/outbox.")
@click.option("--no-input", is_flag=True, help="Ask nothing: what no flag gives is its default or an error.")
@click.option("--force", is_flag=True, help="Replace an existing mail.toml (and password files).")
def init_cmd(directory: str, sender: str | None, gm: str | None, source: str | None, path: str | None,
             imap_folder: str | None, no_smtp: bool, no_input: bool, force: bool, **servers: object) -> None:
    """Write the game's DIR/mail.toml (mode 0600) from a few questions, or from flags.

    Passwords never stand in mail.toml: one typed in is kept in DIR/imap.secret or DIR/smtp.secret (mode 0600),
    or an environment variable holds it.  Then try it with adjudicate mail check DIR.

    \b
    Example (nothing asked):
      adjudicate mail init nord --no-input --from "Dampfross GM <gm@example.org>" \\
        --imap-host imap.example.org --imap-user gm@example.org \\
        --imap-password-env DAMPFROSS_IMAP_PASSWORD --smtp-host smtp.example.org \\
        --smtp-user gm@example.org --smtp-password-env DAMPFROSS_SMTP_PASSWORD
    """
    from adjudicator.postal.files import atomic_write
    from adjudicator.postal.mailconfig import config_text, parse_config

    folder = Path(directory)
    target = folder / CONFIG_FILE
    if not folder.is_dir():
        raise MailConfigError(f"{directory}: no such game folder (start the game first: adjudicate new)")
    if target.exists() and not force:
        raise MailConfigError(f"{target} exists: not replaced (--force replaces it)")
    ask = _Asker(not no_input)
    sender = ask.text(sender, "--from", "The robot's From address (e.g. Dampfross GM <gm@example.org>)")
    gm = ask.text(gm, "--gm", "The GM's own address", _address(sender)) or sender
    kind = ask.choice(source, "--source", "Where do orders arrive", SOURCES, "imap")
    secrets: dict[str, str] = {}
    login = _address(sender)
    if kind == "imap":
        imap = {k.removeprefix("imap_"): v for k, v in servers.items() if k.startswith("imap_")}
        table, secrets["imap"] = _server(ask, "imap", imap, login)
        table["folder"] = ask.text(imap_folder, "--imap-folder", "IMAP folder of the orders", "INBOX")
        login = str(table.get("user", login))
    else:
        table = {"kind": kind, "path": ask.text(path, "--path", f"The {kind}'s path (relative to {directory})")}
    source_table: dict[str, str | int] = {"kind": "imap", **table} if kind == "imap" else table
    smtp_opts = {k.removeprefix("smtp_"): v for k, v in servers.items() if k.startswith("smtp_")}
    smtp: dict[str, str | int] | None = None
    if not no_smtp and (smtp_opts.get("host") or ask.interactive):
        host = smtp_opts.get("host") or click.prompt("SMTP host (empty: no [smtp], mail waits in the outbox)",
                                                     default="", show_default=False)
        if host:
            smtp, secrets["smtp"] = _server(ask, "smtp", {**smtp_opts, "host": host}, login)
    text = config_text(sender, gm if gm != sender else "", source_table, smtp)
    parse_config(text, folder, str(target))  # as a tick will read it: a wrong answer is refused here
    for proto, typed in secrets.items():
        secret = folder / _SECRET[proto]
        if typed and secret.exists() and not force:
            raise MailConfigError(f"{secret} exists: not replaced (--force replaces it)")
    for proto, typed in secrets.items():
        if typed:
            atomic_write(folder / _SECRET[proto], typed + "\n", 0o600)
            click.echo(f"wrote {folder / _SECRET[proto]} (mode 0600): the {proto.upper()} password")
    atomic_write(target, text, 0o600)
    click.echo(f"wrote {target} (mode 0600)")
    if smtp is None:
        click.echo(f"no [smtp]: every mail will wait in {folder / 'mail' / 'outbox'}")
    click.echo(f"next: adjudicate mail check {directory}")


CHECKED = {
    "imap-ok": "IMAP {host}:{port}: {login}; the folder {folder} holds {count} mails",
    "files-ok": "the {kind} {path} is there to read",
    "sent": "SMTP {host}:{port}: {login}; a test mail from {sender} went to the GM ({gm})",
}
"""What ``mail check`` found working, one line each."""

FAILED = {
    "no-path": "[source]: the {kind} {path} does not exist",
    "no-smtp": "no [smtp] section: no mail can be sent (it waits in {where})",
    "unknown-host": "{proto} {host}:{port}: unknown host ({answer})",
    "refused": "{proto} {host}:{port}: connection refused (nothing listens on that port)",
    "timeout": "{proto} {host}:{port}: no answer in time",
    "tls": "{proto} {host}:{port}: TLS failed ({answer}); does security match the port?",
    "no-starttls": "{proto} {host}:{port}: the server offers no STARTTLS ({answer})",
    "login-refused": "{proto} {host}:{port}: the login of {user} was refused ({answer})",
    "password": "{proto} {host}:{port}: no password: {why}",
    "no-folder": "{proto} {host}:{port}: cannot open the folder {folder} ({answer})",
    "sender-refused": "{proto} {host}:{port}: the From address {sender} was refused ({answer})",
    "gm-refused": "{proto} {host}:{port}: the GM's address {gm} was refused ({answer})",
    "failed": "{proto} {host}:{port}: {answer}",
}
"""What failed, one line each (the step is named by the protocol, host and port)."""


@click.command("check")
@click.argument("directory", type=click.Path(file_okay=False))
def check_cmd(directory: str) -> None:
    """Try the game's mail.toml: log in to the IMAP server (or read the Maildir, mbox, .eml folder), log in
    to the SMTP server and send the GM a test mail.  One line for each step; exit 1 when one failed."""
    from adjudicator.postal.mailcheck import check
    from adjudicator.postal.mailconfig import load_config

    folder = Path(directory)
    if not folder.is_dir():
        raise MailConfigError(f"{directory}: no such game folder")
    config = load_config(_Path(folder))
    if config is None:
        raise MailConfigError(f"{folder / CONFIG_FILE}: no such file (write one: adjudicate mail init {directory})")
    ok = True
    for found in check(config, datetime.now(UTC), directory):
        data = dict(found.data)
        data["login"] = f"logged in as {data['user']}" if data.get("user") else "connected (no login)"
        if found.ok:
            click.echo(f"checked: {CHECKED[found.code].format(**data)}")
        else:
            click.echo(f"error: {folder / CONFIG_FILE}: {FAILED[found.code].format(**data)}", err=True)
            ok = False
    sys.exit(0 if ok else 1)


@dataclass(frozen=True)
class _Path:
    """A folder as ``load_config`` takes it."""

    path: Path


COMMANDS = (init_cmd, check_cmd)
