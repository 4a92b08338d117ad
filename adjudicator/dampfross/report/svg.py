"""The map as an SVG picture: the same facts as the ASCII map, drawn for a browser or a mail client.

``render_svg`` takes a ``GameMap``, the track as ``TrackMark``s (the ASCII
map's marks: one company letter per side, ``new`` for this turn's track) and
optional extras, and returns the text of one standalone ``<svg>`` element.
It is pure: no files, no fonts measured, no library beyond the standard
library.  The page is written as plain strings on purpose: the picture is a
few thousand simple shapes whose every attribute we choose, an SVG library
would add a dependency without saving code, and escaping is one function.

Geometry
--------
Hexes are pointy-top with circumradius ``size`` (``r`` below); a hex is
``sqrt(3) * r`` wide and rows are ``1.5 * r`` apart; even rows are shifted
half a hex to the right, as on the printed board and in ``board/hexgrid``.
The side between two adjacent hexes is the segment through the midpoint of
their centres, perpendicular to the line joining them, ``r`` long.

Layers, bottom to top (each a ``<g>`` with an ``id``)
-----------------------------------------------------
``terrain`` hexes filled by terrain; ``rivers`` and ``borders`` on hex sides;
``new-track-glow`` a magenta glow under this turn's track; ``track`` every
company's track from centre to centre, one stroke per owner (several owners
of one segment get parallel strokes offset across it); ``ferries`` (a dotted
arc between two ports, in the owner's colour once bought); ``routes`` race
routes as dashed lines; ``towns``; ``labels`` (every hex's ``CCRR`` label,
small, readable when zoomed); the title and the legend.

The words (the title, the key, the tooltips) are in the active language
(``report.i18n.language``): the site draws a German game's maps in German.

Every track stroke carries ``class="track co-X"`` (X the company letter) and
``data-owner``, so tests and pages can find each company's track.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from xml.sax.saxutils import escape, quoteattr

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import GameMap, Terrain, Town
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.racing.race import EntryOutcome
from adjudicator.dampfross.racing.turn import RacingResult
from adjudicator.dampfross.report.ascii import FerryMark, TrackMark
from adjudicator.dampfross.report.common import ferry_marks, player_legend, track_marks
from adjudicator.dampfross.report.i18n import N_, _, active
from adjudicator.dampfross.report.svgplace import (
    Box,
    Spot,
    clear_of,
    line_spots,
    place_all,
    segment_boxes,
    text_box,
    text_width,
    town_spots,
)

COMPANY_COLOURS = {
    "R": "#d62728", "B": "#1533a8", "G": "#22933a", "Y": "#e3b505",
    "K": "#222222", "O": "#f07c12", "V": "#8e3fb0", "W": "#f4f4f4",
}
"""CSS colour of each company letter (``game.state.COLOURS``); other letters get ``EXTRA_COLOURS``."""
EXTRA_COLOURS = ("#8c564b", "#17becf", "#e377c2", "#7f7f7f", "#bcbd22", "#393b79")
TERRAIN_WORDS = {Terrain.PLAIN: N_("plain"), Terrain.MOUNTAIN: N_("mountain"), Terrain.WATER: N_("water")}
TERRAIN_FILL = {Terrain.PLAIN: "#eef1d8", Terrain.MOUNTAIN: "#cdb894", Terrain.WATER: "#a9cfe9"}
RIVER = "#6cb4ee"
BORDER = "#b0306b"
GLOW = "#ff2bd6"
"""This turn's track glows magenta: far from every company's colour (a company may be yellow) and the terrain."""
FERRY = "#2b4a6f"
SQRT3 = math.sqrt(3)
TOWN_FONT, FERRY_FONT, HEX_FONT = 0.5, 0.42, 0.38
"""Font sizes as parts of the hex radius (20 units: town names 10, ferry labels 8.4, hex labels 7.6)."""


def company_colour(letter: str) -> str:
    """The CSS colour of a company letter."""
    letter = letter.upper()
    if letter in COMPANY_COLOURS:
        return COMPANY_COLOURS[letter]
    return EXTRA_COLOURS[(ord(letter[:1] or "A") - ord("A")) % len(EXTRA_COLOURS)]


@dataclass(frozen=True)
class RouteMark:
    """A train's route in a race: hexes in order, the letter of the company whose train it is, a label."""

    hexes: tuple[Hex, ...]
    owner: str
    label: str


