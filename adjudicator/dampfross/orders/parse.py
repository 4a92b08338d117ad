"""Read one order file: mail clutter blanked, lines parsed, sections formed.

``parse_orders`` is pure (text in, ``ParsedFile`` out) and needs no map;
towns and labels are looked up later by ``resolve``.  What it does:

* Quoted reply lines (beginning with ``>``, after optional spaces) and
  common mail header lines (``From:``, ``Subject:``, ``Betreff:`` ...) are
  ignored, and so is everything from where the mail a reply quotes begins
  (a reply header such as Outlook's, or the line the platform names where
  the robot's own mail is quoted: ``kernel/mailtext.py``, issue 32), with a
  note naming that line when the quote held lines that would have been read.
  So is a signature: from a line ``-- `` (also ``--``, since mail
  programs often drop the space) up to the next mail in the file, which is
  recognised by its PLAYER or GM line (and the GAME/TURN lines just before
  it).  Ignored lines are blanked, not removed, so line numbers match the
  player's mail.  Ignored lines that look like orders earn a note.
* Every other non-blank line is parsed on its own (``line.parse_line``).
  Prose around the orders (a greeting before the first order line, a
  sign-off after the last) is not an error: it is noted once as ignored
  text.  Among the orders every line counts, but a question: a line that
  is not meant as an order and asks something (a question mark) is prose
  for the GM too (reading 127).  ``END`` alone (``Ende``) does not declare
  the end of building: that needs ``DECLARE END``.
* ``PLAYER`` starts a player's section, ``GM`` the GM's section.  GAME and
  TURN lines belong to the section whose PLAYER line follows them (or,
  written right after a PLAYER line, to that section); whether they agree
  is checked by ``collect``.
* Players' orders (START, BUILD, PASS, DECLARE END, ENTER) belong in a
  player's section, the GM's (ROLL, RACE, MOVES) in the GM's; anything else
  is an ``illegal`` problem.  A section may hold several ENTER lines, one
  per race: of two for the same race the later one counts, with a note (a
  line that cannot be read replaces nothing).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from adjudicator.dampfross.orders.codes import Args, HintCode, NoteCode, ProblemCode, args
from adjudicator.dampfross.orders.commas import split_orders
from adjudicator.dampfross.orders.conditions import Nest, closing_ends, looks_like_if
from adjudicator.dampfross.orders.line import parse_line
from adjudicator.dampfross.orders.mistakes_base import KEYWORDS, LINE_STARTERS, keyword_of
from adjudicator.dampfross.orders.model import (
    BuildOrder,
    BuyFerryOrder,
    CheapestOrder,
    DeclareEndOrder,
    ElseLine,
    EnterOrder,
    GMOrder,
    Hint,
    HoldPressOrder,
    IfLine,
    MovesOrder,
    Note,
    OrderProblem,
    PassOrder,
    PlayerOrder,
    Pos,
    PowersOrder,
    PressOrder,
    RaceOrder,
    RollOrder,
    StandingOrder,
    StartOrder,
)
from adjudicator.dampfross.orders.privacy import (
    looks_like_player_line,
    mask_password,
    mask_words,
    meant_as_player_line,
    secret_words,
)
from adjudicator.dampfross.orders.reader import MAX_PROBLEMS_PER_LINE, GMLine, LineResult, PlayerLine, code_of
from adjudicator.dampfross.orders.sections import GM_SECTION, GMSection, Header, ParsedFile, Section
from adjudicator.kernel.languages import pattern
from adjudicator.kernel.mailtext import SIGNATURE, asks, read_quotes, split_lines

MAX_LINES = 1000
"""The most order lines read from one file; an order mail has a few dozen."""

MAX_PROBLEMS = 100
"""The most problems listed for one file."""

def _first_keyword(line: str) -> str | None:
    words = code_of(line).split()
    return keyword_of(words[0]) if words else None


def _is_blank(line: str) -> bool:
    return not code_of(line).strip()


def blank_clutter(lines: list[str], filename: str, cut: int | None = None) -> tuple[list[str], list[Note]]:
    """Blank quoted lines, mail headers, a reply's attribution line, the quoted mail (from ``cut`` at the latest:
    the platform's line of it) and signatures; keep the line count.

    Returns the cleaned lines and notes about ignored lines that look like orders, and about a quoted mail not read.
    """
    out, quoted = read_quotes(lines, cut)
    notes: list[Note] = [] if quoted is None else [Note(NoteCode.QUOTED_MAIL, Pos(filename, quoted), args())]
    i = 0
    while i < len(out):
        if not SIGNATURE.match(out[i]):
            i += 1
            continue
        sig = i
        resume = _next_mail(out, sig + 1)
        ignored = [n for n in range(sig + 1, resume) if _first_keyword(out[n]) in LINE_STARTERS]
        if ignored:
            lines_ = tuple(n + 1 for n in ignored)
            notes.append(
                Note(NoteCode.SIGNATURE_IGNORES, Pos(filename, ignored[0] + 1), args(lines=lines_, signature=sig + 1))
            )
        for n in range(sig, resume):
            out[n] = ""
        i = resume
    return out, notes


def _next_mail(lines: list[str], start: int) -> int:
    """Index of the first line of the next mail after a signature (``len(lines)`` if none).

    A mail starts at a line that reads as a PLAYER or GM line; GAME and TURN
    lines directly before it (blank lines between allowed) belong to it.
    """
    for j in range(start, len(lines)):
        if _first_keyword(lines[j]) not in ("PLAYER", "GM"):
            continue
        if not isinstance(parse_line(lines[j], "", j + 1).item, (PlayerLine, GMLine)):
            continue
        first = j
        k = j - 1
        while k >= start:
            if _is_blank(lines[k]):
                k -= 1
                continue
            res = parse_line(lines[k], "", k + 1)
            if not isinstance(res.item, Header) or res.problems:
                break
            first = k
            k -= 1
        return first
    return len(lines)


GM_ORDERS = (RollOrder, RaceOrder, MovesOrder, HoldPressOrder)
"""The orders of the GM's section."""

