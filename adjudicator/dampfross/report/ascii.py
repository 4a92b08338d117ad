r"""The map as plain ASCII art, for turn reports read in a monospaced e-mail.

Layout
------
Every hex column takes 4 text columns and every hex row 2 text lines: the
*centre line* holding the hex centres, then the *between line* joining this
row to the next.  The centre of hex (col, row) sits at text column
``4 * (col - first col)``, plus 2 on even rows (which are shifted half a hex
to the right).  So, on the map grid::

    #rrr.   .      odd row: centres 4 apart; "rrr" joins east-west neighbours
         r         between line: one cell for each diagonal pair of hexes
      .   . ~ .    even row, shifted 2 to the right; "~" a river between two hexes

* East-west neighbours are joined by the 3 cells between their centres; the
  middle one is the *side cell* where a river or border mark goes.
* Diagonal neighbours are joined by the single cell of the between line that
  lies between their centres; that cell is also their side cell.
* The remaining cells of a between line (straight above or below a centre)
  are hex corners; they are only filled to make seas look solid.

Characters
----------
=========  ===============================================================
``.``      plain hex                   ``^``  mountain hex
``~``      water hex; also fills the gaps between neighbouring water hexes
``@``      town                        ``#``  start town
``~``      between two hexes: a river, on any side (so a river running
           along the bottom of a row reads as ``~ ~ ~``).  Water, not a
           line: the slashes drawn before (issue 25) were read as track or
           as the grid, and the river's cost was missed in 6 of 21 mails
``:``      national border             ``!``  river that is also a border
``rrr``    old track of the player with letter R (lower case)
``RRR``    track R built this turn (upper case)
``r~r``    track crossing a river: the side mark stays in the middle
``r*b``    east-west segment shared by r and b (``r~b`` on a river);
           ``***`` shared by three or more players
``*``      diagonal segment shared by several players
``=``      a ferry nobody owns yet, on the water hexes it crosses (advanced
           rules); ``r`` / ``R`` there: the ferry of the player with letter R
           (upper case: bought this turn)
=========  ===============================================================

A track letter on a diagonal side hides that side's river or border mark;
there is only one cell.  Hexes outside the map are blank.  The grid is pure
ASCII; only town names in the legend (and player names given by the
caller) may hold umlauts.

Above and below the grid stand two lines of column labels: the ``odd``
line for odd rows and the ``even`` line, shifted like the even rows, for
even rows.  The last digit of a column label stands straight above the centre of
the hexes of that column.  Row labels stand on both sides.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from adjudicator.dampfross.board.errors import LabelError, WindowError
from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import GameMap, Terrain
from adjudicator.dampfross.report.i18n import pgettext
from adjudicator.dampfross.report.mapkey import START_TOWN, TOWN, map_key
from adjudicator.dampfross.report.widths import MAIL_WIDTH
from adjudicator.kernel.kept import Kept

COL_WIDTH = 4
"""Text columns per hex column."""
MARGIN = 5
"""Text columns left of the grid, for row labels."""
SPLIT_COLUMNS = (MAIL_WIDTH - MARGIN - 3 + 1) // COL_WIDTH
"""The most hex columns of a window that fits a mail: 17 (the margin, 4 text columns a hex column, the right-hand
row labels ``' 05'``: 75 text columns)."""

TERRAIN_CHAR = {Terrain.PLAIN: ".", Terrain.MOUNTAIN: "^", Terrain.WATER: "~"}
WATER = "~"
RIVER = "~"
"""A river on a side: water between two hexes (on a land hex's side it can be nothing else)."""
BORDER, RIVER_BORDER = ":", "!"
SHARED = "*"
FERRY = "="




@dataclass(frozen=True)
class FerryMark:
    """A ferry on the map: its name, its way over the water (ports first and last), its owner's letter.

    ``owner`` ``None``: nobody has bought it; ``new``: bought this turn
    (drawn upper case).
    """

    name: str
    path: tuple[Hex, ...]
    owner: str | None = None
    new: bool = False


@dataclass(frozen=True)
class TrackMark:
    """One player's track on the side between two adjacent hexes.

    ``owner`` is the player's map letter; ``new`` marks track built this
    turn (drawn upper case; older track is lower case).
    """

    a: Hex
    b: Hex
    owner: str
    new: bool = False

    def __post_init__(self) -> None:
        if not (len(self.owner) == 1 and self.owner.isascii() and self.owner.isalpha()):
            raise ValueError(f"track owner {self.owner!r} must be a single letter A-Z")
        if not self.a.is_adjacent(self.b):
            raise ValueError(f"track {self.a.label}-{self.b.label}: the hexes are not adjacent")

    @property
    def side(self) -> Side:
        return Side(self.a, self.b)


@dataclass(frozen=True)
class Window:
    """An inclusive rectangle of hex columns and rows, and its text geometry."""

    col0: int
    row0: int
    col1: int
    row1: int

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and self.col0 <= h.col <= self.col1 and self.row0 <= h.row <= self.row1

    @property
    def width(self) -> int:
        """Text width of the grid (room for the shifted even rows)."""
        return COL_WIDTH * (self.col1 - self.col0 + 1) - 1

    @property
    def height(self) -> int:
        """Text lines of the grid."""
        return 2 * (self.row1 - self.row0) + 1

    def x(self, h: Hex) -> int:
        """Text column of a hex centre."""
        return COL_WIDTH * (h.col - self.col0) + (2 if h.row % 2 == 0 else 0)

    def y(self, h: Hex) -> int:
        """Text line of a hex centre."""
        return 2 * (h.row - self.row0)


def parse_window(text: str) -> tuple[Hex, Hex]:
    """Read two corner labels such as ``"0305:1420"`` (also ``-``, space or ``,``)."""
    parts = [p for p in re.split(r"[\s:,\-]+", text.strip()) if p]
    if len(parts) != 2:
        raise WindowError(f"window {text!r} must be two corner labels, e.g. 0305:1420")
    try:
        return Hex.parse(parts[0]), Hex.parse(parts[1])
    except LabelError as exc:
        raise WindowError(f"window {text!r}: {exc}") from None


def make_window(gmap: GameMap, corners: tuple[Hex, Hex] | None = None) -> Window:
    """The window between two corners (any order), clipped to the map; the whole map for ``None``."""
    if corners is None:
        return Window(1, 1, gmap.width, gmap.height)
    a, b = corners
    win = Window(
        max(1, min(a.col, b.col)),
        max(1, min(a.row, b.row)),
        min(gmap.width, max(a.col, b.col)),
        min(gmap.height, max(a.row, b.row)),
    )
    if win.col0 > win.col1 or win.row0 > win.row1:
        raise WindowError(f"window {a.label}-{b.label} lies outside the map ({gmap.width}x{gmap.height})")
    return win


def window_around(gmap: GameMap, hexes: Iterable[Hex], margin: int = 2, max_cols: int = 18) -> tuple[Hex, Hex]:
    """Corners of a window covering ``hexes`` plus ``margin`` hexes all round.

    The window is clipped to the map and to ``max_cols`` columns; when the
    hexes themselves span more columns, the window is centred on them.
    """
    hexes = list(hexes)
    if not hexes:
        raise ValueError("window_around needs at least one hex")
    lo = min(h.col for h in hexes)
    hi = max(h.col for h in hexes)
    c0, c1 = _span(lo, hi, margin, max_cols, gmap.width)
    r0, r1 = _span(min(h.row for h in hexes), max(h.row for h in hexes), margin, gmap.height, gmap.height)
    return Hex(c0, r0), Hex(c1, r1)


def _span(lo: int, hi: int, margin: int, most: int, limit: int) -> tuple[int, int]:
    """``lo..hi`` widened by ``margin``, at most ``most`` long, inside ``1..limit``."""
    start, end = max(1, lo - margin), min(limit, hi + margin)
    if end - start + 1 <= most:
        return start, end
    start = max(1, (lo + hi) // 2 - (most - 1) // 2)
    end = min(limit, start + most - 1)
    return max(1, end - most + 1), end


# ---------------------------------------------------------------------------
# the grid
# ---------------------------------------------------------------------------


def render_grid(gmap: GameMap, track: Iterable[TrackMark] = (), window: Window | None = None,
                ferries: Iterable[FerryMark] = ()) -> list[str]:
    """The bare grid (no labels, no legend) as lines, right-trimmed."""
    win = window or make_window(gmap)
    base, marks = _base_grid(gmap, win)
    grid = [list(row) for row in base]
    for s, owners in _track_by_side(gmap, track, win).items():
        _draw_segment(grid, win, s, owners, marks.get(s))
    for f in ferries:
        letter = FERRY if f.owner is None else (f.owner.upper() if f.new else f.owner.lower())
        for h in f.path[1:-1]:
            if h in win:
                grid[win.y(h)][win.x(h)] = letter
    return ["".join(row).rstrip() for row in grid]


def _centre_char(gmap: GameMap, h: Hex) -> str:
    town = gmap.town_at(h)
    if town is not None:
        return START_TOWN if town.start else TOWN
    return TERRAIN_CHAR[gmap.terrain[h]]


def _draw_water(grid: list[list[str]], gmap: GameMap, win: Window) -> None:
    """Fill the cells between water hexes of the window so that seas read as water.

    A cell between two neighbours on a row (the three cells of their link),
    the one cell between two diagonal neighbours, and the corner cell between
    three hexes are filled when every one of those hexes is water and in the
    window (at the window's edge the hex beyond is not drawn, so neither is
    the water towards it).
    """
    water = set(_inside(_parts(gmap).water, win))

    def fill(y: int, x: int) -> None:
        if 0 <= y < win.height and 0 <= x < win.width:
            grid[y][x] = WATER

    for h in water:
        y, x = win.y(h), win.x(h)
        east, below = Hex(h.col + 1, h.row) if h.col < 99 else None, h.row + 1 <= win.row1
        if east in water:
            for dx in (1, 2, 3):
                fill(y, x + dx)
        if h.row > win.row0:
            nw, ne = _above(h)
            if nw in water and ne in water:
                fill(y - 1, x)
        if below:
            sw, se = _below(h)
            if sw in water:
                fill(y + 1, x - 1)
            if se in water:
                fill(y + 1, x + 1)
            if sw in water and se in water:
                fill(y + 1, x)


def _below(h: Hex) -> tuple[Hex | None, Hex | None]:
    """The south-west and south-east neighbours (even rows are shifted half a hex right)."""
    c, r = h.col, h.row + 1
    left, right = (c - 1, c) if h.row % 2 else (c, c + 1)
    return (Hex(left, r) if left >= 1 else None), (Hex(right, r) if right <= 99 else None)


def _above(h: Hex) -> tuple[Hex | None, Hex | None]:
    """The north-west and north-east neighbours."""
    c, r = h.col, h.row - 1
    left, right = (c - 1, c) if h.row % 2 else (c, c + 1)
    return (Hex(left, r) if left >= 1 else None), (Hex(right, r) if right <= 99 else None)


@lru_cache(maxsize=64)
def _base_grid(gmap: GameMap, win: Window) -> tuple[tuple[str, ...], dict[Side, str]]:
    """The window's terrain, water, towns, rivers and borders (no track), drawn once per map and window: every
    report draws the same windows again with other track.  The marks of the sides come with it."""
    grid = [[" "] * win.width for _ in range(win.height)]
    _draw_water(grid, gmap, win)
    for h in _inside(_parts(gmap).hexes, win):
        grid[win.y(h)][win.x(h)] = _centre_char(gmap, h)
    marks = _side_marks(gmap, win)
    for s, ch in marks.items():
        y, x = _side_cell(win, s)
        grid[y][x] = ch
    return tuple("".join(row) for row in grid), marks


def _side_cell(win: Window, s: Side) -> tuple[int, int]:
    """The cell of the side between two hexes of the window."""
    a, b = s.a, s.b
    if a.row == b.row:
        return win.y(a), min(win.x(a), win.x(b)) + 2
    upper = a if a.row < b.row else b
    return win.y(upper) + 1, (win.x(a) + win.x(b)) // 2


def _side_marks(gmap: GameMap, win: Window) -> dict[Side, str]:
    """River and border marks of the sides inside the window."""
    marks: dict[Side, str] = {}
    for row in range(win.row0, win.row1 + 1):
        for s, river, border in _parts(gmap).sides.get(row, ()):
            if s.a in win and s.b in win:
                marks[s] = RIVER_BORDER if river and border else (RIVER if river else BORDER)
    return marks


class _MapParts(NamedTuple):
    """A map's hexes, water hexes and marked sides by row: a window's base grid looks only at its own rows."""

    hexes: dict[int, tuple[Hex, ...]]
    water: dict[int, tuple[Hex, ...]]
    sides: dict[int, tuple[tuple[Side, bool, bool], ...]]  # by the row of the side's upper hex


@lru_cache(maxsize=8)
def _parts(gmap: GameMap) -> _MapParts:
    hexes: dict[int, list[Hex]] = {}
    water: dict[int, list[Hex]] = {}
    for h, terrain in gmap.terrain.items():
        hexes.setdefault(h.row, []).append(h)
        if terrain is Terrain.WATER:
            water.setdefault(h.row, []).append(h)
    sides: dict[int, list[tuple[Side, bool, bool]]] = {}
    for s in gmap.rivers | gmap.borders:
        sides.setdefault(min(s.a.row, s.b.row), []).append((s, s in gmap.rivers, s in gmap.borders))
    return _MapParts({r: tuple(v) for r, v in hexes.items()}, {r: tuple(v) for r, v in water.items()},
                     {r: tuple(v) for r, v in sides.items()})


def _inside(by_row: Mapping[int, tuple[Hex, ...]], win: Window) -> Iterable[Hex]:
    """The hexes of ``by_row`` inside the window."""
    for row in range(win.row0, win.row1 + 1):
        for h in by_row.get(row, ()):
            if win.col0 <= h.col <= win.col1:
                yield h


def _track_by_side(gmap: GameMap, track: Iterable[TrackMark], win: Window) -> dict[Side, dict[str, bool]]:
    """Owners (upper-case letter -> built this turn) of each side with track inside the window (every piece of
    track checked to be on the map), in the order the track first names them."""
    return {s: owners for s, owners in _sides(gmap, track).items() if s.a in win and s.b in win}


_SIDES: Kept[dict[Side, dict[str, bool]]] = Kept(4)
"""The sides of the last few lists of track drawn: a report draws one list in several windows."""


def _sides(gmap: GameMap, track: Iterable[TrackMark]) -> dict[Side, dict[str, bool]]:
    """Owners (upper-case letter -> built this turn) of each side with track, every piece checked to be on the
    map; worked out once for a list of track drawn again (the same list object)."""
    if isinstance(track, list | tuple):
        return _SIDES.get((track, gmap), None, lambda: _sides_of(gmap, track))
    return _sides_of(gmap, track)


def _sides_of(gmap: GameMap, track: Iterable[TrackMark]) -> dict[Side, dict[str, bool]]:
    out: dict[Side, dict[str, bool]] = {}
    for t in track:
        for h in (t.a, t.b):
            if not gmap.on_map(h):
                raise ValueError(f"track {t.a.label}-{t.b.label}: {h.label} is not on the map")
        owners = out.setdefault(t.side, {})
        owner = t.owner.upper()
        owners[owner] = owners.get(owner, False) or t.new
    return out


def _draw_segment(grid: list[list[str]], win: Window, s: Side, owners: dict[str, bool], mark: str | None) -> None:
    """Draw the track on one side: 3 cells east-west, 1 cell diagonal."""
    letters = [o if new else o.lower() for o, new in sorted(owners.items())]
    y, x = _side_cell(win, s)
    if s.a.row != s.b.row:
        grid[y][x] = letters[0] if len(letters) == 1 else SHARED
        return
    if len(letters) == 1:
        cells = [letters[0], mark or letters[0], letters[0]]
    elif len(letters) == 2:
        cells = [letters[0], mark or SHARED, letters[1]]
    else:
        cells = [SHARED, mark or SHARED, SHARED]
    grid[y][x - 1 : x + 2] = cells


# ---------------------------------------------------------------------------
# labels and legend
# ---------------------------------------------------------------------------


def render_map(
    gmap: GameMap,
    track: Iterable[TrackMark] = (),
    window: tuple[Hex, Hex] | None = None,
    legend: bool = True,
    players: Mapping[str, str] | None = None,
    ferries: Iterable[FerryMark] = (),
    labels_below: bool = True,
) -> str:
    """The map (or the window between two corner hexes) with labels and legend.

    ``track`` gives every player's track; ``players`` maps a player's letter
    to the company name for the legend; ``ferries`` are drawn on the water
    they cross (advanced rules).  The town list holds only towns inside the
    window.  ``labels_below=False``: the column labels stand above the grid
    only (a report's small windows).  The result ends with a newline.
    """
    win = make_window(gmap, window)
    track = track if isinstance(track, list | tuple) else list(track)
    ferries = [f for f in ferries if any(h in win for h in f.path)]
    grid = render_grid(gmap, track, win, ferries)
    lines = _column_labels(win)
    for y, row in enumerate(grid):
        if y % 2:
            lines.append((" " * MARGIN + row).rstrip())
        else:
            label = f"{win.row0 + y // 2:02d}"
            lines.append(f"{label:<{MARGIN}}{row:<{win.width}} {label}")
    if labels_below:
        lines += _column_labels(win)
    if legend:
        lines += ["", *_legend(gmap, win, players or {}, ferries, track)]
    return "\n".join(lines) + "\n"


def _legend(gmap: GameMap, win: Window, players: Mapping[str, str], ferries: list[FerryMark],
            track: Iterable[TrackMark] = ()) -> list[str]:
    """The key, the players, the ferries and the towns inside the window (each with the companies whose track
    reaches it)."""
    marks = [(f.name, FERRY if f.owner is None else f.owner.upper()) for f in ferries]
    return map_key(players, marks, [t for t in gmap.towns if t.hex in win], served_towns(gmap, track))


def served_towns(gmap: GameMap, track: Iterable[TrackMark]) -> dict[Hex, str]:
    """The letters (lower case, sorted) of the companies whose track reaches each town's hex."""
    found: dict[Hex, set[str]] = {}
    for t in track:
        for h in (t.a, t.b):
            if gmap.town_at(h) is not None:
                found.setdefault(h, set()).add(t.owner.lower())
    return {h: "".join(sorted(letters)) for h, letters in found.items()}


def map_ferries(gmap: GameMap) -> list[FerryMark]:
    """The map's ferries, nobody's yet (``map show``)."""
    return [FerryMark(f.name, f.path) for f in gmap.ferries]


def render_split(gmap: GameMap, track: Iterable[TrackMark] = (), columns: int | None = None, legend: bool = True,
                 players: Mapping[str, str] | None = None, ferries: Iterable[FerryMark] = ()) -> str:
    """The whole map in windows of at most ``columns`` hex columns (``SPLIT_COLUMNS``: 75 text columns), west to
    east.

    The windows are about as wide as each other, and neighbours share one
    column, so no side is lost between them; one legend for the whole map
    follows the last window.
    """
    track = track if isinstance(track, list | tuple) else list(track)
    ferries = list(ferries)
    columns = columns or SPLIT_COLUMNS
    parts = []
    count = max(1, -(-(gmap.width - 1) // (columns - 1)))  # windows needed; all about as wide
    edges = [1 + round(k * (gmap.width - 1) / count) for k in range(count + 1)]
    for c0, c1 in itertools.pairwise(edges):
        parts.append(render_map(gmap, track, window=(Hex(c0, 1), Hex(c1, gmap.height)), legend=False,
                                ferries=ferries))
    text = "\n".join(parts)
    if legend:
        text += "\n" + "\n".join(_legend(gmap, make_window(gmap), players or {}, ferries, track)) + "\n"
    return text


def _column_labels(win: Window) -> list[str]:
    """Two label lines: for odd rows, then shifted for even rows."""
    out = []
    # TRANSLATORS: the words before the map's column labels: for odd rows (at most 3 letters), for even rows (5)
    odd, even = pgettext("map column labels", "odd"), pgettext("map column labels", "even")
    for tag, shift in ((odd[: MARGIN - 2], 0), (even[:MARGIN], 2)):
        line = list(f"{tag:<{MARGIN}}" + " " * win.width)
        for col in range(win.col0, win.col1 + 1):
            at = MARGIN + COL_WIDTH * (col - win.col0) + shift - 1
            line[at : at + 2] = f"{col:02d}"
        out.append("".join(line).rstrip())
    return out
