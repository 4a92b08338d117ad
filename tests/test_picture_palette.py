"""postal/picture.py: a picture of few colours gets the palette Pillow's median cut gives it, made from its colours
alone without Pillow's pass over every pixel (issue 34: an InterUrban move's picture in a tick)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from adjudicator.interurban.move import apply_move, legal_first, setup
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from adjudicator.interurban.svg import svg
from adjudicator.postal.picture import (
    COLOURS,
    FEW,
    LEVEL,
    NEAR,
    SMALL,
    _median_cut,
    palette,
    render,
    svg_colours,
    svg_to_png,
)


def by_median_cut(image: Image.Image, boxes: int) -> list[tuple[int, int, int]]:
    """The palette Pillow's median cut makes of ``image`` with ``boxes`` colours at most."""
    flat = image.quantize(boxes, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).getpalette() or []
    return list(zip(flat[::3], flat[1::3], flat[2::3], strict=True))[:boxes]


def few_colours(rng: random.Random, size: int = 64) -> Image.Image:
    """An RGB picture of 1 to 300 colours, some sharing a channel's value, some common and some rare."""
    values = [rng.randrange(256) for _ in range(rng.choice((3, 8, 40)))]  # few values: many ties in a channel
    colours = list({(rng.choice(values), rng.choice(values), rng.choice(values))
                    for _ in range(rng.choice((1, 5, 30, 58, 100, 300)))})
    weights = [rng.choice((1, 1, 2, 5, 40, 400)) for _ in colours]
    pixels = rng.choices(colours, weights, k=size * size)
    image = Image.new("RGB", (size, size))
    image.putdata(pixels)
    return image


@pytest.mark.parametrize("seed", range(120))
def test_few_colours_get_the_palette_of_pillows_median_cut(seed: int):
    rng = random.Random(seed)
    image = few_colours(rng)
    boxes = rng.choice((2, 5, 20, 55, 58, 64))
    found = image.getcolors(FEW)
    assert found is not None
    assert _median_cut([(n, (c[0], c[1], c[2])) for n, c in found], boxes) == by_median_cut(image, boxes)


def layouts() -> list[str]:
    """InterUrban layouts of a self-played game: the start, and after every few moves."""
    draw = SeededDraw(seed_from_text("palette"))
    state = setup("palette", ("red", "blue", "green", "yellow"), draw)
    rng = random.Random(3)
    out = [svg(state)]
    for n in range(40):
        options = list(legal_first(state))
        if state.over or not options:
            break
        state, _events = apply_move(state, [rng.choice(options)], draw)
        if n % 8 == 7:
            out.append(svg(state))
    return out


def old_palette(png: bytes, named: list[tuple[int, int, int]]) -> bytes:
    """``palette`` as it was before issue 34's tick work: Pillow's median cut of every picture."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    named = named[: COLOURS * 3 // 4]
    shades = by_median_cut(image, COLOURS - len(named))
    rest = [rgb for rgb in shades if all(max(abs(a - b) for a, b in zip(rgb, c, strict=True)) > NEAR for c in named)]
    table = Image.new("P", (1, 1))
    table.putpalette([v for rgb in named + rest for v in rgb])
    out = io.BytesIO()
    image.quantize(palette=table, dither=Image.Dither.NONE).save(out, "PNG", compress_level=LEVEL)
    return out.getvalue()


def test_an_interurban_picture_is_the_same_as_by_pillows_median_cut():
    pictures = layouts()
    assert len(pictures) >= 4
    for drawing in pictures:
        png = render(drawing)
        named = svg_colours(drawing)
        assert Image.open(io.BytesIO(png)).convert("RGB").getcolors(FEW) is not None  # the colours alone
        assert palette(png, named) == old_palette(png, named)


def test_a_picture_of_many_colours_is_cut_by_pillow():
    rng = random.Random(7)
    image = Image.new("RGB", (40, 40))
    image.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(1600)])
    raw = io.BytesIO()
    image.save(raw, "PNG")
    out = Image.open(io.BytesIO(palette(raw.getvalue(), [(255, 255, 255)])))
    assert out.mode == "P" and len(out.getcolors() or []) <= COLOURS
    assert palette(raw.getvalue(), [(255, 255, 255)]) == old_palette(raw.getvalue(), [(255, 255, 255)])


def test_a_picture_small_as_rendered_is_sent_as_it_is_and_a_large_one_as_a_palette():
    """``svg_to_png``: a PNG of at most ``SMALL`` bytes as rendered (an InterUrban layout: the palette would save
    some 2 KB for 3 ms of a tick), a larger one as ``COLOURS`` colours."""
    small = layouts()[0]
    assert len(render(small)) <= SMALL and svg_to_png(small) == render(small)
    assert Image.open(io.BytesIO(svg_to_png(small))).size == Image.open(io.BytesIO(render(small))).size
    rng = random.Random(5)
    dots = "".join(f'<rect x="{x}" y="{y}" width="1" height="1" fill="#{rng.randrange(1 << 24):06x}"/>'
                   for x in range(0, 200, 2) for y in range(0, 200, 2))  # 10,000 colours: far over SMALL
    large = f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">{dots}</svg>'
    assert len(render(large)) > SMALL
    assert svg_to_png(large) == palette(render(large), svg_colours(large))
    assert Image.open(io.BytesIO(svg_to_png(large))).mode == "P"