_END, _PRESS = pattern(KEYWORDS["END"]), pattern(KEYWORDS["PRESS"])
_PRESS_END = re.compile(rf"^\s*(?:(?:{_END})\s+(?:{_PRESS})|(?:{_PRESS})\s+(?:{_END}))\s*(?:#.*)?$", re.IGNORECASE)
"""The line that ends a press item: END PRESS or PRESS END, in any language's words (ENDE PRESSE, KONEC TISK)."""

MAX_PRESS_LINES = 40
"""The most lines of one press item (a postal zine prints letters, not novels)."""


def take_press(lines: list[str]) -> tuple[list[str], dict[int, tuple[str, ...]]]:
    """Take the text of press items out of the lines to be parsed.

    A line reading ``PRESS`` (or ``PRESS ANONYMOUS``, German ``PRESSE
    [ANONYM]``) opens an item; its text is every line after it up to ``END
    PRESS`` (``ENDE PRESSE``), the next mail's PLAYER or GM line, a signature,
    or the end of the file.  The text is blanked (the line count stays) and
    returned by the PRESS line's number, leading and trailing blank lines
    dropped, at most ``MAX_PRESS_LINES`` lines.
    """
    out = list(lines)
    press: dict[int, tuple[str, ...]] = {}
    i = 0
    while i < len(out):
        if _first_keyword(out[i]) != "PRESS" or not isinstance(parse_line(out[i], "", i + 1).item, PressOrder):
            i += 1
            continue
        body: list[str] = []
        j = i + 1
        while j < len(out) and not SIGNATURE.match(out[j]) and _first_keyword(out[j]) not in ("PLAYER", "GM"):
            if _PRESS_END.match(out[j]):
                out[j] = ""
                j += 1
                break
            body.append(out[j].rstrip())
            out[j] = ""
            j += 1
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        press[i + 1] = tuple(body[:MAX_PRESS_LINES])
        i = j
    return out, press


@dataclass
class _Open:
    """A section being read."""

    name: str
    pos: Pos
    password: str | None = None
    orders: list[PlayerOrder | GMOrder] = field(default_factory=list)
    headers: list[Header] = field(default_factory=list)


