"""Read ONE parsed order line into the order model: the values, their labels and numbers checked.

``orders/line.py`` parses a line with the grammar; ``LineReader`` turns the
tree into a value (an order, a header, a PLAYER or GM line) and the
problems found on the line.  Owner-named segments of an ENTER route are
sorted out here, from the points the grammar read (see the grammar's
comments):

* a one-word point in brackets, ``0712 -(BLUE)- 0713``, is an owner (and
  must stand between two points; in a BUILD line it is refused);
* a one-word point with dashes directly around it, ``0712 -BLUE- 0713`` or
  ``0712-Nordstadt-0713``, becomes a ``DashedPoint``: ``resolve`` makes it
  an owner if it is a company ID of the game, else a town.

Race numbers (1..99) and movement rolls (1..6) are checked here too.
Problems carry codes and data (``codes.py``), never sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from lark import Token, Tree

from adjudicator.dampfross.board.errors import LabelError
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.game.standing import DEFAULT_MIN_PROFIT, MAX_MIN_PROFIT
from adjudicator.dampfross.orders.codes import Args, args
from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.mistakes_base import hint
from adjudicator.dampfross.orders.model import (
    MAX_RACE,
    BuildOrder,
    BuyFerryOrder,
    CheapestOrder,
    DashedPoint,
    DeclareEndOrder,
    ElseLine,
    EnterOrder,
    Hint,
    HoldPressOrder,
    IfLine,
    MovesOrder,
    OrderProblem,
    PassOrder,
    Point,
    Pos,
    PowersOrder,
    PressOrder,
    ProblemKind,
    RaceOrder,
    RollOrder,
    StandingOrder,
    StartOrder,
)
from adjudicator.dampfross.orders.sections import Header
from adjudicator.dampfross.orders.thinkreader import read_cheapest, read_else, read_if

MAX_ROLL = 12
"""The highest manual roll the parser accepts (two dice); the rules profile may allow less."""

MAX_MOVE = 6
"""The highest movement roll of MOVES: a train moves by one die."""

MAX_DIGITS = 6
"""The most digits a number of an order may have (turns, races, rolls); more is a problem, not a crash."""

MAX_PROBLEMS_PER_LINE = 5
"""At most this many problems are reported for one line."""

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
    """``GM [PASSWORD <secret>]``: begins the GM's section."""

    pos: Pos
    text: str = ""
    password: str | None = None


LineItem: TypeAlias = (
    CheapestOrder | IfLine | ElseLine |
    Header | PlayerLine | GMLine | StartOrder | BuildOrder | PassOrder | DeclareEndOrder | EnterOrder
    | RollOrder | RaceOrder | MovesOrder | PowersOrder | BuyFerryOrder | PressOrder | HoldPressOrder | StandingOrder
)


@dataclass(frozen=True)
class LineResult:
    """What one line says (``None`` when it could not be read) and what is wrong with it."""

    item: LineItem | None
    problems: tuple[OrderProblem, ...] = ()


def code_of(line: str) -> str:
    """The line without its comment (``#`` to the end)."""
    return line.split("#", 1)[0]


