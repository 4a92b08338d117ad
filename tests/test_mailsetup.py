"""The GM's first hour (issue 25, item 8): ``mail init`` writes mail.toml, ``mail check`` tries it on real servers.

The servers are real and run here (``tests/mailservers.py``: pymap for IMAP, aiosmtpd for SMTP, and below an
aiosmtpd that asks for a login); nothing is mocked.
"""

from __future__ import annotations

import contextlib
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import invoke
from tests.mailservers import SmtpServer, free_port, imap_server, smtp_server, text_of

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")  # localhost, on purpose


@contextlib.contextmanager
def smtp_with_login(user: str, password: str) -> Iterator[SmtpServer]:
    """An SMTP server on localhost that takes mail only after AUTH as ``user`` with ``password``."""
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword

    def authenticator(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        good = isinstance(data, LoginPassword) and data.login == user.encode() and data.password == password.encode()
        return AuthResult(success=good, handled=False)  # not handled: the server answers 535

    server = SmtpServer(free_port())
    controller = Controller(server, hostname="127.0.0.1", port=server.port, authenticator=authenticator,
                            auth_require_tls=False, auth_required=True)
    controller.start()
    try:
        yield server
    finally:
        controller.stop()


def _game(tmp_path: Path) -> Path:
    game = tmp_path / "nord"
    game.mkdir()
    return game


def _init(game: Path, imap_port: int, smtp_port: int | None, *extra: str, ok: bool = True) -> Any:
    smtp = ["--no-smtp"] if smtp_port is None else [
        "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp_port), "--smtp-security", "none",
        "--smtp-user", "robot", "--smtp-password-file", "smtp.secret"]
    return invoke("mail", "init", str(game), "--no-input", "--from", "Dampfross GM <robot@example.org>",
                  "--gm", "gm@example.org", "--imap-host", "127.0.0.1", "--imap-port", str(imap_port),
                  "--imap-security", "none", "--imap-user", "gm", "--imap-password-file", "imap.secret",
                  *smtp, *extra, ok=ok)


def test_init_writes_a_config_a_tick_reads_with_mode_0600_and_keeps_an_existing_one(tmp_path):
    from adjudicator.postal.mailconfig import load_config

    game = _game(tmp_path)
    result = _init(game, 1143, 2525)
    assert f"wrote {game / 'mail.toml'} (mode 0600)" in result.output
    assert stat.S_IMODE((game / "mail.toml").stat().st_mode) == 0o600
    config = load_config(type("F", (), {"path": game})())
    assert config is not None and config.imap is not None and config.smtp is not None
    assert (config.kind, config.imap.host, config.imap.port, config.imap.security, config.imap.user) == \
        ("imap", "127.0.0.1", 1143, "none", "gm")
    assert (config.smtp.port, config.smtp.password_file, config.gm_address) == (2525, "smtp.secret", "gm@example.org")
    before = (game / "mail.toml").read_text()
    again = _init(game, 9999, None, ok=False)
    assert again.exit_code == 1
    assert again.output == f"error: {game / 'mail.toml'} exists: not replaced (--force replaces it)\n"
    assert (game / "mail.toml").read_text() == before
    _init(game, 9999, None, "--force")
    assert "\n[smtp]\n" not in (game / "mail.toml").read_text()


def test_init_asks_what_no_flag_gives_and_keeps_a_typed_password_in_a_file_of_its_own(tmp_path):
    from click.testing import CliRunner

    from adjudicator.cli import cli

    game = _game(tmp_path)
    answers = ["Dampfross GM <robot@example.org>", "", "imap", "imap.example.org", "tls", "", "", "s3cret!",
               "Orders", "smtp.example.org", "starttls", "", "", "", "DAMPFROSS_SMTP_PASSWORD"]
    result = CliRunner().invoke(cli, ["mail", "init", str(game)], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    text = (game / "mail.toml").read_text()
    assert "s3cret" not in text
    assert (game / "imap.secret").read_text() == "s3cret!\n"
    assert stat.S_IMODE((game / "imap.secret").stat().st_mode) == 0o600
    for line in ('host = "imap.example.org"', "port = 993", 'user = "robot@example.org"', 'folder = "Orders"',
                 'password_file = "imap.secret"', "port = 587", 'password_env = "DAMPFROSS_SMTP_PASSWORD"'):
        assert line in text, text


def test_init_refuses_an_answer_a_tick_could_not_read_and_writes_nothing(tmp_path):
    game = _game(tmp_path)
    result = invoke("mail", "init", str(game), "--no-input", "--from", "nobody", "--no-smtp",
                    "--source", "maildir", "--path", "Maildir", ok=False)
    assert result.exit_code == 1
    assert result.output == f"error: {game / 'mail.toml'}: from: 'nobody' is not one mail address\n"
    assert not (game / "mail.toml").exists()
    missing = invoke("mail", "init", str(game), "--no-input", "--from", "gm@example.org", "--imap-host", "h",
                     ok=False)
    assert missing.output == ("error: mail init: IMAP user gm@example.org needs --imap-password-env VARIABLE or "
                              "--imap-password-file FILE\n")


def test_check_logs_in_to_both_servers_and_sends_the_gm_a_test_mail(tmp_path):
    game = _game(tmp_path)
    with imap_server(tmp_path) as imap, smtp_with_login("robot", "smtp-secret") as smtp:
        (game / "imap.secret").write_text(imap.password + "\n")
        (game / "smtp.secret").write_text("smtp-secret\n")
        _init(game, imap.port, smtp.port)
        result = invoke("mail", "check", str(game))
    assert result.output == (f"checked: IMAP 127.0.0.1:{imap.port}: logged in as gm; the folder INBOX holds "
                             f"{result.output.split('holds ')[1].split()[0]} mails\n"
                             f"checked: SMTP 127.0.0.1:{smtp.port}: logged in as robot; a test mail from "
                             "Dampfross GM <robot@example.org> went to the GM (gm@example.org)\n")
    assert smtp.envelopes == [("robot@example.org", ["gm@example.org"])]
    assert "adjudicate mail check" in text_of(smtp.mails[0])


def test_check_names_each_failure_in_one_line_and_exits_1(tmp_path):
    game = _game(tmp_path)
    closed = free_port()
    with imap_server(tmp_path) as imap, smtp_with_login("robot", "smtp-secret") as smtp:
        (game / "imap.secret").write_text("wrong\n")
        (game / "smtp.secret").write_text("also wrong\n")
        _init(game, imap.port, smtp.port)
        bad_passwords = invoke("mail", "check", str(game), ok=False)
        _init(game, imap.port, closed, "--force")
        closed_port = invoke("mail", "check", str(game), ok=False)
    where = f"error: {game / 'mail.toml'}: "
    lines = bad_passwords.output.splitlines()
    assert bad_passwords.exit_code == 1 and len(lines) == 2, bad_passwords.output
    assert lines[0].startswith(f"{where}IMAP 127.0.0.1:{imap.port}: the login of gm was refused (")
    assert lines[1].startswith(f"{where}SMTP 127.0.0.1:{smtp.port}: the login of robot was refused (535")
    assert smtp.mails == []
    assert closed_port.exit_code == 1
    assert closed_port.output.splitlines()[1] == \
        f"{where}SMTP 127.0.0.1:{closed}: connection refused (nothing listens on that port)"


def test_check_says_a_missing_smtp_section_and_an_unknown_host(tmp_path):
    game = _game(tmp_path)
    (game / "Maildir").mkdir()
    invoke("mail", "init", str(game), "--no-input", "--from", "gm@example.org", "--source", "maildir",
           "--path", "Maildir", "--smtp-host", "no-such-host.invalid", "--smtp-user", "-")
    unknown = invoke("mail", "check", str(game), ok=False)
    assert unknown.output.splitlines()[0] == f"checked: the maildir {game / 'Maildir'} is there to read"
    assert unknown.output.splitlines()[1].startswith(
        f"error: {game / 'mail.toml'}: SMTP no-such-host.invalid:587: unknown host (")
    invoke("mail", "init", str(game), "--no-input", "--force", "--from", "gm@example.org", "--source", "maildir",
           "--path", "Maildir")
    missing = invoke("mail", "check", str(game), ok=False)
    assert missing.exit_code == 1
    assert missing.output.splitlines()[1] == (f"error: {game / 'mail.toml'}: no [smtp] section: no mail can be "
                                              f"sent (it waits in {game / 'mail' / 'outbox'})")


def test_check_without_a_config_says_how_to_write_one(tmp_path):
    game = _game(tmp_path)
    result = invoke("mail", "check", str(game), ok=False)
    assert result.output == (f"error: {game / 'mail.toml'}: no such file (write one: adjudicate mail init "
                             f"{game})\n")


@pytest.mark.parametrize("security", ["tls", "starttls"])
def test_check_names_tls_when_the_server_speaks_none(tmp_path, security):
    game = _game(tmp_path)
    (game / "Maildir").mkdir()
    with smtp_server() as smtp:
        invoke("mail", "init", str(game), "--no-input", "--from", "gm@example.org", "--source", "maildir",
               "--path", "Maildir", "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port),
               "--smtp-security", security, "--smtp-user", "-")
        result = invoke("mail", "check", str(game), ok=False)
    line = result.output.splitlines()[1]
    expected = "TLS failed (" if security == "tls" else "the server offers no STARTTLS ("
    assert line.startswith(f"error: {game / 'mail.toml'}: SMTP 127.0.0.1:{smtp.port}: {expected}"), line


def test_a_tick_without_smtp_says_first_that_mail_cannot_be_sent_and_why(tmp_path):
    """Issue 25: a GM without [smtp] learned it only from "N mails wait in the outbox", after the rest."""
    from tests.postal_game import setup_game, tick_times

    game = setup_game(tmp_path)
    first = invoke("tick", str(game), "--now", tick_times()[0])
    lines = first.output.splitlines()
    assert len(lines) > 2
    assert lines[0].startswith(f"{game}: mail cannot be sent: mail.toml has no [smtp] section; ")
    assert [line for line in lines if "[smtp]" in line] == lines[:1]
    with smtp_server() as smtp:
        (game / "mail.toml").write_text((game / "mail.toml").read_text() + smtp.toml())
        sent = invoke("tick", str(game), "--now", tick_times()[0])
    assert "[smtp]" not in sent.output and smtp.mails


def test_check_of_a_maildir_and_a_server_without_login(tmp_path):
    game = _game(tmp_path)
    (game / "Maildir").mkdir()
    with smtp_server() as smtp:
        invoke("mail", "init", str(game), "--no-input", "--from", "gm@example.org", "--source", "maildir",
               "--path", "Maildir", "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port),
               "--smtp-security", "none", "--smtp-user", "-")
        result = invoke("mail", "check", str(game))
    assert result.output == (f"checked: the maildir {game / 'Maildir'} is there to read\n"
                             f"checked: SMTP 127.0.0.1:{smtp.port}: connected (no login); a test mail from "
                             "gm@example.org went to the GM (gm@example.org)\n")
    assert [m["X-Dampfross"] for m in smtp.mails] == ["mail-check"]
