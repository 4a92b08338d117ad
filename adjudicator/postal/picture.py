"""A picture for a mail: SVG text in, a small PNG out, on a plain install (no system library, no system font).

Every game draws its pictures as SVG (Dampfross: ``dampfross/report/svg.py``,
InterUrban: ``interurban/svg.py``); the report mails carry them as PNG, which
every mail client shows.  resvg (the ``resvg-py`` wheel, Rust, bundled)
renders the SVG with the fonts shipped beside this module (DejaVu Sans cut
to the Latin scripts, see ``fonts/LICENSE``), never the system's, so the
picture is the same on every machine, and a machine without any font still
gets its words.  Pillow then writes it as a palette of ``COLOURS`` colours:
every colour the SVG names keeps its own entry (a company's thin yellow
track is never merged into the land), the rest of the palette follows the
picture's edges.  A whole German map at 1.5 pixels a unit is then about
115 KB instead of 650 KB, the largest map (France) 160 KB, so that a report
mail stays under 300 KB (docs/pictures.md has the figures).  A picture that
is small as rendered (``SMALL``: an InterUrban layout) is sent as it is.

Both packages are imported when a picture is made, not before: a turn that
sends no mail does not load them.

A picture of few colours (an InterUrban layout: 40 to 200, its shapes'
edges among them) gets the palette Pillow's median cut would give it from
its colours and their counts alone (``_median_cut``), without Pillow's pass
over every pixel (``tests/test_picture_palette.py`` holds the two to the
same palette).  The PNG is written at zlib level
``LEVEL``: level 9 took six times as long for some 7 % fewer bytes.
"""

from __future__ import annotations

import io
import re
from importlib.resources import files

from adjudicator.kernel.errors import AdjudicatorError

SCALE = 1.5
"""PNG pixels per SVG unit: a map's hex labels (7.6 units) are 11 px, legible in a mail client."""
COLOURS = 64
"""The palette of a mail's PNG."""
NEAR = 8
"""A shade the median cut finds within this of a named colour (in each of red, green, blue) is left out: the named
colour takes its pixels (the white ground, not the near-white of its average)."""
LEVEL = 7
"""The PNG's zlib level: a German map 115 KB in 35 ms, at level 9 107 KB in 205 ms (an InterUrban layout 2.6 KB
in 0.7 ms, 2.2 KB in 3.5 ms); the pixels are the same."""
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
_NAMED = re.compile(r'(?:fill|stroke)="([a-z]+)"')
_HEX = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")


def font_files() -> list[str]:
    """The paths of the shipped fonts (inside the installed package)."""
    return [str(files("adjudicator.postal").joinpath("fonts", name)) for name in FONTS]


def svg_colours(svg: str) -> list[tuple[int, int, int]]:
    """The colours an SVG names (``#rgb``, ``#rrggbb``, CSS names such as ``white``), once each, in order."""
    from PIL import ImageColor

    found: dict[tuple[int, int, int], None] = {}
    for name in [m.group(0) for m in _HEX.finditer(svg)] + _NAMED.findall(svg):
        try:
            rgb = ImageColor.getrgb(name)
        except ValueError:  # "none", "currentColor": no colour of its own
            continue
        found[(rgb[0], rgb[1], rgb[2])] = None
    return list(found)


def render(svg: str, scale: float = SCALE, crisp: str = "") -> bytes:
    """The SVG as PNG bytes at ``scale`` pixels a unit, in full colour (RGBA), white behind.

    Shapes are smoothed, text is not (``optimize_speed``): sharp hex labels read as well at 11 px and make the
    PNG a third smaller (a smoothed glyph's edge is many shades of grey that compress badly).  ``crisp``: a CSS
    selector of shapes drawn unsmoothed too (a game's grid: Dampfross's ``#terrain``, thousands of hex edges,
    a quarter of the bytes; rivers, borders and track stay smooth)."""
    import resvg_py

    sheet = f"{crisp} {{ shape-rendering: crispEdges }}" if crisp else None
    try:
        png = resvg_py.svg_to_bytes(svg_string=svg, zoom=scale, background="#ffffff", skip_system_fonts=True,
                                    font_files=font_files(), font_family="DejaVu Sans",
                                    sans_serif_family="DejaVu Sans", text_rendering="optimize_speed",
                                    style_sheet=sheet)
    except ValueError as exc:  # an SVG resvg cannot read: our own drawing is wrong
        raise AdjudicatorError(f"cannot draw the picture: {exc}") from None
    return bytes(png)


SMALL = 16_000
"""A rendered PNG of at most this many bytes goes into the mail as it is: the palette is for a map of hundreds of
kilobytes, and it would make an InterUrban layout (4.5 KB) 2 KB smaller for 3 ms of a tick's CPU a move."""


def svg_to_png(svg: str, scale: float = SCALE, colours: int = COLOURS, crisp: str = "") -> bytes:
    """The SVG as a small PNG for a mail: rendered (``render``), then, unless it is ``SMALL`` already, as a palette
    of ``colours`` colours."""
    png = render(svg, scale, crisp)
    return png if len(png) <= SMALL else palette(png, svg_colours(svg), colours)


