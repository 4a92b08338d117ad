"""The envelope of a mail of orders, for every game of sequential moves: GAME, PLAYER ... PASSWORD, MOVE, END.

::

    GAME iu1
    PLAYER RED PASSWORD k3v9-x2mp-qa7r-tn4c
    MOVE 7
    6 CURVE 1 LEFT
    END

A section starts at a ``PLAYER id PASSWORD pw`` line and holds the lines
after it, up to the next PLAYER line or ``END``; those body lines are the
game's to read (``kernel/play.py``).  ``GAME`` names the game (once, before
or in a section); ``MOVE n`` (optional) says which move the orders are for,
so orders written for an earlier move are never used for a later one; a
``CHECK`` line at the top of a section asks only to see what the orders
would do (nothing is carried out).
German keywords work too (SPIEL, SPIELER, PASSWORT, ZUG, PRÜFE, ENDE).  Mail
clutter is skipped as for every game (``kernel/mailtext.py``: quoted lines,
and nothing from where the mail a reply quotes begins), and so are
blank lines and comments (``#``); prose (a greeting, a sign-off) around the
orders is not read, and lines outside any section that the game would read
as orders are reported.  Commands (HELP, MAP ...) are ``kernel/commands.py``'s.
The keywords are every game's, written once in ``grammar/envelope.lark``: the Dampfross order grammar imports
them (``grammar/orders.lark``), and this reader matches a line's first word with the same terminals.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from adjudicator.kernel.languages import grammar_text
from adjudicator.kernel.mailtext import clutter_free, quoted_from, split_lines

MAX_SECTIONS = 12
"""The most PLAYER sections one mail may hold to be read, in every game (a mail for a whole game of companies,
from the GM's typist, fits; 239,000 password guesses in one mail do not; docs/hardening.md)."""
MAX_GUESSES = 20
"""Sections from one sender that may fail their password check in one turn or move before that sender is read
only for the company or colour whose address it is, in every game (a forged From cannot lock a player out)."""
MAX_LINES = 400
"""Lines of a mail's text read at most (a mail of orders is a dozen lines)."""

_NUMBER = {"TURN": "MOVE"}
"""The envelope's TURN (``grammar/envelope.lark``) is a sequential game's MOVE: which move the orders are for."""
_TOKEN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")


@dataclass(frozen=True)
class Section:
    """One player's orders: whose (as written), the password, the MOVE number if given, the body lines; ``check``:
    only to be checked."""

    seat: str
    password: str
    line: int
    move: int | None
    body: tuple[tuple[int, str], ...]
    check: bool = False
    prose: tuple[tuple[int, str], ...] = ()
    """The lines around the orders left out as prose (a greeting, a sign-off): a receipt names them, so a line
    the player meant as an order is never dropped without a word."""


@dataclass(frozen=True)
class EnvelopeProblem:
    """A line of the envelope that could not be read: ``player-line`` (no id or no password), ``move-line``
    (no number), ``game-line`` (no id), ``outside`` (text before any section), ``too-many-sections``."""

    code: str
    line: int
    text: str = ""


@dataclass(frozen=True)
class Envelope:
    """A mail's sections, what could not be read, and ``quoted``: the line from which the mail a reply quotes was
    not read although it held lines that would have been (``kernel/mailtext.py: quoted_from``; the receipt names
    it), ``None`` without."""

    game: str | None
    sections: tuple[Section, ...]
    problems: tuple[EnvelopeProblem, ...]
    quoted: int | None = None


@cache
def _keywords() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The envelope's keywords as ``grammar/envelope.lark`` writes them, every game's, spelled in every language
    (``kernel/languages.py``): (terminal, its pattern)."""
    from lark import Lark  # built on first use: a tick of mails without sections never needs it

    parser = Lark(grammar_text("envelope.lark"), parser="lalr", start="envelope_keyword")
    return tuple((str(t.name), re.compile(t.pattern.to_regexp())) for t in parser.terminals)


def _keyword(word: str) -> str | None:
    """The envelope keyword a word is (a colon after it allowed: ``PLAYER:``), or ``None``."""
    word = word.rstrip(":")
    found = next((name for name, pattern in _keywords() if pattern.fullmatch(word)), None)
    return _NUMBER.get(found, found) if found else None


@cache
def _section_lines() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A PLAYER line and a GM line with a password, as ``named_seats`` finds them anywhere in a text."""
    kw = {name: pattern.pattern for name, pattern in _keywords()}
    player = re.compile(rf"^\s*{kw['PLAYER']}\s+(?P<seat>[A-Za-z0-9][A-Za-z0-9_.-]{{0,39}})\s+{kw['PASSWORD']}"
                        r"(?:\s+(?P<password>\S{1,80}))?", re.M)
    return player, re.compile(rf"^\s*{kw['GM']}\s+{kw['PASSWORD']}", re.M)


def named_seats(texts: list[str]) -> list[str]:
    """The seats a mail's PLAYER lines name (``GM`` for a GM line), read in one quick pass over its texts, quoted
    lines too: what a flood of sections costs is known before any of them is read."""
    out: list[str] = []
    player, gm = _section_lines()
    for text in texts:
        out += [m.group("seat").upper() for m in player.finditer(text)]
        out += ["GM"] * len(gm.findall(text))
    return out


def signed(texts: list[str], most: int = 2 * MAX_SECTIONS) -> list[tuple[str, str]]:
    """The (seat, password) of a mail's first ``most`` PLAYER lines that give a password, in one quick pass over its
    texts (the front door's ``sign_in`` asks whether one is a new password, before any game reads the mail)."""
    player, _gm = _section_lines()
    out: list[tuple[str, str]] = []
    for text in texts:
        for m in player.finditer(text):
            if m.group("password"):
                out.append((m.group("seat").upper(), m.group("password")))
                if len(out) >= most:
                    return out
    return out


def clean_lines(text: str, cut: int | None = None) -> list[tuple[int, str]]:
    """The lines that count, numbered from 1: mail clutter (``kernel/mailtext.py``; ``cut``: where the platform found
    the robot's own mail quoted), blanks and comments left out."""
    return [(n, line) for n, line in clutter_free(text, MAX_LINES, cut) if not line.startswith("#")]


def _trimmed(body: list[tuple[int, str]], order_line: Callable[[str], bool]) -> tuple[tuple[tuple[int, str], ...],
                                                                                  tuple[tuple[int, str], ...]]:
    """A section's body without the prose around its orders, and that prose: a greeting before the first line the
    game reads as an order and a sign-off after the last ("Anna", "Cheers, Tom") are not orders."""
    orderly = [i for i, (_, line) in enumerate(body) if order_line(line)]
    if not orderly:
        return tuple(body), ()  # nothing reads as an order: the game says what is wrong with it
    return tuple(body[orderly[0]:orderly[-1] + 1]), tuple(body[:orderly[0]] + body[orderly[-1] + 1:])


def move_word(word: str) -> bool:
    """Whether a word names a move as the envelope's ``MOVE`` does (``MOVE``, ``TURN``, ``ZUG``, ``TAH`` ...; a colon
    after it allowed): a game of moves sent ahead reads ``Next move:`` as its keyword for the next move."""
    return _keyword(word) == "MOVE"


def read_envelope(text: str, order_line: Callable[[str], bool] = lambda line: True,
                  cut: int | None = None) -> Envelope:
    """The sections of a mail's text, and what could not be read (``order_line``: the game's reading of which lines
    are orders; the prose around them is left out; ``cut``: the line where the platform found the robot's own mail
    quoted, ``postal/quoted.py``: nothing from there on is read)."""
    game: str | None = None
    sections: list[Section] = []
    problems: list[EnvelopeProblem] = []
    current: dict[str, object] | None = None
    body: list[tuple[int, str]] = []

    def close() -> None:
        nonlocal current, body
        if current is not None:
            orders, prose = _trimmed(body, order_line)
            sections.append(Section(str(current["seat"]), str(current["password"]), int(str(current["line"])),
                                    current["move"] if isinstance(current["move"], int) else None,
                                    orders, current["check"] is True, prose))
        current, body = None, []

    for number, line in clean_lines(text, cut):
        words = line.split()
        key = _keyword(words[0])
        if key == "PLAYER":
            close()
            if len(words) == 4 and _keyword(words[2]) == "PASSWORD" and _TOKEN.match(words[1]):
                current = {"seat": words[1].upper(), "password": words[3], "line": number, "move": None,
                           "check": False}
            else:
                problems.append(EnvelopeProblem("player-line", number))
        elif key == "GAME":
            if len(words) == 2 and _TOKEN.match(words[1]):
                game = words[1]
            else:
                problems.append(EnvelopeProblem("game-line", number))
        elif key == "MOVE" and current is not None and not body:
            if len(words) == 2 and words[1].isdigit() and len(words[1]) < 6:
                current["move"] = int(words[1])
            else:
                problems.append(EnvelopeProblem("move-line", number))
        elif key == "CHECK" and current is not None and not body and len(words) == 1:
            current["check"] = True
        elif key == "END":
            close()
        elif current is not None:
            body.append((number, line))
        elif order_line(line):
            problems.append(EnvelopeProblem("outside", number, line[:60]))
    close()
    if len(sections) > MAX_SECTIONS:
        return Envelope(game, (), (EnvelopeProblem("too-many-sections", 0, str(len(sections))),))
    return Envelope(game, tuple(sections), tuple(problems), quoted_from(split_lines(text)[:MAX_LINES], cut))

