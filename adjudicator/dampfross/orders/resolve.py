"""Tie parsed orders to a map: points become hexes, BUILD and ENTER paths are checked and expanded.

Only what the order language itself demands is checked here: a label must
be on the map, a town name must name one town, consecutive points of a
BUILD or an ENTER route must be neighbours (or on one straight hex line,
which is expanded), a RACE must not start where it ends.  Whether a piece
may be built (water, money, rivals' track) or a route run (track, fares,
the race's towns) is the adjudicator's business.  Pure: no I/O.

Owners in ENTER routes need the game's company IDs (``companies``):

* a word written ``-WORD-`` (a ``DashedPoint``) that equals a company ID,
  case-insensitively, is the owner of the segment between its neighbours;
  any other is a point as in BUILD (``0712-Nordstadt-0713``);
* a bracketed owner ``-(WORD)-`` must be a company ID (else an ``illegal``
  problem listing the companies);
* an owner named on a straight-line shorthand applies to every hex pair of
  the stretch (``EnterOrder.hex_owners``).

Without ``companies`` no ``-WORD-`` is an owner and bracketed owners and
partners are taken as written.

Problems and notes carry codes and data (``codes.py``); points appear in
their data as echoed, ``0712`` or ``Nordstadt (0402)``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import overload

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.problems import BuildProblem
from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.codes import args
from adjudicator.dampfross.orders.model import (
    BuildOrder,
    BuyFerryOrder,
    CheapestOrder,
    Conditional,
    EnterOrder,
    GMOrder,
    Hint,
    Note,
    OrderProblem,
    PlayerOrder,
    Point,
    PowersOrder,
    RaceOrder,
    ResolvedPoint,
    StartOrder,
)
from adjudicator.dampfross.orders.points import path_step, resolve_point
from adjudicator.dampfross.orders.routes import _EnterResolver
from adjudicator.dampfross.orders.sections import GM_SECTION, GMSection, OrderSet, Section, sort_by_position
from adjudicator.dampfross.orders.thinkresolve import resolve_cheapest, resolve_conditional
from adjudicator.kernel.problems import Problem


def resolve(orders: OrderSet, gmap: GameMap, *, companies: Collection[str] = ()) -> OrderSet:
    """The orders with every point on the map, or left out with a problem (a BUILD line with a bad point is kept
    up to it, reading 79).

    ``companies`` are the game's company IDs, for the owners and partners
    of ENTER orders (see the module docstring).  The GM's RACE lines are
    resolved too.  Returns a new ``OrderSet`` whose problems and notes
    include those found here (sorted by position like the rest).
    """
    problems = list(orders.problems)
    notes = list(orders.notes)
    sections: list[Section] = []
    for s in orders.sections:
        kept: list[PlayerOrder] = []
        for order in s.orders:
            new, p, n = resolve_order(order, gmap, section=s.player, companies=companies)
            problems += p
            notes += n
            if new is not None:
                kept.append(new)
        sections.append(replace(s, orders=tuple(kept)))
    gm_sections: list[GMSection] = []
    for gm in orders.gm_sections:
        gm_kept: list[GMOrder] = []
        for gm_order in gm.orders:
            new_gm, p, n = resolve_order(gm_order, gmap, section=GM_SECTION, companies=companies)
            problems += p
            notes += n
            if new_gm is not None:
                gm_kept.append(new_gm)
        gm_sections.append(replace(gm, orders=tuple(gm_kept)))
    file_order = {name: i for i, name in enumerate(orders.files)}
    return replace(
        orders,
        sections=tuple(sections),
        gm_sections=tuple(gm_sections),
        problems=tuple(sort_by_position(problems, file_order)),
        notes=tuple(sort_by_position(notes, file_order)),
    )


@overload
def resolve_order(
    order: PlayerOrder, gmap: GameMap, *, section: str | None = None, companies: Collection[str] = ()
) -> tuple[PlayerOrder | None, list[OrderProblem], list[Note]]: ...


@overload
def resolve_order(
    order: GMOrder, gmap: GameMap, *, section: str | None = None, companies: Collection[str] = ()
) -> tuple[GMOrder | None, list[OrderProblem], list[Note]]: ...


def resolve_order(
    order: PlayerOrder | GMOrder, gmap: GameMap, *, section: str | None = None, companies: Collection[str] = ()
) -> tuple[PlayerOrder | GMOrder | None, list[OrderProblem], list[Note]]:
    """One order resolved, or ``None`` with the problems that stop it.

    ``section`` is the player ID (or ``"GM"``) the problems are filed under;
    ``companies`` as for ``resolve``.
    """
    if isinstance(order, StartOrder):
        point, problems, notes = resolve_point(order.point, gmap, line_text=order.text, section=section)
        return (replace(order, point=point) if point else None), problems, notes
    if isinstance(order, BuildOrder):
        partner = _partner_problems(order, order.partner, "BUILD", section, companies)
        if partner:
            return None, partner, []
        return _resolve_build(order, gmap, section)
    if isinstance(order, PowersOrder):
        partner = _partner_problems(order, order.partner, "POWERS", section, companies)
        return (None if partner else order), partner, []
    if isinstance(order, EnterOrder):
        return _EnterResolver(order, gmap, section, companies).resolve()
    if isinstance(order, RaceOrder):
        return _resolve_race(order, gmap, section)
    if isinstance(order, BuyFerryOrder):
        return _resolve_ferry(order, gmap, section)
    if isinstance(order, CheapestOrder):
        return resolve_cheapest(order, gmap, section)
    if isinstance(order, Conditional):
        return resolve_conditional(order, gmap, section, companies,
                                   lambda o: resolve_order(o, gmap, section=section, companies=companies))
    return order, [], []


def _partner_problems(order: BuildOrder | PowersOrder, partner: str | None, keyword: str, section: str | None,
                      companies: Collection[str]) -> list[OrderProblem]:
    """The partner named after WITH in BUILD WITH and POWERS: another company of the game."""
    if partner is None:
        return []
    data = args(company=partner, keyword=keyword)
    if section is not None and partner == section.upper():
        return [OrderProblem("illegal", P.WITH_ITSELF, order.pos, order.text, data, Hint(H.PARTNER_AFTER_WITH),
                             section)]
    known = {c.upper() for c in companies}
    if known and partner not in known:
        hint = Hint(H.COMPANIES_ARE, args(companies=tuple(sorted(known))))
        return [OrderProblem("illegal", P.UNKNOWN_WITH, order.pos, order.text, data, hint, section)]
    return []


def _resolve_ferry(order: BuyFerryOrder, gmap: GameMap,
                   section: str | None) -> tuple[BuyFerryOrder | None, list[OrderProblem], list[Note]]:
    """BUY FERRY: each port on the map (whether a ferry runs there is the adjudicator's check)."""
    points, problems, notes = _resolve_points(order.points, gmap, order.text, section)
    if problems:
        return None, problems, notes
    return replace(order, points=tuple(points)), problems, notes


def _resolve_points(written: Sequence[Point], gmap: GameMap, text: str,
                    section: str | None) -> tuple[list[ResolvedPoint], list[OrderProblem], list[Note]]:
    """Each point of an order line on the map, with the problems and notes of all of them."""
    problems: list[OrderProblem] = []
    notes: list[Note] = []
    points: list[ResolvedPoint] = []
    for p in written:
        r, pp, nn = resolve_point(p, gmap, line_text=text, section=section)
        problems += pp
        notes += nn
        if r is not None:
            points.append(r)
    return points, problems, notes


def _resolve_build(
    order: BuildOrder, gmap: GameMap, section: str | None
) -> tuple[BuildOrder | None, list[OrderProblem], list[Note]]:
    """A BUILD line on the map, carried out up to its first bad point (reading 79).

    A point that is no hex (an unknown or ambiguous name, a label off the
    map) or a next point that cannot follow the one before (the same hex,
    not a neighbour nor on one straight line, a straight line off the map)
    ends the line there: ``hexes`` stop at the point before it, ``cut`` and
    ``stop`` say where and why, and the problem is reported as before.
    """
    problems: list[OrderProblem] = []
    notes: list[Note] = []
    resolved: list[ResolvedPoint | None] = []
    why: dict[int, OrderProblem] = {}  # the problem of each point that is no hex
    for i, p in enumerate(order.points):
        r, pp, nn = resolve_point(p, gmap, line_text=order.text, section=section)
        problems += pp
        notes += nn
        resolved.append(r)
        if r is None:
            why[i] = pp[0]
    path: list[Hex] = []
    cut, stop = None, None
    for i, r in enumerate(resolved):
        before = resolved[i - 1] if i else None
        if r is None:
            cut, stop = i, _bad_point(order.points[i], why[i])
            break
        if before is None:
            path = [r.hex]
            continue
        step, problem, note = path_step(before, r, gmap, order.text, section)
        if problem is not None:
            problems.append(problem)
            cut, stop = i, _bad_step(before, r, problem)
            break
        path += step
        if note is not None:
            notes.append(note)
    points = tuple(r if r is not None and (cut is None or i < cut) else order.points[i]
                   for i, r in enumerate(resolved))
    return replace(order, points=points, hexes=tuple(path), cut=cut, stop=stop), problems, notes


def _bad_point(point: Point, problem: OrderProblem) -> Problem[BuildProblem]:
    """The engine's reason for a point that is no hex of the map (the order problem says it in full)."""
    if problem.code is P.NOT_ON_MAP:
        return Problem.of(BuildProblem.OFF_MAP, hex=point.text)
    if problem.code is P.AMBIGUOUS_TOWN:
        return Problem.of(BuildProblem.AMBIGUOUS_POINT, written=point.text, candidates=dict(problem.args)["candidates"])
    return Problem.of(BuildProblem.UNKNOWN_POINT, written=point.text)


def _bad_step(a: ResolvedPoint, b: ResolvedPoint, problem: OrderProblem) -> Problem[BuildProblem]:
    """The engine's reason for a next point that cannot follow ``a``."""
    if problem.code is P.SAME_HEX:
        return Problem.of(BuildProblem.SAME_POINT, hex=b.hex)
    if problem.code is P.LINE_LEAVES_MAP:
        return Problem.of(BuildProblem.OFF_MAP, hex=dict(problem.args)["off"])
    return Problem.of(BuildProblem.NOT_NEIGHBOURS, a=a.hex, b=b.hex)


def _resolve_race(order: RaceOrder, gmap: GameMap,
                  section: str | None) -> tuple[RaceOrder | None, list[OrderProblem], list[Note]]:
    start, problems, notes = resolve_point(order.start, gmap, line_text=order.text, section=section)
    if order.dest is None:  # a special run: the row must be one of the map's table
        problems += _special_row_problems(order, gmap, section)
        return (replace(order, start=start) if start is not None and not problems else None), problems, notes
    dest, p, n = resolve_point(order.dest, gmap, line_text=order.text, section=section)
    problems += p
    notes += n
    if start is None or dest is None:
        return None, problems, notes
    if start.hex == dest.hex:
        problems.append(OrderProblem(
            "illegal", P.RACE_TO_ITSELF, dest.pos, order.text, args(race=order.number, point=dest.describe()),
            Hint(H.RACE_TWO_TOWNS), section,
        ))
        return None, problems, notes
    return replace(order, start=start, dest=dest), problems, notes


def _special_row_problems(order: RaceOrder, gmap: GameMap, section: str | None) -> list[OrderProblem]:
    """A RACE ... SPECIAL line: the map must have a special-run table with that row."""
    table = gmap.special_runs
    data = args(race=order.number, row=order.special or "", map=gmap.name)
    if table is None:
        two_towns = Hint(H.RACE_TWO_TOWNS)
        return [OrderProblem("illegal", P.NO_SPECIAL_RUNS, order.pos, order.text, data, two_towns, section)]
    if order.special not in table.destinations:
        rows = Hint(H.SPECIAL_ROWS, args(rows=tuple(table.destinations)))
        return [OrderProblem("illegal", P.UNKNOWN_SPECIAL_ROW, order.pos, order.text, data, rows, section)]
    return []
