"""An SVG drawing of the tile layout (pure: a text in, a text out; the report layer writes it to a file).

Every tile is a square ``<g class="tile ..." data-tile="ID">`` at its cell: brown track from the
centre to each edge with track (a curve turns through the centre as the ASCII drawing has it); a
track tile's value printed in a corner; a station is a disc in its colour with its value (a crossing's
disc is square-cornered, its two tracks cross under it); a start tile is blue with its lines' labels
beside their arms, never on the track.  A line's end is marked with a locomotive dot in the cell it points
into, unless the line is finished; the line's label stands above it (bold and large: S and 5 are told apart
in a mail's picture).  Cells carry their coordinates as a title (hover) and the axes are labelled.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from adjudicator.interurban.state import Placed, State
from adjudicator.interurban.tiles import Edge, step

CELL = 48
"""Pixels a cell."""
MARGIN = 24
COLOURS = {"red": "#d62728", "blue": "#1f77b4", "purple": "#9467bd", "green": "#2ca02c", "yellow": "#e6c619"}
"""The seed's five colours; another colour name is used as written (SVG knows the CSS names)."""
TRACK = "#7b4a1e"
START = "#3b6fb6"
LABEL_FONT = 14
"""A line's label (on its start tile and at its open end), bold: at a mail's 1.5 pixels a unit 21 pixels high, so
that S and 5, or B and 8, are not taken for each other (issue 35; it was 9 and 12 units, regular)."""
ARM: dict[Edge, tuple[float, float]] = {"N": (0.5, 0.0), "S": (0.5, 1.0), "W": (0.0, 0.5), "E": (1.0, 0.5)}
LABEL_AT: dict[Edge, tuple[float, float]] = {"N": (0.73, 0.31), "E": (0.83, 0.85), "S": (0.27, 0.96),
                                             "W": (0.17, 0.31)}
"""Where a start tile writes a line's label (its baseline's middle, in cells): beside the line's arm, turned a
quarter clockwise from it, so that no label lies on track (issue 35)."""


def _fill(colour: str) -> str:
    return COLOURS.get(colour, colour if colour.isalpha() else "grey")


def _tile(p: Placed, x0: float, y0: float) -> list[str]:
    cls = f"tile {p.kind}"
    out = [f'<g class={quoteattr(cls)} data-tile={quoteattr(p.tile)} data-cell="{p.cell[0]},{p.cell[1]}">',
           f"<title>{escape(p.tile)} ({p.cell[0]},{p.cell[1]})</title>",
           (f'<rect x="{x0}" y="{y0}" width="{CELL}" height="{CELL}" fill="{START if p.kind == "start" else "#f4ecd8"}"'
           ' stroke="#999" stroke-width="1"/>')]
    cx, cy = x0 + CELL / 2, y0 + CELL / 2
    for edge, label in p.lines_at:
        ex, ey = ARM[edge]
        out.append(f'<line x1="{cx}" y1="{cy}" x2="{x0 + ex * CELL}" y2="{y0 + ey * CELL}" stroke="{TRACK}"'
                   ' stroke-width="6" stroke-linecap="butt"/>')
        if p.kind == "start":
            lx, ly = x0 + LABEL_AT[edge][0] * CELL, y0 + LABEL_AT[edge][1] * CELL
            out.append(f'<text class="line-label" x="{lx:g}" y="{ly:g}" font-size="{LABEL_FONT}"'
                       ' font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="white">'
                       f"{escape(label)}</text>")
    if p.station:
        r = CELL * 0.26
        shape = (f'<rect x="{cx - r}" y="{cy - r}" width="{2 * r}" height="{2 * r}" rx="4"' if p.kind == "crossing"
                 else f'<circle cx="{cx}" cy="{cy}" r="{r}"')
        out.append(f'{shape} fill="{_fill(p.colour)}" stroke="black" stroke-width="1"/>')
        out.append(f'<text x="{cx}" y="{cy + 5}" font-size="14" font-family="sans-serif" font-weight="bold"'
                   f' text-anchor="middle" fill="white">{p.value}</text>')
    elif p.kind in ("straight", "curve") and p.value:
        out.append(f'<text x="{x0 + 4}" y="{y0 + 12}" font-size="10" font-family="sans-serif"'
                   f' fill="{TRACK}">{p.value}</text>')
    out.append("</g>")
    return out


def svg(state: State) -> str:
    """The layout as a standalone SVG document (UTF-8 text)."""
    cells = state.cells()
    ends = [(line.label, step(line.end, line.exit)) for line in state.lines if not line.finished]
    xs = [c[0] for c in cells] + [c[0] for _, c in ends]
    ys = [c[1] for c in cells] + [c[1] for _, c in ends]
    left, top = min(xs), min(ys)
    width = (max(xs) - left + 1) * CELL + 2 * MARGIN
    height = (max(ys) - top + 1) * CELL + 2 * MARGIN

    def origin(cell: tuple[int, int]) -> tuple[float, float]:
        return MARGIN + (cell[0] - left) * CELL, MARGIN + (cell[1] - top) * CELL

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
           f' viewBox="0 0 {width} {height}">'),
           f"<title>InterUrban {escape(state.game)}</title>",
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for x in range(left, max(xs) + 1):
        out.append(f'<text class="axis" x="{origin((x, top))[0] + CELL / 2}" y="{MARGIN - 8}" font-size="10"'
                   f' font-family="sans-serif" text-anchor="middle" fill="#666">{x}</text>')
    for y in range(top, max(ys) + 1):
        out.append(f'<text class="axis" x="{MARGIN - 4}" y="{origin((left, y))[1] + CELL / 2 + 4}" font-size="10"'
                   f' font-family="sans-serif" text-anchor="end" fill="#666">{y}</text>')
    for p in state.board:
        out += _tile(p, *origin(p.cell))
    for label, cell in ends:
        x0, y0 = origin(cell)
        out.append(f'<g class="end" data-line={quoteattr(label)}><circle cx="{x0 + CELL / 2}" cy="{y0 + CELL / 2}"'
                   f' r="6" fill="none" stroke="{TRACK}" stroke-width="2" stroke-dasharray="3,2"/>'
                   f'<text class="line-label" x="{x0 + CELL / 2}" y="{y0 + CELL / 2 - 10}" font-size="{LABEL_FONT}"'
                   f' font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="{TRACK}">'
                   f"{escape(label)}</text></g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