@dataclass(frozen=True)
class FerryLine:
    """A ferry between two ports' hexes, with an optional label and owner letter (``ferry_lines``: from the
    ferry marks of the ASCII map)."""

    a: Hex
    b: Hex
    label: str = ""
    owner: str | None = None


@dataclass(frozen=True)
class _Geometry:
    """Where hexes, corners and sides are on the page."""

    size: float
    left: float
    top: float

    @property
    def width(self) -> float:
        """The width of one hex (flat side to flat side)."""
        return SQRT3 * self.size

    def centre(self, h: Hex) -> tuple[float, float]:
        shift = self.width / 2 if h.row % 2 == 0 else 0.0
        return (self.left + (h.col - 1) * self.width + shift + self.width / 2,
                self.top + (h.row - 1) * 1.5 * self.size + self.size)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        x, y = self.centre(h)
        return [(x + self.size * math.cos(math.radians(a)), y + self.size * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210)]

    def side(self, s: Side) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two ends of the side between two adjacent hexes."""
        (ax, ay), (bx, by) = self.centre(s.a), self.centre(s.b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        px, py = -dy / n * self.size / 2, dx / n * self.size / 2
        return (mx + px, my + py), (mx - px, my - py)

    def offset(self, a: Hex, b: Hex, by: float) -> tuple[float, float, float, float]:
        """The line from centre ``a`` to centre ``b`` moved ``by`` to its left (for parallel strokes)."""
        (ax, ay), (bx, by_) = self.centre(a), self.centre(b)
        dx, dy = bx - ax, by_ - ay
        n = math.hypot(dx, dy)
        ox, oy = -dy / n * by, dx / n * by
        return ax + ox, ay + oy, bx + ox, by_ + oy


def _n(v: float) -> str:
    """A coordinate, one decimal, no ``-0.0``."""
    text = f"{v:.1f}"
    return "0.0" if text == "-0.0" else text


def _points(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)


def render_svg(
    gmap: GameMap,
    track: Iterable[TrackMark] = (),
    *,
    players: Mapping[str, str] | None = None,
    routes: Sequence[RouteMark] = (),
    ferries: Sequence[FerryLine] = (),
    title: str = "",
    size: float = 20.0,
) -> str:
    """The map as the text of a standalone SVG document (UTF-8, ends with a newline).

    ``track`` as for the ASCII map (``report.common.track_marks``; ``new``
    marks are emphasised); ``players`` maps a company letter to the name
    shown in the legend; ``routes`` are race routes drawn dashed;
    ``ferries`` ferry lines between towns; ``title`` the line above the map;
    ``size`` the hex radius in pixels (the picture scales freely: it has a
    ``viewBox``).
    """
    marks = list(track)
    for t in marks:
        for h in (t.a, t.b):
            if not gmap.on_map(h):
                raise ValueError(f"track {t.a.label}-{t.b.label}: {h.label} is not on the map")
    top = size * (2.2 if title else 0.8)
    geo = _Geometry(size, size * 0.8, top)
    map_w = (gmap.width + 0.5) * geo.width + 2 * geo.left
    map_h = top + (gmap.height - 1) * 1.5 * size + 2 * size + size * 0.6
    legend, legend_h = _legend(gmap, marks, players or {}, routes, ferries, size, map_h, map_w)
    width, height = map_w, map_h + legend_h
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(width)}" height="{_n(height)}" '
         f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">'),
        f"<title>{escape(title or gmap.name)}</title>",
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="#ffffff"/>',
    ]
    if title:
        parts.append(f'<text x="{_n(geo.left)}" y="{_n(size * 1.3)}" font-size="{_n(size * 0.8)}" '
                     f'font-weight="bold" fill="#222">{escape(title)}</text>')
    frame = Box(0, top, map_w, map_h)
    land, labels, towns, words = _fixed(gmap, ferries, geo, frame)
    clear = _clear_of_drawn(gmap, ferries, geo, frame, words, marks, routes)
    if clear is not words:  # a caption moved off the track: the towns' layer drawn again
        towns, words = _towns(gmap.towns, geo, clear), clear
    parts += land
    parts += _track(marks, geo)
    parts += _ferries(ferries, geo)
    parts += _routes(routes, geo)
    parts += labels
    parts += _ferry_labels(ferries, geo, words)
    parts += towns
    parts += legend
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


_FIXED: dict[tuple[object, ...], tuple[GameMap, tuple[list[str], list[str], list[str], dict[object, Spot]]]] = {}
_SPOTS: dict[tuple[object, ...], tuple[GameMap, tuple[dict[object, list[Spot]], list[Box], list[Box]]]] = {}
"""Each map's candidate places of its words, its towns' rings and hex labels' boxes (``_clear_of_drawn``)."""
"""The layers that are the same on every picture of a map (``_fixed``), by map, size, ferry labels and language."""


