"""The frozen value of an InterUrban game: board, lines, face-up and hidden tiles."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from adjudicator.interurban.tiles import Cell, Edge, Kind, Orientation, Tile

EndReason = Literal["all-lines", "track-exhausted", "stations-exhausted", "stuck"]


@dataclass(frozen=True)
class Placed:
    """A tile on the board: its kind, value, colour and which line each track edge belongs to."""

    cell: Cell
    tile: str
    kind: Kind | Literal["start"]
    value: int
    colour: str
    orientation: Orientation | Literal["start"]
    lines_at: tuple[tuple[Edge, str], ...]
    """Every track edge and the line its track belongs to ("" for a crossing's unused track)."""

    @property
    def edges(self) -> frozenset[Edge]:
        return frozenset(e for e, _ in self.lines_at)

    def line_at(self, edge: Edge) -> str | None:
        for e, line in self.lines_at:
            if e == edge:
                return line
        return None

    @property
    def station(self) -> bool:
        return self.kind in ("simple", "crossing")


@dataclass(frozen=True)
class Line:
    """One of the six lines: where its end is, what lies on it, whether it is finished."""

    label: str
    end: Cell
    exit: Edge
    straights: int = 0
    curves: int = 0
    track_value: int = 0
    stations: tuple[tuple[str, int], ...] = ()
    """(colour, value) of every station on the line, in the order laid."""
    finished: bool = False


@dataclass(frozen=True)
class Placement:
    """Lay face-up tile ``tile`` into ``cell`` turned as ``orientation``."""

    tile: str
    cell: Cell
    orientation: Orientation


@dataclass(frozen=True)
class State:
    game: str
    players: tuple[str, ...]
    """The colours in seat order; the first is the start player."""
    starts: tuple[str, str]
    board: tuple[Placed, ...]
    lines: tuple[Line, ...]
    track_face_up: tuple[Tile, ...]
    track_hidden: tuple[Tile, ...]
    stations_face_up: tuple[Tile, ...]
    stations_hidden: tuple[Tile, ...]
    moves: int = 0
    end: EndReason | None = None

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def on_move(self) -> str:
        return self.players[self.moves % len(self.players)]

    @property
    def first_round(self) -> bool:
        return self.moves < len(self.players)

    def cells(self) -> dict[Cell, Placed]:
        return {p.cell: p for p in self.board}

    def line(self, label: str) -> Line:
        return next(line for line in self.lines if line.label == label)

    def with_line(self, new: Line) -> State:
        return replace(self, lines=tuple(new if line.label == new.label else line for line in self.lines))
