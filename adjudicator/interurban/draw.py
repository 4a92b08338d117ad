"""An ASCII drawing of the tile layout (pure; the report layer will frame it later).

Each cell is 3 x 3 characters: track as ``|`` and ``-`` from the centre to its edges, a curve's
corner ``+``; the centre of a station holds its value, a crossing's its value too (both tracks
pass through it); a start tile shows ``#`` with each line's label on the edge it leaves by.  A
layout wider than ``width`` columns is cut into windows of whole cells, each headed by its x range.
"""

from __future__ import annotations

from adjudicator.interurban.state import Placed, State

ARM = {"N": (0, 1, "|"), "S": (2, 1, "|"), "W": (1, 0, "-"), "E": (1, 2, "-")}


def cell_art(p: Placed) -> list[str]:
    grid = [[" "] * 3 for _ in range(3)]
    for edge, label in p.lines_at:
        r, c, ch = ARM[edge]
        grid[r][c] = label[:1] if p.kind == "start" else ch
    if p.kind == "start":
        centre = "#"
    elif p.station:
        centre = str(p.value)
    elif p.kind == "straight":
        centre = "|" if "N" in p.edges else "-"
    else:
        centre = "+"
    grid[1][1] = centre
    return ["".join(row) for row in grid]


def draw(state: State, width: int = 80) -> list[str]:
    """The layout as lines of at most ``width`` (12 or more) characters, windows one under the other."""
    cells = state.cells()
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    per = max(1, (width - 1) // 3)
    out: list[str] = []
    for left in range(min(xs), max(xs) + 1, per):
        right = min(left + per - 1, max(xs))
        out.append(f"x={left}..{right}")
        for y in range(min(ys), max(ys) + 1):
            rows = ["", "", ""]
            for x in range(left, right + 1):
                art = cell_art(cells[(x, y)]) if (x, y) in cells else ["   ", " . ", "   "]
                for i in range(3):
                    rows[i] += art[i]
            out += [row.rstrip() for row in rows]
    return out