def _fixed(gmap: GameMap, ferries: Sequence[FerryLine], geo: _Geometry, frame: Box
           ) -> tuple[list[str], list[str], list[str], dict[object, Spot]]:
    """What every picture of a map shares: the land (terrain, rivers, borders), the hex labels, the towns and
    where the words go.  Made once per map and kept (a site draws the same map once per turn)."""
    key = (id(gmap), geo, frame, tuple((f.a, f.b, f.label) for f in ferries), active())
    kept = _FIXED.get(key)
    if kept is not None and kept[0] is gmap:
        return kept[1]
    words = _place_words(gmap, ferries, geo, frame)
    made = (_terrain(gmap, geo) + _sides(gmap, geo), _labels(gmap, geo), _towns(gmap.towns, geo, words), words)
    if len(_FIXED) >= 8:
        _FIXED.clear()
    _FIXED[key] = (gmap, made)
    return made


def _clear_of_drawn(gmap: GameMap, ferries: Sequence[FerryLine], geo: _Geometry, frame: Box,
                    words: dict[object, Spot], marks: Sequence[TrackMark], routes: Sequence[RouteMark]
                    ) -> dict[object, Spot]:
    """``words`` with every caption that would cover track or a race's route moved where nothing is drawn
    (``svgplace.clear_of``); the same dict when none does."""
    drawn = _drawn_boxes(marks, routes, geo)
    if not drawn:
        return words
    key = (id(gmap), geo, frame, tuple((f.a, f.b, f.label) for f in ferries), active())
    kept = _SPOTS.get(key)
    if kept is None or kept[0] is not gmap:
        if len(_SPOTS) >= 8:
            _SPOTS.clear()
        kept = (gmap, _word_candidates(gmap, ferries, geo))
        _SPOTS[key] = kept
    candidates, rings, hexes = kept[1]
    return clear_of(words, candidates, frame, rings, hexes, drawn)


