"""Tests of the ASCII map renderer.

Golden files live in ``tests/golden/render/``; regenerate them with
``UPDATE_GOLDEN=1 pytest tests/test_render.py`` and read the diff before
committing.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.board.errors import WindowError
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.mapfile import parse_map
from adjudicator.dampfross.report.ascii import (
    TrackMark,
    make_window,
    parse_window,
    render_grid,
    render_map,
    window_around,
)

DATA = Path(__file__).parent / "data"
GOLDEN = Path(__file__).parent / "golden" / "render"
GERMANY = Path(__file__).parent.parent / "maps" / "germany.yaml"

H = Hex.parse

WIDE_YAML = """
name: Wide
code: WD
terrain: |
  ~~~~~~~~~~..........
  ~~~~~~~~~...........
  ~~~~~.......^^^.....
  ~~~~........^^......
  ............~~......
  ....................
countries: |
  AAAAAAAAAAAAAAABBBBB
  AAAAAAAAAAAAAABBBBBB
  AAAAAAAAAAAAAABBBBBB
  AAAAAAAAAAAAABBBBBBB
  AAAAAAAAAAAAABBBBBBB
  AAAAAAAAAAAAAABBBBBB
country_names: {A: Alpha, B: Beta}
rivers:
  - 0505 0506
  - 0605 0506
  - 0605 0606
  - 1404 1405
towns:
  - {name: Köln, hex: "0603", numbers: [11], start: true, port: true}
  - {name: Zürich, hex: "1906", numbers: [12]}
  - {name: Ärgerdorf, hex: "1101", numbers: [13]}
