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

import difflib
import re
from collections.abc import Collection
from dataclasses import replace
from itertools import pairwise
from typing import overload

from adjudicator.board.hexgrid import Hex, distance, straight_line
from adjudicator.board.model import GameMap
from adjudicator.board.names import match_town
from adjudicator.errors import LabelError
from adjudicator.orders.codes import Args, NoteCode, args
from adjudicator.orders.codes import HintCode as H
from adjudicator.orders.codes import ProblemCode as P
from adjudicator.orders.model import (
    GM_SECTION,
    BuildOrder,
    DashedPoint,
    EnterOrder,
    GMOrder,
    Hint,
    Note,
    OrderProblem,
    OrderSet,
    PlayerOrder,
    Point,
    Pos,
    RaceOrder,
    ResolvedPoint,
    Section,
    StartOrder,
    sort_by_position,
)

_TOWN_LIST_MAX = 12
"""Up to this many towns, an unknown name is answered with the list of all towns."""

Outcome = tuple[list[OrderProblem], list[Note]]


def resolve(orders: OrderSet, gmap: GameMap, *, companies: Collection[str] = ()) -> OrderSet:
    """The orders with every point on the map, or left out with a problem.

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
    gm = orders.gm
    if gm is not None:
        gm_kept: list[GMOrder] = []
        for gm_order in gm.orders:
            new_gm, p, n = resolve_order(gm_order, gmap, section=GM_SECTION, companies=companies)
            problems += p
            notes += n
            if new_gm is not None:
                gm_kept.append(new_gm)
        gm = replace(gm, orders=tuple(gm_kept))
    file_order = {name: i for i, name in enumerate(orders.files)}
    return replace(
        orders,
        sections=tuple(sections),
        gm=gm,
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
        return _resolve_build(order, gmap, section)
    if isinstance(order, EnterOrder):
        return _EnterResolver(order, gmap, section, companies).resolve()
    if isinstance(order, RaceOrder):
        return _resolve_race(order, gmap, section)
    return order, [], []


def resolve_point(
    point: Point, gmap: GameMap, *, line_text: str = "", section: str | None = None
) -> tuple[ResolvedPoint | None, list[OrderProblem], list[Note]]:
    """The hex a point names, or ``None`` and a problem saying why not."""
    if isinstance(point, ResolvedPoint):
        return point, [], []
    if point.kind == "label":
        return _resolve_label(point, gmap, line_text, section)
    m = match_town(point.text, gmap)
    if m.town is not None:
        resolved = ResolvedPoint(
            point.text, point.pos, "town", hex=m.town.hex, town=m.town.name,
            understood_as=None if m.exact else m.town.name,
        )
        understood = args(written=point.text, point=resolved.describe())
        notes = [] if m.exact else [Note(NoteCode.UNDERSTOOD_AS, point.pos, understood)]
        return resolved, [], notes
    if m.ambiguous:
        names = tuple(f"{t.name} ({t.hex.label})" for t in m.candidates)
        problem = OrderProblem(
            "ambiguous", P.AMBIGUOUS_TOWN, point.pos, line_text, args(written=point.text, candidates=names),
            Hint(H.FULL_NAME_OR_LABEL), section,
        )
        return None, [problem], []
    if m.candidates:
        hint = Hint(H.DID_YOU_MEAN, args(options=tuple(t.name for t in m.candidates)))
    elif len(gmap.towns) <= _TOWN_LIST_MAX:
        hint = Hint(H.TOWNS_ARE, args(towns=tuple(sorted(t.name for t in gmap.towns))))
    else:
        hint = Hint(H.LABEL_INSTEAD)
    data = args(written=point.text, map=gmap.name)
    problem = OrderProblem("illegal", P.UNKNOWN_TOWN, point.pos, line_text, data, hint, section)
    return None, [problem], []


def _resolve_label(
    point: Point, gmap: GameMap, line_text: str, section: str | None
) -> tuple[ResolvedPoint | None, list[OrderProblem], list[Note]]:
    h = Hex.parse(point.text)
    if gmap.on_map(h):
        town = gmap.town_at(h)
        return ResolvedPoint(point.text, point.pos, "label", hex=h, town=town.name if town else None), [], []
    data = args(label=h.label, map=gmap.name, columns=gmap.width, rows=gmap.height)
    problem = OrderProblem("illegal", P.NOT_ON_MAP, point.pos, line_text, data, _label_hint(h, gmap), section)
    return None, [problem], []


def _label_hint(h: Hex, gmap: GameMap) -> Hint | None:
    """Suggest the label the player may have meant: row and column swapped, else the nearest hex."""
    try:
        swapped = Hex(h.row, h.col)
    except LabelError:
        swapped = None
    if swapped is not None and gmap.on_map(swapped):
        return Hint(H.SWAPPED_LABEL, args(label=swapped.label))
    best = min(gmap.terrain, key=lambda x: (distance(h, x), abs(x.row - h.row), x.row, x.col), default=None)
    return Hint(H.NEAREST_HEX, args(label=best.label)) if best is not None else None


def _resolve_build(
    order: BuildOrder, gmap: GameMap, section: str | None
) -> tuple[BuildOrder | None, list[OrderProblem], list[Note]]:
    problems: list[OrderProblem] = []
    notes: list[Note] = []
    points: list[ResolvedPoint] = []
    for p in order.points:
        r, pp, nn = resolve_point(p, gmap, line_text=order.text, section=section)
        problems += pp
        notes += nn
        if r is not None:
            points.append(r)
    if problems:
        return None, problems, notes
    path = [points[0].hex]
    for a, b in pairwise(points):
        step, problem, note = _step(a, b, gmap, order.text, section)
        if problem is not None:
            problems.append(problem)
            continue
        path += step
        if note is not None:
            notes.append(note)
    if problems:
        return None, problems, notes
    return replace(order, points=tuple(points), hexes=tuple(path)), [], notes


def _step(
    a: ResolvedPoint, b: ResolvedPoint, gmap: GameMap, line_text: str, section: str | None
) -> tuple[list[Hex], OrderProblem | None, Note | None]:
    """The hexes after ``a`` up to ``b``, or the problem why ``a - b`` cannot be a step."""
    if a.hex == b.hex:
        same = args(point=b.describe())
        return [], OrderProblem("illegal", P.SAME_HEX, b.pos, line_text, same, Hint(H.LEAVE_ONE_OUT), section), None
    if a.hex.is_adjacent(b.hex):
        return [b.hex], None, None
    ends = args(start=a.describe(), end=b.describe())
    line = straight_line(a.hex, b.hex)
    if line is None:
        hint = _neighbour_hint(a.hex, b.hex, gmap)
        return [], OrderProblem("illegal", P.NOT_NEIGHBOURS, b.pos, line_text, ends, hint, section), None
    off = [h for h in line if not gmap.on_map(h)]
    if off:
        data = ends + args(off=off[0].label)
        return [], OrderProblem("illegal", P.LINE_LEAVES_MAP, b.pos, line_text, data, Hint(H.HEX_BY_HEX), section), None
    return line[1:], None, Note(NoteCode.STRAIGHT_LINE, b.pos, ends + args(hexes=tuple(h.label for h in line)))


def _neighbour_hint(a: Hex, b: Hex, gmap: GameMap) -> Hint:
    """The neighbours of ``a`` with their compass directions, and the hexes between ``a`` and ``b``."""
    neighbours = gmap.neighbours(a)
    return Hint(H.NEIGHBOURS, args(
        hex=a.label,
        neighbours=tuple(n.label for n in neighbours),
        directions=tuple(a.direction_to(n) for n in neighbours),
        target=b.label,
        between=tuple(n.label for n in neighbours if n.is_adjacent(b)),
    ))


def _resolve_race(order: RaceOrder, gmap: GameMap,
                  section: str | None) -> tuple[RaceOrder | None, list[OrderProblem], list[Note]]:
    start, problems, notes = resolve_point(order.start, gmap, line_text=order.text, section=section)
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


def _company_list(companies: Collection[str]) -> Hint:
    return Hint(H.COMPANIES_ARE, args(companies=tuple(sorted(companies))))


_Owner = tuple[str, Pos]
"""An owner as written in a route: the company ID and where it stands."""


class _EnterResolver:
    """Resolves one ENTER order: partner, owners, points, and the path with an owner per hex pair."""

    def __init__(self, order: EnterOrder, gmap: GameMap, section: str | None, companies: Collection[str]):
        self.order = order
        self.gmap = gmap
        self.section = section
        self.companies = {c.casefold(): c.upper() for c in companies}
        self.problems: list[OrderProblem] = []
        self.notes: list[Note] = []

    def problem(self, code: P, pos: Pos, data: Args, hint: Hint | None = None) -> None:
        self.problems.append(OrderProblem("illegal", code, pos, self.order.text, data, hint, self.section))

    def resolve(self) -> tuple[EnterOrder | None, list[OrderProblem], list[Note]]:
        order = self.order
        self.check_partner()
        if order.best:
            return (None if self.problems else order), self.problems, self.notes
        route = self.owners_and_points()
        if route is None:
            return None, self.problems, self.notes
        written, owners, owner_pos = route
        points: list[ResolvedPoint] = []
        for p in written:
            r, pp, nn = resolve_point(p, self.gmap, line_text=order.text, section=self.section)
            self.problems += [self.company_hint(p, x) for x in pp]
            self.notes += nn
            if r is not None:
                points.append(r)
        if self.problems:
            return None, self.problems, self.notes
        path = [points[0].hex]
        hex_owners: list[str | None] = []
        for (a, b), owner in zip(pairwise(points), owners, strict=True):
            step, problem, note = _step(a, b, self.gmap, order.text, self.section)
            if problem is not None:
                self.problems.append(problem)
                continue
            path += step
            hex_owners += [owner] * len(step)
            if note is not None:
                self.notes.append(note)
        if self.problems:
            return None, self.problems, self.notes
        new = replace(
            order, points=tuple(points), owners=owners, owner_pos=owner_pos,
            hexes=tuple(path), hex_owners=tuple(hex_owners),
        )
        return new, self.problems, self.notes

    def check_partner(self) -> None:
        partner = self.order.partner
        if partner is None:
            return
        m = re.search(r"\b(?:with|mit)\s+(\w+)", self.order.text, re.IGNORECASE)
        pos = replace(self.order.pos, column=m.start(1) + 1) if m else self.order.pos
        if self.section is not None and partner == self.section.upper():
            self.problem(P.RIDE_WITH_ITSELF, pos, args(company=partner), Hint(H.PARTNER_AFTER_WITH))
        elif self.companies and partner.casefold() not in self.companies:
            self.problem(P.UNKNOWN_PARTNER, pos, args(company=partner), _company_list(self.companies.values()))

    def owners_and_points(
        self,
    ) -> tuple[list[Point], tuple[str | None, ...], tuple[Pos | None, ...]] | None:
        """The route's points and one owner per segment, dashed company IDs turned into owners.

        ``None`` when an owner is unknown or misplaced (each is a problem).
        """
        order = self.order
        # the route as written, points and owners interleaved: p0 o0 p1 o1 ... pn
        items: list[Point | _Owner | None] = [order.points[0]]
        for i, p in enumerate(order.points[1:]):
            owner = order.owners[i] if i < len(order.owners) else None
            pos = order.owner_pos[i] if i < len(order.owner_pos) else None
            items.append(self.bracketed(owner, pos or order.pos) if owner is not None else None)
            items.append(self.dashed(p))
        if self.problems:
            return None
        points: list[Point] = []
        owners: list[str | None] = []
        owner_pos: list[Pos | None] = []
        pending: list[_Owner] = []
        for item in items:
            if isinstance(item, Point):
                if points:
                    owners.append(pending[0][0] if pending else None)
                    owner_pos.append(pending[0][1] if pending else None)
                if len(pending) > 1:
                    names = tuple(name for name, _ in pending)
                    self.problem(P.TWO_OWNERS, pending[1][1], args(owners=names), Hint(H.ONE_OWNER))
                elif pending and not points:
                    self.misplaced(pending[0], P.ROUTE_BEGINS_WITH_OWNER)
                points.append(item)
                pending = []
            elif item is not None:
                pending.append(item)
        if pending:
            self.misplaced(pending[0], P.ROUTE_ENDS_WITH_OWNER)
        if self.problems:
            return None
        return points, tuple(owners), tuple(owner_pos)

    def misplaced(self, owner: _Owner, code: P) -> None:
        """An owner before the first point or after the last (``code`` says which)."""
        name, pos = owner
        self.problem(code, pos, args(owner=name), Hint(H.OWNER_BETWEEN_POINTS, args(owner=name)))

    def bracketed(self, owner: str, pos: Pos) -> _Owner | None:
        """A bracketed owner ``-(WORD)-``: a company of the game (when the companies are known)."""
        if not self.companies:
            return owner, pos
        known = self.companies.get(owner.casefold())
        if known is None:
            self.problem(P.UNKNOWN_COMPANY, pos, args(company=owner), _company_list(self.companies.values()))
            return None
        return known, pos

    def dashed(self, p: Point) -> Point | _Owner:
        """A ``-WORD-`` that is a company ID becomes an owner; any other point stays a point."""
        if not isinstance(p, DashedPoint):
            return p
        known = self.companies.get(p.text.casefold())
        if known is None:
            return p
        town = match_town(p.text, self.gmap)
        if town.town is not None and town.exact:
            self.notes.append(Note(
                NoteCode.OWNER_READ_AS_COMPANY, p.pos, args(written=p.text, company=known, town=town.town.name)
            ))
        return known, p.pos

    def company_hint(self, p: Point, problem: OrderProblem) -> OrderProblem:
        """An unknown town that is (nearly) a company ID: show how an owner is written."""
        if p.kind != "town" or not self.companies or problem.kind != "illegal":
            return problem
        if isinstance(p, DashedPoint):
            near = difflib.get_close_matches(p.text.casefold(), list(self.companies), n=1, cutoff=0.75)
            if not near:
                return problem
            hint = Hint(H.COMPANY_AS_OWNER, args(company=self.companies[near[0]]))
        else:
            company = self.companies.get(p.text.casefold(), "")
            if not company:
                return problem
            hint = Hint(H.COMPANY_NEEDS_DASHES, args(company=company))
        return replace(problem, hint=hint)
