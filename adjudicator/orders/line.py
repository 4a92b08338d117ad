"""Parse ONE order line with the Lark grammar ``grammar/orders.lark``.

Each line is parsed on its own, so a typo on one line never hides the
errors of the next.  The result is a value (an order, a header, a PLAYER
or GM line) and the problems found on the line; nothing is raised.
"""

from __future__ import annotations

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

from adjudicator.hexgrid import Hex, LabelError
from adjudicator.orders.mistakes import EXAMPLES, ErrorContext, explain, keyword_of
from adjudicator.orders.model import (
    BuildOrder,
    DeclareEndOrder,
    Header,
    OrderProblem,
    PassOrder,
    Point,
    Pos,
    ProblemKind,
    RollOrder,
    StartOrder,
)

MAX_ROLL = 12
"""The highest manual roll the parser accepts (two dice); the rules profile may allow less."""


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


LineItem: TypeAlias = Header | PlayerLine | GMLine | StartOrder | BuildOrder | PassOrder | DeclareEndOrder | RollOrder


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
            points = self.points(node)
            item = BuildOrder(tuple(points), start, self.text) if len(points) == len(self.places(node)) else None
        elif kind == "pass_order":
            item = PassOrder(start, self.text)
        elif kind == "end_order":
            item = DeclareEndOrder(start, self.text)
        elif kind == "roll_order":
            item = self.roll(toks, start)
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

    @staticmethod
    def places(node: Tree[Token]) -> list[Tree[Token]]:
        return [c for c in node.children if isinstance(c, Tree)]

    def points(self, node: Tree[Token]) -> list[Point]:
        """The points of a START or BUILD line; bad labels become problems and are left out."""
        out: list[Point] = []
        for place in self.places(node):
            words = [t for t in place.children if isinstance(t, Token)]
            pos = self.pos(words[0])
            if place.data == "town":
                out.append(Point(" ".join(str(w) for w in words), pos, "town"))
                continue
            label = str(words[0])
            error = _label_error(label)
            if error is not None:
                self.problem("syntax", error[0], pos, error[1])
                continue
            out.append(Point(label, pos, "label"))
        return out


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
