"""InterUrban self-play (tools/selfplay/interurban.py): games end with every invariant kept, and the checks can fail."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from adjudicator.interurban.move import apply_move, setup
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from tools.selfplay.interurban import COLOURS, invariants, play, random_move


@pytest.mark.parametrize("players", [2, 3, 5])
def test_self_played_games_end_with_every_invariant_kept(players: int):
    game = play(f"test-{players}", players)
    assert game.breaks == () and game.end is not None and game.tiles >= game.moves - 1
    assert set(game.totals) == set(COLOURS[:players])


def midgame():
    draw = SeededDraw(seed_from_text("mid"))
    state = setup("mid", COLOURS[:3], draw)
    rng = random.Random(1)
    for _ in range(9):
        state, _ = apply_move(state, random_move(state, rng), draw)
    assert invariants(state, 3, False) == [] and any(line.stations for line in state.lines)
    return state


def test_the_invariants_can_fail():
    s = midgame()
    assert any("tiles" in b for b in invariants(replace(s, track_hidden=s.track_hidden + s.track_face_up[:1]), 3, False))
    assert any("face-up track" in b for b in invariants(replace(s, track_face_up=s.track_face_up[:2],
                                                                 track_hidden=s.track_hidden + s.track_face_up[2:]),
                                                        3, False))
    line = next(ln for ln in s.lines if ln.track_value)
    assert any(f"line {line.label}" in b for b in invariants(s.with_line(replace(line, track_value=0)), 3, False))
    stations = next(ln for ln in s.lines if ln.stations)
    doubled = s.with_line(replace(stations, stations=stations.stations * 2))
    assert any("D on line" in b for b in invariants(doubled, 3, False))
    assert any(b.startswith("B:") for b in invariants(s.with_line(replace(line, finished=True)), 3, True))
