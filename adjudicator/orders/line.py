"""Parse ONE order line with the Lark grammar ``grammar/orders.lark``.

Each line is parsed on its own, so a typo on one line never hides the
errors of the next.  The result is a value (an order, a header, a PLAYER
or GM line) and the problems found on the line; nothing is raised.

Owner-named segments of an ENTER route are sorted out here, from the
points the grammar read (see the grammar's comments):

* a one-word point in brackets, ``0712 -(BLUE)- 0713``, is an owner (and
  must stand between two points; in a BUILD line it is refused);
* a one-word point with dashes directly around it, ``0712 -BLUE- 0713`` or
  ``0712-Nordstadt-0713``, becomes a ``DashedPoint``: ``resolve`` makes it
  an owner if it is a company ID of the game, else a town.

Race numbers (1..99) and movement rolls (1..6) are checked here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TypeAlias

from lark import (
    Lark,
    Token,
    Tree,
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
)

from adjudicator.board.hexgrid import Hex
from adjudicator.errors import LabelError
from adjudicator.orders.mistakes import EXAMPLES, ErrorContext, explain, keyword_of
from adjudicator.orders.model import (
    MAX_RACE,
    BuildOrder,
    DashedPoint,
    DeclareEndOrder,
    EnterOrder,
    Header,
    MovesOrder,
    OrderProblem,
    PassOrder,
    Point,
    Pos,
    ProblemKind,
    RaceOrder,
    RollOrder,
    StartOrder,
)

MAX_ROLL = 12
"""The highest manual roll the parser accepts (two dice); the rules profile may allow less."""

MAX_MOVE = 6
"""The highest movement roll of MOVES: a train moves by one die."""

DASHES = "-\u2013\u2014"
"""The characters the grammar reads as a dash (mail programs turn ``-`` into en or em dashes)."""

_BRACKETED = re.compile(r"\(\s*([^\W\d_]\w*)\s*\)")
"""A point that is one word in brackets: an owner, ``-(BLUE)-``."""


@dataclass(frozen=True)
class PlayerLine:
    """``PLAYER <ID> PASSWORD <password>``: begins a player's section."""

    player: str
    password: str | None
    pos: Pos
    text: str = ""


@dataclass(frozen=True)
class GMLine:
    """``GM``: begins the GM's section."""

    pos: Pos
    text: str = ""


LineItem: TypeAlias = (
    Header | PlayerLine | GMLine | StartOrder | BuildOrder | PassOrder | DeclareEndOrder | EnterOrder
    | RollOrder | RaceOrder | MovesOrder
)


@dataclass(frozen=True)
class LineResult:
    """What one line says (``None`` when it could not be read) and what is wrong with it."""

    item: LineItem | None
    problems: tuple[OrderProblem, ...] = ()