class _FileReader:
    """Walks the cleaned lines of one file and forms sections."""

    def __init__(self, filename: str, press: dict[int, tuple[str, ...]] | None = None):
        self.filename = filename
        self.press = press or {}
        self.current: _Open | None = None
        self.pending: list[Header] = []
        self.sections: list[Section] = []
        self.gm_sections: list[GMSection] = []
        self.headers: list[Header] = []
        self.problems: list[OrderProblem] = []
        self.notes: list[Note] = []
        self.prose: list[tuple[int, str]] = []
        self.nest = Nest()

    def owner(self) -> str | None:
        return self.current.name if self.current else None

    def add_problems(self, res: LineResult, section: str | None, secret: bool = False) -> None:
        """File the line's problems under a section; a line that may hold a password is quoted masked,
        in the line shown and in every piece of data (a hint that rewrites the line)."""
        for p in res.problems:
            if secret:
                words = secret_words(p.line_text)
                hint = p.hint and replace(p.hint, args=_masked(p.hint.args, words))
                p = replace(p, line_text=mask_password(p.line_text), args=_masked(p.args, words), hint=hint)
            self.problems.append(replace(p, section=section))

    def read(self, lines: list[str]) -> None:
        parsed: list[tuple[int, str, LineResult]] = []
        for number, line in enumerate(lines, start=1):
            if _is_blank(line):
                continue
            if len(parsed) >= MAX_LINES:
                self.problems.append(OrderProblem("syntax", ProblemCode.TOO_MANY_LINES, Pos(self.filename, number),
                                                  "", args(limit=MAX_LINES), None, None))
                break
            parsed += [(number, piece, res) for piece, res in _orders_of(line, self.filename, number)]
        for number, line, res in self.without_prose(parsed):
            item = res.item
            if isinstance(item, PlayerLine):
                self.close(number - 1)
                self.current = _Open(item.player, item.pos, item.password)
                self.add_problems(res, item.player, secret=True)
                self.current.headers, self.pending = self.pending, []
                continue
            player_like = looks_like_player_line(code_of(line))  # a fuzzy match: worked out once a line
            if item is None and player_like:
                # a PLAYER line that does not read: whatever follows belongs to nobody until the next one
                self.close(number - 1)
                self.add_problems(res, None, secret=True)
                continue
            if isinstance(item, GMLine):
                self.close(number - 1)
                self.current = _Open(GM_SECTION, item.pos, item.password)
                self.add_problems(res, None, secret=True)
                continue
            res = self.nest_line(line, res)
            self.add_problems(res, self.owner(), secret=player_like)
            if isinstance(item, Header):
                self.header(item)
            elif isinstance(item, GM_ORDERS):
                self.gm_order(item)
            elif isinstance(item, (IfLine, ElseLine)):
                self.conditional(item, line)
            elif isinstance(item, CheapestOrder):
                if self.nest.cheapest_allowed(item):
                    self.player_order(item)
            elif isinstance(item, PressOrder):
                self.player_order(replace(item, lines=self.press.get(number, ())))
            elif isinstance(
                item, (StartOrder, BuildOrder, PassOrder, DeclareEndOrder, EnterOrder, PowersOrder, BuyFerryOrder,
                       StandingOrder)
            ):
                self.player_order(item)
        self.close(len(lines))
        self.headers += [replace(h, player=None) for h in self.pending]

    def without_prose(self, parsed: list[tuple[int, str, LineResult]]) -> list[tuple[int, str, LineResult]]:
        """The lines from the first order line to the last; the text around them noted once as ignored.

        A mail's greeting and its sign-off are not orders: lines before the
        first line that reads as an order (or is meant as one: it begins with
        an order's keyword, or names a hex label) and after the last one are
        left out with one note.  Among the orders every line counts, so a
        misspelt keyword there stays a problem; only a question (a line not
        meant as an order, with a question mark: "Can I build through the
        Alps?") is left out with them (reading 127).  ``END`` alone outside the
        orders is a sign-off, and noted as such.
        """
        orderly = [i for i, (_, line, res) in enumerate(parsed) if _order_like(line, res)]
        ends = closing_ends([(_opens_if(line, res), _bare_end(res)) for _, line, res in parsed])
        orderly = sorted(set(orderly) | ({i for i in ends if i > orderly[0]} if orderly else set()))
        first, last = (orderly[0], orderly[-1]) if orderly else (len(parsed), -1)
        asked = {i for i, (_, line, res) in enumerate(parsed)  # a question among the orders (reading 127)
                 if first < i < last and i not in orderly and asks(code_of(line))}
        ignored = list(dict.fromkeys(n for i, (n, _, _) in enumerate(parsed) if i < first or i > last or i in asked))
        self.prose += [(n, line.strip()) for i, (n, line, _) in enumerate(parsed)
                       if i < first or i > last or i in asked]
        if ignored:
            self.notes.append(Note(NoteCode.IGNORED_TEXT, Pos(self.filename, ignored[0]),
                                   args(ranges=_line_ranges(ignored, list(dict.fromkeys(n for n, _, _ in parsed))))))
        for i, (n, _, res) in enumerate(parsed):
            bare = [p for p in res.problems if p.code is ProblemCode.BARE_END]
            if bare and (i < first or i > last):
                word = str(dict(bare[0].args)["keyword"])
                self.notes.append(Note(NoteCode.BARE_END_IGNORED, Pos(self.filename, n), args(line=n, keyword=word)))
        return [p for i, p in enumerate(parsed) if first <= i <= last and i not in asked] if orderly else []

    def header(self, item: Header) -> None:
        cur = self.current
        if (
            cur is not None
            and cur.name != GM_SECTION
            and not cur.orders
            and all(h.word != item.word for h in cur.headers)
        ):
            cur.headers.append(item)
        else:
            self.pending.append(item)

    def player_order(self, order: PlayerOrder) -> None:
        if self.nest.open:
            self.nest.add(order)
        elif self.current is None:
            self.problem(order, ProblemCode.ORDER_BEFORE_PLAYER, Hint(HintCode.BEGIN_WITH_PLAYER), None)
        elif self.current.name == GM_SECTION:
            self.problem(order, ProblemCode.PLAYER_ORDER_IN_GM_SECTION, Hint(HintCode.PLAYER_LINE_BEFORE), GM_SECTION)
        else:
            self.current.orders.append(order)

    def gm_order(self, order: GMOrder) -> None:
        if self.current is None or self.current.name != GM_SECTION:
            word = order.echo().split()[0]
            self.problem(order, ProblemCode.GM_ORDER_OUTSIDE_GM_SECTION, Hint(HintCode.ADD_GM_LINE, args(order=word)),
                         self.owner())
        else:
            self.current.orders.append(order)

    def problem(self, order: PlayerOrder | GMOrder, code: ProblemCode, hint: Hint, section: str | None) -> None:
        """An order in the wrong place: ``illegal``, with the order's keyword (``order``) as data."""
        word = order.echo().split()[0]
        self.problems.append(OrderProblem("illegal", code, order.pos, order.text, args(order=word), hint, section))

    def nest_line(self, line: str, res: LineResult) -> LineResult:
        """IF ... END (``orders.conditions``): an END alone closes the innermost IF open (no BARE_END problem
        then); an IF or ELSE line that cannot be read still opens or turns its IF, any other such line inside an
        IF spoils it."""
        if self.nest.open and _bare_end(res):
            done = self.nest.end()
            if done is not None:
                self.player_order(done)
            return LineResult(None, tuple(p for p in res.problems if p.code is not ProblemCode.BARE_END))
        if res.item is None and res.problems:
            pos = res.problems[0].pos
            first = _first_keyword(line)
            if first == "IF":
                self.nest.begin(None, Pos(pos.file, pos.line), line.strip())
            elif first == "ELSE":
                self.nest.otherwise(None, Pos(pos.file, pos.line), line.strip(), code_of(line).split()[0].upper())
            else:
                self.nest.bad_line()
        return res

    def conditional(self, item: IfLine | ElseLine, line: str) -> None:
        if isinstance(item, IfLine):
            self.nest.begin(item, item.pos, item.text)
        else:
            self.nest.otherwise(item, item.pos, item.text, code_of(line).split()[0].upper())

    def close(self, end: int) -> None:
        """End the open section at line ``end`` (the line before the next section, or the file's last)."""
        self.nest.close()
        for p in self.nest.problems:
            self.problems.append(replace(p, section=self.owner()))
        self.nest.problems.clear()
        cur, self.current = self.current, None
        if cur is None:
            return
        headers = [replace(h, player=cur.name if cur.name != GM_SECTION else None) for h in cur.headers]
        self.headers += headers
        if cur.name == GM_SECTION:
            gm_orders = tuple(o for o in cur.orders if isinstance(o, GM_ORDERS))
            self.gm_sections.append(GMSection(gm_orders, cur.pos, cur.password, end))
            return
        game = next((str(h.value) for h in reversed(headers) if h.word == "GAME"), None)
        turn = next((int(h.value) for h in reversed(headers) if h.word == "TURN"), None)
        orders = self.last_entry_per_race(
            [o for o in cur.orders if not isinstance(o, GM_ORDERS)]
        )
        if not orders:
            self.notes.append(Note(NoteCode.SECTION_EMPTY, cur.pos, args(player=cur.name)))
        self.sections.append(Section(cur.name, cur.password, orders, cur.pos, game, turn, end))


    def last_entry_per_race(self, orders: list[PlayerOrder]) -> tuple[PlayerOrder, ...]:
        """The orders with only the last ENTER for each race; a note for each one replaced."""
        last: dict[int, EnterOrder] = {}
        for o in orders:
            if isinstance(o, EnterOrder):
                old = last.get(o.race)
                if old is not None:
                    self.notes.append(Note(NoteCode.ENTRY_REPLACED, o.pos, args(race=o.race, replaced=old.pos.short)))
                last[o.race] = o
        return tuple(o for o in orders if not isinstance(o, EnterOrder) or last[o.race] is o)


