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
110 KB instead of 650 KB, the largest map (France) 150 KB, so that a report
mail stays under 300 KB (docs/pictures.md has the figures).

Both packages are imported when a picture is made, not before: a turn that
sends no mail does not load them.
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


def svg_to_png(svg: str, scale: float = SCALE, colours: int = COLOURS, crisp: str = "") -> bytes:
    """The SVG as a small PNG for a mail: rendered (``render``), then as a palette of ``colours`` colours."""
    return palette(render(svg, scale, crisp), svg_colours(svg), colours)


def palette(png: bytes, named: list[tuple[int, int, int]], colours: int = COLOURS) -> bytes:
    """A PNG as a palette of ``colours`` colours (no dithering): the ``named`` ones (up to three quarters of the
    palette), the rest chosen by median cut of the picture (its edges and shades)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    named = named[: colours * 3 // 4]
    found = image.quantize(colours - len(named), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    shades = (found.getpalette() or [])[: 3 * (colours - len(named))]
    rest = [rgb for rgb in zip(shades[::3], shades[1::3], shades[2::3], strict=True)
            if all(max(abs(a - b) for a, b in zip(rgb, c, strict=True)) > NEAR for c in named)]
    flat = [v for rgb in named + rest for v in rgb]  # a shade next to a named colour would take its pixels
    table = Image.new("P", (1, 1))
    table.putpalette(flat)
    out = io.BytesIO()
    image.quantize(palette=table, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()
