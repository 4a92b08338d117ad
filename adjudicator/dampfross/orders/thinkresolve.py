"""The orders that think on the map: BUILD CHEAPEST's ends and the points of IF conditions (issue 27).

Called by ``resolve.resolve_order``.  A conditional is resolved with every
order inside it; a problem anywhere inside it drops the whole conditional
(``CONDITIONAL_DROPPED`` at its IF line, reading 102), as ``orders.conditions``
does for the lines that cannot be read.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.codes import args
from adjudicator.dampfross.orders.model import (
    CheapestOrder,
    Condition,
    Conditional,
    Hint,
    Note,
    OrderProblem,
    PlayerOrder,
    ResolvedPoint,
)
from adjudicator.dampfross.orders.points import resolve_point

Resolved = tuple[PlayerOrder | None, list[OrderProblem], list[Note]]


def resolve_cheapest(order: CheapestOrder, gmap: GameMap, section: str | None) -> Resolved:
    """Both ends on the map, and not the same hex."""
    start, problems, notes = resolve_point(order.start, gmap, line_text=order.text, section=section)
    goal, more, more_notes = resolve_point(order.goal, gmap, line_text=order.text, section=section)
    problems += more
    notes += more_notes
    if start is None or goal is None:
        return None, problems, notes
    if start.hex == goal.hex:
        problems.append(OrderProblem("illegal", P.CHEAPEST_SAME_ENDS, goal.pos, order.text,
                                     args(point=goal.describe()), Hint(H.CHEAPEST_FORM, args(keyword="BUILD")),
                                     section))
        return None, problems, notes
    return replace(order, start=start, goal=goal), problems, notes


def resolve_conditional(order: Conditional, gmap: GameMap, section: str | None, companies: Collection[str],
                        inner: Callable[[PlayerOrder], Resolved]) -> Resolved:
    """The condition's points and every order inside; ``None`` with the problems when anything is wrong."""
    condition, problems, notes = _condition(order.condition, order.text, gmap, section, companies)
    branches: list[tuple[PlayerOrder, ...]] = []
    for branch in (order.then, order.otherwise):
        kept: list[PlayerOrder] = []
        for o in branch:
            new, p, n = inner(o)
            problems += p
            notes += n
            if new is not None:
                kept.append(new)
        branches.append(tuple(kept))
    if problems or condition is None:
        problems.append(OrderProblem("illegal", P.CONDITIONAL_DROPPED, order.pos, order.text,
                                     args(line=order.pos.line), None, section))
        return None, problems, notes
    return replace(order, condition=condition, then=branches[0], otherwise=branches[1]), problems, notes


def _condition(cond: Condition, text: str, gmap: GameMap, section: str | None,
               companies: Collection[str]) -> tuple[Condition | None, list[OrderProblem], list[Note]]:
    problems: list[OrderProblem] = []
    notes: list[Note] = []
    if cond.kind == "standby":
        known = sorted(c.upper() for c in companies)
        if known and cond.company not in known:
            problems.append(OrderProblem("illegal", P.CONDITION_UNKNOWN_COMPANY, cond.pos, text,
                                         args(company=cond.company, companies=tuple(known)),
                                         Hint(H.COMPANIES_ARE, args(companies=tuple(known))), section))
        return (None if problems else cond), problems, notes
    points: list[ResolvedPoint] = []
    for p in cond.points:
        r, pp, nn = resolve_point(p, gmap, line_text=text, section=section)
        problems += pp
        notes += nn
        if r is None:
            continue
        if cond.kind in ("connected", "race-from", "race-to") and r.town is None:
            problems.append(OrderProblem("illegal", P.CONDITION_NEEDS_TOWN, r.pos, text, args(point=r.describe()),
                                         Hint(H.CONDITION_FORMS, args(keyword="IF")), section))
        points.append(r)
    if len(points) == 2 and not points[0].hex.is_adjacent(points[1].hex):
        problems.append(OrderProblem("illegal", P.NOT_NEIGHBOURS, points[1].pos, text,
                                     args(start=points[0].hex.label, end=points[1].hex.label), None, section))
    if problems:
        return None, problems, notes
    return replace(cond, points=tuple(points)), problems, notes