def _orders_of(line: str, filename: str, number: int) -> list[tuple[str, LineResult]]:
    """The line parsed, or, when the grammar refuses it and it begins as an order, the orders written on it between
    commas or semicolons, each parsed at its column (reading 125, ``orders/commas.py``) and quoting the line as
    written."""
    res = parse_line(line, filename, number)
    pieces = split_orders(line) if res.item is None and res.problems else ()
    if not pieces:
        return [(line, res)]
    first = parse_line(pieces[0], filename, number)
    if not _order_like(pieces[0], first):
        return [(line, res)]
    return [(piece, _as_written(parse_line(piece, filename, number) if i else first, line))
            for i, piece in enumerate(pieces)]


def _as_written(res: LineResult, line: str) -> LineResult:
    """One order of a line of several, quoting the whole line (its problems' carets point into it)."""
    item = res.item
    if item is not None:
        item = replace(item, line_text=line) if isinstance(item, Header) else replace(item, text=line)
    return LineResult(item, tuple(replace(p, line_text=line) for p in res.problems))


_LABEL = re.compile(r"(?:^|(?<=[\s(\-\u2013\u2014]))\d{4}(?=$|[\s)#,\-\u2013\u2014])")
"""A hex label standing as a word of its own (not the year of a date such as 21.11.2025)."""