def _drawn_boxes(marks: Sequence[TrackMark], routes: Sequence[RouteMark], geo: _Geometry) -> list[Box]:
    """Boxes over every stroke of track (all the owners of a side side by side) and of the race routes."""
    w = geo.size
    out = []
    for s, owners in _by_side(marks).items():
        x1, y1, x2, y2 = geo.offset(s.a, s.b, 0.0)
        out += segment_boxes(x1, y1, x2, y2, w * (0.1 + 0.085 * (len(owners) - 1)))
    for k, r in enumerate(routes):
        shift = w * 0.22 * (k // 2 + 1) * (1 if k % 2 == 0 else -1)
        centres = [geo.centre(h) for h in r.hexes]
        for (ax, ay), (bx, by) in pairwise(centres):
            out += segment_boxes(ax, ay + shift, bx, by + shift, w * 0.1)
    return out


def _terrain(gmap: GameMap, geo: _Geometry) -> list[str]:
    """Every hex filled by its terrain (white edges between hexes), a peak drawn in each mountain."""
    out = ['<g id="terrain" stroke="#ffffff" stroke-width="0.6">']
    for h in sorted(gmap.terrain):
        kind = gmap.terrain[h]
        out.append(f'<polygon class="hex {kind.word}" data-hex="{h.label}" points="{_points(geo.corners(h))}" '
                   f'fill="{TERRAIN_FILL[kind]}"/>')
        if kind is Terrain.MOUNTAIN:
            x, y = geo.centre(h)
            r = geo.size
            peak = [(x - 0.42 * r, y + 0.3 * r), (x, y - 0.38 * r), (x + 0.42 * r, y + 0.3 * r)]
            out.append(f'<polyline points="{_points(peak)}" fill="none" stroke="#8a6d45" stroke-width="{_n(r * 0.09)}" '
                       'stroke-linejoin="round"/>')
    out.append("</g>")
    return out


def _sides(gmap: GameMap, geo: _Geometry) -> list[str]:
    """Rivers (blue, along the side) and borders (dashed), a side with both gets both."""
    w = geo.size
    out = [f'<g id="rivers" stroke="{RIVER}" stroke-width="{_n(w * 0.16)}" stroke-linecap="round">']
    for s in sorted(gmap.rivers):
        (x1, y1), (x2, y2) = geo.side(s)
        out.append(f'<line class="river" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"/>')
    out.append("</g>")
    out.append(f'<g id="borders" stroke="{BORDER}" stroke-width="{_n(w * 0.11)}" '
               f'stroke-dasharray="{_n(w * 0.22)} {_n(w * 0.12)}">')
    for s in sorted(gmap.borders):
        (x1, y1), (x2, y2) = geo.side(s)
        out.append(f'<line class="border" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"/>')
    out.append("</g>")
    return out


def _by_side(marks: Iterable[TrackMark]) -> dict[Side, dict[str, bool]]:
    """Owners (upper-case letter -> built this turn) of each side with track, owners sorted."""
    out: dict[Side, dict[str, bool]] = {}
    for t in marks:
        owners = out.setdefault(t.side, {})
        owners[t.owner.upper()] = owners.get(t.owner.upper(), False) or t.new
    return {s: dict(sorted(o.items())) for s, o in sorted(out.items())}


def _track(marks: Iterable[TrackMark], geo: _Geometry) -> list[str]:
    """Each owner's stroke; owners of one side side by side, this turn's track wider on a glow."""
    sides = _by_side(marks)
    w = geo.size
    gap = w * 0.17
    glow = [f'<g id="new-track-glow" stroke="{GLOW}" stroke-opacity="0.85" stroke-linecap="round">']
    lines = ['<g id="track" stroke-linecap="round">']
    for s, owners in sides.items():
        n = len(owners)
        if any(owners.values()):
            x1, y1, x2, y2 = geo.offset(s.a, s.b, 0.0)
            glow.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                        f'stroke-width="{_n(w * 0.42 + gap * (n - 1))}"/>')
        for i, (owner, new) in enumerate(owners.items()):
            x1, y1, x2, y2 = geo.offset(s.a, s.b, (i - (n - 1) / 2) * gap)
            width = w * (0.17 if new else 0.12)
            cls = f"track co-{owner}" + (" new" if new else "") + (" shared" if n > 1 else "")
            ends = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
            if new or owner == "W":  # a dark edge: new track stands out on its glow, white track on the land
                lines.append(f'<line {ends} stroke="#333" stroke-width="{_n(width + w * 0.08)}"/>')
            lines.append(f'<line class="{cls}" data-owner="{owner}" data-side="{s}" {ends} '
                         f'stroke="{company_colour(owner)}" stroke-width="{_n(width)}"/>')
    glow.append("</g>")
    lines.append("</g>")
    return glow + lines


