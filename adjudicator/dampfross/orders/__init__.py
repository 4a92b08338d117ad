"""The order language of "Dampfross per Post": read, merge and resolve players' orders.

Typical use::

    from adjudicator.dampfross.orders import ProblemCode, collect, parse_orders, resolve
    from adjudicator.dampfross.report.orderwords import format_problem

    parsed = [parse_orders(text, "red.orders")]
    orders = resolve(collect(parsed, turn=3), gmap, companies=["RED", "BLUE"])
    for problem in orders.problems:
        print(format_problem(problem))
    wrong_game = [p for p in orders.problems if p.code is ProblemCode.GAME_MISMATCH]

``parse_orders`` (one file's text, no map) → ``collect`` (merge files: the
last section per player counts; GAME/TURN agree) → ``resolve`` (points to
hexes on a map; the game's company IDs tell owners in ENTER routes from
towns).

Players write START, BUILD (BUILD WITH for a joint line), PASS, DECLARE
END and, in racing turns, ENTER and POWERS; the GM writes ROLL, RACE and
MOVES.  The grammar's comments
(``grammar/orders.lark``) describe every form.  Nothing raises for bad
orders: every problem is data, in ``OrderSet.problems``, with file, line,
column and a hint.  Reading order files from disk is the application's job
(``adjudicator.dampfross.app.orderfiles``); ``translate`` turns the orders into the
engines' input.

This package writes no sentences.  A problem carries a ``ProblemCode``
and its ``args`` (the data a sentence needs: the word written, the label,
the candidate towns), its hint a ``HintCode`` and args, and a note (a
name understood, a section replaced) a ``NoteCode`` and args; the codes
are listed in ``codes.py``.  Callers decide by comparing codes, never
text; the report layer words them (``adjudicator.dampfross.report.orderwords``),
from one table per enum (``adjudicator.dampfross.report.orderphrases``).
"""

from __future__ import annotations

from adjudicator.dampfross.board.names import TownMatch, match_town
from adjudicator.dampfross.orders.codes import Args, HintCode, NoteCode, ProblemCode
from adjudicator.dampfross.orders.collect import ReceivedFiles, collect
from adjudicator.dampfross.orders.line import order_parser, parse_line
from adjudicator.dampfross.orders.model import (
    MAX_RACE,
    BuildOrder,
    BuyFerryOrder,
    DashedPoint,
    DeclareEndOrder,
    EnterOrder,
    GMOrder,
    Hint,
    MovesOrder,
    Note,
    Order,
    OrderProblem,
    PassOrder,
    PlayerOrder,
    Point,
    Pos,
    PowersOrder,
    ProblemKind,
    RaceOrder,
    ResolvedPoint,
    RollOrder,
    RouteSegment,
    StartOrder,
)
from adjudicator.dampfross.orders.parse import parse_orders
from adjudicator.dampfross.orders.points import resolve_point
from adjudicator.dampfross.orders.reader import MAX_MOVE, MAX_ROLL
from adjudicator.dampfross.orders.resolve import resolve, resolve_order
from adjudicator.dampfross.orders.sections import GM_SECTION, GMSection, Header, OrderSet, ParsedFile, Section

__all__ = [
    "GM_SECTION",
    "MAX_MOVE",
    "MAX_RACE",
    "MAX_ROLL",
    "Args",
    "BuildOrder",
    "BuyFerryOrder",
    "DashedPoint",
    "DeclareEndOrder",
    "EnterOrder",
    "GMOrder",
    "GMSection",
    "Header",
    "Hint",
    "HintCode",
    "MovesOrder",
    "Note",
    "NoteCode",
    "Order",
    "OrderProblem",
    "OrderSet",
    "ParsedFile",
    "PassOrder",
    "PlayerOrder",
    "Point",
    "Pos",
    "PowersOrder",
    "ProblemCode",
    "ProblemKind",
    "RaceOrder",
    "ReceivedFiles",
    "ResolvedPoint",
    "RollOrder",
    "RouteSegment",
    "Section",
    "StartOrder",
    "TownMatch",
    "collect",
    "match_town",
    "order_parser",
    "parse_line",
    "parse_orders",
    "resolve",
    "resolve_order",
    "resolve_point",
]
