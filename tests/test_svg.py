"""The SVG map (report/svg.py) and the pictures behind ``map show --svg/--png`` (app/pictures.py)."""

from __future__ import annotations

import math
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.dampfross.app.pictures import svg_to_png, turn_png, turn_svg
from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.report.ascii import TrackMark, map_ferries
from adjudicator.dampfross.report.svg import (
    COMPANY_COLOURS,
    EXTRA_COLOURS,
    GLOW,
    FerryLine,
    RouteMark,
    _Geometry,
    company_colour,
    ferry_lines,
    render_svg,
)
from adjudicator.dampfross.report.svgplace import Box, text_box, text_width
from adjudicator.kernel.errors import AdjudicatorError
from tests.helpers import H, invoke, make_map

NS = {"s": "http://www.w3.org/2000/svg"}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example game played through the session (tests/example_game.py), over after 7 turns."""
    from tests.example_game import play

    return play(tmp_path_factory.mktemp("svg"))


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def group(root: ET.Element, gid: str) -> ET.Element:
    found = root.find(f".//s:g[@id='{gid}']", NS)
    assert found is not None, f"no layer {gid}"
    return found


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


TINY = make_map(
    """
.....
.^...
..~..
.....
""",
    towns=[("Nordstadt", "0101", [11, 12]), ("Südheim", "0504", [13])],
    rivers=["0201 0202"],
    countries="""
AAABB
AAABB
AAABB
AAABB
""",
    starts=["Nordstadt"],
)


# --- the map itself --------------------------------------------------------

@pytest.mark.parametrize("name", ["germany", "france", "usa-east", "usa-west"])
def test_every_shipped_map_is_well_formed_svg_with_every_hex_label_and_town(name: str):
    gmap = load_map(name)
    root = parse(render_svg(gmap, title=gmap.name))
    labels = [t.text for t in group(root, "labels")]
    assert sorted(labels) == sorted(h.label for h in gmap.terrain)
    words = " ".join(texts(root))
    assert all(t.name in words for t in gmap.towns)
    assert len(group(root, "rivers")) == len(gmap.rivers)
    assert len(group(root, "borders")) == len(gmap.borders)
    assert len(group(root, "terrain").findall("s:polygon", NS)) == len(gmap.terrain)


SVG = "{http://www.w3.org/2000/svg}"


def word_boxes(root: ET.Element) -> list[tuple[str, Box]]:
    """Every town caption and ferry label with the box its letters and halo cover."""
    return [(t.text or "", text_box(float(t.get("x", "")), float(t.get("y", "")), t.get("text-anchor", ""),
                                    t.text or "", float(t.get("font-size", ""))))
            for t in root.iter(f"{SVG}text") if t.get("class") in ("caption", "ferry-label")]


def clashes(boxes: list[tuple[str, Box]]) -> list[tuple[str, str]]:
    return [(a, c) for i, (a, b) in enumerate(boxes) for c, d in boxes[i + 1:] if b.overlap(d) > 0]


@pytest.mark.parametrize("name", ["germany", "france", "usa-east", "usa-west"])
def test_no_two_words_of_a_shipped_map_overlap_and_all_lie_inside_the_picture(name: str):
    """Issue 17: 'San Francisco' was printed under 'Sacramento 21', 'New Orleans' cut off at the edge of usa-west,
    Dunkerque/Oostende/Gent and Clermont-Ferrand/Lyon ran together, ferry labels piled up."""
    gmap = load_map(name)
    root = parse(render_svg(gmap, ferries=ferry_lines(map_ferries(gmap)), title=gmap.name))
    boxes = word_boxes(root)
    assert len(boxes) == len(gmap.towns) + len(gmap.ferries)
    assert clashes(boxes) == []
    _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    frame = Box(0, 0, width, height)
    assert [text for text, box in boxes if not box.inside(frame)] == []
    rings = [(t.name, Box(x - 7, y - 7, x + 7, y + 7)) for t in gmap.towns
             for x, y in [_Geometry(20.0, 16.0, 44.0).centre(t.hex)]]
    assert [(a, c) for a, b in boxes for c, d in rings if b.overlap(d) > 0] == []  # nor any town's ring


def test_crowded_towns_at_the_edge_get_captions_side_by_side_inside_the_picture():
    """Three towns in a row with long names at the map's east edge, the old place of every caption (right of
    its ring) overlapped its neighbour's and ran off the picture."""
    crowded = make_map("......\n......\n......\n", towns=[
        ("Clermont Ferrand", "0402", [11]), ("Dunkerque", "0502", [12]), ("Oostende Gent", "0602", [13, 14]),
        ("Lyon", "0503", [15])], countries="AAAAAA\nAAAAAA\nAAAAAA\n", starts=["Lyon"])
    root = parse(render_svg(crowded))
    boxes = word_boxes(root)
    assert len(boxes) == 4 and clashes(boxes) == []
    _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    assert all(box.inside(Box(0, 0, width, height)) for _, box in boxes)


