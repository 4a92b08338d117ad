"""The envelope of a mail of orders, for every game of moves (sequential or simultaneous): GAME, PLAYER ... PASSWORD,
MOVE, END.

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

Three things a Dampfross mail needs, read the same way for every game (issue 34):

* ``MOVE n`` (``TURN n``) *before* a PLAYER line is the move of every section after it that names none of its
  own (a mail ``GAME x`` / ``TURN 4`` / ``PLAYER ...``; Dampfross's parser gave such lines to the one section
  that follows: a later section of the same mail that names no turn is now held to it too, so orders written for
  one turn are never used for another), and a ``MOVE`` line at the end of a section's body, right before the
  next PLAYER line, is that next section's; a ``MOVE`` line right after a PLAYER line is its section's alone, as
  before.
* A game whose reading of order lines reads whole sections itself (``WholeSections``: Dampfross, whose parser
  leaves the prose around the orders out with a note, closes an ``IF`` with ``END`` and a press item, ``PRESS``
  ... ``END PRESS``, with its own line) gets every line of a section's body, none trimmed as prose, and its
  sections end where it says (Dampfross: only at the next PLAYER or GM line, or a signature; ``END`` alone is a
  sign-off there, never the end of a section); a mail's greeting above its first section (the lines that are no
  orders) is that section's too, so that its parser names it with the rest of the prose (reading 139).
* ``pasted``: a file given to ``adjudicate run``, mails the GM pasted together.  A signature (``-- ``) ends the
  section it is in, and reading goes on at the next PLAYER or GM line (with the GAME and MOVE lines just before
  it), as Dampfross's parser reads an order file; a bare ``GM`` line opens the GM's section without a password
  (the GM's own file, ``--gm``), so does ``PLAYER ID`` a seat's (orders the GM typed: they count with ``--trust``
  only, ``app/moverun.py``), and ``MAX_SECTIONS`` does not hold (a mail's flood guard; the GM pastes as
  many mails as the turn had).  A mail's text is never read so: its signature ends it (``kernel/mailtext.py``).

The GM's own section (``kernel/gmorders.py``) opens at ``PLAYER GM PASSWORD pw`` or at ``GM PASSWORD pw``, the
line Dampfross's GM has always written; its seat is ``GM``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Protocol, runtime_checkable

from adjudicator import cachefolder
from adjudicator.kernel.languages import grammar_text, pattern, spellings
from adjudicator.kernel.mailtext import SIGNATURE, blank_quotes, clutter_free, quoted_from, split_lines

MAX_SECTIONS = 12
"""The most PLAYER sections one mail may hold to be read, in every game (a mail for a whole game of companies,
from the GM's typist, fits; 239,000 password guesses in one mail do not; docs/hardening.md)."""
MAX_GUESSES = 20
"""Sections from one sender that may fail their password check in one turn or move before that sender is read
only for the company or colour whose address it is, in every game (a forged From cannot lock a player out)."""
MAX_LINES = 400
"""Lines of a mail's text read at most (a mail of orders is a dozen lines)."""

GM_SEAT = "GM"
"""The seat a GM line's section is read for (``kernel/gmorders.py: GM_SEAT``, the same name)."""

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
    signed: int | None = None
    """The signature line (``-- ``) of a mail's text below which a line reads as an order or a PLAYER line: not read
    (a mail ends at its signature), so the receipt says so; ``None`` without."""


@cache
def _keywords() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The envelope's keywords as ``grammar/envelope.lark`` writes them, every game's, spelled in every language
    (``kernel/languages.py``): (terminal, its pattern).  Lark's reading of the grammar (a tenth of a turn's work)
    is kept in the application's cache (``cachefolder.py``), under a key naming the grammar and Lark's version."""
    import hashlib
    import json

    from lark import __version__ as lark_version  # built on first use: a tick of mails without sections never needs it

    text = grammar_text("envelope.lark")
    key = "envelope-" + hashlib.sha256(f"{lark_version}\n{text}".encode()).hexdigest()[:32] + ".json"
    try:
        kept = json.loads(cachefolder.kept(key) or b"null")
        found = [(str(name), str(pattern)) for name, pattern in kept] if isinstance(kept, list) else None
    except (ValueError, TypeError):  # spoilt: made again
        found = None
    if not found:
        from lark import Lark

        parser = Lark(text, parser="lalr", start="envelope_keyword")
        found = [(str(t.name), t.pattern.to_regexp()) for t in parser.terminals]
        cachefolder.keep(key, json.dumps(found).encode())
    return tuple((name, re.compile(pattern)) for name, pattern in found)


def _keyword(word: str) -> str | None:
    """The envelope keyword a word is (a colon after it allowed: ``PLAYER:``), or ``None``."""
    word = word.rstrip(":")
    found = next((name for name, pattern in _keywords() if pattern.fullmatch(word)), None)
    return _NUMBER.get(found, found) if found else None


@cache
def _press() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A line that opens a press item (its first word ``PRESS``, in any language: ``PRESSE``) and the line that
    ends one (``END PRESS`` or ``PRESS END``: ``ENDE PRESSE``), as Dampfross's parser reads them."""
    words = spellings("orders")
    press, end = pattern(words.get("PRESS", ("PRESS",))), pattern(words.get("END", ("END",)))
    return (re.compile(rf"^(?:{press})(?!\w)", re.I),
            re.compile(rf"^(?:(?:{end})\s+(?:{press})|(?:{press})\s+(?:{end}))\s*(?:#.*)?$", re.I))


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