class LineReader:
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

    def problem(self, kind: ProblemKind, code: P, pos: Pos, data: Args = (), help_: Hint | None = None) -> None:
        self.problems.append(OrderProblem(kind, code, pos, self.text, data, help_))

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
                    "syntax", P.PLAYER_WITHOUT_PASSWORD, self.end_pos(), args(keyword=toks[0].upper()),
                    hint(H.ADD_PASSWORD, line=f"{toks[0].upper()} {toks[1].upper()}"),
                )
            item = PlayerLine(str(toks[1]).upper(), password, start, self.text)
        elif kind == "gm_line":
            item = GMLine(start, self.text, str(toks[2]) if len(toks) > 2 else None)
        elif kind == "start_order":
            points = self.points(node)
            item = StartOrder(points[0], start, self.text) if points else None
        elif kind == "build_order":
            route = self.path(self.subtree(node, "path"), owners_allowed=False)
            partner = str(toks[2]).upper() if len(toks) > 2 and toks[1].type == "WITH" else None
            item = BuildOrder(route[0], start, self.text, partner=partner) if route else None
        elif kind == "pass_order":
            item = PassOrder(start, self.text)
        elif kind == "end_order" and len(toks) == 1:
            # END alone is how many a mail signs off ("Ende"): it must not end the building phase
            self.problem("syntax", P.BARE_END, start, args(keyword=toks[0].upper()), hint(H.DECLARE_END_FORM))
            item = None
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
        elif kind == "powers_order":
            race = self.race_number(toks[1])
            item = PowersOrder(race, str(toks[3]).upper(), start, self.text) if race is not None else None
        elif kind == "press_order":
            item = PressOrder(start, self.text, anonymous=len(toks) > 1)
        elif kind == "hold_order":
            item = HoldPressOrder(str(toks[2]).upper(), start, self.text)
        elif kind == "standing_order":
            item = self.standing(toks, start)
        elif kind == "cheapest_order":
            item = read_cheapest(self, node, toks, start)
        elif kind == "if_line":
            item = read_if(self, node, toks, start)
        elif kind == "else_line":
            item = read_else(self, start)
        elif kind == "ferry_order":
            points = self.points(node)
            item = BuyFerryOrder(tuple(points), start, self.text) if len(points) == len(self.places(node)) else None
        else:  # pragma: no cover - the grammar has no other line
            raise AssertionError(kind)
        return LineResult(item, tuple(self.problems))

    def whole_number(self, tok: Token) -> int | None:
        """The value of a number token, or ``None`` (and a problem) when it has far too many digits."""
        if len(tok) > MAX_DIGITS:
            self.problem("illegal", P.NUMBER_TOO_LONG, self.pos(tok), args(digits=len(tok), number=str(tok)[:8]))
            return None
        return int(tok)

    def turn(self, toks: list[Token], start: Pos) -> Header | None:
        value = self.whole_number(toks[1])
        if value is None:
            return None
        if value < 1:
            self.problem("illegal", P.TURN_ZERO, self.pos(toks[1]), args(turn=str(toks[1])))
            return None
        return Header("TURN", value, start, self.pos(toks[1]), self.text)

    def roll(self, toks: list[Token], start: Pos) -> RollOrder | None:
        value = self.whole_number(toks[2])
        if value is None:
            return None
        if not 1 <= value <= MAX_ROLL:
            self.problem("illegal", P.IMPOSSIBLE_ROLL, self.pos(toks[2]), args(roll=str(toks[2]), max=MAX_ROLL))
            return None
        return RollOrder(str(toks[1]).upper(), value, start, self.text)

    def race_number(self, tok: Token) -> int | None:
        """The race number of ENTER, RACE or MOVES, or ``None`` (and a problem) outside 1..99."""
        value = self.whole_number(tok)
        if value is None:
            return None
        if not 1 <= value <= MAX_RACE:
            self.problem(
                "illegal", P.NO_SUCH_RACE, self.pos(tok), args(race=str(tok), max=MAX_RACE), hint(H.RACE_AS_PRINTED)
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

    def standing(self, toks: list[Token], start: Pos) -> StandingOrder | None:
        """A STANDING line; the MIN of a race entry from 0 to ``MAX_MIN_PROFIT`` (``DEFAULT_MIN_PROFIT`` unwritten)."""
        if toks[1].type == "PASS":
            return StandingOrder("pass", start, self.text)
        if toks[1].type == "CANCEL":
            return StandingOrder("cancel", start, self.text)
        minimum: int | None = DEFAULT_MIN_PROFIT
        if toks[-1].type == "DIGITS":
            minimum = self.whole_number(toks[-1])
            if minimum is not None and minimum > MAX_MIN_PROFIT:
                self.problem("illegal", P.STANDING_MIN_TOO_HIGH, self.pos(toks[-1]),
                             args(minimum=minimum, limit=MAX_MIN_PROFIT))
                minimum = None
        return StandingOrder("enter", start, self.text, minimum) if minimum is not None else None

    def race(self, node: Tree[Token], toks: list[Token], start: Pos) -> RaceOrder | None:
        number = self.race_number(toks[1])
        points = [self.point(p) for p in self.places(node)]
        if number is None or None in points:
            return None
        rows = [t for t in toks if t.type == "ROW"]
        if rows:  # RACE <n> FROM <point> SPECIAL <row>: a special run (reading 78)
            (a,) = points
            assert a is not None
            return RaceOrder(number, a, None, start, self.text, special=str(rows[0]).upper())
        a, b = points
        assert a is not None and b is not None
        return RaceOrder(number, a, b, start, self.text)

    def moves(self, toks: list[Token], start: Pos) -> MovesOrder | None:
        race = self.race_number(toks[1])
        rolls = toks[3:]
        bad = [t for t in rolls if len(t) > 1 or not 1 <= int(t) <= MAX_MOVE]
        for t in bad[:MAX_PROBLEMS_PER_LINE]:
            apart = None
            if 1 < len(t) <= 12 and all("1" <= c <= str(MAX_MOVE) for c in t):
                apart = hint(H.ONE_ROLL_PER_NUMBER, line=" ".join(t))
            self.problem("illegal", P.IMPOSSIBLE_MOVE, self.pos(t), args(roll=str(t)[:8], max=MAX_MOVE), apart)
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
            code, data, help_ = error
            self.problem("syntax", code, pos, data, help_)
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
                    "illegal", P.OWNER_IN_BUILD, self.pos(words[0]), args(owner=text),
                    hint(H.REMOVE_OWNER_FROM_BUILD, owner=text),
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
            owner = f"({name})"
            if i == 0 or i == len(items) - 1:
                code = P.ROUTE_BEGINS_WITH_OWNER if i == 0 else P.ROUTE_ENDS_WITH_OWNER
                self.problem("illegal", code, pos, args(owner=owner), hint(H.OWNER_BETWEEN_POINTS, owner=owner))
                ok = False
            elif isinstance(before := items[i - 1], tuple):
                owners: tuple[str, ...] = (f"({before[0]})", owner)
                self.problem("illegal", P.TWO_OWNERS, pos, args(owners=owners), hint(H.ONE_OWNER))
                ok = False
        return ok


def _label_error(label: str) -> tuple[P, Args, Hint | None] | None:
    """Code, data and hint when digits are not a hex label, else ``None``."""
    data: Args = args(label=label)
    if len(label) != 4:
        help_ = hint(H.DID_YOU_MEAN, options=(label.zfill(4),)) if len(label) == 3 else hint(H.LABEL_FORM)
        return P.NOT_A_LABEL, data, help_
    try:
        Hex.parse(label)
    except LabelError:
        return P.LABEL_FROM_ZERO, data, None
    return None