def test_hex_labels_are_large_enough_to_read():
    """Issue 17: hex labels were 6 units high; players write their orders from them."""
    root = parse(render_svg(TINY))
    assert float(group(root, "labels").get("font-size", "0")) >= 7.5
    assert text_width("1409", 7.6) < _Geometry(20.0, 0, 0).width * 0.8  # still within its hex


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i: i + 2], 16) / 255) for i in (1, 3, 5))
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize("colour", sorted({*COMPANY_COLOURS.values(), *EXTRA_COLOURS}))
def test_this_turns_glow_is_far_from_every_company_colour(colour: str):
    """Issue 17: the glow of this turn's track was yellow, like company Y's track."""
    assert math.dist(_lab(GLOW), _lab(colour)) > 40
    root = parse(render_svg(TINY, [TrackMark(H("0101"), H("0201"), "Y", new=True)]))
    assert group(root, "new-track-glow").get("stroke") == GLOW


def test_terrain_towns_numbers_and_start_towns():
    root = parse(render_svg(TINY))
    kinds = [p.get("class") for p in group(root, "terrain").findall("s:polygon", NS)]
    assert kinds.count("hex mountain") == 1 and kinds.count("hex water") == 1 and kinds.count("hex plain") == 18
    towns = group(root, "towns").findall("s:g", NS)
    assert [(t.get("class"), t.get("data-hex")) for t in towns] == [("town start", "0101"), ("town", "0504")]
    assert "Nordstadt 11 12" in texts(root) and "Südheim 13" in texts(root)
    borders = {(ln.get("x1"), ln.get("y1")) for ln in group(root, "borders")}
    assert len(borders) == len(TINY.borders) == 6  # between columns 3 and 4, not where 0303 is water


def test_the_side_between_two_hexes_lies_halfway_between_their_centres():
    geo = _Geometry(20.0, 0.0, 0.0)
    for h in (H("0505"), H("0506")):
        for n in h.neighbours():
            (ax, ay), (bx, by) = geo.centre(h), geo.centre(n)
            assert math.isclose(math.hypot(ax - bx, ay - by), geo.width, rel_tol=1e-9)
            for x, y in geo.side(Side(h, n)):
                assert math.isclose(math.hypot(x - ax, y - ay), 20.0, rel_tol=1e-9)  # a corner of both hexes
                assert math.isclose(math.hypot(x - bx, y - by), 20.0, rel_tol=1e-9)


def test_each_company_track_in_its_colour_shared_sides_side_by_side_new_track_glows():
    marks = [TrackMark(H("0101"), H("0201"), "R"), TrackMark(H("0201"), H("0301"), "R", new=True),
             TrackMark(H("0201"), H("0301"), "B"), TrackMark(H("0301"), H("0401"), "B")]
    root = parse(render_svg(TINY, marks, players={"R": "RED Rotbahn", "B": "BLUE Blaulinie"}))
    lines = group(root, "track").findall("s:line[@data-owner]", NS)
    assert sorted((ln.get("data-owner"), ln.get("data-side")) for ln in lines) == [
        ("B", "0201-0301"), ("B", "0301-0401"), ("R", "0101-0201"), ("R", "0201-0301")]
    shared = [ln for ln in lines if ln.get("data-side") == "0201-0301"]
    assert all("shared" in (ln.get("class") or "") for ln in shared)
    assert shared[0].get("y1") != shared[1].get("y1")  # parallel, not on top of each other
    assert {ln.get("stroke") for ln in lines} == {COMPANY_COLOURS["R"], COMPANY_COLOURS["B"]}
    assert [ln.get("class") for ln in lines if "new" in (ln.get("class") or "")] == ["track co-R new shared"]
    assert len(group(root, "new-track-glow")) == 1
    assert "R = RED Rotbahn" in texts(root) and "B = BLUE Blaulinie" in texts(root)


def test_track_off_the_map_is_refused():
    with pytest.raises(ValueError, match="not on the map"):
        render_svg(TINY, [TrackMark(H("0505"), H("0605"), "R")])