def _bare_end(res: LineResult) -> bool:
    return any(p.code is ProblemCode.BARE_END for p in res.problems)


def _opens_if(line: str, res: LineResult) -> bool:
    return isinstance(res.item, IfLine) or (res.item is None and _first_keyword(line) == "IF")


def _order_like(line: str, res: LineResult) -> bool:
    """True when a line reads as an order, or is meant as one (so a problem with it must be reported).

    Meant as an order: a PLAYER line however misspelt, a line beginning
    with an order's keyword (except ``END`` alone, the common sign-off
    "Ende"), a near spelling of one followed by a number or a dash
    (``BIULD 1``; not ``Viele Grüße`` nor a name such as ``Peter``), or any
    line naming a hex label.
    """
    if res.item is not None:
        return True
    code = code_of(line)
    if meant_as_player_line(code):
        return True
    if any(p.code is ProblemCode.BARE_END for p in res.problems):
        return False
    words = code.split()
    if words and keyword_of(words[0]) == "IF" and not _LABEL.search(code):  # not prose: "Wenn es geht, ..."
        return looks_like_if(words)
    if not words or _LABEL.search(code) or keyword_of(words[0]) in LINE_STARTERS:
        return True
    # a near spelling needs an order's shape after it: "BIULD 1", not a signature such as "Peter" or "Rolf"
    return _near_keyword(words[0]) and bool(_SHAPE.search(code[len(words[0]):]))


