"""A wide picture of a drawn map for hand-checking (not the game's ASCII map).

Every hex is four characters: its terrain and, outside the home country, the
country letter in lower case; a town hex shows the first three letters of
the town (a start town in capitals).  Even rows are indented by two.
"""

from __future__ import annotations

from .build import WATER, Drawn
from .geometry import label, neighbours


def preview(drawn: Drawn) -> str:
    """The picture and a list of remarks."""
    lay, spec = drawn.layout, drawn.spec
    towns = {cell: t for t, cell in drawn.towns}
    lines = ["    " + "".join(f"{c:<4d}" for c in range(1, lay.cols + 1))]
    for r in range(1, lay.rows + 1):
        row = f"{r:02d}  " + ("  " if r % 2 == 0 else "")
        for c in range(1, lay.cols + 1):
            cell = (c, r)
            if cell in towns:
                name = towns[cell].name.replace(" ", "")[:3]
                row += (name.upper() if towns[cell].start else name).ljust(4)
                continue
            ch = drawn.terrain[cell]
            country = drawn.countries.get(cell, "?")
            row += ch + (country.lower() if country != spec.home and ch != WATER else " ") + "  "
        lines.append(row.rstrip())
    lines += remarks(drawn)
    return "\n".join(lines)


def remarks(drawn: Drawn) -> list[str]:
    """Ports away from the sea, starts without six land neighbours, river counts."""
    out = []
    for t, cell in drawn.towns:
        wet = sum(1 for n in neighbours(cell) if drawn.terrain.get(n) == WATER)
        if t.port and not wet:
            out.append(f"port {t.name} ({label(cell)}) has no water neighbour")
        if t.start and not t.port and wet:
            out.append(f"start {t.name} ({label(cell)}) has {6 - wet} land neighbours")
    for name, sides in drawn.rivers:
        out.append(f"river {name}: {len(sides)} sides")
    out += [f"problem: {p}" for p in drawn.problems]
    return out


def sea_steps(drawn: Drawn, a: str, b: str) -> int | None:
    """Hex steps from town a to town b over water hexes only (a ferry's length)."""
    cells = {t.name: cell for t, cell in drawn.towns}
    start, goal = cells[a], cells[b]
    seen = {start: 0}
    queue = [start]
    while queue:
        cell = queue.pop(0)
        for n in neighbours(cell):
            if n == goal:
                return seen[cell] + 1
            if n not in seen and drawn.terrain.get(n) == WATER:
                seen[n] = seen[cell] + 1
                queue.append(n)
    return None