def palette(png: bytes, named: list[tuple[int, int, int]], colours: int = COLOURS) -> bytes:
    """A PNG as a palette of ``colours`` colours (no dithering): the ``named`` ones (up to three quarters of the
    palette), the rest chosen by median cut of the picture (its edges and shades)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    named = named[: colours * 3 // 4]
    few = image.getcolors(FEW) if image.width * image.height < 1 << 24 else None  # None: more colours than that
    if few:
        shades = _median_cut([(count, (c[0], c[1], c[2])) for count, c in few if isinstance(c, tuple)],
                             colours - len(named))
    else:
        found = image.quantize(colours - len(named), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        flat = (found.getpalette() or [])[: 3 * (colours - len(named))]
        shades = list(zip(flat[::3], flat[1::3], flat[2::3], strict=True))
    rest = [(r, g, b) for r, g, b in shades
            if not any(abs(r - nr) <= NEAR and abs(g - ng) <= NEAR and abs(b - nb) <= NEAR for nr, ng, nb in named)]
    flat = [v for rgb in named + rest for v in rgb]  # a shade next to a named colour would take its pixels
    table = Image.new("P", (1, 1))
    table.putpalette(flat)
    out = io.BytesIO()
    image.quantize(palette=table, dither=Image.Dither.NONE).save(out, "PNG", compress_level=LEVEL)
    return out.getvalue()


_WEIGHT = (77, 150, 29)
"""How Pillow's median cut weighs a box's span in red, green and blue when it chooses where to cut (luminance)."""
FEW = 1024
"""The most colours of a picture whose median cut ``_median_cut`` makes (more: Pillow's own, over every pixel)."""

Colours = list[tuple[int, tuple[int, int, int]]]
"""Colours with their counts of pixels (``Image.getcolors``)."""


class _Box:
    """A box of ``_median_cut``: its colours, their pixels, and the two boxes it was cut into (``None``: uncut)."""

    __slots__ = ("colours", "first", "pixels", "second")

    def __init__(self, colours: Colours) -> None:
        self.colours = colours
        self.pixels = sum(count for count, _ in colours)
        self.first: _Box | None = None
        self.second: _Box | None = None


def _median_cut(colours: Colours, boxes: int) -> list[tuple[int, int, int]]:
    """The palette Pillow's median cut (``Image.quantize``, ``MEDIANCUT``, ``libImaging/Quant.c``) makes of a
    picture of these ``colours`` (each with its count of pixels, ``Image.getcolors``) with ``boxes`` colours at
    most, from the colours alone: Pillow's pass over every pixel is what a small picture's palette cost.

    Pillow keeps the boxes in a heap by their pixels (``QuantHeap.c``: the same heap here, so that boxes of equal
    pixels are cut in the same order), takes the box of most pixels that holds more than one colour and cuts it
    across the channel of the widest span (weighed by ``_WEIGHT``; the first of equal ones) at the first value,
    from the highest down, by which more than half its pixels are counted: the colours at or above that value
    are its first box, the others its second (when none are below, the lowest value alone is the second).  The
    palette is each box's mean colour, the boxes in that order (first before second, depth first)."""
    root = _Box(colours)
    heap = [root, root]  # 1-based, as QuantHeap.c's
    for _ in range(boxes - 1):
        box = _pop(heap)
        while box is not None and len(box.colours) == 1:  # one colour: not cut again
            box = _pop(heap)
        if box is None:
            break
        box.first, box.second = _cut(box.colours, box.pixels)
        _push(heap, box.first)
        _push(heap, box.second)
    out: list[tuple[int, int, int]] = []
    _means(root, out)
    return out


def _cut(colours: Colours, pixels: int) -> tuple[_Box, _Box]:
    """One box of ``_median_cut`` cut in two (Quant.c: ``split``, ``splitlists``)."""
    channels = list(zip(*(rgb for _, rgb in colours), strict=True))
    spans = [(max(values) - min(values)) * weight for values, weight in zip(channels, _WEIGHT, strict=True)]
    axis = spans.index(max(spans))
    counted, cut = 0, 0
    for count, value in sorted(zip((count for count, _ in colours), channels[axis], strict=True),
                               key=lambda c: -c[1]):
        counted += count
        if counted * 2 > pixels:
            cut = value
            break
    high = [c for c in colours if c[1][axis] >= cut]
    low = [c for c in colours if c[1][axis] < cut]
    if not low:
        least = min(channels[axis])
        high = [c for c in colours if c[1][axis] > least]
        low = [c for c in colours if c[1][axis] == least]
    return _Box(high), _Box(low)


def _push(heap: list[_Box], box: _Box) -> None:
    """QuantHeap.c's ``ImagingQuantHeapAdd`` (a heap of most pixels first)."""
    heap.append(box)
    k = len(heap) - 1
    while k != 1 and box.pixels > heap[k // 2].pixels:
        heap[k] = heap[k // 2]
        k //= 2
    heap[k] = box


def _pop(heap: list[_Box]) -> _Box | None:
    """QuantHeap.c's ``ImagingQuantHeapRemove``: the box of most pixels (``None``: the heap is empty)."""
    if len(heap) == 1:
        return None
    top, last = heap[1], heap.pop()
    count = len(heap) - 1
    k = 1
    while k * 2 <= count:
        child = k * 2
        if child < count and heap[child].pixels < heap[child + 1].pixels:
            child += 1
        if last.pixels > heap[child].pixels:
            break
        heap[k] = heap[child]
        k = child
    if count:
        heap[k] = last
    return top


def _means(box: _Box, out: list[tuple[int, int, int]]) -> None:
    """Each uncut box's mean colour, depth first (Quant.c: ``annotate_hash_table``,
    ``compute_palette_from_median_cut``, its rounding)."""
    if box.first is not None and box.second is not None:
        _means(box.first, out)
        _means(box.second, out)
        return
    colours, pixels = box.colours, box.pixels
    out.append((int(.5 + sum(n * c[0] for n, c in colours) / pixels),
                int(.5 + sum(n * c[1] for n, c in colours) / pixels),
                int(.5 + sum(n * c[2] for n, c in colours) / pixels)))
