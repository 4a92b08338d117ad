"""Benchmark (issue 25): two ways to make the PNG of a map with no system library, against CairoSVG.

- ``resvg``: the ``resvg-py`` wheel (resvg, in Rust, bundled) renders the SVG
  of ``report/svg.py`` as it is;
- ``pillow``: Pillow draws the same picture itself.  For the measure, a
  small interpreter of exactly the SVG vocabulary ``render_svg`` writes
  (polygon, polyline, line, circle, rect, a quadratic path, text with
  inherited fill/stroke/size/anchor, translate) draws it with ``ImageDraw``
  at three times the size and scales down (``ImageDraw`` has no
  anti-aliasing), text in Pillow's own font (``ImageFont.load_default``);
- ``shipped``: resvg as ``postal/picture.py`` calls it for a Dampfross map
  (the shipped fonts only, text and the hex grid not smoothed);
- ``cairosvg`` as it was (an optional extra, the cairo C library), when
  it is installed.

Each picture is made at 1.5 pixels a unit (``picture.SCALE``), then
written as it comes and as a palette of 64 colours (``picture.palette``,
what a mail carries).
Printed per map: CPU seconds (median of ``--repeat``), bytes.  With
``--out DIR`` the PNGs are written there to be looked at.  The figures go
into docs/pictures.md.

    python bench/bench_png.py [--maps germany,usa-east] [--repeat 3] [--out /tmp/png]
"""

from __future__ import annotations

import argparse
import io
import itertools
import re
import statistics
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

from adjudicator.dampfross.app.maps import read_map  # noqa: E402
from adjudicator.dampfross.app.pictures import GRID  # noqa: E402
from adjudicator.dampfross.report.ascii import map_ferries  # noqa: E402
from adjudicator.dampfross.report.svg import ferry_lines, render_svg  # noqa: E402
from adjudicator.postal import picture  # noqa: E402

SCALE = 1.5
SUPER = 3
NS = "{http://www.w3.org/2000/svg}"
INHERIT = ("fill", "stroke", "stroke-width", "font-size", "text-anchor", "font-weight", "stroke-dasharray")


def _colour(value: str | None) -> str | None:
    if value is None or value == "none":
        return None
    if re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        return "#" + "".join(c * 2 for c in value[1:])
    return value


def _dashed(d: ImageDraw.ImageDraw, pts: list[tuple[float, float]], fill: str, width: int,
            dash: tuple[float, float]) -> None:
    on, off = dash
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 or 1
        pos = 0.0
        while pos < length:
            end = min(pos + on, length)
            d.line([(x0 + (x1 - x0) * pos / length, y0 + (y1 - y0) * pos / length),
                    (x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length)], fill=fill, width=width)
            pos = end + off