def test_race_routes_and_ferry_lines_are_drawn_with_their_labels():
    route = RouteMark((H("0101"), H("0201"), H("0302")), "G", "race 1: GREEN, Nordstadt to X")
    ferry = FerryLine(H("0101"), H("0504"), "Fähre Nord")
    root = parse(render_svg(TINY, routes=[route], ferries=[ferry]))
    line = group(root, "routes").find("s:polyline[@class='route co-G']", NS)
    assert line is not None and line.get("stroke") == COMPANY_COLOURS["G"]
    assert "".join(line.itertext()) == "race 1: GREEN, Nordstadt to X"
    arc = group(root, "ferries").find("s:path[@class='ferry']", NS)
    assert arc is not None and "Fähre Nord" in "".join(arc.itertext())
    assert "ferry" in texts(root) and "race route (ring: start)" in texts(root)
    plain = parse(render_svg(TINY))
    assert len(group(plain, "ferries")) == 0 and "ferry" not in texts(plain)


def test_text_is_escaped():
    root = parse(render_svg(TINY, title='<b> & "quotes"'))
    assert texts(root)[0] == '<b> & "quotes"'


def test_colours_of_unknown_letters_come_from_a_fixed_palette():
    assert company_colour("r") == COMPANY_COLOURS["R"]
    assert company_colour("Q") in EXTRA_COLOURS and company_colour("Q") == company_colour("q")


# --- a game's picture ---------------------------------------------------------

def test_game_picture_has_every_company_and_this_turns_track(game: Path):
    from tests.test_site import after_turn  # the state after turn 6 as its step archived it

    state = after_turn(game, 6)
    root = parse(turn_svg(game, 6))
    owners = {ln.get("data-owner") for ln in group(root, "track").findall("s:line[@data-owner]", NS)}
    assert owners == {p.colour for p in state.players}
    new = {ln.get("data-side") for ln in group(root, "track").findall("s:line", NS) if "new" in (ln.get("class") or "")}
    assert new == {str(s.side) for s in state.track if s.turn == 6}
    assert "Deutschland (DE), game demo, after turn 6" in texts(root)
    assert all(f"{p.colour} = {p.id} {p.name}" in texts(root) for p in state.players)


def test_the_opening_has_no_track_and_now_shows_the_last_turn(game: Path):
    assert len(group(parse(turn_svg(game, 0)), "track")) == 0
    now = parse(turn_svg(game))
    assert "Deutschland (DE), game demo, after turn 7" in texts(now)


def test_races_are_replayed_for_their_routes(game: Path):
    root = parse(turn_svg(game, 6, races=True))
    routes = group(root, "routes").findall("s:polyline[@data-owner]", NS)
    assert sorted(r.get("data-owner") for r in routes) == ["B", "Y"]  # NOB and HAFEN ran race 1
    assert len(group(parse(turn_svg(game, 3, races=True)), "routes")) == 0  # a building turn has none


def test_png_of_a_turn_and_of_its_races(game: Path):
    assert turn_png(game, 2).startswith(PNG_SIGNATURE)
    assert len(group(parse(turn_svg(game, 7, races=True)), "routes").findall("s:polyline[@data-owner]", NS)) == 2
    assert turn_png(game, 7, races=True, scale=0.5).startswith(PNG_SIGNATURE)


def test_png_without_its_package_is_a_clear_error(monkeypatch: pytest.MonkeyPatch):
    """Only a package installed without its dependencies lacks resvg-py (a plain install has it)."""
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import resvg_py now raises ImportError
    with pytest.raises(AdjudicatorError, match=r"need the packages resvg-py and Pillow"):
        svg_to_png("<svg/>")


# --- the command line ---------------------------------------------------------

def test_cli_map_svg_and_png(tmp_path: Path):
    svg, png = tmp_path / "de.svg", tmp_path / "de.png"
    result = invoke("map", "show", "germany", "--svg", str(svg), "--png", str(png))
    assert result.stdout == ""
    assert result.stderr.splitlines()[0].startswith(f"wrote {svg} (")
    assert "Deutschland (DE)" in texts(parse(svg.read_text(encoding="utf-8")))
    assert png.read_bytes().startswith(PNG_SIGNATURE)


def test_cli_game_map_as_ascii_and_svg(game: Path, tmp_path: Path):
    ascii_map = invoke("map", "show", "--game", str(game), "--turn", "3", "--window", "1005:1410").stdout
    assert "#yyy" in ascii_map and "Y = HAFEN Hafenbahn Hamburg" in ascii_map
    out = tmp_path / "t6.svg"
    invoke("map", "show", "--game", str(game), "--turn", "6", "--races", "--svg", str(out))
    assert len(group(parse(out.read_text(encoding="utf-8")), "routes").findall("s:polyline[@data-owner]", NS)) == 2


