"""Rules A-J for one tile, and completion of a line (readings IU-1..IU-12, docs/interurban-rules.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from adjudicator.interurban.state import Line, Placed
from adjudicator.interurban.tiles import (
    EDGES,
    OPPOSITE,
    START_CELLS,
    STATION_KINDS,
    TRACKS,
    Cell,
    Edge,
    Kind,
    Orientation,
    Tile,
    step,
)


@dataclass(frozen=True)
class Problem:
    """Why a move is refused: a code (rule letter or word) and its data."""

    code: str
    data: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Fit:
    """A tile that may be laid: the (track, line) it extends and its unused tracks."""

    extends: tuple[tuple[tuple[Edge, Edge], str], ...]
    spurs: tuple[tuple[Edge, Edge], ...]


def neighbours(cell: Cell) -> Iterable[tuple[Edge, Cell]]:
    return ((e, step(cell, e)) for e in EDGES)


def around(cell: Cell) -> Iterable[Cell]:
    """The eight cells around ``cell`` (reading IU-6: rule C's 'neben' includes the corners)."""
    return ((cell[0] + dx, cell[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def station_problem(tile: Tile | tuple[str, int], line: Line) -> str | None:
    """Rules D, G, H, I, J for a station (or (colour, value)) on ``line``; None when allowed."""
    colour, value = (tile.colour, tile.value) if isinstance(tile, Tile) else tile
    if line.stations and line.stations[-1][0] == colour:
        return "D"
    if value in (1, 2, 3) and any(v == value for _, v in line.stations):
        return {1: "G", 2: "H", 3: "I"}[value]
    if value == 4 and (colour, 4) in line.stations:
        return "J"
    return None


def fit(cells: dict[Cell, Placed], lines: dict[str, Line], tile: Tile, cell: Cell,
        orientation: Orientation) -> Fit | Problem:
    """Whether ``tile`` may lie at ``cell`` (rules A and C-J; B is the move's business)."""
    if cell in cells or cell in START_CELLS:
        return Problem("cell-taken", (("cell", cell),))
    mine = {e for track in TRACKS[orientation] for e in track}
    for e, n in neighbours(cell):
        if n in cells and (OPPOSITE[e] in cells[n].edges) != (e in mine):
            return Problem("F", (("cell", cell), ("edge", e)))
    extends: list[tuple[tuple[Edge, Edge], str]] = []
    spurs: list[tuple[Edge, Edge]] = []
    for track in TRACKS[orientation]:
        touching = [e for e in track if step(cell, e) in cells]
        if len(touching) == 2:
            return Problem("E", (("cell", cell),))
        if not touching:
            spurs.append(track)
            continue
        label = cells[step(cell, touching[0])].line_at(OPPOSITE[touching[0]]) or ""
        if not label:
            return Problem("E", (("cell", cell),))
        if lines[label].finished:
            return Problem("line-finished", (("line", label),))
        extends.append(((touching[0], track[1] if track[0] == touching[0] else track[0]), label))
    if not extends:
        return Problem("not-at-line-end", (("cell", cell),))
    if tile.station:
        if any(n in START_CELLS for _, n in neighbours(cell)):
            return Problem("A", (("cell", cell),))
        if any(n in cells and cells[n].station for n in around(cell)):
            return Problem("C", (("cell", cell),))
        for _, label in extends:
            rule = station_problem(tile, lines[label])
            if rule:
                return Problem(rule, (("line", label),))
    return Fit(tuple(extends), tuple(spurs))


def complete(line: Line) -> bool:
    """Completion by values: at least one station of each value 1, 2, 3 and 4."""
    return {1, 2, 3, 4} <= {v for _, v in line.stations}


def blocked(cells: dict[Cell, Placed], lines: dict[str, Line], line: Line,
            stations_left: Iterable[Tile], track_kinds: set[Kind]) -> bool:
    """Completion by blocking (reading IU-9): no station could ever be attached to ``line``.

    Search every empty cell the line could reach by laying track tiles of the kinds
    still in the game (the board as it is; the search's own track is not counted as
    blocking).  The line is not blocked if a station still in the game that rules D and
    G-J allow on it fits in a reached cell by rules A, C, E and F, or if the search leaves
    the layout's box widened by one cell (open country, where any station fits).
    """
    kinds: set[Kind] = set()
    for t in stations_left:  # the kinds of station rules D and G-J allow on the line (there are two kinds)
        if t.kind not in kinds and station_problem(t, line) is None:
            kinds.add(t.kind)
            if kinds.issuperset(STATION_KINDS):
                break
    if not kinds:
        return True
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    box = (min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1)
    start = (step(line.end, line.exit), OPPOSITE[line.exit])
    seen = {start}
    todo = [start]
    while todo:
        cell, entry = todo.pop()
        if not (box[0] <= cell[0] <= box[1] and box[2] <= cell[1] <= box[3]):
            return False
        if cell in cells or cell in START_CELLS:
            continue

        def track_at(e: Edge, c: Cell = cell) -> bool:
            n = step(c, e)
            return n in cells and OPPOSITE[e] in cells[n].edges

        side = [e for e in EDGES if e not in (entry, OPPOSITE[entry])]
        exit_free = step(cell, OPPOSITE[entry]) not in cells
        quiet = not any(n in START_CELLS for _, n in neighbours(cell)) and not any(
            n in cells and cells[n].station for n in around(cell))
        if quiet and exit_free:
            if "simple" in kinds and not any(track_at(e) for e in side):
                return False
            if "crossing" in kinds:
                ends = [e for e in side if track_at(e)]
                others = [e for e in side if step(cell, e) in cells and not track_at(e)]
                if not others and (not ends or (len(ends) == 1 and _open_end(cells, lines, cell, ends[0]))):
                    return False
        exits: list[Edge] = []
        if "straight" in track_kinds:
            exits.append(OPPOSITE[entry])
        if "curve" in track_kinds:
            exits += side
        for out in exits:
            if any(track_at(e) for e in EDGES if e not in (entry, out)) or step(cell, out) in cells:
                continue
            nxt = (step(cell, out), OPPOSITE[out])
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return True


def _open_end(cells: dict[Cell, Placed], lines: dict[str, Line], cell: Cell, edge: Edge) -> bool:
    label = cells[step(cell, edge)].line_at(OPPOSITE[edge]) or ""
    return bool(label) and not lines[label].finished