def _ferry_curve(f: FerryLine, geo: _Geometry) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The ends and the control point of a ferry's arc (bowed to one side, so it never hides the coast's track)."""
    (ax, ay), (bx, by) = geo.centre(f.a), geo.centre(f.b)
    dx, dy = bx - ax, by - ay
    return (ax, ay), ((ax + bx) / 2 - dy * 0.2, (ay + by) / 2 + dx * 0.2), (bx, by)


def _ferries(ferries: Sequence[FerryLine], geo: _Geometry) -> list[str]:
    """Dotted arcs between two ports (their labels: ``_ferry_labels``)."""
    out = [(f'<g id="ferries" fill="none" stroke-width="{_n(geo.size * 0.1)}" '
           f'stroke-dasharray="{_n(geo.size * 0.1)} {_n(geo.size * 0.18)}" stroke-linecap="round">')]
    for f in ferries:
        (ax, ay), (cx, cy), (bx, by) = _ferry_curve(f, geo)
        colour = company_colour(f.owner) if f.owner else FERRY
        label = f.label or f"ferry {f.a.label}-{f.b.label}"
        out.append(f'<path class="ferry" d="M{_n(ax)},{_n(ay)} Q{_n(cx)},{_n(cy)} {_n(bx)},{_n(by)}" '
                   f'stroke="{colour}"><title>{escape(label)}</title></path>')
    out.append("</g>")
    return out


def _ferry_labels(ferries: Sequence[FerryLine], geo: _Geometry, words: Mapping[object, Spot]) -> list[str]:
    """Each ferry's label where ``_place_words`` put it, above the hex labels."""
    out = ['<g id="ferry-labels">']
    for f in ferries:
        if f.label:
            spot = words[f]
            colour = company_colour(f.owner) if f.owner else FERRY
            out.append(_halo_text(spot.x, spot.y, f.label, geo.size * FERRY_FONT, spot.anchor, colour,
                                  'class="ferry-label"'))
    out.append("</g>")
    return out