def pillow_png(svg: str, scale: float = SCALE) -> Image.Image:
    """The SVG of ``render_svg`` drawn by Pillow (see the module's docstring)."""
    root = ET.fromstring(svg)
    k = scale * SUPER
    size = (round(float(root.get("width", "0")) * k), round(float(root.get("height", "0")) * k))
    image = Image.new("RGB", size, "white")
    d = ImageDraw.Draw(image)
    fonts: dict[int, ImageFont.FreeTypeFont | ImageFont.ImageFont] = {}

    def font(px: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        n = max(1, round(px))
        if n not in fonts:
            fonts[n] = ImageFont.load_default(n)
        return fonts[n]

    def pts(text: str, dx: float, dy: float) -> list[tuple[float, float]]:
        nums = [float(v) for v in re.findall(r"-?[\d.]+", text)]
        return [((nums[i] + dx) * k, (nums[i + 1] + dy) * k) for i in range(0, len(nums) - 1, 2)]

    def walk(el: ET.Element, attrs: dict[str, str], dx: float, dy: float) -> None:
        a = dict(attrs)
        a.update({n: v for n, v in el.attrib.items() if n in INHERIT})
        tag = el.tag.removeprefix(NS)
        m = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", ""))
        if m:
            dx, dy = dx + float(m[1]), dy + float(m[2])
        fill, stroke = _colour(a.get("fill", "#000")), _colour(a.get("stroke"))
        width = max(1, round(float(a.get("stroke-width", "1")) * k))
        dash = tuple(float(v) * k for v in a.get("stroke-dasharray", "").split()) if "stroke-dasharray" in a else ()
        if tag == "polygon":
            d.polygon(pts(el.get("points", ""), dx, dy), fill=fill, outline=stroke, width=width if stroke else 0)
        elif tag in ("polyline", "line", "path"):
            if tag == "line":
                p = pts(" ".join(el.get(n, "0") for n in ("x1", "y1", "x2", "y2")), dx, dy)
            elif tag == "path":  # M x,y Q cx,cy x,y: the curve as a few straight pieces
                (x0, y0), (cx, cy), (x1, y1) = pts(el.get("d", ""), dx, dy)[:3]
                p = [((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
                      (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1) for t in (i / 12 for i in range(13))]
            else:
                p = pts(el.get("points", ""), dx, dy)
            if stroke and len(dash) == 2:
                _dashed(d, p, stroke, width, (dash[0], dash[1]))
            elif stroke:
                d.line(p, fill=stroke, width=width, joint="curve")
        elif tag == "circle":
            cx, cy = (float(el.get("cx", "0")) + dx) * k, (float(el.get("cy", "0")) + dy) * k
            r = float(el.get("r", "0")) * k
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=stroke, width=width if stroke else 0)
        elif tag == "rect":
            x, y = (float(el.get("x", "0")) + dx) * k, (float(el.get("y", "0")) + dy) * k
            w, h = float(el.get("width", "0")) * k, float(el.get("height", "0")) * k
            d.rectangle((x, y, x + w, y + h), fill=fill, outline=stroke, width=width if stroke else 0)
        elif tag == "text":
            x, y = (float(el.get("x", "0")) + dx) * k, (float(el.get("y", "0")) + dy) * k
            anchor = {"middle": "ms", "end": "rs"}.get(a.get("text-anchor", ""), "ls")
            halo = stroke is not None and stroke != fill
            d.text((x, y), el.text or "", fill=fill or "#000", font=font(float(a.get("font-size", "16")) * k),
                   anchor=anchor, stroke_width=width if halo else 0, stroke_fill=stroke if halo else None)
        for child in el:
            walk(child, a, dx, dy)

    walk(root, {}, 0.0, 0.0)
    return image.resize((round(size[0] / SUPER), round(size[1] / SUPER)), Image.Resampling.LANCZOS)


def _as_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def makers() -> dict[str, Callable[[str], bytes]]:
    found: dict[str, Callable[[str], bytes]] = {"pillow": lambda svg: _as_png(pillow_png(svg))}
    try:
        import resvg_py

        found["resvg"] = lambda svg: bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=SCALE))
        found["shipped"] = lambda svg: picture.render(svg, SCALE, GRID)
    except ImportError:
        pass
    try:
        import cairosvg

        found["cairosvg"] = lambda svg: bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=SCALE))
    except (ImportError, OSError):
        pass
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default="germany,usa-east")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    print(f"{'map':10} {'renderer':9} {'CPU s':>6} {'bytes':>9} {'64 colours':>11} {'CPU s with':>11}")
    for name in args.maps.split(","):
        gmap = read_map(name)
        svg = render_svg(gmap, ferries=ferry_lines(map_ferries(gmap)), title=f"{gmap.name} ({gmap.code})")
        for label, make in makers().items():
            times, png = [], b""
            for _ in range(args.repeat):
                t = time.process_time()
                png = make(svg)
                times.append(time.process_time() - t)
            t = time.process_time()
            small = picture.palette(png, picture.svg_colours(svg))
            both = statistics.median(times) + time.process_time() - t
            print(f"{name:10} {label:9} {statistics.median(times):6.2f} {len(png):9} {len(small):11} {both:11.2f}")
            if args.out:
                args.out.mkdir(parents=True, exist_ok=True)
                (args.out / f"{name}-{label}.png").write_bytes(small)
    print(f"renderers measured: {', '.join(makers())}")


if __name__ == "__main__":
    main()