@runtime_checkable
class WholeSections(Protocol):
    """A game's reading of order lines (a play's ``order_line`` may be such an object) that reads a section's body
    whole, the prose around its orders too, and ends its sections itself: the envelope trims nothing of the body
    and ends a section at ``END`` only where ``ends_section`` says (at the next PLAYER or GM line and at a
    signature always).  Dampfross: its parser notes the prose it leaves out, and ``END`` closes an ``IF`` or a
    press item (``END PRESS``) or is a sign-off, never the end of a section."""

    def __call__(self, line: str) -> bool:
        """Whether a line reads as an order, or is meant as one (``kernel/play.py: Play.order_line``)."""

    def ends_section(self, line: str) -> bool:
        """Whether a line that begins with the envelope's ``END`` ends the section it is in."""


def _trimmed(body: list[tuple[int, str]], order_line: Callable[[str], bool]
             ) -> tuple[tuple[tuple[int, str], ...], tuple[tuple[int, str], ...]]:
    """A section's body without the prose around its orders, and that prose: a greeting before the first line the
    game reads as an order and a sign-off after the last ("Anna", "Cheers, Tom") are not orders; a game that reads
    whole sections (``WholeSections``) gets its body whole."""
    if isinstance(order_line, WholeSections):
        return tuple(body), ()
    orderly = [i for i, (_number, line) in enumerate(body) if order_line(line)]
    if not orderly:
        return tuple(body), ()  # nothing reads as an order: the game says what is wrong with it
    return tuple(body[orderly[0]:orderly[-1] + 1]), tuple(body[:orderly[0]] + body[orderly[-1] + 1:])


def _pasted_lines(text: str, cut: int | None) -> Iterator[tuple[int, str]]:
    """The lines that count of a file of mails pasted together, numbered from 1, a signature line given as ``--``:
    as ``clean_lines``, but reading goes on after a signature (``read_envelope`` skips to the next mail)."""
    for number, line in enumerate(blank_quotes(split_lines(text)[:MAX_LINES], cut), 1):
        if SIGNATURE.match(line):
            yield number, "--"
        elif line.strip() and not line.strip().startswith("#"):
            yield number, line.strip()


