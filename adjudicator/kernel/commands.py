"""The commands a player may mail instead of orders, for every game: one language, read once (issue 24).

A mail is a command mail when, mail clutter aside (quotes, headers, an
attribution line, a signature), it holds at least one command line and no
line that the game reads as an order (the game says which lines those are:
``order_line``).  So "Hi,\\n\\nHELP\\n\\nthanks!" is a command mail: the greeting
and the thanks are prose, not orders.  One ``PLAYER ID PASSWORD pw`` line
(before the commands) signs the mail for what needs the password (SET
ADDRESS, a private report); ``GAME``/``TURN``/``MOVE`` headings are allowed.

The commands, in any language of the program (``adjudicator/kernel/locale/*/language.toml``, ``[commands]``:
the English and German words here, Dutch and Czech too):

* ``HELP`` / ``HILFE``, ``STATUS`` / ``STAND``, ``RULES`` / ``REGELN``;
* ``MAP [PLACE]`` / ``KARTE [ORT]``: the map, or a window around a place;
* ``REPORT [N]`` / ``BERICHT [N]``: the public report of turn (move) N;
* ``SET ADDRESS NEW`` / ``ADRESSE NEU``: after the PLAYER line, move the seat's
  mail to NEW (confirmed from NEW before it takes effect);
* ``CONFIRM TOKEN`` / ``BESTÄTIGE TOKEN``: the confirmation, from the new address;
* ``PASSWORD RESET [ID]`` (``NEW PASSWORD``) / ``NEUES PASSWORT [ID]``: a new
  password, mailed to the address on file.

A line of over ``MAX_LINE`` characters is no command (nothing long is ever
matched or looked up), and a mail's commands are read up to ``MAX_COMMANDS``;
the rest are counted, not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from adjudicator.kernel.languages import pattern as spelled
from adjudicator.kernel.languages import spellings
from adjudicator.kernel.mailtext import clutter_free

CommandCode = Literal["help", "map", "status", "report", "rules", "set-address", "confirm", "password-reset"]

MAX_LINE = 300
"""The longest line read as a command (a longer one is prose, never matched or looked up)."""
MAX_COMMANDS = 10
"""The commands of one mail that are answered (all in one reply); further ones are counted, not read."""
MAX_ARG = 60
"""The longest argument of a command (a place's name, an address, a token)."""

_ARGS: dict[CommandCode, str] = {
    "help": r"[.!?]*", "map": r"(?:\s+(?P<arg>\S.*?))?", "status": r"[.!?]*", "report": r"(?:\s+(?P<arg>\d{1,4}))?",
    "rules": r"[.!?]*", "set-address": r"\s+(?P<arg>\S+)", "confirm": r"\s+(?P<arg>[A-Za-z0-9-]{4,40})",
    "password-reset": r"(?:\s+(?P<arg>[A-Za-z][A-Za-z0-9]{0,7}))?",
}
"""What follows each command's word (its argument, or a full stop and such)."""
_COMMANDS: tuple[tuple[CommandCode, re.Pattern[str]], ...] = tuple(
    (code, re.compile(rf"^(?:{spelled(spellings('commands')[code])}){tail}$", re.I)) for code, tail in _ARGS.items())
"""Each command's line: its word in any language (``adjudicator/kernel/locale/*/language.toml``, ``[commands]``)."""
_WORD = re.compile(r"^(?:" + spelled(tuple(w for ws in spellings("commands").values() for w in ws)) + r")(?!\w)",
                   re.I)
"""How a command line begins: a mail with no such line is no command mail (nothing else is read)."""
_ANY_WORD = re.compile(r"^[ \t]*" + _WORD.pattern.removeprefix("^"), re.I | re.M)
"""The same, sought in a whole text at once."""
_ORDERS = spellings("orders")
_HEADING = re.compile(rf"^(?:{spelled(_ORDERS['GAME'] + _ORDERS['TURN'] + _ORDERS['MOVE'])})\s+\S{{1,40}}$", re.I)
_PLAYER = re.compile(rf"^(?:{spelled(_ORDERS['PLAYER'])})\s+(?P<id>[A-Za-z][A-Za-z0-9]{{0,7}})\s+"
                     rf"(?:{spelled(_ORDERS['PASSWORD'])})\s+(?P<password>\S{{1,80}})$", re.I)


@dataclass(frozen=True)
class Command:
    """One command line: its code and argument ("" when none)."""

    code: CommandCode
    arg: str = ""


@dataclass(frozen=True)
class CommandMail:
    """The commands of a mail (at most ``MAX_COMMANDS``), how many more it held, and its PLAYER line if any."""

    commands: tuple[Command, ...]
    player: str | None = None
    password: str | None = None
    dropped: int = 0


def command_of(line: str) -> Command | None:
    """The command a line is (``None``: it is none, or it is longer than ``MAX_LINE``)."""
    if len(line) > MAX_LINE or not _WORD.match(line.lstrip()):
        return None
    line = " ".join(line.split("#", 1)[0].split())
    for code, pattern in _COMMANDS:
        m = pattern.match(line)
        if m:
            arg = (m.groupdict().get("arg") or "").strip()
            if len(arg) > MAX_ARG:
                return None
            return Command(code, arg.upper() if code == "password-reset" else arg)
    return None


def read_commands(texts: Sequence[str], order_line: Callable[[str], bool]) -> CommandMail | None:
    """The commands of a mail (``None``: it is not a command mail: no command, or a line the game reads as an
    order, or a second PLAYER line)."""
    commands: list[Command] = []
    player = password = None
    dropped = 0
    if not any(_ANY_WORD.search(text) for text in texts):
        return None  # not one line begins with a command's word: nothing more is read
    lines = [" ".join(raw.split()) for text in texts for _number, raw in clutter_free(text)]
    if not any(len(line) <= MAX_LINE and _WORD.match(line) for line in lines):
        return None  # (a quoted one does not count) no line is asked whether it is an order
    for line in lines:
        if len(line) <= MAX_LINE and _HEADING.match(line):
            continue
        if len(line) <= MAX_LINE and (m := _PLAYER.match(line)):
            if player is not None or commands:
                return None  # a second PLAYER line, or one after commands: orders, not commands
            player, password = m.group("id").upper(), m.group("password")
            continue
        if len(commands) >= MAX_COMMANDS and _WORD.match(line):
            dropped += 1  # counted, not read (a line beginning with a command's word is no order in any game)
            continue
        command = command_of(line)
        if command is not None:
            commands.append(command)
        elif len(line) <= MAX_LINE and order_line(line):
            return None
    return CommandMail(tuple(commands), player, password, dropped) if commands else None