def _routes(routes: Sequence[RouteMark], geo: _Geometry) -> list[str]:
    """Race routes: dashed lines on a white casing through the hex centres, a ring at the start.

    Each route is moved a little off the centres (alternately up and down)
    so that it does not hide the track, nor two routes along the same track
    each other.
    """
    w = geo.size
    out = ['<g id="routes" fill="none" stroke-linejoin="round" stroke-linecap="round">']
    for k, r in enumerate(routes):
        if len(r.hexes) < 2:
            continue
        shift = w * 0.22 * (k // 2 + 1) * (1 if k % 2 == 0 else -1)
        pts = _points((x, y + shift) for x, y in (geo.centre(h) for h in r.hexes))
        colour = company_colour(r.owner)
        out.append(f'<polyline points="{pts}" stroke="#ffffff" stroke-opacity="0.8" stroke-width="{_n(w * 0.2)}"/>')
        out.append(f'<polyline class="route co-{r.owner.upper()}" data-owner="{r.owner.upper()}" points="{pts}" '
                   f'stroke="{colour}" stroke-width="{_n(w * 0.1)}" stroke-dasharray="{_n(w * 0.3)} {_n(w * 0.18)}">'
                   f"<title>{escape(r.label)}</title></polyline>")
        (sx, sy), (ex, ey) = geo.centre(r.hexes[0]), geo.centre(r.hexes[-1])
        out.append(f'<circle cx="{_n(sx)}" cy="{_n(sy + shift)}" r="{_n(w * 0.3)}" stroke="{colour}" '
                   f'stroke-width="{_n(w * 0.1)}"/>')
        out.append(f'<circle cx="{_n(ex)}" cy="{_n(ey + shift)}" r="{_n(w * 0.18)}" fill="{colour}"/>')
    out.append("</g>")
    return out


def _halo_text(x: float, y: float, text: str, font: float, anchor: str, fill: str = "#111", extra: str = "") -> str:
    """Text on a white halo (drawn twice: some renderers ignore ``paint-order``); ``extra`` attributes go on the
    visible text."""
    attrs = f'x="{_n(x)}" y="{_n(y)}" font-size="{_n(font)}" text-anchor="{anchor}"'
    return (f'<text {attrs} fill="#ffffff" stroke="#ffffff" stroke-width="{_n(font * 0.3)}" '
            f'stroke-linejoin="round" opacity="0.85">{escape(text)}</text>'
            f"<text {extra + ' ' if extra else ''}{attrs} fill={quoteattr(fill)}>{escape(text)}</text>")


def town_caption(town: Town) -> str:
    """The words beside a town: its name and town numbers (``Berlin 31 32 33``)."""
    return " ".join([town.name, *(str(n) for n in town.numbers)])


def _towns(towns: Iterable[Town], geo: _Geometry, words: Mapping[object, Spot]) -> list[str]:
    """Towns as white rings (start towns as black-edged squares), names and numbers where ``_place_words`` put
    them."""
    w = geo.size
    out = ['<g id="towns">']
    for t in sorted(towns, key=lambda t: t.hex):
        x, y = geo.centre(t.hex)
        cls = "town start" if t.start else "town"
        start = ", " + _("start town") if t.start else ""
        out.append(f'<g class="{cls}" data-hex="{t.hex.label}"><title>{escape(t.name)} ({t.hex.label})'
                   f'{escape(start)}</title>')
        if t.start:
            s = w * 0.34
            out.append(f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" '
                       f'fill="#ffffff" stroke="#111" stroke-width="{_n(w * 0.12)}"/>')
            out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(w * 0.12)}" fill="#111"/>')
        else:
            out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(w * 0.28)}" fill="#ffffff" stroke="#111" '
                       f'stroke-width="{_n(w * 0.09)}"/>')
        spot = words[t]
        out.append(_halo_text(spot.x, spot.y, town_caption(t), w * TOWN_FONT, spot.anchor, extra='class="caption"'))
        out.append("</g>")
    out.append("</g>")
    return out


def _labels(gmap: GameMap, geo: _Geometry) -> list[str]:
    """Every hex's label ``CCRR`` near its top corner, big enough to read at the picture's own size."""
    out = [f'<g id="labels" font-size="{_n(geo.size * HEX_FONT)}" fill="#5b5b5b" text-anchor="middle">']
    for h in sorted(gmap.terrain):
        x, y = geo.centre(h)
        out.append(f'<text x="{_n(x)}" y="{_n(y + _hex_label_dy(geo))}">{h.label}</text>')
    out.append("</g>")
    return out


def _hex_label_dy(geo: _Geometry) -> float:
    return -geo.size * 0.48


def _place_words(gmap: GameMap, ferries: Sequence[FerryLine], geo: _Geometry, frame: Box) -> dict[object, Spot]:
    """Where each town's caption and each ferry's label goes (``svgplace``): towns first, start towns before the
    others, west to east; then the ferries' labels along their arcs."""
    candidates, rings, hexes = _word_candidates(gmap, ferries, geo)
    return dict(zip(candidates, place_all(frame, rings, hexes, list(candidates.values())), strict=True))