_STARTER_SPELLINGS = tuple(s for k in LINE_STARTERS if k != "END" for s in KEYWORDS[k])
"""Spellings a misspelt keyword is compared with (END alone is no order: "Bernd" is not a misspelt END)."""
_SHAPE = re.compile(r"\d|\s[-\u2013\u2014]\s")
NEAR_KEYWORD = 0.75
"""How close a first word must be to an order's keyword to be taken as a misspelt one (``BIULD`` 0.8,
``TRUN`` 0.75; a greeting such as ``Viele`` is 0.67 from ``SPIELER``)."""


def _near_keyword(word: str) -> bool:
    return bool(difflib.get_close_matches(word.upper(), _STARTER_SPELLINGS, 1, NEAR_KEYWORD))


def _line_ranges(ignored: list[int], read: list[int]) -> tuple[str, ...]:
    """Ignored line numbers as ranges of lines read in a row (blank lines between them do not break a range)."""
    out: list[str] = []
    index = {n: i for i, n in enumerate(read)}
    start = prev = ignored[0]
    for n in ignored[1:] + [0]:
        if n and index[n] == index[prev] + 1:
            prev = n
            continue
        out.append(f"{start}-{prev}" if prev != start else str(start))
        start = prev = n
    return tuple(out)


def _bounded(problems: list[OrderProblem], filename: str) -> list[OrderProblem]:
    """At most ``MAX_PROBLEMS_PER_LINE`` per line and ``MAX_PROBLEMS`` per file, and one saying how many more."""
    per_line: dict[int, int] = {}
    kept: list[OrderProblem] = []
    for p in problems:
        per_line[p.pos.line] = per_line.get(p.pos.line, 0) + 1
        if per_line[p.pos.line] <= MAX_PROBLEMS_PER_LINE:
            kept.append(p)
    more = len(problems) - min(len(kept), MAX_PROBLEMS)
    if not more:
        return kept
    last = kept[MAX_PROBLEMS - 1].pos if len(kept) >= MAX_PROBLEMS else kept[-1].pos
    return kept[:MAX_PROBLEMS] + [OrderProblem("syntax", ProblemCode.TOO_MANY_PROBLEMS, Pos(filename, last.line),
                                               "", args(shown=min(len(kept), MAX_PROBLEMS), more=more))]


def _masked(data: Args, words: list[str]) -> Args:
    """Problem or hint data with the secret words starred out of every text in it."""
    return tuple((k, mask_words(v, words) if isinstance(v, str) else v) for k, v in data)


@lru_cache(maxsize=16)
def parse_orders(text: str, filename: str = "<orders>", cut: int | None = None) -> ParsedFile:
    """Parse the text of one order file (one or several mails) into sections.

    Never raises for bad input: every problem of the file is in
    ``ParsedFile.problems``, in line order.  The result is a frozen value,
    kept for the last few files (a turn's replay reads the same files again).
    ``cut``: the line where the platform found the robot's own mail quoted (``postal/quoted.py``); nothing from
    there on is read.
    """
    lines, notes = blank_clutter(split_lines(text), filename, cut)
    return _parsed(lines, notes, filename, None)


@lru_cache(maxsize=4096)
def order_line(line: str) -> bool:
    """Whether a line of a mail reads as an order, or is meant as one (a greeting, a sign-off or a command such as
    HELP is not); the front door asks it to tell a mail of commands among pleasantries from a mail of orders."""
    return _order_like(line, parse_line(line, "", 1))  # kept: a flood's lines repeat from mail to mail


