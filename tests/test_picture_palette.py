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
from adjudicator.postal.picture import COLOURS, FEW, LEVEL, NEAR, _median_cut, palette, render, svg_colours


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