@dataclass
class _Reader:
    """A mail's text being cut into sections (``read_envelope``)."""

    order_line: Callable[[str], bool]
    pasted: bool
    game: str | None = None
    sections: list[Section] = field(default_factory=list)
    problems: list[EnvelopeProblem] = field(default_factory=list)
    current: dict[str, object] | None = None
    body: list[tuple[int, str]] = field(default_factory=list)
    pending: int | None = None
    """The MOVE number a MOVE line outside a section gave the sections after it."""
    held: tuple[int, str, int] | None = None
    """A MOVE line at the end of a section's body: the next section's if a PLAYER line follows, else the body's."""
    skipping: bool = False
    """After a signature in a pasted file: nothing is read up to the next mail's PLAYER or GM line."""
    signed: int | None = None
    """While skipping: the section a signature ended, of a game that reads whole sections (``WholeSections``), which
    gets the signature and the lines below it up to the next mail (Dampfross's parser says which of them read as
    orders, as its old format did: "line 13 looks like an order but is ignored: the signature ... ends the mail")."""
    ahead: list[tuple[int, str]] = field(default_factory=list)
    """GAME and MOVE lines met while skipping: the next mail's when its PLAYER line follows at once."""
    raw: list[str] = field(default_factory=list)
    """The text's lines as written: a press item's lines keep their indentation (``pressed``)."""
    in_press: bool = False
    """In a press item of the section's body (``PRESS`` up to ``END PRESS`` or the section's end)."""
    above: list[tuple[int, str]] = field(default_factory=list)
    """The prose of a mail above its first section (a greeting): the first section's, for a game that reads whole
    sections (``WholeSections``: Dampfross's parser notes it, "lines 1-3 and 11-12 are not orders: ignored")."""

    def close(self) -> None:
        if self.held is not None:
            self.pending = self.held[2]  # the MOVE line before the next PLAYER line is that section's
            self.held = None
        if self.current is not None:
            current = self.current
            if not self.sections and self.above:  # the greeting above it: read, and named, with the first section
                self.body = [*self.above, *self.body]
            self.above = []
            orders, prose = _trimmed(self.body, self.order_line)
            self.sections.append(Section(str(current["seat"]), str(current["password"]), int(str(current["line"])),
                                         current["move"] if isinstance(current["move"], int) else None,
                                         orders, current["check"] is True, prose))
        self.current, self.body, self.in_press = None, [], False

    def pressed(self, number: int, line: str) -> str:
        """A line of a section's body as it is given to the game: inside a press item (every game's ``PRESS`` ...
        ``END PRESS``) with its indentation, which the report prints as the player wrote it, else stripped."""
        opens, ends = _press()
        if not self.in_press:
            self.in_press = bool(opens.match(line))
            return line
        if ends.match(line):
            self.in_press = False
            return line
        raw = self.raw[number - 1].rstrip() if number <= len(self.raw) else line
        return raw if raw.strip() == line else line

    def open(self, seat: str, password: str, number: int) -> None:
        self.current = {"seat": seat, "password": password, "line": number, "move": self.pending, "check": False}

    def unhold(self) -> None:
        """A MOVE line held at the end of a body that is followed by more of it: a line of the body after all."""
        if self.held is not None:
            self.body.append(self.held[:2])
            self.held = None

    def section_line(self, number: int, words: list[str], key: str | None) -> bool:
        """A PLAYER or GM line that opens a section (or a PLAYER line that does not read: a problem); ``False``:
        no such line."""
        if key == "PLAYER":
            self.close()
            if len(words) == 4 and _keyword(words[2]) == "PASSWORD" and _TOKEN.match(words[1]):
                self.open(words[1].upper(), words[3], number)
            elif len(words) == 2 and self.pasted and _TOKEN.match(words[1]):  # orders the GM typed (run --trust)
                self.open(words[1].upper(), "", number)
            else:
                self.problems.append(EnvelopeProblem("player-line", number))
            return True
        if key == "GM" and self.gm_line(words):
            self.close()
            self.open(GM_SEAT, words[2] if len(words) == 3 else "", number)
            return True
        return False

    def gm_line(self, words: list[str]) -> bool:
        """Whether a line that begins with GM opens the GM's section: ``GM PASSWORD pw``, or ``GM`` alone in a
        pasted file (the GM's own)."""
        return (len(words) == 3 and _keyword(words[1]) == "PASSWORD") or (len(words) == 1 and self.pasted)

    def line(self, number: int, line: str) -> None:
        words = line.split()
        key = _keyword(words[0])
        if self.pasted and line == "--":
            whole = self.current is not None and isinstance(self.order_line, WholeSections)
            if whole:  # the signature ends the section's mail: the game reads it, and says what it left out
                self.body.append((number, line))
            self.close()
            self.skipping, self.ahead, self.pending = True, [], None  # the next mail names its own move
            self.signed = len(self.sections) - 1 if whole else None
            return
        if self.skipping:
            if key in ("GAME", "MOVE"):
                self.ahead.append((number, line))
                return
            if key == "PLAYER" or (key == "GM" and self.gm_line(words)):
                self.skipping = False  # the next mail: its GAME and MOVE lines, then its PLAYER line
                ahead, self.ahead = self.ahead, []
                for n, header in ahead:
                    self.line(n, header)
                self.line(number, line)
            else:
                self.ahead = []
                if self.signed is not None:  # below the signature of a whole section's mail: its game reads it
                    signed = self.sections[self.signed]
                    self.sections[self.signed] = replace(signed, body=(*signed.body, (number, line)))
            return
        if key in ("PLAYER", "GM") and self.section_line(number, words, key):
            return
        if key == "GAME":
            if len(words) == 2 and _TOKEN.match(words[1]):
                self.game = words[1]
            else:
                self.problems.append(EnvelopeProblem("game-line", number))
        elif key == "MOVE":
            self.move_line(number, line, words)
        elif key == "CHECK" and self.current is not None and not self.body and len(words) == 1:
            self.current["check"] = True
        elif key == "END" and (not isinstance(self.order_line, WholeSections) or self.order_line.ends_section(line)):
            self.close()
        elif self.current is not None:
            self.unhold()
            self.body.append((number, self.pressed(number, line)))
        elif self.order_line(line):
            self.problems.append(EnvelopeProblem("outside", number, line[:60]))
        elif not self.pasted and not self.sections and isinstance(self.order_line, WholeSections):
            self.above.append((number, line))

    def move_line(self, number: int, line: str, words: list[str]) -> None:
        """A MOVE line: its section's right after its PLAYER line, the sections' after it outside any, the next
        section's at the end of a body (held until a line tells)."""
        number_ok = len(words) == 2 and words[1].isdigit() and len(words[1]) < 6
        if self.current is None or not self.body:
            if not number_ok:
                self.problems.append(EnvelopeProblem("move-line", number))
            elif self.current is None:
                self.pending = int(words[1])
            else:
                self.current["move"] = int(words[1])
            return
        self.unhold()
        if number_ok:
            self.held = (number, line, int(words[1]))
        else:
            self.body.append((number, line))