@cache
def order_parser() -> Lark:
    """The LALR parser for one order line, built on first use and kept."""
    text = resources.files("adjudicator.grammar").joinpath("orders.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer="contextual", start="line")


def code_of(line: str) -> str:
    """The line without its comment (``#`` to the end)."""
    return line.split("#", 1)[0]


def parse_line(line: str, filename: str, number: int) -> LineResult:
    """Parse one order line; ``number`` is its 1-based line number in ``filename``."""
    text = line.rstrip()
    try:
        tree = order_parser().parse(text)
    except UnexpectedInput as exc:
        return LineResult(None, (_syntax_problem(exc, text, filename, number),))
    return _LineReader(text, filename, number).read(tree)


def _syntax_problem(exc: UnexpectedInput, text: str, filename: str, number: int) -> OrderProblem:
    """Turn a Lark error into a positioned problem in player words."""
    code = code_of(text)
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        column, bad = exc.token.column, str(exc.token)
        expected = exc.accepts or exc.expected
    elif isinstance(exc, UnexpectedToken):
        column, bad = len(code.rstrip()) + 1, ""
        expected = exc.accepts or exc.expected
    elif isinstance(exc, UnexpectedCharacters):
        column = exc.column
        rest = code[column - 1 :].split()
        bad = rest[0] if rest else code[column - 1 : column]
        expected = exc.allowed or set()
    else:  # pragma: no cover - LALR raises only the two above
        column, bad, expected = 1, "", set()
    words = code.split()
    written = words[0] if words else None
    keyword = keyword_of(written) if written else None
    # use_accepts=False: lark 1.3.1 crashes (TypeError in a debug message
    # formatting a ParserState with %d) when two samples share a state but
    # not the accepted terminals.  Only START and BUILD share states (their
    # points); the explainers tell them apart by the line's keyword.
    label = exc.match_examples(order_parser().parse, EXAMPLES, token_type_match_fallback=True, use_accepts=False)
    ctx = ErrorContext(code, column, bad, keyword, written, frozenset(expected))
    message, hint = explain(label, ctx)
    return OrderProblem("syntax", message, Pos(filename, number, column), text, hint)


class _LineReader:
    """Builds the model value for a parsed line, checking labels and numbers."""

    def __init__(self, text: str, filename: str, number: int):
        self.text = text
        self.filename = filename
        self.number = number
        self.problems: list[OrderProblem] = []

    def pos(self, token: Token | None = None) -> Pos:
        return Pos(self.filename, self.number, token.column if token is not None and token.column else 1)

    def end_pos(self) -> Pos:
        return Pos(self.filename, self.number, len(code_of(self.text).rstrip()) + 1)

    def problem(self, kind: ProblemKind, message: str, pos: Pos, hint: str | None = None) -> None:
        self.problems.append(OrderProblem(kind, message, pos, self.text, hint))

    def read(self, tree: Tree[Token]) -> LineResult:
        node = tree.children[0]
        assert isinstance(node, Tree)
        toks = [c for c in node.children if isinstance(c, Token)]
        start = self.pos(toks[0])
        item: LineItem | None
        kind = node.data
        if kind == "game_line":
            item = Header("GAME", str(toks[1]), start, self.pos(toks[1]), self.text)
        elif kind == "turn_line":
            item = self.turn(toks, start)
        elif kind == "player_line":
            password = str(toks[3]) if len(toks) > 3 else None
            if password is None:
                self.problem(
                    "syntax",
                    f"{toks[0].upper()} line without PASSWORD",
                    self.end_pos(),
                    f"write {toks[0].upper()} {toks[1].upper()} PASSWORD <your password>",
                )
            item = PlayerLine(str(toks[1]).upper(), password, start, self.text)
        elif kind == "gm_line":
            item = GMLine(start, self.text)
        elif kind == "start_order":
            points = self.points(node)
            item = StartOrder(points[0], start, self.text) if points else None
        elif kind == "build_order":
            route = self.path(self.subtree(node, "path"), owners_allowed=False)
            item = BuildOrder(route[0], start, self.text) if route else None
        elif kind == "pass_order":
            item = PassOrder(start, self.text)
        elif kind == "end_order":
            item = DeclareEndOrder(start, self.text)
        elif kind == "enter_order":
            item = self.enter(node, toks, start)
        elif kind == "roll_order":
            item = self.roll(toks, start)
        elif kind == "race_order":
            item = self.race(node, toks, start)
        elif kind == "moves_order":
            item = self.moves(toks, start)
        else:  # pragma: no cover - the grammar has no other line
            raise AssertionError(kind)
        return LineResult(item, tuple(self.problems))

    def turn(self, toks: list[Token], start: Pos) -> Header | None:
        value = int(toks[1])
        if value < 1:
            self.problem("illegal", f"turns are counted from 1, not {toks[1]}", self.pos(toks[1]))
            return None
        return Header("TURN", value, start, self.pos(toks[1]), self.text)

    def roll(self, toks: list[Token], start: Pos) -> RollOrder | None:
        value = int(toks[2])
        if not 1 <= value <= MAX_ROLL:
            self.problem(
                "illegal",
                f"a roll of {toks[2]} is impossible: one die gives 1 to 6, two dice 2 to {MAX_ROLL}",
                self.pos(toks[2]),
            )
            return None
        return RollOrder(str(toks[1]).upper(), value, start, self.text)

    def race_number(self, tok: Token) -> int | None:
        """The race number of ENTER, RACE or MOVES, or ``None`` (and a problem) outside 1..99."""
        value = int(tok)
        if not 1 <= value <= MAX_RACE:
            self.problem(
                "illegal", f"there is no race {tok}: races are numbered 1 to {MAX_RACE}", self.pos(tok),
                "write the race's number as printed in the report",
            )
            return None
        return value

    def enter(self, node: Tree[Token], toks: list[Token], start: Pos) -> EnterOrder | None:
        race = self.race_number(toks[1])
        partner = str(toks[3]).upper() if toks[2].type == "WITH" else None
        if toks[-1].type == "BEST":
            return EnterOrder(race, (), (), True, partner, start, self.text) if race is not None else None
        route = self.path(self.subtree(node, "path"), owners_allowed=True)
        if route is None or race is None:
            return None
        points, owners, owner_pos = route
        return EnterOrder(race, points, owners, False, partner, start, self.text, owner_pos=owner_pos)

    def race(self, node: Tree[Token], toks: list[Token], start: Pos) -> RaceOrder | None:
        number = self.race_number(toks[1])
        points = [self.point(p) for p in self.places(node)]
        if number is None or None in points:
            return None
        a, b = points
        assert a is not None and b is not None
        return RaceOrder(number, a, b, start, self.text)

    def moves(self, toks: list[Token], start: Pos) -> MovesOrder | None:
        race = self.race_number(toks[1])
        rolls = toks[3:]
        bad = [t for t in rolls if not 1 <= int(t) <= MAX_MOVE]
        for t in bad:
            hint = None
            if len(t) > 1 and all("1" <= c <= str(MAX_MOVE) for c in t):
                hint = f"write one roll per number, apart: {' '.join(t)}"
            self.problem(
                "illegal", f"a roll of {t} is impossible: a die gives 1 to {MAX_MOVE}", self.pos(t), hint
            )
        if race is None or bad:
            return None
        return MovesOrder(race, str(toks[2]).upper(), tuple(int(t) for t in rolls), start, self.text)

    @staticmethod
    def places(node: Tree[Token]) -> list[Tree[Token]]:
        return [c for c in node.children if isinstance(c, Tree)]

    @staticmethod
    def subtree(node: Tree[Token], name: str) -> Tree[Token]:
        return next(c for c in node.children if isinstance(c, Tree) and c.data == name)

    def points(self, node: Tree[Token]) -> list[Point]:
        """The points of a START line; bad labels become problems and are left out."""
        return [p for p in (self.point(place) for place in self.places(node)) if p is not None]

    def point(self, place: Tree[Token]) -> Point | None:
        """A label or town as written; ``None`` (and a problem) for digits that are no label."""
        words = [t for t in place.children if isinstance(t, Token)]
        pos = self.pos(words[0])
        if place.data == "town":
            return Point(" ".join(str(w) for w in words), pos, "town")
        label = str(words[0])
        error = _label_error(label)
        if error is not None:
            self.problem("syntax", error[0], pos, error[1])
            return None
        return Point(label, pos, "label")

    def between_dashes(self, word: Token) -> bool:
        """True when the word is written with a dash directly before and after it."""
        start, end = word.start_pos, word.end_pos
        if start is None or end is None:  # pragma: no cover - the lexer sets both
            return False
        return start > 0 and self.text[start - 1] in DASHES and end < len(self.text) and self.text[end] in DASHES

    def path(
        self, node: Tree[Token], *, owners_allowed: bool
    ) -> tuple[tuple[Point, ...], tuple[str | None, ...], tuple[Pos | None, ...]] | None:
        """The points of a BUILD or ENTER path, one owner per segment, and where each owner was written.

        ``None`` when something on the path is wrong (each wrong thing is a problem).
        """
        items: list[Point | tuple[str, Pos] | None] = []
        ok = True
        for place in self.places(node):
            words = [t for t in place.children if isinstance(t, Token)]
            text = " ".join(str(w) for w in words)
            bracketed = _BRACKETED.fullmatch(text) if place.data == "town" else None
            if bracketed is not None:
                if owners_allowed:
                    items.append((bracketed.group(1).upper(), self.pos(words[0])))
                    continue
                self.problem(
                    "illegal",
                    f"'{text}' names the owner of a segment, which only a race route does (ENTER ... ROUTE); "
                    "BUILD builds your own line",
                    self.pos(words[0]), f"remove '{text}' and a dash next to it",
                )
                ok = False
                continue
            if owners_allowed and place.data == "town" and len(words) == 1 and self.between_dashes(words[0]):
                items.append(DashedPoint(text, self.pos(words[0]), "town"))
                continue
            point = self.point(place)
            ok = ok and point is not None
            items.append(point)
        ok = self.check_owners(items) and ok
        if not ok:
            return None
        points: list[Point] = []
        owners: list[str | None] = []
        owner_pos: list[Pos | None] = []
        pending: tuple[str, Pos] | None = None
        for item in items:
            if isinstance(item, tuple):
                pending = item
            elif isinstance(item, Point):
                if points:
                    owners.append(pending[0] if pending else None)
                    owner_pos.append(pending[1] if pending else None)
                points.append(item)
                pending = None
        return tuple(points), tuple(owners), tuple(owner_pos)

    def check_owners(self, items: list[Point | tuple[str, Pos] | None]) -> bool:
        """Every bracketed owner stands between two points; a problem for each that does not."""
        ok = True
        for i, item in enumerate(items):
            if not isinstance(item, tuple):
                continue
            name, pos = item
            example = f"e.g. 0712 -({name})- 0713"
            if i == 0 or i == len(items) - 1:
                where = "begin" if i == 0 else "end"
                self.problem(
                    "illegal",
                    f"a route cannot {where} with an owner: -({name})- names whose line runs between the two points around it",
                    pos, f"write the owner between two points, {example}",
                )
                ok = False
            elif isinstance(before := items[i - 1], tuple):
                self.problem(
                    "illegal", f"two owners named for one segment: -({before[0]})- and -({name})-",
                    pos, "name one owner between two points",
                )
                ok = False
        return ok


def _label_error(label: str) -> tuple[str, str | None] | None:
    """Message and hint when digits are not a hex label, else ``None``."""
    if len(label) != 4:
        hint = f"did you mean {label.zfill(4)}?" if len(label) == 3 else "write a label as CCRR, e.g. 0712"
        return (
            f"'{label}' is not a hex label: a label has four digits, two for the column and two for the row",
            hint,
        )
    try:
        Hex.parse(label)
    except LabelError:
        return f"'{label}' is not a hex label: columns and rows are numbered from 01", None
    return None
