"""Where the words of the SVG map go: town captions and ferry labels that neither overlap nor leave the picture.

No font is measured (the picture is pure text, drawn by whatever renders
it); a caption's width is estimated from DejaVu Sans' advance widths, a
little generously, and its box holds the white halo around the letters.

Each label has a few candidate positions, best first (a town: right and
below its ring, as the printed board has it, then right and above, left,
centred below and above ...).  Labels are placed one after the other; each
takes the first candidate that lies inside the picture and overlaps no
label already placed and no town's ring.  A candidate that also keeps clear
of the hex labels (``CCRR``) is preferred; when every candidate clashes, the
one overlapping least is taken, so nothing is ever left out; a few rounds
of repair then move what still clashes (``place_all``).

This is done once per map, for the land.  A picture of a game then moves the
captions that would cover its track or a race's route to a candidate where
nothing is drawn (``clear_of``; issue 35: "New York 14 15 16" covered BLUE's
first segment).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

NARROW = frozenset("iIjl.,:;'|!()[] ")
WIDE = frozenset("mwMW")
ASCENT, DESCENT = 0.76, 0.24
"""The part of the font size above and below the baseline (DejaVu Sans, rounded up)."""


def text_width(text: str, font: float) -> float:
    """The estimated advance of ``text`` at ``font`` units (DejaVu Sans: digits 0.64 em, capitals ~0.7 em)."""
    em = 0.0
    for c in text:
        if c in NARROW:
            em += 0.32
        elif c in WIDE:
            em += 0.9
        elif c.isdigit():
            em += 0.64
        elif c.isupper():
            em += 0.72
        else:
            em += 0.6
    return em * font


@dataclass(frozen=True)
class Box:
    """An axis-parallel rectangle on the page."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlap(self, other: Box) -> float:
        """The area both boxes cover (0 when they only touch)."""
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def inside(self, frame: Box) -> bool:
        return self.x0 >= frame.x0 and self.y0 >= frame.y0 and self.x1 <= frame.x1 and self.y1 <= frame.y1


@dataclass(frozen=True)
class Spot:
    """A text position: the anchor point, ``text-anchor`` (start, middle, end) and the box the text covers."""

    x: float
    y: float
    anchor: str
    box: Box


def text_box(x: float, y: float, anchor: str, text: str, font: float) -> Box:
    """The box of ``text`` at baseline point ``(x, y)`` with its halo."""
    width = text_width(text, font)
    halo = font * 0.15
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return Box(left - halo, y - font * ASCENT - halo, left + width + halo, y + font * DESCENT + halo)


def town_spots(x: float, y: float, text: str, font: float, gap: float) -> list[Spot]:
    """The candidate places of a town's caption around its ring at ``(x, y)``, best first: the four corners, the
    sides, centred below and above, then the same a line further out.

    ``gap`` is the distance from the centre that keeps clear of the ring.
    """
    below, above, middle = y + gap + font * ASCENT * 0.7, y - gap - font * DESCENT * 0.6, y + font * 0.35
    places = [
        (x + gap, below, "start"), (x + gap, above, "start"), (x - gap, below, "end"), (x - gap, above, "end"),
        (x + gap * 1.25, middle, "start"), (x - gap * 1.25, middle, "end"),
        (x, y + gap * 1.5 + font * ASCENT, "middle"), (x, y - gap * 1.5 - font * DESCENT, "middle"),
    ]
    far = font * 1.1  # a line further out, for a crowded corner
    places += [(px, py + (far if py > y else -far), anchor) for px, py, anchor in places if abs(py - y) > font]
    return [Spot(px, py, anchor, text_box(px, py, anchor, text, font)) for px, py, anchor in places]


def line_spots(points: Sequence[tuple[float, float]], text: str, font: float) -> list[Spot]:
    """Candidate places of a label along a curve given by ``points`` (its middle first, then outwards)."""
    n = len(points)
    order = sorted(range(n), key=lambda i: abs(i - (n - 1) / 2))
    out = []
    for i in order:
        px, py = points[i]
        for dy in (0.0, -font, font, -2 * font, 2 * font):
            out.append(Spot(px, py + dy + font * 0.35, "middle", text_box(px, py + dy + font * 0.35, "middle", text,
                                                                         font)))
    return out