"""


@pytest.fixture(scope="module")
def tiny():
    return read_map(DATA / "tiny.yaml")


@pytest.fixture(scope="module")
def wide():
    return parse_map(WIDE_YAML, "<wide>")


def marks(owner: str, path: str, new: bool = False) -> list[TrackMark]:
    """Track marks along a path of labels such as ``"0402 0502 0503"``."""
    hexes = [H(label) for label in path.split()]
    return [TrackMark(a, b, owner, new) for a, b in itertools.pairwise(hexes)]


def two_players() -> list[TrackMark]:
    """Red and Blue on the tiny map: every kind of segment the renderer draws."""
    red = (
        marks("R", "0402 0502 0503")  # east-west, then south-west diagonal
        + marks("R", "0503 0504", new=True)  # south-east diagonal, new this turn
        + marks("R", "0504 0404")  # shared with Blue
        + marks("R", "0504 0605")
        + marks("R", "0605 0705", new=True)
        + marks("R", "0705 0805")
    )
    blue = marks("B", "0104 0204 0304 0404 0504") + marks("B", "0304 0305 0306 0307")  # crosses the river 0304-0404
    return red + blue


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert path.exists(), f"golden file {path} missing; run with UPDATE_GOLDEN=1"
    assert text == path.read_bytes().decode("utf-8")


def grid_letters(grid: list[str]) -> list[tuple[int, int, str]]:
    """Every letter in a bare grid with its (line, column)."""
    return [(y, x, ch) for y, line in enumerate(grid) for x, ch in enumerate(line) if ch.isalpha()]


# --- golden ------------------------------------------------------------------


def test_golden_tiny_with_track(tiny):
    text = render_map(tiny, two_players(), players={"R": "RED Rheinbahn", "B": "BLUE Bergbahn"})
    check_golden("tiny_track.txt", text)


def test_track_order_does_not_matter(tiny):
    track = two_players()
    assert render_map(tiny, track) == render_map(tiny, list(reversed(track)))


# --- cell placement ------------------------------------------------------------


def test_centres_of_odd_and_even_rows(tiny):
    grid = render_grid(tiny)
    assert grid[0][12] == "."  # 0401: odd row, column 4 -> 4 * 3
    assert grid[2][14] == "#"  # 0402: even row, shifted by 2; Nordstadt is a start town
    assert grid[6][2] == "@"  # 0104: Hafen
    assert grid[2][26] == "^"  # 0702 mountain


def test_ne_diagonal_from_odd_row(tiny):
    grid = render_grid(tiny, [TrackMark(H("0503"), H("0502"), "r")])
    # 0503 (odd row 3) centre at line 4, col 16; its NE neighbour 0502 at line 2, col 18
    assert grid_letters(grid) == [(3, 17, "r")]


def test_ne_diagonal_from_even_row(tiny):
    grid = render_grid(tiny, [TrackMark(H("0504"), H("0603"), "r")])
    # 0504 (even row 4) centre at line 6, col 18; its NE neighbour 0603 at line 4, col 20
    assert grid_letters(grid) == [(5, 19, "r")]


def test_nw_diagonal_from_odd_row(tiny):
    grid = render_grid(tiny, [TrackMark(H("0503"), H("0402"), "r", new=True)])
    # 0402 centre at line 2, col 14; 0503 at line 4, col 16
    assert grid_letters(grid) == [(3, 15, "R")]


def test_east_west_segment_fills_three_cells(tiny):
    grid = render_grid(tiny, [TrackMark(H("0505"), H("0605"), "g")])
    assert grid[8][16:21] == ".ggg."


def test_shared_and_river_segments(tiny):
    track = [TrackMark(H("0304"), H("0404"), o) for o in "RB"] + [TrackMark(H("0305"), H("0405"), "b", new=True)]
    track += [TrackMark(H("0503"), H("0504"), o) for o in "RB"]
    grid = render_grid(tiny, track)
    assert grid[6][10:15] == ".b~r."  # shared and over the river: both letters kept
    assert grid[8][8:13] == ".B~B."
    assert grid[5][17] == "*"  # shared diagonal
    three = render_grid(tiny, [TrackMark(H("0505"), H("0605"), o) for o in "RBG"])
    assert three[8][16:21] == ".***."


def test_new_wins_when_marked_twice(tiny):
    track = [TrackMark(H("0505"), H("0605"), "R"), TrackMark(H("0605"), H("0505"), "r", new=True)]
    assert render_grid(tiny, track)[8][16:21] == ".RRR."


def test_rivers_borders_and_water(tiny, wide):
    grid = render_grid(tiny)
    assert grid[8][10] == "~"  # river 0305-0405: water between two hexes
    assert grid[8][30] == ":"  # border 0805-0905
    assert grid[9][31] == ":"  # border 0905-0806 on the between line
    assert grid[10][18:23] == "~~~~~"  # water 0506 and 0606 joined
    assert grid[11][19] == " "  # no fill between water and land
    wgrid = render_grid(wide)
    assert wgrid[9][19] == "~"  # 0605-0506: south-west side of 0605
    assert wgrid[9][21] == "~"  # 0605-0606: south-east side of 0605
    assert wgrid[7][53] == "~"  # 1404-1405: south-west side of 1404


def test_off_map_hexes_are_blank(tiny):
    gmap = parse_map("name: Holes\ncode: HO\nterrain: |\n  . .\n  ...\n")
    grid = render_grid(gmap)
    assert grid[0] == ".       ."
    assert grid[2] == "  .   .   ."


# --- windows -------------------------------------------------------------------


def test_window_corners_and_legend(tiny):
    text = render_map(tiny, two_players(), window=(H("0305"), H("0807")))
    assert text == render_map(tiny, two_players(), window=(H("0807"), H("0305")))
    lines = text.splitlines()
    assert lines[0] == "odd 03  04  05  06  07  08"
    assert lines[1] == "even  03  04  05  06  07  08"
    assert lines[2].startswith("05   .") and lines[2].endswith(" 05")
    assert [ln[:2] for ln in lines[2:8:2]] == ["05", "06", "07"]
    assert "Südheim" in text and "Ostburg" in text
    assert "Nordstadt" not in text and "Hafen" not in text and "Grenzdorf" not in text


def test_window_is_clipped_to_the_map(tiny):
    text = render_map(tiny, window=(H("0805"), H("1209")), legend=False)
    lines = text.splitlines()
    assert lines[0] == "odd 08  09  10"
    assert lines[2].startswith("05   @ : @   .")
    assert lines[-3].startswith("08   ")
    assert "Key:" not in text


def test_window_outside_the_map(tiny):
    with pytest.raises(WindowError):
        render_map(tiny, window=(H("2020"), H("3030")))


def test_parse_window():
    assert parse_window("0305:1420") == (Hex(3, 5), Hex(14, 20))
    assert parse_window(" 0305 - 1420 ") == (Hex(3, 5), Hex(14, 20))
    for bad in ("0305", "0305:14", "0305:0000", "a:b:c"):
        with pytest.raises(WindowError):
            parse_window(bad)


def test_window_around(tiny, wide):
    assert window_around(tiny, [H("0505")]) == (H("0303"), H("0707"))
    assert window_around(tiny, [H("0101"), H("0202")]) == (H("0101"), H("0404"))
    assert window_around(tiny, [H("0908")], margin=1) == (H("0807"), H("1008"))
    assert window_around(wide, [H("0101"), H("2006")]) == (H("0201"), H("1906"))
    assert window_around(wide, [H("1002")], max_cols=5) == (H("0801"), H("1204"))
    with pytest.raises(ValueError):
        window_around(tiny, [])


def test_18_column_window_fits_80_characters(wide):
    window = window_around(wide, [H("0101"), H("2006")])
    assert make_window(wide, window).col1 - make_window(wide, window).col0 + 1 == 18
    track = marks("R", "0104 0204 0304 0404 0505") + marks("B", "1506 1606 1706 1806 1906", new=True)
    text = render_map(wide, track, window=window, players={"R": "Rheinbahn", "B": "Bergbahn"})
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "01 " in text and " 18" in text.splitlines()[1]


def test_ascii_except_town_names(tiny, wide):
    for gmap in (tiny, wide):
        text = render_map(gmap, two_players() if gmap is tiny else ())
        for town in gmap.towns:
            text = text.replace(town.name, "")
        assert text.isascii()


# --- validation ----------------------------------------------------------------


def test_track_mark_validation(tiny):
    with pytest.raises(ValueError):
        TrackMark(H("0101"), H("0103"), "R")
    with pytest.raises(ValueError):
        TrackMark(H("0101"), H("0201"), "RB")
    with pytest.raises(ValueError):
        TrackMark(H("0101"), H("0201"), "*")
    with pytest.raises(ValueError):
        render_map(tiny, [TrackMark(H("1001"), H("1101"), "R")])


@pytest.mark.skipif(not GERMANY.exists(), reason="maps/germany.yaml not written yet")
def test_germany_renders():
    germany = read_map(GERMANY)
    full = render_map(germany)
    assert all(t.name in full for t in germany.towns)
    window = window_around(germany, [H("0305"), H("1420")])
    text = render_map(germany, window=window)
    assert max(len(line) for line in text.splitlines()) <= 80