def parse_section(player: str, body: Sequence[tuple[int, str]], filename: str | None = None) -> ParsedFile:
    """Read one company's section body as the platform's envelope cut it (``kernel/envelope.py``: its PLAYER and
    PASSWORD line, GAME lines and a MOVE/TURN line right after the PLAYER line already taken; ``(line number in
    the mail, text)``), as ``parse_orders`` reads the lines below a PLAYER line: clutter, press items, prose,
    IF ... END and every problem alike, each line at its number in the mail.  The section is ``player``'s, with
    no password (the platform checked it); it stands at line 0 of ``filename`` (the company's id by default) and
    ends at the body's last line.  A GM line in the body opens the GM's section, as in a file (the caller
    decides what it counts for)."""
    return _parse_body(player.upper(), tuple(body), filename or player)


def parse_gm_section(body: Sequence[tuple[int, str]], filename: str = GM_SECTION) -> ParsedFile:
    """Read the GM's section body as the platform's envelope cut it (its ``GM PASSWORD`` or ``PLAYER GM PASSWORD``
    line taken), as ``parse_orders`` reads the lines below a GM line: one ``GMSection`` (ROLL, RACE, MOVES, HOLD
    PRESS) at line 0 of ``filename``, no password (the platform checked it), and every problem alike."""
    return _parse_body(GM_SECTION, tuple(body), filename)


@lru_cache(maxsize=32)
def _parse_body(name: str, body: tuple[tuple[int, str], ...], filename: str) -> ParsedFile:
    """A section's body read under an open section ``name`` (a company's id or ``GM_SECTION``); kept for the last
    few sections (a period reads each seat's accepted orders when they come and again when it is resolved)."""
    last = max((n for n, _ in body), default=0)
    lines = [""] * last
    for number, text in body:
        if number >= 1:
            lines[number - 1] = text
    lines, notes = blank_clutter(lines, filename)
    return _parsed(lines, notes, filename, name)


def _parsed(lines: list[str], notes: list[Note], filename: str, open_as: str | None) -> ParsedFile:
    """The lines of a file (clutter blanked: ``notes``) read into sections; ``open_as``: a section already open
    at line 0 (a company's id or ``GM_SECTION``: a section body), ``None`` for a whole file."""
    lines, press = take_press(lines)
    reader = _FileReader(filename, press)
    if open_as is not None:
        reader.current = _Open(open_as, Pos(filename, 0))
    reader.read(lines)
    problems = _bounded(sorted(reader.problems, key=lambda p: (p.pos.line, p.pos.column)), filename)
    return ParsedFile(
        filename=filename,
        sections=tuple(reader.sections),
        gm_sections=tuple(reader.gm_sections),
        headers=tuple(sorted(reader.headers, key=lambda h: h.pos)),
        problems=tuple(problems),
        notes=tuple(sorted(notes + reader.notes, key=lambda n: (n.pos.line, n.pos.column))),
        prose=tuple(reader.prose),
    )


class OrderLines:
    """Dampfross's reading of a mail's lines for the platform's envelope (``kernel/envelope.py: WholeSections``):
    which line is an order (``order_line``), and a section read whole, as ``parse_orders`` reads the lines below a
    PLAYER line: the prose around the orders is left out here, with a note (``without_prose``), and ``END`` never
    ends a section (it closes an ``IF``, ``END PRESS`` a press item, or it is a sign-off); a section ends at the
    next PLAYER or GM line or at a signature."""

    def __call__(self, line: str) -> bool:
        return order_line(line)

    def ends_section(self, line: str) -> bool:
        return False

    def for_the_players(self, lines: Sequence[str]) -> list[str]:
        """``postal/frontdoor.py: ForThePlayers``: the text of press items blanked (``take_press``), a question in
        one being for the other players, printed in the next public report, not for the GM."""
        return take_press(list(lines))[0]


ORDER_LINES = OrderLines()
"""The one reading (``DampfrossPlay.order_line``)."""