def read_envelope(text: str, order_line: Callable[[str], bool] = lambda line: True,
                  cut: int | None = None, pasted: bool = False) -> Envelope:
    """The sections of a mail's text, and what could not be read (``order_line``: the game's reading of which lines
    are orders, the prose around them left out unless it reads whole sections, ``WholeSections``; ``cut``: the
    line where the platform found the robot's own mail quoted, ``postal/quoted.py``: nothing from there on is
    read; ``pasted``: a file of mails pasted together, read on after each signature, see the module)."""
    reader = _Reader(order_line, pasted, raw=split_lines(text)[:MAX_LINES])
    for number, line in (_pasted_lines(text, cut) if pasted else clean_lines(text, cut)):
        reader.line(number, line)
    reader.unhold()
    reader.close()
    if len(reader.sections) > MAX_SECTIONS and not pasted:  # a GM's own file of a whole game's mails: every section
        return Envelope(reader.game, (), (EnvelopeProblem("too-many-sections", 0, str(len(reader.sections))),))
    return Envelope(reader.game, tuple(reader.sections), tuple(reader.problems),
                    quoted_from(split_lines(text)[:MAX_LINES], cut),
                    None if pasted else _below_signature(text, cut, order_line))


def _below_signature(text: str, cut: int | None, order_line: Callable[[str], bool]) -> int | None:
    """The line of a mail's signature when a line below it (quotes and the mail a reply quotes aside) reads as an
    order or opens a section: those lines were not read (``Envelope.signed``)."""
    lines = split_lines(text)[:MAX_LINES]
    if not any(SIGNATURE.match(line) for line in lines):
        return None
    lines = blank_quotes(lines, cut)
    at = next((i for i, line in enumerate(lines) if SIGNATURE.match(line)), None)
    if at is None:
        return None
    player, gm = _section_lines()
    below = [line.strip() for line in lines[at + 1:] if line.strip() and not line.strip().startswith("#")]
    return at + 1 if any(order_line(line) or player.match(line) or gm.match(line) for line in below) else None


def move_word(word: str) -> bool:
    """Whether a word names a move as the envelope's ``MOVE`` does (``MOVE``, ``TURN``, ``ZUG``, ``TAH`` ...; a colon
    after it allowed): a game of moves sent ahead reads ``Next move:`` as its keyword for the next move."""
    return _keyword(word) == "MOVE"
