"""Players served by mail, as the Diplomacy Judge serves them: a mail of commands instead of orders.

A mail is a command mail when, quotes, headers and signature aside (and a
``GAME``/``TURN`` heading and one ``PLAYER ID PASSWORD ...`` line allowed),
every line is a command, in English or German:

* ``HELP`` / ``HILFE``: an orders primer for this game;
* ``MAP [HEX|TOWN]`` / ``KARTE``: the map now (the whole map attached, and
  inline in windows of 80 columns; or inline a window around a hex or town);
* ``STATUS`` / ``STAND``: the deadline, who has sent orders (names only), the
  balances;
* ``REPORT [N]`` / ``BERICHT [N]``: the public report of turn N again (the
  last by default); after a PLAYER line with the password, the company's
  private report too;
* ``RULES`` / ``REGELN``: the game's rules;
* ``SET ADDRESS NEW`` / ``ADRESSE NEU`` after a PLAYER line with the
  password: the company's mail goes to NEW from now on (a correction,
  printed in the next report without the address); both addresses are told;
* ``PASSWORD RESET [ID]`` (or ``NEW PASSWORD [ID]``) / ``NEUES PASSWORT [ID]``
  from ID's address on file: a new password, mailed to that address only
  (without ID: the company of the sender's address, when it holds one).

Who is answered (players are adversaries): only addresses on file (a
player's or the GM's); a stranger gets the one notice a turn of
``receipts.py``.  Nothing private without the password; at most
``MAX_COMMANDS`` command mails from one address a turn.

This module decides and acts (codes and data); the words are made in
``report/mailreplies.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from adjudicator.dampfross.app.fix import correct_held, password_reset_held
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.board.names import match_town
from adjudicator.dampfross.orders.parse import blank_clutter, split_lines
from adjudicator.dampfross.report.common import map_windows, whole_map
from adjudicator.dampfross.report.i18n import language
from adjudicator.dampfross.report.mail import map_attachment_name
from adjudicator.dampfross.report.mailreplies import (
    address_text,
    command_subject,
    help_text,
    map_text,
    password_text,
    refused_command_text,
    report_reply,
    rules_text,
    status_reply,
)
from adjudicator.kernel.contacts import ContactError, check_address
from adjudicator.kernel.errors import LabelError
from adjudicator.kernel.passwords import check_password
from adjudicator.postal.inbox import StoredMail
from adjudicator.postal.outbox import Outgoing

if TYPE_CHECKING:
    from adjudicator.dampfross.app.receipts import Answerer

CommandCode = Literal["help", "map", "status", "report", "rules", "set-address", "password-reset"]

MAX_COMMANDS = 10
"""Command mails one address may send in a turn; later ones are stored and told to the GM, not answered."""

_COMMANDS: tuple[tuple[CommandCode, re.Pattern[str]], ...] = (
    ("help", re.compile(r"^(?:help|hilfe)$", re.I)),
    ("map", re.compile(r"^(?:map|karte)(?:\s+(?P<arg>\S.*?))?$", re.I)),
    ("status", re.compile(r"^(?:status|stand)$", re.I)),
    ("report", re.compile(r"^(?:report|bericht)(?:\s+(?P<arg>\d{1,4}))?$", re.I)),
    ("rules", re.compile(r"^(?:rules|regeln)$", re.I)),
    ("set-address", re.compile(r"^(?:set\s+address|adresse)\s+(?P<arg>\S+)$", re.I)),
    ("password-reset", re.compile(r"^(?:password\s+reset|new\s+password|neues\s+passwort)"
                                  r"(?:\s+(?P<arg>[A-Za-z][A-Za-z0-9]{0,7}))?$", re.I)),
)
_HEADING = re.compile(r"^(?:game|spiel|turn|zug)\s+\S+$", re.I)
_PLAYER = re.compile(r"^(?:player|spieler)\s+(?P<id>[A-Za-z][A-Za-z0-9]{0,7})\s+(?:password|passwort)\s+"
                     r"(?P<password>\S+)$", re.I)


@dataclass(frozen=True)
class Command:
    """One command line: its code and argument ("" when none)."""

    code: CommandCode
    arg: str = ""


@dataclass(frozen=True)
class CommandMail:
    """The commands of a mail, and the PLAYER line before them (``None``: none given)."""

    commands: tuple[Command, ...]
    player: str | None = None
    password: str | None = None


def read_commands(texts: list[str]) -> CommandMail | None:
    """The commands of a mail whose every meaningful line is a command (``None``: it is not a command mail)."""
    commands: list[Command] = []
    player = password = None
    for text in texts:
        lines, _notes = blank_clutter(split_lines(text), "mail")
        for raw in lines:
            line = " ".join(raw.split("#", 1)[0].split())
            if not line or _HEADING.match(line):
                continue
            if (m := _PLAYER.match(line)) and player is None and not commands:
                player, password = m.group("id").upper(), m.group("password")
                continue
            command = _command(line)
            if command is None:
                return None
            commands.append(command)
    return CommandMail(tuple(commands), player, password) if commands else None


def _command(line: str) -> Command | None:
    for code, pattern in _COMMANDS:
        m = pattern.match(line)
        if m:
            arg = m.groupdict().get("arg") or ""
            return Command(code, arg.upper() if code == "password-reset" else arg)
    return None


class Commands:
    """Answers one command mail for the ``Answerer`` of a tick (which holds the game's lock)."""

    def __init__(self, answerer: Answerer, mail: StoredMail):
        self.a, self.mail = answerer, mail
        self.state = answerer.state

    def answer(self, found: CommandMail) -> dict[str, object]:
        a, mail = self.a, self.mail
        doc: dict[str, object] = {"counted": [], "receipts": [], "status": "commands",
                                  "commands": [c.code for c in found.commands]}
        if not mail.sender or not a.on_file(mail.sender):
            a.note("commands", seq=mail.seq, sender=mail.sender or "?", what="not answered: not an address on file")
            doc["receipts"] = a.notice(mail) if mail.sender else []
            return doc
        if self._command_mails() >= MAX_COMMANDS:
            a.note("commands", seq=mail.seq, sender=mail.sender, what=f"not answered: over {MAX_COMMANDS} this turn")
            return doc
        companies = self._companies_of(mail.sender)
        authorised = self._authorised(found)
        names = []
        gmap = a.gdir.load_map(self.state)
        for k, c in enumerate(found.commands, 1):
            names += self._one(c, f"{mail.seq:05d}-{k}", gmap, companies, authorised, found)
        a.note("commands", seq=mail.seq, sender=mail.sender, what=", ".join(c.code for c in found.commands))
        doc["receipts"] = names
        return doc

    # --- who asks ----------------------------------------------------------------------------------------
    def _companies_of(self, address: str) -> list[str]:
        """The companies whose address on file is ``address`` (one, as a rule; none for the GM)."""
        return [p.id for p in self.state.players if p.email and p.email.lower() == address]

    def _authorised(self, found: CommandMail) -> str | None:
        """The company of the PLAYER line when its password is right (``None``: no line, or a wrong password)."""
        pid = found.player
        if pid is None or pid not in self.state.player_ids or not found.password:
            return None
        return pid if check_password(found.password, self.state.player(pid).password_hash) else None

    def _command_mails(self) -> int:
        """Command mails this sender sent this turn before this one."""
        return sum(1 for m, doc in self.a.answered_this_turn(self.mail.sender)
                   if m.seq != self.mail.seq and doc.get("status") == "commands")

    # --- one command -------------------------------------------------------------------------------------
    def _one(self, c: Command, key: str, gmap: GameMap, companies: list[str], authorised: str | None,
             found: CommandMail) -> list[str]:
        a, state = self.a, self.state
        company = companies[0] if companies else None
        reader = authorised or company
        if c.code == "help":
            return [self._reply(key, reader, "help", help_text(state, gmap, reader))]
        if c.code == "map":
            return [self._map(key, reader, gmap, c.arg)]
        if c.code == "status":
            sent = sorted({pid for pid, ms in a.earlier_mails().items() if ms})
            return [self._reply(key, reader, "status", status_reply(state, reader, sent))]
        if c.code == "report":
            turn = int(c.arg) if c.arg else state.turn - 1
            public = _read(a.gdir.report_path(turn)) if turn >= 0 else None
            private = _read(a.gdir.report_path(turn, authorised)) if authorised and turn >= 1 else None
            return [self._reply(key, reader, "report", report_reply(state, reader, turn, public, private))]
        if c.code == "rules":
            return [self._reply(key, reader, "rules", rules_text(state, gmap, reader))]
        if c.code == "set-address":
            return self._set_address(key, found, authorised, c.arg)
        return self._password_reset(key, companies, c.arg)

    def _map(self, key: str, reader: str | None, gmap: GameMap, arg: str) -> str:
        state = self.state
        windows: list[str] = []
        unknown = ""
        if arg:
            place = _place(gmap, arg)
            if place is None:
                unknown = arg
            else:
                with language(state.language_of(reader)):
                    windows = map_windows(gmap, state, [place], state.turn - 1)
        with language(state.language_of(reader)):
            whole = whole_map(gmap, state, state.turn - 1, split=False)
            if not arg:  # the whole map inline too, in windows of 80 columns (as the reports print it)
                windows = [whole_map(gmap, state, state.turn - 1)]
        attachment = (map_attachment_name(state.turn - 1), whole)
        text = map_text(state, reader, windows, unknown, whole=not arg)
        return self._reply(key, reader, "map", text, (attachment,))

    def _set_address(self, key: str, found: CommandMail, authorised: str | None, new: str) -> list[str]:
        a, state = self.a, self.state
        if authorised is None:
            return [self._reply(key, found.player, "refused", refused_command_text(state, found.player, "password"))]
        try:
            address = check_address(new)
        except ContactError:
            return [self._reply(key, authorised, "refused", refused_command_text(state, authorised, "address"))]
        old = state.player(authorised).email
        correct_held(a.gdir, state, "address", "set by the company by mail", authorised, player=authorised,
                     value=address)
        a.reload()
        self.state = a.state
        text = address_text(self.state, authorised, address, old)
        return [self._reply(key, authorised, "address", text, to=tuple(dict.fromkeys(x for x in (old, address) if x)))]

    def _password_reset(self, key: str, companies: list[str], pid: str) -> list[str]:
        a, state = self.a, self.state
        company = companies[0] if companies else None
        if not pid and len(companies) == 1:  # no ID: the one company of the sender's address
            pid = company or ""
        if pid not in state.player_ids:
            return [self._reply(key, company, "refused", refused_command_text(state, company, "unknown"))]
        if pid not in companies:  # only from the company's own address on file, and only to it
            return [self._reply(key, company, "refused", refused_command_text(state, company, "not-yours"))]
        _c, secret = password_reset_held(a.gdir, state, pid, "reset by mail from the address on file", pid)
        a.reload()
        self.state = a.state
        text = password_text(self.state, pid, secret)
        return [self._reply(key, pid, "password", text, to=(self.state.player(pid).email,))]

    def _reply(self, key: str, reader: str | None, what: str, text: str,
               attachments: tuple[tuple[str, str], ...] = (), to: tuple[str, ...] | None = None) -> str:
        a = self.a
        name = f"answer-{key}"
        out = Outgoing(name, to or (self.mail.sender,), command_subject(self.state, reader, what.upper()), text,
                       attachments, kind="answer", turn=self.state.turn, player=reader,
                       in_reply_to=str(self.mail.meta.get("message_id") or ""))
        a.queue(out)
        return name


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _place(gmap: GameMap, arg: str) -> Hex | None:
    """A hex label of the map, or a town (tolerantly matched); ``None``: neither."""
    try:
        h = Hex.parse(arg)
        return h if gmap.on_map(h) else None
    except LabelError:
        found = match_town(arg, gmap)
        return found.town.hex if found.town is not None else None
