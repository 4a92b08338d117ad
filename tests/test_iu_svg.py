"""interurban/svg.py: the layout as SVG is valid XML and shows every tile."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from dataclasses import replace

from adjudicator.interurban.move import apply_move, legal_first, setup
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from adjudicator.interurban.svg import COLOURS, svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def test_every_tile_is_drawn_in_valid_svg():
    draw = SeededDraw(seed_from_text("svg"))
    state = setup("svg", ("green", "blue", "red", "yellow"), draw)
    rng = random.Random(5)
    for _ in range(30):
        options = list(legal_first(state))
        if state.over or not options:
            break
        state, _events = apply_move(state, [rng.choice(options)], draw)
    state = replace(state, game='<b>"&</b>')
    root = ET.fromstring(svg(state).encode("utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    tiles = root.findall("svg:g[@data-tile]", NS)
    assert sorted(g.get("data-tile") for g in tiles) == sorted(p.tile for p in state.board)
    assert any(p.station for p in state.board)
    for g, p in zip(tiles, state.board, strict=True):
        assert g.get("data-cell") == f"{p.cell[0]},{p.cell[1]}" and p.kind in (g.get("class") or "")
        assert len(g.findall("svg:line", NS)) == len(p.lines_at)
        if p.station:
            disc = g.find("svg:circle", NS) if p.kind == "simple" else g.findall("svg:rect", NS)[1]
            assert disc is not None and disc.get("fill") == COLOURS[p.colour]
            assert str(p.value) in [t.text for t in g.findall("svg:text", NS)]
    ends = root.findall("svg:g[@class='end']", NS)
    assert sorted(g.get("data-line") for g in ends) == sorted(ln.label for ln in state.lines if not ln.finished)
    assert root.find("svg:title", NS).text == 'InterUrban <b>"&</b>'  # type: ignore[union-attr]