def test_cli_game_map_split_to_80_columns_keeps_every_track(game: Path):
    whole = invoke("map", "show", "--game", str(game), "--no-legend").stdout
    split = invoke("map", "show", "--game", str(game), "--split").stdout
    assert max(len(line) for line in whole.splitlines()) > 80 >= max(len(line) for line in split.splitlines())
    for letter in "rnsy":
        assert whole.count(letter * 3) <= split.count(letter * 3), letter
    assert "Y = HAFEN Hafenbahn Hamburg" in split


@pytest.mark.parametrize("args, message", [
    ([], "name a map (NAME or FILE) or a game (--game DIR)"),
    (["germany", "--game", "GAME"], "not both"),
    (["germany", "--turn", "2"], "--turn and --races need --game DIR"),
    (["germany", "--svg", "x.svg", "--window", "0101:0505"], "--window and --split apply to the ASCII map"),
    (["germany", "--png", "x.png", "--split"], "--window and --split apply to the ASCII map"),
    (["germany", "--split", "--window", "0101:0505"], "--window and --split exclude each other"),
    (["--game", "GAME", "--races"], "--races draws race routes in a picture"),
    (["--game", "GAME", "--turn", "9", "--svg", "x.svg"], "game demo has turns 0..7; there is no turn 9"),
    (["--game", "NOWHERE", "--svg", "x.svg"], "no game here"),
    (["nosuchmap", "--svg", "x.svg"], "nosuchmap"),
])
def test_cli_map_show_errors(game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
                             message: str):
    monkeypatch.chdir(tmp_path)
    result = invoke("map", "show", *[str(game) if a == "GAME" else a for a in args], ok=False)
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and message in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "x.svg").exists()


def test_cli_png_without_its_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "resvg_py", None)
    result = invoke("map", "show", "germany", "--svg", str(tmp_path / "a.svg"), "--png", str(tmp_path / "a.png"),
                    ok=False)
    assert result.exit_code == 1
    assert result.stderr == ("error: PNG pictures need the packages resvg-py and Pillow, which a plain install "
                             "brings: pip install dampfross-per-post\n")
    assert not (tmp_path / "a.svg").exists() and not (tmp_path / "a.png").exists()


def test_cli_unwritable_file_is_an_error(tmp_path: Path):
    result = invoke("map", "show", "germany", "--svg", str(tmp_path / "no" / "such" / "dir.svg"), ok=False)
    assert result.exit_code == 1 and result.stderr.startswith("error: cannot write ")



def test_the_maps_ferries_are_drawn_on_the_map_and_in_a_game_with_them(tmp_path: Path):
    """Review: the SVG renderer could draw ferries, but nothing passed them: ``map show --svg`` and a game under
    the advanced rules showed none, where the ASCII map does."""
    out = tmp_path / "germany.svg"
    invoke("map", "show", "germany", "--svg", str(out))
    names = {f.name for f in load_map("germany").ferries}
    titles = [t.text for t in ET.parse(out).getroot().iter("{http://www.w3.org/2000/svg}title")]
    assert names and names <= set(titles)
    game = tmp_path / "g"
    invoke("new", str(game), "--map", "germany", "--player", "RED", "--player", "BLUE", "--set", "advanced=true")
    pic = tmp_path / "game.svg"
    invoke("map", "show", "--game", str(game), "--svg", str(pic))
    assert names <= {t.text for t in ET.parse(pic).getroot().iter("{http://www.w3.org/2000/svg}title")}


def test_the_fixed_layers_of_a_map_are_made_once_and_follow_the_language():
    """A site draws one map once per turn: the land, the hex labels, the towns and the words' places are kept per
    map, and per language (a town's tooltip is translated)."""
    from adjudicator.dampfross.report.i18n import language

    gmap = load_map("germany")
    first = render_svg(gmap, title="t")
    assert render_svg(gmap, title="t") == first
    with language("de"):
        german = render_svg(gmap, title="t")
    assert german != first and "Startstadt" in german and "start town" in first
    assert render_svg(load_map("france"), title="t") != first


def test_a_german_games_picture_is_in_german(tmp_path: Path):
    """``map show --game`` and the postal loop's picture speak the game's language, as its site does."""
    invoke("new", str(tmp_path / "g"), "--map", "germany", "--lang", "de", "--player", "RED:Rot", "--player", "BLUE:Blau")
    svg = turn_svg(tmp_path / "g")
    assert "Zeichenerklärung" in svg and "zu Beginn" in svg and ">Key<" not in svg
    invoke("new", str(tmp_path / "e"), "--map", "germany", "--player", "RED:Rot", "--player", "BLUE:Blau")
    assert ">Key<" in turn_svg(tmp_path / "e")
