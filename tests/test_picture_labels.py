"""Issue 35, the pictures: a town's caption never covers track, InterUrban's line labels cannot be taken for one
another, and a racing turn's mail shows the dice in its text.

The captions were placed once per map, for the land alone (``svgplace.place_all``), so "New York 14 15 16"
lay on BLUE's first segment out of New York.  A game's picture now moves each caption that would cover its track
or a race's route to a candidate place where nothing is drawn (``svgplace.clear_of``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.mapfile import load_map
from adjudicator.dampfross.report import svg
from adjudicator.dampfross.report.ascii import TrackMark
from adjudicator.dampfross.report.svgplace import Boxes, text_box
from tests.helpers import example_mails

CAPTION = re.compile(r'<text class="caption" x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)" text-anchor="(\w+)" '
                     r'fill="[^"]*">([^<]*)</text>')


def covering(picture: str, marks: list[TrackMark], titled: bool, routes: tuple[svg.RouteMark, ...] = ()) -> list[str]:
    """The captions of a picture that lie on its track (or its routes)."""
    size = 20.0
    geo = svg._Geometry(size, size * 0.8, size * (2.2 if titled else 0.8))
    drawn = Boxes(svg._drawn_boxes(marks, routes, geo))
    return [text for x, y, font, anchor, text in CAPTION.findall(picture)
            if drawn.overlap(text_box(float(x), float(y), anchor, text, float(font))) > 0]


@pytest.mark.parametrize("direction", ["W", "E", "NW", "NE", "SW", "SE"])
def test_new_york_leaves_blues_first_segment_free(direction: str):
    gmap = load_map("usa-east")
    new_york = Hex.parse("2410")
    to = next(h for h in gmap.neighbours(new_york) if new_york.direction_to(h) == direction)
    marks = [TrackMark(new_york, to, "b", True)]
    picture = svg.render_svg(gmap, marks, players={"b": "BLUE"})
    assert "New York 14 15 16" in picture
    assert covering(picture, marks, titled=False) == []


@pytest.mark.parametrize("name", ["germany", "france", "usa-east", "usa-west"])
def test_no_caption_lies_on_the_track_of_a_game(name: str, tmp_path: Path):
    """Fourteen turns of four bots on each shipped map: before, 6 to 10 captions of each lay on track."""
    from adjudicator.dampfross.report.common import track_marks
    from tests.helpers import dampfross_state
    from tools.selfplay import play_game, session_play

    play_game(tmp_path / "g", name, players=4, seed=f"captions-{name}", max_turns=14, check=False)
    state = dampfross_state(tmp_path / "g")
    gmap = session_play(tmp_path / "g").gmap(state)
    marks = list(track_marks(state, None))
    assert len(marks) > 80
    picture = svg.game_svg(gmap, state, None)
    assert covering(picture, marks, titled=True) == []
    land = svg.render_svg(gmap, (), title="x")  # the captions placed for the land alone, as before
    assert len(CAPTION.findall(land)) == len(CAPTION.findall(picture)) == len(gmap.towns)


def test_interurban_line_labels_are_large_and_off_the_track():
    """S and 5 looked alike at a mail's size (9 units, regular): every line label is 14 units and bold, and a start
    tile writes its lines' labels beside their arms, never on the track."""
    from adjudicator.interurban.play import PLAY
    from adjudicator.interurban.svg import svg as layout
    for seed in range(1, 25):  # the start tiles of 24 seeded games, in every turn they are laid
        state = PLAY.setup("g", ["red", "blue", "green"], PLAY.draw(f"{seed:064x}"))
        _labels_clear(layout(state), len(state.lines))


def _labels_clear(picture: str, lines: int) -> None:
    from adjudicator.interurban.svg import LABEL_FONT

    labels = re.findall(r'<text class="line-label" x="([\d.]+)" y="([\d.]+)" font-size="(\d+)"[^>]*'
                        r'font-weight="bold"[^>]*fill="([^"]+)">([^<]+)</text>', picture)
    assert LABEL_FONT >= 14 and len(labels) == 2 * lines  # on the start tile and at the open end
    arms = Boxes([b for x1, y1, x2, y2 in re.findall(r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" '
                                                     r'y2="([\d.]+)" stroke="#7b4a1e" stroke-width="6"', picture)
                  for b in [svgbox(float(x1), float(y1), float(x2), float(y2), 3.0)]])
    for x, y, font, _fill, text in labels:
        assert int(font) == LABEL_FONT
        assert arms.overlap(text_box(float(x), float(y), "middle", text, float(font))) == 0, (text, x, y)


def svgbox(x1: float, y1: float, x2: float, y2: float, half: float):  # type: ignore[no-untyped-def]
    """The box of an arm (a straight stroke along x or y, butt ends): ``half`` its width on either side."""
    from adjudicator.dampfross.report.svgplace import Box

    wide, high = (half, 0.0) if x1 == x2 else (0.0, half)
    return Box(min(x1, x2) - wide, min(y1, y2) - high, max(x1, x2) + wide, max(y1, y2) + high)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_racing_turns_mail_shows_the_dice_in_its_text(lang: str):
    """Each race's rounds, every die and position, stand in the mail's text as in the attached public report (before,
    only the attachment had them)."""
    golden = Path(__file__).parent / "golden" / ("example" if lang == "en" else f"example-{lang}")
    mails = example_mails(lang)  # each company's report mail as the session sent it
    for turn in (6, 7):
        public = (golden / "reports" / f"move-{turn:03d}.txt").read_text(encoding="utf-8")
        rounds = [line for line in public.splitlines() if re.match(r"  (Round|Runde) |      \d ", line)]
        assert rounds
        for company in ("RAVEL", "NOB", "SUED", "HAFEN"):
            body = mails[(f"{turn:03d}", company)]
            assert all(line in body.splitlines() for line in rounds), (turn, company)
