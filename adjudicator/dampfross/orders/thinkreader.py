"""Read the lines of the orders that think (issue 27): ``BUILD CHEAPEST``, ``IF`` and ``ELSE``.

``orders/reader.py`` hands a parsed line of these kinds here; the values are
the order model's (``CheapestOrder``, ``IfLine``, ``ElseLine``).  How IF,
ELSE and END lines nest is ``orders/conditions.py``'s business.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lark import Token, Tree

from adjudicator.dampfross.orders.model import CheapestOrder, Condition, ConditionKind, ElseLine, IfLine, Point, Pos

if TYPE_CHECKING:
    from adjudicator.dampfross.orders.reader import LineReader

_KINDS: dict[str, ConditionKind] = {"taken_hex": "taken", "taken_segment": "taken", "connected": "connected",
                                    "balance": "balance", "race_from": "race-from", "race_to": "race-to",
                                    "standby": "standby"}


def read_cheapest(reader: LineReader, node: Tree[Token], toks: list[Token], start: Pos) -> CheapestOrder | None:
    """``BUILD CHEAPEST FROM a TO b [MAX n]``; ``None`` when a label or the number is bad (a problem says so)."""
    points = _points(reader, node)
    maximum = reader.whole_number(toks[-1]) if toks[-1].type == "DIGITS" else None
    if points is None or len(points) != 2 or (toks[-1].type == "DIGITS" and maximum is None):
        return None
    return CheapestOrder(points[0], points[1], maximum, start, reader.text)


def read_if(reader: LineReader, node: Tree[Token], toks: list[Token], start: Pos) -> IfLine | None:
    """``IF [NOT] <condition> [THEN]``; ``None`` when a label, a race number or an amount is bad."""
    cond = next(c for c in node.children if isinstance(c, Tree))
    words = [t for t in cond.children if isinstance(t, Token)]
    kind = _KINDS[str(cond.data)]
    negated = any(t.type == "NOT" for t in toks)
    number: int | None = 0
    company = ""
    if kind == "balance":
        number = reader.whole_number(words[-1])
    elif kind in ("race-from", "race-to"):
        number = reader.race_number(words[1])
    elif kind == "standby":
        company = str(words[-1]).upper()
    points = _points(reader, cond)
    if number is None or points is None:
        return None
    pos = reader.pos(_first_token(cond))
    return IfLine(Condition(kind, pos, tuple(points), number, company, negated), start, reader.text)


def read_else(reader: LineReader, start: Pos) -> ElseLine:
    return ElseLine(start, reader.text)


def _points(reader: LineReader, node: Tree[Token]) -> list[Point] | None:
    """The points of the line (``label``/``town`` subtrees); ``None`` when one of them is bad."""
    out = [reader.point(c) for c in node.children if isinstance(c, Tree) and c.data in ("label", "town")]
    return None if None in out else [p for p in out if p is not None]


def _first_token(tree: Tree[Token]) -> Token:
    for c in tree.children:
        if isinstance(c, Token):
            return c
        return _first_token(c)
    raise AssertionError(tree)  # pragma: no cover - a condition is never empty
