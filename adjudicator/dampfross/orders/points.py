"""Points of orders on the map: a label or a town name resolved to a hex, and one step of a path.

Shared by the resolution of BUILD, START and RACE lines (``resolve``) and
of ENTER routes (``routes``).  Pure: no I/O.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection

from adjudicator.dampfross.board.errors import LabelError
from adjudicator.dampfross.board.hexgrid import Hex, distance, straight_line
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.board.names import match_town
from adjudicator.dampfross.orders.codes import HintCode as H
from adjudicator.dampfross.orders.codes import NoteCode, args
from adjudicator.dampfross.orders.codes import ProblemCode as P
from adjudicator.dampfross.orders.model import (
    Hint,
    Note,
    OrderProblem,
    Point,
    ResolvedPoint,
)

_TOWN_LIST_MAX = 12
"""Up to this many towns, an unknown name is answered with the list of all towns."""



def surprising(text: str) -> bool:
    """True when a name is written with letters a player would not expect to be read as plain Latin ones.

    Full-width or other compatibility forms (``Ｈａｍｂｕｒｇ``) fold to a town's
    name exactly; letters of another script (a Cyrillic ``а``) match only
    tolerantly.  Either way the name is read, and echoed as understood.
    """
    return unicodedata.normalize("NFKC", text) != text or any(ord(c) > 0x24F and c.isalpha() for c in text)


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
        exact = m.exact and not surprising(point.text)
        resolved = ResolvedPoint(
            point.text, point.pos, "town", hex=m.town.hex, town=m.town.name,
            understood_as=None if exact else m.town.name,
        )
        understood = args(written=point.text, point=resolved.describe())
        notes = [] if exact else [Note(NoteCode.UNDERSTOOD_AS, point.pos, understood)]
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


def path_step(
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


def company_hint(companies: Collection[str]) -> Hint:
    return Hint(H.COMPANIES_ARE, args(companies=tuple(sorted(companies))))
