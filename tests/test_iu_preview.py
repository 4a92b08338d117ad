"""interurban/preview.py: the check of a move shows the board after it without drawing hidden tiles."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.interurban.move import apply_move, setup
from adjudicator.interurban.preview import check
from adjudicator.interurban.rules import Problem
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from adjudicator.interurban.state import Placement
from tests.catalogue.interurban_kit import offer, opening, skip_round


def test_the_preview_is_the_move_without_its_draws():
    seed = seed_from_text("preview")
    s = setup("g", ("green", "blue", "red"), SeededDraw(seed))
    s, ids = offer(s, [("straight", 2, "", (0, -1), "NS"), ("straight", 1, "", (0, -2), "NS"),
                       ("simple", 2, "green", (0, -3), "NS")])
    move = [Placement(ids[0], (0, -1), "NS"), Placement(ids[1], (0, -2), "NS"), Placement(ids[2], (0, -3), "NS")]
    game_draw = SeededDraw(seed)
    real, real_events = apply_move(s, move, game_draw)
    game_draw.drawn.clear()
    seen = check(s, "green", move)
    assert not isinstance(seen, Problem)
    assert seen.state.board == real.board and seen.state.lines == real.lines
    assert seen.refills == ("", "", "green")
    assert len(seen.state.track_face_up) == 1 and len(seen.state.stations_face_up) == 8
    assert {t.id for t in seen.state.track_face_up} <= {t.id for t in real.track_face_up}
    everything = seen.state.track_face_up + seen.state.track_hidden + seen.state.stations_face_up
    assert sorted(everything + seen.state.stations_hidden) == sorted(
        real.track_face_up + real.track_hidden + real.stations_face_up + real.stations_hidden)
    assert seen.events == tuple(e for e in real_events if e[0] != "drawn")
    values = {view.label: view.value for view in seen.lines}
    assert s.starts == ("I", "IV")  # lines 6 H 5, L 2 9
    assert values["6"] == 6 + 3 and values["H"] == 9 and values["L"] == 2  # H, L: highest, lowest start number
    assert next(v for v in seen.lines if v.label == "6").economy == (("green", 2),)
    assert not game_draw.drawn  # the game's draw is never asked


def test_a_refused_move_gives_its_problem():
    s = opening()
    s, ids = offer(s, [("simple", 1, "green", (0, -1), "NS")])
    assert check(s, "green", [Placement(ids[0], (0, -1), "NS")]) == Problem("A", (("cell", (0, -1)),))
    assert check(s, "blue", [Placement(ids[0], (0, -1), "NS")]).code == "not-on-move"  # type: ignore[union-attr]


def test_the_end_is_previewed():
    s = skip_round(opening())
    s = replace(s, lines=tuple(replace(line, finished=line.label != "6") for line in s.lines))
    s, ids = offer(s, [("curve", 0, "", (0, -1), "ES")])
    seen = check(s, "green", [Placement(ids[0], (0, -1), "ES")])
    assert not isinstance(seen, Problem)
    assert seen.state.end == "all-lines" and all(v.finished for v in seen.lines)