class Boxes:
    """Boxes bucketed by a grid of ``cell`` units, so that a clash is looked for only among near boxes."""

    def __init__(self, boxes: Iterable[Box] = (), cell: float = 40.0) -> None:
        self.cell = cell
        self.grid: dict[tuple[int, int], list[Box]] = {}
        for b in boxes:
            self.add(b)

    def _cells(self, b: Box) -> Iterable[tuple[int, int]]:
        c = self.cell
        for i in range(int(b.x0 // c), int(b.x1 // c) + 1):
            for j in range(int(b.y0 // c), int(b.y1 // c) + 1):
                yield i, j

    def add(self, b: Box) -> None:
        for key in self._cells(b):
            self.grid.setdefault(key, []).append(b)

    def remove(self, b: Box) -> None:
        for key in self._cells(b):
            self.grid[key].remove(b)

    def overlap(self, b: Box) -> float:
        """The area ``b`` shares with the boxes held (each counted once)."""
        near = {id(o): o for key in self._cells(b) for o in self.grid.get(key, ())}
        return sum(b.overlap(o) for o in near.values())


def place_all(frame: Box, solid: Sequence[Box], soft: Sequence[Box], labels: Sequence[Sequence[Spot]],
              rounds: int = 4) -> list[Spot]:
    """A place for each label (its candidates best first), inside ``frame``, clear of each other and of the
    ``solid`` boxes (town rings) where possible, preferring places clear of the ``soft`` boxes (hex labels).

    The labels are placed one after the other, each at its first free candidate; then, for a few rounds, a
    label still clashing is moved to the candidate that clashes least with all the others, until none
    clashes.
    """
    hard, weak = Boxes(solid), Boxes(soft)
    chosen: list[Spot] = []
    for spots in labels:
        chosen.append(_best(spots, frame, hard, weak))
        hard.add(chosen[-1].box)
    for _ in range(rounds):
        clashing = []
        for i, s in enumerate(chosen):
            hard.remove(s.box)
            if _hard(s, frame, hard):
                clashing.append(i)
            hard.add(s.box)
        if not clashing:
            break
        for i in clashing:
            hard.remove(chosen[i].box)
            chosen[i] = _best(labels[i], frame, hard, weak)
            hard.add(chosen[i].box)
    return chosen


def clear_of(placed: dict[object, Spot], candidates: Mapping[object, Sequence[Spot]], frame: Box, solid: Sequence[Box],
             soft: Sequence[Box], drawn: Sequence[Box]) -> dict[object, Spot]:
    """The labels ``placed`` (by ``place_all``, for the land alone), each that covers something ``drawn`` (track, a
    race's route) moved to its first candidate clear of it, of the other labels and of the ``solid`` boxes, hex
    labels (``soft``) avoided where possible; a label with no such place stays where it is.  Nothing is moved when
    nothing is covered (the usual case: only the few towns with track beside their caption)."""
    lines = Boxes(drawn, cell=20.0)
    covering = [key for key, spot in placed.items() if lines.overlap(spot.box) > 0]
    if not covering:
        return placed
    out = dict(placed)
    hard = Boxes([*solid, *(spot.box for spot in placed.values())])
    weak = Boxes(soft)
    for key in covering:
        hard.remove(out[key].box)
        free = [s for s in candidates[key] if s.box.inside(frame) and hard.overlap(s.box) == 0
                and lines.overlap(s.box) == 0]
        if free:
            out[key] = min(free, key=lambda s: (weak.overlap(s.box) > 0, free.index(s)))
        hard.add(out[key].box)
    return out


def segment_boxes(x1: float, y1: float, x2: float, y2: float, half: float, pieces: int = 6) -> list[Box]:
    """Boxes that cover a stroke from ``(x1, y1)`` to ``(x2, y2)`` ``2 * half`` wide, in ``pieces`` (a slanted
    stroke's one box would cover far more than the stroke)."""
    out = []
    for k in range(pieces):
        ax, ay = x1 + (x2 - x1) * k / pieces, y1 + (y2 - y1) * k / pieces
        bx, by = x1 + (x2 - x1) * (k + 1) / pieces, y1 + (y2 - y1) * (k + 1) / pieces
        out.append(Box(min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half))
    return out


def _hard(s: Spot, frame: Box, hard: Boxes) -> float:
    return (0.0 if s.box.inside(frame) else 1e9) + hard.overlap(s.box)


def _best(spots: Iterable[Spot], frame: Box, hard: Boxes, soft: Boxes) -> Spot:
    """The first candidate clear of everything; else the one clashing least (with the ``hard`` boxes first, then
    with the ``soft`` ones), the earlier on a tie."""
    best: tuple[float, float, int, Spot] | None = None
    for i, s in enumerate(spots):
        clash = _hard(s, frame, hard)
        soft_area = soft.overlap(s.box) if clash == 0 else 0.0
        if clash == 0 and soft_area == 0:
            return s
        key = (clash, soft_area, i, s)
        if best is None or key[:3] < best[:3]:
            best = key
    if best is None:
        raise ValueError("a label needs at least one candidate place")
    return best[3]