def _word_candidates(gmap: GameMap, ferries: Sequence[FerryLine], geo: _Geometry
                     ) -> tuple[dict[object, list[Spot]], list[Box], list[Box]]:
    """Each label's candidate places (towns first, start towns before the others, west to east; then the ferries'
    labels along their arcs), the towns' rings and the hex labels' boxes."""
    w = geo.size
    rings = []
    for t in gmap.towns:
        x, y = geo.centre(t.hex)
        r = w * (0.42 if t.start else 0.34)
        rings.append(Box(x - r, y - r, x + r, y + r))
    hexes = [text_box(x, y + _hex_label_dy(geo), "middle", h.label, w * HEX_FONT)
             for h in sorted(gmap.terrain) for x, y in [geo.centre(h)]]
    towns = sorted(gmap.towns, key=lambda t: (not t.start, t.hex))
    labelled = [f for f in ferries if f.label]
    candidates = []
    for t in towns:
        x, y = geo.centre(t.hex)
        candidates.append(town_spots(x, y, town_caption(t), w * TOWN_FONT, w * 0.45))
    for f in labelled:
        (ax, ay), (cx, cy), (bx, by) = _ferry_curve(f, geo)
        curve = [((1 - s) ** 2 * ax + 2 * s * (1 - s) * cx + s * s * bx,
                  (1 - s) ** 2 * ay + 2 * s * (1 - s) * cy + s * s * by) for s in (i / 16 for i in range(2, 15))]
        candidates.append(line_spots(curve, f.label, w * FERRY_FONT))
    return dict(zip([*towns, *labelled], candidates, strict=True)), rings, hexes


def _key_line(colour: str, width: float, font: float, dash: str = "", cap: str = "butt") -> str:
    """A short stroke for the legend."""
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="0" y1="{_n(-font * 0.3)}" x2="{_n(font * 1.4)}" y2="{_n(-font * 0.3)}" stroke="{colour}" '
            f'stroke-width="{_n(width)}" stroke-linecap="{cap}"{extra}/>')


