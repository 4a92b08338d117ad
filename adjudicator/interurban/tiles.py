"""Tiles, edges and the stock of seed 001 (readings in docs/interurban-rules.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Edge = Literal["N", "E", "S", "W"]
Cell = tuple[int, int]
Kind = Literal["straight", "curve", "simple", "crossing"]
Orientation = Literal["NS", "EW", "NE", "ES", "SW", "NW", "+"]

EDGES: tuple[Edge, ...] = ("N", "E", "S", "W")
DELTA: dict[Edge, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE: dict[Edge, Edge] = {"N": "S", "S": "N", "E": "W", "W": "E"}
TRACKS: dict[Orientation, tuple[tuple[Edge, Edge], ...]] = {
    "NS": (("N", "S"),), "EW": (("E", "W"),),
    "NE": (("N", "E"),), "ES": (("E", "S"),), "SW": (("S", "W"),), "NW": (("N", "W"),),
    "+": (("N", "S"), ("E", "W")),
}
ORIENTATIONS: dict[Kind, tuple[Orientation, ...]] = {
    "straight": ("NS", "EW"), "simple": ("NS", "EW"),
    "curve": ("NE", "ES", "SW", "NW"), "crossing": ("+",),
}
STATION_KINDS: tuple[Kind, ...] = ("simple", "crossing")


def step(cell: Cell, edge: Edge) -> Cell:
    """The cell across ``edge``."""
    dx, dy = DELTA[edge]
    return (cell[0] + dx, cell[1] + dy)


@dataclass(frozen=True, order=True)
class Tile:
    """One track or station tile; ``colour`` is empty for track tiles."""

    id: str
    kind: Kind
    value: int
    colour: str = ""

    @property
    def station(self) -> bool:
        return self.kind in STATION_KINDS


@dataclass(frozen=True)
class StartTile:
    """A start tile: three line starts, each a label (a number, or S/C/H/L)."""

    id: str
    labels: tuple[str, str, str]


START_TILES: tuple[StartTile, ...] = (
    StartTile("I", ("6", "H", "5")),
    StartTile("II", ("7", "C", "4")),
    StartTile("III", ("S", "3", "8")),
    StartTile("IV", ("L", "2", "9")),
)
"""Reading IU-3: the example shows 6, H, 5 and 7, C, 4; the other two are invented."""

START_CELLS: tuple[Cell, Cell] = ((0, 0), (1, 0))
START_EXITS: tuple[tuple[Edge, Edge, Edge], tuple[Edge, Edge, Edge]] = (("N", "W", "S"), ("N", "E", "S"))
"""Reading IU-2: side by side; the left tile's lines leave north, west, south, the right's north, east, south."""

STATION_SET: tuple[tuple[Kind, int], ...] = (
    ("simple", 1), ("crossing", 1), ("crossing", 1), ("simple", 2), ("crossing", 2),
    ("simple", 3), ("crossing", 3), ("simple", 4), ("simple", 4), ("crossing", 4),
)


def station_tiles(colour: str) -> tuple[Tile, ...]:
    """The ten station tiles of one colour."""
    return tuple(Tile(f"{colour}-{i:02d}", kind, value, colour) for i, (kind, value) in enumerate(STATION_SET, 1))


def track_tiles() -> tuple[Tile, ...]:
    """20 straights (3 of value 2, 11 of 1, 6 of 0) and 22 curves (11 of 1, 11 of 0)."""
    straight: Kind = "straight"
    curve: Kind = "curve"
    spec = [(straight, 2)] * 3 + [(straight, 1)] * 11 + [(straight, 0)] * 6 + [(curve, 1)] * 11 + [(curve, 0)] * 11
    return tuple(Tile(f"T{i:02d}", kind, value) for i, (kind, value) in enumerate(spec, 1))
