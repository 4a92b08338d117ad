"""Projection of the globe onto a plane and the hex grid laid over it.

Everything is measured in kilometres on the projected plane, x to the east
and y to the north.  The hex grid is the one of ``docs/maps.md``: pointy-top
hexes in rows, even rows shifted half a hex to the right, labels ``CCRR``.

Hex *corners* get integer keys ``(ix, iy)``: ``ix`` counts half hex widths
from the centre of hex 0101 eastwards, ``iy`` counts quarter hex heights
southwards.  The centre of hex (c, r) is ``(2(c-1) + [r even], 3(r-1))``;
its corners lie at ``(0, -2)``, ``(+1, -1)``, ``(+1, +1)``, ``(0, +2)``,
``(-1, +1)`` and ``(-1, -1)`` from it.  A hex side is a pair of corners.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

EARTH_RADIUS_KM = 6371.0

Corner = tuple[int, int]
Cell = tuple[int, int]  # (col, row), 1-based

_CORNER_OFFSETS: tuple[Corner, ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class LambertConic:
    """Lambert conformal conic projection on a sphere (two standard parallels)."""

    lat1: float
    lat2: float
    lat0: float
    lon0: float

    def _n(self) -> float:
        p1, p2 = math.radians(self.lat1), math.radians(self.lat2)
        if abs(p1 - p2) < 1e-9:
            return math.sin(p1)
        return math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        )

    def _rho(self, lat: float) -> float:
        return EARTH_RADIUS_KM * self._f() / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self._n()

    def _f(self) -> float:
        n, p1 = self._n(), math.radians(self.lat1)
        return math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n

    def project(self, lat: float, lon: float) -> tuple[float, float]:
        """(lat, lon) in degrees to (x, y) in km."""
        n = self._n()
        rho, rho0 = self._rho(lat), self._rho(self.lat0)
        theta = n * math.radians(lon - self.lon0)
        return rho * math.sin(theta), rho0 - rho * math.cos(theta)

    def project_many(self, lats: np.ndarray, lons: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The same for arrays of degrees."""
        n, f = self._n(), self._f()
        rho = EARTH_RADIUS_KM * f / np.tan(np.pi / 4 + np.radians(lats) / 2) ** n
        rho0 = self._rho(self.lat0)
        theta = n * np.radians(lons - self.lon0)
        return rho * np.sin(theta), rho0 - rho * np.cos(theta)

    def unproject(self, x: float, y: float) -> tuple[float, float]:
        """(x, y) in km back to (lat, lon) in degrees."""
        n, f = self._n(), self._f()
        rho0 = self._rho(self.lat0)
        rho = math.copysign(math.hypot(x, rho0 - y), n)
        theta = math.atan2(x, rho0 - y)
        lat = 2 * math.atan((EARTH_RADIUS_KM * f / rho) ** (1 / n)) - math.pi / 2
        return math.degrees(lat), self.lon0 + math.degrees(theta / n)


@dataclass(frozen=True)
class HexLayout:
    """A rectangle of ``cols`` x ``rows`` hexes of ``hex_km`` width on the plane.

    ``x0, y0`` is the centre of hex 0101 (the north-west corner of the map).
    """

    hex_km: float
    cols: int
    rows: int
    x0: float
    y0: float

    @classmethod
    def centred(cls, hex_km: float, cols: int, rows: int, centre: tuple[float, float]) -> HexLayout:
        """A layout whose middle lies on the projected point ``centre``."""
        width = (cols - 0.5) * hex_km
        height = (rows - 1) * hex_km * math.sqrt(3) / 2
        return cls(hex_km, cols, rows, centre[0] - width / 2 + hex_km / 4, centre[1] + height / 2)

    @property
    def row_km(self) -> float:
        """Distance between two rows."""
        return self.hex_km * math.sqrt(3) / 2

    @property
    def radius_km(self) -> float:
        """Centre to corner."""
        return self.hex_km / math.sqrt(3)

    def cells(self) -> Iterator[Cell]:
        """Every hex of the map, row by row."""
        for r in range(1, self.rows + 1):
            for c in range(1, self.cols + 1):
                yield c, r

    def on_map(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.cols and 1 <= cell[1] <= self.rows

    def centre(self, cell: Cell) -> tuple[float, float]:
        """Projected centre of a hex."""
        c, r = cell
        shift = 0.5 if r % 2 == 0 else 0.0
        return self.x0 + (c - 1 + shift) * self.hex_km, self.y0 - (r - 1) * self.row_km

    def polygon(self, cell: Cell) -> list[tuple[float, float]]:
        """The six corners of a hex on the plane."""
        return [self.corner_point(k) for k in self.corners(cell)]

    def corners(self, cell: Cell) -> tuple[Corner, ...]:
        """Integer keys of the six corners, clockwise from the top."""
        c, r = cell
        cx, cy = 2 * (c - 1) + (1 if r % 2 == 0 else 0), 3 * (r - 1)
        return tuple((cx + dx, cy + dy) for dx, dy in _CORNER_OFFSETS)

    def corner_point(self, corner: Corner) -> tuple[float, float]:
        """Projected position of a corner key."""
        return self.x0 + corner[0] * self.hex_km / 2, self.y0 - corner[1] * self.radius_km / 2

    def locate(self, x: float, y: float) -> Cell:
        """The hex (possibly off the map) whose centre is nearest to a point."""
        r0 = round((self.y0 - y) / self.row_km) + 1
        best: tuple[float, Cell] | None = None
        for r in (r0 - 1, r0, r0 + 1):
            shift = 0.5 if r % 2 == 0 else 0.0
            c0 = round((x - self.x0) / self.hex_km - shift) + 1
            for c in (c0 - 1, c0, c0 + 1):
                cx, cy = self.centre((c, r))
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, (c, r))
        assert best is not None
        return best[1]

    def samples(self, cell: Cell) -> list[tuple[float, float]]:
        """Seven points spread over a hex: its centre and six halfway to the corners."""
        cx, cy = self.centre(cell)
        pts = [(cx, cy)]
        for px, py in self.polygon(cell):
            pts.append((cx + (px - cx) * 0.55, cy + (py - cy) * 0.55))
        return pts


def neighbours(cell: Cell) -> list[Cell]:
    """The six neighbours of a hex (some may be off the map)."""
    c, r = cell
    if r % 2:
        return [(c - 1, r), (c + 1, r), (c - 1, r - 1), (c, r - 1), (c - 1, r + 1), (c, r + 1)]
    return [(c - 1, r), (c + 1, r), (c, r - 1), (c + 1, r - 1), (c, r + 1), (c + 1, r + 1)]


def label(cell: Cell) -> str:
    """The printed label ``CCRR`` of a hex."""
    return f"{cell[0]:02d}{cell[1]:02d}"


def parse_label(text: str) -> Cell:
    """Read a label ``CCRR``."""
    return int(text[:2]), int(text[2:])