def _legend(gmap: GameMap, marks: Sequence[TrackMark], players: Mapping[str, str], routes: Sequence[RouteMark],
            ferries: Sequence[FerryLine], size: float, top: float, width: float) -> tuple[list[str], float]:
    """The key below the map: terrain, sides, towns, track, then one entry per company.  The parts and the height."""
    line = size * 1.1
    font = size * 0.55
    x0 = size * 0.8
    box = f'x="0" y="{_n(-font * 0.8)}" width="{_n(font)}" height="{_n(font)}"'
    items: list[tuple[str, str]] = [(f'<rect {box} fill="{TERRAIN_FILL[t]}" stroke="#999"/>', _(TERRAIN_WORDS[t]))
                                    for t in Terrain]
    items += [
        (_key_line(RIVER, size * 0.16, font), _("river")),
        (_key_line(BORDER, size * 0.11, font, f"{_n(size * 0.22)} {_n(size * 0.12)}"), _("national border")),
        ((f'<circle cx="{_n(font / 2)}" cy="{_n(-font * 0.3)}" r="{_n(size * 0.28)}" fill="#fff" stroke="#111" '
         f'stroke-width="{_n(size * 0.09)}"/>'), _("town (name and numbers)")),
        (f'<rect {box} fill="#fff" stroke="#111" stroke-width="{_n(size * 0.12)}"/>', _("start town")),
        (_key_line(GLOW, size * 0.42, font, cap="round"), _("built this turn")),
    ]
    if routes:
        items.append((_key_line("#555", size * 0.09, font, f"{_n(size * 0.35)} {_n(size * 0.2)}"),
                      _("race route (ring: start)")))
    if ferries:
        items.append((_key_line(FERRY, size * 0.1, font, f"{_n(size * 0.1)} {_n(size * 0.18)}"), _("ferry")))
    names = {letter.upper(): name for letter, name in players.items()}
    letters = sorted({m.owner.upper() for m in marks} | set(names))
    companies = [(_key_line(company_colour(c), size * 0.17, font), f"{c} = {names.get(c, c)}") for c in letters]
    said = _("Key")
    key = escape(said)
    hexes = escape(_("hex labels CCRR: column, row; {map}").format(map=f"{gmap.name} ({gmap.code})"))
    after = max(font * 3, text_width(said, font) * 1.1 + font * 0.8)  # bold, and longer in some languages ("Legenda")
    out = [f'<g id="legend" font-size="{_n(font)}" fill="#222">',
           f'<text x="{_n(x0)}" y="{_n(top + line * 0.4)}" font-weight="bold">{key}</text>',
           (f'<text x="{_n(x0 + after)}" y="{_n(top + line * 0.4)}" fill="#555">{hexes}</text>')]
    row = 1.5
    for group, col_chars in ((items, 9), (companies, 18)):
        per_row = max(1, int((width - 2 * x0) // (size * col_chars)))
        col_w = (width - 2 * x0) / per_row
        for i, (shape, text) in enumerate(group):
            x = x0 + (i % per_row) * col_w
            y = top + line * (row + i // per_row)
            out.append(f'<g transform="translate({_n(x)},{_n(y)})">{shape}'
                       f'<text x="{_n(font * 1.9)}" y="0">{escape(text)}</text></g>')
        row += math.ceil(len(group) / per_row)
    out.append("</g>")
    return out, line * (row + 0.2)


# ---------------------------------------------------------------------------
# a game's picture
# ---------------------------------------------------------------------------


def picture_title(gmap: GameMap, state: GameState, turn: int | None) -> str:
    """``Deutschland (DE), game demo, after turn 3`` (turn 0 or ``None``: at the start)."""
    where = f"{gmap.name} ({gmap.code})"
    if turn:
        return _("{map}, game {game}, after turn {turn}").format(map=where, game=state.game_id, turn=turn)
    return _("{map}, game {game}, at the start").format(map=where, game=state.game_id)


@dataclass(frozen=True)
class RaceRoute:
    """A valid entry's route in a race, as a picture draws it: the race, the train, where the race went, the
    letter of the train's roller (its colour) and the hexes."""

    race: int
    train: str
    start: str
    dest: str
    owner: str
    hexes: tuple[Hex, ...]


def race_routes(result: RacingResult, state: GameState) -> tuple[RaceRoute, ...]:
    """The route of every valid entry of a racing turn, in the colour of the train's roller."""
    return judged_routes(((race.draw, race.entries) for race in result.races), state)


def judged_routes(races: Iterable[tuple[RaceDraw, Iterable[EntryOutcome]]], state: GameState) -> tuple[RaceRoute, ...]:
    """The route of every valid entry of these races (each its draw and its entries as judged), in the colour of
    the train's roller: ``race_routes`` without the races run (``racing/judged.py``)."""
    letter = {p.id: p.colour for p in state.players}
    return tuple(RaceRoute(draw.number, e.entry.train, draw.start_town, draw.dest_town, letter[e.entry.roller],
                           e.check.route.hexes)
                 for draw, entries in races for e in entries if e.valid and e.check.route is not None)


def route_marks(routes: Iterable[RaceRoute]) -> list[RouteMark]:
    """The routes as the picture draws them, each labelled in the active language."""
    return [RouteMark(r.hexes, r.owner, _("race {race}: {train}, {start} to {dest}").format(
        race=r.race, train=r.train, start=r.start, dest=r.dest)) for r in routes]


def ferry_lines(marks: Iterable[FerryMark]) -> list[FerryLine]:
    """The ferries as the ASCII map marks them (``report.common.ferry_marks``, ``ascii.map_ferries``), as lines
    between their two ports."""
    return [FerryLine(m.path[0], m.path[-1], m.name, m.owner) for m in marks]


def game_svg(gmap: GameMap, state: GameState, turn: int | None, result: RacingResult | None = None,
             routes: Sequence[RaceRoute] | None = None) -> str:
    """The picture of a game: ``state`` (the state after ``turn``) with that turn's track emphasised.

    With the racing turn's ``result`` (or its ``routes``, ``race_routes``) the routes of its races are drawn too.
    """
    if routes is None:
        routes = race_routes(result, state) if result is not None else ()
    return render_svg(gmap, track_marks(state, turn), players=player_legend(state), routes=route_marks(routes),
                      ferries=ferry_lines(ferry_marks(state, gmap, turn)), title=picture_title(gmap, state, turn))
