"""ENTER routes resolved on the map: the partner, the owners named, the points, the path with an owner per hex pair.

See ``adjudicator.dampfross.orders.resolve`` for the rules on owners (``-WORD-`` and
``-(WORD)-``) and on companies.  Two points that are the ports of one of
the map's ferries follow each other as they are (a crossing, advanced
rules), never expanded as a straight line.  Pure: no I/O.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection
from dataclasses import replace
from itertools import pairwise

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.board.names import match_town
from adjudicator.dampfross.orders.codes import Args, NoteCode, args
from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.model import (
    DashedPoint,
    EnterOrder,
    Hint,
    Note,
    OrderProblem,
    Point,
    Pos,
    ResolvedPoint,
)
from adjudicator.dampfross.orders.points import company_hint, path_step, resolve_point

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
            if self.gmap.ferry_between(a.hex, b.hex) is not None:
                path.append(b.hex)  # a ferry crossing: the two ports follow each other (advanced rules)
                hex_owners.append(owner)
                continue
            step, problem, note = path_step(a, b, self.gmap, order.text, self.section)
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
            self.problem(P.UNKNOWN_PARTNER, pos, args(company=partner), company_hint(self.companies.values()))

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
            self.problem(P.UNKNOWN_COMPANY, pos, args(company=owner), company_hint(self.companies.values()))
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
