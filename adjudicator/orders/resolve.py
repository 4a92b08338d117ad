"""Tie parsed orders to a map: points become hexes, BUILD paths are checked and expanded.

Only what the order language itself demands is checked here: a label must
be on the map, a town name must name one town, consecutive points of a
BUILD must be neighbours (or on one straight hex line, which is expanded).
Whether a piece may be built (water, money, rivals' track) is the
adjudicator's business.  Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.hexgrid import Hex, LabelError, distance, straight_line
from adjudicator.mapdata import GameMap
from adjudicator.orders.model import (
    BuildOrder,
    Note,
    OrderProblem,
    OrderSet,
    PlayerOrder,
    Point,
    ResolvedPoint,
    Section,
    StartOrder,
    sort_by_position,
)
from adjudicator.orders.names import match_town

_TOWN_LIST_MAX = 12
"""Up to this many towns, an unknown name is answered with the list of all towns."""

Outcome = tuple[list[OrderProblem], list[Note]]


def resolve(orders: OrderSet, gmap: GameMap) -> OrderSet:
    """The orders with every point on the map, or left out with a problem.

    Returns a new ``OrderSet`` whose problems and notes include those found
    here (sorted by position like the rest).
    """
    problems = list(orders.problems)
    notes = list(orders.notes)
    sections: list[Section] = []
    for s in orders.sections:
        kept: list[PlayerOrder] = []
        for order in s.orders:
            new, p, n = resolve_order(order, gmap, section=s.player)
            problems += p
            notes += n
            if new is not None:
                kept.append(new)
        sections.append(replace(s, orders=tuple(kept)))
    file_order = {name: i for i, name in enumerate(orders.files)}
    return replace(
        orders,
        sections=tuple(sections),
        problems=tuple(sort_by_position(problems, file_order)),
        notes=tuple(sort_by_position(notes, file_order)),
    )


def resolve_order(
    order: PlayerOrder, gmap: GameMap, *, section: str | None = None
) -> tuple[PlayerOrder | None, list[OrderProblem], list[Note]]:
    """One order resolved, or ``None`` with the problems that stop it."""
    if isinstance(order, StartOrder):
        point, problems, notes = resolve_point(order.point, gmap, line_text=order.text, section=section)
        return (replace(order, point=point) if point else None), problems, notes
    if isinstance(order, BuildOrder):
        return _resolve_build(order, gmap, section)
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
        notes = [] if m.exact else [Note(f"'{point.text}' understood as {resolved.describe()}", point.pos)]
        return resolved, [], notes
    if m.ambiguous:
        names = " or ".join(f"{t.name} ({t.hex.label})" for t in m.candidates)
        problem = OrderProblem(
            "ambiguous", f"'{point.text}' could be {names}", point.pos, line_text,
            "write the town's full name or its hex label", section,
        )
        return None, [problem], []
    if m.candidates:
        hint = "did you mean " + " or ".join(t.name for t in m.candidates) + "?"
    elif len(gmap.towns) <= _TOWN_LIST_MAX:
        hint = "the towns are " + ", ".join(sorted(t.name for t in gmap.towns))
    else:
        hint = "write the hex label instead"
    message = f"no town called '{point.text}' on the map {gmap.name}"
    problem = OrderProblem("illegal", message, point.pos, line_text, hint, section)
    return None, [problem], []


def _resolve_label(
    point: Point, gmap: GameMap, line_text: str, section: str | None
) -> tuple[ResolvedPoint | None, list[OrderProblem], list[Note]]:
    h = Hex.parse(point.text)
    if gmap.on_map(h):
        town = gmap.town_at(h)
        return ResolvedPoint(point.text, point.pos, "label", hex=h, town=town.name if town else None), [], []
    message = f"{h.label} is not on the map {gmap.name} (columns 01 to {gmap.width:02d}, rows 01 to {gmap.height:02d})"
    problem = OrderProblem("illegal", message, point.pos, line_text, _label_hint(h, gmap), section)
    return None, [problem], []


def _label_hint(h: Hex, gmap: GameMap) -> str | None:
    """Suggest the label the player may have meant: row and column swapped, else the nearest hex."""
    try:
        swapped = Hex(h.row, h.col)
    except LabelError:
        swapped = None
    if swapped is not None and gmap.on_map(swapped):
        return f"did you mean {swapped.label}? (column and row swapped)"
    best = min(gmap.terrain, key=lambda x: (distance(h, x), abs(x.row - h.row), x.row, x.col), default=None)
    return f"the nearest hex on the map is {best.label}" if best is not None else None


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
    for a, b in zip(points, points[1:]):
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
        msg = f"{b.describe()} is the same hex as the point before it"
        return [], OrderProblem("illegal", msg, b.pos, line_text, "leave one of them out", section), None
    if a.hex.is_adjacent(b.hex):
        return [b.hex], None, None
    line = straight_line(a.hex, b.hex)
    if line is not None:
        off = [h for h in line if not gmap.on_map(h)]
        if off:
            msg = f"the straight line from {a.describe()} to {b.describe()} leaves the map at {off[0].label}"
            return [], OrderProblem("illegal", msg, b.pos, line_text, "name the hexes one by one", section), None
        expansion = "-".join(h.label for h in line)
        note = Note(f"{a.describe()} - {b.describe()} taken as the straight line {expansion}", b.pos)
        return line[1:], None, note
    msg = f"{a.describe()} and {b.describe()} are not neighbours (nor on one straight hex line)"
    return [], OrderProblem("illegal", msg, b.pos, line_text, _neighbour_hint(a.hex, b.hex, gmap), section), None


def _neighbour_hint(a: Hex, b: Hex, gmap: GameMap) -> str:
    """The neighbours of ``a`` by compass direction, and the hexes between ``a`` and ``b``."""
    listed = ", ".join(f"{n.label} ({a.direction_to(n)})" for n in gmap.neighbours(a))
    hint = f"the neighbours of {a.label} are {listed}"
    between = [n.label for n in gmap.neighbours(a) if n.is_adjacent(b)]
    if between:
        hint += f"; between {a.label} and {b.label} lie{'s' if len(between) == 1 else ''} {' and '.join(between)}"
    return hint
