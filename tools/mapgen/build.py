"""Draw a map from its spec: terrain, countries, rivers and towns on the hex grid.

The steps, each a short function below:

1. frame: the Lambert conic projection and the hex rectangle laid over it;
2. terrain: a hex is water when at least ``lake_min_fraction`` of it is sea
   or lake (GSHHS), a mountain when at least half of it lies in one of the
   hand-drawn mountain areas, plain again where a valley line runs through
   it or a town stands on it;
3. countries: every land hex takes the country most of its sample points
   lie in; a point lies in the country of the nearest GeoNames town that is
   not across a WDB II boundary line from it; border rivers then split their
   banks; sea hexes take the country of the nearest land hex;
4. rivers: each course is traced along hex sides (see ``rivers.py``);
5. towns: each stands in the hex of its real position, or in the nearest
   land hex when that one is water;
6. the hand fixes of the spec's ``Overrides`` win over everything above.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.strtree import STRtree

from . import sources
from .geometry import Cell, HexLayout, LambertConic, label, neighbours, parse_label
from .rivers import RiverGraph, Side
from .spec import LatLon, MapSpec, TownSpec

WATER, PLAIN, MOUNTAIN, NO_HEX = "~", ".", "^", " "


@dataclass
class Drawn:
    """A map as drawn on the grid, before it is written as YAML."""

    spec: MapSpec
    layout: HexLayout
    terrain: dict[Cell, str] = field(default_factory=dict)
    countries: dict[Cell, str] = field(default_factory=dict)
    rivers: list[tuple[str, list[Side]]] = field(default_factory=list)
    towns: list[tuple[TownSpec, Cell]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class Frame:
    """The projection, the hex layout and projected versions of the data."""

    def __init__(self, spec: MapSpec):
        self.spec = spec
        self.proj = LambertConic(*spec.projection)
        self.layout = HexLayout.centred(spec.hex_km, spec.cols, spec.rows, self.proj.project(*spec.centre))
        self.bbox = self._bbox()

    def _bbox(self) -> sources.BBox:
        """Longitude/latitude box around the map, one degree to spare."""
        lay = self.layout
        xs = np.linspace(lay.x0 - lay.hex_km, lay.x0 + lay.cols * lay.hex_km, 12)
        ys = np.linspace(lay.y0 + lay.hex_km, lay.y0 - lay.rows * lay.row_km - lay.hex_km, 12)
        pts = [self.proj.unproject(x, y) for x in xs for y in (ys[0], ys[-1])]
        pts += [self.proj.unproject(x, y) for x in (xs[0], xs[-1]) for y in ys]
        lats, lons = [p[0] for p in pts], [p[1] for p in pts]
        return min(lons) - 1, min(lats) - 1, max(lons) + 1, max(lats) + 1

    def xy(self, where: LatLon) -> tuple[float, float]:
        """Project one (lat, lon)."""
        return self.proj.project(*where)

    def ring(self, points: np.ndarray) -> list[tuple[float, float]]:
        """Project (lon, lat) rows into (x, y) pairs."""
        xs, ys = self.proj.project_many(points[:, 1], points[:, 0])
        return list(zip(xs.tolist(), ys.tolist(), strict=False))

    def area(self, outline: tuple[LatLon, ...]) -> Polygon:
        """A hand-drawn (lat, lon) outline as a projected polygon."""
        return Polygon([self.xy(p) for p in outline])

    def hexes(self) -> dict[Cell, Polygon]:
        """Every hex of the map as a polygon."""
        return {cell: Polygon(self.layout.polygon(cell)) for cell in self.layout.cells()}


def build(spec: MapSpec) -> Drawn:
    """Draw the map described by ``spec``."""
    frame = Frame(spec)
    drawn = Drawn(spec, frame.layout)
    hexes = frame.hexes()
    land = land_geometry(frame)
    drawn.terrain = water_and_land(spec, hexes, land)
    place_towns(drawn, frame)
    add_mountains(drawn, frame, hexes)
    drawn.countries = land_countries(drawn, frame, land)
    trace_rivers(drawn, frame)
    trim_foreign(drawn)
    finish_countries(drawn)
    apply_river_overrides(drawn)
    return drawn


# ---------------------------------------------------------------------------
# terrain
# ---------------------------------------------------------------------------


def land_geometry(frame: Frame) -> shapely.Geometry:
    """Land on the projected plane: GSHHS land minus lakes plus islands in lakes."""
    lay = frame.layout
    clip = box(lay.x0 - 2 * lay.hex_km, lay.y0 - (lay.rows + 1) * lay.row_km, lay.x0 + (lay.cols + 1) * lay.hex_km, lay.y0 + 2 * lay.hex_km)
    levels: dict[int, list[shapely.Geometry]] = {1: [], 2: [], 3: []}
    for level, pts in sources.shorelines(frame.bbox):
        if level in levels and len(pts) >= 3:
            poly = shapely.make_valid(Polygon(frame.ring(pts)))
            if poly.intersects(clip):
                levels[level].append(poly.intersection(clip))
    land = shapely.union_all(levels[1])
    land = land.difference(shapely.union_all(levels[2])) if levels[2] else land
    return land.union(shapely.union_all(levels[3])) if levels[3] else land


def water_and_land(spec: MapSpec, hexes: dict[Cell, Polygon], land: shapely.Geometry) -> dict[Cell, str]:
    """Plain or water for every hex, then the terrain overrides."""
    shapely.prepare(land)
    out: dict[Cell, str] = {}
    for cell, poly in hexes.items():
        share = land.intersection(poly).area / poly.area
        out[cell] = PLAIN if 1 - share < spec.lake_min_fraction else WATER
    for text, ch in spec.overrides.terrain.items():
        out[parse_label(text)] = ch
    return out


def add_mountains(drawn: Drawn, frame: Frame, hexes: dict[Cell, Polygon]) -> None:
    """Raise the mountain areas, cut the valleys, level the town hexes."""
    spec, fixed = drawn.spec, {parse_label(t) for t in drawn.spec.overrides.terrain}
    ranges = [frame.area(outline) for outline in spec.mountains.values()]
    mountains = shapely.union_all(ranges) if ranges else Polygon()
    shapely.prepare(mountains)
    valleys = [LineString([frame.xy(p) for p in line]).buffer(width) for line, width in spec.valleys.values()]
    town_cells = {cell for _, cell in drawn.towns}
    for cell, poly in hexes.items():
        if cell in fixed or drawn.terrain[cell] != PLAIN:
            continue
        if mountains.intersection(poly).area >= 0.5 * poly.area:
            drawn.terrain[cell] = MOUNTAIN
        centre = Point(frame.layout.centre(cell))
        if any(v.contains(centre) for v in valleys) or cell in town_cells:
            drawn.terrain[cell] = PLAIN


# ---------------------------------------------------------------------------
# towns
# ---------------------------------------------------------------------------


def town_position(t: TownSpec) -> LatLon:
    """Real position of a town: given, or looked up in GeoNames."""
    if t.at is not None:
        return t.at
    p = sources.find_place(t.geo or t.name, t.country, t.admin1)
    return p.lat, p.lon


def place_towns(drawn: Drawn, frame: Frame) -> None:
    """Put every town in its hex (or the nearest land hex), one town per hex."""
    taken: dict[Cell, str] = {}
    for t in drawn.spec.towns:
        fixed = drawn.spec.overrides.town_hex.get(t.name)
        if fixed:
            cell = parse_label(fixed)
        else:
            cell = nearest_land(drawn, frame.xy(town_position(t)))
        if cell is None:
            drawn.problems.append(f"{t.name}: no land hex near its position")
            continue
        if cell in taken:
            drawn.problems.append(f"{t.name} and {taken[cell]} fall into the same hex {label(cell)}")
        taken[cell] = t.name
        drawn.towns.append((t, cell))


def nearest_land(drawn: Drawn, xy: tuple[float, float]) -> Cell | None:
    """The hex a point falls into, or the nearest land hex when that is water."""
    lay = drawn.layout
    cell = lay.locate(*xy)
    if lay.on_map(cell) and drawn.terrain.get(cell) != WATER:
        return cell
    ring = {cell, *neighbours(cell)}
    ring |= {n for c in list(ring) for n in neighbours(c)}
    land = [c for c in ring if lay.on_map(c) and drawn.terrain.get(c) != WATER]
    if not land:
        return None
    return min(land, key=lambda c: ((lay.centre(c)[0] - xy[0]) ** 2 + (lay.centre(c)[1] - xy[1]) ** 2, c))


# ---------------------------------------------------------------------------
# countries
# ---------------------------------------------------------------------------


class CountryFinder:
    """The country of a point: its nearest town not across a boundary line."""

    def __init__(self, frame: Frame):
        places = list(sources.places_in(frame.bbox))
        self.codes = [p.country for p in places]
        xs, ys = frame.proj.project_many(np.array([p.lat for p in places]), np.array([p.lon for p in places]))
        self.xy = np.column_stack([xs, ys])
        self.lines = [LineString(frame.ring(pts)) for pts in sources.borders(frame.bbox) if len(pts) >= 2]
        self.tree = STRtree(self.lines)

    def country(self, x: float, y: float) -> str:
        """ISO code of the country a projected point lies in."""
        d = np.hypot(self.xy[:, 0] - x, self.xy[:, 1] - y)
        order = np.argsort(d, kind="stable")[:15]
        for i in order:
            seg = LineString([(x, y), tuple(self.xy[i])])
            if not any(self.lines[j].intersects(seg) for j in self.tree.query(seg)):
                return self.codes[i]
        return self.codes[order[0]]


def land_countries(drawn: Drawn, frame: Frame, land: shapely.Geometry) -> dict[Cell, str]:
    """Country letter of every land hex, by majority of its sample points."""
    finder = CountryFinder(frame)
    to_code = drawn.spec.iso_to_code
    out: dict[Cell, str] = {}
    for cell, ch in drawn.terrain.items():
        if ch in (WATER, NO_HEX):
            continue
        pts = drawn.layout.samples(cell)
        on_land = [p for p in pts if land.contains(Point(p))] or pts[:1]
        iso = Counter(finder.country(*p) for p in on_land).most_common(1)[0][0]
        if iso not in to_code:
            drawn.problems.append(f"hex {label(cell)} lies in {iso}, which has no map letter")
            continue
        out[cell] = to_code[iso]
    return out


def trim_foreign(drawn: Drawn) -> None:
    """Leave foreign land farther than ``foreign_depth`` hexes from home land off the map.

    Water goes with the land nearest to it: a lake or bay whose nearest shore
    was left off is left off too.
    """
    depth = drawn.spec.foreign_depth
    if depth is None:
        return
    reach = _spread({cell: 0 for cell, code in drawn.countries.items() if code == drawn.spec.home}, drawn, depth)
    gone = {cell for cell, ch in drawn.terrain.items() if ch not in (WATER, NO_HEX) and cell not in reach}
    land = {cell: (cell in gone) for cell, ch in drawn.terrain.items() if ch not in (WATER, NO_HEX)}
    nearest = _nearest_source(drawn, land)
    for cell, ch in drawn.terrain.items():
        if cell in gone or (ch == WATER and nearest.get(cell, False)):
            drawn.terrain[cell] = NO_HEX
            drawn.countries.pop(cell, None)
    for t, cell in drawn.towns:
        if drawn.terrain[cell] == NO_HEX:
            drawn.problems.append(f"{t.name} stands in {label(cell)}, beyond the foreign strip kept on the map")
    drawn.rivers = [(name, [s for s in sides if all(drawn.terrain[c] != NO_HEX for c in s)]) for name, sides in drawn.rivers]


def _spread(start: dict[Cell, int], drawn: Drawn, depth: int) -> dict[Cell, int]:
    """Hex distance from the start hexes, up to ``depth``."""
    reach = dict(start)
    queue = deque(sorted(reach, key=lambda c: (c[1], c[0])))
    while queue:
        cell = queue.popleft()
        if reach[cell] == depth:
            continue
        for n in neighbours(cell):
            if drawn.layout.on_map(n) and n not in reach:
                reach[n] = reach[cell] + 1
                queue.append(n)
    return reach


def _nearest_source(drawn: Drawn, sources_: dict[Cell, bool]) -> dict[Cell, bool]:
    """For every hex, the value of the nearest source hex (breadth first, row order)."""
    out = dict(sources_)
    queue = deque(sorted(out, key=lambda c: (c[1], c[0])))
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if drawn.layout.on_map(n) and n not in out:
                out[n] = out[cell]
                queue.append(n)
    return out


def finish_countries(drawn: Drawn) -> None:
    """Sea hexes take the country of the nearest land; then the overrides."""
    lay = drawn.layout
    queue = deque(cell for cell in lay.cells() if cell in drawn.countries)
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if lay.on_map(n) and n not in drawn.countries and drawn.terrain[n] != NO_HEX:
                drawn.countries[n] = drawn.countries[cell]
                queue.append(n)
    for text, ch in drawn.spec.overrides.countries.items():
        drawn.countries[parse_label(text)] = ch


# ---------------------------------------------------------------------------
# rivers
# ---------------------------------------------------------------------------


def trace_rivers(drawn: Drawn, frame: Frame) -> None:
    """Trace every river along hex sides; border rivers split their banks."""
    graph = RiverGraph(drawn.layout, drawn.terrain)
    seen: set[Side] = set()
    for river in drawn.spec.rivers:
        steps = graph.trace([frame.xy(p) for p in river.course])
        sides = [graph.side(step) for step in steps]
        if river.border:
            for left, right in graph.banks(steps):
                for cell, code in ((left, river.border[0]), (right, river.border[1])):
                    if drawn.terrain.get(cell) != WATER:
                        drawn.countries[cell] = code
        kept = [s for s in sides if s not in seen and all(drawn.terrain[c] != WATER for c in s)]
        seen.update(kept)
        drawn.rivers.append((river.name, kept))


def apply_river_overrides(drawn: Drawn) -> None:
    """Remove and add river sides by hand."""
    ov = drawn.spec.overrides
    drop = {side_of(text) for text in ov.rivers_drop}
    drawn.rivers = [(name, [s for s in sides if s not in drop]) for name, sides in drawn.rivers]
    for name, texts in ov.rivers_add.items():
        extra = [side_of(t) for t in texts]
        for i, (n, sides) in enumerate(drawn.rivers):
            if n == name:
                drawn.rivers[i] = (n, sides + extra)
                break
        else:
            drawn.rivers.append((name, extra))


def side_of(text: str) -> Side:
    """A side written as two labels, ``"0712 0713"``."""
    a, b = text.split()
    return Side.of(parse_label(a), parse_label(b))
