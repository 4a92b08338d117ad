"""Rivers along hex sides: a course on the plane becomes a chain of sides.

The corners of the hexes and the sides between them form a graph; a river
is a shortest path through it from the corner nearest its source to the
corner nearest its mouth, passing the corners nearest each waypoint.  A
side costs its length, more the farther it lies from the real course, and
much more along a coast; a side between two water hexes is never used.
The chain is therefore continuous by construction.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

from .geometry import Cell, Corner, HexLayout

Step = tuple[Corner, Corner]


@dataclass(frozen=True, order=True)
class Side:
    """The side between two adjacent hexes, the lower (row, col) first."""

    a: Cell
    b: Cell

    @classmethod
    def of(cls, p: Cell, q: Cell) -> Side:
        lo, hi = sorted((p, q), key=lambda c: (c[1], c[0]))
        return cls(lo, hi)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter((self.a, self.b))


def _point_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from point p to segment ab."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


class RiverGraph:
    """Corners and sides of the hexes of one map."""

    def __init__(self, layout: HexLayout, terrain: dict[Cell, str]):
        self.layout = layout
        self.terrain = terrain
        owners: dict[frozenset[Corner], list[Cell]] = {}
        for cell in layout.cells():
            ks = layout.corners(cell)
            for i in range(6):
                owners.setdefault(frozenset((ks[i], ks[(i + 1) % 6])), []).append(cell)
        self.sides: dict[frozenset[Corner], Side] = {}
        self.adjacent: dict[Corner, list[Corner]] = {}
        for key, cells in owners.items():
            if len(cells) == 2 and not all(terrain[c] == "~" for c in cells):
                self.sides[key] = Side.of(*cells)
                p, q = sorted(key)
                self.adjacent.setdefault(p, []).append(q)
                self.adjacent.setdefault(q, []).append(p)
        for corners in self.adjacent.values():
            corners.sort()

    def side(self, step: Step) -> Side:
        """The hex side a step runs along."""
        return self.sides[frozenset(step)]

    def snap(self, xy: tuple[float, float]) -> Corner:
        """The usable corner nearest a point."""
        return min(self.adjacent, key=lambda k: (math.dist(self.layout.corner_point(k), xy), k))

    def trace(self, course: list[tuple[float, float]]) -> list[Step]:
        """The chain of steps (corner to corner) following a course."""
        corners = [self.snap(p) for p in course]
        path: list[Corner] = [corners[0]]
        for i in range(1, len(course)):
            leg = self._leg(path[-1], corners[i], course[i - 1], course[i])
            path.extend(leg[1:])
        return list(zip(_without_loops(path), _without_loops(path)[1:], strict=False))

    def _cost(self, p: Corner, q: Corner, a: tuple[float, float], b: tuple[float, float]) -> float:
        pp, qp = self.layout.corner_point(p), self.layout.corner_point(q)
        mid = ((pp[0] + qp[0]) / 2, (pp[1] + qp[1]) / 2)
        off = _point_segment(mid, a, b) / self.layout.hex_km
        cost = math.dist(pp, qp) * (1 + 4 * off * off)
        if any(self.terrain[c] == "~" for c in self.sides[frozenset((p, q))]):
            cost *= 6
        return cost

    def _leg(self, start: Corner, goal: Corner, a: tuple[float, float], b: tuple[float, float]) -> list[Corner]:
        """Cheapest corner path from start to goal near the segment ab (Dijkstra)."""
        best = {start: 0.0}
        came: dict[Corner, Corner] = {}
        heap = [(0.0, start)]
        while heap:
            d, k = heapq.heappop(heap)
            if k == goal:
                break
            if d > best[k]:
                continue
            for n in self.adjacent[k]:
                nd = d + self._cost(k, n, a, b)
                if nd < best.get(n, math.inf):
                    best[n], came[n] = nd, k
                    heapq.heappush(heap, (nd, n))
        if goal not in best:
            return [start]
        out = [goal]
        while out[-1] != start:
            out.append(came[out[-1]])
        return out[::-1]

    def banks(self, steps: list[Step]) -> list[tuple[Cell, Cell]]:
        """(left hex, right hex) of each step, looking downstream."""
        out = []
        for p, q in steps:
            side = self.side((p, q))
            pp, qp = self.layout.corner_point(p), self.layout.corner_point(q)
            ca = self.layout.centre(side.a)
            cross = (qp[0] - pp[0]) * (ca[1] - pp[1]) - (qp[1] - pp[1]) * (ca[0] - pp[0])
            out.append((side.a, side.b) if cross > 0 else (side.b, side.a))
        return out


def _without_loops(path: list[Corner]) -> list[Corner]:
    """Cut every loop out of a corner path (a corner is visited once)."""
    out: list[Corner] = []
    where: dict[Corner, int] = {}
    for k in path:
        if k in where:
            for gone in out[where[k] + 1 :]:
                del where[gone]
            del out[where[k] + 1 :]
            continue
        where[k] = len(out)
        out.append(k)
    return out
